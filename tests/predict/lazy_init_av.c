// predict: violations=2
// Lazy initialisation without a lock: each thread, in one transaction,
// installs obj if it is NULL (lines 32-33) and then bumps obj->hits at
// line 34 (loads obj, loads hits, loads obj again, stores hits). Thread 1 adds
// 1, thread 2 adds 2. Recorded run: thread 1 sees NULL and installs
// &storage; thread 2 sees it installed and skips line 33.
// On obj there is no triple. Thread 2 never writes obj, so thread 1's pairs
// only see remote reads (R-R-W, W-R-R, R-R-R). Thread 2's pairs need thread
// 1's write of obj between them, so after thread 2's check; that check would
// then read NULL and take the other branch before the pair completes:
// infeasible. (So the double initialisation itself is not predictable from
// this run, whose thread 2 never takes the initialising branch.)
// On storage.hits each thread has the pair (read@34, write@34):
//   (T1 read storage.hits @34, T2 write storage.hits @34, T1 write storage.hits @34)  R-W-W
//   (T2 read storage.hits @34, T1 write storage.hits @34, T2 write storage.hits @34)  R-W-W
// Both feasible: thread 2's check runs after thread 1's store at line 33,
// which precedes thread 1's accesses to hits.
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

struct stats {
    int hits;
};

struct stats storage;
struct stats *obj = NULL;

static void get_and_use(int n) {
    __VERIFIER_atomic_begin();
    if (obj == NULL)
        obj = &storage;
    obj->hits = obj->hits + n;
    __VERIFIER_atomic_end();
}

static void *thread1(void *arg) {
    (void)arg;
    get_and_use(1);
    return NULL;
}

static void *thread2(void *arg) {
    (void)arg;
    get_and_use(2);
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, thread1, NULL);
    pthread_create(&t2, NULL, thread2, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return 0;
}

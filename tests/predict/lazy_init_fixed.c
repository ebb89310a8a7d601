// predict: violations=0
// Fixed twin of lazy_init_av.c: the check (line 21), the initialisation
// (line 22) and the use (line 23) hold one mutex, so neither thread's
// accesses to obj or storage.hits can come between the other's.
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

struct stats {
    int hits;
};

struct stats storage;
struct stats *obj = NULL;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void get_and_use(int n) {
    __VERIFIER_atomic_begin();
    pthread_mutex_lock(&m);
    if (obj == NULL)
        obj = &storage;
    obj->hits = obj->hits + n;
    pthread_mutex_unlock(&m);
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

// Fixed twin of atom002.c (Apache-like cache object release): the lookup,
// the check of refcnt, the decrement and the clearing of the slot all hold
// cache_lock, inside the unchanged transaction markers. The cache holds two
// references to the object; the recorded run is serial (worker 1 drops
// refcnt to 1, worker 2 to 0 and clears the slot).
// Expected result, no violation: every access of either worker to the
// object and the totals is inside a critical section of cache_lock, so
// none can come between two accesses of the other worker's request. The
// mutual-exclusion pruning removes every candidate before the solver.
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

struct cache_obj {
    int key;
    int refcnt;
    int size;
    int data;
};

struct cache_obj obj;
int cache_bytes;
int cache_objects;
int freed;
pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;

static int serve(int key) {
    int got = -1;
    __VERIFIER_atomic_begin();
    pthread_mutex_lock(&cache_lock);
    if (obj.key == key && obj.refcnt > 0) {
        got = obj.data;
        if (obj.key == key) {
            obj.refcnt = obj.refcnt - 1;
            if (obj.refcnt == 0) {
                cache_bytes = cache_bytes - obj.size;
                cache_objects = cache_objects - 1;
                obj.key = 0;
                obj.size = 0;
                obj.data = 0;
                freed = freed + 1;
            }
        }
    }
    pthread_mutex_unlock(&cache_lock);
    __VERIFIER_atomic_end();
    return got;
}

static int result[2];

static void *worker(void *arg) {
    int id = (int)(long)arg;
    result[id] = serve(42);
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    obj.key = 42;
    obj.refcnt = 2;
    obj.size = 64;
    obj.data = 1234;
    cache_bytes = 64;
    cache_objects = 1;
    freed = 0;
    pthread_create(&t1, NULL, worker, (void *)0L);
    pthread_create(&t2, NULL, worker, (void *)1L);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    if (freed != 1 || cache_objects != 0 || cache_bytes != 0)
        return 1;
    return result[0] == 1234 && result[1] == 1234 ? 0 : 1;
}

// Apache-like cache object release (the reference-count pattern of Apache's
// mod_mem_cache): one cached object with a key, a reference count, a size
// and data, plus the cache's byte and object totals and a count of freed
// objects. Each of the two worker threads serves one request in a
// transaction. It looks the object up (reads key, then checks refcnt > 0),
// copies the data, re-validates the key, drops its reference (reads and
// writes refcnt) and, when it read 0 afterwards, clears the slot and
// updates the totals. Nothing protects the check of refcnt and the
// decrement, so two releases can lose a decrement (a leak) or both free.
//
// The cache holds one reference for each of the two requests (refcnt 2).
// The recorded run is serial: worker 1 drops the count to 1, worker 2 to 0
// and clears the slot.
// Expected result, six confirmed violations, all on refcnt, out of seven
// triples left after must-happen-before pruning. For each worker, the
// other worker's decrement (a write of refcnt) lands between its check and
// its re-read (R-W-R), between its re-read and its store (R-W-W, the lost
// decrement), and between its store and its test for zero (W-W-R). The
// branches only test refcnt > 0 and the re-validated key, which hold in all
// six reorderings up to the violation.
// The seventh triple, worker 2 clearing key between worker 1's lookup and
// its re-validation (R-W-R on key), is infeasible: worker 2 clears only
// after reading 0 from refcnt, which needs worker 1's decrement, which
// comes after worker 1's re-validation.
// The main thread's initialisation and its final check are ordered by
// create and join.
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

static int serve(int key) {
    int got = -1;
    __VERIFIER_atomic_begin();
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

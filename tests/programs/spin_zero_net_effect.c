// expect: safe executions=2
// expect-output: done
// Zero-net-effect iterations (as in GenMC's await loops): a reader announces
// itself by incrementing `readers`, backs off when a writer is active by
// decrementing it again, and retries. An iteration that increments, sees
// the writer and decrements leaves everything as it was, so the reader is
// spin-blocked until the writer clears its flag. The writer waits until no
// reader is announced. Mutual exclusion holds: the reader never sees the
// writer's half-written pair.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

atomic_int readers, writing;
atomic_int x, y;

static void *reader(void *arg) {
    (void)arg;
    for (;;) {
        atomic_fetch_add(&readers, 1);
        if (!atomic_load(&writing))
            break;
        atomic_fetch_sub(&readers, 1);
    }
    int a = atomic_load(&x), b = atomic_load(&y);
    assert(a == b);
    atomic_fetch_sub(&readers, 1);
    return NULL;
}

static void *writer(void *arg) {
    (void)arg;
    atomic_store(&writing, 1);
    while (atomic_load(&readers))
        ;
    atomic_store(&x, 1);
    atomic_store(&y, 1);
    atomic_store(&writing, 0);
    return NULL;
}

int main(void) {
    pthread_t r, w;
    pthread_create(&r, NULL, reader, NULL);
    pthread_create(&w, NULL, writer, NULL);
    pthread_join(r, NULL);
    pthread_join(w, NULL);
    printf("done\n");
    return 0;
}

// expect: bug assertion
// args: --mm pso
// Under PSO, main's stores to its private array wait in its buffer as
// hidden entries; the 257th of an iteration evicts the oldest (the buffer
// keeps at most 256). Each iteration also increments the private counter
// c, which is progress, so the loop is no spin and may run three times
// before the setter's store is seen. The evicted store's write-back was
// once exempted from progress twice, which cancelled the increment: the
// loop was taken for a spin after one iteration and the program called
// SAFE.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int flag;

static void *setter(void *arg) {
    (void)arg;
    atomic_store_explicit(&flag, 1, memory_order_relaxed);
    return 0;
}

int main(void) {
    pthread_t t;
    int arr[300];
    atomic_int c = 0;
    pthread_create(&t, 0, setter, 0);
    while (atomic_load_explicit(&flag, memory_order_relaxed) == 0) {
        // Drains the hidden entries, so that each iteration evicts one.
        atomic_thread_fence(memory_order_seq_cst);
        atomic_fetch_add_explicit(&c, 1, memory_order_relaxed);
        for (int i = 0; i < 257; i++)
            arr[i] = i;
    }
    pthread_join(t, 0);
    assert(atomic_load_explicit(&c, memory_order_relaxed) < 3);
    return arr[1];
}

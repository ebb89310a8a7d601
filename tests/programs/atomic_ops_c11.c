// expect: safe executions=1
// expect-output: a=201 l=7 c=3 flag=1
// Every C11 atomic operation on several widths, single-threaded.
#include <assert.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>

atomic_int a = 10;
atomic_long l = 0;
_Atomic(char) c = 1;
atomic_flag flag = ATOMIC_FLAG_INIT;

int main(void) {
    assert(atomic_load(&a) == 10);
    atomic_store(&a, 12);
    assert(atomic_fetch_add(&a, 3) == 12); /* 15 */
    assert(atomic_fetch_sub(&a, 5) == 15); /* 10 */
    assert(atomic_fetch_and(&a, 6) == 10); /* 2 */
    assert(atomic_fetch_or(&a, 5) == 2);   /* 7 */
    assert(atomic_fetch_xor(&a, 1) == 7);  /* 6 */
    assert(atomic_exchange(&a, 100) == 6);

    int expected = 100;
    assert(atomic_compare_exchange_strong(&a, &expected, 200));
    expected = 5;
    assert(!atomic_compare_exchange_strong(&a, &expected, 300));
    assert(expected == 200);
    expected = 200;
    while (!atomic_compare_exchange_weak(&a, &expected, 201)) {
    }

    atomic_store_explicit(&l, 7, memory_order_release);
    assert(atomic_load_explicit(&l, memory_order_acquire) == 7);
    atomic_fetch_add_explicit(&c, 2, memory_order_relaxed);
    atomic_thread_fence(memory_order_seq_cst);

    bool was_set = atomic_flag_test_and_set(&flag);
    assert(!was_set);
    int now_set = atomic_flag_test_and_set(&flag);

    printf("a=%d l=%ld c=%d flag=%d\n", atomic_load(&a), atomic_load(&l), atomic_load(&c), now_set);
    atomic_flag_clear(&flag);
    return 0;
}

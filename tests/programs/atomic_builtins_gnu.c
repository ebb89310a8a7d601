// expect: safe executions=1
// expect-output: v=0
// The GCC __atomic and __sync builtins, single-threaded.
#include <assert.h>
#include <stdio.h>

int v = 0;

int main(void) {
    __atomic_store_n(&v, 5, __ATOMIC_SEQ_CST);
    assert(__atomic_load_n(&v, __ATOMIC_ACQUIRE) == 5);
    assert(__atomic_fetch_add(&v, 3, __ATOMIC_RELAXED) == 5);  /* 8 */
    assert(__atomic_add_fetch(&v, 2, __ATOMIC_SEQ_CST) == 10); /* 10 */
    assert(__atomic_fetch_sub(&v, 4, __ATOMIC_SEQ_CST) == 10); /* 6 */
    assert(__atomic_fetch_and(&v, 3, __ATOMIC_SEQ_CST) == 6);  /* 2 */
    assert(__atomic_fetch_or(&v, 8, __ATOMIC_SEQ_CST) == 2);   /* 10 */
    assert(__atomic_fetch_xor(&v, 15, __ATOMIC_SEQ_CST) == 10); /* 5 */
    assert(__atomic_exchange_n(&v, 7, __ATOMIC_SEQ_CST) == 5);

    int expected = 7;
    assert(__atomic_compare_exchange_n(&v, &expected, 9, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
    expected = 1;
    assert(!__atomic_compare_exchange_n(&v, &expected, 11, 1, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
    assert(expected == 9);
    __atomic_thread_fence(__ATOMIC_SEQ_CST);

    assert(__sync_fetch_and_add(&v, 1) == 9);      /* 10 */
    assert(__sync_add_and_fetch(&v, 1) == 11);     /* 11 */
    assert(__sync_fetch_and_sub(&v, 1) == 11);     /* 10 */
    assert(__sync_fetch_and_or(&v, 5) == 10);      /* 15 */
    assert(__sync_fetch_and_and(&v, 6) == 15);     /* 6 */
    assert(__sync_fetch_and_xor(&v, 3) == 6);      /* 5 */
    assert(__sync_val_compare_and_swap(&v, 5, 20) == 5);
    assert(__sync_bool_compare_and_swap(&v, 20, 21));
    assert(!__sync_bool_compare_and_swap(&v, 20, 22));
    assert(__sync_lock_test_and_set(&v, 1) == 21);
    __sync_lock_release(&v);
    __sync_synchronize();

    printf("v=%d\n", v);
    return 0;
}

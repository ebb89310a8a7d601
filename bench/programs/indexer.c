/*
 * indexer(N): the classic benchmark of Flanagan and Godefroid, "Dynamic
 * partial-order reduction for model checking software" (POPL 2005).
 *
 * N threads insert 4 messages each into a shared hash table of 128 slots,
 * using compare-and-swap from 0 and linear probing on collision.  Message m
 * (1..4) of thread tid is w = m * 11 + tid, hashed to h = (w * 7) % 128.
 * For N <= 11 all hashes are distinct, so no two threads ever touch the same
 * slot and there is a single Mazurkiewicz trace; collisions (and real
 * interleaving-dependence) start at N = 12.
 *
 * Correct program: every execution passes its assertions.
 * Parameter: -DN=<number of threads> (default 2, at most 31).
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#ifndef N
#define N 2
#endif

#define SIZE 128
#define MAX 4

static atomic_int table[SIZE];

static int hash(int w) { return (w * 7) % SIZE; }

static void *thread(void *arg) {
    int tid = (int)(intptr_t)arg;
    for (int m = 1; m <= MAX; m++) {
        int w = m * 11 + tid;
        int h = hash(w);
        int expected = 0;
        while (!atomic_compare_exchange_strong(&table[h], &expected, w)) {
            expected = 0;
            h = (h + 1) % SIZE;
        }
    }
    return 0;
}

int main(void) {
    pthread_t t[N];
    for (int i = 0; i < N; i++)
        pthread_create(&t[i], 0, thread, (void *)(intptr_t)i);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], 0);
    /* Every message must be found by probing from its hash. */
    for (int i = 0; i < N; i++) {
        for (int m = 1; m <= MAX; m++) {
            int w = m * 11 + i;
            int h = hash(w);
            int v;
            while ((v = atomic_load(&table[h])) != w) {
                assert(v != 0);
                h = (h + 1) % SIZE;
            }
        }
    }
    return 0;
}

// args: --strategy icb --max-bound 1 --no-race-check
// expect: incomplete
// expect-limit: bound
// The AllocationVector program of strategy_icb_two_preemptions.c with bound
// 1. Its assertion fails only when one worker is preempted between finding a
// free block and claiming it, and the other is preempted between claiming
// the same block and freeing all blocks again: two preemptions. No schedule
// with at most one preemption fails, and schedules with more were cut, so
// the verdict is incomplete with limit bound (never safe).
#include <assert.h>
#include <pthread.h>

#define BLOCKS 2

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int allocated[BLOCKS];

static int find_free_block(void) {
    int found = -1;
    pthread_mutex_lock(&m);
    for (int i = 0; i < BLOCKS; i++) {
        if (!allocated[i]) {
            found = i;
            break;
        }
    }
    pthread_mutex_unlock(&m);
    return found;
}

static void mark_allocated(int b) {
    pthread_mutex_lock(&m);
    assert(!allocated[b]);
    allocated[b] = 1;
    pthread_mutex_unlock(&m);
}

static void free_all_blocks(void) {
    pthread_mutex_lock(&m);
    for (int i = 0; i < BLOCKS; i++)
        allocated[i] = 0;
    pthread_mutex_unlock(&m);
}

static void *worker(void *arg) {
    (void)arg;
    int b = find_free_block();
    if (b >= 0)
        mark_allocated(b);
    free_all_blocks();
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}

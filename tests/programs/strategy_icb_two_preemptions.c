// args: --strategy icb --max-bound 2 --no-race-check
// expect: bug assertion
// expect-found: strategy=icb preemptions=2
// The AllocationVector check-then-act bug (variable and thread bounding
// paper, figure 12). Each worker finds a free block under the lock, then, in
// a second critical section, checks that the block is still free and marks
// it allocated, and at the end frees all blocks. The assertion fails only if
// one worker finds block 0 (lock, load, unlock) and is preempted (1), the
// other finds and allocates the same block and is preempted (2) before it
// frees all blocks again, so that the first sees the block taken. A switch
// to the first worker while the other holds the lock is impossible (it
// would block), and a switch after the other's unlock is a preemption, so
// one preemption is never enough: the smallest count is 2 (a model of the
// 2,162 schedules agrees: 10 fail, the fewest preemptions among them is 2).
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

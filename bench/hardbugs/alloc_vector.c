// alloc_vector: a check-then-act atomicity violation that needs two context
// switches, after the AllocationVector benchmark (ConTest; Figure 12 of the
// variable/thread-bounding paper).
// threads: 2 (besides main)
//
// A vector of block flags with three operations, each one separately locked:
// find_free() returns the first free block, is_free(b) checks its flag and
// mark(b) sets it.  Two clients each run ROUNDS rounds of: b = find_free();
// assert(is_free(b)); mark(b); use it; release(b).  Finding and marking are
// not one atomic step, so:
//   T1: b = find_free()                      <- context switch 1
//   T2: b = find_free() (the same block); assert(is_free(b)); mark(b)
//                                            <- context switch 2
//   T1: assert(is_free(b))  fails
// T2 must be preempted after marking and before releasing: had it run on, it
// would release the block and T1's check would pass.  One preemption is not
// enough.  Client 2 first sets up its pool (SETUP independent stores), so
// under a fair random scheduler client 1 is usually done before client 2
// allocates.
//
// Bug: atomicity violation.  (c, v, t) = (2, 1, 2): two preemptions, both at
// accesses to the flag vector; one variable (`blocks`); two threads.
#include <assert.h>
#include <pthread.h>
#include <stdint.h>

#define BLOCKS 4
#define ROUNDS 2
#define SETUP 40

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int blocks[BLOCKS];
static int data[BLOCKS];
static int pool[SETUP];

static int find_free(void) {
    int found = -1;
    pthread_mutex_lock(&lock);
    for (int i = 0; i < BLOCKS && found < 0; i++)
        if (!blocks[i])
            found = i;
    pthread_mutex_unlock(&lock);
    return found;
}

static int is_free(int b) {
    pthread_mutex_lock(&lock);
    int r = !blocks[b];
    pthread_mutex_unlock(&lock);
    return r;
}

static void set_flag(int b, int v) {
    pthread_mutex_lock(&lock);
    blocks[b] = v;
    pthread_mutex_unlock(&lock);
}

static void *client(void *arg) {
    int id = (int)(intptr_t)arg;
    if (id == 2)
        for (int w = 0; w < SETUP; w++)
            pool[w] = w; /* client 2 first sets up its pool */
    for (int r = 0; r < ROUNDS; r++) {
        int b = find_free();
        assert(b >= 0);
        assert(is_free(b));
        set_flag(b, 1);
        data[b] = id; /* use the block */
        set_flag(b, 0);
    }
    return 0;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, 0, client, (void *)1);
    pthread_create(&t2, 0, client, (void *)2);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    return 0;
}

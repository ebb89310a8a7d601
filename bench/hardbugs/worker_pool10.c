// worker_pool10: one of ten workers races on the shared job index.
// threads: 10 (besides main)
//
// Ten workers share a queue of ten jobs through the index `next_job`.  Each
// worker claims one job: it takes `lock`, reads the index and advances it.
// Worker 0, the "helper" (added later, claiming from a fast path), reads and
// advances the index without the lock.  When another worker's locked claim
// lands between the helper's read and its write, both run the same job (or
// the helper's stale write moves the index back and a job is handed out
// twice).  Every job must run exactly once.
//
// The helper first warms its cache (WARMUP independent stores), so under a
// fair random scheduler the other nine have usually claimed their jobs
// before it reads the index.  It is the first worker created, so a
// depth-first search that starts from the threads in creation order reaches
// the racy window only after it has permuted the nine locked claims behind
// it.
//
// Bug: lost update of `next_job`.  (c, v, t) = (1, 1, 2): one preemption,
// after the helper's load of `next_job`; one variable; two of the ten
// worker threads.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#define WORKERS 10
#define JOBS WORKERS
#define HELPER 0
#define WARMUP 40

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int next_job;
static atomic_int runs[JOBS];
static int cache[WARMUP];

static int claim(int id) {
    int j;
    if (id == HELPER) {
        j = next_job; /* fast path: no lock */
        next_job = j + 1;
    } else {
        pthread_mutex_lock(&lock);
        j = next_job;
        next_job = j + 1;
        pthread_mutex_unlock(&lock);
    }
    return j;
}

static void *worker(void *arg) {
    int id = (int)(intptr_t)arg;
    if (id == HELPER)
        for (int w = 0; w < WARMUP; w++)
            cache[w] = w;
    int j = claim(id);
    if (j < JOBS)
        atomic_fetch_add(&runs[j], 1);
    return 0;
}

int main(void) {
    pthread_t t[WORKERS];
    for (int i = 0; i < WORKERS; i++)
        pthread_create(&t[i], 0, worker, (void *)(intptr_t)i);
    for (int i = 0; i < WORKERS; i++)
        pthread_join(t[i], 0);
    for (int j = 0; j < JOBS; j++)
        assert(atomic_load(&runs[j]) == 1);
    return 0;
}

// cache_ptr: check-then-use of a shared pointer.
// threads: 2 (besides main)
//
// A reader looks values up READS times through the shared pointer `cache`:
// `if (cache != NULL) sum += cache->value[0];` reads `cache` twice, once to
// check it and once to use it.  A refresher builds and publishes REFRESHES
// new entries (FIELDS stores each; the old ones are retired, never freed
// while threads run) and then shuts the cache down by setting `cache` to
// NULL.  If the shutdown lands between one of the reader's checks and the
// matching use, the reader dereferences NULL.  The refreshes before the
// shutdown only swap one valid entry for another and are harmless, and so is
// a shutdown between two lookups or after the last.  Under a fair random
// scheduler the reader is usually done long before the shutdown.
//
// Bug: null-pointer dereference (a check-then-use atomicity violation).
// (c, v, t) = (1, 1, 2): one preemption, after the reader's check of
// `cache`; one variable (`cache`); two threads.
#include <assert.h>
#include <pthread.h>
#include <stddef.h>

#define READS 6
#define REFRESHES 4
#define FIELDS 10

struct entry {
    int value[FIELDS];
};

static struct entry pool[REFRESHES + 1];
static struct entry *cache = &pool[0];
static int sum;

static void *reader(void *arg) {
    (void)arg;
    for (int i = 0; i < READS; i++) {
        if (cache != NULL)
            sum += cache->value[0];
    }
    return 0;
}

static void *refresher(void *arg) {
    (void)arg;
    for (int r = 1; r <= REFRESHES; r++) {
        for (int f = 0; f < FIELDS; f++)
            pool[r].value[f] = r;
        cache = &pool[r];
    }
    cache = NULL; /* shutdown */
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, reader, 0);
    pthread_create(&b, 0, refresher, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(sum >= 0);
    return 0;
}

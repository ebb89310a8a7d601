// args: --strategy vt --max-bound 1 --no-race-check
// expect: incomplete
// expect-limit: bound
// Two workers add to a counter under a mutex; no schedule fails. Variable
// and thread bounding never proves a program safe: --max-bound 1 stops after
// round (1,2) (level v + t - 2 = 1), and even an unbounded search covers
// only the schedules its rounds allow, so without a bug the verdict is
// incomplete with limit bound.
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int total = 0;

static void *add(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    total += 1;
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, add, NULL);
    pthread_create(&b, NULL, add, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(total == 2);
    return 0;
}

// args: --strategy icb --runs 5
// expect: error
// expect-stderr: --runs
// --runs counts the runs of the random strategies (pct, pctvb, random);
// preemption bounding is systematic and has no runs, so the combination is
// a usage error (exit 2) whose message names the flag.
#include <pthread.h>

int x = 0;

static void *set(void *arg) {
    (void)arg;
    x = 1;
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, set, NULL);
    pthread_join(t, NULL);
    return 0;
}

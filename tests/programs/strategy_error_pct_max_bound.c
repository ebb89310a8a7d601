// args: --strategy pct --max-bound 2
// expect: error
// expect-stderr: --max-bound
// --max-bound bounds the systematic strategies (icb, vt); PCT is bounded by
// --runs and --pct-depth instead, so the combination is a usage error (exit
// 2) whose message names the flag. The program itself is fine.
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

// args: --strategy pct --pct-depth 2 --runs 200 --seed 1 --no-race-check
// expect: bug deadlock
// expect-found: strategy=pct seed=1 depth=2
// Lock-order inversion under PCT. The deadlock needs one thread lowered
// while it holds its first lock, so that the other takes its own first lock
// and blocks on the second: a depth-2 bug. Each thread does some work (four
// visible stores) between its two locks, so a change point lands in one of
// the windows in about one run in five (modelled with a change point
// uniform over the ~23 steps of a run); 200 runs find it.
#include <pthread.h>

#define WORK 4

pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t b = PTHREAD_MUTEX_INITIALIZER;
int log_a[WORK], log_b[WORK];

static void *a_then_b(void *arg) {
    (void)arg;
    pthread_mutex_lock(&a);
    for (int i = 0; i < WORK; i++)
        log_a[i] = i;
    pthread_mutex_lock(&b);
    pthread_mutex_unlock(&b);
    pthread_mutex_unlock(&a);
    return NULL;
}

static void *b_then_a(void *arg) {
    (void)arg;
    pthread_mutex_lock(&b);
    for (int i = 0; i < WORK; i++)
        log_b[i] = i;
    pthread_mutex_lock(&a);
    pthread_mutex_unlock(&a);
    pthread_mutex_unlock(&b);
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, a_then_b, NULL);
    pthread_create(&t2, NULL, b_then_a, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return 0;
}

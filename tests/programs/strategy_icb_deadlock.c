// args: --strategy icb --no-race-check
// expect: bug deadlock
// expect-found: strategy=icb preemptions=1
// Lock-order inversion under preemption bounding. Without preemptions one
// transfer runs entirely before the other (main blocks in its first join,
// and each thread then runs until it ends), so both always succeed. One
// preemption suffices: thread 1 takes a, is preempted (1) for thread 2,
// which takes b and blocks on a; the switch back to thread 1 is free (thread
// 2 is blocked), and thread 1 blocks on b. The search stops at bound 1.
#include <pthread.h>

pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t b = PTHREAD_MUTEX_INITIALIZER;
int balance_a = 10, balance_b = 10;

static void *a_to_b(void *arg) {
    (void)arg;
    pthread_mutex_lock(&a);
    pthread_mutex_lock(&b);
    balance_a--;
    balance_b++;
    pthread_mutex_unlock(&b);
    pthread_mutex_unlock(&a);
    return NULL;
}

static void *b_to_a(void *arg) {
    (void)arg;
    pthread_mutex_lock(&b);
    pthread_mutex_lock(&a);
    balance_b--;
    balance_a++;
    pthread_mutex_unlock(&a);
    pthread_mutex_unlock(&b);
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, a_to_b, NULL);
    pthread_create(&t2, NULL, b_to_a, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return 0;
}

// args: --strategy pct --pct-depth 2 --runs 200 --seed 1 --no-race-check
// expect: bug deadlock
// expect-found: strategy=pct seed=1 depth=2
// Ten threads: eight bump a counter under their own mutex, and two of them,
// created fourth and tenth, take mutexes a and b in opposite orders, with
// twelve visible stores of work between their two locks. The deadlock
// involves only those two and has depth 2 (one of them lowered while it
// holds its first lock), whatever the other eight do. Modelled with a change
// point uniform over the ~95 steps of a run, about one run in eight
// deadlocks; 200 runs find it.
#include <pthread.h>

#define WORK 12
#define THREADS 10

pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t b = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t n = PTHREAD_MUTEX_INITIALIZER;
int log_a[WORK], log_b[WORK];
int count = 0;

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

static void *bump(void *arg) {
    (void)arg;
    pthread_mutex_lock(&n);
    count++;
    pthread_mutex_unlock(&n);
    return NULL;
}

int main(void) {
    pthread_t t[THREADS];
    for (int i = 0; i < THREADS; i++) {
        void *(*fn)(void *) = i == 3 ? a_then_b : i == 9 ? b_then_a : bump;
        pthread_create(&t[i], NULL, fn, NULL);
    }
    for (int i = 0; i < THREADS; i++)
        pthread_join(t[i], NULL);
    return 0;
}

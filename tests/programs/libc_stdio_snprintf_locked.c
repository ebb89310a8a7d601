// expect: safe executions=2
// expect-output: done
// The same as libc_stdio_snprintf_race, with a mutex: no race, and the two
// orders of the critical sections are the two executions.
#include <pthread.h>
#include <stdio.h>

char shared[32];
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
    pthread_mutex_lock(&lock);
    snprintf(shared, sizeof shared, "thread %d", (int)(long)arg);
    pthread_mutex_unlock(&lock);
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, worker, (void *)1L);
    pthread_create(&b, NULL, worker, (void *)2L);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    printf("done\n");
    return 0;
}

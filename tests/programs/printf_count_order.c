// expect: safe executions=2
// printf's %n store is a shared write that another thread observes under
// the same mutex: it reads either nothing yet or the count of the printf.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

int count;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *work(void *arg) {
    pthread_mutex_lock(&m);
    printf("%s%n\n", (const char *)arg, &count);
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t a;
    pthread_create(&a, NULL, work, "four");
    pthread_mutex_lock(&m);
    int c = count;
    pthread_mutex_unlock(&m);
    pthread_join(a, NULL);
    assert(c == 0 || c == 4);
    assert(count == 4);
    return 0;
}

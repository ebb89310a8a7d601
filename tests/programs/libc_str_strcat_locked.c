// expect: safe executions=2
// Two threads append to one global buffer under a lock: both orders.
#include <pthread.h>
#include <stdio.h>
#include <string.h>

char log_buf[64];
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *append(void *arg) {
    pthread_mutex_lock(&m);
    strcat(log_buf, (const char *)arg);
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, append, "one;");
    pthread_create(&b, NULL, append, "two;");
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    puts(log_buf);
    return 0;
}

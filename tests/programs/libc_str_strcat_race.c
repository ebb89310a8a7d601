// expect: bug data-race
// Two threads append to one global buffer without a lock.
#include <pthread.h>
#include <string.h>

char log_buf[64];

static void *append(void *arg) {
    strcat(log_buf, (const char *)arg);
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, append, "one;");
    pthread_create(&b, NULL, append, "two;");
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}

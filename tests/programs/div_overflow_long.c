// expect: bug undefined-behavior
// LLONG_MIN / -1, in a thread: the 64-bit variant.
#include <limits.h>
#include <pthread.h>
#include <stdio.h>

long long num = LLONG_MIN;
long long den = -1;

static void *work(void *arg) {
    (void)arg;
    printf("%lld\n", num / den);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, work, NULL);
    pthread_join(t, NULL);
    return 0;
}

// expect: safe
// expect-output: sum 14
// Values returned from start routines are delivered by pthread_join.
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

static void *square(void *arg) {
    intptr_t n = (intptr_t)arg;
    return (void *)(n * n);
}

int main(void) {
    pthread_t t[3];
    for (intptr_t i = 0; i < 3; i++)
        pthread_create(&t[i], NULL, square, (void *)(i + 1));
    intptr_t sum = 0;
    for (int i = 0; i < 3; i++) {
        void *r;
        pthread_join(t[i], &r);
        sum += (intptr_t)r;
    }
    assert(sum == 14);
    printf("sum %d\n", (int)sum);
    return 0;
}

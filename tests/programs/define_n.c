// args: -- -DN=3
// expect: safe
// expect-output: N=3 sum=3
// Arguments after -- go to clang: N threads, with N given by -DN=3.
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

#ifndef N
#error "N must be defined on the command line"
#endif

static void *ident(void *arg) { return arg; }

int main(void) {
    pthread_t t[N];
    for (intptr_t i = 0; i < N; i++)
        pthread_create(&t[i], NULL, ident, (void *)i);
    intptr_t sum = 0;
    for (int i = 0; i < N; i++) {
        void *r;
        pthread_join(t[i], &r);
        sum += (intptr_t)r;
    }
    assert(sum == N * (N - 1) / 2);
    printf("N=%d sum=%d\n", N, (int)sum);
    return 0;
}

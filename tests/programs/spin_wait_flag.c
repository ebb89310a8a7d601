// expect: safe executions=1
// expect-output: data 42
// Message passing with a spin-wait on an atomic flag. The spin loop does not
// multiply executions: the reader either sees the flag at once (the one
// complete execution), or reads 0 once and is spin-blocked until the writer
// sets it (counted apart, as a spin assumption). The result of the failed
// read is dead at the loop head, so one failed iteration already repeats the
// loop's state. (Before executions in which a spin loop was cut were counted
// apart and dead registers ignored, this program had 3 executions.)
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

atomic_int flag;
int data;

static void *writer(void *arg) {
    (void)arg;
    data = 42;
    atomic_store(&flag, 1);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, writer, NULL);
    while (!atomic_load(&flag))
        ;
    assert(data == 42);
    pthread_join(t, NULL);
    printf("data %d\n", data);
    return 0;
}

// expect: safe executions=1
// expect-output: data 42
// Message passing where the reader waits with `sched_yield()`
// between checks of the flag. A yield or sleep changes nothing: the reader is
// spin-blocked until the writer sets the flag. The one complete execution
// reads the flag set at once.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <sched.h>

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
    while (!atomic_load(&flag)) {
        sched_yield();
    }
    assert(data == 42);
    pthread_join(t, NULL);
    printf("data %d\n", data);
    return 0;
}

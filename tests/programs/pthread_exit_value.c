// expect: safe
// expect-output: exit value 42
// pthread_exit from a nested call ends the thread at once and its value
// reaches pthread_join; code after pthread_exit never runs.
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

int after_exit = 0;

static void finish(int code) {
    pthread_exit((void *)(intptr_t)code);
}

static void *worker(void *arg) {
    (void)arg;
    finish(42);
    after_exit = 1;
    assert(0 && "not reached: pthread_exit does not return");
    return NULL;
}

int main(void) {
    pthread_t t;
    void *value;
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, &value);
    assert(after_exit == 0);
    printf("exit value %d\n", (int)(intptr_t)value);
    return 0;
}

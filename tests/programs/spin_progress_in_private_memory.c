// expect: bug assertion
// A waiting loop whose progress is in private memory only: a called function
// increments a local counter through a pointer, and no register of the loop
// changes. Private writes are progress unless the thread's memory ends the
// iteration as it began, so the counter can reach 3.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
atomic_int flag;
static void bump(int *p) { (*p)++; }
static void *spinner(void *arg) {
    (void)arg;
    int n = 0;
    while (!atomic_load(&flag))
        bump(&n);
    assert(n < 3);
    return NULL;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, spinner, NULL);
    atomic_store(&flag, 1);
    pthread_join(t, NULL);
    return 0;
}

// args: --por source
// expect: safe executions=6
// Three threads each do one atomic fetch_add on the same counter: 3! orders,
// which Source-DPOR explores exactly (no blocked executions here).
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int counter;

static void *worker(void *arg) {
    (void)arg;
    atomic_fetch_add(&counter, 1);
    return NULL;
}

int main(void) {
    pthread_t t[3];
    for (int i = 0; i < 3; i++)
        pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < 3; i++)
        pthread_join(t[i], NULL);
    assert(counter == 3);
    return 0;
}

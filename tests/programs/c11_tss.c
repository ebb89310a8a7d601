// expect: safe
// expect-output: cleaned 1
// C11 thread-specific storage: tss_set/tss_get per thread, and the
// destructor at thread exit.
#include <assert.h>
#include <stdio.h>
#include <threads.h>

tss_t slot;
int cleaned;

static void cleanup(void *p) {
    *(int *)p = 0;
    cleaned++;
}

static int worker(void *arg) {
    static int value = 5;
    assert(tss_get(slot) == NULL);
    assert(tss_set(slot, &value) == thrd_success);
    assert(tss_get(slot) == &value);
    return 0;
}

int main(void) {
    thrd_t t;
    assert(tss_create(&slot, cleanup) == thrd_success);
    thrd_create(&t, worker, 0);
    thrd_join(t, 0);
    assert(tss_get(slot) == NULL);
    printf("cleaned %d\n", cleaned);
    tss_delete(slot);
    return 0;
}

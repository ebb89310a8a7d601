// expect: bug assertion
// A waiting loop whose visible read is inside a called function and whose
// progress (the iteration count) is in the caller's registers: each visit to
// the read looks the same from the callee's frame. The fingerprint covers
// every frame, so the loop is not taken for a spin and `n` can reach 3. It
// once hashed the innermost frame only and called this program safe.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
atomic_int flag;
static int get(void) { return atomic_load(&flag); }
static void *spinner(void *arg) {
    (void)arg;
    int n = 0;
    while (!get())
        n++;
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

// expect: bug assertion
// A waiting loop whose only progress is in vector registers: six vectors
// rotate one place per iteration, so `a` holds 6 after five iterations. The
// loop is not a spin (its state repeats only every six iterations), so the
// writer's flag may come after any number of iterations and `out` can be 6.
// The spin fingerprint once hashed only the length of aggregate registers,
// blocked the loop after three iterations and called this program safe.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
typedef long v2 __attribute__((vector_size(16)));
atomic_int flag;
long init[12] = {1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6};
v2 out;
static void *spinner(void *arg) {
    (void)arg;
    v2 a = *(v2 *)&init[0], b = *(v2 *)&init[2], c = *(v2 *)&init[4];
    v2 d = *(v2 *)&init[6], e = *(v2 *)&init[8], f = *(v2 *)&init[10];
    while (!atomic_load(&flag)) {
        v2 t = a;
        a = b;
        b = c;
        c = d;
        d = e;
        e = f;
        f = t;
    }
    out = a;
    return NULL;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, spinner, NULL);
    atomic_store(&flag, 1);
    pthread_join(t, NULL);
    assert(((long *)&out)[0] != 6);
    return 0;
}

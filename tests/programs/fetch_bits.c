// expect: safe
// Concurrent atomic fetch_or / fetch_xor / fetch_and on distinct bits of one
// word never lose an update.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_uint bits = 8;

static void *set_one(void *arg) {
    (void)arg;
    atomic_fetch_or(&bits, 1u);
    return NULL;
}

static void *set_two(void *arg) {
    (void)arg;
    atomic_fetch_or(&bits, 2u);
    return NULL;
}

static void *flip_four(void *arg) {
    (void)arg;
    atomic_fetch_xor(&bits, 4u);
    return NULL;
}

int main(void) {
    pthread_t a, b, c;
    pthread_create(&a, NULL, set_one, NULL);
    pthread_create(&b, NULL, set_two, NULL);
    pthread_create(&c, NULL, flip_four, NULL);
    atomic_fetch_and(&bits, ~8u);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    pthread_join(c, NULL);
    assert(atomic_load(&bits) == 7u);
    return 0;
}

// expect: safe
// Two threads race to claim ownership with one strong compare-exchange each:
// exactly one wins in every interleaving.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

atomic_int owner = 0;
atomic_int winners = 0;

static void *claim(void *arg) {
    int id = (int)(intptr_t)arg;
    int expected = 0;
    if (atomic_compare_exchange_strong(&owner, &expected, id))
        atomic_fetch_add(&winners, 1);
    else
        assert(expected != 0);
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, claim, (void *)(intptr_t)1);
    pthread_create(&b, NULL, claim, (void *)(intptr_t)2);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(atomic_load(&winners) == 1);
    int o = atomic_load(&owner);
    assert(o == 1 || o == 2);
    return 0;
}

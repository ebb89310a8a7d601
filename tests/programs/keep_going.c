// args: --keep-going --no-race-check
// expect: bug assertion memory
// expect-bugs: 2
// Every interleaving has a bug, and there are exactly two distinct ones: an
// assertion when main reads x before the setter ran, a NULL dereference when
// it reads x after.
#include <assert.h>
#include <pthread.h>
#include <stddef.h>

int x = 0;
int storage = 0;

static void *setter(void *arg) {
    (void)arg;
    x = 1;
    return NULL;
}

static int *lookup(int key) { return key == 0 ? &storage : NULL; }

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, setter, NULL);
    int seen = x;
    assert(seen == 1);        /* bug 1: setter has not run yet */
    int *slot = lookup(seen); /* NULL for seen == 1 */
    *slot = 0;                /* bug 2 */
    pthread_join(t, NULL);
    return 0;
}

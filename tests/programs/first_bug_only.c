// expect: bug
// expect-bugs: 1
// keep_going.c without --keep-going: exploration stops at the first bug.
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

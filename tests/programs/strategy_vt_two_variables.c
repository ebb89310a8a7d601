// args: --strategy vt --no-race-check
// expect: bug assertion
// expect-found: strategy=vt v=2 t=2 preemptions=2
// A two-variable bug (the variable and thread bounding paper, figure 4).
// The checker reads a twice and then b; the updater stores a = 1, b = 1,
// b = 0. The assertion fails only if a changes between the checker's two
// reads and the checker then reads b between the updater's two stores to
// b. That takes two preemptions at two different variables: one right
// after the checker's first read of a (so that the updater stores a), and
// one right after the updater's first store to b (so that the checker reads
// b = 1 before it is reset). With one tracked variable it cannot happen
// under any priority order: tracking a alone, the updater runs on to b = 0
// once it stores a (or is lowered right after it, before b = 1); tracking b
// alone, nothing can stop the checker between its reads of a, which come
// before any access to b. So rounds (1,2) and (1,3) find nothing, and the
// bug is found in round (2,2) with two preemptions.
#include <assert.h>
#include <pthread.h>

int a = 0, b = 0;

static void *checker(void *arg) {
    (void)arg;
    int a1 = a;
    int a2 = a;
    int b1 = b;
    assert(a1 == a2 || b1 != 1);
    return NULL;
}

static void *updater(void *arg) {
    (void)arg;
    a = 1;
    b = 1;
    b = 0;
    return NULL;
}

int main(void) {
    pthread_t c, u;
    pthread_create(&c, NULL, checker, NULL);
    pthread_create(&u, NULL, updater, NULL);
    pthread_join(c, NULL);
    pthread_join(u, NULL);
    return 0;
}

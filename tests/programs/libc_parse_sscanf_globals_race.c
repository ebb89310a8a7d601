// expect: bug assertion data-race
// sscanf stores into two globals while another thread reads them without
// a lock: the reader can see the first stored and not the second.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

int lo = 0, hi = 0;

static void *reader(void *arg) {
    (void)arg;
    int l = lo, h = hi;
    assert(l == h);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, reader, NULL);
    sscanf("5 5", "%d %d", &lo, &hi);
    pthread_join(t, NULL);
    return 0;
}

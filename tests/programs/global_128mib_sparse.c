// expect: safe executions=1
// args: --max-memory 128
// A 128 MiB global touched in a few places costs what is touched: the run
// fits in a 128 MiB bound, which weft's own memory (about 50 MiB)
// shares.
#include <assert.h>
#include <pthread.h>

static char g[128 << 20];

static void *far(void *arg) {
    g[(100 << 20) + 7] = 2;
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, far, 0);
    g[0] = 1;
    pthread_join(t, 0);
    assert(g[0] + g[(100 << 20) + 7] + g[64 << 20] == 3);
    return 0;
}

// expect: bug assertion
// perror prints the calling thread's errno: the worker's failed fopen
// sets its own errno, not main's. The shared flag is set in either order.
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>

int flag;

static void *worker(void *arg) {
    (void)arg;
    if (fopen("data/no-such-file.txt", "r") == NULL)
        perror("worker");
    flag = 1;
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    assert(errno == 0);
    int seen = flag;
    pthread_join(t, NULL);
    assert(seen == 1);
    return 0;
}

// expect: bug deadlock
// A worker busy-waits on a flag nobody sets. weft notices that the loop makes
// no progress (same read, same registers, nothing written) and blocks the
// worker until someone writes the flag; nobody can, so the program hangs:
// reported as a deadlock naming the spinning thread.
#include <pthread.h>

int flag = 0;

static void *spinner(void *arg) {
    (void)arg;
    while (!flag) {
    }
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, spinner, NULL);
    pthread_join(t, NULL);
    return 0;
}

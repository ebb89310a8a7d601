// expect: bug memory
// One worker per online processor, but the table was sized for 2.
#include <pthread.h>
#include <unistd.h>

int slots[2];

static void *work(void *arg) {
    *(int *)arg = 1;
    return NULL;
}

int main(void) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    pthread_t t[8];
    for (long i = 0; i < n && i < 8; i++)
        pthread_create(&t[i], NULL, work, &slots[i]);
    for (long i = 0; i < n && i < 8; i++)
        pthread_join(t[i], NULL);
    return 0;
}

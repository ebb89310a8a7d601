// expect: bug assertion
// A trylock can run while another thread holds the mutex, and then fails.
// Optimal- and Source-DPOR once reversed a successful trylock's race with an
// unlock by moving it before the whole critical section (as for a blocking
// lock), so they never tried it inside and called this program safe.
#include <assert.h>
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int failed;
void *worker(void *a) {
    if (pthread_mutex_trylock(&m) != 0) failed = 1;
    else pthread_mutex_unlock(&m);
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    assert(!failed);
    return 0;
}

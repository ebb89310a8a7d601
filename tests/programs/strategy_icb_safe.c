// args: --strategy icb --no-race-check
// expect: safe
// Two workers add to a counter under a mutex, main checks the sum after
// joining both. Without --max-bound the bound grows until no schedule is
// left with more preemptions than the bound: the search is then complete,
// and a bug-free program is safe (with the default reduction).
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int total = 0;

static void *add(void *arg) {
    int n = *(int *)arg;
    pthread_mutex_lock(&m);
    total += n;
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t a, b;
    int one = 1, two = 2;
    pthread_create(&a, NULL, add, &one);
    pthread_create(&b, NULL, add, &two);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(total == 3);
    return 0;
}

// expect: bug data-race
// One thread updates the counter without the spin lock.
#include <pthread.h>

pthread_spinlock_t lock;
int counter;

static void *careful(void *arg) {
    (void)arg;
    pthread_spin_lock(&lock);
    counter++;
    pthread_spin_unlock(&lock);
    return 0;
}

static void *careless(void *arg) {
    (void)arg;
    counter++;
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_spin_init(&lock, PTHREAD_PROCESS_PRIVATE);
    pthread_create(&a, 0, careful, 0);
    pthread_create(&b, 0, careless, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}

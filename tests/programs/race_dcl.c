// expect: bug data-race
// Double-checked locking with a plain pointer: the unlocked first check
// races with the initialising store made under the lock.
#include <pthread.h>
#include <stdlib.h>

struct config { int value; };
struct config *instance;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static struct config *get(void) {
    if (!instance) {
        pthread_mutex_lock(&m);
        if (!instance) {
            struct config *c = malloc(sizeof *c);
            c->value = 7;
            instance = c;
        }
        pthread_mutex_unlock(&m);
    }
    return instance;
}

static void *worker(void *arg) {
    (void)arg;
    return (void *)(long)get()->value;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}

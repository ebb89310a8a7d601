// expect: bug data-race
// One thread reads the configuration without going through pthread_once,
// so nothing orders its read after the init routine's write.
#include <pthread.h>

pthread_once_t once = PTHREAD_ONCE_INIT;
int config;

static void init(void) { config = 42; }

static void *careful(void *arg) {
    (void)arg;
    pthread_once(&once, init);
    return (void *)(long)config;
}

static void *careless(void *arg) {
    (void)arg;
    return (void *)(long)config;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, careful, 0);
    pthread_create(&b, 0, careless, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}

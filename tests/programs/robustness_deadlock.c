// args: --check-robustness
// expect: bug deadlock
// Two threads take two locks in opposite orders: the robustness check
// reports the deadlock, as plain `check` does.
#include <pthread.h>

pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t b = PTHREAD_MUTEX_INITIALIZER;

static void *ab(void *arg) {
    (void)arg;
    pthread_mutex_lock(&a);
    pthread_mutex_lock(&b);
    pthread_mutex_unlock(&b);
    pthread_mutex_unlock(&a);
    return NULL;
}

static void *ba(void *arg) {
    (void)arg;
    pthread_mutex_lock(&b);
    pthread_mutex_lock(&a);
    pthread_mutex_unlock(&a);
    pthread_mutex_unlock(&b);
    return NULL;
}

int main(void) {
    pthread_t t, u;
    pthread_create(&t, NULL, ab, NULL);
    pthread_create(&u, NULL, ba, NULL);
    pthread_join(t, NULL);
    pthread_join(u, NULL);
    return 0;
}

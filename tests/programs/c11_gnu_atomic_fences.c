// expect: bug data-race
// expect-bugs: 1
// __atomic_thread_fence with the GNU orders: the writer's release fence pairs
// with the reader's acquire fence on the first flag, so the first datum is
// safe; the second flag has no acquire fence after its load, so the second
// datum races.
#include <pthread.h>

int data1, data2;
int flag1, flag2;

static void *writer(void *arg) {
    (void)arg;
    data1 = 1;
    data2 = 2;
    __atomic_thread_fence(__ATOMIC_RELEASE);
    __atomic_store_n(&flag1, 1, __ATOMIC_RELAXED);
    __atomic_store_n(&flag2, 1, __ATOMIC_RELAXED);
    return NULL;
}

static void *reader1(void *arg) {
    (void)arg;
    if (__atomic_load_n(&flag1, __ATOMIC_RELAXED)) {
        __atomic_thread_fence(__ATOMIC_ACQUIRE);
        return (void *)(long)data1;
    }
    return NULL;
}

static void *reader2(void *arg) {
    (void)arg;
    if (__atomic_load_n(&flag2, __ATOMIC_RELAXED))
        return (void *)(long)data2;
    return NULL;
}

int main(void) {
    pthread_t w, r1, r2;
    pthread_create(&w, NULL, writer, NULL);
    pthread_create(&r1, NULL, reader1, NULL);
    pthread_create(&r2, NULL, reader2, NULL);
    pthread_join(w, NULL);
    pthread_join(r1, NULL);
    pthread_join(r2, NULL);
    return 0;
}

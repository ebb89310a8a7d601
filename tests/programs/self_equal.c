// expect: safe
// pthread_self in a thread equals the id pthread_create returned for it, and
// differs from main's id.
#include <assert.h>
#include <pthread.h>

pthread_t main_id;
pthread_t seen_self;

static void *worker(void *arg) {
    (void)arg;
    seen_self = pthread_self();
    assert(!pthread_equal(seen_self, main_id));
    return NULL;
}

int main(void) {
    main_id = pthread_self();
    assert(pthread_equal(main_id, pthread_self()));
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
    assert(pthread_equal(t, seen_self));
    assert(!pthread_equal(t, main_id));
    return 0;
}

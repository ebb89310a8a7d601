// expect: safe executions=2
// The assertion functions of other C libraries' <assert.h> (BSD and macOS
// `__assert_rtn`, newlib's `__assert_func`, `__assert`) are not called when
// their assertions hold: the counter is protected by a mutex.
#include <pthread.h>

void __assert_rtn(const char *, const char *, int, const char *);
void __assert_func(const char *, int, const char *, const char *);
void __assert(const char *, const char *, int);

int count;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *inc(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    count++;
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, inc, NULL);
    pthread_create(&b, NULL, inc, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    if (count != 2)
        __assert_rtn(__func__, __FILE__, __LINE__, "count == 2");
    if (count != 2)
        __assert_func(__FILE__, __LINE__, __func__, "count == 2");
    if (count != 2)
        __assert("count == 2", __FILE__, __LINE__);
    return 0;
}

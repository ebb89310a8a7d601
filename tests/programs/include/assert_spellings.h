/* The program of the assert_spellings*.c tests: a lost update that makes
 * `count == 2` fail in one interleaving, checked with the assertion function
 * SPELLING picks: 0 for BSD/macOS `__assert_rtn`, 1 for newlib's
 * `__assert_func`, 2 for `__assert`. */
#include <pthread.h>

void __assert_rtn(const char *, const char *, int, const char *);
void __assert_func(const char *, int, const char *, const char *);
void __assert(const char *, const char *, int);

#if SPELLING == 0
#define check(e) ((e) ? (void)0 : __assert_rtn(__func__, __FILE__, __LINE__, #e))
#elif SPELLING == 1
#define check(e) ((e) ? (void)0 : __assert_func(__FILE__, __LINE__, __func__, #e))
#else
#define check(e) ((e) ? (void)0 : __assert(#e, __FILE__, __LINE__))
#endif

int count;

static void *inc(void *arg) {
    (void)arg;
    int v = count;
    count = v + 1;
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, inc, NULL);
    pthread_create(&b, NULL, inc, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    check(count == 2);
    return 0;
}

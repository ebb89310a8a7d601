// expect: bug assertion
// args: -- -DSPELLING=1
// expect-message: assertion `count == 2` failed
// The assertion functions of other C libraries' <assert.h>: BSD and macOS
// `__assert_rtn(func, file, line, expr)`, newlib's `__assert_func(file,
// line, func, expr)` and the old `__assert(expr, file, line)`. This copy sets SPELLING=1; SPELLING picks
// one; each must report the failed expression. The lost update makes
// `count == 2` fail in one interleaving.
#include <pthread.h>

void __assert_rtn(const char *, const char *, int, const char *);
void __assert_func(const char *, int, const char *, const char *);
void __assert(const char *, const char *, int);

#ifndef SPELLING
#define SPELLING 0
#endif
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

// expect: bug data-race
// A worker formats a status line with vsnprintf into a shared buffer while
// main reads it without synchronisation.
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

char status[32];

static void set_status(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(status, sizeof status, fmt, ap);
    va_end(ap);
}

static void *worker(void *arg) {
    set_status("step %d done", (int)(long)arg);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, (void *)3L);
    size_t n = strlen(status);
    pthread_join(t, NULL);
    printf("%zu %s\n", n, status);
    return 0;
}

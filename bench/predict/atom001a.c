// Fixed twin of atom001.c (Apache-like log buffer): the whole append, the
// free-space check, the copy and the update of outcnt, holds log_lock; the
// transaction markers stay where they were. Two workers append "GET /a\n"
// and "GET /bc\n"; the recorded run is serial.
// Expected result, no violation: every access of a worker to logbuf is
// inside a critical section of log_lock, and so are the other worker's
// accesses, so none of them can come between two accesses of the same
// append. The must-happen-before and mutual-exclusion pruning already
// removes every candidate.
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

#define LOG_BUFSIZE 32

struct log_buffer {
    int outcnt;
    char outbuf[LOG_BUFSIZE];
};

struct log_buffer logbuf;
pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;

static void log_append(const char *entry, int len) {
    __VERIFIER_atomic_begin();
    pthread_mutex_lock(&log_lock);
    if (logbuf.outcnt + len <= LOG_BUFSIZE) {
        char *dst = &logbuf.outbuf[logbuf.outcnt];
        for (int i = 0; i < len; i++)
            dst[i] = entry[i];
        logbuf.outcnt = logbuf.outcnt + len;
    }
    pthread_mutex_unlock(&log_lock);
    __VERIFIER_atomic_end();
}

static void *worker1(void *arg) {
    (void)arg;
    log_append("GET /a\n", 7);
    return NULL;
}

static void *worker2(void *arg) {
    (void)arg;
    log_append("GET /bc\n", 8);
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    logbuf.outcnt = 0;
    pthread_create(&t1, NULL, worker1, NULL);
    pthread_create(&t2, NULL, worker2, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return logbuf.outcnt == 15 ? 0 : 1;
}

// Apache-like log buffer (the pattern of the buffered log writer of Apache's
// mod_log_config): a shared buffer of log lines and its fill count outcnt.
// Each of the two worker threads appends one entry in a transaction that
// checks the free space (reads outcnt, line 40), copies the entry to the
// end of the buffer (reads outcnt again for the destination, line 41, then
// stores the bytes, line 43) and publishes the new length (reads and
// writes outcnt, line 44). Nothing protects outcnt.
// The recorded run is serial: worker 1 appends "GET /a\n" (7 bytes) at
// offset 0, worker 2 appends "GET /bc\n" (8 bytes) at offset 7.
// Expected result, one confirmed violation (R-W-R) out of six triples left
// after must-happen-before pruning: worker 1's whole append runs between
// worker 2's free-space check and its second read of outcnt, so worker 2
// checks the space against the stale length 0 but copies at offset 7 (the
// Apache bug: with a nearly full buffer the stale check lets the copy run
// past the end). Worker 2 still copies to the offset it recorded, so the
// reordering is feasible. The other five are infeasible by data flow: a
// copy stores at the offset its thread read, so a reordering in which
// worker 2 reads outcnt at line 41 or 44 before worker 1's store sends
// worker 2's copy to offset 0 instead of 7 (off its recorded path) before
// the triple completes; and worker 2's store of outcnt (7 + 8) needs worker
// 1's store first, so it cannot come inside worker 1's append.
// The main thread's initial store of outcnt and its check after the joins
// are ordered by create and join.
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

#define LOG_BUFSIZE 32

struct log_buffer {
    int outcnt;
    char outbuf[LOG_BUFSIZE];
};

struct log_buffer logbuf;

static void log_append(const char *entry, int len) {
    __VERIFIER_atomic_begin();
    if (logbuf.outcnt + len <= LOG_BUFSIZE) {
        char *dst = &logbuf.outbuf[logbuf.outcnt];
        for (int i = 0; i < len; i++)
            dst[i] = entry[i];
        logbuf.outcnt = logbuf.outcnt + len;
    }
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

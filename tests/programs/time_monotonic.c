// expect: safe
// expect-output: elapsed at least 2 s, 1500 us, 250 ms
// expect-output: monotonic and wall clocks move forward together
// The logical clock only moves forward: each reading advances it by 1 ms,
// and sleep, usleep and nanosleep by their duration, so elapsed times are
// at least what was slept. Two threads read the clock: their readings are
// ordered every way, and each thread sees it move forward.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

static long long ns(struct timespec t) { return t.tv_sec * 1000000000LL + t.tv_nsec; }

static void *reader(void *arg) {
    (void)arg;
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    clock_gettime(CLOCK_MONOTONIC, &b);
    assert(ns(b) > ns(a));
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, reader, NULL);
    time_t t0 = time(NULL);
    assert(t0 > 1600000000); /* a plausible date */
    sleep(2);
    time_t t1 = time(NULL);
    struct timeval v0, v1;
    gettimeofday(&v0, NULL);
    usleep(1500);
    gettimeofday(&v1, NULL);
    long us = (v1.tv_sec - v0.tv_sec) * 1000000L + (v1.tv_usec - v0.tv_usec);
    struct timespec m0, m1, w0, w1, d = {0, 250000000};
    clock_gettime(CLOCK_MONOTONIC, &m0);
    clock_gettime(CLOCK_REALTIME, &w0);
    nanosleep(&d, NULL);
    clock_gettime(CLOCK_MONOTONIC, &m1);
    clock_gettime(CLOCK_REALTIME, &w1);
    long long slept = ns(m1) - ns(m0);
    assert(slept >= 250000000 && slept < 260000000);
    assert(ns(w1) - ns(w0) >= 250000000);
    if (t1 - t0 >= 2 && us >= 1500 && slept >= 250000000)
        printf("elapsed at least 2 s, 1500 us, 250 ms\n");
    if (ns(w1) > ns(w0) && ns(m1) > ns(m0))
        printf("monotonic and wall clocks move forward together\n");
    assert(clock() >= 0);
    pthread_join(t, NULL);
    return 0;
}

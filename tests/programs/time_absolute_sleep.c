// expect: safe executions=1
// expect-output: slept until the deadline; thrd_sleep 1 s
// clock_nanosleep with TIMER_ABSTIME sleeps until the deadline (a deadline
// already past returns at once), and C11's thrd_sleep sleeps its duration:
// the logical clock reads at least the deadline afterwards.
#include <assert.h>
#include <stdio.h>
#include <threads.h>
#include <time.h>

static long long ns(struct timespec t) { return t.tv_sec * 1000000000LL + t.tv_nsec; }

int main(void) {
    struct timespec now, deadline, after;
    clock_gettime(CLOCK_MONOTONIC, &now);
    deadline = now;
    deadline.tv_sec += 5;
    assert(clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, NULL) == 0);
    clock_gettime(CLOCK_MONOTONIC, &after);
    assert(ns(after) >= ns(deadline));
    assert(clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &now, NULL) == 0); /* past */
    struct timespec before, one = {1, 0};
    clock_gettime(CLOCK_REALTIME, &before);
    assert(thrd_sleep(&one, NULL) == 0);
    clock_gettime(CLOCK_REALTIME, &after);
    long long d = ns(after) - ns(before);
    assert(d >= 1000000000LL && d < 1100000000LL);
    printf("slept until the deadline; thrd_sleep %lld s\n", d / 1000000000LL);
    return 0;
}

// expect: safe
// expect-output: EINVAL EINVAL EINVAL 22
// Invalid clocks and durations fail as POSIX says, without moving the clock.
#include <errno.h>
#include <stdio.h>
#include <time.h>

int main(void) {
    struct timespec ts, bad = {0, 2000000000L};
    errno = 0;
    int a = clock_gettime((clockid_t)99, &ts);
    const char *e1 = (a == -1 && errno == EINVAL) ? "EINVAL" : "?";
    errno = 0;
    int b = nanosleep(&bad, NULL);
    const char *e2 = (b == -1 && errno == EINVAL) ? "EINVAL" : "?";
    errno = 0;
    bad.tv_sec = -1;
    bad.tv_nsec = 0;
    int c = nanosleep(&bad, NULL);
    const char *e3 = (c == -1 && errno == EINVAL) ? "EINVAL" : "?";
    int d = clock_nanosleep(CLOCK_MONOTONIC, 0, &bad, NULL);
    printf("%s %s %s %d\n", e1, e2, e3, d);
    return 0;
}

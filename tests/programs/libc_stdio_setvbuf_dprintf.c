// expect: safe
// expect-output: unbuffered 1
// expect-output: dprintf to 2
// expect-output: dprintf to 9 -1 errno 9
// expect-output: vdprintf 3
// expect-output: getchar -1 eof 1
// setbuf/setvbuf (weft's streams are unbuffered: accepted, bad mode
// refused), dprintf/vdprintf to descriptors 1 and 2 (others fail with
// EBADF), and getchar on the empty stdin.
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>

static int vd(int fd, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vdprintf(fd, fmt, ap);
    va_end(ap);
    return n;
}

int main(void) {
    setbuf(stdout, NULL);
    int ok = setvbuf(stderr, NULL, _IONBF, 0) == 0 && setvbuf(stdout, NULL, 7, 0) != 0;
    printf("unbuffered %d\n", ok);
    dprintf(2, "dprintf to %d\n", 2);
    int r = dprintf(9, "lost\n");
    printf("dprintf to 9 %d errno %d\n", r, errno);
    vd(1, "vdprintf %d\n", 3);
    int c = getchar();
    printf("getchar %d eof %d\n", c, feof(stdin) != 0);
    return 0;
}

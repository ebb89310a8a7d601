/* sprintf, snprintf (truncation and the length it returns), vsnprintf,
 * asprintf, fprintf/vfprintf/fputs/fputc/putc/fwrite on stdout and stderr, strerror
 * and perror, compared with the C library byte for byte. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int vs(char *buf, size_t n, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = vsnprintf(buf, n, fmt, ap);
    va_end(ap);
    return r;
}

static void ef(FILE *f, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vfprintf(f, fmt, ap);
    va_end(ap);
}

int main(void) {
    char buf[128];
    const char *words[] = {"", "a", "hello", "a longer string of text"};
    for (int i = 0; i < 4; i++) {
        for (size_t n = 0; n < 12; n += 3) {
            memset(buf, '#', sizeof buf);
            int r = snprintf(buf, n, "<%s|%d>", words[i], i * 1234);
            buf[sizeof buf - 1] = 0;
            printf("snprintf n=%zu r=%d buf=%.20s\n", n, r, n ? buf : "(untouched)");
        }
    }
    int r = sprintf(buf, "%-8s|%8.3f|%+05d|%#x|%o|%e|%g|%c|%%", "left", 3.14159, 42, 255, 8,
                    12345.678, 0.0001234, 'z');
    printf("sprintf %d: %s\n", r, buf);
    r = sprintf(buf, "%lld %llu %hhd %hu %zu %p", -1234567890123LL, 18446744073709551615ULL,
                (signed char)200, (unsigned short)70000, sizeof(long), (void *)0);
    printf("sprintf %d: %s\n", r, buf);
    for (int w = 0; w < 6; w++) {
        r = vs(buf, 6, "%*d", w, w);
        printf("vsnprintf w=%d r=%d [%s]\n", w, r, buf);
    }
    char *heap = NULL;
    r = asprintf(&heap, "asprintf %s %5.1f %c", "text", 2.25, 'q');
    printf("asprintf %d [%s]\n", r, heap);
    free(heap);
    fprintf(stdout, "fprintf to stdout %d %s\n", 7, "seven");
    fprintf(stderr, "fprintf to stderr %d\n", 8);
    ef(stdout, "vfprintf %5.2f|%-5s|\n", 2.5, "ab");
    ef(stderr, "vfprintf to stderr %x\n", 0xbeef);
    fputs("fputs to stdout\n", stdout);
    fputs("fputs to stderr\n", stderr);
    fputc('A', stdout);
    putc('B', stdout);
    fputc('\n', stdout);
    fputc('E', stderr);
    putc('\n', stderr);
    fwrite("fwrite\n", 1, 7, stdout);
    fwrite("fwrite items\n", 13, 1, stderr);
    fflush(stdout);
    int codes[] = {0, EPERM, ENOENT, EINTR, EIO, EBADF, EAGAIN, ENOMEM, EACCES, EBUSY, EEXIST,
                   ENOTDIR, EISDIR, EINVAL, EMFILE, ENOSPC, EPIPE, EDOM, ERANGE, EDEADLK, ENOSYS,
                   ETIMEDOUT, EOVERFLOW, ECANCELED, 4321};
    for (unsigned i = 0; i < sizeof codes / sizeof codes[0]; i++)
        printf("strerror(%d) = %s\n", codes[i], strerror(codes[i]));
    errno = ERANGE;
    perror("perror prefix");
    errno = EINVAL;
    perror(NULL);
    return 0;
}

// expect: safe
// expect-output: abs 5 5 -2147483648 labs 7 llabs 9
// expect-output: posix_memalign 0 aligned 1 einval 22 null 1
// expect-output: aligned_alloc 1 memalign 1 bad-align 1 22
// expect-output: reallocarray 30 overflow 1 12 kept 7
// Aligned and checked allocation, and the abs family. aligned_alloc with an
// alignment that is not a power of two fails with EINVAL, as C17 and glibc
// 2.38 and later do (older glibc rounds the alignment up).
#include <errno.h>
#include <limits.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    printf("abs %d %d %d labs %ld llabs %lld\n", abs(-5), abs(5), abs(INT_MIN),
           labs(-7L), llabs(-9LL));
    void *p = NULL;
    int r = posix_memalign(&p, 64, 100);
    int bad = posix_memalign(&p, 12, 100);
    void *unused = NULL;
    printf("posix_memalign %d aligned %d einval %d null %d\n", r,
           ((uintptr_t)p % 64) == 0, bad, unused == NULL);
    ((char *)p)[99] = 1;
    free(p);
    char *q = aligned_alloc(256, 512);
    char *s = memalign(32, 40);
    errno = 0;
    char *z = aligned_alloc(3, 16);
    printf("aligned_alloc %d memalign %d bad-align %d %d\n",
           ((uintptr_t)q % 256) == 0, ((uintptr_t)s % 32) == 0, z == NULL, errno);
    free(q);
    free(s);
    int *a = reallocarray(NULL, 10, sizeof(int));
    for (int i = 0; i < 10; i++)
        a[i] = 3 * i;
    a = reallocarray(a, 20, sizeof(int));
    errno = 0;
    int *big = reallocarray(a, SIZE_MAX / 2, 4);
    printf("reallocarray %d overflow %d %d kept %d\n", a[9] + 3,
           big == NULL, errno, a[2] + 1);
    free(a);
    return 0;
}

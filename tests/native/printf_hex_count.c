/* printf %a / %A (hexadecimal floating point, as glibc prints it: flags,
 * widths, precisions with rounding, subnormals, infinities and NaNs) and
 * %n with every length modifier, into locals, globals and the heap. */
#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int g_count;
long long g_ll;

int main(void) {
    double v[] = {0.0,     -0.0,    1.0,      -1.0,      0.5,         0.1,
                  1.5,     1.9375,  2.5,      3.0,       1e300,       1e-300,
                  DBL_MIN, DBL_MAX, 4.9e-324, 2.2250738585072004e-308, 1.0 / 3,
                  255.0,   0.75,    1.03125,  1.96875,   0x1.fffffffffffff8p+0,
                  0x1.00000000000008p+0,  0x1.0000000000001p+0, 0x1.8000000000001p+0};
    for (int i = 0; i < (int)(sizeof v / sizeof v[0]); i++) {
        double x = v[i];
        printf("[%a] [%A] [%.0a] [%.1a] [%.2a] [%.3a] [%.12a] [%.13a] [%.15a] [%#a] [%#.0a]\n",
               x, x, x, x, x, x, x, x, x, x, x);
        printf("  [%20a] [%-20a|] [%020a] [%+a] [% a] [%+.2A] [%025.3a] [%*.*a]\n", x, x, x, x,
               x, x, x, 12, 1, x);
    }
    printf("[%a] [%A] [%010a] [%-10a|] [%a] [%.2a] [%+A]\n", INFINITY, -INFINITY, INFINITY, NAN,
           -NAN, NAN, INFINITY);
    float f = 0.1f;
    printf("[%a] [%.3a]\n", f, f);

    /* %n: the number of characters written so far by this call */
    signed char hh = 0;
    short h = 0;
    int n = 0;
    long l = 0;
    long long ll = 0;
    size_t z = 0;
    intmax_t j = 0;
    ptrdiff_t t = 0;
    int r = printf("abc%hhn de%hn fgh%n %d%ln%lln %s%zn%jn%tn|\n", &hh, &h, &n, 12345, &l, &ll,
                   "xyz", &z, &j, &t);
    printf("%d %d %d %ld %lld %zu %jd %td r=%d\n", hh, h, n, l, ll, z, j, t, r);

    /* hh and h store only the low bytes of a large count */
    static char big[300];
    for (int i = 0; i < 299; i++)
        big[i] = 'x';
    signed char small = 0;
    short mid = 0x7777;
    printf("%s%hhn%hn\n", big, &small, &mid);
    printf("small=%d mid=%d\n", small, mid);

    /* globals and the heap; a %n at the very start counts 0 */
    int *heap = malloc(2 * sizeof(int));
    heap[0] = heap[1] = -1;
    printf("%n%s%n%*d%lln\n", &heap[0], "12345", &heap[1], 6, 7, &g_ll);
    printf("%5d%n\n", 1, &g_count);
    printf("heap %d %d g %lld %d\n", heap[0], heap[1], g_ll, g_count);
    free(heap);
    return 0;
}

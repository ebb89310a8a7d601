/* printf conversion coverage for integers, characters and strings:
 * length modifiers, flags, widths, precisions and the return value. */
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>

int main(void) {
    int ivals[] = {0, 1, -1, 42, -42, 255, 65535, 123456789, -2147483647 - 1, 2147483647};
    for (int i = 0; i < 10; i++) {
        int v = ivals[i];
        printf("[%d] [%i] [%u] [%x] [%X] [%o] [%5d] [%-5d] [%05d] [%+d] [% d] [%.3d] [%8.4d]\n", v,
               v, (unsigned)v, (unsigned)v, (unsigned)v, (unsigned)v, v, v, v, v, v, v, v);
        printf("  [%#x] [%#X] [%#o] [%-#10x] [%#010x] [%+5d] [%-+6d] [%.0d] [%*d] [%-*d]\n",
               (unsigned)v, (unsigned)v, (unsigned)v, (unsigned)v, (unsigned)v, v, v, v, 7, v,
               7, v);
    }

    long long lvals[] = {0LL, -1LL, 9223372036854775807LL, -9223372036854775807LL - 1,
                         1099511627776LL};
    for (int i = 0; i < 5; i++) {
        long long v = lvals[i];
        printf("[%lld] [%lli] [%llu] [%llx] [%llX] [%llo] [%25lld] [%-22lld|]\n", v, v,
               (unsigned long long)v, (unsigned long long)v, (unsigned long long)v,
               (unsigned long long)v, v, v);
        long lv = (long)v;
        printf("  [%ld] [%lu] [%lx] [%+ld]\n", lv, (unsigned long)lv, (unsigned long)lv, lv);
    }

    /* narrow length modifiers convert the promoted argument */
    int nvals[] = {0, 127, 128, 255, 256, 300, -1, -129, 32767, 32768, 65536, 70000};
    for (int i = 0; i < 12; i++) {
        int v = nvals[i];
        printf("hh: [%hhd] [%hhu] [%hhx]  h: [%hd] [%hu] [%hx]\n", v, v, v, v, v, v);
    }

    /* size_t and ptrdiff_t */
    size_t sz = sizeof(double[3]);
    ptrdiff_t pd = -12345;
    printf("[%zu] [%zx] [%zd] [%td] [%5zu]\n", sz, (size_t)0xabcdef, (ptrdiff_t)-7, pd, (size_t)3);
    printf("[%jd] [%ju]\n", (intmax_t)-99, (uintmax_t)99);

    /* characters */
    for (int c = 'a'; c < 'a' + 6; c++)
        printf("[%c] [%3c] [%-3c]", c, c, c);
    printf("\n");
    printf("[%c%c%c] [%c]\n", 72, 105, 33, '0' + 7);

    /* strings */
    const char *strs[] = {"", "x", "hello", "hello, world"};
    for (int i = 0; i < 4; i++) {
        const char *s = strs[i];
        printf("[%s] [%8s] [%-8s] [%.2s] [%8.3s] [%-8.3s] [%.0s] [%.*s]\n", s, s, s, s, s, s, s, 4,
               s);
    }
    char local[] = {'a', 'b', 'c', 'd'}; /* not NUL-terminated: precision bounds the read */
    printf("[%.4s] [%.2s]\n", local, local);

    /* percent sign and literal text */
    printf("100%% done, %d%% left, %%d literally\n", 0);
    printf("no conversions at all\n");
    printf("%s\n", "%d inside an argument is not a conversion");

    /* return value: number of characters written */
    int n1 = printf("abc\n");
    int n2 = printf("%d-%s-%c\n", 12345, "xy", 'z');
    int n3 = printf("%10.3f|\n", 2.5);
    int n4 = printf("");
    printf("returns %d %d %d %d\n", n1, n2, n3, n4);

    /* many arguments (more than fit in registers) */
    printf("%d %d %d %d %d %d %d %d %d %d %s %c %ld %u %x\n", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
           "eleven", 'T', 13L, 14u, 15u);
    printf("%d %.1f %d %.1f %d %.1f %d %.1f %d %.1f %d %.1f %d %.1f %d %.1f %d %.1f\n", 1, 1.5, 2,
           2.5, 3, 3.5, 4, 4.5, 5, 5.5, 6, 6.5, 7, 7.5, 8, 8.5, 9, 9.5);
    return 0;
}

/* User-defined variadic functions with <stdarg.h>: va_start, va_arg of
 * ints, longs, doubles and pointers, va_copy, and passing a va_list to
 * another function. */
#include <stdio.h>
#include <stdarg.h>

static int sum_ints(int count, ...) {
    va_list ap;
    va_start(ap, count);
    int s = 0;
    for (int i = 0; i < count; i++)
        s += va_arg(ap, int);
    va_end(ap);
    return s;
}

static double sum_doubles(int count, ...) {
    va_list ap;
    va_start(ap, count);
    double s = 0;
    for (int i = 0; i < count; i++)
        s += va_arg(ap, double);
    va_end(ap);
    return s;
}

/* a format-driven reader: i=int, l=long long, d=double, s=string, c=char */
static void show(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    printf("[");
    for (const char *p = fmt; *p; p++) {
        switch (*p) {
        case 'i': printf(" i%d", va_arg(ap, int)); break;
        case 'l': printf(" l%lld", va_arg(ap, long long)); break;
        case 'd': printf(" d%.3f", va_arg(ap, double)); break;
        case 's': printf(" s%s", va_arg(ap, const char *)); break;
        case 'c': printf(" c%c", (char)va_arg(ap, int)); break;
        case 'u': printf(" u%u", va_arg(ap, unsigned)); break;
        }
    }
    printf(" ]\n");
    va_end(ap);
}

/* walk the same arguments twice using va_copy */
static void twice(int count, ...) {
    va_list ap, again;
    va_start(ap, count);
    va_copy(again, ap);
    long long s = 0;
    for (int i = 0; i < count; i++)
        s += va_arg(ap, long long);
    long long m = 0;
    for (int i = 0; i < count; i++) {
        long long v = va_arg(again, long long);
        if (i == 0 || v > m)
            m = v;
    }
    va_end(again);
    va_end(ap);
    printf("twice: sum=%lld max=%lld\n", s, m);
}

/* va_copy in the middle of a walk */
static void midcopy(int count, ...) {
    va_list ap, rest;
    va_start(ap, count);
    int first = va_arg(ap, int);
    va_copy(rest, ap);
    int tail_sum = 0;
    for (int i = 1; i < count; i++)
        tail_sum += va_arg(rest, int);
    va_end(rest);
    int second = va_arg(ap, int);
    va_end(ap);
    printf("midcopy: first=%d second=%d tail_sum=%d\n", first, second, tail_sum);
}

static int vsum(int count, va_list ap) {
    int s = 0;
    for (int i = 0; i < count; i++)
        s += va_arg(ap, int) * (i + 1);
    return s;
}

static int weighted(int count, ...) {
    va_list ap;
    va_start(ap, count);
    int r = vsum(count, ap);
    va_end(ap);
    return r;
}

/* mixed int and double arguments beyond the register save area */
static double mixed(int n, ...) {
    va_list ap;
    va_start(ap, n);
    double acc = 0;
    for (int i = 0; i < n; i++) {
        int k = va_arg(ap, int);
        double d = va_arg(ap, double);
        acc = acc * 2 + k * d;
    }
    va_end(ap);
    return acc;
}

struct pt { int x, y; };
struct big { long a, b, c; };

static void structs(int n, ...) {
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++) {
        struct pt p = va_arg(ap, struct pt);
        struct big b = va_arg(ap, struct big);
        printf("struct arg %d: (%d,%d) {%ld,%ld,%ld}\n", i, p.x, p.y, b.a, b.b, b.c);
    }
    va_end(ap);
}

int main(void) {
    printf("sum_ints: %d %d %d\n", sum_ints(0), sum_ints(3, 1, 2, 3),
           sum_ints(10, 1, -2, 3, -4, 5, -6, 7, -8, 9, -10));
    printf("sum_ints many: %d\n",
           sum_ints(20, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20));
    printf("sum_doubles: %.3f %.3f\n", sum_doubles(2, 0.5, 0.25),
           sum_doubles(12, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 0.125));
    float f = 1.5f; /* promoted to double */
    char c = 'Q';   /* promoted to int */
    short s = -300; /* promoted to int */
    show("icdsl", 42, c, (double)f, "str", 1LL << 40);
    show("iiiiiiiiii", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
    show("dddddddddd", 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0);
    show("ididididsu", s, 1.25, 2, 2.5, 3, 3.75, 4, f, "end", 4000000000u);
    twice(5, 10LL, -20LL, 30LL, 5000000000LL, -1LL);
    midcopy(6, 100, 200, 300, 400, 500, 600);
    printf("weighted=%d\n", weighted(4, 10, 20, 30, 40));
    printf("mixed=%.4f\n", mixed(8, 1, 0.5, 2, 0.25, 3, 1.5, -4, 2.0, 5, 0.1, 6, 0.2, 7, 0.3, 8, 0.4));
    structs(2, (struct pt){1, 2}, (struct big){3, 4, 5}, (struct pt){-6, -7},
            (struct big){8, 9, 10});
    return 0;
}

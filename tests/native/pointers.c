/* Pointer arithmetic, pointer differences and comparisons, pointers to
 * pointers, arrays of pointers, multi-dimensional arrays and pointer casts
 * between element types. */
#include <stdio.h>
#include <stddef.h>

static void fill(int *p, int n, int start) {
    for (int *q = p; q < p + n; q++)
        *q = start++;
}

static int sum_range(const int *begin, const int *end) {
    int s = 0;
    while (begin != end)
        s += *begin++;
    return s;
}

static void set_through(int **pp, int *target, int value) {
    *pp = target;
    **pp = value;
}

static void reverse(int *a, int n) {
    int *lo = a, *hi = a + n - 1;
    while (lo < hi) {
        int t = *lo;
        *lo++ = *hi;
        *hi-- = t;
    }
}

int main(void) {
    int a[10];
    fill(a, 10, 100);
    int *p = a;
    int *q = &a[7];
    printf("*p=%d *q=%d q-p=%td p-q=%td\n", *p, *q, q - p, p - q);
    printf("p[3]=%d *(p+4)=%d 5[a]=%d q[-2]=%d\n", p[3], *(p + 4), 5[a], q[-2]);
    printf("p<q %d p>q %d p==a %d q==a+7 %d\n", p < q, p > q, p == a, q == a + 7);
    printf("sum=%d sum_mid=%d\n", sum_range(a, a + 10), sum_range(a + 2, a + 5));
    reverse(a, 10);
    for (int i = 0; i < 10; i++)
        printf("%d ", a[i]);
    printf("\n");

    /* one past the end is a valid pointer to compare against */
    int count = 0;
    for (int *it = a; it != a + 10; ++it)
        count += (*it % 2 == 0);
    printf("evens=%d\n", count);

    /* pointers to pointers */
    int x = 1, y = 2;
    int *px = &x;
    int **ppx = &px;
    **ppx = 10;
    *ppx = &y;
    **ppx += 5;
    printf("x=%d y=%d *px=%d\n", x, y, *px);
    set_through(ppx, &x, 77);
    printf("x=%d *px=%d\n", x, *px);
    int ***pppx = &ppx;
    ***pppx *= 2;
    printf("x=%d\n", x);

    /* arrays of pointers */
    int r0[] = {1, 2, 3}, r1[] = {4, 5}, r2[] = {6, 7, 8, 9};
    int *rows[] = {r0, r1, r2};
    int lens[] = {3, 2, 4};
    for (int i = 0; i < 3; i++) {
        printf("row %d:", i);
        for (int j = 0; j < lens[i]; j++)
            printf(" %d", rows[i][j]);
        printf("\n");
    }
    int *tmp = rows[0];
    rows[0] = rows[2];
    rows[2] = tmp;
    printf("swapped first: %d last: %d\n", rows[0][3], rows[2][0]);

    /* 2D arrays and pointer to array */
    int grid[4][5];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 5; j++)
            grid[i][j] = i * 10 + j;
    int (*rowp)[5] = grid;
    rowp++;
    printf("rowp[0][2]=%d rowp[2][4]=%d\n", rowp[0][2], rowp[2][4]);
    int *flat = &grid[0][0];
    printf("flat[13]=%d &grid[2][3]-flat=%td\n", flat[13], &grid[2][3] - flat);
    printf("sizeof grid=%zu row=%zu\n", sizeof grid, sizeof grid[0]);

    /* byte-wise view of an int array through unsigned char * */
    unsigned int words[2] = {0x01020304u, 0xa0b0c0d0u};
    unsigned char *bytes = (unsigned char *)words;
    for (int i = 0; i < 8; i++)
        printf("%02x", bytes[i]);
    printf("\n");
    bytes[1] = 0xee;
    printf("words[0]=%08x\n", words[0]);

    /* pointer difference in bytes and elements for various types */
    double ds[8];
    char cs[8];
    long long ls[8];
    printf("diffs %td %td %td %td\n", &ds[7] - &ds[1], &cs[7] - &cs[1], &ls[7] - &ls[1],
           (char *)&ds[7] - (char *)&ds[1]);

    /* walking a struct array with a pointer */
    struct pair {
        short k;
        long long v;
    } pairs[5];
    for (int i = 0; i < 5; i++) {
        pairs[i].k = (short)(i * 3);
        pairs[i].v = (long long)i * 1000000000000LL;
    }
    long long tot = 0;
    for (struct pair *it = pairs; it < pairs + 5; it++)
        tot += it->k + it->v;
    struct pair *last = &pairs[4];
    printf("tot=%lld last-first=%td k=%d\n", tot, last - pairs, (last - 2)->k);

    /* null pointer checks */
    int *np = NULL;
    printf("null? %d %d\n", np == NULL, !np);
    const char *s = "pointer";
    const char *e = s;
    while (*e)
        e++;
    printf("len=%td last=%c\n", e - s, e[-1]);
    return 0;
}

/* memcpy, memmove (with overlap in both directions), memset and memcmp on
 * stack and heap buffers and on structs and arrays of non-char types. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void dump(const char *label, const unsigned char *p, int n) {
    printf("%s:", label);
    for (int i = 0; i < n; i++)
        printf(" %02x", p[i]);
    printf("\n");
}

static int sign(int x) { return (x > 0) - (x < 0); }

struct rec {
    int a;
    int b[3];
    long long c;
};

int main(void) {
    unsigned char buf[24];
    for (int i = 0; i < 24; i++)
        buf[i] = (unsigned char)(i * 11);
    dump("init", buf, 24);

    memmove(buf + 4, buf, 10); /* overlapping, forward */
    dump("mm fwd", buf, 24);
    memmove(buf, buf + 6, 12); /* overlapping, backward */
    dump("mm back", buf, 24);
    memmove(buf + 3, buf + 3, 5); /* same place */
    dump("mm same", buf, 24);

    void *r = memset(buf + 2, 0xab, 7);
    printf("memset ret offset %td\n", (unsigned char *)r - buf);
    memset(buf + 20, 0, 4);
    memset(buf, 300, 1); /* the value converts to unsigned char */
    dump("memset", buf, 24);

    unsigned char other[24];
    memcpy(other, buf, sizeof buf);
    printf("memcmp equal: %d\n", memcmp(other, buf, 24));
    other[10] = 0x01;
    other[15] = 0xff;
    printf("memcmp: %d %d %d %d\n", sign(memcmp(other, buf, 24)), sign(memcmp(buf, other, 24)),
           memcmp(other, buf, 10), sign(memcmp(other + 15, buf + 15, 1)));
    /* bytes compare as unsigned */
    unsigned char hi = 0x80, lo = 0x7f;
    printf("memcmp unsigned: %d\n", sign(memcmp(&hi, &lo, 1)));
    printf("memcmp 0 bytes: %d\n", memcmp(&hi, &lo, 0));

    /* non-char element types */
    int ints[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    memmove(ints + 2, ints, 5 * sizeof(int));
    for (int i = 0; i < 8; i++)
        printf("%d ", ints[i]);
    printf("\n");
    memset(ints, 0xff, 3 * sizeof(int));
    printf("ints %d %d %d %d\n", ints[0], ints[1], ints[2], ints[3]);
    double ds[4] = {1.5, 2.5, 3.5, 4.5};
    double dcopy[4];
    memcpy(dcopy, ds, sizeof ds);
    memset(&dcopy[1], 0, sizeof(double));
    printf("dcopy %.1f %.1f %.1f %.1f\n", dcopy[0], dcopy[1], dcopy[2], dcopy[3]);

    /* structs: copy a fully initialised struct and compare */
    struct rec a, b;
    memset(&a, 0, sizeof a);
    a.a = 5;
    a.b[0] = -1;
    a.b[2] = 9;
    a.c = 0x123456789LL;
    memcpy(&b, &a, sizeof a);
    printf("rec equal: %d\n", memcmp(&a, &b, sizeof a) == 0);
    b.b[1] = 4;
    printf("rec now: %d %d %d %d %lld\n", b.a, b.b[0], b.b[1], b.b[2], b.c);
    printf("rec differ: %d\n", memcmp(&a, &b, sizeof a) != 0);

    /* heap: copy between blocks, copy into the middle, partial copies */
    char *h1 = malloc(64);
    char *h2 = malloc(64);
    memset(h1, '.', 63);
    h1[63] = 0;
    memcpy(h1 + 10, "inserted", 8);
    memcpy(h2, h1, 64);
    memmove(h2 + 20, h2 + 10, 20);
    printf("h1=%s\nh2=%s\n", h1, h2);
    memcpy(h2, h1 + 10, 0);
    printf("cmp heap: %d\n", sign(memcmp(h1, h2, 64)));
    free(h1);
    free(h2);

    /* byte-wise reverse of a 64-bit integer via memcpy */
    unsigned long long v = 0x0102030405060708ULL, w;
    unsigned char tmp[8], rev[8];
    memcpy(tmp, &v, 8);
    for (int i = 0; i < 8; i++)
        rev[i] = tmp[7 - i];
    memcpy(&w, rev, 8);
    printf("reversed %016llx\n", w);

    /* type punning a float through memcpy */
    float f = 0.1f;
    unsigned bits;
    memcpy(&bits, &f, sizeof bits);
    printf("0.1f bits %08x\n", bits);
    bits ^= 0x80000000u;
    memcpy(&f, &bits, sizeof f);
    printf("negated %.9g\n", f);
    return 0;
}

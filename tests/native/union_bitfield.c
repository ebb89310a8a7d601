/* Unions (type punning between members, which C allows through a union)
 * and bitfields (signed and unsigned, packing, overflow on assignment). */
#include <stdio.h>

union word {
    unsigned int u;
    int i;
    float f;
    unsigned char bytes[4];
    unsigned short halves[2];
};

union dword {
    double d;
    unsigned long long u;
    struct {
        unsigned lo, hi;
    } parts;
};

struct flags {
    unsigned a : 1;
    unsigned b : 3;
    unsigned c : 4;
    signed d : 5;
    unsigned e : 7;
    int f : 12;
};

struct packed_bits {
    unsigned char x : 2;
    unsigned char y : 6;
    unsigned short z : 9;
    unsigned long long big : 40;
    unsigned long long rest : 24;
};

struct tagged {
    int kind;
    union {
        int i;
        double d;
        const char *s;
    } as;
};

static void show(const struct tagged *t) {
    switch (t->kind) {
    case 0: printf("int %d\n", t->as.i); break;
    case 1: printf("double %.3f\n", t->as.d); break;
    default: printf("string %s\n", t->as.s); break;
    }
}

int main(void) {
    printf("sizes word=%zu dword=%zu flags=%zu packed=%zu tagged=%zu\n", sizeof(union word),
           sizeof(union dword), sizeof(struct flags), sizeof(struct packed_bits),
           sizeof(struct tagged));

    union word w;
    w.u = 0x11223344u;
    printf("bytes %02x %02x %02x %02x halves %04x %04x\n", w.bytes[0], w.bytes[1], w.bytes[2],
           w.bytes[3], w.halves[0], w.halves[1]);
    w.bytes[3] = 0xff;
    printf("i=%d u=%u\n", w.i, w.u);
    w.f = 1.0f;
    printf("1.0f bits=%08x\n", w.u);
    w.f = -0.15625f;
    printf("-0.15625f bits=%08x\n", w.u);
    w.u = 0x40490fdbu;
    printf("float from bits %.7f\n", w.f);

    union dword dw;
    dw.d = 1.0;
    printf("1.0 bits=%016llx lo=%08x hi=%08x\n", dw.u, dw.parts.lo, dw.parts.hi);
    dw.d = -2.5;
    printf("-2.5 bits=%016llx\n", dw.u);
    dw.u = 0x7fefffffffffffffULL;
    printf("max=%.17g\n", dw.d);
    dw.parts.hi = 0x3ff80000u;
    dw.parts.lo = 0;
    printf("from parts=%.17g\n", dw.d);

    struct flags fl = {0};
    fl.a = 1;
    fl.b = 5;
    fl.c = 12;
    fl.d = -9;
    fl.e = 100;
    fl.f = -1000;
    printf("flags %u %u %u %d %u %d\n", fl.a, fl.b, fl.c, fl.d, fl.e, fl.f);
    /* values wrap to the field width on assignment */
    for (int k = 0; k < 40; k += 7) {
        fl.b = k;
        fl.c = k * 3;
        fl.d = k - 20;
        fl.e = k * 9;
        fl.f = k * 300 - 2000;
        printf("k=%d: %u %u %d %u %d a=%u\n", k, fl.b, fl.c, fl.d, fl.e, fl.f, fl.a);
    }
    /* increments on bitfields */
    fl.b = 6;
    fl.b++;
    fl.b++;
    fl.d = 15;
    fl.d -= 31;
    printf("inc b=%u d=%d\n", fl.b, fl.d);

    struct packed_bits pb = {0};
    pb.x = 3;
    pb.y = 63;
    pb.z = 511;
    pb.big = 0xfedcba9876ULL;
    pb.rest = 0xabcdefULL;
    printf("packed %u %u %u %llx %llx\n", pb.x, pb.y, pb.z, (unsigned long long)pb.big,
           (unsigned long long)pb.rest);
    pb.big += 0x10000000000ULL - 1;
    printf("big wrapped %llx rest %llx\n", (unsigned long long)pb.big, (unsigned long long)pb.rest);

    /* the bytes of a bitfield struct */
    union {
        struct flags f;
        unsigned char raw[sizeof(struct flags)];
    } view = {{0}};
    view.f.a = 1;
    view.f.b = 2;
    view.f.c = 15;
    view.f.d = -1;
    view.f.e = 3;
    view.f.f = 5;
    printf("raw:");
    for (unsigned i = 0; i < sizeof view.raw; i++)
        printf(" %02x", view.raw[i]);
    printf("\n");

    struct tagged ts[3] = {{0, {.i = 42}}, {1, {.d = 2.75}}, {2, {.s = "hello"}}};
    for (int i = 0; i < 3; i++)
        show(&ts[i]);
    ts[0].kind = 1;
    ts[0].as.d = -0.5;
    show(&ts[0]);
    return 0;
}

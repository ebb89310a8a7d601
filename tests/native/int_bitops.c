/* Bitwise and, or, xor and complement at several widths, plus classic
 * bit-twiddling loops. */
#include <stdio.h>

static unsigned vals[] = {0u, 1u, 0xffu, 0xf0f0f0f0u, 0x0f0f0f0fu, 0xdeadbeefu, 0x80000001u,
                          0xffffffffu, 0x12345678u};

static int popcount_loop(unsigned x) {
    int n = 0;
    while (x) {
        x &= x - 1;
        n++;
    }
    return n;
}

static unsigned reverse_bits(unsigned x) {
    unsigned r = 0;
    for (int i = 0; i < 32; i++) {
        r = (r << 1) | (x & 1u);
        x >>= 1;
    }
    return r;
}

static unsigned rotl(unsigned x, int k) {
    return k == 0 ? x : (x << k) | (x >> (32 - k));
}

int main(void) {
    int n = sizeof vals / sizeof vals[0];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            unsigned a = vals[i], b = vals[j];
            printf("%08x %08x: & %08x | %08x ^ %08x ~ %08x andnot %08x\n", a, b, a & b, a | b,
                   a ^ b, ~a, a & ~b);
        }

    for (int i = 0; i < n; i++) {
        unsigned a = vals[i];
        printf("%08x: pop=%d rev=%08x rotl7=%08x rotl31=%08x lowbit=%08x\n", a, popcount_loop(a),
               reverse_bits(a), rotl(a, 7), rotl(a, 31), a & -a);
    }

    /* signed operands: bit ops on negative numbers */
    int s[] = {-1, -2, -128, 127, 0x55555555, -0x55555556};
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 6; j++)
            printf("s %d %d: & %d | %d ^ %d ~ %d\n", s[i], s[j], s[i] & s[j], s[i] | s[j],
                   s[i] ^ s[j], ~s[i]);

    /* narrow types */
    unsigned char c1 = 0xa5, c2 = 0x3c;
    unsigned char cand = c1 & c2, cor = c1 | c2, cxor = c1 ^ c2, cnot = ~c1;
    printf("u8: %02x %02x %02x %02x\n", cand, cor, cxor, cnot);
    unsigned short h1 = 0xa5a5, h2 = 0x0ff0;
    unsigned short hand = h1 & h2, hor = h1 | h2, hxor = h1 ^ h2, hnot = ~h1;
    printf("u16: %04x %04x %04x %04x\n", hand, hor, hxor, hnot);

    /* 64-bit */
    unsigned long long q = 0x0123456789abcdefULL, r = 0xff00ff00ff00ff00ULL;
    printf("u64: %016llx %016llx %016llx %016llx\n", q & r, q | r, q ^ r, ~q);

    /* xorshift generator */
    unsigned long long st = 88172645463325252ULL;
    for (int k = 0; k < 12; k++) {
        st ^= st << 13;
        st ^= st >> 7;
        st ^= st << 17;
        printf("xorshift %d: %llu\n", k, st);
    }

    /* bit set / clear / toggle / test */
    unsigned flags = 0;
    for (int k = 0; k < 32; k += 5)
        flags |= 1u << k;
    printf("flags=%08x\n", flags);
    flags &= ~(1u << 10);
    flags ^= 0xffu;
    printf("flags=%08x bit15=%d bit10=%d\n", flags, (flags >> 15) & 1, !!(flags & (1u << 10)));
    return 0;
}

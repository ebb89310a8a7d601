/* Integer builtins that clang lowers to LLVM intrinsics: ctpop, ctlz,
 * cttz, bswap, bitreverse, fshl/fshr (rotates), and the overflow-checking
 * arithmetic family. */
#include <stdio.h>

static unsigned vals32[] = {1u, 2u, 3u, 0x80u, 0x8000u, 0x10000u, 0x7fffffffu, 0x80000000u,
                            0xdeadbeefu, 0xffffffffu, 0x00f000f0u};
static unsigned long long vals64[] = {1ULL, 0xffULL, 0x100000000ULL, 0x8000000000000000ULL,
                                      0x0123456789abcdefULL, 0xffffffffffffffffULL};

int main(void) {
    int n32 = sizeof vals32 / sizeof vals32[0];
    int n64 = sizeof vals64 / sizeof vals64[0];

    for (int i = 0; i < n32; i++) {
        unsigned x = vals32[i];
        printf("%08x: pop=%d clz=%d ctz=%d bswap=%08x brev=%08x rotl=%08x rotr=%08x\n", x,
               __builtin_popcount(x), __builtin_clz(x), __builtin_ctz(x), __builtin_bswap32(x),
               __builtin_bitreverse32(x), __builtin_rotateleft32(x, 9),
               __builtin_rotateright32(x, 9));
    }
    for (int i = 0; i < n64; i++) {
        unsigned long long x = vals64[i];
        printf("%016llx: pop=%d clz=%d ctz=%d bswap=%016llx rotl=%016llx\n", x,
               __builtin_popcountll(x), __builtin_clzll(x), __builtin_ctzll(x),
               __builtin_bswap64(x), __builtin_rotateleft64(x, 13));
    }
    unsigned short h = 0x12ab;
    printf("bswap16=%04x parity=%d ffs=%d\n", __builtin_bswap16(h), __builtin_parity(0x7u),
           __builtin_ffs(0x50));

    /* overflow-checking arithmetic */
    int ivals[] = {0, 1, -1, 1000, -1000, 65536, 2147483647, -2147483647 - 1};
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++) {
            int a = ivals[i], b = ivals[j], r1, r2, r3;
            int o1 = __builtin_sadd_overflow(a, b, &r1);
            int o2 = __builtin_ssub_overflow(a, b, &r2);
            int o3 = __builtin_smul_overflow(a, b, &r3);
            printf("s %d %d: add %d/%d sub %d/%d mul %d/%d\n", a, b, r1, o1, r2, o2, r3, o3);
        }
    unsigned uvals[] = {0u, 1u, 2u, 0x10000u, 0x7fffffffu, 0xffffffffu};
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 6; j++) {
            unsigned a = uvals[i], b = uvals[j], r1, r2, r3;
            int o1 = __builtin_uadd_overflow(a, b, &r1);
            int o2 = __builtin_usub_overflow(a, b, &r2);
            int o3 = __builtin_umul_overflow(a, b, &r3);
            printf("u %u %u: add %u/%d sub %u/%d mul %u/%d\n", a, b, r1, o1, r2, o2, r3, o3);
        }
    unsigned long long big = 0xffffffffffffffffULL, res;
    int o = __builtin_umulll_overflow(big, 2ULL, &res);
    printf("umulll %llu %d\n", res, o);
    long long sres;
    o = __builtin_saddll_overflow(9223372036854775807LL, 1LL, &sres);
    printf("saddll %lld %d\n", sres, o);
    return 0;
}

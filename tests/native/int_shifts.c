/* Shifts by every amount from 0 to width-1: logical shifts on unsigned
 * values, arithmetic right shifts on negative signed values. */
#include <stdio.h>

int main(void) {
    unsigned char uc = 0xb5;
    signed char sc = -75;
    for (int k = 0; k < 8; k++)
        printf("u8 %d: << %u >> %u | s8 >> %d\n", k, (unsigned char)(uc << k), uc >> k, sc >> k);

    unsigned short us = 0xa5c3;
    short ss = -23101;
    for (int k = 0; k < 16; k++)
        printf("u16 %d: << %u >> %u | s16 >> %d\n", k, (unsigned short)(us << k), us >> k, ss >> k);

    unsigned ui = 0xdeadbeefu;
    int si = -559038737;
    int pi = 0x5eadbeef;
    for (int k = 0; k < 32; k++)
        printf("u32 %d: << %08x >> %08x | s32 >> %d (%08x) | p32 >> %d\n", k, ui << k, ui >> k,
               si >> k, (unsigned)(si >> k), pi >> k);

    unsigned long long ul = 0xfedcba9876543210ULL;
    long long sl = -81985529216486896LL;
    for (int k = 0; k < 64; k++)
        printf("u64 %d: << %016llx >> %016llx | s64 >> %lld\n", k, ul << k, ul >> k, sl >> k);

    /* shift amount held in a wider or narrower type */
    unsigned long long amount = 5;
    unsigned char camount = 3;
    printf("%u %u %llu\n", ui >> amount, ui << camount, ul >> camount);

    /* building masks with shifts */
    for (int k = 0; k < 32; k += 3) {
        unsigned mask = (k == 0) ? 0u : (0xffffffffu >> (32 - k));
        printf("mask %d = %x\n", k, mask);
    }

    /* compound shift assignment */
    unsigned v = 1;
    for (int k = 0; k < 10; k++) {
        v <<= 3;
        v |= 1;
        printf("v=%u\n", v);
    }
    int neg = -1024;
    for (int k = 0; k < 6; k++) {
        neg >>= 2;
        printf("neg=%d\n", neg);
    }
    return 0;
}

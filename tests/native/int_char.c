/* char, signed char and unsigned char arithmetic: integer promotion,
 * wraparound on conversion back to the narrow type, and mixed operands. */
#include <stdio.h>

static signed char sc_vals[] = {0, 1, -1, 2, -2, 7, -8, 100, -100, 127, -128, 63, -64};
static unsigned char uc_vals[] = {0, 1, 2, 7, 8, 100, 127, 128, 129, 200, 254, 255};

int main(void) {
    int n_sc = sizeof sc_vals / sizeof sc_vals[0];
    int n_uc = sizeof uc_vals / sizeof uc_vals[0];

    for (int i = 0; i < n_sc; i++) {
        for (int j = 0; j < n_sc; j += 3) {
            signed char a = sc_vals[i], b = sc_vals[j];
            signed char sum = (signed char)(a + b);
            signed char diff = (signed char)(a - b);
            signed char prod = (signed char)(a * b);
            int wide = a * b;
            printf("sc %d %d: sum=%d diff=%d prod=%d wide=%d\n", a, b, sum, diff, prod, wide);
        }
    }

    for (int i = 0; i < n_uc; i++) {
        for (int j = 0; j < n_uc; j += 2) {
            unsigned char a = uc_vals[i], b = uc_vals[j];
            unsigned char sum = a + b;
            unsigned char diff = a - b;
            unsigned char prod = a * b;
            int promoted = a - b; /* promoted to int: may be negative */
            printf("uc %u %u: sum=%u diff=%u prod=%u promoted=%d\n", a, b, sum, diff, prod,
                   promoted);
            if (b != 0) {
                unsigned char q = a / b, r = a % b;
                printf("   q=%u r=%u\n", q, r);
            }
        }
    }

    /* increment / decrement wrap */
    unsigned char u = 250;
    for (int k = 0; k < 10; k++) {
        u++;
        printf("u++ -> %u\n", u);
    }
    signed char s = -125;
    for (int k = 0; k < 6; k++) {
        s--;
        printf("s-- -> %d\n", s);
    }

    /* compound assignment on narrow types */
    unsigned char acc = 1;
    for (int k = 0; k < 12; k++) {
        acc *= 3;
        acc += 7;
        acc ^= (unsigned char)k;
        printf("acc=%u\n", acc);
    }

    /* plain char (signed on x86-64) */
    char c = 'A';
    for (int k = 0; k < 5; k++) {
        char d = (char)(c + k * 40);
        printf("char %d -> %d\n", k, d);
    }

    /* unary minus and complement promote */
    for (int i = 0; i < n_uc; i++) {
        unsigned char a = uc_vals[i];
        printf("-%u=%d ~%u=%d (uc)~=%u\n", a, -a, a, ~a, (unsigned char)~a);
    }
    return 0;
}

/* short and unsigned short arithmetic, wraparound and promotion. */
#include <stdio.h>

static short s_vals[] = {0, 1, -1, 255, -256, 1000, -1000, 32767, -32768, 12345, -12345, 181};
static unsigned short u_vals[] = {0, 1, 2, 255, 256, 1000, 32767, 32768, 40000, 65534, 65535, 181};

int main(void) {
    int ns = sizeof s_vals / sizeof s_vals[0];
    int nu = sizeof u_vals / sizeof u_vals[0];

    for (int i = 0; i < ns; i++) {
        for (int j = 0; j < ns; j += 2) {
            short a = s_vals[i], b = s_vals[j];
            short sum = (short)(a + b);
            short diff = (short)(a - b);
            short prod = (short)(a * b);
            int wide = a * b;
            printf("s %d %d: %d %d %d %d", a, b, sum, diff, prod, wide);
            if (b != 0)
                printf(" q=%d r=%d", a / b, a % b);
            printf("\n");
        }
    }

    for (int i = 0; i < nu; i++) {
        for (int j = 0; j < nu; j += 3) {
            unsigned short a = u_vals[i], b = u_vals[j];
            unsigned short sum = a + b;
            unsigned short diff = a - b;
            unsigned short prod = (unsigned short)((unsigned)a * b);
            printf("us %u %u: %u %u %u", a, b, sum, diff, prod);
            if (b != 0)
                printf(" q=%u r=%u", a / b, a % b);
            printf("\n");
        }
    }

    unsigned short h = 7;
    for (int k = 0; k < 20; k++) {
        h = (unsigned short)(h * 31 + 17);
        printf("hash %d = %u\n", k, h);
    }

    short t = 32760;
    for (int k = 0; k < 12; k++) {
        t = (short)(t + 1);
        printf("t=%d\n", t);
    }
    return 0;
}

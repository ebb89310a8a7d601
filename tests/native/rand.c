/* rand, random, srand, srandom and rand_r give glibc's sequences. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    for (int i = 0; i < 40; i++)
        printf("%d%c", rand(), i % 8 == 7 ? '\n' : ' ');
    srand(42);
    for (int i = 0; i < 8; i++)
        printf("%d ", rand());
    srandom(0); /* 0 seeds as 1 */
    printf("\n%ld %ld\n", random(), random());
    srand(4294967295u);
    printf("%d %d\n", rand(), rand());
    unsigned seed = 1, big = 4000000000u;
    for (int i = 0; i < 8; i++)
        printf("%d %d\n", rand_r(&seed), rand_r(&big));
    printf("%u %u\n", seed, big);
    return 0;
}

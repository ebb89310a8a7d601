/* calloc returns zeroed memory; realloc grows and shrinks blocks while
 * preserving their contents; realloc(NULL, n) acts like malloc. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct item {
    int id;
    double score;
};

int main(void) {
    /* calloc zeroes every byte */
    int *z = calloc(10, sizeof *z);
    int nonzero = 0;
    for (int i = 0; i < 10; i++)
        nonzero += z[i] != 0;
    printf("calloc nonzero=%d\n", nonzero);
    double *dz = calloc(4, sizeof *dz);
    printf("calloc doubles %.1f %.1f\n", dz[0], dz[3]);
    free(dz);

    /* grow a calloc'ed block step by step; old contents survive */
    int cap = 10;
    for (int i = 0; i < cap; i++)
        z[i] = i * 3;
    for (int round = 0; round < 6; round++) {
        int newcap = cap * 2 + 1;
        z = realloc(z, newcap * sizeof *z);
        for (int i = cap; i < newcap; i++)
            z[i] = -i;
        long sum = 0;
        for (int i = 0; i < newcap; i++)
            sum += z[i];
        printf("cap %d -> %d: z[0]=%d z[9]=%d z[%d]=%d sum=%ld\n", cap, newcap, z[0], z[9], cap,
               z[cap], sum);
        cap = newcap;
    }
    /* shrink */
    z = realloc(z, 5 * sizeof *z);
    printf("shrunk: %d %d %d %d %d\n", z[0], z[1], z[2], z[3], z[4]);
    free(z);

    /* realloc(NULL, n) is malloc */
    char *s = realloc(NULL, 4);
    strcpy(s, "abc");
    for (int i = 0; i < 5; i++) {
        size_t len = strlen(s);
        s = realloc(s, len * 2 + 1);
        memcpy(s + len, s, len);
        s[len * 2] = 0;
        printf("string len %zu: %.12s...%s\n", strlen(s), s, s + strlen(s) - 3);
    }
    free(s);

    /* dynamic array of structs */
    struct item *items = NULL;
    int count = 0, capacity = 0;
    for (int i = 0; i < 37; i++) {
        if (count == capacity) {
            capacity = capacity ? capacity * 2 : 1;
            items = realloc(items, capacity * sizeof *items);
            printf("capacity %d\n", capacity);
        }
        items[count].id = i;
        items[count].score = i * 0.5 - 3.0;
        count++;
    }
    double total = 0;
    for (int i = 0; i < count; i++)
        total += items[i].score * (items[i].id % 3);
    printf("items=%d total=%.2f last=%d/%.1f\n", count, total, items[count - 1].id,
           items[count - 1].score);
    free(items);

    /* calloc of a struct array: all members zero */
    struct item *zs = calloc(3, sizeof *zs);
    printf("zs %d %.1f %d %.1f\n", zs[0].id, zs[0].score, zs[2].id, zs[2].score);
    zs = realloc(zs, 6 * sizeof *zs);
    zs[5].id = 5;
    zs[5].score = 5.5;
    printf("zs %d %.1f %d %.1f\n", zs[1].id, zs[1].score, zs[5].id, zs[5].score);
    free(zs);

    /* a 2D matrix allocated as an array of rows */
    int rows = 5, cols = 7;
    long **m = malloc(rows * sizeof *m);
    for (int r = 0; r < rows; r++) {
        m[r] = calloc(cols, sizeof **m);
        for (int c = 0; c < cols; c++)
            m[r][c] = (long)(r + 1) * (c + 1);
    }
    rows++;
    m = realloc(m, rows * sizeof *m);
    m[rows - 1] = calloc(cols, sizeof **m);
    for (int c = 0; c < cols; c++)
        for (int r = 0; r < rows - 1; r++)
            m[rows - 1][c] += m[r][c];
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++)
            printf("%4ld", m[r][c]);
        printf("\n");
        free(m[r]);
    }
    free(m);
    return 0;
}

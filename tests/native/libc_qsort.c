/* qsort and bsearch with program comparators: ints, doubles, strings
 * through pointers, structs by key, sizes 0 to 50, duplicates, reverse
 * and sorted input. A consistent comparator gives the same sorted array
 * whatever the algorithm; ties are broken by a second key so that the
 * (unspecified) order of equal elements does not show. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static int cmp_int_desc(const void *a, const void *b) { return cmp_int(b, a); }

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int cmp_str(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

struct rec {
    char name[8];
    int age;
};

static int cmp_rec(const void *a, const void *b) {
    const struct rec *x = a, *y = b;
    if (x->age != y->age)
        return x->age - y->age;
    return strcmp(x->name, y->name);
}

int main(void) {
    unsigned seed = 12345;
    for (int n = 0; n <= 50; n += (n < 10 ? 1 : 7)) {
        int a[64];
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            a[i] = (int)((seed >> 16) % 20) - 5;
        }
        qsort(a, (size_t)n, sizeof a[0], cmp_int);
        printf("n=%d:", n);
        for (int i = 0; i < n; i++)
            printf(" %d", a[i]);
        int key = 3;
        int *hit = bsearch(&key, a, (size_t)n, sizeof a[0], cmp_int);
        printf(" | 3 %s", hit ? "found" : "absent");
        if (hit)
            printf(" value %d", *hit);
        key = 100;
        printf(" | 100 %s\n", bsearch(&key, a, (size_t)n, sizeof a[0], cmp_int) ? "found" : "absent");
        qsort(a, (size_t)n, sizeof a[0], cmp_int_desc);
        printf("  desc:");
        for (int i = 0; i < n; i++)
            printf(" %d", a[i]);
        printf("\n");
    }
    int sorted[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    for (int k = 0; k <= 9; k++) {
        int *p = bsearch(&k, sorted, 8, sizeof(int), cmp_int);
        printf("bsearch %d -> %d\n", k, p ? (int)(p - sorted) : -1);
    }
    double d[] = {3.5, -1.25, 1e10, 0.0, -0.5, 2.75, 1e-3};
    qsort(d, 7, sizeof d[0], cmp_double);
    for (int i = 0; i < 7; i++)
        printf("%g ", d[i]);
    printf("\n");
    const char *words[] = {"pear", "apple", "fig", "banana", "cherry", "date", "apple"};
    qsort(words, 7, sizeof words[0], cmp_str);
    for (int i = 0; i < 7; i++)
        printf("%s ", words[i]);
    const char *want = "date";
    const char **w = bsearch(&want, words, 7, sizeof words[0], cmp_str);
    printf("| date at %d\n", w ? (int)(w - words) : -1);
    struct rec r[] = {{"eve", 30}, {"bob", 25}, {"amy", 30}, {"dan", 19}, {"cat", 25}};
    qsort(r, 5, sizeof r[0], cmp_rec);
    for (int i = 0; i < 5; i++)
        printf("%s:%d ", r[i].name, r[i].age);
    printf("\n");
    return 0;
}

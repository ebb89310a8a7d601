/* Sorting and searching on arrays without qsort: bubble, selection,
 * insertion, merge (with a heap buffer) and counting sort, plus binary
 * search. Exercises loops, index arithmetic and array stores. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 40

static void gen(int *v, int n, unsigned seed) {
    for (int i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        v[i] = (int)((seed >> 16) % 200) - 100;
    }
}

static void print(const char *label, const int *v, int n) {
    printf("%-9s", label);
    for (int i = 0; i < n; i++)
        printf(" %d", v[i]);
    printf("\n");
}

static void bubble(int *v, int n) {
    for (int pass = 0; pass < n - 1; pass++) {
        int swapped = 0;
        for (int i = 0; i + 1 < n - pass; i++)
            if (v[i] > v[i + 1]) {
                int t = v[i];
                v[i] = v[i + 1];
                v[i + 1] = t;
                swapped = 1;
            }
        if (!swapped)
            break;
    }
}

static void selection(int *v, int n) {
    for (int i = 0; i < n; i++) {
        int m = i;
        for (int j = i + 1; j < n; j++)
            if (v[j] < v[m])
                m = j;
        int t = v[i];
        v[i] = v[m];
        v[m] = t;
    }
}

static void merge_sort(int *v, int *tmp, int lo, int hi) {
    if (hi - lo < 2)
        return;
    int mid = lo + (hi - lo) / 2;
    merge_sort(v, tmp, lo, mid);
    merge_sort(v, tmp, mid, hi);
    int i = lo, j = mid, k = lo;
    while (i < mid && j < hi)
        tmp[k++] = v[i] <= v[j] ? v[i++] : v[j++];
    while (i < mid)
        tmp[k++] = v[i++];
    while (j < hi)
        tmp[k++] = v[j++];
    memcpy(v + lo, tmp + lo, (size_t)(hi - lo) * sizeof *v);
}

static void counting(int *v, int n) {
    int counts[200] = {0};
    for (int i = 0; i < n; i++)
        counts[v[i] + 100]++;
    int k = 0;
    for (int x = 0; x < 200; x++)
        while (counts[x]--)
            v[k++] = x - 100;
}

static int bsearch_idx(const int *v, int n, int key) {
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (v[mid] == key)
            return mid;
        if (v[mid] < key)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -(lo + 1);
}

static void sort_strings(const char **s, int n) {
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && strcmp(s[j - 1], s[j]) > 0; j--) {
            const char *t = s[j];
            s[j] = s[j - 1];
            s[j - 1] = t;
        }
}

int main(void) {
    int orig[N], a[N];
    gen(orig, N, 7);
    print("orig", orig, N);

    memcpy(a, orig, sizeof a);
    bubble(a, N);
    print("bubble", a, N);

    memcpy(a, orig, sizeof a);
    selection(a, N);
    print("select", a, N);

    memcpy(a, orig, sizeof a);
    int *tmp = malloc(N * sizeof *tmp);
    merge_sort(a, tmp, 0, N);
    free(tmp);
    print("merge", a, N);

    int c[N];
    memcpy(c, orig, sizeof c);
    counting(c, N);
    print("counting", c, N);
    printf("same: %d\n", memcmp(a, c, sizeof a) == 0);

    int keys[] = {-100, -50, 0, 7, 42, 99, a[0], a[N - 1], a[N / 2]};
    for (int i = 0; i < 9; i++) {
        int r = bsearch_idx(a, N, keys[i]);
        printf("search %d -> %s %d\n", keys[i], r >= 0 ? "found" : "insert at", r >= 0 ? a[r] : -r - 1);
    }

    const char *words[] = {"pear", "apple", "fig", "banana", "apricot", "cherry", "date", "app"};
    sort_strings(words, 8);
    for (int i = 0; i < 8; i++)
        printf("%s%c", words[i], i == 7 ? '\n' : ' ');

    /* matrix multiply */
    int A[3][4], B[4][2], C[3][2];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 4; j++)
            A[i][j] = i - j + 1;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 2; j++)
            B[i][j] = (i + 1) * (j ? -1 : 2);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 2; j++) {
            C[i][j] = 0;
            for (int k = 0; k < 4; k++)
                C[i][j] += A[i][k] * B[k][j];
            printf("C[%d][%d]=%d\n", i, j, C[i][j]);
        }
    return 0;
}

// expect: safe
// expect-output: sorted: 1 2 3 5 8 9
// expect-output: names: ann bob cid
// expect-output: found 8 at 4, 4 absent
// Two workers each sort half of a global table under a lock (qsort on a
// shared array, with comparators that only read their arguments); main
// merges nothing, just prints, and searches the result with bsearch.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int nums[6] = {9, 3, 5, 1, 8, 2};
const char *names[3] = {"cid", "ann", "bob"};
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static int by_value(const void *a, const void *b) {
    return *(const int *)a - *(const int *)b;
}

static int by_name(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void *sort_nums(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    qsort(nums, 6, sizeof nums[0], by_value);
    pthread_mutex_unlock(&m);
    return NULL;
}

static void *sort_names(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    qsort(names, 3, sizeof names[0], by_name);
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, sort_nums, NULL);
    pthread_create(&b, NULL, sort_names, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    printf("sorted: %d %d %d %d %d %d\n", nums[0], nums[1], nums[2], nums[3], nums[4], nums[5]);
    printf("names: %s %s %s\n", names[0], names[1], names[2]);
    int k = 8, missing = 4;
    int *hit = bsearch(&k, nums, 6, sizeof nums[0], by_value);
    int *miss = bsearch(&missing, nums, 6, sizeof nums[0], by_value);
    printf("found %d at %d, %d %s\n", *hit, (int)(hit - nums), missing, miss ? "found" : "absent");
    return 0;
}

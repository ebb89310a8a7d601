// expect: bug data-race
// bsearch over a global sorted table while another thread rewrites one
// of its entries: the comparator's reads race with the write.
#include <pthread.h>
#include <stdlib.h>

int table[5] = {10, 20, 30, 40, 50};

static int cmp(const void *a, const void *b) {
    return *(const int *)a - *(const int *)b;
}

static void *update(void *arg) {
    (void)arg;
    table[2] = 35;
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, update, NULL);
    int key = 30;
    int *hit = bsearch(&key, table, 5, sizeof table[0], cmp);
    pthread_join(t, NULL);
    return hit != NULL;
}

// expect: bug data-race assertion
// main parses a setting that a worker is still writing: the parse may see
// the old text or the new one.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

char setting[8] = "4";

static void *update(void *arg) {
    (void)arg;
    strcpy(setting, "16");
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, update, NULL);
    long workers = strtol(setting, NULL, 10);
    pthread_join(t, NULL);
    assert(workers == 16);
    return 0;
}

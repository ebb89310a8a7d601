// expect: bug data-race assertion
// A worker upper-cases a global string in place while main classifies
// it without a lock: main may see the old or the new case.
#include <assert.h>
#include <ctype.h>
#include <pthread.h>

char name[8] = "abc";

static void *shout(void *arg) {
    (void)arg;
    for (int i = 0; name[i]; i++)
        name[i] = (char)toupper((unsigned char)name[i]);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, shout, NULL);
    int lower = islower((unsigned char)name[0]);
    pthread_join(t, NULL);
    assert(lower);
    return 0;
}

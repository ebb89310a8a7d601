// expect: safe
// args: --env LANG=C
// expect-output: LANG=C kept=C replaced=fr old=C NEW=1 gone=1 einval -1 22 -1 22 -1 22
// expect-output: worker sees fr
// setenv adds and replaces variables (the overwrite flag decides), the
// string a previous getenv returned stays valid, unsetenv removes, bad
// names fail with EINVAL; a worker created afterwards sees the changes.
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static void *worker(void *arg) {
    (void)arg;
    printf("worker sees %s\n", getenv("LANG"));
    return NULL;
}

int main(void) {
    const char *before = getenv("LANG");
    setenv("LANG", "de", 0);
    const char *kept = getenv("LANG");
    setenv("LANG", "fr", 1);
    setenv("NEW", "1", 0);
    setenv("GONE", "x", 1);
    unsetenv("GONE");
    int r1 = setenv("A=B", "1", 1);
    int e1 = errno;
    int r2 = setenv("", "1", 1);
    int e2 = errno;
    int r3 = unsetenv("X=Y");
    int e3 = errno;
    printf("LANG=%s kept=%s replaced=%s old=%s NEW=%s gone=%d einval %d %d %d %d %d %d\n",
           before, kept, getenv("LANG"), before, getenv("NEW"), getenv("GONE") == NULL, r1, e1,
           r2, e2, r3, e3);
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
    return 0;
}

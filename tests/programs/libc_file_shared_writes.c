// expect: bug assertion
// args: --allow-writes data
// Two threads write to one shared stream (in memory: the disk is not
// modified); the file's contents depend on the order of the two fputs
// calls, which weft explores.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

FILE *out;

static void *writer(void *arg) {
    fputs((const char *)arg, out);
    return NULL;
}

int main(void) {
    out = fopen("data/shared-writes.txt", "w+");
    pthread_t a, b;
    pthread_create(&a, NULL, writer, "A");
    pthread_create(&b, NULL, writer, "B");
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    rewind(out);
    char buf[8] = {0};
    fread(buf, 1, 2, out);
    fclose(out);
    assert(strcmp(buf, "AB") == 0);
    return 0;
}

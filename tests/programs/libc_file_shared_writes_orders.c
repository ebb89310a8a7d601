// expect: safe executions=2
// args: --allow-writes data
// expect-output: 2 letters
// The twin of libc_file_shared_writes: both orders of the two fputs calls
// on the shared stream are explored (one execution each), with no race.
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
    assert(strcmp(buf, "AB") == 0 || strcmp(buf, "BA") == 0);
    printf("%zu letters\n", strlen(buf));
    return 0;
}

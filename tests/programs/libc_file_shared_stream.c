// expect: bug assertion
// Two threads read one character each from a shared stream: which thread
// gets 'a' depends on the order of the two fgetc calls, which conflict on
// the stream (and do not race: stdio locks its streams).
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

FILE *f;
int got[2];

static void *reader(void *arg) {
    int i = (int)(long)arg;
    got[i] = fgetc(f);
    return NULL;
}

int main(void) {
    f = fopen("data/letters.txt", "r");
    pthread_t a, b;
    pthread_create(&a, NULL, reader, (void *)0L);
    pthread_create(&b, NULL, reader, (void *)1L);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    fclose(f);
    assert(got[0] == 'a');
    return 0;
}

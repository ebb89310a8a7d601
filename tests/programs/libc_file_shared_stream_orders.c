// expect: safe executions=2
// expect-output: ab
// Two threads each read one character from a shared stream: two
// executions (the two orders of the fgetc calls), and no data race.
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
    assert(got[0] + got[1] == 'a' + 'b');
    printf("%c%c\n", got[0] < got[1] ? got[0] : got[1], got[0] < got[1] ? got[1] : got[0]);
    return 0;
}

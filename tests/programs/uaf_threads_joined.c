// expect: safe
// expect-output: job 1 payload 5
// Correct twin of uaf_threads.c: main frees the job only after the join.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct job {
    int id;
    int payload;
};

struct job *current;

static void *worker(void *arg) {
    (void)arg;
    struct job *j = current;
    printf("job %d payload %d\n", j->id, j->payload);
    return NULL;
}

int main(void) {
    pthread_t t;
    current = malloc(sizeof *current);
    current->id = 1;
    current->payload = 5;
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
    free(current);
    current = NULL;
    return 0;
}

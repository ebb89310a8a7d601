// expect: bug memory
// Main frees a job while the worker may still be reading it.
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
    free(current); /* too early: the worker may not have read it yet */
    pthread_join(t, NULL);
    return 0;
}

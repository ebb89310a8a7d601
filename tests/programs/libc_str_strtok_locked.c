// expect: safe
// expect-output: tokens 3 3
// The same two strtok users as libc_str_strtok_race.c, each holding a lock
// for its whole loop: no race, and each counts its own three tokens.
#include <pthread.h>
#include <stdio.h>
#include <string.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *split(void *arg) {
    (void)arg;
    char line[] = "a b c";
    long n = 0;
    pthread_mutex_lock(&m);
    for (char *t = strtok(line, " "); t; t = strtok(NULL, " "))
        n++;
    pthread_mutex_unlock(&m);
    return (void *)n;
}

int main(void) {
    pthread_t a, b;
    void *ra, *rb;
    pthread_create(&a, NULL, split, NULL);
    pthread_create(&b, NULL, split, NULL);
    pthread_join(a, &ra);
    pthread_join(b, &rb);
    printf("tokens %ld %ld\n", (long)ra, (long)rb);
    return 0;
}

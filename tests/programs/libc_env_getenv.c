// expect: safe
// args: --env MODE=fast --env EMPTY= --env EQ=a=b --env MODE=ignored
// expect-output: MODE=[fast] EMPTY=[] EQ=[a=b] HOME unset 1 MOD unset 1
// expect-output: worker sees fast
// expect-output: envp MODE=fast EMPTY= EQ=a=b MODE=ignored
// getenv returns the value of the first matching --env, in main and in
// another thread; unset names (and prefixes of set ones) give NULL; envp
// lists every string.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static void *worker(void *arg) {
    (void)arg;
    printf("worker sees %s\n", getenv("MODE"));
    return NULL;
}

int main(int argc, char **argv, char **envp) {
    (void)argc;
    (void)argv;
    printf("MODE=[%s] EMPTY=[%s] EQ=[%s] HOME unset %d MOD unset %d\n", getenv("MODE"),
           getenv("EMPTY"), getenv("EQ"), getenv("HOME") == NULL, getenv("MOD") == NULL);
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
    printf("envp");
    for (char **e = envp; *e; e++)
        printf(" %s", *e);
    printf("\n");
    return 0;
}

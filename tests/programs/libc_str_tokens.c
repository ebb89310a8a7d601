// expect: safe
// expect-output: worker 3 tokens, main 3 tokens
// expect-output: case 0 0 -2 stpcpy [key=value] memmem 4
// Two threads tokenise their own lines with strtok_r at the same time
// (each keeps its position in its own save pointer), then main compares
// without case, builds a string with stpcpy and searches with memmem.
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

static int count_tokens(char *line) {
    int n = 0;
    char *save;
    for (char *t = strtok_r(line, " ,", &save); t; t = strtok_r(NULL, " ,", &save))
        n++;
    return n;
}

static void *worker(void *arg) {
    (void)arg;
    char line[] = "red, green blue";
    return (void *)(long)count_tokens(line);
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    char line[] = "one two,three";
    int mine = count_tokens(line);
    void *theirs;
    pthread_join(t, &theirs);
    printf("worker %ld tokens, main %d tokens\n", (long)theirs, mine);
    char buf[32];
    char *end = stpcpy(stpcpy(stpcpy(buf, "key"), "="), "value");
    printf("case %d %d %d stpcpy [%s] memmem %d\n", strcasecmp("Hello", "hELLO"),
           strncasecmp("abcX", "ABCy", 3), strcasecmp("a", "C"), buf,
           (int)((char *)memmem(buf, (size_t)(end - buf), "=v", 2) - buf) + 1);
    return 0;
}

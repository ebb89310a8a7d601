// expect: bug data-race
// strtok keeps its position in one hidden pointer for the whole process:
// two threads tokenising their own private lines still race on it.
#include <pthread.h>
#include <string.h>

static void *split(void *arg) {
    (void)arg;
    char line[] = "a b c";
    int n = 0;
    for (char *t = strtok(line, " "); t; t = strtok(NULL, " "))
        n++;
    return (void *)(long)n;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, split, NULL);
    pthread_create(&b, NULL, split, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}

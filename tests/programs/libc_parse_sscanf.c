// expect: safe
// expect-output: parsed 3: [bob] 41 1.5
// expect-output: worker 2: 10 20
// sscanf into locals, and a worker that parses a request into a global
// struct which main reads after the join.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

struct point {
    int x, y;
} pt;
int fields;

static void *parse(void *arg) {
    fields = sscanf((const char *)arg, "(%d, %d)", &pt.x, &pt.y);
    return NULL;
}

int main(void) {
    char name[8];
    int age;
    double score;
    int n = sscanf("name=bob age=41 score=1.5", "name=%7s age=%d score=%lf", name, &age, &score);
    printf("parsed %d: [%s] %d %g\n", n, name, age, score);
    pthread_t t;
    pthread_create(&t, NULL, parse, "(10, 20)");
    pthread_join(t, NULL);
    printf("worker %d: %d %d\n", fields, pt.x, pt.y);
    return 0;
}

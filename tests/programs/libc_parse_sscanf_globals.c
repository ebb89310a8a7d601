// expect: safe
// expect-output: parsed 3: 10 20 [ok]
// sscanf into three different global objects under a lock, while another
// thread reads them under the same lock. The targets are in different
// objects, so each store is an event of its own.
#include <pthread.h>
#include <stdio.h>

int width, height;
char status[8];
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *reader(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    int area = width * height;
    pthread_mutex_unlock(&m);
    return (void *)(long)area;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, reader, NULL);
    pthread_mutex_lock(&m);
    int n = sscanf("10x20 ok", "%dx%d %7s", &width, &height, status);
    pthread_mutex_unlock(&m);
    pthread_join(t, NULL);
    printf("parsed %d: %d %d [%s]\n", n, width, height, status);
    return 0;
}

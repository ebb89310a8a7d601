// predict: violations=0
// Fixed twin of ptr_check_av.c: the check (line 19) and the use (line 20)
// of p hold the mutex, and so does the store of NULL (line 30); the store
// cannot come between the two reads of p.
#include <pthread.h>

extern void weft_atomic_begin(void);
extern void weft_atomic_end(void);

int storage = 42;
int *p = &storage;
int v = 0;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *reader(void *arg) {
    (void)arg;
    weft_atomic_begin();
    pthread_mutex_lock(&m);
    if (p != NULL) {
        v = *p;
    }
    pthread_mutex_unlock(&m);
    weft_atomic_end();
    return NULL;
}

static void *clearer(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    p = NULL;
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, reader, NULL);
    pthread_create(&t2, NULL, clearer, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return 0;
}

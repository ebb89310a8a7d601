// predict: violations=1
// Pointer check-then-use. Thread 1, in a transaction, tests p (line 26) and
// then dereferences it (line 27, which loads p again, then storage); thread 2
// sets p to NULL without any lock. Recorded run: thread 1 sees &storage
// twice and copies 42 into v, then thread 2 clears p. Thread 1's only
// local pair on p is (read@26, read@27); storage and v are accessed by
// thread 1 alone. Triple:
//   (T1 read p @26, T2 write p @35, T1 read p @27)  R-W-R
// Feasible: the check reads the initial &storage, so thread 1 takes its
// recorded branch; the second read of p then returns NULL. The run diverges
// only after that read (the dereference of NULL that follows is past the
// end of the erroneous prefix, so a replayed witness may end in a NULL
// dereference).
#include <pthread.h>

extern void weft_atomic_begin(void);
extern void weft_atomic_end(void);

int storage = 42;
int *p = &storage;
int v = 0;

static void *reader(void *arg) {
    (void)arg;
    weft_atomic_begin();
    if (p != NULL) {
        v = *p;
    }
    weft_atomic_end();
    return NULL;
}

static void *clearer(void *arg) {
    (void)arg;
    p = NULL;
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

// predict: violations=2
// A counter increment split over two critical sections: the read (line 25)
// and the write (line 28) each hold the mutex, but the mutex is released in
// between, and the whole increment is one transaction. Thread 1 adds 1,
// thread 2 adds 2. Each thread has one local pair (read@25, write@28); the
// other thread's read gives R-R-W (serializable), its write gives R-W-W:
//   (T1 read counter @25, T2 write counter @28, T1 write counter @28)  R-W-W
//   (T2 read counter @25, T1 write counter @28, T2 write counter @28)  R-W-W
// Both are feasible: the other thread's whole increment fits between the
// two critical sections. The steps differ so that the two writes of these
// lost-update reorderings store different values (1 and 2): with +1 twice
// both would store 1, and a checker using the paper's guarded independence
// (equal writes commute) would drop the triples.
#include <pthread.h>

extern void weft_atomic_begin(void);
extern void weft_atomic_end(void);

int counter = 0;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void increment(int step) {
    weft_atomic_begin();
    pthread_mutex_lock(&m);
    int tmp = counter;
    pthread_mutex_unlock(&m);
    pthread_mutex_lock(&m);
    counter = tmp + step;
    pthread_mutex_unlock(&m);
    weft_atomic_end();
}

static void *thread1(void *arg) {
    (void)arg;
    increment(1);
    return NULL;
}

static void *thread2(void *arg) {
    (void)arg;
    increment(2);
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, thread1, NULL);
    pthread_create(&t2, NULL, thread2, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return 0;
}

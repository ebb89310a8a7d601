// Parameterised bank, fully fixed (bank-nav of the Fusion paper's
// evaluation), with N = 8 worker threads and 8 accounts. As bank_sav_8.c
// (check and withdrawal under the nested account locks, ledger updated
// after them, lines 54 and 55), and in addition the workers take
// turns. Worker i waits under turn_lock until the shared variable turn is
// i (a condition variable, line 64) before its transaction, and sets it
// to i + 1 and broadcasts after it (line 68). The recorded run is serial.
// Expected result, no violation. The 16 ledger triples of bank_sav_8.c
// (16 = 2 x 8) survive must-happen-before pruning (no lock holds the
// ledger updates, and the turn protocol orders nothing by itself in the
// recorded run, where no worker waits), but the solver finds each one
// infeasible. Worker j > 0 runs its transaction only after reading
// turn = j, which only worker j - 1's store after its own transaction
// provides, so no transaction can start inside another.
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

#define N 8

int balance[N];
int ledger[N];
pthread_mutex_t acct_lock[N];
int turn;
pthread_mutex_t turn_lock = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t turn_cv = PTHREAD_COND_INITIALIZER;

static void lock_pair(int a, int b) {
    int lo = a < b ? a : b;
    int hi = a < b ? b : a;
    pthread_mutex_lock(&acct_lock[lo]);
    pthread_mutex_lock(&acct_lock[hi]);
}

static void unlock_pair(int a, int b) {
    int lo = a < b ? a : b;
    int hi = a < b ? b : a;
    pthread_mutex_unlock(&acct_lock[hi]);
    pthread_mutex_unlock(&acct_lock[lo]);
}

static void transfer(int from, int to, int amt) {
    int done = 0;
    __VERIFIER_atomic_begin();
    lock_pair(from, to);
    if (balance[from] >= amt) {
        balance[from] = balance[from] - amt;
        balance[to] = balance[to] + amt;
        done = 1;
    }
    unlock_pair(from, to);
    if (done) {
        ledger[from] = ledger[from] + 1;
        ledger[to] = ledger[to] + 1;
    }
    __VERIFIER_atomic_end();
}

static void *worker(void *arg) {
    int id = (int)(long)arg;
    pthread_mutex_lock(&turn_lock);
    while (turn != id)
        pthread_cond_wait(&turn_cv, &turn_lock);
    pthread_mutex_unlock(&turn_lock);
    transfer(id, (id + 1) % N, 10 + id);
    pthread_mutex_lock(&turn_lock);
    turn = id + 1;
    pthread_cond_broadcast(&turn_cv);
    pthread_mutex_unlock(&turn_lock);
    return NULL;
}

int main(void) {
    pthread_t t[N];
    for (int i = 0; i < N; i++) {
        balance[i] = 100;
        ledger[i] = 0;
        pthread_mutex_init(&acct_lock[i], NULL);
    }
    for (int i = 0; i < N; i++)
        pthread_create(&t[i], NULL, worker, (void *)(long)i);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], NULL);
    int total = 0;
    int lines = 0;
    for (int i = 0; i < N; i++) {
        total = total + balance[i];
        lines = lines + ledger[i];
    }
    return total == 100 * N && lines == 2 * N ? 0 : 1;
}

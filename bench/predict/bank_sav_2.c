// Parameterised bank, partly fixed (bank-sav of the Fusion paper's
// evaluation), with N = 2 worker threads and 2 accounts. As bank_av_2.c:
// worker i moves 10 + i from account i to account (i + 1) mod 2, in one
// transaction, once, but the check of the source balance (line 43) now
// runs under the two nested account locks (taken at line 42), with the
// withdrawal. The ledger updates after the locks are released (lines
// 50 and 51) are still unprotected. The recorded run is serial.
// Expected result, 4 confirmed violations (4 = 2 x 2), all R-W-W
// on ledger. For each worker and each of its two accounts, the other worker
// that shares the account updates its ledger between the worker's read and
// write. The check-then-withdraw triples of bank_av_2.c are gone: the
// check, the withdrawal and every deposit into the account hold that
// account's lock, so the mutual-exclusion pruning removes them.
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

#define N 2

int balance[N];
int ledger[N];
pthread_mutex_t acct_lock[N];

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
    transfer(id, (id + 1) % N, 10 + id);
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

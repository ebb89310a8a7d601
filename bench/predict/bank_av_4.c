// Parameterised bank, atomicity violations (bank-av of the Fusion paper's
// evaluation), with N = 4 worker threads and 4 accounts. Worker i moves
// 10 + i from account i to account (i + 1) mod 4, in one transaction, once.
// It checks the source balance (line 47) before taking the two account
// locks (nested, lower index first, line 48), moves the money under
// them, and after releasing them adds a statement line to both accounts
// (ledger, lines 52 and 53), a shared count that nothing protects.
// Balances start at 100, so every check passes whatever order the
// transfers run in; the recorded run is serial (worker 0 first).
// Expected result, 12 confirmed violations, every triple left after
// must-happen-before and mutual-exclusion pruning (12 = 3 x 4). For each
// worker, the deposit of worker i - 1 into its source account lands
// between its unlocked check and its withdrawal (R-W-R on balance, one per
// worker), and the other worker that shares each of its two accounts
// updates that account's ledger between its read and its write (R-W-W on
// ledger, two per worker). The triples between the withdrawal and a
// deposit into the same account are pruned (both hold that account's
// lock), and main's initialisation and final audit are ordered by create
// and join.
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

#define N 4

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
    __VERIFIER_atomic_begin();
    if (balance[from] >= amt) {
        lock_pair(from, to);
        balance[from] = balance[from] - amt;
        balance[to] = balance[to] + amt;
        unlock_pair(from, to);
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

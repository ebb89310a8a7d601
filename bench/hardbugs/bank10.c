// bank10: ten transfer threads and a conservation-of-money check.
// threads: 10 (besides main)
//
// Five accounts, each with its own mutex, and ten tellers started one after
// the other with no barrier.  Teller k moves AMOUNT from account k % 5 to
// account (k + 1 + k / 5) % 5, locking the two accounts' mutexes in index
// order, so the tellers are deadlock-free and every locked transfer
// preserves the total.  Teller AUDITED instead checks the balance of its
// source account before it locks (to refuse an overdraft early) and then,
// inside the locks, writes back that snapshot minus the amount rather than
// re-reading it.  A transfer into or out of that account committed between
// the snapshot and the lock is lost (or duplicated), and the money in the
// bank no longer adds up.
//
// Bug: lost update of one balance.  (c, v, t) = (1, 1, 2): one preemption,
// after the audited teller's snapshot of its source balance; one variable;
// two of the ten tellers.
#include <assert.h>
#include <pthread.h>
#include <stdint.h>

#define ACCOUNTS 5
#define TELLERS 10
#define AMOUNT 10
#define AUDITED 2

static pthread_mutex_t account_lock[ACCOUNTS] = {
    PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
    PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
};
static int balance[ACCOUNTS] = {100, 100, 100, 100, 100};

static void *teller(void *arg) {
    int k = (int)(intptr_t)arg;
    int from = k % ACCOUNTS;
    int to = (k + 1 + k / ACCOUNTS) % ACCOUNTS;
    int lo = from < to ? from : to;
    int hi = from < to ? to : from;
    int snapshot = 0;
    if (k == AUDITED) {
        snapshot = balance[from]; /* early overdraft check, unlocked */
        if (snapshot < AMOUNT)
            return 0;
    }
    pthread_mutex_lock(&account_lock[lo]);
    pthread_mutex_lock(&account_lock[hi]);
    if (k == AUDITED)
        balance[from] = snapshot - AMOUNT; /* stale */
    else
        balance[from] -= AMOUNT;
    balance[to] += AMOUNT;
    pthread_mutex_unlock(&account_lock[hi]);
    pthread_mutex_unlock(&account_lock[lo]);
    return 0;
}

int main(void) {
    pthread_t t[TELLERS];
    for (int k = 0; k < TELLERS; k++)
        pthread_create(&t[k], 0, teller, (void *)(intptr_t)k);
    for (int k = 0; k < TELLERS; k++)
        pthread_join(t[k], 0);
    int total = 0;
    for (int i = 0; i < ACCOUNTS; i++)
        total += balance[i];
    assert(total == ACCOUNTS * 100);
    return 0;
}

#!/usr/bin/env python3
"""Writes the parameterised bank programs of the `weft predict` benchmark.

    python3 bench/predict/gen.py          # from the workspace root

For N in 2, 4, 6, 8 it writes, next to this script:

* bank_av_N.c: N workers, worker i moves 10 + i from account i to account
  (i + 1) % N in one transaction; it checks the source balance before
  taking the two account locks (nested, lower index first), and counts the
  statement lines of both accounts (ledger) after releasing them;
* bank_sav_N.c: partly fixed, the check is moved under the account locks,
  the ledger updates still run outside them;
* bank_nav_N.c: fully fixed, as bank_sav_N.c, and the workers take turns
  (a shared turn variable, a mutex and a condition variable), so that no
  transfer, ledger update included, overlaps another.

The programs are deterministic; the generated files are committed, this
script only keeps them consistent.
"""

import re
from pathlib import Path

SIZES = (2, 4, 6, 8)

HEADERS = {
    "av": """\
// Parameterised bank, atomicity violations (bank-av of the Fusion paper's
// evaluation), with N = {n} worker threads and {n} accounts. Worker i moves
// 10 + i from account i to account (i + 1) mod {n}, in one transaction, once.
// It checks the source balance (line {check}) before taking the two account
// locks (nested, lower index first, line {lock}), moves the money under
// them, and after releasing them adds a statement line to both accounts
// (ledger, lines {led1} and {led2}), a shared count that nothing protects.
// Balances start at 100, so every check passes whatever order the
// transfers run in; the recorded run is serial (worker 0 first).
// Expected result, {av} confirmed violations, every triple left after
// must-happen-before and mutual-exclusion pruning ({av} = 3 x {n}). For each
// worker, the deposit of worker i - 1 into its source account lands
// between its unlocked check and its withdrawal (R-W-R on balance, one per
// worker), and the other worker that shares each of its two accounts
// updates that account's ledger between its read and its write (R-W-W on
// ledger, two per worker). The triples between the withdrawal and a
// deposit into the same account are pruned (both hold that account's
// lock), and main's initialisation and final audit are ordered by create
// and join.
""",
    "sav": """\
// Parameterised bank, partly fixed (bank-sav of the Fusion paper's
// evaluation), with N = {n} worker threads and {n} accounts. As bank_av_{n}.c:
// worker i moves 10 + i from account i to account (i + 1) mod {n}, in one
// transaction, once, but the check of the source balance (line {check}) now
// runs under the two nested account locks (taken at line {lock}), with the
// withdrawal. The ledger updates after the locks are released (lines
// {led1} and {led2}) are still unprotected. The recorded run is serial.
// Expected result, {sav} confirmed violations ({sav} = 2 x {n}), all R-W-W
// on ledger. For each worker and each of its two accounts, the other worker
// that shares the account updates its ledger between the worker's read and
// write. The check-then-withdraw triples of bank_av_{n}.c are gone: the
// check, the withdrawal and every deposit into the account hold that
// account's lock, so the mutual-exclusion pruning removes them.
""",
    "nav": """\
// Parameterised bank, fully fixed (bank-nav of the Fusion paper's
// evaluation), with N = {n} worker threads and {n} accounts. As bank_sav_{n}.c
// (check and withdrawal under the nested account locks, ledger updated
// after them, lines {led1} and {led2}), and in addition the workers take
// turns. Worker i waits under turn_lock until the shared variable turn is
// i (a condition variable, line {wait}) before its transaction, and sets it
// to i + 1 and broadcasts after it (line {pass}). The recorded run is serial.
// Expected result, no violation. The {nav} ledger triples of bank_sav_{n}.c
// ({nav} = 2 x {n}) survive must-happen-before pruning (no lock holds the
// ledger updates, and the turn protocol orders nothing by itself in the
// recorded run, where no worker waits), but the solver finds each one
// infeasible. Worker j > 0 runs its transaction only after reading
// turn = j, which only worker j - 1's store after its own transaction
// provides, so no transaction can start inside another.
""",
}

BODY_TOP = """\
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

#define N {n}

int balance[N];
int ledger[N];
pthread_mutex_t acct_lock[N];
"""

TURN_DECLS = """\
int turn;
pthread_mutex_t turn_lock = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t turn_cv = PTHREAD_COND_INITIALIZER;
"""

LOCK_PAIR = """
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
"""

TRANSFER_AV = """
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
"""

TRANSFER_FIXED = """
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
"""

WORKER = """
static void *worker(void *arg) {
    int id = (int)(long)arg;
    transfer(id, (id + 1) % N, 10 + id);
    return NULL;
}
"""

WORKER_TURNS = """
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
"""

MAIN = """
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
"""


def body(kind: str, n: int) -> str:
    parts = [BODY_TOP.format(n=n)]
    if kind == "nav":
        parts.append(TURN_DECLS)
    parts.append(LOCK_PAIR)
    parts.append(TRANSFER_AV if kind == "av" else TRANSFER_FIXED)
    parts.append(WORKER_TURNS if kind == "nav" else WORKER)
    parts.append(MAIN)
    return "".join(parts)


def line_of(lines: list[str], needle: str, start: int = 0) -> int:
    for i in range(start, len(lines)):
        if needle in lines[i]:
            return i + 1
    raise ValueError(needle)


def program(kind: str, n: int) -> str:
    header = HEADERS[kind]
    code = body(kind, n)
    # The header's line references: the header's length does not depend on
    # the numbers in it (each is at most two digits and fills its placeholder
    # on the same line), so number the code once with a dummy header.
    hlines = header.count("\n")
    lines = [""] * hlines + code.splitlines()
    refs = {
        "check": line_of(lines, "if (balance[from] >= amt)"),
        "lock": line_of(lines, "lock_pair(from, to);", line_of(lines, "static void transfer")),
        "led1": line_of(lines, "ledger[from] = ledger[from] + 1;"),
        "led2": line_of(lines, "ledger[to] = ledger[to] + 1;"),
    }
    if kind == "nav":
        refs["wait"] = line_of(lines, "pthread_cond_wait")
        refs["pass"] = line_of(lines, "turn = id + 1;")
    text = header.format(n=n, av=3 * n, sav=2 * n, nav=2 * n, **refs) + code
    # No header line may read like a `key: value` directive.
    for line in text.splitlines():
        assert not re.match(r"//\s*[a-z][\w-]*:", line), line
    assert text.count("\n") == hlines + code.count("\n")
    return text


def main() -> None:
    here = Path(__file__).resolve().parent
    for kind in ("av", "sav", "nav"):
        for n in SIZES:
            path = here / f"bank_{kind}_{n}.c"
            path.write_text(program(kind, n))
            print(path.name)


if __name__ == "__main__":
    main()

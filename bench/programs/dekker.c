/*
 * dekker(N): Dekker's mutual-exclusion algorithm for two threads, with
 * plain (volatile) shared variables; each thread enters its critical
 * section N times.  A plain counter of the threads inside the critical
 * section checks mutual exclusion.
 *
 * Entry: raise my flag, then look at the other's flag; on contention the
 * thread whose turn it is not lowers its flag until its turn comes.  Under SC one of
 * two racing threads always sees the other's flag.  Under TSO (and PSO)
 * the store of my flag can wait in my store buffer while I read the
 * other's flag (store->load reordering), so both threads can read 0 and
 * enter together.
 *
 * Built with -DFENCE, a full fence (__sync_synchronize) follows every store
 * that a later load must not overtake, precedes the stores that release
 * the critical section (under PSO they could otherwise overtake the
 * critical section's own stores) and separates the two: under PSO a
 * lowered flag can overtake `turn = other`, the other thread can enter,
 * leave and hand the turn back, and then the late store takes the turn
 * away again, so that the other thread backs off forever (a deadlock).
 * That makes it correct under SC, TSO and PSO.
 *
 * Without FENCE: correct under SC, mutual-exclusion violation (assertion)
 * under TSO and PSO.  With -DFENCE: correct under all three.
 * The program is racy on purpose: check it with --no-race-check.
 * Parameter: -DN=<critical-section entries per thread> (default 1).
 */
#include <assert.h>
#include <pthread.h>
#include <stdint.h>

#ifndef N
#define N 1
#endif

#ifdef FENCE
#define fence() __sync_synchronize()
#else
#define fence() ((void)0)
#endif

static volatile int flag[2], turn, in_cs;

static void *worker(void *arg) {
    int me = (int)(intptr_t)arg, other = 1 - me;
    for (int k = 0; k < N; k++) {
        flag[me] = 1;
        fence();
        while (flag[other]) {
            if (turn != me) {
                /* Not my turn: back off until it is. */
                flag[me] = 0;
                while (turn != me)
                    ;
                flag[me] = 1;
                fence();
            } else {
                /* My turn, and only I can give it away: wait for the other
                 * to back off.  (Polling flag alone keeps the spin a loop
                 * of one read, which weft recognises as a spin.) */
                while (flag[other])
                    ;
            }
        }
        /* critical section */
        in_cs++;
        assert(in_cs == 1);
        in_cs--;
        fence();
        turn = other;
        fence();
        flag[me] = 0;
    }
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, worker, (void *)(intptr_t)0);
    pthread_create(&b, 0, worker, (void *)(intptr_t)1);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}

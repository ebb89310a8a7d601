// aba_stack: the ABA problem on a lock-free (Treiber) stack.
// threads: 3 (besides main)
//
// The stack starts as top -> A -> B -> C.  Three threads:
//   popper:   pops one node and keeps it;
//   recycler: pops one node and pushes it straight back (a node cache);
//   taker:    pops one node and keeps it.
// pop() reads `top`, reads `top->next`, and swings `top` from the node it read
// to that next pointer with a compare-exchange.  The compare-exchange only
// compares pointers, so this interleaving corrupts the stack:
//   popper reads top = A and A->next = B;        <- preemption 1
//   recycler pops A;                             <- preemption 2
//   taker pops B (top = C);
//   recycler pushes A back (top = A, A->next = C);
//   popper's compare-exchange sees top == A and installs B.
// B is now both on the stack and owned by the taker.  The final check walks
// the stack and asserts every node is owned exactly once.
//
// Bug: ABA.  (c, v, t) = (2, 2, 3): two preemptions, after the popper's load
// of A->next and after the recycler's compare-exchange on `top`; two
// variables (A->next, top); all three threads involved.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

#define NODES 3
#define TRIES 8 /* at most 4 successful exchanges in all: never exhausted */

struct node {
    _Atomic(struct node *) next;
};

static struct node nodes[NODES];
static _Atomic(struct node *) top;
static struct node *kept[2];

static struct node *pop(void) {
    for (int i = 0; i < TRIES; i++) {
        struct node *old = atomic_load(&top);
        if (old == NULL)
            return NULL;
        struct node *next = atomic_load(&old->next);
        if (atomic_compare_exchange_strong(&top, &old, next))
            return old;
    }
    return NULL;
}

static void push(struct node *n) {
    for (int i = 0; i < TRIES; i++) {
        struct node *old = atomic_load(&top);
        atomic_store(&n->next, old);
        if (atomic_compare_exchange_strong(&top, &old, n))
            return;
    }
}

/* The popper (arg 0) and the taker (arg 1) keep what they pop. */
static void *keeper(void *arg) { kept[arg != 0] = pop(); return 0; }
static void *recycler(void *arg) {
    struct node *n = pop();
    if (n != NULL)
        push(n);
    return arg;
}

int main(void) {
    for (int i = 0; i < NODES; i++)
        atomic_store(&nodes[i].next, i + 1 < NODES ? &nodes[i + 1] : NULL);
    atomic_store(&top, &nodes[0]);
    pthread_t a, b, c;
    pthread_create(&a, 0, keeper, (void *)0);
    pthread_create(&b, 0, recycler, 0);
    pthread_create(&c, 0, keeper, (void *)1);
    pthread_join(a, 0), pthread_join(b, 0), pthread_join(c, 0);
    int owners[NODES] = {0};
    struct node *n = atomic_load(&top);
    for (int steps = 0; n != NULL && steps < 2 * NODES; steps++) {
        owners[n - nodes]++;
        n = atomic_load(&n->next);
    }
    for (int i = 0; i < 2; i++)
        if (kept[i] != NULL)
            owners[kept[i] - nodes]++;
    for (int i = 0; i < NODES; i++)
        assert(owners[i] == 1);
    return 0;
}

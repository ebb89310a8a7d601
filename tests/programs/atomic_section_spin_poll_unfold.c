// args: --por unfold
// expect: safe
// atomic_section_spin_poll.c under the unfolding, where plain accesses are
// local steps (no events): an iteration of section brackets alone must not
// count as a spin that touched nothing (it was reported as a deadlock).
// Main polls a flag inside an atomic section until the producer's section
// sets it. An iteration that only enters a section, reads the unchanged
// flag and leaves is a spin: main is blocked (outside any section) until
// the flag changes, instead of polling until --max-steps (the verdict was
// incomplete). The producer's plain write of `data` happens before its
// section, which main's later section reads after: no data race.
#include <assert.h>
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int flag, data, other;

static void *producer(void *arg) {
    (void)arg;
    data = 42;
    __VERIFIER_atomic_begin();
    flag = 1;
    __VERIFIER_atomic_end();
    return 0;
}

static void *bystander(void *arg) {
    (void)arg;
    __VERIFIER_atomic_begin();
    other = other + 1;
    __VERIFIER_atomic_end();
    return 0;
}

int main(void) {
    pthread_t p, b;
    pthread_create(&p, 0, producer, 0);
    pthread_create(&b, 0, bystander, 0);
    int seen = 0;
    while (!seen) {
        __VERIFIER_atomic_begin();
        seen = flag;
        __VERIFIER_atomic_end();
    }
    assert(data == 42);
    pthread_join(p, 0);
    pthread_join(b, 0);
    return 0;
}

// expect: bug assertion
// args: --no-race-check
// A reader-writer lock built from atomic sections and assumes (an
// SV-COMP-style task). The readers' non-atomic decrement of `r` can lose an
// update, letting the writer in while a reader is between its two reads of
// `x`. The writer's assume fails inside its atomic section in many
// executions; DPOR must still reverse the races of the events inside the
// section (by moving the other thread before the section) and let the
// other threads run before the section that ended the execution.
#include <assert.h>
#include <pthread.h>
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
extern void __VERIFIER_assume(int);
int w, r, x, y;
void *writer(void *a) { __VERIFIER_atomic_begin(); __VERIFIER_assume(w == 0 && r == 0); w = 1; __VERIFIER_atomic_end(); x = 3; w = 0; return 0; }
void *reader(void *a) { int l; __VERIFIER_atomic_begin(); __VERIFIER_assume(w == 0); r = r + 1; __VERIFIER_atomic_end();
                        l = x; y = l; assert(y == x); l = r - 1; r = l; return 0; }
int main(void) { pthread_t t1, t2, t3; pthread_create(&t1, 0, writer, 0); pthread_create(&t2, 0, reader, 0); pthread_create(&t3, 0, reader, 0);
                 pthread_join(t1, 0); pthread_join(t2, 0); pthread_join(t3, 0); return 0; }

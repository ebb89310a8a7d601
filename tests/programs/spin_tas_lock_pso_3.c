// args: --mm pso -- -DN=3
// expect: safe executions=6
// expect-output: counter 3
// A test-and-set lock (include/tas_lock.h) with 3 workers under PSO: one
// complete execution per order in which the workers take the lock (3! = 6).
// The executions in which a worker's exchange failed and it was spin-blocked
// until the release are counted apart (spin_blocked), not here.
#include "include/tas_lock.h"

// args: --mm pso
// expect: safe executions=2
// expect-output: counter 2
// A test-and-set lock (include/tas_lock.h) with 2 workers under PSO: one
// complete execution per order in which the workers take the lock (2! = 2).
// The executions in which a worker's exchange failed and it was spin-blocked
// until the release are counted apart (spin_blocked), not here.
#include "include/tas_lock.h"

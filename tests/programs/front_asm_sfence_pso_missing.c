// The message-passing program without its `sfence`: under PSO the flag
// store can reach memory before the data store, and the reader fails.
// expect: bug assertion
// args: --mm pso -- -DNOFENCE
#include "front_asm_sfence_pso.c"

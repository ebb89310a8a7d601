// expect: bug assertion
// expect-message: assertion `count == 2` failed
// The assertion function of another C library's <assert.h>, the old `__assert(expr, file, line)`,
// reports the failed expression (the program is in
// include/assert_spellings.h).
#define SPELLING 2
#include "include/assert_spellings.h"

// expect: bug assertion
// expect-message: assertion `count == 2` failed
// The assertion function of another C library's <assert.h>, newlib's `__assert_func(file, line, func, expr)`,
// reports the failed expression (the program is in
// include/assert_spellings.h).
#define SPELLING 1
#include "include/assert_spellings.h"

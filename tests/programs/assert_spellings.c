// expect: bug assertion
// expect-message: assertion `count == 2` failed
// The assertion function of another C library's <assert.h>, BSD and macOS `__assert_rtn(func, file, line, expr)`,
// reports the failed expression (the program is in
// include/assert_spellings.h).
#define SPELLING 0
#include "include/assert_spellings.h"

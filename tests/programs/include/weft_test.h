/* Helper header for include_dir.c; found only through -Iinclude. */
#ifndef WEFT_TEST_H
#define WEFT_TEST_H

#define WEFT_TEST_MAGIC 1234

static inline int weft_square(int x) { return x * x; }

#endif

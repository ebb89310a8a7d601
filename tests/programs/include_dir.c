// args: -- -Iinclude
// expect: safe executions=1
// expect-output: magic 1234 square 49
// A header found through a -I directory passed to clang (relative to
// tests/programs, the directory the harness runs weft in).
#include <stdio.h>
#include <weft_test.h>

int main(void) {
    printf("magic %d square %d\n", WEFT_TEST_MAGIC, weft_square(7));
    return 0;
}

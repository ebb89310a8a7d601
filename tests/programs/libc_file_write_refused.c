// expect: error
// expect-stderr: libc_file_write_refused.c:9
// expect-stderr: `fopen("data/out.txt", "w")` opens a file for writing
// expect-stderr: --allow-writes
// Opening a file for writing without --allow-writes is refused (exit 2).
#include <stdio.h>

int main(void) {
    FILE *f = fopen("data/out.txt", "w");
    if (f)
        fclose(f);
    return 0;
}

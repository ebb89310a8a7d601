// expect: incomplete
// expect-limit: max-memory
// A printf whose width asks for two billion spaces: weft does not build
// text that long (it keeps at most 64 MiB per call), so the execution ends
// as incomplete (limit max-memory) instead of exhausting weft's memory.
#include <stdio.h>

int main(void) {
    printf("%*d\n", 2147483000, 1);
    return 0;
}

// `void main()` (no parameters, no return value) exits with status 0.
// expect: safe
// expect-output: void main ran
#include <stdio.h>
void main() { printf("void main ran\n"); }

// expect: bug memory
// A 2 TiB stack array does not fit a thread's 8 MiB stack: a stack
// overflow, as natively (until 2026-11-28 weft had no stack size and ended
// the execution as incomplete, the array being larger than any object).
int main(void) {
    char a[1L << 41];
    a[0] = 1;
    return a[0] - 1;
}

// expect: incomplete
// args: --max-steps 50000
// expect-limit: max-steps
// A loop that stores to memory on every iteration is no hang, even when the
// registers repeat (the stored value is the same here, but weft does not
// compare memory for loops without visible operations): only the step
// bound stops it.
int main(void) {
    volatile int v = 0;
    for (;;)
        v = 0;
    return 0;
}

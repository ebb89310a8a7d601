// expect: incomplete
// expect-limit: max-memory
// A 2 TiB stack array is larger than any object weft can hold (natively it
// overflows the stack): the execution ends as incomplete.
int main(void) {
    char a[1L << 41];
    a[0] = 1;
    return a[0] - 1;
}

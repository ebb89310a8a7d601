// expect: error
// expect-stderr: error
// expect-stderr: expected expression
// Not valid C: weft must reject it with clang's diagnostics.
int main(void) {
    int x = ;
    return x
}

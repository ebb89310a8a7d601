// expect: error
// expect-stderr: global `big` of 68719476736 bytes
// A global larger than weft can address (32 GiB) is rejected by name.
char big[1L << 36];

int main(void) {
    big[0] = 1;
    return 0;
}

// expect: error
// args: --data-model ILP32
// expect-stderr: global `table` of 600000 bytes
// expect-stderr: ILP32
// A global larger than the 32-bit address packing's static objects (512
// KiB) is refused at load time (exit 2), never truncated.
char table[600000];

int main(void) {
  table[599999] = 1;
  return table[0];
}

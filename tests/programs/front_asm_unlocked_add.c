// A read-modify-write of memory without `lock` is not atomic: weft refuses
// it rather than guess.
// expect: error
// expect-stderr: inline assembly `addl $1, %0`
// expect-stderr: front_asm_unlocked_add.c:8
int n;
int main(void) {
  asm volatile("addl $1, %0" : "+m"(n));
  return n;
}

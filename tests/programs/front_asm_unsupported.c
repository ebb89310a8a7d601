// Inline assembly weft does not know is refused, naming the assembly
// string and its line.
// expect: error
// expect-stderr: inline assembly `cpuid`
// expect-stderr: front_asm_unsupported.c:9
int main(void) {
  unsigned a = 0, b, c, d;
  asm volatile("mfence" ::: "memory");
  asm volatile("cpuid" : "+a"(a), "=b"(b), "=c"(c), "=d"(d));
  return 0;
}

// A vector intrinsic weft does not implement is refused by name and line.
// expect: error
// expect-stderr: vector intrinsic `llvm.smax.v4i32`
// expect-stderr: front_vector_unsupported.c:9
typedef int v4si __attribute__((vector_size(16)));

int main(void) {
  v4si a = {1, 5, 3, 4}, b = {2, 2, 2, 2};
  v4si m = __builtin_elementwise_max(a, b);
  return m[0];
}

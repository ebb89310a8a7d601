// A call to an undeclared function weft does not model is still refused,
// by name and line.
// expect: error
// expect-stderr: `frobnicate`
// expect-stderr: front_legacy_undeclared.c:8
int main() {
  int x = 1;
  frobnicate(x);
  return 0;
}

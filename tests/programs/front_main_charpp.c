// int main(int argc, char **argv): argc counts argv[0].
// expect: safe
// args: --arg one
// expect-output: 2 one
#include <stdio.h>
int main(int argc, char **argv) {
  printf("%d %s\n", argc, argv[1]);
  return 0;
}

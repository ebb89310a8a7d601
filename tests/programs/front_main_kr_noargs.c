// `int main()` and implicit-int K&R `main(argc, argv)` both get argc = 1
// without --arg: the worker loop never starts a thread.
// expect: safe executions=1
// expect-output: argc=1 name=front_main_kr_noargs.c
#include <stdio.h>
main(argc, argv) int argc; char **argv; {
  printf("argc=%d name=%s\n", argc, argv[0]);
  return argc - 1;
}

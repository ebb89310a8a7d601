// main(int argc, char *argv[], char **envp): argv holds the file name and
// each --arg, NULL-terminated; envp is empty and NULL-terminated.
// expect: safe
// args: --arg hello --arg -x
// expect-output: argc=3 argv[0]=front_main_argv.c argv[1]=hello argv[2]=-x
// expect-output: argv[3]=(nil) envp[0]=(nil)
#include <assert.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char *argv[], char **envp) {
  printf("argc=%d argv[0]=%s argv[1]=%s argv[2]=%s\n", argc, argv[0], argv[1],
         argv[2]);
  printf("argv[3]=%p envp[0]=%p\n", (void *)argv[argc], (void *)envp[0]);
  assert(strcmp(argv[1], "hello") == 0);
  return 0;
}

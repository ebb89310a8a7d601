// expect: bug memory
// strcpy into a heap buffer one byte too small (the terminator overflows).
#include <stdlib.h>
#include <string.h>

int main(void) {
    const char *word = "hello";
    char *copy = malloc(strlen(word)); /* forgot + 1 */
    strcpy(copy, word);
    free(copy);
    return 0;
}

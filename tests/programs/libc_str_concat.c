// expect: safe
// expect-output: [hello, world] 12
// expect-output: [hello, wo] [hel] [hello] 5
// expect-output: dup [hello] ndup [he] [hello]
// strcat and strncat append and terminate; strdup and strndup copy onto
// the heap (strndup stops at n bytes, or earlier at the NUL).
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    char buf[16] = "hello";
    char *r = strcat(buf, ", world");
    assert(r == buf);
    printf("[%s] %d\n", buf, (int)strlen(buf));
    char a[16] = "hello";
    strncat(a, ", world", 4);
    char b[8] = "";
    strncat(b, "hello", 3);
    char c[8] = "hel";
    strncat(c, "lo", 100);
    printf("[%s] [%s] [%s] %d\n", a, b, c, (int)strlen(c));
    char *d = strdup("hello");
    char *e = strndup("hello", 2);
    char unterminated[5] = {'h', 'e', 'l', 'l', 'o'};
    char *f = strndup(unterminated, 5); /* reads exactly 5 bytes */
    printf("dup [%s] ndup [%s] [%s]\n", d, e, f);
    d[0] = 'j'; /* the copy is writable and its own */
    free(d);
    free(e);
    free(f);
    return 0;
}

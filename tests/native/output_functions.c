/* The other output functions: puts (appends a newline), putchar (returns
 * the character written), and their interleaving with printf. */
#include <stdio.h>

int main(void) {
    puts("hello from puts");
    puts("");
    puts("  leading spaces and a tab\there");
    int r = puts("puts returns a nonnegative value");
    printf("puts ok: %d\n", r >= 0);

    for (char c = 'a'; c <= 'z'; c++)
        putchar(c);
    putchar('\n');
    int pr = putchar('!');
    int pr2 = putchar(256 + 'A'); /* converted to unsigned char */
    putchar('\n');
    printf("putchar returned %d %d\n", pr, pr2);

    /* interleave the three functions inside one line */
    printf("a");
    putchar('b');
    printf("%c", 'c');
    puts("d");

    /* printing digits with putchar */
    for (int n = 0; n < 5; n++) {
        unsigned v = 1u;
        for (int k = 0; k < n * 7; k++)
            v *= 3;
        char tmp[12];
        int len = 0;
        do {
            tmp[len++] = (char)('0' + v % 10);
            v /= 10;
        } while (v);
        while (len > 0)
            putchar(tmp[--len]);
        putchar(n == 4 ? '\n' : ' ');
    }

    /* a string built character by character */
    char line[40];
    int i = 0;
    for (int k = 0; k < 26; k += 2)
        line[i++] = (char)('A' + k);
    line[i] = 0;
    puts(line);
    printf("%s|%s\n", line, line + 10);

    /* a box drawn with putchar */
    for (int y = 0; y < 4; y++) {
        for (int x = 0; x < 12; x++)
            putchar((y == 0 || y == 3) ? '-' : (x == 0 || x == 11) ? '|' : (x + y) % 3 ? ' ' : '*');
        putchar('\n');
    }
    printf("no trailing newline at the very end");
    return 0;
}

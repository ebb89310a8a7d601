/* String functions on stack, global and heap buffers: strlen, strcmp,
 * strncmp, strcpy, strncpy, plus hand-written character arithmetic. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *words[] = {"", "a", "abc", "abd", "ab", "abcd", "ABC", "zebra", "\x7f", "\x80x"};

static void upcase(char *s) {
    for (; *s; s++)
        if (*s >= 'a' && *s <= 'z')
            *s = (char)(*s - 'a' + 'A');
}

static void caesar(char *s, int k) {
    for (; *s; s++) {
        if (*s >= 'a' && *s <= 'z')
            *s = (char)('a' + (*s - 'a' + k) % 26);
        else if (*s >= 'A' && *s <= 'Z')
            *s = (char)('A' + (*s - 'A' + k) % 26);
    }
}

static int sign(int x) { return (x > 0) - (x < 0); }

int main(void) {
    int n = sizeof words / sizeof words[0];
    for (int i = 0; i < n; i++)
        printf("strlen(%d)=%zu\n", i, strlen(words[i]));
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            printf("cmp %d %d: %d n2 %d n3 %d n0 %d\n", i, j, sign(strcmp(words[i], words[j])),
                   sign(strncmp(words[i], words[j], 2)), sign(strncmp(words[i], words[j], 3)),
                   strncmp(words[i], words[j], 0));

    char buf[32];
    strcpy(buf, "hello");
    printf("copy '%s' len=%zu\n", buf, strlen(buf));
    char *ret = strcpy(buf + 5, ", world");
    printf("concat '%s' ret-buf=%td\n", buf, ret - buf);

    /* strncpy pads with NULs when the source is short, and does not
     * terminate when it is long */
    char pad[10];
    memset(pad, 'X', sizeof pad);
    strncpy(pad, "abc", 8);
    printf("pad:");
    for (int i = 0; i < 10; i++)
        printf(" %d", pad[i]);
    printf("\n");
    memset(pad, 'Y', sizeof pad);
    strncpy(pad, "abcdefghijkl", 6);
    printf("trunc:");
    for (int i = 0; i < 10; i++)
        printf(" %d", pad[i]);
    printf("\n");

    /* heap strings */
    const char *src = "The quick brown fox jumps over the lazy dog";
    size_t len = strlen(src);
    char *h = malloc(len + 1);
    strcpy(h, src);
    upcase(h);
    printf("upper: %s\n", h);
    caesar(h, 13);
    printf("rot13: %s\n", h);
    caesar(h, 13);
    printf("back:  %s\n", h);
    printf("cmp with src: %d, ncmp 3: %d\n", sign(strcmp(h, src)), sign(strncmp(h, src, 3)));
    free(h);

    /* character arithmetic and classification by hand */
    const char *text = "Hello, World! 123 xyz";
    int upper = 0, lower = 0, digits = 0, other = 0, digit_sum = 0;
    for (const char *p = text; *p; p++) {
        char c = *p;
        if (c >= 'A' && c <= 'Z')
            upper++;
        else if (c >= 'a' && c <= 'z')
            lower++;
        else if (c >= '0' && c <= '9') {
            digits++;
            digit_sum += c - '0';
        } else
            other++;
    }
    printf("upper=%d lower=%d digits=%d other=%d digit_sum=%d\n", upper, lower, digits, other,
           digit_sum);

    /* integer to string and back, by hand */
    int nums[] = {0, 7, -42, 12345, -2147483647, 2147483647};
    for (int i = 0; i < 6; i++) {
        char tmp[16];
        int v = nums[i], pos = 15, neg = v < 0;
        unsigned u = neg ? 0u - (unsigned)v : (unsigned)v;
        tmp[pos] = 0;
        do {
            tmp[--pos] = (char)('0' + u % 10);
            u /= 10;
        } while (u);
        if (neg)
            tmp[--pos] = '-';
        long parsed = 0;
        const char *p = &tmp[pos];
        int sgn = 1;
        if (*p == '-') {
            sgn = -1;
            p++;
        }
        while (*p)
            parsed = parsed * 10 + (*p++ - '0');
        printf("itoa %s parsed %ld len %zu\n", &tmp[pos], sgn * parsed, strlen(&tmp[pos]));
    }

    /* string literals: adjacent concatenation, escapes, embedded NUL */
    const char *joined = "abc" "def" "\t|\\|\"|\x41\101";
    printf("%s len=%zu\n", joined, strlen(joined));
    char with_nul[] = "ab\0cd";
    printf("sizeof=%zu strlen=%zu tail=%s\n", sizeof with_nul, strlen(with_nul), with_nul + 3);

    /* character constants */
    printf("'A'=%d '\\n'=%d '\\0'=%d '\\x7f'=%d 'z'-'a'=%d\n", 'A', '\n', '\0', '\x7f', 'z' - 'a');
    return 0;
}

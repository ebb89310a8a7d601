// native-ilp32: no (i386 glibc's strcasecmp returns -1/0/1, not the difference)
/* strtok and strtok_r (runs of delimiters, leading and trailing ones,
 * empty strings, changing delimiters), strcasecmp/strncasecmp (glibc
 * returns the difference of the lowered bytes), stpcpy and memmem. */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <strings.h>

int main(void) {
    static const char *inputs[] = {"a,b,,c", ",,lead", "trail,,", "", ",,,", "one", "x, y ;z"};
    for (unsigned k = 0; k < sizeof inputs / sizeof *inputs; k++) {
        char buf[32], buf2[32];
        strcpy(buf, inputs[k]);
        strcpy(buf2, inputs[k]);
        printf("[%s]:", inputs[k]);
        for (char *t = strtok(buf, ","); t; t = strtok(NULL, ", ;"))
            printf(" <%s>", t);
        char *save;
        printf(" |");
        for (char *t = strtok_r(buf2, ", ;", &save); t; t = strtok_r(NULL, ",", &save))
            printf(" <%s> %d", t, (int)(save - buf2));
        printf(" | again %s\n", strtok(NULL, ",") ? "token" : "null");
    }
    static const char *words[] = {"", "a", "A", "abc", "ABD", "abC", "Zeta", "zebra", "a\xff", "ab"};
    for (unsigned i = 0; i < sizeof words / sizeof *words; i++) {
        for (unsigned j = 0; j < sizeof words / sizeof *words; j++)
            printf(" %d/%d", strcasecmp(words[i], words[j]), strncasecmp(words[i], words[j], 2));
        printf("\n");
    }
    char dst[32];
    char *end = stpcpy(stpcpy(dst, "foo"), "bar");
    printf("stpcpy [%s] %d\n", dst, (int)(end - dst));
    const char hay[] = "abcabcabd";
    printf("memmem %d %d %d %d %d\n", (int)((char *)memmem(hay, 9, "abd", 3) - hay),
           (int)((char *)memmem(hay, 9, "cab", 3) - hay), memmem(hay, 9, "abe", 3) == NULL,
           (int)((char *)memmem(hay, 9, "", 0) - hay), memmem(hay, 2, "abc", 3) == NULL);
    return 0;
}

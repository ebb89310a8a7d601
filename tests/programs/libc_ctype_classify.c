// expect: safe
// expect-output: words 4 digits 2 upper HELLO, WORLD 42 TIMES! lower hello, world 42 times!
// expect-output: classes 1 1 1 1 1 1 1 1 1 1 1 1 eof 0 0 -1
// Counting words and digits with the ctype macros (glibc's table lookups)
// and converting case, in a worker thread and in main.
#include <assert.h>
#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

char text[] = "Hello, World 42 times!";
int words, digits;

static void *count(void *arg) {
    (void)arg;
    int in_word = 0;
    for (char *p = text; *p; p++) {
        if (isdigit((unsigned char)*p))
            digits++;
        if (isalpha((unsigned char)*p) || isdigit((unsigned char)*p)) {
            if (!in_word)
                words++;
            in_word = 1;
        } else {
            in_word = 0;
        }
    }
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, count, NULL);
    pthread_join(t, NULL);
    char up[32], low[32];
    size_t n = strlen(text);
    for (size_t i = 0; i <= n; i++) {
        up[i] = (char)toupper((unsigned char)text[i]);
        low[i] = (char)tolower((unsigned char)text[i]);
    }
    printf("words %d digits %d upper %s lower %s\n", words, digits, up, low);
    printf("classes %d %d %d %d %d %d %d %d %d %d %d %d eof %d %d %d\n",
           !!isalnum('z'), !!isspace('\v'), !!isupper('Q'), !!islower('q'),
           !!isxdigit('F'), !!ispunct('#'), !!isprint(' '), !!isgraph('~'),
           !!iscntrl('\n'), !!isblank('\t'), !isgraph(' '), !ispunct('a'),
           !!isalpha(EOF), !!isspace(EOF), tolower(EOF));
    return 0;
}

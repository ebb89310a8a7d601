// expect: safe
// expect-output: strchr 2 strrchr 9 strchr-nul 11 strchr-none 1
// expect-output: strstr 6 strstr-empty 0 strstr-none 1
// expect-output: strspn 3 strcspn 3 strpbrk 5 strpbrk-none 1
// expect-output: memchr 3 memchr-none 1 memrchr 7 strnlen 11 4 0
// expect-output: shared strchr 5
// Searching strings and raw memory, on private buffers and on a global
// buffer that a worker thread filled before the join.
#define _GNU_SOURCE
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

char shared_buf[32];

static void *fill(void *arg) {
    (void)arg;
    strcpy(shared_buf, "abcd:efgh");
    return NULL;
}

int main(void) {
    char s[] = "hello world";
    printf("strchr %d strrchr %d strchr-nul %d strchr-none %d\n",
           (int)(strchr(s, 'l') - s), (int)(strrchr(s, 'l') - s),
           (int)(strchr(s, '\0') - s), strchr(s, 'z') == NULL);
    printf("strstr %d strstr-empty %d strstr-none %d\n",
           (int)(strstr(s, "world") - s), (int)(strstr(s, "") - s),
           strstr(s, "worlds") == NULL);
    printf("strspn %d strcspn %d strpbrk %d strpbrk-none %d\n",
           (int)strspn("abcxyz", "cba"), (int)strcspn("abcxyz", "zx"),
           (int)(strpbrk(s, " ,") - s), strpbrk(s, "XYZ") == NULL);
    unsigned char raw[8] = {1, 2, 3, 4, 0, 6, 4, 8};
    printf("memchr %d memchr-none %d memrchr %d strnlen %d %d %d\n",
           (int)((unsigned char *)memchr(raw, 4, 8) - raw),
           memchr(raw, 9, 8) == NULL,
           (int)((unsigned char *)memrchr(raw, 8, 8) - raw),
           (int)strnlen(s, 100), (int)strnlen(s, 4), (int)strnlen(s, 0));
    /* memchr stops at the match: it reads nothing past it. */
    assert(memchr(raw, 1, 1000) == raw);
    pthread_t t;
    pthread_create(&t, NULL, fill, NULL);
    pthread_join(t, NULL);
    printf("shared strchr %d\n", (int)(strchr(shared_buf, 'e') - shared_buf));
    return 0;
}

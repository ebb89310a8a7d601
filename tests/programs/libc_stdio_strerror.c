// expect: safe
// expect-output: 2: No such file or directory
// expect-output: 22: Invalid argument
// expect-output: 11: Resource temporarily unavailable
// expect-output: 9999: Unknown error 9999
// expect-output: same pointer 1
// expect-output: open: No such file or directory
// strerror's glibc messages, and perror with errno from a failed fopen.
#include <errno.h>
#include <stdio.h>
#include <string.h>

int main(void) {
    int codes[] = {ENOENT, EINVAL, EAGAIN, 9999};
    for (int i = 0; i < 4; i++)
        printf("%d: %s\n", codes[i], strerror(codes[i]));
    printf("same pointer %d\n", strerror(EINVAL) == strerror(EINVAL));
    FILE *f = fopen("data/no-such-file.txt", "r");
    if (f != NULL)
        return 1;
    perror("open");
    return errno == ENOENT ? 0 : 2;
}

// expect: bug memory
// Each call keeps a 4 KiB array on the stack: 3,000 nested calls need about
// 12 MiB, past the 8 MiB a thread has, although the depth is small.
#include <string.h>

static int walk(int n) {
    char buf[4096];
    memset(buf, n & 0x7f, sizeof buf);
    if (n == 0)
        return buf[0];
    return walk(n - 1) + buf[1];
}

int main(void) {
    return walk(3000) == 0;
}

// expect: safe
// expect-output: online 4 conf 4 nprocs 4 4 page 4096 4096 bad -1 22
// sysconf describes weft's fixed machine: 4 processors, 4 KiB pages;
// other names fail with EINVAL.
#include <errno.h>
#include <stdio.h>
#include <sys/sysinfo.h>
#include <unistd.h>

int main(void) {
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    long conf = sysconf(_SC_NPROCESSORS_CONF);
    errno = 0;
    long bad = sysconf(_SC_CHILD_MAX);
    int e = errno;
    printf("online %ld conf %ld nprocs %d %d page %ld %ld bad %ld %d\n", online, conf,
           get_nprocs(), get_nprocs_conf(), sysconf(_SC_PAGESIZE), sysconf(_SC_PAGE_SIZE), bad,
           e);
    return 0;
}

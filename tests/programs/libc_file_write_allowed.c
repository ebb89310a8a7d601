// expect: safe
// args: --allow-writes data
// expect-output: read back: hello 7|more|z
// expect-output: append: hello 7|more|z|again
// Writing inside the --allow-writes directory: fprintf, fputs, fputc and
// fwrite go to an in-memory copy (the disk is not modified), which the
// program reads back; "a" appends.
#include <stdio.h>
#include <string.h>

static void show(const char *what) {
    FILE *g = fopen("data/written.txt", "r");
    char buf[64] = {0};
    size_t n = fread(buf, 1, sizeof buf - 1, g);
    buf[n] = 0;
    for (char *p = buf; *p; p++)
        if (*p == '\n')
            *p = '|';
    printf("%s: %s\n", what, buf);
    fclose(g);
}

int main(void) {
    FILE *f = fopen("data/written.txt", "w");
    if (!f)
        return 1;
    fprintf(f, "hello %d\n", 7);
    fputs("more\n", f);
    fputc('z', f);
    fclose(f);
    show("read back");
    f = fopen("data/written.txt", "a");
    fwrite("\nagain", 1, 6, f);
    fclose(f);
    show("append");
    return 0;
}

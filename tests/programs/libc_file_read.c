// expect: safe
// expect-output: 1: first line
// expect-output: 2: second line
// expect-output: 3: third
// expect-output: eof 1 error 0
// expect-output: fread 10 of 10: abcdefghij
// expect-output: short fread 4 eof 1
// expect-output: fgetc a b, seek 8 i, tell 9, end -1
// Reading files with fopen, fgets, fread, fgetc/getc, feof, ferror,
// fseek, ftell, rewind and fclose (data/ is next to this file;
// weft runs in tests/programs).
#include <stdio.h>

int main(void) {
    FILE *f = fopen("data/lines.txt", "r");
    if (f == NULL)
        return 1;
    char line[64];
    int n = 0;
    while (fgets(line, sizeof line, f) != NULL)
        printf("%d: %s", ++n, line);
    printf("eof %d error %d\n", feof(f) != 0, ferror(f) != 0);
    fclose(f);

    FILE *g = fopen("data/letters.txt", "rb");
    char buf[16] = {0};
    size_t got = fread(buf, 1, 10, g);
    printf("fread %zu of 10: %s\n", got, buf);
    rewind(g);
    fseek(g, 6, SEEK_SET);
    got = fread(buf, 1, 8, g);
    printf("short fread %zu eof %d\n", got, feof(g) != 0);
    rewind(g);
    int a = fgetc(g), b = getc(g);
    fseek(g, -2, SEEK_END);
    int i = fgetc(g);
    long t = ftell(g);
    fseek(g, 0, SEEK_END);
    printf("fgetc %c %c, seek 8 %c, tell %ld, end %d\n", a, b, i, t, fgetc(g));
    fclose(g);
    return 0;
}

// expect: safe
// expect-output: read after scribble: first line
// Scribbling over an fopen'd FILE object does not corrupt the stream: its
// state lives in weft, not in the object's bytes.
#include <stdio.h>
#include <string.h>

int main(void) {
    FILE *f = fopen("data/lines.txt", "r");
    memset((void *)f, 0xff, 64);
    char line[32];
    if (fgets(line, sizeof line, f) == NULL)
        return 1;
    printf("read after scribble: %s", line);
    fclose(f);
    return 0;
}

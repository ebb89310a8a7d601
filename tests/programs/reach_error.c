// expect: bug assertion
// Calling reach_error() is an assertion failure (SV-COMP convention).
extern void reach_error(void);

int main(void) {
    int total = 0;
    for (int i = 0; i < 4; i++)
        total += i;
    if (total == 6)
        reach_error();
    return 0;
}

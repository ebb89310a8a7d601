// expect: bug memory
// The class table __ctype_b_loc points to is read-only: writing to it is
// a finding, not a way to change the locale.
#include <ctype.h>

int main(void) {
    unsigned short *table = (unsigned short *)*__ctype_b_loc();
    table['a'] = 0;
    return isalpha('a');
}

/* <ctype.h> in the C locale, for every index glibc's tables cover
 * (-128..255): the header macros (table lookups through __ctype_b_loc
 * and friends) and the functions themselves, (isalpha)(c). */
#include <ctype.h>
#include <stdio.h>

int main(void) {
    for (int c = -128; c < 256; c++) {
        printf("%d: %x %x %x %x %x %x %x %x %x %x %x %x | %d %d %d %d", c,
               isalpha(c), isdigit(c), isalnum(c), isspace(c), isupper(c),
               islower(c), isxdigit(c), ispunct(c), isprint(c), isgraph(c),
               iscntrl(c), isblank(c), tolower(c), toupper(c), _tolower(c),
               _toupper(c));
        printf(" | %x %x %x %x %x %x %x %x %x %x %x %x %d %d %d\n", (isalpha)(c),
               (isdigit)(c), (isalnum)(c), (isspace)(c), (isupper)(c),
               (islower)(c), (isxdigit)(c), (ispunct)(c), (isprint)(c),
               (isgraph)(c), (iscntrl)(c), (isblank)(c), (tolower)(c),
               (toupper)(c), (isascii)(c));
    }
    int huge = 1000;
    printf("tolower(1000) %d toupper(-129) %d\n", (tolower)(huge), (toupper)(-129));
    return 0;
}

// expect: bug data-race
// A thread searches a global string while another one writes into it.
#include <pthread.h>
#include <string.h>

char text[16] = "a,b,c";

static void *edit(void *arg) {
    (void)arg;
    text[1] = ';';
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, edit, NULL);
    char *comma = strchr(text, ',');
    pthread_join(t, NULL);
    return comma != NULL;
}

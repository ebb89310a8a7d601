// expect: bug pthread-misuse
// sem_post on a semaphore that sem_init never set up.
#include <semaphore.h>

sem_t s;

int main(void) {
    sem_post(&s);
    return 0;
}

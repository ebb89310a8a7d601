// expect: safe
// expect-output: table ready 1
// C11 call_once runs the initialiser once; every caller sees its effect.
#include <assert.h>
#include <stdio.h>
#include <threads.h>

once_flag flag = ONCE_FLAG_INIT;
int table[4], inits;

static void setup(void) {
    inits++;
    for (int i = 0; i < 4; i++)
        table[i] = i * i;
}

static int worker(void *arg) {
    (void)arg;
    call_once(&flag, setup);
    return table[3];
}

int main(void) {
    thrd_t t;
    int r = 0;
    thrd_create(&t, worker, 0);
    call_once(&flag, setup);
    assert(table[2] == 4);
    thrd_join(t, &r);
    assert(r == 9);
    printf("table ready %d\n", inits);
    return 0;
}

// args: --strategy pctvb --pct-depth 2 --runs 200 --seed 2 --no-race-check
// expect: bug assertion
// expect-found: strategy=pctvb seed=2 depth=2
// An atomicity violation on one object: the writer fills a record field by
// field, the reader copies it field by field and expects a consistent copy
// (all fields old or all new). A torn copy needs one thread overtaken in
// the middle of its four accesses (depth 2, one variable: the record).
// PCT with variable bounding picks the record, the only shared variable,
// and puts its change point at one of the record's 8 accesses of a run; at
// the first three of the thread that runs first, the change (a fresh
// random priority) lets the other thread in between if that priority is
// low enough. Over many seeds about one run in ten to fifteen tears (the
// first run only measures the accesses); 200 runs find it.
#include <assert.h>
#include <pthread.h>

struct record {
    int a, b, c, d;
} rec;

static void *writer(void *arg) {
    (void)arg;
    rec.a = 1;
    rec.b = 1;
    rec.c = 1;
    rec.d = 1;
    return NULL;
}

static void *reader(void *arg) {
    (void)arg;
    int a = rec.a, b = rec.b, c = rec.c, d = rec.d;
    assert(a == b && b == c && c == d);
    return NULL;
}

int main(void) {
    pthread_t w, r;
    pthread_create(&w, NULL, writer, NULL);
    pthread_create(&r, NULL, reader, NULL);
    pthread_join(w, NULL);
    pthread_join(r, NULL);
    return 0;
}

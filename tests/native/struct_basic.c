/* Structs: layout (sizeof / offsetof), nested structs, arrays of structs,
 * struct assignment and copying, and pointers to members. */
#include <stdio.h>
#include <stddef.h>

struct point {
    int x, y;
};

struct mixed {
    char c;
    double d;
    short s;
    int i;
    char tail[3];
};

struct rect {
    struct point lo, hi;
    const char *name;
};

struct record {
    int id;
    struct point path[4];
    unsigned char tags[5];
    long long weight;
};

static int area(const struct rect *r) {
    return (r->hi.x - r->lo.x) * (r->hi.y - r->lo.y);
}

static void print_record(const struct record *r) {
    printf("record %d w=%lld path:", r->id, r->weight);
    for (int i = 0; i < 4; i++)
        printf(" (%d,%d)", r->path[i].x, r->path[i].y);
    printf(" tags:");
    for (int i = 0; i < 5; i++)
        printf(" %u", r->tags[i]);
    printf("\n");
}

int main(void) {
    printf("sizeof point=%zu mixed=%zu rect=%zu record=%zu\n", sizeof(struct point),
           sizeof(struct mixed), sizeof(struct rect), sizeof(struct record));
    printf("offsets mixed: c=%zu d=%zu s=%zu i=%zu tail=%zu\n", offsetof(struct mixed, c),
           offsetof(struct mixed, d), offsetof(struct mixed, s), offsetof(struct mixed, i),
           offsetof(struct mixed, tail));
    printf("offsets record: id=%zu path=%zu tags=%zu weight=%zu\n", offsetof(struct record, id),
           offsetof(struct record, path), offsetof(struct record, tags),
           offsetof(struct record, weight));

    struct mixed m = {'q', 2.5, -7, 100000, {'a', 'b', 'c'}};
    printf("mixed %c %.2f %d %d %c%c%c\n", m.c, m.d, m.s, m.i, m.tail[0], m.tail[1], m.tail[2]);

    /* designated and partial initialisers: the rest is zero */
    struct mixed z = {.i = 5, .c = 'z'};
    printf("partial %d %.1f %d %d %d\n", z.c, z.d, z.s, z.i, z.tail[2]);

    struct rect r = {{1, 2}, {11, 7}, "box"};
    printf("rect %s area=%d\n", r.name, area(&r));

    /* struct assignment copies all members */
    struct rect r2 = r;
    r2.hi.x = 21;
    r2.name = "wide";
    printf("r=%s %d r2=%s %d\n", r.name, area(&r), r2.name, area(&r2));

    /* array of structs */
    struct point pts[6];
    for (int i = 0; i < 6; i++) {
        pts[i].x = i * i;
        pts[i].y = 10 - 3 * i;
    }
    struct point sum = {0, 0};
    for (int i = 0; i < 6; i++) {
        sum.x += pts[i].x;
        sum.y += pts[i].y;
    }
    printf("sum=(%d,%d)\n", sum.x, sum.y);

    /* swap elements through struct assignment */
    for (int i = 0; i < 3; i++) {
        struct point t = pts[i];
        pts[i] = pts[5 - i];
        pts[5 - i] = t;
    }
    for (int i = 0; i < 6; i++)
        printf("pts[%d]=(%d,%d)\n", i, pts[i].x, pts[i].y);

    /* nested arrays inside structs */
    struct record recs[3];
    for (int k = 0; k < 3; k++) {
        recs[k].id = k + 1;
        recs[k].weight = 1000000000000LL * (k + 1);
        for (int i = 0; i < 4; i++) {
            recs[k].path[i].x = k * 10 + i;
            recs[k].path[i].y = -(k * 10 + i);
        }
        for (int i = 0; i < 5; i++)
            recs[k].tags[i] = (unsigned char)(250 + k + i);
    }
    recs[0] = recs[2];
    recs[0].id = 99;
    for (int k = 0; k < 3; k++)
        print_record(&recs[k]);

    /* pointers to members */
    int *px = &recs[1].path[2].x;
    *px += 1000;
    struct point *pp = &recs[1].path[0];
    pp[3].y = 4242;
    print_record(&recs[1]);

    /* anonymous struct and compound literal */
    struct {
        int a;
        struct {
            int b, c;
        } inner;
    } anon = {1, {2, 3}};
    anon.inner.c += anon.a + anon.inner.b;
    printf("anon %d %d %d\n", anon.a, anon.inner.b, anon.inner.c);
    struct point cl = (struct point){.y = 8, .x = -8};
    printf("compound literal (%d,%d)\n", cl.x, cl.y);
    return 0;
}

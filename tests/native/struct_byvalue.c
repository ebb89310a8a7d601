/* Passing and returning structs by value. The x86-64 ABI passes these in
 * very different ways (one register, two registers, SSE registers, a
 * float vector, or memory), so each shape gets its own functions. */
#include <stdio.h>

struct ii { int a, b; };
struct cs { char c; short s; };
struct ll { long long a, b; };
struct lll { long long a, b, c; };
struct dd { double x, y; };
struct ff { float x, y; };
struct fff { float x, y, z; };
struct id { int i; double d; };
struct big { int v[16]; char name[12]; };
struct one { char c; };

static struct ii ii_make(int a, int b) { struct ii r = {a, b}; return r; }
static struct ii ii_swap(struct ii p) { struct ii r = {p.b, p.a}; return r; }
static int ii_sum(struct ii p, struct ii q) { return p.a + p.b * 10 + q.a * 100 + q.b * 1000; }

static struct cs cs_inc(struct cs v) { v.c++; v.s--; return v; }

static struct ll ll_mul(struct ll v, long long k) { v.a *= k; v.b *= -k; return v; }
static struct lll lll_rot(struct lll v) { struct lll r = {v.b, v.c, v.a}; return r; }

static struct dd dd_scale(struct dd v, double k) { v.x *= k; v.y *= k; return v; }
static struct ff ff_add(struct ff a, struct ff b) { struct ff r = {a.x + b.x, a.y + b.y}; return r; }
static struct fff fff_cross(struct fff a, struct fff b) {
    struct fff r = {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
    return r;
}
static struct id id_mix(struct id v) { struct id r = {v.i * 2, v.d + v.i}; return r; }
static struct one one_next(struct one o) { o.c++; return o; }

static struct big big_fill(int seed) {
    struct big b;
    for (int i = 0; i < 16; i++)
        b.v[i] = seed * i - 7;
    for (int i = 0; i < 11; i++)
        b.name[i] = (char)('a' + (seed + i) % 26);
    b.name[11] = 0;
    return b;
}

/* callee modifies its copy; the caller's value must not change */
static int big_sum_and_clobber(struct big b) {
    int s = 0;
    for (int i = 0; i < 16; i++) {
        s += b.v[i];
        b.v[i] = 0;
    }
    b.name[0] = '#';
    return s;
}

static struct big big_pass_through(struct big b, int delta) {
    for (int i = 0; i < 16; i++)
        b.v[i] += delta;
    return b;
}

/* many struct arguments, forcing some onto the stack */
static double many(struct dd a, struct dd b, struct dd c, struct dd d, struct dd e,
                   struct ii f, struct ll g, struct ii h) {
    return a.x + b.y + c.x + d.y + e.x + e.y + f.a + f.b + (double)g.a + (double)g.b + h.a - h.b;
}

int main(void) {
    struct ii p = ii_make(3, -4);
    struct ii q = ii_swap(p);
    printf("ii %d %d -> %d %d sum=%d\n", p.a, p.b, q.a, q.b, ii_sum(p, q));

    struct cs c = {'a', 100};
    for (int i = 0; i < 3; i++) {
        c = cs_inc(c);
        printf("cs %c %d\n", c.c, c.s);
    }

    struct ll l = {123456789012LL, -5};
    l = ll_mul(l, 3);
    printf("ll %lld %lld\n", l.a, l.b);
    struct lll t = {1, 2, 3};
    for (int i = 0; i < 4; i++) {
        t = lll_rot(t);
        printf("lll %lld %lld %lld\n", t.a, t.b, t.c);
    }

    struct dd d = {1.5, -2.25};
    d = dd_scale(d, 3.0);
    printf("dd %.4f %.4f\n", d.x, d.y);
    struct ff f1 = {0.1f, 0.2f}, f2 = {0.3f, 0.4f};
    struct ff f3 = ff_add(f1, f2);
    printf("ff %.9g %.9g\n", f3.x, f3.y);
    struct fff ex = {1, 0, 0}, ey = {0, 1, 0};
    struct fff ez = fff_cross(ex, ey);
    struct fff w = fff_cross((struct fff){1.5f, -2.0f, 0.5f}, (struct fff){0.25f, 4.0f, -1.0f});
    printf("fff %.3f %.3f %.3f | %.3f %.3f %.3f\n", ez.x, ez.y, ez.z, w.x, w.y, w.z);

    struct id m = {7, 0.5};
    m = id_mix(id_mix(m));
    printf("id %d %.3f\n", m.i, m.d);

    struct one o = {'x'};
    o = one_next(one_next(o));
    printf("one %c\n", o.c);

    struct big b = big_fill(5);
    int s = big_sum_and_clobber(b);
    printf("big sum=%d v[3]=%d name=%s\n", s, b.v[3], b.name);
    struct big b2 = big_pass_through(b, 100);
    printf("big2 v[0]=%d v[15]=%d orig v[0]=%d name=%s\n", b2.v[0], b2.v[15], b.v[0], b2.name);

    /* struct returned straight into an array element and a member access */
    struct big arr[2];
    arr[1] = big_fill(9);
    arr[0] = arr[1];
    arr[0].v[0] = -1;
    printf("arr %d %d %d %s\n", arr[0].v[0], arr[1].v[0], big_fill(2).v[4], arr[0].name);

    double r = many((struct dd){1, 2}, (struct dd){3, 4}, (struct dd){5, 6}, (struct dd){7, 8},
                    (struct dd){9, 10}, (struct ii){11, 12}, (struct ll){13, 14},
                    (struct ii){15, 16});
    printf("many=%.1f\n", r);
    return 0;
}

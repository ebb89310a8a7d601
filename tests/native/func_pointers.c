/* Function pointers: direct and indirect calls, tables of functions,
 * callbacks, functions returning function pointers and a comparator-driven
 * insertion sort. */
#include <stdio.h>

typedef int (*binop)(int, int);

static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }
static int max(int a, int b) { return a > b ? a : b; }
static int min(int a, int b) { return a < b ? a : b; }

static const struct {
    const char *name;
    binop fn;
} ops[] = {{"add", add}, {"sub", sub}, {"mul", mul}, {"max", max}, {"min", min}};

static int fold(const int *v, int n, binop f, int init) {
    int acc = init;
    for (int i = 0; i < n; i++)
        acc = f(acc, v[i]);
    return acc;
}

static binop pick(char c) {
    switch (c) {
    case '+': return add;
    case '-': return sub;
    case '*': return mul;
    default: return 0;
    }
}

static int cmp_asc(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}
static int cmp_desc(const void *a, const void *b) { return cmp_asc(b, a); }
static int cmp_abs(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    x = x < 0 ? -x : x;
    y = y < 0 ? -y : y;
    return (x > y) - (x < y);
}

/* stable insertion sort on ints using a comparator */
static void isort(int *v, int n, int (*cmp)(const void *, const void *)) {
    for (int i = 1; i < n; i++) {
        int key = v[i];
        int j = i - 1;
        while (j >= 0 && cmp(&v[j], &key) > 0) {
            v[j + 1] = v[j];
            j--;
        }
        v[j + 1] = key;
    }
}

static void print_arr(const char *label, const int *v, int n) {
    printf("%s:", label);
    for (int i = 0; i < n; i++)
        printf(" %d", v[i]);
    printf("\n");
}

static double apply_d(double (*f)(double), double x) { return f(x); }
static double square(double x) { return x * x; }
static double half(double x) { return x / 2; }

static void visit(int depth, void (*cb)(int, void *), void *ctx) {
    for (int i = 0; i < depth; i++)
        cb(i, ctx);
}
static void accumulate(int i, void *ctx) { *(long *)ctx += (long)i * i; }

struct machine {
    int state;
    int (*step)(struct machine *);
};
static int step_b(struct machine *m);
static int step_a(struct machine *m) { m->state += 3; m->step = step_b; return m->state; }
static int step_b(struct machine *m) { m->state *= 2; m->step = step_a; return m->state; }

int main(void) {
    int vals[] = {7, -3, 12, 0, 5, -8, 9};
    int n = 7;
    for (unsigned i = 0; i < sizeof ops / sizeof ops[0]; i++)
        printf("%s(10,4)=%d fold=%d\n", ops[i].name, ops[i].fn(10, 4), fold(vals, n, ops[i].fn, 1));

    const char *expr = "+-*+*";
    int acc = 2;
    for (const char *c = expr; *c; c++) {
        binop f = pick(*c);
        acc = f(acc, 3);
        printf("%c -> %d\n", *c, acc);
    }
    printf("pick('/') null: %d\n", pick('/') == 0);

    int v1[7], v2[7], v3[7];
    for (int i = 0; i < n; i++)
        v1[i] = v2[i] = v3[i] = vals[i];
    isort(v1, n, cmp_asc);
    isort(v2, n, cmp_desc);
    isort(v3, n, cmp_abs);
    print_arr("asc", v1, n);
    print_arr("desc", v2, n);
    print_arr("abs", v3, n);

    double (*dfs[])(double) = {square, half, square};
    double x = 3.0;
    for (int i = 0; i < 3; i++) {
        x = apply_d(dfs[i], x);
        printf("x=%.3f\n", x);
    }

    long total = 0;
    visit(10, accumulate, &total);
    printf("total=%ld\n", total);

    struct machine m = {1, step_a};
    for (int i = 0; i < 8; i++)
        printf("machine %d\n", m.step(&m));

    /* comparing function pointers */
    binop f1 = add, f2 = &add, f3 = sub;
    printf("eq %d %d\n", f1 == f2, f1 == f3);
    printf("via deref %d %d\n", (*f1)(2, 3), (**f3)(2, 3));
    return 0;
}

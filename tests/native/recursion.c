/* Recursion: Fibonacci, Ackermann, mutual recursion, Towers of Hanoi,
 * gcd, permutations and a recursive descent expression evaluator. */
#include <stdio.h>

static long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

static int ack(int m, int n) {
    if (m == 0)
        return n + 1;
    if (n == 0)
        return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}

static int is_odd(unsigned n);
static int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }
static int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }

static int moves;
static void hanoi(int n, char from, char to, char via) {
    if (n == 0)
        return;
    hanoi(n - 1, from, via, to);
    moves++;
    if (n >= 4)
        printf("move disk %d %c->%c\n", n, from, to);
    hanoi(n - 1, via, to, from);
}

static unsigned long long gcd(unsigned long long a, unsigned long long b) {
    return b == 0 ? a : gcd(b, a % b);
}

static void permute(char *s, int k, int n, int *count) {
    if (k == n) {
        (*count)++;
        if (*count % 5 == 1)
            printf("perm %d %s\n", *count, s);
        return;
    }
    for (int i = k; i < n; i++) {
        char t = s[k]; s[k] = s[i]; s[i] = t;
        permute(s, k + 1, n, count);
        t = s[k]; s[k] = s[i]; s[i] = t;
    }
}

/* expr := term (('+'|'-') term)*, term := factor (('*'|'/') factor)*,
 * factor := number | '(' expr ')' | '-' factor */
static const char *cur;
static long expr(void);
static long factor(void) {
    if (*cur == '(') {
        cur++;
        long v = expr();
        cur++; /* ')' */
        return v;
    }
    if (*cur == '-') {
        cur++;
        return -factor();
    }
    long v = 0;
    while (*cur >= '0' && *cur <= '9')
        v = v * 10 + (*cur++ - '0');
    return v;
}
static long term(void) {
    long v = factor();
    while (*cur == '*' || *cur == '/') {
        char op = *cur++;
        long r = factor();
        v = op == '*' ? v * r : v / r;
    }
    return v;
}
static long expr(void) {
    long v = term();
    while (*cur == '+' || *cur == '-') {
        char op = *cur++;
        long r = term();
        v = op == '+' ? v + r : v - r;
    }
    return v;
}

static int depth_sum(int n) { return n == 0 ? 0 : n + depth_sum(n - 1); }

int main(void) {
    for (int i = 0; i <= 16; i += 2)
        printf("fib(%d)=%ld\n", i, fib(i));
    for (int m = 0; m <= 2; m++)
        for (int n = 0; n <= 3; n++)
            printf("ack(%d,%d)=%d\n", m, n, ack(m, n));
    printf("ack(3,3)=%d\n", ack(3, 3));
    for (unsigned n = 0; n < 12; n += 3)
        printf("even(%u)=%d odd(%u)=%d\n", n, is_even(n), n, is_odd(n));
    printf("even(1001)=%d\n", is_even(1001));
    hanoi(6, 'A', 'C', 'B');
    printf("moves=%d\n", moves);
    printf("gcd %llu %llu %llu\n", gcd(1071, 462), gcd(17, 5), gcd(1ULL << 40, 6ULL << 20));
    char s[] = "abcd";
    int count = 0;
    permute(s, 0, 4, &count);
    printf("permutations=%d s=%s\n", count, s);
    const char *exprs[] = {"1+2*3", "(1+2)*3", "100/7-3*(2-5)", "-(4+-6)*-3", "2*(3*(4*(5+1)))"};
    for (int i = 0; i < 5; i++) {
        cur = exprs[i];
        printf("%s = %ld\n", exprs[i], expr());
    }
    printf("depth_sum(2000)=%d\n", depth_sum(2000));
    return 0;
}

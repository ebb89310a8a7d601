/* Control flow: dense and sparse switches (with fallthrough and default),
 * goto (forward, backward, out of nested loops), do/while, for with break
 * and continue, nested ternaries and the comma operator. */
#include <stdio.h>

static const char *dense(int x) {
    switch (x) {
    case 0: return "zero";
    case 1: return "one";
    case 2: return "two";
    case 3: return "three";
    case 4: return "four";
    case 5: return "five";
    case 6: return "six";
    case 7: return "seven";
    default: return "many";
    }
}

static int sparse(long long x) {
    switch (x) {
    case -1000000: return 1;
    case -7: return 2;
    case 0: return 3;
    case 13: return 4;
    case 4096: return 5;
    case 65537: return 6;
    case 1LL << 40: return 7;
    default: return 0;
    }
}

static int fallthrough(int x) {
    int r = 0;
    switch (x) {
    case 1: r += 1; /* fall through */
    case 2: r += 10; /* fall through */
    case 3: r += 100; break;
    case 4:
    case 5: r = -1; break;
    default: r = 999; /* fall through */
    case 9: r += 5;
    }
    return r;
}

static int char_class(char c) {
    switch (c) {
    case 'a': case 'e': case 'i': case 'o': case 'u': return 1;
    case ' ': return 2;
    case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9': return 3;
    }
    return 0;
}

static int unsigned_switch(unsigned char u) {
    switch (u) {
    case 0: return 0;
    case 127: return 1;
    case 128: return 2;
    case 255: return 3;
    default: return -1;
    }
}

int main(void) {
    for (int i = -2; i < 10; i++)
        printf("dense(%d)=%s\n", i, dense(i));
    long long sp[] = {-1000000, -7, -6, 0, 13, 14, 4096, 65537, 1LL << 40, (1LL << 40) + 1};
    for (int i = 0; i < 10; i++)
        printf("sparse(%lld)=%d\n", sp[i], sparse(sp[i]));
    for (int i = 0; i < 11; i++)
        printf("fallthrough(%d)=%d\n", i, fallthrough(i));
    const char *text = "a quick 42 test";
    int classes[4] = {0, 0, 0, 0};
    for (const char *p = text; *p; p++)
        classes[char_class(*p)]++;
    printf("classes %d %d %d %d\n", classes[0], classes[1], classes[2], classes[3]);
    unsigned char us[] = {0, 1, 127, 128, 200, 255};
    for (int i = 0; i < 6; i++)
        printf("uswitch(%u)=%d\n", us[i], unsigned_switch(us[i]));

    /* goto: a backward loop, then leaving nested loops */
    int k = 0, acc = 0;
again:
    acc += k * k;
    if (++k < 10)
        goto again;
    printf("goto loop acc=%d\n", acc);

    int fi = -1, fj = -1;
    for (int i = 0; i < 10; i++)
        for (int j = 0; j < 10; j++)
            if (i * j == 42) {
                fi = i;
                fj = j;
                goto found;
            }
found:
    printf("found %d*%d=42\n", fi, fj);

    /* goto-based cleanup chain */
    int stage = 0;
    for (int trial = 0; trial < 3; trial++) {
        stage = 0;
        if (trial == 0)
            goto fail0;
        stage = 1;
        if (trial == 1)
            goto fail1;
        stage = 2;
        printf("trial %d succeeded at stage %d\n", trial, stage);
        continue;
    fail1:
        printf("trial %d undo stage 1\n", trial);
    fail0:
        printf("trial %d undo stage 0 (stage=%d)\n", trial, stage);
    }

    /* do/while runs at least once */
    int n = 100, steps = 0;
    do {
        n = (n % 2) ? 3 * n + 1 : n / 2;
        steps++;
    } while (n != 1);
    printf("collatz(100) steps=%d\n", steps);
    int once = 0;
    do
        once++;
    while (0);
    printf("once=%d\n", once);

    /* for with break and continue */
    int sum = 0;
    for (int i = 0;; i++) {
        if (i % 3 == 0)
            continue;
        if (i > 40)
            break;
        sum += i;
    }
    printf("sum=%d\n", sum);
    int primes = 0;
    for (int i = 2; i < 200; i++) {
        int prime = 1;
        for (int d = 2; d * d <= i; d++) {
            if (i % d == 0) {
                prime = 0;
                break;
            }
        }
        if (!prime)
            continue;
        primes++;
        if (i > 180)
            printf("prime %d\n", i);
    }
    printf("primes below 200: %d\n", primes);

    /* while with a complex condition and nested break */
    int a = 0, b = 100;
    while (a < b && (b - a) % 7 != 0) {
        a += 3;
        b -= 2;
        if (a == b)
            break;
    }
    printf("a=%d b=%d\n", a, b);

    /* nested ternaries and the comma operator */
    for (int i = -3; i <= 3; i++) {
        const char *s = i < 0 ? (i < -2 ? "very negative" : "negative") : i == 0 ? "zero"
                      : (i > 2 ? "very positive" : "positive");
        int t = (i > 0) ? i * 10 : (i < 0) ? -i * 100 : 7;
        printf("%d: %s %d\n", i, s, t);
    }
    int x = 0, y = 0;
    for (int i = 0, j = 10; i < j; i++, j--)
        x += i, y += j;
    int z = (x++, y++, x + y);
    printf("x=%d y=%d z=%d\n", x, y, z);

    /* switch inside a loop with continue and break */
    int outputs = 0;
    for (int i = 0; i < 12; i++) {
        switch (i % 4) {
        case 0:
            continue;
        case 1:
            outputs += 1;
            break;
        case 2:
            if (i > 8)
                goto done;
            outputs += 10;
            break;
        default:
            outputs += 100;
        }
        outputs += 1000;
    }
done:
    printf("outputs=%d\n", outputs);
    return 0;
}

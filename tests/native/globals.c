/* Global and static data: initialised arrays and structs, structs holding
 * pointers to other globals, string tables, zero-initialised globals,
 * static locals that keep their value across calls, and file-scope
 * statics modified at run time. */
#include <stdio.h>

int counter;               /* zero-initialised */
static double dzero[4];    /* zero-initialised */
int primes[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29};
const char *names[] = {"alpha", "beta", "gamma", "delta", "epsilon"};
static const char greeting[] = "hi there";
char mutable_text[16] = "mutable";
long long big_values[3] = {-1, 1LL << 50, 0x7fffffffffffffffLL};
unsigned char bytes[8] = {1, 2, 3}; /* rest zero */
float floats[] = {0.5f, -1.25f, 3.0e10f};

struct point { int x, y; };
struct point origin = {0, 0};
struct point corners[] = {{1, 1}, {-1, 1}, {-1, -1}, {1, -1}};

struct entry {
    const char *name;
    int *value;
    struct point *where;
    const struct entry *next;
};

int shared_value = 10;
const struct entry tail_entry = {"tail", &primes[4], &corners[2], 0};
const struct entry mid_entry = {"mid", &shared_value, &origin, &tail_entry};
const struct entry head_entry = {"head", &counter, &corners[0], &mid_entry};

/* pointer arithmetic inside a constant initialiser */
int *prime_ptr = primes + 3;
const char *greeting_tail = greeting + 3;
int (*prime_table)[10] = &primes;

static int next_id(void) {
    static int id = 100;
    return id++;
}

static int running_sum(int x) {
    static int sum;
    static int calls = 0;
    calls++;
    sum += x;
    return sum * 1000 + calls;
}

static const char *weekday(int d) {
    static const char *const days[] = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
    return days[d % 7];
}

struct config {
    const char *label;
    int levels[3];
    struct point pos;
    double scale;
} configs[] = {
    {"first", {1, 2, 3}, {4, 5}, 0.5},
    {"second", {6}, {.y = 7}, 1.5},
    {.label = "third", .scale = -2.0},
};

int main(void) {
    printf("counter=%d dzero=%.1f %.1f\n", counter, dzero[0], dzero[3]);
    for (int i = 0; i < 10; i++)
        printf("%d ", primes[i]);
    printf("\n");
    for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
        printf("names[%u]=%s second=%c\n", i, names[i], names[i][1]);
    printf("%s / %s / %s\n", greeting, greeting_tail, mutable_text);
    mutable_text[0] = 'M';
    mutable_text[7] = '!';
    printf("%s\n", mutable_text);
    printf("%lld %lld %lld\n", big_values[0], big_values[1], big_values[2]);
    for (int i = 0; i < 8; i++)
        printf("%u", bytes[i]);
    printf("\n%.3f %.3f %.1f\n", floats[0], floats[1], floats[2]);

    for (const struct entry *e = &head_entry; e; e = e->next)
        printf("entry %s value=%d at (%d,%d)\n", e->name, *e->value, e->where->x, e->where->y);
    counter = 5;
    shared_value *= 3;
    corners[0].x = 42;
    for (const struct entry *e = &head_entry; e; e = e->next)
        printf("entry %s value=%d at (%d,%d)\n", e->name, *e->value, e->where->x, e->where->y);

    printf("prime_ptr=%d prime_table[0][9]=%d\n", *prime_ptr, (*prime_table)[9]);
    *prime_ptr = 70;
    printf("primes[3]=%d\n", primes[3]);

    for (int i = 0; i < 5; i++)
        printf("id=%d\n", next_id());
    for (int i = 1; i <= 5; i++)
        printf("running=%d\n", running_sum(i * i));
    for (int d = 0; d < 10; d += 3)
        printf("day %d=%s\n", d, weekday(d));

    for (int i = 0; i < 3; i++)
        printf("config %s [%d %d %d] (%d,%d) %.2f\n", configs[i].label, configs[i].levels[0],
               configs[i].levels[1], configs[i].levels[2], configs[i].pos.x, configs[i].pos.y,
               configs[i].scale);

    /* modify globals through a function and observe */
    for (int i = 0; i < 4; i++) {
        dzero[i] += i * 1.5;
        counter += i;
    }
    printf("after: counter=%d dzero=%.1f %.1f %.1f %.1f\n", counter, dzero[0], dzero[1], dzero[2],
           dzero[3]);
    return 0;
}

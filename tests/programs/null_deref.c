// expect: bug memory
// Dereferencing the NULL returned by a failed lookup.
#include <stddef.h>
#include <stdio.h>

struct node {
    int key;
    struct node *next;
};

static struct node *find(struct node *head, int key) {
    for (struct node *n = head; n != NULL; n = n->next)
        if (n->key == key)
            return n;
    return NULL;
}

int main(void) {
    struct node b = {2, NULL};
    struct node a = {1, &b};
    struct node *hit = find(&a, 3);
    printf("%d\n", hit->key);
    return 0;
}

/* Heap-allocated data structures: a singly linked list (push, append,
 * reverse, remove, free), a binary search tree and a growable stack. */
#include <stdio.h>
#include <stdlib.h>

struct node {
    int value;
    struct node *next;
};

static struct node *push(struct node *head, int v) {
    struct node *n = malloc(sizeof *n);
    n->value = v;
    n->next = head;
    return n;
}

static void append(struct node **head, int v) {
    while (*head)
        head = &(*head)->next;
    *head = malloc(sizeof **head);
    (*head)->value = v;
    (*head)->next = NULL;
}

static struct node *reverse(struct node *head) {
    struct node *prev = NULL;
    while (head) {
        struct node *next = head->next;
        head->next = prev;
        prev = head;
        head = next;
    }
    return prev;
}

static int remove_value(struct node **head, int v) {
    int removed = 0;
    while (*head) {
        if ((*head)->value == v) {
            struct node *dead = *head;
            *head = dead->next;
            free(dead);
            removed++;
        } else {
            head = &(*head)->next;
        }
    }
    return removed;
}

static void print_list(const char *label, const struct node *n) {
    printf("%s:", label);
    for (; n; n = n->next)
        printf(" %d", n->value);
    printf("\n");
}

static void free_list(struct node *n) {
    while (n) {
        struct node *next = n->next;
        free(n);
        n = next;
    }
}

struct tree {
    int key;
    int count;
    struct tree *left, *right;
};

static struct tree *insert(struct tree *t, int key) {
    if (!t) {
        t = calloc(1, sizeof *t);
        t->key = key;
        t->count = 1;
        return t;
    }
    if (key < t->key)
        t->left = insert(t->left, key);
    else if (key > t->key)
        t->right = insert(t->right, key);
    else
        t->count++;
    return t;
}

static void inorder(const struct tree *t) {
    if (!t)
        return;
    inorder(t->left);
    printf(" %d", t->key);
    if (t->count > 1)
        printf("x%d", t->count);
    inorder(t->right);
}

static int height(const struct tree *t) {
    if (!t)
        return 0;
    int l = height(t->left), r = height(t->right);
    return 1 + (l > r ? l : r);
}

static void free_tree(struct tree *t) {
    if (!t)
        return;
    free_tree(t->left);
    free_tree(t->right);
    free(t);
}

int main(void) {
    struct node *list = NULL;
    for (int i = 0; i < 8; i++)
        list = push(list, i * i % 7);
    print_list("pushed", list);
    for (int i = 10; i < 14; i++)
        append(&list, i);
    print_list("appended", list);
    list = reverse(list);
    print_list("reversed", list);
    int removed = remove_value(&list, 2);
    printf("removed %d\n", removed);
    removed = remove_value(&list, 13);
    printf("removed %d\n", removed);
    print_list("after remove", list);
    removed = remove_value(&list, 99);
    printf("removed %d\n", removed);
    free_list(list);

    struct tree *root = NULL;
    unsigned seed = 17;
    for (int i = 0; i < 40; i++) {
        seed = seed * 1664525u + 1013904223u;
        root = insert(root, (int)(seed >> 24) % 50);
    }
    printf("tree:");
    inorder(root);
    printf("\nheight=%d\n", height(root));
    free_tree(root);

    /* array-backed stack that grows by doubling with malloc + copy */
    int cap = 2, len = 0;
    long *stack = malloc(cap * sizeof *stack);
    for (int i = 0; i < 50; i++) {
        if (len == cap) {
            long *bigger = malloc(2 * cap * sizeof *bigger);
            for (int k = 0; k < len; k++)
                bigger[k] = stack[k];
            free(stack);
            stack = bigger;
            cap *= 2;
            printf("grew to %d\n", cap);
        }
        stack[len++] = (long)i * i * i;
    }
    long s = 0;
    while (len > 0)
        s += stack[--len];
    printf("stack sum=%ld\n", s);
    free(stack);

    /* many small allocations freed in a different order */
    int *ptrs[16];
    for (int i = 0; i < 16; i++) {
        ptrs[i] = malloc((i + 1) * sizeof(int));
        for (int k = 0; k <= i; k++)
            ptrs[i][k] = i + k;
    }
    int check = 0;
    for (int i = 0; i < 16; i += 2) {
        check += ptrs[i][i];
        free(ptrs[i]);
    }
    for (int i = 1; i < 16; i += 2) {
        check += ptrs[i][i / 2];
        free(ptrs[i]);
    }
    printf("check=%d\n", check);
    free(NULL);
    return 0;
}

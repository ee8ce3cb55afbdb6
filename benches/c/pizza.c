/* The plain baseline of scripts/bench-pizza.sh: every pizza of N slices
 * over 0..K-1 (no symmetry classes), each solved by the O(n^2) interval
 * recurrence on the circle, on one thread. Prints the worst share of the
 * first player and how many pizzas attain it.
 *
 * The recurrence: for the len slices from l round the circle, the mover's
 * margin D(l, len) = max(v[l] - D(l+1, len-1), v[l+len-1] - D(l, len-1))
 * (indices mod n), all n starts of one length at a time; the first player
 * takes slice i and then faces -D(i+1, n-1).
 *
 * Build: gcc -O2 -o pizza pizza.c   Run: ./pizza [N [K]] (default 15 3). */
#include <stdio.h>
#include <stdlib.h>

#define MAXN 32

/* The first player's optimal margin on the pizza v[0..n-1]. */
static long long pizza(const long long *v, int n) {
    long long w[2 * MAXN], buf[2][MAXN + 1];
    long long *d = buf[0], *e = buf[1];
    for (int i = 0; i < 2 * n; i++) w[i] = v[i % n];
    for (int i = 0; i <= n; i++) d[i] = 0;
    for (int len = 1; len < n; len++) {
        for (int l = 0; l < n; l++) {
            long long a = w[l] - d[l + 1];
            long long b = w[l + len - 1] - d[l];
            e[l] = a > b ? a : b;
        }
        e[n] = e[0];
        long long *t = d; /* the next length reads this one */
        d = e;
        e = t;
    }
    long long best = v[0] - d[1];
    for (int i = 1; i < n; i++) {
        long long value = v[i] - d[i + 1];
        if (value > best) best = value;
    }
    return best;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 15;
    int k = argc > 2 ? atoi(argv[2]) : 3;
    if (n < 1 || n > MAXN || k < 1) {
        fprintf(stderr, "usage: pizza [N (1..%d) [K]]\n", MAXN);
        return 2;
    }
    long long v[MAXN] = {0};
    /* The worst share first/sum as a fraction, compared by cross-multiplying. */
    long long worst_num = 1, worst_den = 1, count = 0, total = 0;
    for (;;) {
        long long sum = 0;
        for (int i = 0; i < n; i++) sum += v[i];
        total++;
        if (sum > 0) {
            long long first = (sum + pizza(v, n)) / 2;
            long long lhs = first * worst_den, rhs = worst_num * sum;
            if (lhs < rhs) {
                worst_num = first;
                worst_den = sum;
                count = 1;
            } else if (lhs == rhs) {
                count++;
            }
        }
        int i = n - 1;
        while (i >= 0 && v[i] == k - 1) v[i--] = 0;
        if (i < 0) break;
        v[i]++;
    }
    printf("n=%d alphabet=0..%d pizzas=%lld worst_share=%lld/%lld (%.6f) attained_by=%lld\n",
           n, k - 1, total, worst_num, worst_den, (double)worst_num / worst_den, count);
    return 0;
}

/* A stand-in for the seed's C table program (its source is not in this
 * repository or ../shared): the textbook coins table, every interval's
 * difference kept, D(i, j) = max(v[i] - D(i+1, j), v[j] - D(i, j-1)),
 * filled by increasing length, in a triangular array of int, about the
 * memory the seed's program used (229 MB at n = 10,000 and 841 MB at 20,000,
 * issue 14). Reads whitespace-separated integers from standard input and
 * prints the optimal difference. Written for the side-by-side runs of
 * scripts/bench-seed-table.sh; not part of any build. */
#include <stdio.h>
#include <stdlib.h>

static size_t at(size_t n, size_t i, size_t j) {
    /* Intervals grouped by length, each length's in order of i: a pass over
     * one length reads the previous one in order (row-major by i instead is
     * ten times slower here, a cache miss per cell). */
    size_t len = j - i + 1;
    return (len - 1) * n - (len - 1) * (len - 2) / 2 + i;
}

int main(void) {
    size_t cap = 1024, n = 0;
    int *v = malloc(cap * sizeof *v);
    int x;
    while (v && scanf("%d", &x) == 1) {
        if (n == cap) {
            cap *= 2;
            v = realloc(v, cap * sizeof *v);
            if (!v) break;
        }
        v[n++] = x;
    }
    if (!v) return 1;
    if (n == 0) {
        printf("0\n");
        return 0;
    }
    int *d = malloc(n * (n + 1) / 2 * sizeof *d);
    if (!d) return 1;
    for (size_t i = 0; i < n; i++) d[at(n, i, i)] = v[i];
    for (size_t len = 2; len <= n; len++) {
        for (size_t i = 0; i + len <= n; i++) {
            size_t j = i + len - 1;
            int left = v[i] - d[at(n, i + 1, j)];
            int right = v[j] - d[at(n, i, j - 1)];
            d[at(n, i, j)] = left > right ? left : right;
        }
    }
    printf("%d\n", d[at(n, 0, n - 1)]);
    free(d);
    free(v);
    return 0;
}

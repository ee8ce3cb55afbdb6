/* CSES "Removal Game", the usual O(n^2) table. Built with -DNUM=int it
 * overflows on values near 10^9, which coinline stress finds and shrinks
 * (see docs/stress.md). */
#include <stdio.h>
#ifndef NUM
#define NUM long long
#endif
static NUM v[5000], d[5001];
int main(void) {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    NUM sum = 0;
    for (int i = 0; i < n; i++) { long long x; if (scanf("%lld", &x) != 1) return 1; v[i] = x; sum += v[i]; }
    for (int len = 1; len <= n; len++)
        for (int l = 0; l + len <= n; l++) {
            NUM a = v[l] - d[l + 1], b = v[l + len - 1] - d[l];
            d[l] = a > b ? a : b;
        }
    printf("%lld\n", (long long)((sum + d[0]) / 2));
    return 0;
}

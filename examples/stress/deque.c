/* AtCoder DP Contest L "Deque": X - Y under optimal play, the O(n^2)
 * interval DP in long long. d[l] holds the best difference on a[l..l+len)
 * for the current length. A correct solution, used by docs/stress.md and
 * the --jobs benchmark of reports/PERFORMANCE.md. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    int n;
    if (scanf("%d", &n) != 1 || n < 1) return 1;
    long long *a = malloc(sizeof *a * n), *d = calloc(n + 1, sizeof *d);
    if (!a || !d) return 1;
    for (int i = 0; i < n; i++)
        if (scanf("%lld", &a[i]) != 1) return 1;
    for (int len = 1; len <= n; len++)
        for (int l = 0; l + len <= n; l++) {
            long long left = a[l] - d[l + 1], right = a[l + len - 1] - d[l];
            d[l] = left > right ? left : right;
        }
    printf("%lld\n", d[0]);
    free(a);
    free(d);
    return 0;
}

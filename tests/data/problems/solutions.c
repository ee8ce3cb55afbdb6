/* Solutions of coinline's built-in problems, written from the problem
 * statements, for tests/it/problems.rs:
 *
 *     solutions PROBLEM [BUG]
 *
 * reads one input of PROBLEM from standard input and prints its answers.
 * Without BUG it is correct; each BUG plants a mistake a contestant makes:
 *
 *   boj-11062        greedy     both players take the larger end
 *   leetcode-486     strict     a tie counted as player 2's win
 *   leetcode-877     greedy     Alice and Bob both take the larger end
 *   leetcode-1690    taken      scores the stone taken, not the rest
 *   leetcode-1406    two        takes 1 or 2 stones, never 3
 *   codeforces-381a  optimal    plays optimally instead of greedily
 *   take-two         one        (the README's problem) takes 1 only
 *   lightoj-1031     left       takes values from the left end only
 *   lightoj-1031     nocolon    prints "Case 1 7", without the colon
 *   cards-in-a-line  first      prints the first player's total, winner or not
 *   lintcode-395     tie        counts equal totals as the first player's win
 *   leetcode-1140    max        sets M = X after a take, not max(M, X)
 *   leetcode-1872    one        lets x be 1 (the statement says x > 1)
 *   take-k           less       takes at most k - 1 (when k > 1)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long long v[100005], d[100005], s[100005];
static const char *bug = "";

static int bugged(const char *name) { return strcmp(bug, name) == 0; }

static int read_board(void) {
    int n;
    if (scanf("%d", &n) != 1 || n < 0 || n > 100000) exit(1);
    for (int i = 0; i < n; i++)
        if (scanf("%lld", &v[i]) != 1) exit(1);
    return n;
}

static long long sum(int n) {
    long long t = 0;
    for (int i = 0; i < n; i++) t += v[i];
    return t;
}

/* Take one value from either end: the mover's best difference. */
static long long coins(int n) {
    for (int l = 0; l <= n; l++) d[l] = 0;
    for (int len = 1; len <= n; len++)
        for (int l = 0; l + len <= n; l++) {
            long long a = v[l] - d[l + 1], b = v[l + len - 1] - d[l];
            d[l] = a > b ? a : b;
        }
    return d[0];
}

/* Both players take the larger end (the left one on a tie). */
static void greedy(int n, long long *first, long long *second) {
    int l = 0, r = n - 1, turn = 0;
    *first = *second = 0;
    while (l <= r) {
        long long x = v[l] >= v[r] ? v[l++] : v[r--];
        if (turn == 0) *first += x; else *second += x;
        turn = !turn;
    }
}

/* Take one stone from either end, score the sum of those left. */
static long long stone_game_vii(int n) {
    s[0] = 0;
    for (int i = 0; i < n; i++) s[i + 1] = s[i] + v[i];
    for (int l = 0; l <= n; l++) d[l] = 0;
    for (int len = 2; len <= n; len++)
        for (int l = 0; l + len <= n; l++) {
            int r = l + len;
            long long a, b;
            if (bugged("taken")) {
                a = v[l] - d[l + 1];
                b = v[r - 1] - d[l];
            } else {
                a = (s[r] - s[l + 1]) - d[l + 1];
                b = (s[r - 1] - s[l]) - d[l];
            }
            d[l] = a > b ? a : b;
        }
    return d[0];
}

/* Take 1, 2 or 3 stones from the front. */
static long long stone_game_iii(int n) {
    int most = bugged("two") ? 2 : 3;
    d[n] = 0;
    for (int i = n - 1; i >= 0; i--) {
        long long best = 0, taken = 0;
        for (int k = 1; k <= most && i + k <= n; k++) {
            taken += v[i + k - 1];
            long long x = taken - d[i + k];
            if (k == 1 || x > best) best = x;
        }
        d[i] = best;
    }
    return d[0];
}

/* Take 1 or 2 values from either end. */
static long long take_two(int n) {
    int most = bugged("one") ? 1 : 2;
    for (int l = 0; l <= n; l++) d[l] = 0;
    /* d2 keeps the row for intervals one shorter than d's previous row. */
    static long long prev[100005], prev2[100005];
    for (int l = 0; l <= n; l++) prev[l] = prev2[l] = 0;
    for (int len = 1; len <= n; len++) {
        for (int l = 0; l + len <= n; l++) {
            long long best = v[l] - prev[l + 1];
            long long x = v[l + len - 1] - prev[l];
            if (x > best) best = x;
            if (most == 2 && len >= 2) {
                x = v[l] + v[l + 1] - prev2[l + 2];
                if (x > best) best = x;
                x = v[l + len - 1] + v[l + len - 2] - prev2[l];
                if (x > best) best = x;
            }
            d[l] = best;
        }
        for (int l = 0; l <= n; l++) { prev2[l] = prev[l]; prev[l] = d[l]; }
    }
    return n == 0 ? 0 : prev[0];
}

/* Take one or more values from either end (LightOJ 1031): the mover's
 * best difference, over every interval of the row. */
static long long game_of_sum(int n) {
    static long long g[105][105];
    s[0] = 0;
    for (int i = 0; i < n; i++) s[i + 1] = s[i] + v[i];
    for (int len = 1; len <= n; len++)
        for (int l = 0; l + len <= n; l++) {
            int r = l + len; /* the interval [l, r) */
            long long best = s[r] - s[l]; /* take it all */
            for (int k = l + 1; k < r; k++) {
                long long x = (s[k] - s[l]) - g[k][r]; /* a prefix [l, k) */
                if (x > best) best = x;
                if (bugged("left")) continue;
                x = (s[r] - s[k]) - g[l][k]; /* a suffix [k, r) */
                if (x > best) best = x;
            }
            g[l][r] = best;
        }
    return g[0][n];
}

/* Take 1 or 2 coins from the left (LintCode 395): the most the mover
 * collects from the suffix starting at i is what is left there minus the
 * least the other then collects. */
static long long coins_ii_first(int n) {
    s[n] = 0;
    for (int i = n - 1; i >= 0; i--) s[i] = s[i + 1] + v[i];
    d[n] = d[n + 1] = 0;
    for (int i = n - 1; i >= 0; i--) {
        long long other = d[i + 1];
        if (i + 2 <= n && d[i + 2] < other) other = d[i + 2];
        d[i] = s[i] - other;
    }
    return d[0];
}

/* LeetCode 1140: the most the mover gets from the suffix at i with bound
 * M is what is left there minus the least the other then gets. */
static long long stone_game_ii(int n) {
    static long long g[105][210];
    s[n] = 0;
    for (int i = n - 1; i >= 0; i--) s[i] = s[i + 1] + v[i];
    for (int i = n; i >= 0; i--)
        for (int m = 1; m <= n; m++) {
            if (i == n) { g[i][m] = 0; continue; }
            long long least = -1;
            for (int x = 1; x <= 2 * m && i + x <= n; x++) {
                int next = bugged("max") ? x : (x > m ? x : m);
                if (next > n) next = n;
                long long other = g[i + x][next];
                if (least < 0 || other < least) least = other;
            }
            g[i][m] = s[i] - least;
        }
    return g[0][1];
}

/* LeetCode 1872: after merging the first j + 1 stones the row is their
 * prefix sum, then the rest; the mover's best difference from there is the
 * best over later j' of prefix[j'] - (the best from j'). */
static long long stone_game_viii(int n) {
    s[0] = v[0];
    for (int i = 1; i < n; i++) s[i] = s[i - 1] + v[i];
    long long best = s[n - 1];
    int last = bugged("one") ? 0 : 1;
    for (int j = n - 2; j >= last; j--) {
        long long x = s[j] - best;
        if (x > best) best = x;
    }
    return best;
}

/* Take 1..k from the left: the mover's best total on the suffix at i. */
static long long take_k_first(int n, int k) {
    int most = bugged("less") && k > 1 ? k - 1 : k;
    s[n] = 0;
    for (int i = n - 1; i >= 0; i--) s[i] = s[i + 1] + v[i];
    d[n] = 0;
    for (int i = n - 1; i >= 0; i--) {
        long long least = -1;
        for (int x = 1; x <= most && i + x <= n; x++)
            if (least < 0 || d[i + x] < least) least = d[i + x];
        d[i] = s[i] - least;
    }
    return d[0];
}

int main(int argc, char **argv) {
    if (argc < 2) return 2;
    const char *problem = argv[1];
    if (argc > 2) bug = argv[2];
    if (!strcmp(problem, "boj-11062")) {
        int t;
        if (scanf("%d", &t) != 1) return 1;
        while (t--) {
            int n = read_board();
            long long first, second;
            if (bugged("greedy")) {
                greedy(n, &first, &second);
                printf("%lld\n", first);
            } else {
                printf("%lld\n", (sum(n) + coins(n)) / 2);
            }
        }
    } else if (!strcmp(problem, "leetcode-486")) {
        int n = read_board();
        long long diff = coins(n);
        printf("%s\n", (bugged("strict") ? diff > 0 : diff >= 0) ? "true" : "false");
    } else if (!strcmp(problem, "leetcode-877")) {
        int n = read_board();
        long long first, second;
        if (bugged("greedy")) {
            greedy(n, &first, &second);
            printf("%s\n", first > second ? "true" : "false");
        } else {
            printf("%s\n", coins(n) > 0 ? "true" : "false");
        }
    } else if (!strcmp(problem, "leetcode-1690")) {
        printf("%lld\n", stone_game_vii(read_board()));
    } else if (!strcmp(problem, "leetcode-1406")) {
        long long diff = stone_game_iii(read_board());
        printf("%s\n", diff > 0 ? "Alice" : diff < 0 ? "Bob" : "Tie");
    } else if (!strcmp(problem, "codeforces-381a")) {
        int n = read_board();
        long long first, second;
        if (bugged("optimal")) {
            long long diff = coins(n), total = sum(n);
            first = (total + diff) / 2;
            second = total - first;
        } else {
            greedy(n, &first, &second);
        }
        printf("%lld %lld\n", first, second);
    } else if (!strcmp(problem, "lightoj-1031")) {
        int t;
        if (scanf("%d", &t) != 1) return 1;
        for (int c = 1; c <= t; c++) {
            long long diff = game_of_sum(read_board());
            printf(bugged("nocolon") ? "Case %d %lld\n" : "Case %d: %lld\n", c, diff);
        }
    } else if (!strcmp(problem, "cards-in-a-line")) {
        int n = read_board();
        long long total = sum(n), first = (total + coins(n)) / 2;
        long long second = total - first;
        printf("%lld\n", bugged("first") || first >= second ? first : second);
    } else if (!strcmp(problem, "lintcode-395")) {
        int n = read_board();
        long long first = coins_ii_first(n), second = sum(n) - first;
        printf("%s\n", (bugged("tie") ? first >= second : first > second) ? "true" : "false");
    } else if (!strcmp(problem, "leetcode-1140")) {
        printf("%lld\n", stone_game_ii(read_board()));
    } else if (!strcmp(problem, "leetcode-1872")) {
        printf("%lld\n", stone_game_viii(read_board()));
    } else if (!strcmp(problem, "take-k")) {
        int n, k;
        if (scanf("%d %d", &n, &k) != 2 || n < 1 || n > 100000 || k < 1) return 1;
        for (int i = 0; i < n; i++)
            if (scanf("%lld", &v[i]) != 1) return 1;
        printf("%lld\n", take_k_first(n, k));
    } else if (!strcmp(problem, "take-two")) {
        int n = read_board();
        printf("%lld\n", (sum(n) + take_two(n)) / 2);
    } else {
        return 2;
    }
    return 0;
}

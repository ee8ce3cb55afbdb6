/* The bots of tests/it/play.rs: coins players over coinline play's
 * protocol (docs/play.md), one program with the behaviour as argument.
 *
 *   bots optimal   the interval table's best move (a tie: L)
 *   bots greedy    the larger end (a tie: L)
 *   bots illegal   greedy, but L2 whenever exactly 3 values are left
 *   bots garbage   answers "hello" to its first turn
 *   bots stall     never answers its first turn
 *   bots early     exits (status 3) at its first turn
 *   bots chatty    greedy, and says "gg" after the end
 *   bots double    greedy, each move written twice (in one write)
 *
 * Build: cc -O2 -o bots bots.c
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static long long *v, *best;
static long n, lo, hi; /* the values left are v[lo..hi) */

/* best[l * n + r - 1]: the mover's total minus the other's on v[l..r). */
static long long value(long l, long r) { return l >= r ? 0 : best[l * n + r - 1]; }

static void solve(void) {
    best = malloc(sizeof *best * (size_t)(n * n + 1));
    for (long len = 1; len <= n; len++)
        for (long l = 0; l + len <= n; l++) {
            long r = l + len;
            long long a = v[l] - value(l + 1, r), b = v[r - 1] - value(l, r - 1);
            best[l * n + r - 1] = a >= b ? a : b;
        }
}

static const char *choose(const char *mode) {
    if (!strcmp(mode, "optimal")) {
        long long a = v[lo] - value(lo + 1, hi), b = v[hi - 1] - value(lo, hi - 1);
        return a >= b ? "L" : "R";
    }
    if (!strcmp(mode, "illegal") && hi - lo == 3) return "L2";
    if (!strcmp(mode, "garbage")) return "hello";
    if (!strcmp(mode, "stall")) { for (;;) pause(); }
    if (!strcmp(mode, "early")) exit(3);
    return v[lo] >= v[hi - 1] ? "L" : "R";
}

static void apply(const char *mv) {
    if (mv[0] == 'L') lo += mv[1] ? atol(mv + 1) : 1;
    else hi -= mv[1] ? atol(mv + 1) : 1;
}

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "greedy";
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, stdin) > 0) {
        line[strcspn(line, "\r\n")] = 0;
        if (!strncmp(line, "board ", 6)) {
            char *p = line + 6;
            n = strtol(p, &p, 10);
            v = malloc(sizeof *v * (size_t)(n + 1));
            for (long i = 0; i < n; i++) v[i] = strtoll(p, &p, 10);
            lo = 0, hi = n;
            if (!strcmp(mode, "optimal")) solve();
        } else if (!strncmp(line, "opponent ", 9)) {
            apply(line + 9);
        } else if (!strcmp(line, "your move")) {
            const char *mv = choose(mode);
            if (!strcmp(mode, "double")) printf("%s\n", mv);
            printf("%s\n", mv);
            fflush(stdout);
            apply(mv);
        } else if (!strncmp(line, "end ", 4)) {
            if (!strcmp(mode, "chatty")) { printf("gg\n"); fflush(stdout); }
        }
    }
    return 0;
}

//! Greedy against a best-responding opponent, fast: the O(n^2) margin
//! without the library's tables, and the O(n)-per-move screen that settles
//! most boards.

use coinline_core::solve::linear;

/// What greedy achieves, playing first (the larger end, a tie goes left),
/// against an opponent who knows it and minimizes greedy's margin: greedy's
/// total minus the opponent's. O(n^2) time, O(n) memory; the same number as
/// [`coinline_core::strategy::evaluate`] with [`coinline_core::strategy::Greedy`] (a test
/// compares them), without its tables.
pub fn greedy_against_best_reply(v: &[i64]) -> i64 {
    let n = v.len();
    // mine[l] / theirs[l]: the interval [l, l + len) with greedy / the
    // opponent to move, for the current len; both hold greedy's margin.
    let mut mine = vec![0i64; n + 1];
    let mut theirs = vec![0i64; n + 1];
    let mut next_mine = vec![0i64; n + 1];
    let mut next_theirs = vec![0i64; n + 1];
    for len in 1..=n {
        for l in 0..=n - len {
            let r = l + len - 1;
            next_mine[l] = if v[l] >= v[r] {
                v[l] + theirs[l + 1]
            } else {
                v[r] + theirs[l]
            };
            next_theirs[l] = (mine[l + 1] - v[l]).min(mine[l] - v[r]);
        }
        std::mem::swap(&mut mine, &mut next_mine);
        std::mem::swap(&mut theirs, &mut next_theirs);
    }
    mine[0]
}

/// Whether greedy, playing first against a best-responding opponent,
/// achieves `value`, the value of `v`.
///
/// First a necessary condition, in O(n) per move: along the line where the
/// opponent plays an optimal move (the left one when both are), every move
/// of greedy must be optimal. (If greedy achieves the value from a
/// position, its move there is optimal, and so is what it achieves after
/// any optimal reply: the reply cannot leave greedy more than the value of
/// what is left, and the opponent's best response gives greedy at most
/// that.) Most boards fail it within a few moves. Boards that pass are
/// settled by [`greedy_against_best_reply`]. Returns (passed the screen,
/// greedy optimal).
pub fn greedy_is_optimal(v: &[i64], value: i64) -> (bool, bool) {
    let (mut l, mut r) = (0, v.len());
    let mut target = value; // the value of [l, r) for the player to move
    while l < r {
        // Greedy moves.
        let (gain, nl, nr) = if v[l] >= v[r - 1] {
            (v[l], l + 1, r)
        } else {
            (v[r - 1], l, r - 1)
        };
        let rest = linear::value(&v[nl..nr]);
        if gain - rest != target {
            return (false, false);
        }
        (l, r, target) = (nl, nr, rest);
        if l == r {
            break;
        }
        // The opponent plays an optimal move.
        let after_left = linear::value(&v[l + 1..r]);
        if v[l] - after_left == target {
            (l, target) = (l + 1, after_left);
        } else {
            (r, target) = (r - 1, v[r - 1] - target);
        }
    }
    (true, greedy_against_best_reply(v) == value)
}

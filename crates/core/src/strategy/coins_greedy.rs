//! Greedy on coins, evaluated fast: what it achieves against a best reply
//! in O(n^2) time and O(n) memory, and whether it is optimal, usually
//! settled in O(n) per move. The same numbers as [`evaluate`](super::evaluate)
//! with greedy (tests/it/decay.rs compares them); the study engine reads
//! them on millions of boards.

/// What greedy (the larger end, a tie goes left) achieves on coins playing
/// first against a best response: the same number as `evaluate` with
/// greedy (a test compares them), in O(n^2) time and O(n) memory.
pub fn greedy_against_best_reply(v: &[i64]) -> i64 {
    let n = v.len();
    // mine[l] / theirs[l]: the interval [l, l + len) with greedy / the
    // opponent to move, for the current len; both hold greedy's margin.
    let (mut mine, mut theirs) = (vec![0i64; n + 1], vec![0i64; n + 1]);
    for len in 1..=n {
        // In place: step l reads entries l and l + 1 of length len - 1,
        // which later steps do not.
        for l in 0..=n - len {
            let r = l + len - 1;
            let greedy = match v[l] >= v[r] {
                true => v[l] + theirs[l + 1],
                false => v[r] + theirs[l],
            };
            theirs[l] = (mine[l + 1] - v[l]).min(mine[l] - v[r]);
            mine[l] = greedy;
        }
    }
    mine[0]
}

/// Whether greedy achieves `value`, the value of coins board `v`. First a
/// necessary condition, O(n) per move: along the line where the opponent
/// plays an optimal move (the left one when both are), each greedy move
/// must be optimal (greedy achieving the value from a position makes its
/// move optimal, and so what it achieves after any optimal reply). Most
/// boards fail within a few moves; the rest are settled in O(n^2).
pub fn greedy_is_optimal(v: &[i64], value: i64) -> bool {
    use crate::solve::linear;
    let (mut l, mut r, mut target) = (0, v.len(), value);
    while l < r {
        let (gain, nl, nr) = match v[l] >= v[r - 1] {
            true => (v[l], l + 1, r),
            false => (v[r - 1], l, r - 1),
        };
        let rest = linear::value(&v[nl..nr]);
        if gain - rest != target {
            return false;
        }
        (l, r, target) = (nl, nr, rest);
        if l == r {
            break;
        }
        let after_left = linear::value(&v[l + 1..r]);
        if v[l] - after_left == target {
            (l, target) = (l + 1, after_left);
        } else {
            (r, target) = (r - 1, v[r - 1] - target);
        }
    }
    greedy_against_best_reply(v) == value
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::generate::SplitMix64;
    use crate::play::Game;
    use crate::solve::linear;
    use crate::strategy::{evaluate, heuristics};

    #[test]
    fn the_fast_evaluation_is_greedy_evaluated_against_a_best_reply() {
        let greedy = *heuristics().iter().find(|h| h.name() == "greedy").unwrap();
        let mut rng = SplitMix64::new(5);
        for index in 0..400 {
            let values: Vec<i64> = (0..index % 13).map(|_| rng.between(-9, 9)).collect();
            let board = Board::new(values.clone()).unwrap();
            let slow = evaluate(greedy, Game::COINS, &board).unwrap().difference;
            assert_eq!(greedy_against_best_reply(&values), slow, "{values:?}");
            let value = linear::value(&values);
            assert_eq!(
                greedy_is_optimal(&values, value),
                slow == value,
                "{values:?}"
            );
        }
    }
}

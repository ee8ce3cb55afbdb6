//! Local search over boards, generic over what is searched for: from a
//! seeded random start, each step changes one or two values and keeps the
//! change unless it makes the score worse (lower is better); a walk ends
//! after its budget of evaluations and yields its best board. A walk is
//! keyed by (seed, n, index), so it is the same whatever shard or thread
//! runs it. The study engine searches for extreme shares with it; any
//! driver with a score of a board can use it.

use crate::error::Result;
use crate::generate::SplitMix64;

/// One walk: its key, the board length, the values it may use and its
/// budget of evaluations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Walk {
    /// The seed of the search.
    pub seed: u64,
    /// The board length.
    pub n: usize,
    /// Which walk of the search.
    pub index: u64,
    /// The smallest value a board may hold.
    pub lo: i64,
    /// The largest value a board may hold.
    pub hi: i64,
    /// Evaluations of `score`, the start's included (at least one is made).
    pub budget: u64,
}

impl Walk {
    /// The walk's best board under `score` (lower is better; of equal
    /// scores, the first found). A change is kept when it scores no worse,
    /// so the score of the walk's board never rises and its best board is
    /// the first one at its last score. Stops at the first error of `score`.
    pub fn best<S: PartialOrd>(
        &self,
        mut score: impl FnMut(&[i64]) -> Result<S>,
    ) -> Result<Vec<i64>> {
        let n = self.n;
        let mut rng = SplitMix64::keyed(&[self.seed, n as u64, self.index]);
        let mut values: Vec<i64> = (0..n).map(|_| rng.between(self.lo, self.hi)).collect();
        let mut current = score(&values)?;
        let mut best = values.clone();
        for _ in 1..self.budget {
            let mut next = values.clone();
            for _ in 0..1 + rng.below(2) {
                let at = rng.below(n as u64) as usize;
                next[at] = rng.between(self.lo, self.hi);
            }
            let found = score(&next)?;
            if found <= current {
                if found < current {
                    best.clone_from(&next);
                }
                values = next;
                current = found;
            }
        }
        Ok(best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn walk(index: u64, budget: u64) -> Walk {
        Walk {
            seed: 3,
            n: 8,
            index,
            lo: -5,
            hi: 5,
            budget,
        }
    }

    #[test]
    fn a_walk_finds_a_lower_score_and_is_the_same_every_time() {
        let sum = |v: &[i64]| Ok(v.iter().sum::<i64>());
        let start = walk(0, 1).best(sum).unwrap();
        let found = walk(0, 2_000).best(sum).unwrap();
        assert!(
            sum(&found).unwrap() < sum(&start).unwrap(),
            "{start:?} {found:?}"
        );
        // All eight values at the bottom of the range, after 2,000 steps.
        assert_eq!(found, vec![-5; 8]);
        assert_eq!(walk(0, 2_000).best(sum).unwrap(), found);
        assert_ne!(
            walk(1, 1).best(sum).unwrap(),
            start,
            "walks differ by index"
        );
        assert!(found.iter().all(|v| (-5..=5).contains(v)));
    }

    #[test]
    fn the_first_board_at_the_best_score_is_kept_and_errors_stop_the_walk() {
        // A constant score: every change is kept, the start stays the best.
        let start = walk(2, 1).best(|_| Ok(0)).unwrap();
        assert_eq!(walk(2, 50).best(|_| Ok(0)).unwrap(), start);
        let bad_board = crate::error::Error::new(crate::error::ErrorKind::Overflow);
        let mut calls = 0;
        let failed = walk(2, 50).best(|_| {
            calls += 1;
            if calls == 3 {
                Err(bad_board.clone())
            } else {
                Ok(0)
            }
        });
        assert_eq!((failed, calls), (Err(bad_board), 3));
    }
}

//! Local search for boards too long to enumerate: from a seeded random
//! start, each step changes one or two values and keeps the change unless
//! it makes the objective worse; a walk ends after its budget of
//! evaluations and yields its best board. Walk r of length n is keyed by
//! (seed, n, r), so a walk is the same whatever shard or thread runs it.

use super::measure::{Evaluator, Num};
use super::spec::{Ratio, Source};
use coinline_core::error::Result;
use coinline_core::generate::{Shard, SplitMix64};
use rayon::prelude::*;

/// The objective's value as a key to minimise: an undefined measure is
/// the worst of all.
fn score(num: Num, minimise: bool) -> (bool, Option<Ratio>) {
    match num {
        Num::Ratio(r) if minimise => (false, Some(r)),
        Num::Ratio(r) => (false, Some(Ratio { num: -r.num, ..r })),
        _ => (true, None),
    }
}

/// The best board of each walk of search `s` of length `n` that `shard`
/// holds, in walk order, after its walk's index (its ordinal).
pub fn walks(s: &Source, ev: &Evaluator, n: usize, shard: Shard) -> Result<Vec<(u64, Vec<i64>)>> {
    let Source::Search {
        alphabet,
        restarts,
        budget,
        objective,
        minimise,
        seed,
        ..
    } = *s
    else {
        return Ok(Vec::new());
    };
    let indices: Vec<u64> = shard.indices(restarts).collect();
    indices
        .par_iter()
        .map(|&r| {
            let mut rng = SplitMix64::keyed(&[seed, n as u64, r]);
            let mut values: Vec<i64> = (0..n)
                .map(|_| rng.between(alphabet.lo, alphabet.hi))
                .collect();
            let mut current = score(ev.eval(&values)?.measure(objective), minimise);
            let (mut best, mut best_values) = (current, values.clone());
            for _ in 1..budget {
                let mut next = values.clone();
                for _ in 0..1 + rng.below(2) {
                    let at = rng.below(n as u64) as usize;
                    next[at] = rng.between(alphabet.lo, alphabet.hi);
                }
                let score = score(ev.eval(&next)?.measure(objective), minimise);
                if score <= current {
                    values = next;
                    current = score;
                    if best > current {
                        best = current;
                        best_values = values.clone();
                    }
                }
            }
            Ok((r, best_values))
        })
        .collect()
}

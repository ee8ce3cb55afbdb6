//! Local search for boards too long to enumerate: core's walks
//! ([`coinline_core::search`]) over the objective of a `search` source,
//! on the rayon pool.

use super::measure::{Evaluator, Num};
use super::spec::{Ratio, Source};
use coinline_core::error::{Error, Result};
use coinline_core::generate::Shard;
use coinline_core::search::Walk;
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
    (indices.par_iter())
        .map(|&index| {
            let walk = Walk {
                seed,
                n,
                index,
                lo: alphabet.lo,
                hi: alphabet.hi,
                budget,
            };
            let best =
                walk.best(|v| Ok::<_, Error>(score(ev.eval(v)?.measure(objective), minimise)))?;
            Ok((index, best))
        })
        .collect()
}

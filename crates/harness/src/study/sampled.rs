//! Random boards keyed by (seed, n, index), as the studies draw them (the
//! decay study's; the engine's random source draws the same way).

use coinline_core::board::Board;
use coinline_core::generate::{SplitMix64, Values};

/// The board number `index` of length `n` drawn from `values` in the run
/// with `seed`.
pub fn board(seed: u64, n: usize, index: u64, values: Values) -> Board {
    let mut rng = SplitMix64::keyed(&[seed, n as u64, index]);
    Board::new(values.draw(&mut rng, n)).expect("generators respect the overflow rule")
}

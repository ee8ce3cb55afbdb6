//! Random boards for lengths beyond exhaustive enumeration.
//!
//! Board `index` of length `n` is drawn from the generator keyed by
//! `(seed, n, index)`, so it does not depend on which other lengths, how
//! many boards or which threads a run has: a smaller run re-makes the same
//! boards, and with the same `--boards` the same rows. Every distribution
//! draws from the same key (common random numbers), so rows of different
//! distributions at one length are not independent samples of each other.

use super::stats::{cells, Stats, Worst};
use super::table::CsvTable;
use super::Config;
use coinline_core::board::Board;
use coinline_core::check::{check_builtin, CheckConfig};
use coinline_core::generate::{Shard, SplitMix64, Values};
use coinline_core::play::Game;
use coinline_core::progress::Progress;
use rayon::prelude::*;

/// The figures of the random boards of one length and one distribution.
#[derive(Clone, Debug)]
pub struct SampledGroup {
    /// The length.
    pub n: usize,
    /// The distribution of the values.
    pub values: Values,
    /// The seed.
    pub seed: u64,
    /// The figures.
    pub stats: Stats,
}

/// The board number `index` of length `n` drawn from `values` in the run
/// with `seed`.
pub fn board(seed: u64, n: usize, index: u64, values: Values) -> Board {
    let mut rng = SplitMix64::keyed(&[seed, n as u64, index]);
    Board::new(values.draw(&mut rng, n)).expect("generators respect the overflow rule")
}

/// How many boards [`run`] checks, or `None` if the count does not fit in u64.
pub fn checked_total_boards(config: &Config) -> Option<u64> {
    let groups = u64::try_from(config.sizes.len().checked_mul(config.values.len())?).ok()?;
    groups.checked_mul(config.boards)
}

/// How many boards [`run`] checks (saturating; [`Config::validate`] refuses
/// configurations whose count does not fit).
pub fn total_boards(config: &Config) -> u64 {
    checked_total_boards(config).unwrap_or(u64::MAX)
}

/// Checks `config.boards` random boards for every length of `config.sizes`
/// and every distribution, in parallel on the current rayon pool. Minimax
/// takes part up to the default check limit.
pub fn run(config: &Config, progress: &dyn Progress) -> Vec<SampledGroup> {
    run_part(config, Shard::WHOLE, progress)
}

/// [`run`] on the boards of part `shard` only: board `index` of each group
/// (length and distribution) when [`Shard::contains`] it. The groups of
/// all parts merge ([`Stats::merge`]) into those of [`run`].
pub fn run_part(config: &Config, shard: Shard, progress: &dyn Progress) -> Vec<SampledGroup> {
    run_game_part(
        Game::COINS,
        config,
        &CheckConfig::default(),
        shard,
        progress,
    )
}

/// How many boards [`run_part`] checks for `shard` (saturating).
pub fn part_boards(config: &Config, shard: Shard) -> u64 {
    let groups = (config.sizes.len() as u64).saturating_mul(config.values.len() as u64);
    groups.saturating_mul(shard.size(config.boards))
}

/// [`run`] for any rule set, with the check configured by `check`.
pub fn run_game(
    game: Game,
    config: &Config,
    check: &CheckConfig,
    progress: &dyn Progress,
) -> Vec<SampledGroup> {
    run_game_part(game, config, check, Shard::WHOLE, progress)
}

/// [`run_game`] on the boards of part `shard` only (see [`run_part`]).
pub fn run_game_part(
    game: Game,
    config: &Config,
    check: &CheckConfig,
    shard: Shard,
    progress: &dyn Progress,
) -> Vec<SampledGroup> {
    let mut groups = Vec::new();
    for &n in &config.sizes {
        for &values in &config.values {
            let stats = (0..config.boards)
                .into_par_iter()
                .filter(|&index| shard.contains(index))
                .fold(Stats::default, |mut stats, index| {
                    let board = board(config.seed, n, index, values);
                    stats.add(index, &check_builtin(game, &board, check));
                    progress.advance(1);
                    stats
                })
                .reduce(Stats::default, |mut a, b| {
                    a.merge(b);
                    a
                });
            groups.push(SampledGroup {
                n,
                values,
                seed: config.seed,
                stats,
            });
        }
    }
    groups
}

/// The rows of `sampled.csv`.
pub fn table(groups: &[SampledGroup]) -> CsvTable {
    let example = SampledGroup {
        n: 1,
        values: Values::Small,
        seed: 0,
        stats: Stats::default(),
    };
    CsvTable::from_items(&example, groups, row)
}

fn row(g: &SampledGroup) -> Vec<(&'static str, String)> {
    let mut out = vec![
        ("n", g.n.to_string()),
        ("parity", super::parity_name(g.n).to_string()),
        ("values", g.values.to_string()),
        ("seed", g.seed.to_string()),
    ];
    out.extend(cells(&g.stats, g.n, true, Worst::Index));
    out
}

//! Exhaustive enumeration: every board of every length 1..=max_n over each
//! alphabet, each put through the full check with minimax included.

use super::stats::{cells, Stats, Worst};
use super::table::CsvTable;
use super::Config;
use coinline_core::check::{check_builtin, CheckConfig};
use coinline_core::generate::{enumerated_board, enumeration_size, Shard, Span};
use coinline_core::play::Game;
use coinline_core::progress::Progress;
use rayon::prelude::*;

/// The figures of every board of one length over one alphabet.
#[derive(Clone, Debug)]
pub struct ExactGroup {
    /// The length.
    pub n: usize,
    /// The alphabet.
    pub alphabet: Span<i64>,
    /// The figures.
    pub stats: Stats,
}

/// Boards checked in one unit of parallel work (and one progress step).
const CHUNK: u64 = 4096;

/// The check used on enumerated boards: minimax runs on every one of them
/// (up to its refusal limit).
pub fn check_config(config: &Config) -> CheckConfig {
    let default = CheckConfig::default();
    default.with_minimax_max(config.max_n.max(default.minimax_limit(Game::COINS)))
}

/// How many boards [`run`] checks, or `None` if the count does not fit in u64.
pub fn checked_total_boards(config: &Config) -> Option<u64> {
    config
        .alphabets
        .iter()
        .flat_map(|&a| (1..=config.max_n).map(move |n| enumeration_size(n, a)))
        .try_fold(0u64, |sum, count| sum.checked_add(count?))
}

/// How many boards [`run`] checks (saturating; [`Config::validate`] refuses
/// configurations whose count does not fit).
pub fn total_boards(config: &Config) -> u64 {
    checked_total_boards(config).unwrap_or(u64::MAX)
}

/// Checks every board of lengths 1..=max_n over each alphabet, in parallel
/// on the current rayon pool. `progress` advances by the boards checked.
pub fn run(config: &Config, progress: &dyn Progress) -> Vec<ExactGroup> {
    run_part(config, Shard::WHOLE, progress)
}

/// [`run`] on the boards of part `shard` only: board `index` of each group
/// (length and alphabet) when [`Shard::contains`] it. The groups of all
/// parts merge ([`Stats::merge`]) into those of [`run`].
pub fn run_part(config: &Config, shard: Shard, progress: &dyn Progress) -> Vec<ExactGroup> {
    run_game_part(Game::COINS, config, &check_config(config), shard, progress)
}

/// How many boards [`run_part`] checks for `shard` (saturating).
pub fn part_boards(config: &Config, shard: Shard) -> u64 {
    (config.alphabets.iter())
        .flat_map(|&a| (1..=config.max_n).map(move |n| enumeration_size(n, a).unwrap_or(u64::MAX)))
        .fold(0u64, |sum, total| sum.saturating_add(shard.size(total)))
}

/// [`run`] for any rule set, with the check configured by `check`.
pub fn run_game(
    game: Game,
    config: &Config,
    check: &CheckConfig,
    progress: &dyn Progress,
) -> Vec<ExactGroup> {
    run_game_part(game, config, check, Shard::WHOLE, progress)
}

/// [`run_game`] on the boards of part `shard` only (see [`run_part`]).
pub fn run_game_part(
    game: Game,
    config: &Config,
    check: &CheckConfig,
    shard: Shard,
    progress: &dyn Progress,
) -> Vec<ExactGroup> {
    let mut groups = Vec::new();
    for &alphabet in &config.alphabets {
        for n in 1..=config.max_n {
            let total = enumeration_size(n, alphabet).expect("validated by Config::validate");
            let stats = (0..total.div_ceil(CHUNK))
                .into_par_iter()
                .map(|chunk| {
                    let mut stats = Stats::default();
                    let (start, end) = (chunk * CHUNK, total.min((chunk + 1) * CHUNK));
                    for index in (start..end).filter(|&i| shard.contains(i)) {
                        let board = enumerated_board(n, alphabet, index);
                        stats.add(index, &check_builtin(game, &board, check));
                    }
                    progress.advance(shard.size(end) - shard.size(start));
                    stats
                })
                .reduce(Stats::default, |mut a, b| {
                    a.merge(b);
                    a
                });
            groups.push(ExactGroup { n, alphabet, stats });
        }
    }
    groups
}

/// The rows of `exact.csv`.
pub fn table(groups: &[ExactGroup]) -> CsvTable {
    let example = ExactGroup {
        n: 1,
        alphabet: Span { lo: 0, hi: 0 },
        stats: Stats::default(),
    };
    CsvTable::from_items(&example, groups, row)
}

fn row(g: &ExactGroup) -> Vec<(&'static str, String)> {
    let mut out = vec![
        ("n", g.n.to_string()),
        ("parity", super::parity_name(g.n).to_string()),
        ("alphabet", g.alphabet.to_string()),
    ];
    out.extend(cells(&g.stats, g.n, false, Worst::Board));
    out
}

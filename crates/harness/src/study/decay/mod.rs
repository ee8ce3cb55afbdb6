//! The decay study (`coinline study decay`): how fast, as n grows, the
//! share of odd boards the first player does not lose falls, and how fast
//! greedy stops being optimal.
//!
//! Three measurements, each on a log grid of lengths ([`grid`]) and for
//! each value distribution, on random boards keyed like the odd-n study's
//! (board i of length n is [`super::sampled::board`]`(seed, n, i, values)`, so the
//! first 500 boards of a length are the odd-n study's boards of that
//! length):
//!
//! - **share** (odd n): boards whose value, by the O(n)
//!   [`linear`](coinline_core::solve::linear) solver,
//!   is >= 0, i.e. the first player does not lose.
//! - **greedy** (odd and even n): boards on which greedy (take the larger
//!   end, a tie goes left) playing first against a best-responding opponent
//!   achieves the value. Exact; see [`greedy_is_optimal`] for how most
//!   boards are settled in O(n) per move.
//! - **regret** (odd and even n): greedy's regret (value minus what greedy
//!   achieves against a best response, O(n^2) per board by
//!   [`greedy_against_best_reply`]) summed over the boards, divided by the
//!   sum of the boards' absolute values.
//!
//! A share or greedy point runs in batches (the first of `min_boards`
//! boards, each next one as large as all before it, up to its [`cap`] in
//! all) until it has `target` hits, and its series stops after a point that
//! used its cap and still had fewer than `floor` hits, or at `max_n`; a
//! regret point takes its cap in one batch, and its series stops at
//! `regret_max_n`. Every figure is an integer count or a ratio of integer
//! sums, so no figure depends on the number of threads.
//!
//! Here: the configuration and grid (`config`), greedy's fast evaluation
//! (`greedy`), the sampling driver (`sample`), the CSV tables (`tables`),
//! and the report rendered from the tables alone ([`findings`], [`fit`],
//! `plots`).
//!
//! Architecture invariant, as for the odd-n study: nothing here writes
//! files; the CLI writes what [`files`] returns.

pub mod findings;
pub mod fit;
#[cfg(feature = "plots")]
pub mod plots;

mod config;
mod greedy;
mod sample;
mod tables;

pub use config::{grid, DecayConfig};
pub use greedy::{greedy_against_best_reply, greedy_is_optimal};
pub use sample::{cap, measure, run, Counts, Decay, DecayBars, Measure, Point};
pub use tables::{regret_share, DecayTables};

use coinline_core::error::Result;

/// The directory of the committed report, relative to the repository.
pub const DEFAULT_OUT: &str = "reports/decay";

/// The CSV files of the report, by file name.
pub const CSV_FILES: [&str; 4] = ["settings.csv", "share.csv", "greedy.csv", "regret.csv"];

/// Every file of the report, by name: the CSV files, the plots and the
/// findings, rendered from `tables` alone.
pub fn files(tables: &DecayTables) -> Result<Vec<(&'static str, String)>> {
    let config = DecayConfig::from_settings(&tables.settings)?;
    let mut out: Vec<(&'static str, String)> = tables
        .named()
        .iter()
        .map(|(name, table)| (*name, table.to_csv()))
        .collect();
    #[cfg(feature = "plots")]
    out.extend(plots::render(tables)?);
    out.push((
        "README.md",
        findings::render(tables, &config.command_line())?,
    ));
    Ok(out)
}

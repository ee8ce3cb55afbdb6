//! The comparison harness behind `coinline compare`: generate boards, run
//! [`check`](coinline_core::check::check) on each, tally the results per
//! game and length, and shrink what fails.
//!
//! ```
//! use coinline_harness::compare::{run, Boards, CompareOptions};
//! use coinline_core::{solve::exact_solvers, strategy::heuristics};
//! use coinline_core::progress::Quiet;
//!
//! let options = CompareOptions {
//!     boards: Boards::random(200),
//!     ..CompareOptions::default()
//! };
//! let outcome = run(&options, exact_solvers(), heuristics(), &Quiet)?;
//! assert_eq!(outcome.checks, 200);
//! assert!(outcome.failures.is_empty());
//! # Ok::<(), coinline_core::Error>(())
//! ```
//!
//! Architecture invariant: a run's rows and summary depend on its options
//! alone, never on the number of threads. Boards come from (seed, index)
//! through [`coinline_core::generate`]; work is done in chunks whose results are
//! collected in index order; tallies merge deterministically.
//!
//! Here: what defines a run and what it finds; the run itself is `driver`,
//! the per-board rows [`rows`], the summary [`summary_csv`], the merging of
//! shards [`merge`].

use crate::HarnessError;
use coinline_core::board::Board;
use coinline_core::case::Case;
use coinline_core::check::{CheckConfig, Violation};
use coinline_core::cost::{estimated_bytes, estimated_seconds};
use coinline_core::error::{plural, Result};
use coinline_core::generate::{
    enumerated_board_in, enumeration_size, enumeration_total, random_board, Shard, Span, Values,
};
use coinline_core::play::Game;
use coinline_core::shell::CommandLine;
use coinline_core::solve::{Cost, Solver};
use coinline_core::strategy::{self, Heuristic};
use std::time::Duration;

#[cfg(test)]
mod csv_tests;
mod driver;
pub mod merge;
#[cfg(test)]
mod options_tests;
mod recount;
pub mod rows;
pub mod summary_csv;

pub use driver::{run, run_to, MAX_SHRUNK};
pub use merge::{merge_row_streams, merge_rows, row_counts, Streamed, StreamedInput};
pub use recount::check_tallies;
pub use rows::{RowLayout, RowTimings};
pub use summary_csv::{rows_digest, summary_path, CompareSummary};

/// The longest board a run accepts: the longest a heuristic is evaluated on.
pub const MAX_LENGTH: usize = strategy::LIMIT;

/// The most boards an exhaustive run enumerates (10^12: days of work).
pub const MAX_ENUMERATION: u64 = 1_000_000_000_000;

/// The most worker threads a run starts.
pub const MAX_JOBS: usize = 256;

/// The seconds of one check beyond its solvers' and heuristics' stated
/// costs (the board, its row, the tallies), the bytes a run holds per rule
/// set and length, and the seconds per byte of its summary (measured:
/// docs/options.md, Budgets).
pub const PER_CHECK: f64 = 25e-6;
/// See [`PER_CHECK`].
pub const PER_GROUP: f64 = 70e3;
/// See [`PER_CHECK`].
pub const PER_BYTE: f64 = 2e-9;

/// Where a run's boards come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Boards {
    /// `count` seeded random boards, indices `0..count`.
    Random {
        /// How many boards.
        count: u64,
        /// The distribution of their values.
        values: Values,
    },
    /// Every board of every length over `alphabet`, shortest first; the
    /// index is the position in that enumeration.
    Exhaustive {
        /// The values a board may hold.
        alphabet: Span<i64>,
    },
}

/// A short description of where boards come from, for messages.
pub fn describe(boards: &Boards) -> String {
    match boards {
        Boards::Random { count, values } => format!("{count} random boards, values {values}"),
        Boards::Exhaustive { alphabet } => format!("the boards over {alphabet}"),
    }
}

impl Boards {
    /// `count` random boards with the default distribution (-100..100).
    pub fn random(count: u64) -> Boards {
        Boards::Random {
            count,
            values: Values::Uniform(Span { lo: -100, hi: 100 }),
        }
    }
}

/// Which rows go to the per-board CSV.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum RowFilter {
    /// Every checked board.
    #[default]
    All,
    /// Only boards that fail the check.
    Failures,
}

/// Everything that defines a run.
#[derive(Clone, Debug, PartialEq)]
pub struct CompareOptions {
    /// The games; each board is checked in each, in this order.
    pub games: Vec<Game>,
    /// Board lengths (inclusive).
    pub lengths: Span<usize>,
    /// Random or exhaustive boards.
    pub boards: Boards,
    /// The seed of random boards.
    pub seed: u64,
    /// The part of the run to do.
    pub shard: Shard,
    /// Re-run exactly these indices (ignores `shard`).
    pub only: Option<Span<u64>>,
    /// Knobs of the check (minimax limits, invariants).
    pub check: CheckConfig,
    /// Worker threads; 0 is one per core.
    pub jobs: usize,
    /// Which rows to emit.
    pub rows: RowFilter,
    /// Add solve-time columns (they make output differ between runs).
    pub timings: bool,
    /// Stop at the row of this failure; 0 is no limit.
    pub max_failures: u64,
    /// Stop after the chunk during which this much time has passed.
    pub duration: Option<Duration>,
    /// Calls of the check allowed to shrink one failure.
    pub shrink_budget: usize,
}

impl Default for CompareOptions {
    fn default() -> Self {
        CompareOptions {
            games: vec![Game::COINS],
            lengths: Span { lo: 1, hi: 16 },
            boards: Boards::random(10_000),
            seed: 0,
            shard: Shard::WHOLE,
            only: None,
            check: CheckConfig::default(),
            jobs: 0,
            rows: RowFilter::All,
            timings: false,
            max_failures: 10,
            duration: None,
            shrink_budget: 2_000,
        }
    }
}

impl CompareOptions {
    /// The one command that re-runs the row of `index` in `game` of this
    /// run: `coinline compare ... --only INDEX`. Minimax limits are carried
    /// as one `--minimax-max` (the coins limit, the highest refusal limit,
    /// which gives back every game's limit).
    pub fn reproduce(&self, game: Game, index: u64) -> String {
        let line = CommandLine::new("coinline compare")
            .option("--game", game.name())
            .option("--n", self.lengths);
        let line = match self.boards {
            Boards::Exhaustive { alphabet } => line
                .flag_if(true, "--exhaustive")
                .option_joined("--alphabet", alphabet),
            Boards::Random { values, .. } => line
                .option_joined("--values", values)
                .option("--seed", self.seed),
        };
        line.option_if("--minimax-max", self.check.minimax_max)
            .option("--only", index)
            .line()
    }

    /// Checks the options, with a one-line error naming what is wrong.
    pub fn validate(&self) -> Result<()> {
        if self.games.is_empty() {
            return Err(HarnessError::NoGame.into());
        }
        if self.lengths.hi > MAX_LENGTH {
            return Err(HarnessError::TooLong { n: self.lengths.hi }.into());
        }
        if self.lengths.lo > self.lengths.hi {
            let lengths = self.lengths;
            return Err(HarnessError::LengthsReversed { lengths }.into());
        }
        if let Boards::Exhaustive { alphabet } = self.boards {
            // Every enumerated board must obey the overflow rule.
            let widest = i128::from(alphabet.lo)
                .abs()
                .max(i128::from(alphabet.hi).abs());
            if widest * self.lengths.hi as i128 > i128::from(i64::MAX) {
                let n = self.lengths.hi;
                return Err(HarnessError::AlphabetTooWide { alphabet, n }.into());
            }
            if alphabet.lo > alphabet.hi {
                return Err(HarnessError::AlphabetReversed { alphabet }.into());
            }
            let total = self.total()?;
            if total > MAX_ENUMERATION {
                let (lengths, total) = (self.lengths, Some(total));
                return Err(HarnessError::TooManyBoards {
                    lengths,
                    alphabet,
                    total,
                }
                .into());
            }
        }
        let total = self.total()?;
        if let Some(index) = self.only.map(|s| s.hi).filter(|&i| i >= total) {
            return Err(HarnessError::PastEnd { index, total }.into());
        }
        if self.jobs > MAX_JOBS {
            let jobs = self.jobs;
            return Err(HarnessError::TooManyJobs { jobs }.into());
        }
        Ok(())
    }

    /// The number of indices of the whole (unsharded) run.
    pub fn total(&self) -> Result<u64> {
        match self.boards {
            Boards::Random { count, .. } => Ok(count),
            Boards::Exhaustive { alphabet } => enumeration_total(self.lengths, alphabet)
                .ok_or_else(|| {
                    let (lengths, total) = (self.lengths, None);
                    HarnessError::TooManyBoards {
                        lengths,
                        alphabet,
                        total,
                    }
                    .into()
                }),
        }
    }

    /// The board at `index`. A game that would not admit it (`score=rest`
    /// with values too large) plays it scaled down
    /// ([`admissible`](coinline_core::generate::admissible)).
    pub fn board(&self, index: u64) -> Option<Board> {
        match self.boards {
            Boards::Random { values, .. } => {
                Some(random_board(self.seed, index, self.lengths, values))
            }
            Boards::Exhaustive { alphabet } => enumerated_board_in(self.lengths, alphabet, index),
        }
    }

    /// How many indices this run (shard or `only`) covers.
    pub fn planned(&self) -> Result<u64> {
        Ok(match self.only {
            Some(span) => (span.hi - span.lo).saturating_add(1),
            None => self.shard.size(self.total()?),
        })
    }

    /// What the run costs, with `more` random rule sets beyond `games`
    /// taken at their mean: seconds of one core for the checks (see
    /// [`coinline_core::cost::estimated_seconds`], and [`PER_CHECK`]
    /// each; random boards at the mean cost over their lengths, sampled at
    /// most 257, every enumerated board at its length's cost; scaled to the
    /// part planned) and for the summary (whose every row names every rule
    /// set), and bytes at once: each thread's largest solve and
    /// [`PER_GROUP`] per rule set and length.
    pub fn estimate(
        &self,
        solvers: &[&dyn Solver],
        heuristics: &[&dyn Heuristic],
        more: u64,
    ) -> Cost {
        let drawn = self.games.len() as f64;
        let (games, (lo, hi)) = (drawn + more as f64, (self.lengths.lo, self.lengths.hi));
        let per_board = |n: usize| -> f64 {
            let each = self.games.iter();
            let sum = each.map(|&g| estimated_seconds(g, n, solvers, heuristics, &self.check));
            sum.sum::<f64>() * games / drawn.max(1.0) + PER_CHECK * games
        };
        let each = self.games.iter();
        let solve = each.map(|&g| estimated_bytes(g, hi, solvers, &self.check));
        let groups = games * (hi - lo + 1) as f64;
        let summary = groups * self.identity().len() as f64 * games / drawn.max(1.0);
        let (Ok(total), Ok(planned)) = (self.total(), self.planned()) else {
            return Cost::of(0.0, 0.0);
        };
        let whole = match self.boards {
            Boards::Random { count, .. } => {
                let samples = (hi - lo).min(256) + 1;
                let n_at = |k: usize| {
                    lo + ((hi - lo) as f64 * k as f64 / (samples - 1).max(1) as f64) as usize
                };
                let mean = (0..samples).map(|k| per_board(n_at(k))).sum::<f64>() / samples as f64;
                mean * count as f64
            }
            Boards::Exhaustive { alphabet } => (lo..=hi)
                .map(|n| {
                    enumeration_size(n, alphabet).map_or(f64::INFINITY, |c| c as f64) * per_board(n)
                })
                .sum(),
        };
        let (planned, threads) = (planned as f64, self.threads() as f64);
        let seconds = whole * planned / (total as f64).max(1.0) + summary * PER_BYTE;
        let bytes = solve.fold(0.0, f64::max) * threads + groups * PER_GROUP;
        Cost {
            states: planned,
            seconds,
            bytes,
        }
    }

    fn indices(&self) -> Result<Box<dyn Iterator<Item = u64>>> {
        Ok(match self.only {
            Some(span) => Box::new(span.lo..=span.hi),
            None => Box::new(self.shard.indices(self.total()?)),
        })
    }

    /// What makes two runs the same run (for `merge`): boards, games,
    /// lengths, minimax limits and row filter; not the shard or threads.
    pub fn identity(&self) -> String {
        let source = match self.boards {
            Boards::Random { count, values } => {
                format!("seed={} boards={count} values={values}", self.seed)
            }
            Boards::Exhaustive { alphabet } => format!("exhaustive alphabet={alphabet}"),
        };
        let games: Vec<String> = self.games.iter().map(|g| g.to_string()).collect();
        let limits: Vec<String> = (self.games.iter())
            .map(|&g| self.check.minimax_limit(g).to_string())
            .collect();
        let rows = match self.rows {
            RowFilter::All => "all",
            RowFilter::Failures => "failures",
        };
        format!(
            "{source} games={} n={} minimax={} rows={rows}",
            games.join("/"),
            self.lengths,
            limits.join("/")
        )
    }

    /// The number of worker threads: `jobs`, or one per core.
    pub fn threads(&self) -> usize {
        if self.jobs > 0 {
            self.jobs
        } else {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        }
    }
}

/// A board that failed the check, as found and shrunk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Its index in the run.
    pub index: u64,
    /// The game it failed in.
    pub game: Game,
    /// The board as generated.
    pub found: Board,
    /// What was wrong with it.
    pub violation: Violation,
    /// The simplest rule set found in which a board still fails with the
    /// same signature ([`coinline_core::shrink::shrink_case`]): `game` itself, or a
    /// simpler one.
    pub shrunk_game: Game,
    /// The smallest board found that fails with the same signature, in
    /// `shrunk_game`.
    pub shrunk: Board,
    /// What is wrong with the shrunk board in `shrunk_game`.
    pub shrunk_violation: Violation,
}

impl Failure {
    /// The shrunk board with its (shrunk) game, ready for the corpus.
    pub fn shrunk_case(&self) -> Case {
        Case::new(self.shrunk_game, self.shrunk.clone())
    }
}

/// Why a run ended before its last board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// `max_failures` failures were found.
    MaxFailures,
    /// `duration` ran out.
    Duration,
}

/// What a run found.
#[derive(Clone, Debug)]
pub struct CompareOutcome {
    /// Board indices checked.
    pub boards: u64,
    /// Checks done (boards times games).
    pub checks: u64,
    /// Checks that failed.
    pub failed: u64,
    /// The first failures (at most [`MAX_SHRUNK`]), shrunk, in row order.
    pub failures: Vec<Failure>,
    /// Per game and length tallies.
    pub summary: CompareSummary,
    /// Why the run ended early, if it did.
    pub stopped: Option<Stop>,
    /// Wall-clock time of the checks (not of shrinking).
    pub elapsed: Duration,
}

/// The line that says how many failing checks were neither shrunk nor
/// printed (only the first [`MAX_SHRUNK`] are), if any.
pub fn unshown_failures(outcome: &CompareOutcome) -> Option<String> {
    let unshown = outcome.failed.saturating_sub(outcome.failures.len() as u64);
    (unshown > 0).then(|| {
        format!(
            "... {} not shown (only the first {} are shrunk; see the rows)",
            plural(unshown, "more failing check"),
            outcome.failures.len()
        )
    })
}

/// The message printed for one failure; its last line is the command that
/// reproduces it.
pub fn failure_message(failure: &Failure, saved: &str, reproduce: &str) -> String {
    let found = Case::new(failure.game, failure.found.clone());
    format!(
        "FAILURE at index {} ({}, n = {}): {}\n  found:     {found}\n  shrunk:    {} ({})\n  saved:     {}\n  reproduce: {reproduce}",
        failure.index,
        failure.game,
        failure.found.len(),
        failure.violation,
        failure.shrunk_case(),
        failure.shrunk_violation,
        saved,
    )
}

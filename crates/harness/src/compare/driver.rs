//! The run itself: boards checked in fixed-size chunks on a worker pool,
//! their rows written and their checks tallied in index order, the first
//! failures shrunk.

use super::rows::{self, RowLayout, RowTimings};
use super::summary_csv::{CompareSummary, DigestWriter};
use super::{Boards, CompareOptions, CompareOutcome, Failure, RowFilter, Stop};
use crate::HarnessError;
use coinline_core::board::Board;
use coinline_core::case::Case;
use coinline_core::check::{check, CaseReport, Violation};
use coinline_core::error::{Error, Result};
use coinline_core::generate::admissible;
use coinline_core::play::Game;
use coinline_core::progress::Progress;
use coinline_core::shrink::shrink_case;
use coinline_core::solve::Solver;
use coinline_core::strategy::Heuristic;
use rayon::prelude::*;
use std::io::Write;
use std::time::{Duration, Instant};

/// Boards per unit of parallel work. Fixed, so nothing depends on threads.
const CHUNK: usize = 512;

/// At most this many failures of a run are shrunk and returned; the rest
/// are counted (and have their rows).
pub const MAX_SHRUNK: usize = 100;

/// Runs the comparison, discarding the per-board rows.
pub fn run(
    options: &CompareOptions,
    solvers: &[&dyn Solver],
    heuristics: &[&dyn Heuristic],
    progress: &dyn Progress,
) -> Result<CompareOutcome> {
    run_to(options, solvers, heuristics, progress, &mut std::io::sink())
}

/// One index's checks, produced on a worker thread.
struct Checked {
    game: Game,
    report: CaseReport,
    row: Vec<u8>,
}

/// A failure waiting to be shrunk: its index, game, board and violation.
type Pending = (u64, Game, Board, Violation);

/// What the steps of a run share: the options, the checkers and the row
/// layout.
struct Run<'a> {
    options: &'a CompareOptions,
    solvers: &'a [&'a dyn Solver],
    heuristics: &'a [&'a dyn Heuristic],
    layout: RowLayout,
    /// The seed the rows carry (random boards only).
    seed: Option<u64>,
}

/// Runs the comparison, writing the per-board CSV (header and rows, see
/// [`RowLayout`]) to `out`.
pub fn run_to(
    options: &CompareOptions,
    solvers: &[&dyn Solver],
    heuristics: &[&dyn Heuristic],
    progress: &dyn Progress,
    out: &mut dyn Write,
) -> Result<CompareOutcome> {
    options.validate()?;
    let run = Run {
        options,
        solvers,
        heuristics,
        layout: RowLayout::new(solvers, heuristics, options.timings),
        seed: matches!(options.boards, Boards::Random { .. }).then_some(options.seed),
    };
    // The summary records the rows' digest, which merge checks.
    let out = &mut DigestWriter::new(out);
    out.write_all(&run.layout.header_bytes())
        .map_err(rows_error)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads())
        .build()
        .map_err(|e| HarnessError::Threads(std::sync::Arc::new(e)))?;
    let mut tally = Tally::new(options, heuristics);
    let mut indices = options.indices()?;
    let start = Instant::now();
    loop {
        let chunk: Vec<u64> = indices.by_ref().take(CHUNK).collect();
        if chunk.is_empty() {
            break;
        }
        let results = pool.install(|| run.check_chunk(&chunk));
        let full = tally.record(options, results, out)?;
        progress.advance(chunk.len() as u64);
        if full {
            tally.outcome.stopped = Some(Stop::MaxFailures);
            break;
        }
        if options.duration.is_some_and(|d| start.elapsed() >= d) {
            tally.outcome.stopped = Some(Stop::Duration);
            break;
        }
    }
    let Tally {
        mut outcome,
        mut summary,
        pending,
    } = tally;
    outcome.elapsed = start.elapsed();
    out.flush().map_err(rows_error)?;
    summary.rows_digest = out.digest();
    outcome.failures = pool.install(|| pending.into_par_iter().map(|p| run.shrink(p)).collect());
    outcome.summary = summary;
    Ok(outcome)
}

fn rows_error(e: std::io::Error) -> Error {
    Error::output("the rows", &e)
}

impl Run<'_> {
    /// Checks the boards of `chunk` in parallel on the current pool, in
    /// index order.
    fn check_chunk(&self, chunk: &[u64]) -> Vec<(u64, Vec<Checked>)> {
        chunk
            .par_iter()
            .map_init(RowWriter::default, |w, &index| {
                (index, self.check_index(w, index))
            })
            .collect()
    }

    /// Checks the board of `index` in every game (scaled down where a game
    /// would not admit it), with its row if the filter wants it.
    fn check_index(&self, row_writer: &mut RowWriter, index: u64) -> Vec<Checked> {
        let options = self.options;
        let Some(board) = options.board(index) else {
            return Vec::new();
        };
        options
            .games
            .iter()
            .map(|&game| {
                let started = options.timings.then(Instant::now);
                let scaled;
                let board = match game.admit(&board) {
                    Ok(()) => &board,
                    Err(_) => {
                        scaled = admissible(game, board.clone());
                        &scaled
                    }
                };
                let report = check(game, board, self.solvers, self.heuristics, &options.check);
                let timings = started.map(|t| RowTimings::measure(t, &report, self.solvers));
                let wanted = options.rows == RowFilter::All || !report.is_ok();
                let row = if wanted {
                    row_writer.row(&self.layout, self.seed, index, &report, timings.as_ref())
                } else {
                    Vec::new()
                };
                Checked { game, report, row }
            })
            .collect()
    }

    /// Shrinks one failure: the simplest game and smallest board found
    /// that fail with the same signature, within the shrink budget.
    fn shrink(&self, (index, game, found, violation): Pending) -> Failure {
        let check_in = |g: Game, b: &Board| {
            check(g, b, self.solvers, self.heuristics, &self.options.check).violation
        };
        let signature = violation.signature();
        let case = Case::new(game, found);
        let shrunk = shrink_case(&case, self.options.shrink_budget, |g, b| {
            check_in(g, b).is_some_and(|v| v.signature() == signature)
        });
        let shrunk_violation =
            check_in(shrunk.game, &shrunk.board).unwrap_or_else(|| violation.clone());
        Failure {
            index,
            game,
            found: case.board,
            violation,
            shrunk_game: shrunk.game,
            shrunk: shrunk.board,
            shrunk_violation,
        }
    }
}

/// The counts of a run so far, the summary and the failures to shrink.
struct Tally {
    outcome: CompareOutcome,
    summary: CompareSummary,
    pending: Vec<Pending>,
}

impl Tally {
    fn new(options: &CompareOptions, heuristics: &[&dyn Heuristic]) -> Tally {
        let mut summary =
            CompareSummary::new(heuristics.iter().map(|h| h.name().to_string()).collect());
        summary.run = options.identity();
        summary.shard = options.shard;
        Tally {
            outcome: CompareOutcome {
                boards: 0,
                checks: 0,
                failed: 0,
                failures: Vec::new(),
                summary: CompareSummary::default(),
                stopped: None,
                elapsed: Duration::ZERO,
            },
            summary,
            pending: Vec::new(),
        }
    }

    /// Counts a chunk's checks in index order and writes their rows.
    /// Returns true at the check of failure number `max_failures`, whose
    /// row is the last written.
    fn record(
        &mut self,
        options: &CompareOptions,
        results: Vec<(u64, Vec<Checked>)>,
        out: &mut dyn Write,
    ) -> Result<bool> {
        for (index, checks) in results {
            self.outcome.boards += 1;
            for checked in checks {
                self.outcome.checks += 1;
                self.summary.add(checked.game, index, &checked.report);
                out.write_all(&checked.row).map_err(rows_error)?;
                if !checked.row.is_empty() {
                    self.summary
                        .count_row(checked.game, checked.report.board.len());
                }
                if let Some(violation) = checked.report.violation {
                    self.outcome.failed += 1;
                    if self.pending.len() < MAX_SHRUNK {
                        self.pending
                            .push((index, checked.game, checked.report.board, violation));
                    }
                    if options.max_failures > 0 && self.outcome.failed >= options.max_failures {
                        return Ok(true);
                    }
                }
            }
        }
        Ok(false)
    }
}

/// Formats rows on a worker thread, reusing its scratch space.
#[derive(Default)]
struct RowWriter {
    bytes: Vec<u8>,
    buffer: String,
}

impl RowWriter {
    fn row(
        &mut self,
        layout: &RowLayout,
        seed: Option<u64>,
        index: u64,
        report: &CaseReport,
        timings: Option<&RowTimings>,
    ) -> Vec<u8> {
        self.bytes.clear();
        let mut csv = rows::csv_builder()
            .buffer_capacity(256)
            .from_writer(&mut self.bytes);
        // Writing into memory cannot fail.
        let written = layout
            .write_row(&mut csv, &mut self.buffer, seed, index, report, timings)
            .and_then(|()| Ok(csv.flush()?));
        debug_assert!(written.is_ok());
        drop(csv);
        self.bytes.clone()
    }
}

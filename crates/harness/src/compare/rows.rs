//! The per-board CSV of `compare`: its column layout and the writing of
//! one row per checked board.
//!
//! Rows: `seed, index, game, n, parity, board`, then `<solver>_difference`
//! per exact solver, `agree, status, violation, first_total, outcome`, then
//! `<heuristic>_difference, <heuristic>_regret` per heuristic and, with
//! timings, `<solver>_ns` per solver and `check_ns`. Boards are written
//! `3 -1 4`; numbers are plain integers; an empty cell is "does not apply".

use coinline_core::check::CaseReport;
use coinline_core::solve::Solver;
use coinline_core::strategy::Heuristic;
use coinline_core::summary::Outcome;
use std::fmt::Write as _;
use std::io::Write;
use std::time::{Duration, Instant};

/// The first columns of every row file.
pub(crate) const ROW_PREFIX: [&str; 6] = ["seed", "index", "game", "n", "parity", "board"];

/// The CSV writer settings shared by every compare output, so that rows
/// read and written again by `merge` keep their bytes.
pub fn csv_builder() -> csv::WriterBuilder {
    let mut builder = csv::WriterBuilder::new();
    builder.has_headers(false);
    builder
}

pub(super) fn csv_writer<W: Write>(w: W) -> csv::Writer<W> {
    csv_builder().from_writer(w)
}

/// The columns of a run's row file, fixed by its solvers and heuristics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowLayout {
    solvers: Vec<String>,
    heuristics: Vec<String>,
    timings: bool,
}

/// Solve times of one board, for the optional timing columns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowTimings {
    check: Duration,
    solvers: Vec<Option<Duration>>,
}

impl RowTimings {
    /// Completes the timings of a check started at `started`: the check's
    /// own time, then each solver that ran in it solving the board again.
    pub fn measure(started: Instant, report: &CaseReport, solvers: &[&dyn Solver]) -> Self {
        let check = started.elapsed();
        let solvers = solvers
            .iter()
            .zip(&report.solvers)
            .map(|(solver, result)| {
                result.difference.map(|_| {
                    let t = Instant::now();
                    std::hint::black_box(solver.difference(report.game, &report.board));
                    t.elapsed()
                })
            })
            .collect();
        RowTimings { check, solvers }
    }
}

impl RowLayout {
    /// The layout for these solvers and heuristics.
    pub fn new(solvers: &[&dyn Solver], heuristics: &[&dyn Heuristic], timings: bool) -> Self {
        RowLayout {
            solvers: solvers.iter().map(|s| s.name().to_string()).collect(),
            heuristics: heuristics.iter().map(|h| h.name().to_string()).collect(),
            timings,
        }
    }

    /// The column names.
    pub fn header(&self) -> Vec<String> {
        let mut columns: Vec<String> = ROW_PREFIX.iter().map(|c| c.to_string()).collect();
        columns.extend(self.solvers.iter().map(|s| format!("{s}_difference")));
        columns
            .extend(["agree", "status", "violation", "first_total", "outcome"].map(String::from));
        for h in &self.heuristics {
            columns.push(format!("{h}_difference"));
            columns.push(format!("{h}_regret"));
        }
        if self.timings {
            columns.extend(self.solvers.iter().map(|s| format!("{s}_ns")));
            columns.push("check_ns".into());
        }
        columns
    }

    /// The header line as CSV.
    pub fn header_bytes(&self) -> Vec<u8> {
        let mut w = csv_writer(Vec::new());
        // Writing into memory cannot fail.
        let _ = w.write_record(self.header());
        w.into_inner().unwrap_or_default()
    }

    /// Writes the row of one checked board. `buffer` is scratch space,
    /// reused to avoid an allocation per field.
    pub fn write_row<W: Write>(
        &self,
        w: &mut csv::Writer<W>,
        buffer: &mut String,
        seed: Option<u64>,
        index: u64,
        report: &CaseReport,
        timings: Option<&RowTimings>,
    ) -> csv::Result<()> {
        let mut cells = Cells { w, buffer };
        cells.opt(seed)?;
        cells.put(index)?;
        cells.put(report.game)?;
        let n = report.board.len();
        cells.put(n)?;
        cells.put(if n % 2 == 0 { "even" } else { "odd" })?;
        cells.put(&report.board)?;
        for i in 0..self.solvers.len() {
            cells.opt(report.solvers.get(i).and_then(|s| s.difference))?;
        }
        let mut ran = report.solvers.iter().filter_map(|s| s.difference);
        let first = ran.next();
        cells.put(first.is_some() && ran.all(|d| Some(d) == first))?;
        match &report.violation {
            Some(v) => {
                cells.put(v.signature())?;
                cells.put(v)?;
            }
            None => {
                cells.put("ok")?;
                cells.put("")?;
            }
        }
        cells.opt(report.optimal_totals().map(|t| t.first))?;
        cells.opt(report.value.map(|v| Outcome::of(v).name()))?;
        // A check that stops early runs no heuristic: those cells stay empty.
        for name in &self.heuristics {
            let achieved = report.performance_of(name).map(|p| p.difference);
            cells.opt(achieved)?;
            // Regret can exceed i64 on extreme boards.
            cells.opt(
                achieved
                    .zip(report.value)
                    .map(|(a, v)| i128::from(v) - i128::from(a)),
            )?;
        }
        if let Some(t) = timings.filter(|_| self.timings) {
            for d in &t.solvers {
                cells.opt(d.map(|d| d.as_nanos()))?;
            }
            cells.put(t.check.as_nanos())?;
        }
        cells.w.write_record(None::<&[u8]>)
    }
}

/// Writes CSV fields through one reused text buffer.
struct Cells<'a, W: Write> {
    w: &'a mut csv::Writer<W>,
    buffer: &'a mut String,
}

impl<W: Write> Cells<'_, W> {
    fn put(&mut self, value: impl std::fmt::Display) -> csv::Result<()> {
        self.buffer.clear();
        // Formatting into a String cannot fail.
        let _ = write!(self.buffer, "{value}");
        self.w.write_field(self.buffer.as_bytes())
    }

    fn opt(&mut self, value: Option<impl std::fmt::Display>) -> csv::Result<()> {
        match value {
            Some(v) => self.put(v),
            None => self.w.write_field(b""),
        }
    }
}

//! The CSV formats of `compare`: one row per checked board, and a summary
//! per game and length; and merging shard outputs back into one run.
//!
//! Rows: `seed, index, game, n, parity, board`, then `<solver>_difference`
//! per exact solver, `agree, status, violation, first_total, outcome`, then
//! `<heuristic>_difference, <heuristic>_regret` per heuristic and, with
//! timings, `<solver>_ns` per solver and `check_ns`. Boards are written
//! `3 -1 4`; numbers are plain integers; an empty cell is "does not apply".
//!
//! Summary: one row per game and length plus one `all` row per game, with
//! the raw counts (so shard summaries merge exactly) and the rates derived
//! from them; its last columns, `run` and `shard`, name the run and the part
//! of it, so that parts of different runs are never merged.

use super::Boards;
use crate::board::Board;
use crate::check::CaseReport;
use crate::error::{Error, Result};
use crate::game::Game;
use crate::generate::Shard;
use crate::solve::Solver;
use crate::strategy::Heuristic;
use crate::summary::{HeuristicTally, Outcome, Tally};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The first columns of every row file.
const ROW_PREFIX: [&str; 6] = ["seed", "index", "game", "n", "parity", "board"];

/// The columns of a summary before the per-heuristic groups.
const SUMMARY_FIXED: [&str; 11] = [
    "game",
    "n",
    "boards",
    "agreed",
    "failures",
    "wins",
    "ties",
    "losses",
    "win_rate",
    "tie_rate",
    "loss_rate",
];

/// The per-heuristic summary columns, each prefixed with `<heuristic>_`.
const SUMMARY_PER_HEURISTIC: [&str; 10] = [
    "boards",
    "optimal",
    "optimal_rate",
    "turned_into_loss",
    "losses",
    "regret_sum",
    "mean_regret",
    "max_regret",
    "worst_index",
    "worst_board",
];

/// The CSV writer settings shared by every compare output, so that rows
/// read and written again by `merge` keep their bytes.
pub fn csv_builder() -> csv::WriterBuilder {
    let mut builder = csv::WriterBuilder::new();
    builder.has_headers(false);
    builder
}

fn csv_writer<W: Write>(w: W) -> csv::Writer<W> {
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

/// The columns after the per-heuristic groups: which run and which part
/// of it, so that `merge` can refuse parts of different runs.
const SUMMARY_RUN: [&str; 2] = ["run", "shard"];

/// The summary of a run: a [`Tally`] per game and board length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The heuristics, in column order.
    pub heuristics: Vec<String>,
    /// The tallies, ordered by game (in [`Game::ALL`] order) and length.
    pub groups: BTreeMap<(Game, usize), Tally>,
    /// The run's identity (see [`super::CompareOptions::identity`]).
    pub run: String,
    /// The part of the run tallied.
    pub shard: Shard,
}

impl Default for Summary {
    fn default() -> Self {
        Summary::new(Vec::new())
    }
}

impl Summary {
    /// An empty summary with these heuristic columns.
    pub fn new(heuristics: Vec<String>) -> Self {
        Summary {
            heuristics,
            groups: BTreeMap::new(),
            run: String::new(),
            shard: Shard::WHOLE,
        }
    }

    /// Records one checked board under `key` (its index).
    pub fn add(&mut self, game: Game, key: u64, report: &CaseReport) {
        self.groups
            .entry((game, report.board.len()))
            .or_default()
            .add(key, report);
    }

    /// Merges the summary of a disjoint part of the same run (the caller
    /// checks that the parts are disjoint; see `coinline merge`).
    pub fn merge(&mut self, other: Summary) -> Result<()> {
        if other.run != self.run {
            return Err(Error::invalid(format!(
                "not the same run ({} and {})",
                self.run, other.run
            )));
        }
        if other.heuristics != self.heuristics {
            return Err(Error::invalid(format!(
                "summaries have different heuristics ({} and {})",
                self.heuristics.join(" "),
                other.heuristics.join(" ")
            )));
        }
        for (key, tally) in other.groups {
            self.groups.entry(key).or_default().merge(tally);
        }
        Ok(())
    }

    /// One tally per game over every length, in game order.
    pub fn by_game(&self) -> Vec<(Game, Tally)> {
        let mut games: Vec<(Game, Tally)> = Vec::new();
        for (&(game, _), tally) in &self.groups {
            match games.last_mut() {
                Some((g, total)) if *g == game => total.merge(tally.clone()),
                _ => games.push((game, tally.clone())),
            }
        }
        games
    }

    /// Writes the summary CSV: a row per game and length, then an `all` row
    /// per game.
    pub fn write_csv(&self, out: &mut dyn Write) -> std::io::Result<()> {
        let mut w = csv_writer(out);
        let mut header: Vec<String> = SUMMARY_FIXED.iter().map(|c| c.to_string()).collect();
        for h in &self.heuristics {
            header.extend(SUMMARY_PER_HEURISTIC.iter().map(|c| format!("{h}_{c}")));
        }
        header.extend(SUMMARY_RUN.map(String::from));
        w.write_record(&header)?;
        let by_game = self.by_game();
        for (game, total) in &by_game {
            for ((g, n), tally) in self.groups.iter().filter(|((g, _), _)| g == game) {
                w.write_record(self.summary_row(*g, &n.to_string(), tally))?;
            }
            w.write_record(self.summary_row(*game, "all", total))?;
        }
        w.flush()
    }

    fn summary_row(&self, game: Game, n: &str, t: &Tally) -> Vec<String> {
        let rate = |count: u64| format!("{:.6}", t.rate(count));
        let mut row = vec![
            game.to_string(),
            n.to_string(),
            t.boards.to_string(),
            t.agreed.to_string(),
            (t.boards - t.agreed).to_string(),
            t.wins.to_string(),
            t.ties.to_string(),
            t.losses.to_string(),
            rate(t.wins),
            rate(t.ties),
            rate(t.losses),
        ];
        for name in &self.heuristics {
            let h = t.heuristic(name).cloned().unwrap_or_default();
            let worst = h.worst.as_ref();
            row.extend([
                h.boards.to_string(),
                h.optimal.to_string(),
                if h.boards == 0 {
                    String::new()
                } else {
                    format!("{:.6}", h.optimal as f64 / h.boards as f64)
                },
                h.turned_into_loss.to_string(),
                h.losses.to_string(),
                h.regret_sum.to_string(),
                h.mean_regret()
                    .map_or_else(String::new, |m| format!("{m:.6}")),
                worst.map_or_else(String::new, |w| w.0.to_string()),
                worst.map_or_else(String::new, |w| w.1.to_string()),
                worst.map_or_else(String::new, |w| w.2.to_string()),
            ]);
        }
        row.extend([self.run.clone(), self.shard.to_string()]);
        row
    }

    /// Reads a summary CSV written by [`Summary::write_csv`] (the `all` rows
    /// are skipped: they are recomputed). `name` labels errors.
    pub fn parse_csv(name: &str, bytes: &[u8]) -> Result<Summary> {
        let bad = |what: String| Error::invalid(format!("{name}: {what}"));
        let mut reader = csv::ReaderBuilder::new().from_reader(bytes);
        let header = reader
            .headers()
            .map_err(|e| bad(format!("malformed CSV: {e}")))?
            .clone();
        let fixed = SUMMARY_FIXED.len();
        let group = SUMMARY_PER_HEURISTIC.len();
        let mut columns: Vec<&str> = header.iter().collect();
        if !columns.ends_with(&SUMMARY_RUN) {
            return Err(bad(
                "not a compare summary (no run and shard columns; written by an older coinline?)"
                    .into(),
            ));
        }
        columns.truncate(columns.len() - SUMMARY_RUN.len());
        if columns.len() < fixed
            || columns[..fixed] != SUMMARY_FIXED
            || (columns.len() - fixed) % group != 0
        {
            return Err(bad("not a compare summary (unexpected columns)".into()));
        }
        let mut heuristics = Vec::new();
        for chunk in columns[fixed..].chunks(group) {
            let name = chunk[0].strip_suffix("_boards").unwrap_or_default();
            let expected: Vec<String> = SUMMARY_PER_HEURISTIC
                .iter()
                .map(|c| format!("{name}_{c}"))
                .collect();
            if name.is_empty() || chunk != expected {
                return Err(bad("not a compare summary (unexpected columns)".into()));
            }
            heuristics.push(name.to_string());
        }
        let mut summary = Summary::new(heuristics);
        let mut identified = false;
        for (line, record) in reader.records().enumerate() {
            let record = record.map_err(|e| bad(format!("malformed CSV: {e}")))?;
            let at = |what: String| bad(format!("line {}: {what}", line + 2));
            let cell = |i: usize| record.get(i).unwrap_or_default();
            let int = |i: usize| -> Result<i128> {
                cell(i).parse::<i128>().map_err(|_| {
                    at(format!(
                        "column {} {:?} is not an integer",
                        columns[i],
                        cell(i)
                    ))
                })
            };
            let count = |i: usize| -> Result<u64> {
                u64::try_from(int(i)?)
                    .map_err(|_| at(format!("column {} is out of range", columns[i])))
            };
            let run = cell(columns.len());
            let shard: Shard = cell(columns.len() + 1)
                .parse()
                .map_err(|e| at(format!("shard: {e}")))?;
            if !identified {
                (summary.run, summary.shard, identified) = (run.to_string(), shard, true);
            } else if run != summary.run || shard != summary.shard {
                return Err(at("its run or shard differs from the first row's".into()));
            }
            let game: Game = cell(0).parse().map_err(|e| at(format!("{e}")))?;
            if cell(1) == "all" {
                continue;
            }
            let n = usize::try_from(count(1)?).map_err(|_| at("n is out of range".into()))?;
            let mut tally = Tally {
                boards: count(2)?,
                agreed: count(3)?,
                wins: count(5)?,
                ties: count(6)?,
                losses: count(7)?,
                heuristics: Vec::new(),
            };
            let outcomes = [tally.ties, tally.losses]
                .into_iter()
                .try_fold(tally.wins, u64::checked_add);
            if tally.agreed > tally.boards || outcomes.is_none_or(|sum| sum > tally.boards) {
                return Err(at("counts exceed the number of boards".into()));
            }
            for (h, name) in summary.heuristics.iter().enumerate() {
                let base = fixed + h * group;
                let boards = count(base)?;
                if boards == 0 {
                    continue;
                }
                let worst_board = Board::parse(cell(base + 9)).map_err(|e| at(e.to_string()))?;
                *tally.heuristic_mut(name) = HeuristicTally {
                    boards,
                    optimal: count(base + 1)?,
                    turned_into_loss: count(base + 3)?,
                    losses: count(base + 4)?,
                    regret_sum: int(base + 5)?,
                    worst: Some((int(base + 7)?, count(base + 8)?, worst_board)),
                };
            }
            if summary.groups.insert((game, n), tally).is_some() {
                return Err(at(format!("{game} n = {n} appears twice")));
            }
        }
        Ok(summary)
    }
}

/// Where the summary of the row file `out` goes: `NAME-summary.EXT` beside it.
pub fn summary_path(out: &Path) -> PathBuf {
    let stem = out
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "compare".into());
    let name = match out.extension() {
        Some(ext) => format!("{stem}-summary.{}", ext.to_string_lossy()),
        None => format!("{stem}-summary"),
    };
    out.with_file_name(name)
}

/// Joins the row files of the shards of one run, given as (name, contents),
/// into the rows of the whole run: index order, games in [`Game::ALL`]
/// order within an index. Refuses files with other columns, rows of
/// different seeds and rows present twice.
pub fn merge_rows(inputs: &[(String, Vec<u8>)]) -> Result<Vec<u8>> {
    let mut header: Option<(String, csv::StringRecord)> = None;
    // Each row with the number of the input it came from.
    let mut rows: Vec<(u64, usize, usize, csv::StringRecord)> = Vec::new();
    let mut seed: Option<(String, String)> = None;
    for (file, (name, bytes)) in inputs.iter().enumerate() {
        let bad = |what: String| Error::invalid(format!("{name}: {what}"));
        let mut reader = csv::ReaderBuilder::new().from_reader(bytes.as_slice());
        let this = reader
            .headers()
            .map_err(|e| bad(format!("malformed CSV: {e}")))?
            .clone();
        if this.len() < ROW_PREFIX.len() || this.iter().take(ROW_PREFIX.len()).ne(ROW_PREFIX) {
            return Err(bad(format!(
                "not a compare row file (its header does not start with {})",
                ROW_PREFIX.join(",")
            )));
        }
        match &header {
            Some((first, h)) if *h != this => {
                return Err(bad(format!("its columns differ from those of {first}")));
            }
            Some(_) => {}
            None => header = Some((name.clone(), this)),
        }
        for (line, record) in reader.records().enumerate() {
            let record = record.map_err(|e| bad(format!("malformed CSV: {e}")))?;
            let at = |what: String| bad(format!("line {}: {what}", line + 2));
            let index: u64 = record[1]
                .parse()
                .map_err(|_| at(format!("index {:?} is not an integer", &record[1])))?;
            let game: Game = record[2].parse().map_err(|e| at(format!("{e}")))?;
            let rank = Game::ALL.iter().position(|&g| g == game).unwrap_or(0);
            match &seed {
                Some((first, s)) if *s != record[0] => {
                    return Err(at(format!(
                        "seed {:?} differs from seed {s:?} of {first}: not shards of one run",
                        &record[0]
                    )));
                }
                Some(_) => {}
                None => seed = Some((name.clone(), record[0].to_string())),
            }
            rows.push((index, rank, file, record));
        }
    }
    let (_, header) = header.ok_or_else(|| Error::invalid("merge needs at least one row file"))?;
    rows.sort_by_key(|(index, rank, file, _)| (*index, *rank, *file));
    if let Some(pair) = rows
        .windows(2)
        .find(|p| (p[0].0, p[0].1) == (p[1].0, p[1].1))
    {
        let (first, second) = (&inputs[pair[0].2].0, &inputs[pair[1].2].0);
        return Err(Error::invalid(format!(
            "index {} ({}) appears in more than one row (in {first} and {second}): the inputs overlap",
            pair[0].0,
            Game::ALL[pair[0].1]
        )));
    }
    let mut w = csv_writer(Vec::new());
    let io = |e: csv::Error| Error::invalid(format!("cannot write rows: {e}"));
    w.write_record(&header).map_err(io)?;
    for (_, _, _, record) in &rows {
        w.write_record(record).map_err(io)?;
    }
    w.into_inner()
        .map_err(|e| Error::invalid(format!("cannot write rows: {e}")))
}

/// A short description of where boards come from, for messages.
pub fn describe(boards: &Boards) -> String {
    match boards {
        Boards::Random { count, values } => format!("{count} random boards, values {values}"),
        Boards::Exhaustive { alphabet } => format!("the boards over {alphabet}"),
    }
}

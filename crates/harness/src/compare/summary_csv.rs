//! The summary CSV of `compare`: one row per game and length plus one
//! `all` row per game, with the raw counts (so shard summaries merge
//! exactly) and the rates derived from them; its last columns, `run` and
//! `shard`, name the run and the part of it, so that parts of different
//! runs are never merged, and `rows` and `rows_sha256` record what the row
//! file beside it holds (its rows of that game and length, and the SHA-256
//! of its bytes), so that `merge` refuses a row file cut or changed after
//! it was written.

use super::rows::csv_writer;
use crate::{FileProblem, MergeError};
use coinline_core::board::Board;
use coinline_core::check::CaseReport;
use coinline_core::error::{Error, Result};
use coinline_core::generate::Shard;
use coinline_core::play::Game;
use coinline_core::summary::{HeuristicTally, Tally};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

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

/// The columns after the per-heuristic groups: which run and which part
/// of it, so that `merge` can refuse parts of different runs.
const SUMMARY_RUN: [&str; 4] = ["run", "shard", "rows", "rows_sha256"];

/// The summary of a run: a [`Tally`] per game and board length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompareSummary {
    /// The heuristics, in column order.
    pub heuristics: Vec<String>,
    /// The tallies, ordered by game (in [`Game::ALL`] order) and length.
    pub groups: BTreeMap<(Game, usize), Tally>,
    /// The run's identity (see [`super::CompareOptions::identity`]).
    pub run: String,
    /// The part of the run tallied.
    pub shard: Shard,
    /// The rows of the row file, per game and length (fewer than the
    /// boards with `--rows failures`).
    pub rows: BTreeMap<(Game, usize), u64>,
    /// The SHA-256 of the row file's bytes, in hex (see [`rows_digest`]).
    pub rows_digest: String,
}

/// The SHA-256 of row-file bytes, in lowercase hex.
pub fn rows_digest(bytes: &[u8]) -> String {
    coinline_output::folder::sha256_hex(bytes)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A writer that passes bytes on and digests them ([`rows_digest`] of
/// everything written).
pub struct DigestWriter<'a> {
    inner: &'a mut dyn Write,
    hasher: sha2::Sha256,
}

impl<'a> DigestWriter<'a> {
    /// Digests what goes to `inner`.
    pub fn new(inner: &'a mut dyn Write) -> Self {
        use sha2::Digest;
        DigestWriter {
            inner,
            hasher: sha2::Sha256::new(),
        }
    }

    /// The digest of everything written so far.
    pub fn digest(&self) -> String {
        use sha2::Digest;
        hex(&self.hasher.clone().finalize())
    }
}

impl Write for DigestWriter<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        use sha2::Digest;
        let written = self.inner.write(buf)?;
        self.hasher.update(&buf[..written]);
        Ok(written)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// A reader that passes bytes on and digests them: once read to the end,
/// [`DigestReader::digest`] is the [`rows_digest`] of everything read.
pub struct DigestReader<R> {
    inner: R,
    hasher: sha2::Sha256,
}

impl<R: std::io::Read> DigestReader<R> {
    /// Digests what is read from `inner`.
    pub fn new(inner: R) -> Self {
        use sha2::Digest;
        DigestReader {
            inner,
            hasher: sha2::Sha256::new(),
        }
    }

    /// The digest of everything read so far.
    pub fn digest(&self) -> String {
        use sha2::Digest;
        hex(&self.hasher.clone().finalize())
    }
}

impl<R: std::io::Read> std::io::Read for DigestReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        use sha2::Digest;
        let read = self.inner.read(buf)?;
        self.hasher.update(&buf[..read]);
        Ok(read)
    }
}

impl Default for CompareSummary {
    fn default() -> Self {
        CompareSummary::new(Vec::new())
    }
}

impl CompareSummary {
    /// An empty summary with these heuristic columns.
    pub fn new(heuristics: Vec<String>) -> Self {
        CompareSummary {
            heuristics,
            groups: BTreeMap::new(),
            run: String::new(),
            shard: Shard::WHOLE,
            rows: BTreeMap::new(),
            rows_digest: String::new(),
        }
    }

    /// Records one checked board under `key` (its index).
    pub fn add(&mut self, game: Game, key: u64, report: &CaseReport) {
        self.groups
            .entry((game, report.board.len()))
            .or_default()
            .add(key, report);
    }

    /// Whether the run's settings keep a row for every board (`rows=all`),
    /// so that every figure can be recounted from its rows.
    pub fn rows_all(&self) -> bool {
        self.run.ends_with(" rows=all")
    }

    /// Refuses `bytes`, the summary `name` read as `self`, unless they are
    /// what [`CompareSummary::write_csv`] writes for its figures: a derived
    /// column (failures, a rate, a mean) or a total row (`n = all`) that
    /// does not follow from the rows of each length names its line and
    /// column.
    pub fn check_written(&self, name: &str, bytes: &[u8]) -> Result<()> {
        let mut written = Vec::new();
        (self.write_csv(&mut written)).map_err(|e| Error::io(Path::new(name), &e))?;
        let records = |b: &[u8]| -> Vec<csv::StringRecord> {
            let mut reader = csv::ReaderBuilder::new().has_headers(false).from_reader(b);
            reader.records().map_while(|r| r.ok()).collect()
        };
        let (found, expected) = (records(bytes), records(&written));
        let header = expected.first().cloned().unwrap_or_default();
        let none = csv::StringRecord::new();
        for line in 0..found.len().max(expected.len()) {
            let (f, e) = (
                found.get(line).unwrap_or(&none),
                expected.get(line).unwrap_or(&none),
            );
            let cells = |r: &csv::StringRecord, i| r.get(i).unwrap_or_default().to_string();
            if let Some(i) = (0..f.len().max(e.len())).find(|&i| cells(f, i) != cells(e, i)) {
                let column = header.get(i).unwrap_or("the row").to_string();
                let (cell, expected) = (cells(f, i), cells(e, i));
                let problem = FileProblem::NotAsWritten {
                    column,
                    cell,
                    expected,
                };
                return Err(MergeError::in_file(name, Some(line as u64 + 1), problem));
            }
        }
        Ok(())
    }

    /// Counts one row of the row file, of a board of `game` and length `n`.
    pub fn count_row(&mut self, game: Game, n: usize) {
        *self.rows.entry((game, n)).or_default() += 1;
    }

    /// Merges the summary of a disjoint part of the same run (the caller
    /// checks that the parts are disjoint; see `coinline merge`).
    pub fn merge(&mut self, other: CompareSummary) -> Result<()> {
        if other.run != self.run {
            let (first, second) = (self.run.clone(), other.run);
            return Err(MergeError::OtherRun { first, second }.into());
        }
        if other.heuristics != self.heuristics {
            let (first, second) = (self.heuristics.clone(), other.heuristics);
            return Err(MergeError::OtherHeuristics { first, second }.into());
        }
        for (key, tally) in other.groups {
            self.groups.entry(key).or_default().merge(tally);
        }
        for (key, rows) in other.rows {
            *self.rows.entry(key).or_default() += rows;
        }
        // The digest is of one row file; the merged file gets its own.
        self.rows_digest.clear();
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
                let rows = self.rows.get(&(*g, *n)).copied().unwrap_or(0);
                w.write_record(self.summary_row(*g, &n.to_string(), tally, rows))?;
            }
            let rows = (self.rows.iter())
                .filter(|((g, _), _)| g == game)
                .map(|(_, r)| r)
                .sum();
            w.write_record(self.summary_row(*game, "all", total, rows))?;
        }
        w.flush()
    }

    fn summary_row(&self, game: Game, n: &str, t: &Tally, rows: u64) -> Vec<String> {
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
        row.extend([
            self.run.clone(),
            self.shard.to_string(),
            rows.to_string(),
            self.rows_digest.clone(),
        ]);
        row
    }

    /// Reads a summary CSV written by [`CompareSummary::write_csv`] (the `all` rows
    /// are skipped: they are recomputed). `name` labels errors.
    pub fn parse_csv(name: &str, bytes: &[u8]) -> Result<CompareSummary> {
        let bad = |problem| MergeError::in_file(name, None, problem);
        let mut reader = csv::ReaderBuilder::new().from_reader(bytes);
        let header = (reader.headers())
            .map_err(|e| MergeError::csv(name, e))?
            .clone();
        let fixed = SUMMARY_FIXED.len();
        let group = SUMMARY_PER_HEURISTIC.len();
        let mut columns: Vec<&str> = header.iter().collect();
        if !columns.ends_with(&SUMMARY_RUN) {
            return Err(bad(FileProblem::NotSummary));
        }
        columns.truncate(columns.len() - SUMMARY_RUN.len());
        if columns.len() < fixed
            || columns[..fixed] != SUMMARY_FIXED
            || (columns.len() - fixed) % group != 0
        {
            return Err(bad(FileProblem::SummaryColumns));
        }
        let mut heuristics = Vec::new();
        for chunk in columns[fixed..].chunks(group) {
            let name = chunk[0].strip_suffix("_boards").unwrap_or_default();
            let expected: Vec<String> = SUMMARY_PER_HEURISTIC
                .iter()
                .map(|c| format!("{name}_{c}"))
                .collect();
            if name.is_empty() || chunk != expected {
                return Err(bad(FileProblem::SummaryColumns));
            }
            heuristics.push(name.to_string());
        }
        let mut summary = CompareSummary::new(heuristics);
        let mut identified = false;
        for (line, record) in reader.records().enumerate() {
            let record = record.map_err(|e| MergeError::csv(name, e))?;
            let at = |problem| MergeError::in_file(name, Some(line as u64 + 2), problem);
            let cell = |i: usize| record.get(i).unwrap_or_default();
            let int = |i: usize| -> Result<i128> {
                cell(i).parse::<i128>().map_err(|_| {
                    let column = header.get(i).unwrap_or_default().to_string();
                    at(FileProblem::ColumnInteger {
                        column,
                        cell: cell(i).to_string(),
                    })
                })
            };
            let count = |i: usize| -> Result<u64> {
                u64::try_from(int(i)?).map_err(|_| {
                    let column = header.get(i).unwrap_or_default();
                    at(FileProblem::ColumnRange(column.to_string()))
                })
            };
            let run = cell(columns.len());
            let shard: Shard = cell(columns.len() + 1)
                .parse()
                .map_err(|e| at(FileProblem::Shard(e)))?;
            let digest = cell(columns.len() + 3);
            if !identified {
                (summary.run, summary.shard, identified) = (run.to_string(), shard, true);
                summary.rows_digest = digest.to_string();
            } else if run != summary.run || shard != summary.shard || digest != summary.rows_digest
            {
                return Err(at(FileProblem::RunDiffers));
            }
            let game: Game = cell(0).parse().map_err(|e| at(FileProblem::Cell(e)))?;
            if cell(1) == "all" {
                continue;
            }
            let n = usize::try_from(count(1)?).map_err(|_| at(FileProblem::NRange))?;
            let rows = count(columns.len() + 2)?;
            if rows > 0 {
                summary.rows.insert((game, n), rows);
            }
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
                return Err(at(FileProblem::CountsExceed));
            }
            for (h, name) in summary.heuristics.iter().enumerate() {
                let base = fixed + h * group;
                let boards = count(base)?;
                if boards == 0 {
                    continue;
                }
                let worst_board =
                    Board::parse(cell(base + 9)).map_err(|e| at(FileProblem::Cell(e)))?;
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
                return Err(at(FileProblem::GroupTwice { game, n }));
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

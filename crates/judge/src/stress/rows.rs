//! The CSV of a stress session (`--out`): a row per judged board, kept
//! while the session runs and written once at its end through the output
//! function.

use super::options::Origin;
use crate::instance::Instance;
use crate::problem::Reply;
use crate::verdict::{Judged, Verdict};
use coinline_core::error::Result;
use coinline_output as output;
use serde::Serialize;
use std::path::Path;

/// One judged board.
#[derive(Serialize)]
pub(super) struct CsvRow {
    source: String,
    seed: Option<u64>,
    index: u64,
    run: u64,
    n: usize,
    board: String,
    expected: String,
    answer: Option<String>,
    verdict: &'static str,
    detail: String,
    time_ms: String,
}

const CSV_HEADER: [&str; 11] = [
    "source", "seed", "index", "run", "n", "board", "expected", "answer", "verdict", "detail",
    "time_ms",
];

/// The rows of run number `run` (counted from 1), whose boards came from
/// `origin` (named `source` in the CSV, with the session's `seed` for
/// generated ones).
pub(super) fn rows_of(
    source: &str,
    seed: Option<u64>,
    origin: &Origin<'_>,
    run: u64,
    boards: &[Instance],
    judged: &Judged,
) -> Vec<CsvRow> {
    let time_ms = format!("{:.3}", judged.execution.elapsed.as_secs_f64() * 1000.0);
    let row = |(i, board): (usize, &Instance)| {
        let index = match origin {
            Origin::Generated(first) => first + i as u64,
            Origin::Generator { index, .. } => *index,
            Origin::Replayed(_) => i as u64,
        };
        let verdict = judged.case_kind(i);
        let detail = match (&judged.verdict, &judged.answers[i]) {
            _ if verdict == "ok" => String::new(),
            (Verdict::WrongAnswer { .. }, Some(got)) => format!(
                "wrong answer on case {}: expected {}, got {got}",
                i + 1,
                judged.expected[i]
            ),
            (verdict, _) => verdict.to_string(),
        };
        CsvRow {
            source: source.to_string(),
            seed,
            index,
            run,
            n: board.len(),
            board: board.to_string(),
            expected: judged.expected[i].to_string(),
            answer: judged.answers[i].as_ref().map(Reply::to_string),
            verdict,
            detail,
            time_ms: time_ms.clone(),
        }
    };
    boards.iter().enumerate().map(row).collect()
}

/// Writes `rows` under the header to `path` (`-`: standard output).
pub(super) fn write_csv(path: &Path, rows: &[CsvRow]) -> Result<()> {
    output::write(path, |w| {
        let mut csv = csv::WriterBuilder::new().has_headers(false).from_writer(w);
        csv.write_record(CSV_HEADER).map_err(io_error)?;
        for row in rows {
            csv.serialize(row).map_err(io_error)?;
        }
        csv.flush()
    })
}

/// A CSV error as the I/O error it holds, if it holds one: a closed pipe
/// then stays a closed pipe (csv's own conversion makes every error
/// `Other`).
fn io_error(e: csv::Error) -> std::io::Error {
    if !e.is_io_error() {
        return std::io::Error::other(e);
    }
    match e.into_kind() {
        csv::ErrorKind::Io(e) => e,
        kind => std::io::Error::other(format!("{kind:?}")),
    }
}

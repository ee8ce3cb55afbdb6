//! The harness's own errors: `HarnessError` for what compare, explain and
//! the terminal game refuse, `MergeError` for row files and summaries that
//! merge cannot take.

// The fields are named by the messages their variants print.
#![allow(missing_docs)]

use crate::compare::{MAX_ENUMERATION, MAX_JOBS, MAX_LENGTH};
use coinline_core::error::{quote, Error};
use coinline_core::generate::Span;
use coinline_core::play::Game;
use std::sync::Arc;

/// What compare, explain and the terminal game refuse.
#[derive(Debug, Clone, thiserror::Error)]
#[non_exhaustive]
pub enum HarnessError {
    /// A line at the terminal that is neither a move nor a command.
    #[error("{} is neither a move (L, R, L2, DR2, left, right) nor a command (undo, hint, help, quit)", quote(.text))]
    NotAMove { text: String },
    /// A line at the terminal over the longest the game reads.
    #[error("a line of {bytes_read} bytes is longer than the {max} a move or command can be")]
    LongLine { bytes_read: usize, max: usize },
    /// An empty board given to `command` (play or explain).
    #[error("no values to {command}")]
    NoValues { command: &'static str },
    /// A board longer than the terminal game takes.
    #[error(
        "a game at the terminal has at most {} values; this one has {n}",
        crate::human::LIMIT
    )]
    TooLongToPlay { n: usize },
    /// A circle given to the terminal game.
    #[error("a game at the terminal is played on a row; {game} is a circle")]
    PlayOnCircle { game: Game },
    /// A move of the person's when it is the computer's turn.
    #[error("it is not your move")]
    NotYourMove,
    /// Undo before the person has moved.
    #[error("nothing to undo: you have not moved yet")]
    NothingToUndo,
    /// A position with values and no move: a bug.
    #[error("a position with values has a move")]
    NoMove,
    /// A board longer than explain draws.
    #[error(
        "explain draws boards of at most {} values; this one has {n} (try coinline solve)",
        crate::explain::LIMIT
    )]
    TooLongToExplain { n: usize },
    /// A circle given to explain.
    #[error("explain draws the interval table of a row; {game} is a circle (try coinline solve --game {game})")]
    ExplainCircle { game: Game },
    /// A `take=a..Km` game given to explain.
    #[error("explain draws the interval table of a row; under take=a..Km a position is the values left and the bound M (try coinline solve --game '{game}' --line)")]
    ExplainBound { game: Game },
    /// Compare given no rule set.
    #[error("no game to compare")]
    NoGame,
    /// A board length past [`MAX_LENGTH`].
    #[error("board length {n} is too large for compare (at most {MAX_LENGTH})")]
    TooLong { n: usize },
    /// A length range whose low end is above its high end.
    #[error("length range {lengths} is reversed")]
    LengthsReversed { lengths: Span<usize> },
    /// An alphabet whose boards could break the overflow rule.
    #[error("alphabet {alphabet} is too wide: boards of {n} values could break the overflow rule")]
    AlphabetTooWide { alphabet: Span<i64>, n: usize },
    /// An alphabet whose low end is above its high end.
    #[error("alphabet {alphabet} is reversed")]
    AlphabetReversed { alphabet: Span<i64> },
    /// More boards to enumerate than [`MAX_ENUMERATION`] (`None`: past 2^64).
    #[error("enumerating every board of length {lengths} over {alphabet} is {}", .total.map_or("more than 2^64 boards".into(), |t| format!("{t} boards, more than {MAX_ENUMERATION}")))]
    TooManyBoards {
        lengths: Span<usize>,
        alphabet: Span<i64>,
        total: Option<u64>,
    },
    /// An index past the last board of the run.
    #[error("index {index} is past the end of the run ({total} boards)")]
    PastEnd { index: u64, total: u64 },
    /// More worker threads than [`MAX_JOBS`].
    #[error("{jobs} worker threads are too many (at most {MAX_JOBS})")]
    TooManyJobs { jobs: usize },
    /// The worker threads could not be started.
    #[error("cannot start worker threads: {0}")]
    Threads(#[source] Arc<rayon::ThreadPoolBuildError>),
}

/// A row file or summary that merge cannot take.
#[derive(Debug, Clone, thiserror::Error)]
#[non_exhaustive]
pub enum MergeError {
    /// A fault of the file `file`, at its 1-based `line` where it has one.
    #[error("{file}: {}{problem}", .line.map_or(String::new(), |l| format!("line {l}: ")))]
    File {
        file: String,
        line: Option<u64>,
        problem: FileProblem,
    },
    /// The same board in two row files.
    #[error("index {index} ({game}) appears in more than one row (in {first} and {second}): the inputs overlap")]
    Overlap {
        index: u64,
        game: Game,
        first: String,
        second: String,
    },
    /// Summaries of two runs.
    #[error("not the same run ({first} and {second})")]
    OtherRun { first: String, second: String },
    /// Summaries of different heuristics.
    #[error("summaries have different heuristics ({} and {})", .first.join(" "), .second.join(" "))]
    OtherHeuristics {
        first: Vec<String>,
        second: Vec<String>,
    },
    /// A summary figure the rows do not add up to.
    #[error("{summary}: {game} n = {n}: {field} is {recorded} but the rows of {rows} give {counted}: the summary was changed after it was written")]
    Changed {
        summary: String,
        rows: String,
        game: Game,
        n: usize,
        field: String,
        recorded: String,
        counted: String,
    },
    /// A group of the rows the summary does not have.
    #[error("{summary}: has no {game} n = {n} although {rows} has rows of it: the summary was changed after it was written")]
    GroupMissing {
        summary: String,
        rows: String,
        game: Game,
        n: usize,
    },
    /// Merge given no row file.
    #[error("merge needs at least one row file")]
    NoRowFiles,
    /// The merged rows could not be written.
    #[error("cannot write rows: {0}")]
    Write(#[source] Arc<csv::Error>),
}

/// What is wrong in a row file or summary (see [`MergeError::File`]).
#[derive(Debug, Clone, thiserror::Error)]
pub enum FileProblem {
    #[error("not a compare row file (its header does not start with {})", crate::compare::rows::ROW_PREFIX.join(","))]
    NotRows,
    #[error("not a compare row file (no status, outcome or heuristic columns)")]
    NoTallyColumns,
    #[error("its columns differ from those of {first}")]
    OtherColumns { first: String },
    #[error("not a compare summary (no run, shard, rows and rows_sha256 columns; written by an older coinline?)")]
    NotSummary,
    #[error("not a compare summary (unexpected columns)")]
    SummaryColumns,
    #[error("{len} cells where the header has {expected}: the file was cut or changed after it was written")]
    Cells { len: u64, expected: u64 },
    #[error("malformed CSV: {0}")]
    Csv(#[source] Arc<csv::Error>),
    #[error("{0}")]
    Cell(#[source] Error),
    #[error("index {0:?} is not an integer")]
    Index(String),
    #[error("n {0:?} is not a length")]
    Length(String),
    #[error("seed {seed:?} differs from seed {first_seed:?} of {first}: not shards of one run")]
    Seed {
        seed: String,
        first_seed: String,
        first: String,
    },
    #[error("index {index} ({game}) comes after index {after} ({after_game}): the rows are not in the order compare writes them")]
    OutOfOrder {
        index: u64,
        game: Game,
        after: u64,
        after_game: Game,
    },
    #[error("{column} is {cell:?} but the other figures give {expected:?}: the summary was changed after it was written")]
    NotAsWritten {
        column: String,
        cell: String,
        expected: String,
    },
    #[error("outcome {0:?} is not win, tie or loss")]
    Outcome(String),
    #[error("{0:?} is not an integer")]
    Integer(String),
    #[error("column {column} {cell:?} is not an integer")]
    ColumnInteger { column: String, cell: String },
    #[error("column {0} is out of range")]
    ColumnRange(String),
    #[error("shard: {0}")]
    Shard(#[source] Error),
    #[error("its run, shard or rows_sha256 differs from the first row's")]
    RunDiffers,
    #[error("n is out of range")]
    NRange,
    #[error("counts exceed the number of boards")]
    CountsExceed,
    #[error("{game} n = {n} appears twice")]
    GroupTwice { game: Game, n: usize },
}

impl MergeError {
    /// [`MergeError::File`] as an [`Error`].
    pub fn in_file(file: &str, line: Option<u64>, problem: FileProblem) -> Error {
        let file = file.to_string();
        MergeError::File {
            file,
            line,
            problem,
        }
        .into()
    }

    /// A fault of `file` found by the csv reader, at the line it names.
    pub fn csv(file: &str, e: csv::Error) -> MergeError {
        let file = file.to_string();
        match e.kind() {
            csv::ErrorKind::UnequalLengths {
                pos,
                expected_len,
                len,
            } => MergeError::File {
                file,
                line: pos.as_ref().map(csv::Position::line),
                problem: FileProblem::Cells {
                    len: *len,
                    expected: *expected_len,
                },
            },
            _ => MergeError::File {
                file,
                line: None,
                problem: FileProblem::Csv(Arc::new(e)),
            },
        }
    }
}

coinline_core::error::layer_errors!(HarnessError, MergeError);

//! The binary's own errors: what it refuses in the options and arguments
//! ([`UsageError`]) and what stops a run it drives ([`RunError`]), each
//! variant rendering its message from the data it carries.

use super::text::{about_bytes, about_seconds, shown};
use coinline_core::error::plural;
use coinline_core::error::quote;
use coinline_core::generate::Shard;
use coinline_core::rules::Game;
use coinline_judge::answers::OutputProblem;
use coinline_judge::Problem;
use std::path::PathBuf;

/// Options, arguments or named inputs a command cannot use, and runs that
/// would check nothing.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum UsageError {
    /// A file that must be text is not UTF-8.
    #[error("{}: the file is not UTF-8 text", .path.display())]
    NotUtf8 { path: PathBuf },
    /// A study, problem or template file over the cap of such files.
    #[error("{}: over {cap} bytes (1 MiB), the most coinline reads of a study, problem or template file", shown(.path))]
    FileTooLarge { path: PathBuf, cap: u64 },
    /// A character or block device given as a study, problem or template file.
    #[error("{}: a device, not a file: a study, problem or template file is read from a file or a pipe", .path.display())]
    Device { path: PathBuf },
    /// An option about coinline's own boards given with `--generator`.
    #[error("{option} is for coinline's own boards: with --generator each run is the one input your generator prints")]
    NotWithGenerator { option: &'static str },
    /// `explain` with no values.
    #[error("no values given (pass them as arguments, or `-` to read standard input)")]
    NoValuesToExplain,
    /// `solve` with no values.
    #[error("no values given (pass them as arguments, with --board, or on standard input)")]
    NoValuesToSolve,
    /// `play --human` on an empty board.
    #[error("no values to play (--board is empty, or --n 0)")]
    NoValuesToPlay,
    /// `play` with no runs, board or saved games.
    #[error("nothing to check: no game to play (give --runs N, --board VALUES or --replay DIR with saved games)")]
    NoGameToPlay,
    /// A tournament of optimal play alone.
    #[error("--tournament needs at least one strategy besides optimal play (--player greedy, --player './bot', or a program after --)")]
    TournamentOfOptimalOnly,
    /// A tournament of `--runs 0`.
    #[error("nothing to check: --tournament --runs 0: no board to play")]
    TournamentWithoutRuns,
    /// A summary given to `merge` as a row file.
    #[error("{}: is a summary; give the row files (their summaries are read from beside them)", .path.display())]
    SummaryAsRowFile { path: PathBuf },
    /// `-` given to `merge`.
    #[error("merge reads row files, not standard input (`-`): name each shard's file")]
    MergeFromStdin,
    /// A directory given to `merge`.
    #[error("{}: is a directory, not a row file (give the shards' CSV files, as in DIR/*-of-8.csv)", .path.display())]
    DirectoryAsRowFile { path: PathBuf },
    /// One file given to `merge` twice.
    #[error("{} is given twice (also as {}): give each shard once", .path.display(), .earlier.display())]
    ShardGivenTwice { path: PathBuf, earlier: PathBuf },
    /// `merge` with no row file.
    #[error("merge needs at least one row file")]
    NoRowFiles,
    /// `--out -` with `--summary -`.
    #[error("--out - and --summary - would mix rows and summary on standard output")]
    RowsAndSummaryOnStdout,
    /// A `--param` that no `--game` names.
    #[error("parameter {} is not used by any --game", quote(.name))]
    UnusedParameter { name: String },
    /// `-` (standard input) among other values.
    #[error("`-` reads the board from standard input, so it must be the only value (it was given with {})", plural(*.others, "other value"))]
    DashAmongValues { others: u64 },
    /// A batch option of `stress` on an interactive problem.
    #[error("{option} is not for interactive problems: the program plays each board against the jury (docs/problems.md, Interactive problems)")]
    BatchOptionForInteractive { option: &'static str },
    /// Expected answers for an interactive problem.
    #[error("{}: an interactive problem has no expected answers; the program after -- plays each case", .path.display())]
    ExpectedForInteractive { path: PathBuf },
    /// An option of interactive problems given to `judge` on another.
    #[error("{option} is for interactive problems; {problem} is not one (docs/problems.md)")]
    InteractiveOnly {
        option: &'static str,
        problem: Box<Problem>,
    },
    /// A `compare` or `study` run estimated over `--budget`.
    #[error("this run would take at least about {} and {} on {} (the solvers' stated costs), over --budget {budget} s: raise --budget to run it, or ask for fewer or shorter boards", about_seconds(*.seconds), about_bytes(*.bytes), plural(*.threads, "thread"))]
    RunOverBudget {
        seconds: f64,
        bytes: f64,
        threads: u64,
        budget: f64,
    },
    /// A solver or heuristic estimated over `--budget`.
    #[error("{name} would take about {} on {n} values, over the budget of {budget} s (raise --budget to run it)", about_seconds(*.seconds))]
    OverBudget {
        name: String,
        seconds: f64,
        n: usize,
        budget: f64,
    },
    /// The first `cases` cases of a judge input estimated over `--budget`.
    #[error("judging {} with {solver} would take about {} on {values} values, over the budget of {budget} s (raise --budget to run it)", judged_cases(*.cases, *.line), about_seconds(*.seconds))]
    JudgingOverBudget {
        cases: usize,
        line: usize,
        solver: String,
        seconds: f64,
        values: usize,
        budget: f64,
    },
    /// `--alphabet` without `--exhaustive`.
    #[error("--alphabet applies only with --exhaustive")]
    AlphabetWithoutExhaustive,
    /// `compare --boards 0`.
    #[error("nothing to check: --boards 0 asks for no boards (give at least 1)")]
    NoBoards,
    /// `bench --max-n 0`.
    #[error("--max-n must be at least 1")]
    MaxNZero,
    /// `bench --against-generic` with `--max-n` under 10.
    #[error("--against-generic times boards from n = 10 on: give --max-n 10 or more")]
    AgainstGenericBelowTen,
    /// `bench` with no solver for its games.
    #[error("none of the chosen solvers implements the chosen games")]
    NoSolverForGames,
    /// `--param` without `--game`.
    #[error("--param binds the parameters of --game; give --game too (a problem's own parameters come from its input)")]
    ParamWithoutGame,
    /// Judge input and expected answers both on standard input.
    #[error("INPUT and EXPECTED cannot both be standard input (`-`)")]
    BothStdin,
    /// A judge input with no case.
    #[error("nothing to check: {} holds no cases", shown(.input))]
    NoCases { input: PathBuf },
    /// A file of expected answers the problem cannot read.
    #[error("{}: {wrong}", shown(.path))]
    BadExpected { path: PathBuf, wrong: OutputProblem },
    /// The heuristic named by `solve --solver` does not apply to the board.
    #[error("heuristic {heuristic} does not apply to this board")]
    HeuristicDoesNotApply { heuristic: String },
    /// `study run --merge DIR` with no part there.
    #[error("--merge {}: no part-K-of-N.json file there", .dir.display())]
    NoParts { dir: PathBuf },
    /// A study that is neither a file nor a built-in.
    #[error("{study}: no such file, nor a built-in study (see `coinline study list`)")]
    UnknownStudy { study: String },
    /// Parts of a study run of another version of the study.
    #[error("the parts are of another version of {study} (digest {part}, the file's is {file})")]
    StalePart {
        study: String,
        part: String,
        file: String,
    },
}

/// What stops a run the binary drives: shards that are not one run's, the
/// process's limits, encoders that fail.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// A shard's summary with no rows.
    #[error("{file}: has no rows, so its run cannot be identified")]
    ShardWithoutRows { file: String },
    /// Two files of the same shard.
    #[error("{file} and {first} are both shard {shard}")]
    ShardTwice {
        file: String,
        first: String,
        shard: Shard,
    },
    /// Shards of two splits of a run.
    #[error("{file} is shard {shard} but {first} is shard {first_shard}: different splits")]
    DifferentSplits {
        file: String,
        shard: Shard,
        first: String,
        first_shard: Shard,
    },
    /// Shards of the run not given (`K/N` each).
    #[error("shard {} missing: merge needs all {count} shards of the run", .missing.join(", "))]
    ShardsMissing { missing: Vec<String>, count: u64 },
    /// A row file with other row counts than its summary records.
    #[error("{file}: has {} of {game} n = {n} but {summary} records {recorded}: the row file was cut or changed after it was written", plural(*.found, "row"))]
    RowCountChanged {
        file: String,
        found: u64,
        game: Game,
        n: usize,
        summary: String,
        recorded: u64,
    },
    /// A row file with another digest than its summary records (16 hex digits each).
    #[error("{file}: its SHA-256 is {digest} but {summary} records {recorded}: the row file was changed after it was written")]
    DigestChanged {
        file: String,
        digest: String,
        summary: String,
        recorded: String,
    },
    /// More row files than the hard limit on open files.
    #[error("merge opens its {row_files} row files at once, but this process may open at most {hard} files (the hard limit, `ulimit -Hn`)")]
    OpenFilesOverHardLimit { row_files: usize, hard: u64 },
    /// The soft limit on open files could not be raised.
    #[error("merge opens its {row_files} row files at once, but the limit on open files (`ulimit -n`) is {soft} and could not be raised: {source}")]
    OpenFilesNotRaised {
        row_files: usize,
        soft: u64,
        source: std::io::Error,
    },
    /// A writer that staged its output returned no result.
    #[error("{command} wrote no rows")]
    NoRowsWritten { command: &'static str },
    /// A file of a `--merge` folder that is not a study's part.
    #[error("{}: not a part of a study run: {source}", .path.display())]
    NotAStudyPart {
        path: PathBuf,
        source: serde_json::Error,
    },
    /// `solve --format json` failed to encode.
    #[error("cannot encode JSON: {source}")]
    EncodeJson { source: serde_json::Error },
    /// `solve --format csv` failed to encode.
    #[error("cannot write CSV: {source}")]
    WriteCsv { source: csv::Error },
    /// A study's part failed to encode.
    #[error("cannot encode the part: {source}")]
    EncodePart { source: serde_json::Error },
    /// The `--jobs` threads could not start.
    #[error("cannot start {jobs} threads: {source}")]
    ThreadPool {
        jobs: usize,
        source: rayon::ThreadPoolBuildError,
    },
}

/// The cases a judge's budget counts, as its message names them.
fn judged_cases(cases: usize, line: usize) -> String {
    match cases {
        1 => format!("case 1 (line {line})"),
        _ => format!("cases 1 to {cases} (through line {line})"),
    }
}

coinline_core::error::layer_errors!(UsageError, RunError);

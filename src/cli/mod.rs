//! The `coinline` command line: argument definitions and dispatch.
//!
//! Architecture invariant: this layer (with the report writers) is the only
//! code that touches files, standard streams and exit codes. Each
//! subcommand lives in its own file with its `clap` arguments and a `run`
//! function that calls the library.
//!
//! Exit codes: 0 all well, 1 a failure was found, 2 bad usage or input.

use clap::{Parser, Subcommand};
use coinline::error::Error;
use std::process::ExitCode;

pub mod bench;
pub mod compare;
pub mod decay;
pub mod explain;
pub mod judge;
pub mod merge;
pub mod solve;
pub mod stress;
pub mod study;

/// Verification and fuzzing harness for take-from-the-ends games.
#[derive(Debug, Parser)]
#[command(name = "coinline", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve one board with every exact solver and heuristic.
    Solve(solve::SolveArgs),
    /// Check generated boards with every solver and heuristic; write CSV reports.
    Compare(compare::CompareArgs),
    /// Join the CSV outputs of `compare --shard K/N` runs.
    Merge(merge::MergeArgs),
    /// Run your own solution against the trusted solver on generated judge inputs.
    Stress(stress::StressArgs),
    /// Print the trusted answers of a judge input, or check expected answers.
    Judge(judge::JudgeArgs),
    /// Studies that answer a question with a report (odd-n).
    Study(study::StudyArgs),
    /// Time every exact solver on growing boards.
    Bench(bench::BenchArgs),
    /// Write one board as a self-contained HTML page: table, line, greedy's mistake.
    Explain(explain::ExplainArgs),
}

/// What a command reports back to `main`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Everything checked out.
    Ok,
    /// A failure (disagreement, wrong answer ...) was found.
    FailureFound,
}

/// Parses the process arguments, runs the command and maps the outcome to
/// an exit code, printing any error as one line on stderr.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return usage_error(err),
    };
    let result = match cli.command {
        Command::Solve(args) => solve::run(&args),
        Command::Compare(args) => compare::run(&args),
        Command::Merge(args) => merge::run(&args),
        Command::Stress(args) => stress::run(&args),
        Command::Judge(args) => judge::run(&args),
        Command::Study(args) => study::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Explain(args) => explain::run(&args),
    };
    match result {
        Ok(Status::Ok) => ExitCode::SUCCESS,
        Ok(Status::FailureFound) => ExitCode::from(1),
        Err(err) => {
            eprintln!("coinline: error: {err}");
            ExitCode::from(2)
        }
    }
}

/// Prints help and version as clap does; turns every other clap error into
/// one line and exit status 2.
fn usage_error(err: clap::Error) -> ExitCode {
    use clap::error::ErrorKind as K;
    match err.kind() {
        K::DisplayHelp | K::DisplayVersion | K::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = err.print();
            if err.kind() == K::DisplayHelpOnMissingArgumentOrSubcommand {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            }
        }
        _ => {
            let text = err.render().to_string();
            let mut lines = text.lines().filter(|l| !l.trim().is_empty());
            let first = lines.next().unwrap_or("invalid arguments");
            let first = first.strip_prefix("error: ").unwrap_or(first);
            // "...were not provided:" is followed by an indented list; keep it.
            let listed: Vec<&str> = match first.ends_with(':') {
                true => lines
                    .take_while(|l| l.starts_with(' '))
                    .map(str::trim)
                    .collect(),
                false => Vec::new(),
            };
            let message = [first, &listed.join(", ")].join(" ");
            eprintln!(
                "coinline: error: {} (see 'coinline --help')",
                message.trim_end()
            );
            ExitCode::from(2)
        }
    }
}

/// Parses a command-line value with the library's `FromStr`, for clap's
/// `value_parser`; the library's error becomes clap's message.
pub fn parse_with<T: std::str::FromStr<Err = Error>>(s: &str) -> Result<T, String> {
    s.parse::<T>().map_err(|e| e.to_string())
}

/// A terminal progress bar (indicatif) behind the library's
/// [`coinline::progress::Progress`]; draws nothing when stderr is not a
/// terminal.
pub struct Bar(indicatif::ProgressBar);

impl Bar {
    /// A bar with rate and ETA on a terminal, hidden otherwise.
    pub fn new(total: u64, unit: &str) -> Self {
        let bar = Bar(indicatif::ProgressBar::hidden());
        coinline::progress::Progress::start(&bar, total, unit);
        bar
    }

    /// A bar that is drawn only once a stage starts.
    pub fn idle() -> Self {
        Bar(indicatif::ProgressBar::hidden())
    }
}

impl coinline::progress::Progress for Bar {
    fn start(&self, total: u64, unit: &str) {
        use std::io::IsTerminal;
        if !std::io::stderr().is_terminal() {
            return;
        }
        self.0
            .set_draw_target(indicatif::ProgressDrawTarget::stderr());
        self.0.set_length(total);
        self.0.set_position(0);
        let template = format!(
            "{{elapsed_precise}} [{{bar:40}}] {{human_pos}}/{{human_len}} {unit} ({{per_sec}}, ETA {{eta}})"
        );
        if let Ok(style) = indicatif::ProgressStyle::with_template(&template) {
            self.0.set_style(style.progress_chars("=> "));
        }
    }

    fn advance(&self, done: u64) {
        self.0.inc(done);
    }

    fn finish(&self) {
        self.0.finish_and_clear();
    }

    fn suspend(&self, print: &mut dyn FnMut()) {
        self.0.suspend(print);
    }
}

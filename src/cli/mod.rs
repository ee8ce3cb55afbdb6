//! The `coinline` command line: argument definitions, dispatch, standard
//! output and exit statuses.
//!
//! Architecture invariant: this layer (with the report writers) is the only
//! code that touches files, standard streams and exit codes. Each
//! subcommand lives in its own file (the studies in a folder) with its
//! `clap` arguments and a `run` function that calls the library; the
//! options they share and their value parsers are in [`options`], usage
//! errors in [`usage`] (the binary's own error kinds in [`error`]), signals
//! in [`interrupts`], progress bars in [`progress`], the words of messages
//! in [`text`].
//!
//! Exit codes ([`status::exit_status`]): 0 all well (also when standard
//! output is closed early, as by `| head`), 1 a failure was found, 2 bad
//! usage or input (including nothing to check, and a failed write), 128 +
//! the signal when interrupted (130 SIGINT, 143 SIGTERM, 129 SIGHUP).

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use status::quiet_stdout_panics;
use std::process::ExitCode;

pub mod bench;
pub mod compare;
pub mod error;
pub mod explain;
pub mod games;
pub mod human;
pub mod interactive;
pub mod interrupts;
pub mod judge;
pub mod merge;
pub mod options;
pub mod outputs;
pub mod play;
pub mod problems;
pub mod progress;
pub mod shell;
pub mod solve;
pub mod status;
pub mod stress;
pub mod study;
pub mod text;
pub mod tournament;
pub mod usage;

/// Verification and fuzzing harness for take-from-the-ends games (the
/// `about` line of `--help` is the package's description in Cargo.toml).
#[derive(Debug, Parser)]
#[command(name = "coinline", version, about, long_about = None, after_help = AFTER_HELP)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

const AFTER_HELP: &str = "\
Examples:
  coinline solve 8 15 3 7
  coinline compare --game all --boards 3000 --seed 42 --out target/compare.csv
  coinline stress --problem cses-removal-game -- ./my-solution

Every command writes its result (a table, rows, answers, a page) to standard
output and its report (progress, notes, failures, what it wrote) to standard
error. Exit status: 0 all well, 1 a failure was found, 2 bad usage or input,
128 + the signal when interrupted. The manual: docs/README.md.";

/// The command line's definition: clap's, with the help texts that are
/// computed (the solver and heuristic names of `solve --help`).
pub fn command() -> clap::Command {
    Cli::command().mut_subcommand("solve", |c| c.after_help(solve::after_help()))
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
    // Boxed: its arguments hold rule sets, whose counts are held inline.
    Stress(Box<stress::StressArgs>),
    /// Judge a program (or a heuristic) move by move against perfect play or an opponent.
    Play(play::PlayArgs),
    /// Print the trusted answers of a judge input, or check expected answers.
    Judge(judge::JudgeArgs),
    /// Studies that answer a question with a report (odd-n, decay, outcomes).
    Study(study::StudyArgs),
    /// Time every exact solver on growing boards.
    Bench(bench::BenchArgs),
    /// Write one board as a self-contained HTML page: table, line, greedy's mistake.
    Explain(explain::ExplainArgs),
    /// List the built-in games (aliases of rule sets) and the invariants checked in each.
    Games(games::GamesArgs),
    /// List the built-in judge problems, or print one's problem file.
    Problems(problems::ProblemsArgs),
    /// Print a shell completion script for coinline.
    Completions(shell::CompletionsArgs),
    /// Write coinline's man pages (coinline.1 and one per subcommand).
    Man(shell::ManArgs),
}

/// Parses the process arguments, runs the command and maps the outcome to
/// an exit code, printing any error as one line on stderr.
pub fn main() -> ExitCode {
    quiet_stdout_panics();
    let cli = match command()
        .try_get_matches_from(std::env::args_os())
        .and_then(|m| Cli::from_arg_matches(&m))
    {
        Ok(cli) => cli,
        Err(err) => return usage::usage_error(err, &command()),
    };
    interrupts::install(cli.command.name());
    let result = match cli.command {
        Command::Solve(args) => solve::run(&args),
        Command::Compare(args) => compare::run(&args),
        Command::Merge(args) => merge::run(&args),
        Command::Stress(args) => match interactive::interactive(&args.problem) {
            Some(problem) => interactive::stress(&args, problem),
            None => stress::run(&args),
        },
        Command::Play(args) if args.human => human::run(&args),
        Command::Play(args) if args.tournament => tournament::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Judge(args) if args.program.is_empty() => judge::run(&args),
        Command::Judge(args) => match interactive::interactive(&args.problem) {
            Some(problem) => interactive::judge(&args, problem),
            None => judge::run(&args),
        },
        Command::Study(args) => study::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Explain(args) => explain::run(&args),
        Command::Games(args) => games::games(&args),
        Command::Problems(args) => problems::run(&args),
        Command::Completions(args) => shell::completions(&args, command()),
        Command::Man(args) => shell::man(&args, command()),
    };
    // What is still buffered must reach standard output too, or fail loudly.
    let code = status::finish(result.and_then(|status| status::print("").map(|()| status)));
    interrupts::end();
    code
}

impl Command {
    /// The subcommand's name, for messages.
    pub fn name(&self) -> &'static str {
        match self {
            Command::Solve(_) => "solve",
            Command::Compare(_) => "compare",
            Command::Merge(_) => "merge",
            Command::Stress(_) => "stress",
            Command::Play(args) if args.human => "play --human",
            Command::Play(_) => "play",
            Command::Judge(_) => "judge",
            Command::Study(_) => "study",
            Command::Bench(_) => "bench",
            Command::Explain(_) => "explain",
            Command::Games(_) => "games",
            Command::Problems(_) => "problems",
            Command::Completions(_) => "completions",
            Command::Man(_) => "man",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_help_ends_with_examples_and_exit_statuses() {
        fn walk(cmd: &mut clap::Command, path: &str, missing: &mut Vec<String>) {
            let name = format!("{path} {}", cmd.get_name()).trim().to_string();
            if cmd.has_subcommands() && cmd.get_name() != "coinline" {
                for sub in cmd.get_subcommands_mut() {
                    walk(sub, &name, missing);
                }
                return;
            }
            let help = cmd.render_long_help().to_string();
            if !help.contains("Examples:") || !help.contains("Exit status") {
                missing.push(name.clone());
            }
            for sub in cmd.get_subcommands_mut() {
                walk(sub, &name, missing);
            }
        }
        let mut missing = Vec::new();
        walk(&mut command(), "", &mut missing);
        missing.retain(|m| !m.ends_with(" help"));
        assert!(
            missing.is_empty(),
            "help without examples or exit statuses: {missing:?}"
        );
        let solve = command()
            .find_subcommand_mut("solve")
            .expect("solve exists")
            .render_long_help()
            .to_string();
        for name in coinline_core::solve::solver_names()
            .into_iter()
            .chain(coinline_core::strategy::heuristic_names())
        {
            assert!(solve.contains(name), "solve --help does not name {name}");
        }
    }
}

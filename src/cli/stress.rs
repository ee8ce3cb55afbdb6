//! `coinline stress`: run a user's solution against the trusted solver on
//! generated judge inputs.

use super::judge::ProblemArgs;
use super::{non_negative, parse_with, Status};
use clap::Args;
use coinline::error::{Error, Result};
use coinline::generate::Span;
use coinline::judge::stress::{check_batch, stress, Program, RunLimits, StressConfig};
use coinline::judge::Limits;
use std::path::PathBuf;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Arguments of `coinline stress`.
#[derive(Debug, Args)]
pub struct StressArgs {
    /// The problem.
    #[command(flatten)]
    pub problem: ProblemArgs,
    /// How many generated boards to judge (0: only --replay).
    #[arg(long, default_value_t = 1000, allow_hyphen_values = true,
          value_parser = non_negative::<u64>("--runs", U64))]
    pub runs: u64,
    /// Seed of the generated boards (default: from the clock; always printed).
    #[arg(long, allow_hyphen_values = true, value_parser = non_negative::<u64>("--seed", U64))]
    pub seed: Option<u64>,
    /// Judge only the generated boards with these indices (`I` or `A..B`),
    /// as printed in a reproduce line; replaces --runs.
    #[arg(long, value_parser = parse_with::<Span<u64>>, value_name = "INDEX")]
    pub only: Option<Span<u64>>,
    /// Board lengths `LO..HI` (default: the problem's limits).
    #[arg(long, value_parser = parse_with::<Span<usize>>, value_name = "LO..HI")]
    pub n: Option<Span<usize>>,
    /// Values `LO..HI` (default: the problem's limits).
    #[arg(long, value_parser = parse_with::<Span<i64>>, allow_hyphen_values = true, value_name = "LO..HI")]
    pub values: Option<Span<i64>>,
    /// Boards per run for the formats holding several cases (default 50;
    /// algospot allows at most 50).
    #[arg(long, allow_hyphen_values = true,
          value_parser = non_negative::<usize>("--batch", "1..=50 for algospot, 1 for single-case problems"))]
    pub batch: Option<usize>,
    /// Time limit per run in seconds (decimals allowed).
    #[arg(long, default_value = "2", value_parser = parse_seconds, value_name = "SECONDS")]
    pub timeout: Duration,
    /// Memory limit per run in MB (the address-space limit, RLIMIT_AS).
    #[arg(long, value_name = "MB", allow_hyphen_values = true,
          value_parser = non_negative::<u64>("--memory", "1..=18446744073709551615"))]
    pub memory: Option<u64>,
    /// Report failures as found, without shrinking them.
    #[arg(long)]
    pub no_shrink: bool,
    /// The most runs of the program spent shrinking one failure (at most
    /// 30 for a timeout, since each try costs the time limit).
    #[arg(long, default_value_t = 1000, value_name = "TRIES", allow_hyphen_values = true,
          value_parser = non_negative::<usize>("--shrink-budget", U64))]
    pub shrink_budget: usize,
    /// Save each minimal failure as NAME.in, NAME.out (expected) and
    /// NAME.got (the program's output) in this folder.
    #[arg(long, value_name = "DIR")]
    pub save: Option<PathBuf>,
    /// Re-run the saved inputs (*.in) of this folder before new boards.
    #[arg(long, value_name = "DIR")]
    pub replay: Option<PathBuf>,
    /// Write a CSV row per judged board to this file.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Go on after a failure (by default stress stops at the first).
    #[arg(long)]
    pub keep_going: bool,
    /// The solution to test and its arguments, after `--`.
    #[arg(last = true, required = true, value_name = "PROGRAM")]
    pub program: Vec<String>,
}

/// The range of a 64-bit count option, for messages.
const U64: &str = "0..=18446744073709551615";

/// Seconds as written on the command line: a positive decimal.
fn parse_seconds(text: &str) -> std::result::Result<Duration, String> {
    let bad = || format!("{text:?} is not a positive number of seconds (such as 2 or 0.5)");
    let seconds: f64 = text.trim().parse().map_err(|_| bad())?;
    if !(seconds > 0.0 && seconds <= 1e6) {
        return Err(bad());
    }
    Duration::try_from_secs_f64(seconds).map_err(|_| bad())
}

/// Runs `coinline stress`.
pub fn run(args: &StressArgs) -> Result<Status> {
    let problem = args.problem.resolve()?;
    let defaults = problem.limits();
    let limits = Limits::new(
        args.n.unwrap_or(defaults.n),
        args.values.unwrap_or(defaults.values),
    )?;
    let (n, v) = (limits.n, limits.values);
    let beyond: Vec<String> = [
        (n.lo < defaults.n.lo || n.hi > defaults.n.hi)
            .then(|| format!("--n {n} (the problem allows {})", defaults.n)),
        (v.lo < defaults.values.lo || v.hi > defaults.values.hi)
            .then(|| format!("--values {v} (the problem allows {})", defaults.values)),
    ]
    .into_iter()
    .flatten()
    .collect();
    if !beyond.is_empty() {
        eprintln!(
            "warning: {} goes beyond problem {problem}'s limits: a correct solution may fail there",
            beyond.join(" and ")
        );
    }
    let batch = check_batch(
        problem.format(),
        args.batch.unwrap_or(problem.format().default_batch()),
    )?;
    if args.memory == Some(0) {
        return Err(Error::invalid(
            "--memory 0: the limit must be at least 1 MB",
        ));
    }
    let seed = args.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let boards = match (args.only, args.runs) {
        (Some(only), _) => Some(only),
        (None, 0) => None,
        (None, runs) => Some(Span {
            lo: 0,
            hi: runs - 1,
        }),
    };
    let mut prefix = format!("coinline stress {}", problem.options());
    if limits.n != defaults.n {
        prefix += &format!(" --n {}", limits.n);
    }
    if limits.values != defaults.values {
        prefix += &format!(" --values {}", limits.values);
    }
    if let Some(b) = args.batch {
        prefix += &format!(" --batch {b}");
    }
    if args.timeout != Duration::from_secs(2) {
        prefix += &format!(" --timeout {}", args.timeout.as_secs_f64());
    }
    if let Some(mb) = args.memory {
        prefix += &format!(" --memory {mb}");
    }
    let config = StressConfig {
        problem,
        limits,
        program: Program::new(&args.program)?,
        run_limits: RunLimits {
            timeout: args.timeout,
            memory_mb: args.memory,
        },
        seed,
        boards,
        batch,
        shrink_budget: (!args.no_shrink).then_some(args.shrink_budget),
        save: args.save.clone(),
        replay: args.replay.clone(),
        csv: args.csv.clone(),
        keep_going: args.keep_going,
        command_prefix: prefix,
    };
    let outcome = stress(&config, &mut std::io::stdout().lock(), &super::Bar::idle())?;
    Ok(if outcome.failures.is_empty() {
        Status::Ok
    } else {
        Status::FailureFound
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_take_decimals_and_refuse_nonsense() {
        assert_eq!(parse_seconds("0.25"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_seconds("2"), Ok(Duration::from_secs(2)));
        for bad in ["0", "-1", "nan", "inf", "1e9", "", "2s"] {
            assert!(parse_seconds(bad).is_err(), "{bad}");
        }
    }
}

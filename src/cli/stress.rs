//! `coinline stress`: run a user's solution against the trusted solver on
//! generated judge inputs.

use super::error::UsageError;
use super::judge::ProblemArgs;
use super::options::{limit_seconds, non_negative, parse_with};
use super::options::{JobsArg, LengthsArg, MemoryArg, OnlyArg, OutFileArg, RunsArg, SeedArg};
use super::options::{ShrinkArgs, StopArgs};
use super::status::Status;
use crate::cli::status::say;
use clap::Args;
use coinline_core::error::Result;
use coinline_core::generate::Span;
use coinline_core::shell::CommandLine;
use coinline_judge::spec::{self, check_trusted_limit};
use coinline_judge::stress::{check_batch, stress, Program, RunLimits, StressConfig, Trusted};
use coinline_judge::{Answer, Problem};
use coinline_output::{Kind, Plan};
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `coinline stress`.
#[derive(Debug, Args)]
#[command(
    mut_arg("n", |a| a.help("Board lengths MIN..MAX [default: the problem's limits]")),
    mut_arg("max_failures", |a| a.default_value("1")),
    mut_arg("runs", |a| a.default_value("1000")),
    mut_arg("out", |a| a.alias("csv").help("Write a CSV row per judged board to FILE (`-`: standard output)")),
    after_help = AFTER_HELP,
)]
pub struct StressArgs {
    /// The problem.
    #[command(flatten)]
    pub problem: ProblemArgs,
    #[command(flatten)]
    pub runs: RunsArg,
    #[command(flatten)]
    pub seed: SeedArg,
    #[command(flatten)]
    pub only: OnlyArg,
    #[command(flatten)]
    pub lengths: LengthsArg,
    /// Values LO..HI [default: the problem's limits].
    #[arg(long, value_parser = parse_with::<Span<i64>>, allow_hyphen_values = true, value_name = "LO..HI")]
    pub values: Option<Span<i64>>,
    /// Boards per run for the problems holding several cases (default: 50
    /// or the problem's most, if fewer).
    #[arg(long, value_name = "N", allow_hyphen_values = true,
          value_parser = non_negative::<usize>("--batch", "1 up to the problem's most cases per input"))]
    pub batch: Option<usize>,
    /// Time limit per run in seconds (decimals allowed).
    #[arg(long, allow_negative_numbers = true, default_value = "2", value_parser = limit_seconds, value_name = "SECONDS")]
    pub timeout: Duration,
    /// Time limit per case in seconds: a run of k cases gets the smaller of
    /// --timeout and k times this.
    #[arg(long, allow_negative_numbers = true, value_parser = limit_seconds, value_name = "SECONDS")]
    pub case_timeout: Option<Duration>,
    #[command(flatten)]
    pub memory: MemoryArg,
    #[command(flatten)]
    pub shrink: ShrinkArgs,
    /// Save each minimal failure as NAME.in, NAME.out (expected) and
    /// NAME.got (the program's output) in this folder.
    #[arg(long, value_name = "DIR")]
    pub save: Option<PathBuf>,
    /// Re-run the saved inputs (*.in) of this folder before new boards.
    #[arg(long, value_name = "DIR")]
    pub replay: Option<PathBuf>,
    #[command(flatten)]
    pub out: OutFileArg,
    #[command(flatten)]
    pub force: super::options::ForceArg,
    #[command(flatten)]
    pub stop: StopArgs,
    /// Your trusted program (a brute force), as one command string split
    /// like a shell's words: it reads the same input and its answers are
    /// the expected ones, instead of coinline's solver.
    #[arg(long, value_name = "CMD")]
    pub reference: Option<String>,
    /// Your generator, as one command string: called with a seed argument
    /// appended (a number in 0..2^31 from --seed and the run's index), it
    /// prints one input in the problem's format.
    #[arg(long, value_name = "CMD")]
    pub generator: Option<String>,
    #[command(flatten)]
    pub jobs: JobsArg,
    /// The solution to test and its arguments, after `--`.
    #[arg(last = true, required = true, value_name = "PROGRAM")]
    pub program: Vec<String>,
}

const AFTER_HELP: &str = "\
Examples:
  coinline stress --problem cses-removal-game -- ./removal
  coinline stress --problem uva-10891 --n 1..20 --save target/failures -- python3 sol.py
  coinline stress --problem lines --game numbergame --seed 4 --only 17 -- ./sol
  coinline stress --problem-file take-two.toml -- ./mine
  coinline stress --problem atcoder-dp-l --jobs 2 --runs 5000 -- ./deque
  coinline stress --problem boj-11062 --reference 'python3 brute.py' -- ./sol
  coinline stress --problem lines --generator 'python3 gen.py' -- ./sol

Problems: `coinline problems` lists the built-in ones; --problem-file reads
your own (`coinline problems show lines` prints one to start from).

Exit status: 0 every answer agrees, 1 a failure was found (shrunk and
printed with the command that reproduces it), 2 bad usage, a program that
cannot be started, or an output that cannot be written.";

/// The problem the options name; with a reference, a problem file may
/// allow boards longer than coinline's trusted solver takes.
fn resolve(args: &StressArgs) -> Result<Problem> {
    match (&args.problem.problem_file, &args.reference) {
        (Some(path), Some(_)) if args.problem.problem.is_none() => {
            super::judge::problem_file(path, spec::parse_for_reference)?
                .adjusted(args.problem.game()?, args.problem.answer.clone())
        }
        _ => args.problem.resolve(),
    }
}

/// A command string given to `option`, as a program, with `option` for
/// reproduce lines.
fn command<'a>(option: &'a str, text: &Option<String>) -> Result<Option<(Program, &'a str)>> {
    text.as_ref()
        .map(|text| Ok((Program::from_command_line(option, text)?, option)))
        .transpose()
}

/// After an interrupt, waits for the interrupt handler, which ends the
/// process (status 128 + the signal) once the session has reported what it
/// cut short: the session's own status must not win the race.
fn wait_if_interrupted() {
    if coinline_sandbox::interrupted() {
        loop {
            std::thread::park();
        }
    }
}

/// The plan of paths of a stress run whose `--out` rows are `rows`: the
/// problem file, the words of the programs and `--replay` read; `--save`
/// and `--out` written.
pub(super) fn plan(args: &StressArgs, rows: Kind) -> Result<Plan> {
    let mut plan = Plan::new(args.force.force);
    if let Some(path) = &args.problem.problem_file {
        plan.input("problem file", path);
    }
    for word in &args.program {
        plan.input("program under test", word);
    }
    for (what, option, text) in [
        ("reference", "--reference", &args.reference),
        ("generator", "--generator", &args.generator),
    ] {
        if let Some(text) = text {
            let program = Program::from_command_line(option, text)?;
            for word in std::iter::once(&program.command).chain(&program.args) {
                plan.input(what, word);
            }
        }
    }
    let (replay, save) = (args.replay.as_deref(), args.save.as_deref());
    super::outputs::runs(&mut plan, replay, save, args.out.out.as_deref(), rows);
    Ok(plan)
}

/// Runs `coinline stress`.
pub fn run(args: &StressArgs) -> Result<Status> {
    // Every path of the run, checked before any work (docs/options.md, Outputs).
    plan(args, super::outputs::STRESS_ROWS)?.check()?;
    let reference = command("--reference", &args.reference)?;
    let generator = command("--generator", &args.generator)?;
    let problem = resolve(args)?;
    let defaults = problem.limits();
    let mut limits = defaults;
    limits.n = args.lengths.n.unwrap_or(defaults.n);
    limits.values = args.values.unwrap_or(defaults.values);
    limits.validate(problem.game())?;
    if !matches!(problem.answer(), Answer::Play(_)) && reference.is_none() {
        check_trusted_limit(problem.game(), &limits).map_err(|e| e.within("--n"))?;
    }
    if generator.is_some() {
        for (given, option) in [
            (args.batch.is_some(), "--batch"),
            (args.lengths.n.is_some(), "--n"),
            (args.values.is_some(), "--values"),
        ] {
            if given {
                return Err(UsageError::NotWithGenerator { option }.into());
            }
        }
    }
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
        say!(
            "warning: {} goes beyond problem {problem}'s limits: a correct solution may fail there",
            beyond.join(" and ")
        );
    }
    let batch = check_batch(&problem, args.batch.unwrap_or(problem.default_batch()))?;
    let seed = args.seed.or_clock();
    let boards = args.runs.boards(&args.only);
    // --jobs is left out: it does not change what a run finds.
    let mut prefix = CommandLine::new(&format!("coinline stress {}", problem.options()))
        .option_if("--n", (limits.n != defaults.n).then_some(limits.n))
        .option_if(
            "--values",
            (limits.values != defaults.values).then_some(limits.values),
        )
        .option_if("--batch", args.batch)
        .option_if(
            "--timeout",
            (args.timeout != Duration::from_secs(2)).then_some(args.timeout.as_secs_f64()),
        )
        .option_if("--case-timeout", args.case_timeout.map(|s| s.as_secs_f64()))
        .option_if("--memory", args.memory.memory);
    for (program, option) in reference.iter().chain(generator.iter()) {
        prefix = prefix.option(option, program);
    }
    let config = StressConfig {
        problem,
        limits,
        program: Program::new(&args.program)?,
        trusted: reference.map_or(Trusted::Solver, |(p, _)| Trusted::Reference(p)),
        generator: generator.map(|(p, _)| p),
        jobs: args.jobs.threads(),
        run_limits: RunLimits {
            timeout: args.timeout,
            case_timeout: args.case_timeout,
            memory_mb: args.memory.memory,
        },
        seed,
        boards,
        batch: if args.generator.is_some() { 1 } else { batch },
        shrink_budget: (args.shrink.budget() > 0).then_some(args.shrink.budget()),
        save: args.save.clone(),
        force: args.force.force,
        replay: args.replay.clone(),
        csv: args.out.out.clone(),
        max_failures: args.stop.max_failures(),
        command_prefix: prefix,
    };
    // The report goes to standard error, as every command's does; unlocked,
    // so that the interrupt handler can still print its line, and dropped
    // where standard error fails (the status still says what was found).
    let outcome = stress(
        &config,
        &mut super::status::Report,
        &super::progress::Bar::idle(),
    );
    wait_if_interrupted();
    let outcome = outcome?;
    Ok(Status::failure_if(!outcome.failures.is_empty()))
}

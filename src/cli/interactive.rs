//! `coinline stress` and `coinline judge` on an interactive problem (one
//! whose file has an `[interaction]` table): the options turned into a
//! session of `coinline_judge::interactive`, which plays the games against
//! the jury, and its report printed.

use super::error::UsageError;
use super::judge::{read, JudgeArgs, ProblemArgs};
use super::status::{print, say_line, Report, Status};
use super::stress::StressArgs;
use super::text::shown;
use coinline_core::error::Result;
use coinline_judge::interaction::Interaction;
use coinline_judge::interactive::{judge_limits, read_cases, Judged, Stress, StressOptions};
use coinline_judge::Problem;

/// The problem the options name, if it is interactive.
pub fn interactive(args: &ProblemArgs) -> Option<(Problem, Interaction)> {
    let problem = args.resolve().ok()?;
    let interaction = problem.interaction()?;
    Some((problem, interaction))
}

/// Options of `stress` that an interactive problem has no use for.
fn refuse_batch_options(args: &StressArgs) -> Result<()> {
    let given = [
        (args.reference.is_some(), "--reference"),
        (args.generator.is_some(), "--generator"),
        (args.batch.is_some(), "--batch"),
        (args.case_timeout.is_some(), "--case-timeout"),
    ];
    match given.iter().find(|(g, _)| *g) {
        Some(&(_, option)) => Err(UsageError::BatchOptionForInteractive { option }.into()),
        None => Ok(()),
    }
}

/// Runs `coinline stress` on an interactive problem.
pub fn stress(args: &StressArgs, (problem, interaction): (Problem, Interaction)) -> Result<Status> {
    refuse_batch_options(args)?;
    // Every path of the run, checked before any work.
    super::stress::plan(args, super::outputs::PLAY_ROWS)?.check()?;
    let options = StressOptions {
        program: args.program.clone(),
        problem_file: args.problem.problem_file.clone(),
        lengths: args.lengths.n,
        values: args.values,
        seed: args.seed.or_clock(),
        boards: args.runs.boards(&args.only),
        jobs: args.jobs.jobs,
        move_time: args.timeout,
        memory_mb: args.memory.memory,
        shrink_budget: args.shrink.budget(),
        max_failures: args.stop.max_failures(),
        replay: args.replay.clone(),
        save: args.save.clone(),
        force: args.force.force,
        out: args.out.out.clone(),
    };
    let session = Stress::new(problem, interaction, options, || {
        super::play::player(&args.program)
    })?;
    let outcome = session.run(&mut Report)?;
    if outcome.interrupted {
        // The interrupt handler ends the process once the games stop.
        loop {
            std::thread::park();
        }
    }
    Ok(Status::failure_if(!outcome.passed()))
}

/// Runs `coinline judge INPUT -- PROGRAM` on an interactive problem: the
/// program plays each case of the input against the jury.
pub fn judge(args: &JudgeArgs, (problem, interaction): (Problem, Interaction)) -> Result<Status> {
    if let Some(path) = args.expected.clone() {
        return Err(UsageError::ExpectedForInteractive { path }.into());
    }
    let cases = read_cases(&problem, &read(&args.input)?, &shown(&args.input))?;
    let player = super::play::player(&args.program)?;
    let limits = judge_limits(&interaction, args.move_time);
    let judged = Judged::play(&problem, &interaction, &player, &limits, cases)?;
    print(&judged.text())?;
    if let Some(warning) = judged.warning() {
        say_line(format_args!("{warning}"));
    }
    Ok(Status::failure_if(judged.rejected() > 0))
}

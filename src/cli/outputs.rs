//! The plans of paths (`coinline_harness::output::Plan`) of `coinline
//! stress` and `coinline play`, built from their arguments and checked
//! before any work: the inputs (the problem file, the words of the
//! programs, the `--replay` folder), the `--save` folder and `--out`.

use super::play::PlayArgs;
use super::stress::StressArgs;
use coinline_core::error::Result;
use coinline_harness::judge::sandbox::Program;
use coinline_harness::output::{Kind, Plan};

/// What stress's row file starts with.
pub const STRESS_ROWS: Kind = Kind::Csv("source,seed,index,run,n,board");

/// What the rows of `coinline play` (and of stress on an interactive
/// problem) start with.
pub const PLAY_ROWS: Kind = Kind::Csv("index,game,board,side");

/// What the table of `play --tournament` starts with.
pub const TOURNAMENT_ROWS: Kind = Kind::Csv("first,second,games");

/// The plan of a stress run whose `--out` rows are `rows`.
pub fn stress(args: &StressArgs, rows: Kind) -> Result<Plan> {
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
            plan.input(what, &program.command);
            for word in &program.args {
                plan.input(what, word);
            }
        }
    }
    if let Some(dir) = &args.replay {
        plan.input_folder("--replay", dir);
    }
    if let Some(dir) = &args.save {
        plan.saves_into("--save", dir);
    }
    if let Some(out) = &args.out.out {
        plan.output("--out", out, rows);
    }
    Ok(plan)
}

/// The plan of a `coinline play` run (or of its `--tournament`).
pub fn play(args: &PlayArgs) -> Plan {
    let mut plan = Plan::new(args.force.force);
    let programs = (args.program.iter()).chain(args.player.iter());
    for word in programs.flat_map(|w| w.split_whitespace()) {
        plan.input("program under test", word);
    }
    for word in args.opponent.split_whitespace() {
        plan.input("opponent", word);
    }
    if let Some(dir) = &args.replay {
        plan.input_folder("--replay", dir);
    }
    if let Some(dir) = &args.save {
        plan.saves_into("--save", dir);
    }
    if let Some(out) = &args.out.out {
        let rows = match args.tournament {
            true => TOURNAMENT_ROWS,
            false => PLAY_ROWS,
        };
        plan.output("--out", out, rows);
    }
    plan
}

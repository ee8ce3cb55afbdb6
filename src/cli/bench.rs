//! `coinline bench`: time the exact solvers on growing boards.

use super::error::UsageError;
use super::options::parse_with;
use super::options::SeedArg;
use super::status::{Lines, Status};
use clap::Args;
use coinline_core::error::{Error, Result};
use coinline_core::play::Game;
use coinline_core::solve::{exact_solvers, solver_by_name, table::Isa, Solver};
use coinline_harness::bench::{self as timing, DispatchPlan, Measurement, Plan};

/// Arguments of `coinline bench`.
#[derive(Debug, Args)]
#[command(
    mut_arg("seed", |a| a.default_value("1")
        .help("Seed of the random boards (fixed, so a measurement can be repeated)")),
    after_help = "\
Examples:
  coinline bench                            # every game and solver, two to three minutes
  coinline bench --game coins --solver table --max-n 20000
  coinline bench --check-dispatch           # each vectorized fill faster than the one below
  coinline bench --against-generic          # per game: generic table vs specialised, same n

Exit status: 0 measured (and with --check-dispatch, every fill fast enough),
1 a fill is too slow, 2 bad usage.",
)]
pub struct BenchArgs {
    /// Only this game (repeatable); default: every game.
    #[arg(long = "game", value_name = "GAME", value_parser = parse_with::<Game>)]
    pub games: Vec<Game>,
    /// Only this solver (repeatable): minimax, memo, generic, linear or table;
    /// default: every exact solver.
    #[arg(long = "solver", value_name = "NAME")]
    pub solvers: Vec<String>,
    /// Time budget of one solve, in seconds: lengths grow until a solve takes
    /// longer, and the largest length within it is reported.
    #[arg(long, allow_negative_numbers = true, value_name = "SECONDS", default_value_t = 1.0, value_parser = parse_seconds)]
    pub max_seconds: f64,
    /// Repeat each solve for this many seconds and keep the fastest run
    /// (more is steadier on a busy machine).
    #[arg(long, allow_negative_numbers = true, value_name = "SECONDS", default_value_t = 0.2, value_parser = parse_seconds)]
    pub sample_seconds: f64,
    /// Never time boards longer than this.
    #[arg(long, allow_negative_numbers = true, value_name = "N")]
    pub max_n: Option<usize>,
    #[command(flatten)]
    pub seed: SeedArg,
    /// Instruction set of table's value fill: portable, avx2 or avx512
    /// (default: the widest this processor has).
    #[arg(long, value_name = "ISA", value_parser = parse_isa)]
    pub isa: Option<Isa>,
    /// Time each solve with its optimal line (for table with --isa: that
    /// set's recording fill and the walk of the line) instead of the value
    /// alone; solvers without lines are timed on their value.
    #[arg(long)]
    pub line: bool,
    /// Instead of the growth run: time table's value fill and its
    /// recording fill (with the line) for every instruction set on one
    /// board per vectorized game (n = 4000, or --max-n) and fail (exit 1)
    /// unless, for each kind, each set is at most 1.3x the time of the set
    /// below it and the widest is at least 1.5x faster than portable (1.2x
    /// for the 32-bit fills), and the widest recording fill takes at most
    /// 1.5x its value fill. Each fill is timed in the processor time of its
    /// thread (wall clock off Linux), so other work on the machine moves
    /// the ratios little. Sets
    /// this build or processor lacks are skipped, saying so. Takes a few
    /// seconds.
    #[arg(long, conflicts_with_all = ["isa", "games", "solvers", "max_seconds", "line"])]
    pub check_dispatch: bool,
    /// Instead of the growth run: for each game (every alias by default),
    /// time the generic table and each specialised solver of the game
    /// (table, linear) on the same boards, n = 10, 20, 50 ... up to --max-n
    /// (default 1000), and print both times and the speed-up. A game
    /// without a specialised solver says so.
    #[arg(long, conflicts_with_all = ["solvers", "check_dispatch"])]
    pub against_generic: bool,
}

fn parse_seconds(s: &str) -> std::result::Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 && x <= 3600.0 => Ok(x),
        _ => Err(format!(
            "{s:?} is not a number of seconds above 0 and at most 3600"
        )),
    }
}

fn parse_isa(s: &str) -> std::result::Result<Isa, String> {
    let isa = Isa::ALL
        .into_iter()
        .find(|isa| isa.name().eq_ignore_ascii_case(s.trim()))
        .ok_or_else(|| {
            let names: Vec<&str> = Isa::ALL.iter().map(|i| i.name()).collect();
            Error::unknown("instruction set", s, &names).to_string()
        })?;
    if !isa.available() {
        return Err(format!("this processor does not support {}", isa.name()));
    }
    Ok(isa)
}

/// The processor's model name and logical core count, for the report.
fn machine() -> String {
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, m)| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown processor".into());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    format!("{model}, {cores} logical cores")
}

fn seconds(s: f64) -> String {
    if s >= 1.0 {
        format!("{s:.2} s")
    } else if s >= 1e-3 {
        format!("{:.2} ms", s * 1e3)
    } else {
        format!("{:.2} us", s * 1e6)
    }
}

fn rate(r: f64) -> String {
    format!("{r:.3e}")
}

/// Runs `coinline bench --check-dispatch`.
fn check_dispatch(args: &BenchArgs) -> Result<Status> {
    let plan = DispatchPlan {
        n: args.max_n.unwrap_or(DispatchPlan::default().n),
        seed: args.seed.seed.unwrap_or(1),
        ..DispatchPlan::default()
    };
    // A failed write stops the run after the game at hand: an error, or
    // for a closed pipe (`| head`) a quiet end.
    let lines = Lines::default();
    let say = |text: String| lines.say(&text);
    say(format!(
        "coinline bench --check-dispatch: table dispatches to {}; board n = {}, seed {}, \
         fastest of {} rounds in the thread's processor time; {}",
        Isa::widest().name(),
        plan.n,
        plan.seed,
        plan.rounds,
        machine()
    ));
    for isa in Isa::ALL.into_iter().filter(|i| !i.available()) {
        say(format!(
            "skipped {}: not compiled into this build or not supported by this processor",
            isa.name()
        ));
    }
    say("gameofsum skipped: its fill is scalar, the same for every set".into());
    let mut failed = 0;
    for game in timing::check_dispatch(&plan) {
        let times: Vec<String> = game
            .timings
            .iter()
            .filter_map(|(isa, t)| t.map(|t| format!("{} {}", isa.name(), seconds(t))))
            .collect();
        say(format!(
            "{} {}: {}",
            game.game.name(),
            game.fill,
            times.join(", ")
        ));
        for verdict in &game.verdicts {
            let mark = if verdict.ok { "ok  " } else { "FAIL" };
            say(format!("  {mark} {}", verdict.what));
            failed += usize::from(!verdict.ok);
        }
    }
    if failed > 0 {
        say(format!("{failed} dispatch check(s) failed"));
    } else {
        say("dispatch: every check passed".into());
    }
    lines.check()?;
    Ok(Status::failure_if(failed > 0))
}

/// Runs `coinline bench --against-generic` on `games`.
fn against_generic(args: &BenchArgs, games: &[Game], plan: &Plan) -> Result<Status> {
    // A failed write stops the run after the game at hand: an error, or
    // for a closed pipe (`| head`) a quiet end.
    let lines = Lines::default();
    let say = |text: String| lines.say(&text);
    say(format!(
        "coinline bench --against-generic: seed {}, n up to {}, budget {} s per solve, table fill {}, {}",
        plan.seed,
        plan.max_n.unwrap_or(timing::AGAINST_GENERIC_N),
        plan.max_seconds,
        args.isa.unwrap_or_else(Isa::widest).name(),
        machine()
    ));
    say(format!(
        "{:<11} {:<8} {:>7} {:>11} {:>11} {:>9}",
        "game", "solver", "n", "generic", "time", "speed-up"
    ));
    let mut summaries = Vec::new();
    for &game in games {
        lines.check()?;
        let pairs = timing::against_generic(game, plan, |v| {
            say(format!(
                "{:<11} {:<8} {:>7} {:>11} {:>11} {:>8.1}x",
                game.name(),
                v.solver,
                v.generic.n,
                seconds(v.generic.seconds),
                seconds(v.specialised.seconds),
                v.speedup()
            ))
        });
        if coinline_core::solve::specialised_for(game).next().is_none() {
            summaries.push(format!(
                "{:<11} no specialised solver: the generic table is its fastest",
                game.name()
            ));
        }
        let mut solvers: Vec<&str> = pairs.iter().map(|p| p.solver.as_str()).collect();
        solvers.dedup();
        for solver in solvers {
            let last = pairs.iter().rev().find(|p| p.solver == solver);
            if let Some(last) = last {
                summaries.push(format!(
                    "{:<11} {:<8} at n = {}: {} against generic's {} ({:.1}x faster)",
                    game.name(),
                    solver,
                    last.generic.n,
                    seconds(last.specialised.seconds),
                    seconds(last.generic.seconds),
                    last.speedup()
                ));
            }
        }
    }
    say(String::new());
    for line in summaries {
        say(line);
    }
    lines.check()?;
    Ok(Status::Ok)
}

/// Runs `coinline bench`.
pub fn run(args: &BenchArgs) -> Result<Status> {
    if args.max_n == Some(0) {
        return Err(UsageError::MaxNZero.into());
    }
    if args.check_dispatch {
        return check_dispatch(args);
    }
    let games = if args.games.is_empty() {
        Game::ALL.to_vec()
    } else {
        args.games.clone()
    };
    let solvers: Vec<&dyn Solver> = if args.solvers.is_empty() {
        exact_solvers().to_vec()
    } else {
        args.solvers
            .iter()
            .map(|name| solver_by_name(name))
            .collect::<Result<_>>()?
    };
    let plan = Plan {
        max_seconds: args.max_seconds,
        seed: args.seed.seed.unwrap_or(1),
        isa: args.isa,
        max_n: args.max_n,
        min_sample_seconds: args.sample_seconds,
        line: args.line,
    };
    if args.against_generic {
        if args.max_n.is_some_and(|n| n < 10) {
            return Err(UsageError::AgainstGenericBelowTen.into());
        }
        return against_generic(args, &games, &plan);
    }
    if !games.iter().any(|&g| solvers.iter().any(|s| s.supports(g))) {
        return Err(UsageError::NoSolverForGames.into());
    }
    let isa = args.isa.unwrap_or_else(Isa::widest);
    // A failed write stops the run after the game at hand: an error, or
    // for a closed pipe (`| head`) a quiet end.
    let lines = Lines::default();
    let say = |text: String| lines.say(&text);
    say(format!(
        "coinline bench: seed {}, budget {} s per solve, table fill {}{}, {}",
        plan.seed,
        plan.max_seconds,
        isa.name(),
        if plan.line { ", with lines" } else { "" },
        machine()
    ));
    say(format!(
        "{:<11} {:<8} {:>9} {:>11} {:>10} {:>5}",
        "game", "solver", "n", "time", "states/s", "reps"
    ));
    let mut summaries = Vec::new();
    for &game in &games {
        for &solver in &solvers {
            lines.check()?;
            let row = |m: &Measurement| {
                format!(
                    "{:<11} {:<8} {:>9} {:>11} {:>10} {:>5}",
                    game.name(),
                    solver.name(),
                    m.n,
                    seconds(m.seconds),
                    rate(m.states_per_second()),
                    m.repetitions
                )
            };
            let Some(series) = timing::run(solver, game, &plan, |m| say(row(m))) else {
                continue;
            };
            let largest = match series.largest_within_budget {
                Some(n) if n == series.cap => format!("{n} (the cap of n; time did not limit it)"),
                Some(n) => n.to_string(),
                None => "none".into(),
            };
            summaries.push(format!(
                "{:<11} {:<8} largest n within {} s: {largest}",
                game.name(),
                solver.name(),
                plan.max_seconds
            ));
        }
    }
    say(String::new());
    for line in summaries {
        say(line);
    }
    lines.check()?;
    Ok(Status::Ok)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::Cli;
    use clap::Parser;
    use coinline_core::error::ErrorKind;

    fn args(line: &[&str]) -> std::result::Result<BenchArgs, clap::Error> {
        let cli = Cli::try_parse_from([&["coinline", "bench"], line].concat())?;
        match cli.command {
            crate::cli::Command::Bench(args) => Ok(args),
            other => panic!("parsed as {other:?}"),
        }
    }

    #[test]
    fn options_are_checked_before_any_timing() {
        assert!(args(&["--max-seconds", "0"]).is_err());
        assert!(args(&["--max-seconds", "nan"]).is_err());
        assert!(args(&["--isa", "avx9"]).is_err());
        assert!(args(&["--game", "chess"]).is_err());
        assert!(args(&["--check-dispatch", "--isa", "portable"]).is_err());
        assert!(args(&["--check-dispatch", "--game", "coins"]).is_err());
        let refused = |line: &[&str]| run(&args(line).unwrap()).unwrap_err();
        let err = refused(&["--game", "gameofsum", "--solver", "linear"]);
        let no_solver = matches!(err.layer(), Some(UsageError::NoSolverForGames));
        assert!(no_solver, "{err}");
        let err = refused(&["--solver", "nope"]);
        let unknown = matches!(err.kind(), ErrorKind::UnknownName { what: "solver", .. });
        assert!(unknown, "{err}");
        for max_n_0 in [
            &["--max-n", "0"][..],
            &["--against-generic", "--max-n", "0"],
        ] {
            let err = refused(max_n_0);
            assert!(matches!(err.layer(), Some(UsageError::MaxNZero)), "{err}");
        }
        let err = refused(&["--against-generic", "--max-n", "9"]);
        let below_ten = matches!(err.layer(), Some(UsageError::AgainstGenericBelowTen));
        assert!(below_ten, "{err}");
        assert!(args(&["--against-generic", "--solver", "table"]).is_err());
        assert!(args(&["--against-generic", "--check-dispatch"]).is_err());
    }

    #[test]
    fn a_small_run_succeeds() {
        let small = args(&[
            "--game",
            "coins",
            "--solver",
            "linear",
            "--solver",
            "table",
            "--max-n",
            "20",
            "--sample-seconds",
            "0.001",
        ])
        .unwrap();
        assert_eq!(small.games, vec![Game::COINS]);
        assert_eq!(run(&small).unwrap(), Status::Ok);
        let versus = args(&[
            "--against-generic",
            "--game",
            "stonegame7",
            "--game",
            "stonegame3",
            "--max-n",
            "20",
            "--sample-seconds",
            "0.001",
        ])
        .unwrap();
        assert!(versus.against_generic);
        assert_eq!(run(&versus).unwrap(), Status::Ok);
    }
}

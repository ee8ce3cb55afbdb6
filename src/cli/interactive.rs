//! `coinline stress` and `coinline judge` on an interactive problem (one
//! whose file has an `[interaction]` table): the program plays the game
//! against the jury, perfect play with the adversarial tie rule, over the
//! protocol of docs/play.md, through `coinline play`'s engine.

use super::judge::{JudgeArgs, ProblemArgs};
use super::status::{say, Status};
use super::stress::StressArgs;
use coinline_core::error::{Error, Result};
use coinline_core::shell::shell_word;
use coinline_core::strategy::player::Seat;
use coinline_judge::instance::Instance;
use coinline_judge::interaction::{Interaction, Sides};
use coinline_judge::play::program::Limits;
use coinline_judge::play::rows::{self, Summary};
use coinline_judge::play::{
    play_one, run as run_games, Failure, PlayConfig, Played, Player, Setup, Within,
};
use coinline_judge::stress::{read_saved, save_input, saved_inputs, Saved};
use coinline_judge::{parse_input_bytes, Problem};
use coinline_output as output;
use std::io::Read;
use std::path::Path;
use std::time::Duration;

/// The problem the options name, if it is interactive.
pub fn interactive(args: &ProblemArgs) -> Option<(Problem, Interaction)> {
    let problem = args.resolve().ok()?;
    let interaction = problem.interaction()?;
    Some((problem, interaction))
}

/// The side's words for messages.
fn sides_text(sides: Sides) -> &'static str {
    match sides {
        Sides::First => "first",
        Sides::Second => "second",
        Sides::Either => "either side (first on boards 0, 2, ...)",
    }
}

/// ` --move-time T` unless `move_time` is the default of play and judge.
fn move_time_option(move_time: Duration) -> String {
    match move_time == Duration::from_secs(2) {
        true => String::new(),
        false => format!(" --move-time {}", move_time.as_secs_f64()),
    }
}

/// The one-line command that plays the shrunk game again: the same jury.
fn reproduce(setup: &Setup, program: &[String], move_time: Duration) -> String {
    let seat = match setup.seat {
        Seat::First => "",
        Seat::Second => " --second",
    };
    let time = move_time_option(move_time);
    let words: Vec<String> = program.iter().map(|w| shell_word(w)).collect();
    format!(
        "coinline play --game {}{seat}{time} --board {} -- {}",
        shell_word(&setup.game.to_string()),
        shell_word(&setup.board.to_string()),
        words.join(" ")
    )
}

/// The one-line command that plays the shrunk game again in a statement's
/// words, which `coinline play` does not speak: `coinline judge` on the
/// board as the problem's input (its case 1, so in the seat of case 1).
fn reproduce_words(
    problem: &Problem,
    args: &ProblemArgs,
    case: &Instance,
    program: &[String],
    move_time: Duration,
) -> String {
    let input = problem.write_input(std::slice::from_ref(case));
    let named = match &args.problem_file {
        Some(path) => format!("--problem-file {}", shell_word(&path.display().to_string())),
        None => format!("--problem {}", shell_word(problem.name())),
    };
    let words: Vec<String> = program.iter().map(|w| shell_word(w)).collect();
    format!(
        "printf {} | coinline judge {named}{} - -- {}",
        shell_word(&input.replace('\n', "\\n")),
        move_time_option(move_time),
        words.join(" ")
    )
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
        Some((_, option)) => Err(Error::usage(format!(
            "{option} is not for interactive problems: the program plays each board against the jury (docs/problems.md, Interactive problems)"
        ))),
        None => Ok(()),
    }
}

/// Prints a failure of `stress` with its reproduction, and saves it with
/// `--save`.
fn report_failure(
    args: &StressArgs,
    problem: &Problem,
    interaction: &Interaction,
    config: &PlayConfig,
    failure: &Failure,
) -> Result<()> {
    for line in rows::failure_text(failure).lines() {
        say!("{line}");
    }
    let case = config.shrunk_case(failure);
    let again = match interaction.words.is_play() {
        true => reproduce(&failure.shrunk.setup, &args.program, args.timeout),
        false => reproduce_words(problem, &args.problem, &case, &args.program, args.timeout),
    };
    say!("reproduce: {again}");
    if let Some(dir) = &args.save {
        let kind = match rows::verdict(&failure.shrunk) {
            v if v == "ok" => "rejected".to_string(),
            v => v,
        };
        let file = save_input(dir, problem, &case, &kind, args.force.force)?;
        say!("saved: {}", file.display());
    }
    Ok(())
}

/// Runs `coinline stress` on an interactive problem.
pub fn stress(args: &StressArgs) -> Result<Status> {
    let Some((problem, interaction)) = interactive(&args.problem) else {
        return Err(Error::internal("stress: the problem is not interactive"));
    };
    refuse_batch_options(args)?;
    // Every path of the run, checked before any work.
    super::stress::plan(args, super::outputs::PLAY_ROWS)?.check()?;
    let mut limits = problem.limits();
    limits.n = args.lengths.n.unwrap_or(limits.n);
    limits.values = args.values.unwrap_or(limits.values);
    limits.validate(problem.game())?;
    let seat = match interaction.sides {
        Sides::Second => Seat::Second,
        _ => Seat::First,
    };
    let config = PlayConfig {
        game: problem.game(),
        player: super::play::player(&args.program)?,
        opponent: Player::Optimal,
        seat,
        lengths: limits.n,
        values: limits.values,
        seed: args.seed.or_clock(),
        boards: args.runs.boards(&args.only),
        jobs: match args.jobs.jobs {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        },
        limits: Limits {
            move_time: args.timeout,
            memory_mb: args.memory.memory,
            words: interaction.words.clone(),
        },
        shrink_budget: (args.shrink.budget() > 0).then_some(args.shrink.budget()),
        max_failures: args.stop.max_failures(),
        accept: interaction.accept,
        sides: interaction.sides,
        within: Some(Within {
            problem: problem.clone(),
            limits,
        }),
    };
    let replayed = match &args.replay {
        Some(dir) => replay(&problem, &interaction, &config.player, &config.limits, dir)?,
        None => 0,
    };
    let Some(span) = config.boards else {
        return match args.replay {
            Some(_) => Ok(match replayed {
                0 => Status::Ok,
                _ => Status::FailureFound,
            }),
            None => Err(Error::nothing_to_check("--runs 0: no board to play")),
        };
    };
    say!(
        "stress: {} plays {problem} as {} against the jury, accepted if {}; seed {}, boards {span} (n {}, values {}), move time {}s",
        config.player,
        sides_text(interaction.sides),
        interaction.accept.name(),
        config.seed,
        limits.n,
        limits.values,
        args.timeout.as_secs_f64()
    );
    let mut csv = format!("{}\n", rows::HEADER);
    let mut summary = Summary::default();
    let mut accepted = 0u64;
    let failures = run_games(&config, |i, played| {
        csv.push_str(&rows::row(Some(i), played, "jury"));
        summary.add(Some(i), played);
        accepted += u64::from(!config.fails(played));
    });
    if coinline_sandbox::interrupted() {
        loop {
            std::thread::park();
        }
    }
    let failures = failures?;
    for failure in &failures {
        report_failure(args, &problem, &interaction, &config, failure)?;
    }
    say!(
        "{} of {} against the jury accepted ({})",
        accepted,
        super::text::plural(summary.games, "game"),
        interaction.accept.name()
    );
    for line in summary
        .text(&config.player.to_string(), seat, "jury")
        .lines()
        .skip(1)
    {
        say!("{line}");
    }
    if let Some(out) = &args.out.out {
        output::write(out, |w| w.write_all(csv.as_bytes()))?;
    }
    Ok(match failures.is_empty() && replayed == 0 {
        true => Status::Ok,
        false => Status::FailureFound,
    })
}

/// The bytes of `path` (`-`: standard input).
fn read(path: &Path) -> Result<Vec<u8>> {
    if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| Error::read_failed("standard input", &e))?;
        return Ok(bytes);
    }
    std::fs::read(path).map_err(|e| Error::io(path, &e))
}

/// Plays each of `cases` against the jury in the seat of its place (as
/// `judge` does with an input's cases); the report, a line per case after
/// `prefix` and what went wrong under a rejected one, and how many were
/// rejected.
fn judge_cases(
    problem: &Problem,
    interaction: &Interaction,
    player: &Player,
    limits: &Limits,
    cases: impl Iterator<Item = Instance>,
    prefix: &str,
) -> Result<(String, u64)> {
    let mut report = String::new();
    let mut rejected = 0;
    for (k, case) in cases.enumerate() {
        let setup = Setup {
            game: problem.game_of(&case.params)?,
            board: case.board,
            seat: interaction.sides.seat(k as u64),
        };
        let played: Played = play_one(player, &Player::Optimal, limits.clone(), &setup)?;
        let ok = interaction.accept.accepts(&played.report);
        let r = &played.report;
        let outcome = match (r.achieved, &r.breach) {
            (Some(a), None) => format!("achieved {a}, best {}", r.best),
            _ => rows::verdict(&played),
        };
        report += &format!(
            "{prefix}case {} ({}): {} ({outcome})\n",
            k + 1,
            setup.seat,
            if ok { "accepted" } else { "rejected" }
        );
        if !ok {
            rejected += 1;
            for line in rows::what_went_wrong(&played).lines() {
                report += &format!("{prefix}  {line}\n");
            }
        }
    }
    Ok((report, rejected))
}

/// `stress --replay DIR`: plays the cases of the saved inputs of `dir`
/// (those of this problem) against the jury; how many were rejected.
fn replay(
    problem: &Problem,
    interaction: &Interaction,
    player: &Player,
    limits: &Limits,
    dir: &Path,
) -> Result<u64> {
    let files = saved_inputs(dir)?;
    say!(
        "replay: {} in {}",
        super::text::plural(files.len() as u64, "saved input"),
        dir.display()
    );
    let mut rejected = 0;
    for file in &files {
        let shown = file.display();
        let cases = match read_saved(problem, file)? {
            Saved::Boards(cases) => cases,
            Saved::OtherProblem(other) => {
                say!("  {shown}: saved for problem {other}, skipped");
                continue;
            }
            Saved::NotAnInput(e) => {
                say!("  {shown}: not a {problem} input ({e}), skipped");
                continue;
            }
            Saved::NoCases => {
                say!("  {shown}: no cases, skipped");
                continue;
            }
        };
        say!("  {shown}:");
        let (report, k) = judge_cases(
            problem,
            interaction,
            player,
            limits,
            cases.into_iter(),
            "    ",
        )?;
        for line in report.lines() {
            say!("{line}");
        }
        rejected += k;
    }
    Ok(rejected)
}

/// Runs `coinline judge INPUT -- PROGRAM` on an interactive problem: the
/// program plays each case of the input against the jury.
pub fn judge(args: &JudgeArgs) -> Result<Status> {
    let Some((problem, interaction)) = interactive(&args.problem) else {
        return Err(Error::internal("judge: the problem is not interactive"));
    };
    if let Some(expected) = &args.expected {
        return Err(Error::usage(format!(
            "{}: an interactive problem has no expected answers; the program after -- plays each case",
            expected.display()
        )));
    }
    let shown = match args.input.as_os_str() == "-" {
        true => "standard input".to_string(),
        false => args.input.display().to_string(),
    };
    let boards = parse_input_bytes(&problem, &read(&args.input)?).map_err(|e| e.within(&shown))?;
    if boards.is_empty() {
        return Err(Error::nothing_to_check(format!("{shown} holds no cases")));
    }
    let player = super::play::player(&args.program)?;
    let limits = Limits {
        move_time: args.move_time.unwrap_or(Duration::from_secs(2)),
        memory_mb: None,
        words: interaction.words.clone(),
    };
    let cases = boards.into_iter().map(|c| Instance::new(c.params, c.board));
    let (mut report, rejected) = judge_cases(&problem, &interaction, &player, &limits, cases, "")?;
    report += &match rejected {
        0 => "every case accepted\n".to_string(),
        k => format!("{k} rejected ({} needed)\n", interaction.accept.name()),
    };
    super::status::print(&report)?;
    Ok(match rejected {
        0 => Status::Ok,
        _ => Status::FailureFound,
    })
}

//! `coinline stress` and `coinline judge` on an interactive problem (one
//! whose file has an `[interaction]` table): the program plays each board
//! against the jury, perfect play with the adversarial tie rule, over the
//! protocol of docs/play.md or the statement's words, through the games of
//! [`play`](crate::play).
//!
//! - [`Stress`]: a stress session: saved inputs replayed, then seeded
//!   boards drawn within the problem's limits, each failure shrunk,
//!   reported with a command that plays it again, and saved; the summary
//!   and the CSV rows of `coinline play`;
//! - [`read_cases`], [`play_cases`], [`Judged`]: `coinline judge INPUT --
//!   PROGRAM`, each case of an input played in the seat of its place.
//!
//! The report goes to a writer the caller gives (the binary's standard
//! error); nothing here prints or reads a standard stream.

use crate::error::JudgeError;
use crate::instance::Instance;
use crate::interaction::{Accept, Interaction, Sides};
use crate::play::program::ProgramTerms;
use crate::play::rows::{self, PlaySummary};
use crate::play::{
    play_one, run as run_games, Contestant, Failure, PlayConfig, Played, Setup, Within,
};
use crate::stress::{replay_files, replayable, save_input};
use crate::{parse_input_bytes, InputLimits, Problem};
use coinline_core::error::{plural, Result};
use coinline_core::generate::Span;
use coinline_core::shell::{shell_word, CommandLine};
use coinline_core::strategy::player::Seat;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The time a move may take unless the user says otherwise (`coinline
/// play`'s and `coinline judge`'s default).
pub const MOVE_TIME: Duration = Duration::from_secs(2);

/// Writes `line` and a newline to `log` in one write; a failed write is
/// dropped (the report is the caller's standard error: nowhere is left to
/// report it, and the outcome still says what happened).
fn say(log: &mut dyn Write, line: &str) {
    let _ = log.write_all(format!("{line}\n").as_bytes());
}

/// The side's words for messages.
fn sides_text(sides: Sides) -> &'static str {
    match sides {
        Sides::First => "first",
        Sides::Second => "second",
        Sides::Either => "either side (first on boards 0, 2, ...)",
    }
}

/// The one-line command that plays `setup` again with `coinline play`:
/// against `opponent` (`optimal`, the jury, is play's default) with
/// `move_time` per move.
pub fn reproduce(setup: &Setup, opponent: &str, move_time: Duration, program: &[String]) -> String {
    CommandLine::new("coinline play")
        .option("--game", setup.game)
        .flag_if(setup.seat == Seat::Second, "--second")
        .option_if("--opponent", (opponent != "optimal").then_some(opponent))
        .option_if("--move-time", move_time_option(move_time))
        .option("--board", &setup.board)
        .program(program)
}

/// The seconds of `move_time` unless it is the default of play and judge.
fn move_time_option(move_time: Duration) -> Option<f64> {
    (move_time != MOVE_TIME).then_some(move_time.as_secs_f64())
}

/// The one-line command that plays `case` again in a statement's words,
/// which `coinline play` does not speak: `coinline judge` on the board as
/// the problem's input (its case 1, so in the seat of case 1); the problem
/// named by `problem_file` if it came from one, else by its name.
pub fn reproduce_words(
    problem: &Problem,
    problem_file: Option<&Path>,
    case: &Instance,
    program: &[String],
    move_time: Duration,
) -> String {
    let input = problem.write_input(std::slice::from_ref(case));
    let judge = format!(
        "printf {} | coinline judge",
        shell_word(&input.replace('\n', "\\n"))
    );
    let judge = match problem_file {
        Some(path) => CommandLine::new(&judge).option("--problem-file", path.display()),
        None => CommandLine::new(&judge).option("--problem", problem.name()),
    };
    judge
        .option_if("--move-time", move_time_option(move_time))
        .word("-")
        .program(program)
}

/// One case of an input played against the jury.
#[derive(Clone, Debug)]
pub struct CaseVerdict {
    /// The game as played (its setup holds the seat).
    pub played: Played,
    /// Whether the problem's rule of acceptance accepts it.
    pub accepted: bool,
}

/// Plays each of `cases` against the jury in the seat of its place (the
/// first case is board 0 of [`Sides::seat`]), as `coinline judge` does
/// with an input's cases.
pub fn play_cases(
    problem: &Problem,
    interaction: &Interaction,
    player: &Contestant,
    limits: &ProgramTerms,
    cases: impl IntoIterator<Item = Instance>,
) -> Result<Vec<CaseVerdict>> {
    let mut verdicts = Vec::new();
    for (k, case) in cases.into_iter().enumerate() {
        let setup = Setup {
            game: problem.game_of(&case.params)?,
            board: case.board,
            seat: interaction.sides.seat(k as u64),
        };
        let played = play_one(player, &Contestant::Optimal, limits.clone(), &setup)?;
        let accepted = interaction.accept.accepts(&played.report);
        verdicts.push(CaseVerdict { played, accepted });
    }
    Ok(verdicts)
}

/// The report of `verdicts`: a line per case after `prefix`, and what went
/// wrong under a rejected one.
pub fn cases_text(verdicts: &[CaseVerdict], prefix: &str) -> String {
    let mut report = String::new();
    for (k, verdict) in verdicts.iter().enumerate() {
        let played = &verdict.played;
        let r = &played.report;
        let outcome = match (r.achieved, &r.breach) {
            (Some(a), None) => format!("achieved {a}, best {}", r.best),
            _ => rows::verdict(played),
        };
        report += &format!(
            "{prefix}case {} ({}): {} ({outcome})\n",
            k + 1,
            played.setup.seat,
            if verdict.accepted {
                "accepted"
            } else {
                "rejected"
            }
        );
        if !verdict.accepted {
            for line in rows::what_went_wrong(played).lines() {
                report += &format!("{prefix}  {line}\n");
            }
        }
    }
    report
}

/// How many of `verdicts` were rejected.
fn rejected(verdicts: &[CaseVerdict]) -> u64 {
    verdicts.iter().filter(|v| !v.accepted).count() as u64
}

/// A program's limits per game: `move_time` (default [`MOVE_TIME`]) a
/// move, the interaction's words.
pub fn judge_limits(interaction: &Interaction, move_time: Option<Duration>) -> ProgramTerms {
    ProgramTerms {
        move_time: move_time.unwrap_or(MOVE_TIME),
        memory_mb: None,
        words: interaction.words.clone(),
    }
}

/// The cases of the input `bytes` of `problem` (named `shown` in errors);
/// an input of no cases is an error (nothing to check).
pub fn read_cases(problem: &Problem, bytes: &[u8], shown: &str) -> Result<Vec<Instance>> {
    let boards = parse_input_bytes(problem, bytes).map_err(|e| e.within(shown))?;
    if boards.is_empty() {
        let shown = shown.to_string();
        Err(JudgeError::NoCasesIn { shown })?
    }
    Ok((boards.into_iter())
        .map(|c| Instance::new(c.params, c.board))
        .collect())
}

/// `coinline judge` on an interactive problem: every case of an input
/// played against the jury.
#[derive(Clone, Debug)]
pub struct Judged {
    /// The cases in input order.
    pub cases: Vec<CaseVerdict>,
    /// The rule of acceptance they were judged by.
    pub accept: Accept,
    /// The processes the program left running after a game, which the
    /// sandbox killed (the game still counts).
    pub escaped: u64,
}

impl Judged {
    /// Plays each of `cases` against the jury (see [`play_cases`]).
    pub fn play(
        problem: &Problem,
        interaction: &Interaction,
        player: &Contestant,
        limits: &ProgramTerms,
        cases: Vec<Instance>,
    ) -> Result<Judged> {
        let before = coinline_sandbox::escaped_total();
        Ok(Judged {
            cases: play_cases(problem, interaction, player, limits, cases)?,
            accept: interaction.accept,
            escaped: (coinline_sandbox::escaped_total() - before) as u64,
        })
    }

    /// The warning when the program left processes running (as stress's).
    pub fn warning(&self) -> Option<String> {
        Some(match self.escaped {
            0 => return None,
            1 => "warning: the program left 1 process running after its game; coinline killed it".into(),
            k => format!("warning: the program left {k} processes running after its games; coinline killed them"),
        })
    }

    /// How many cases were rejected.
    pub fn rejected(&self) -> u64 {
        rejected(&self.cases)
    }

    /// The report: a line per case, then `every case accepted` or how many
    /// were rejected.
    pub fn text(&self) -> String {
        let mut report = cases_text(&self.cases, "");
        report += &match self.rejected() {
            0 => "every case accepted\n".to_string(),
            k => format!("{k} rejected ({} needed)\n", self.accept.name()),
        };
        report
    }
}

/// What a stress session on an interactive problem is given, besides the
/// problem and the judged player.
#[derive(Clone, Debug)]
pub struct StressOptions {
    /// The judged program's words, for the reproduce lines.
    pub program: Vec<String>,
    /// The problem file the problem came from, for the reproduce lines
    /// (`None`: a built-in problem, named).
    pub problem_file: Option<PathBuf>,
    /// Board lengths narrower than the problem's limits.
    pub lengths: Option<Span<usize>>,
    /// Values narrower than the problem's limits.
    pub values: Option<Span<i64>>,
    /// The seed of the boards.
    pub seed: u64,
    /// The indices of the boards to play (`None`: only the replay).
    pub boards: Option<Span<u64>>,
    /// Worker threads (0: one per core).
    pub jobs: usize,
    /// The time a move may take.
    pub move_time: Duration,
    /// The program's address-space limit in MiB, if any.
    pub memory_mb: Option<u64>,
    /// Calls of the predicate when shrinking a failure (0: no shrinking).
    pub shrink_budget: usize,
    /// Stop after this many failing games (0: never).
    pub max_failures: u64,
    /// A folder of saved inputs to play first.
    pub replay: Option<PathBuf>,
    /// A folder to save each failure's input in.
    pub save: Option<PathBuf>,
    /// Replace files that are not coinline's.
    pub force: bool,
    /// The file of the CSV rows.
    pub out: Option<PathBuf>,
}

/// What a stress session found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StressOutcome {
    /// The cases of saved inputs rejected.
    pub replay_rejected: u64,
    /// The generated boards played.
    pub games: u64,
    /// Those accepted.
    pub accepted: u64,
    /// The failing games reported (shrunk).
    pub failures: u64,
    /// The session was interrupted after its games: nothing was reported
    /// after them, and no file written.
    pub interrupted: bool,
}

impl StressOutcome {
    /// Whether nothing failed.
    pub fn passed(&self) -> bool {
        self.failures == 0 && self.replay_rejected == 0
    }
}

/// A stress session on an interactive problem, validated.
#[derive(Clone, Debug)]
pub struct Stress {
    problem: Problem,
    interaction: Interaction,
    limits: InputLimits,
    config: PlayConfig,
    options: StressOptions,
}

impl Stress {
    /// The session of `options` on `problem`: its limits narrowed by
    /// `options` and validated first, then the judged player made by
    /// `player` (so a bad range is reported before a bad program).
    pub fn new(
        problem: Problem,
        interaction: Interaction,
        options: StressOptions,
        player: impl FnOnce() -> Result<Contestant>,
    ) -> Result<Stress> {
        let mut limits = problem.limits();
        limits.n = options.lengths.unwrap_or(limits.n);
        limits.values = options.values.unwrap_or(limits.values);
        limits.validate(problem.game())?;
        let seat = match interaction.sides {
            Sides::Second => Seat::Second,
            _ => Seat::First,
        };
        let config = PlayConfig {
            game: problem.game(),
            player: player()?,
            opponent: Contestant::Optimal,
            seat,
            lengths: limits.n,
            values: limits.values,
            seed: options.seed,
            boards: options.boards,
            jobs: match options.jobs {
                0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
                n => n,
            },
            limits: ProgramTerms {
                move_time: options.move_time,
                memory_mb: options.memory_mb,
                words: interaction.words.clone(),
            },
            shrink_budget: (options.shrink_budget > 0).then_some(options.shrink_budget),
            max_failures: options.max_failures,
            accept: interaction.accept,
            sides: interaction.sides,
            within: Some(Within {
                problem: problem.clone(),
                limits,
            }),
        };
        Ok(Stress {
            problem,
            interaction,
            limits,
            config,
            options,
        })
    }

    /// The games' configuration.
    pub fn config(&self) -> &PlayConfig {
        &self.config
    }

    /// The first line of the report on generated boards `span`.
    pub fn header(&self, span: Span<u64>) -> String {
        format!(
            "stress: {} plays {} as {} against the jury, accepted if {}; seed {}, boards {span} (n {}, values {}), move time {}s",
            self.config.player,
            self.problem,
            sides_text(self.interaction.sides),
            self.interaction.accept.name(),
            self.config.seed,
            self.limits.n,
            self.limits.values,
            self.options.move_time.as_secs_f64()
        )
    }

    /// Runs the session, reporting to `log`: replays the saved inputs,
    /// plays the generated boards, then (unless interrupted meanwhile)
    /// reports, and with `save` saves, each failure, says the summary and
    /// writes the CSV rows to `out`.
    pub fn run(&self, log: &mut dyn Write) -> Result<StressOutcome> {
        let mut outcome = StressOutcome::default();
        if let Some(dir) = &self.options.replay {
            outcome.replay_rejected = self.replay(dir, log)?;
        }
        let Some(span) = self.config.boards else {
            return match self.options.replay {
                Some(_) => Ok(outcome),
                None => Err(JudgeError::NoBoardToPlay)?,
            };
        };
        say(log, &self.header(span));
        let mut csv = format!("{}\n", rows::HEADER);
        let mut summary = PlaySummary::default();
        let failures = run_games(&self.config, |i, played| {
            csv.push_str(&rows::row(Some(i), played, "jury"));
            summary.add(Some(i), played);
            outcome.accepted += u64::from(!self.config.fails(played));
        });
        outcome.games = summary.games;
        if coinline_sandbox::interrupted() {
            outcome.interrupted = true;
            return Ok(outcome);
        }
        let failures = failures?;
        outcome.failures = failures.len() as u64;
        for failure in &failures {
            self.report_failure(failure, log)?;
        }
        say(
            log,
            &format!(
                "{} of {} against the jury accepted ({})",
                outcome.accepted,
                plural(summary.games, "game"),
                self.interaction.accept.name()
            ),
        );
        let text = summary.text(&self.config.player.to_string(), self.config.seat, "jury");
        for line in text.lines().skip(1) {
            say(log, line);
        }
        if let Some(out) = &self.options.out {
            coinline_output::write(out, |w| w.write_all(csv.as_bytes()))?;
        }
        Ok(outcome)
    }

    /// The one-line command that plays `failure`'s shrunk game again.
    pub fn reproduce(&self, failure: &Failure) -> String {
        let program = &self.options.program;
        let move_time = self.options.move_time;
        match self.interaction.words.is_play() {
            true => reproduce(&failure.shrunk.setup, "optimal", move_time, program),
            false => reproduce_words(
                &self.problem,
                self.options.problem_file.as_deref(),
                &self.config.shrunk_case(failure),
                program,
                move_time,
            ),
        }
    }

    /// Reports a failure with its reproduction, and saves it with `save`.
    fn report_failure(&self, failure: &Failure, log: &mut dyn Write) -> Result<()> {
        for line in rows::failure_text(failure).lines() {
            say(log, line);
        }
        say(log, &format!("reproduce: {}", self.reproduce(failure)));
        if let Some(dir) = &self.options.save {
            let kind = match rows::verdict(&failure.shrunk) {
                v if v == "ok" => "rejected".to_string(),
                v => v,
            };
            let case = self.config.shrunk_case(failure);
            let file = save_input(dir, &self.problem, &case, &kind, self.options.force)?;
            say(log, &format!("saved: {}", file.display()));
        }
        Ok(())
    }

    /// Plays the cases of the saved inputs of `dir` (those of this
    /// problem) against the jury; how many were rejected.
    fn replay(&self, dir: &Path, log: &mut dyn Write) -> Result<u64> {
        let problem = &self.problem;
        let mut rejected_cases = 0;
        for file in &replay_files(dir, &mut |line| say(log, line))? {
            let Some(cases) = replayable(problem, file, &mut |line| say(log, line))? else {
                continue;
            };
            say(log, &format!("  {}:", file.display()));
            let verdicts = play_cases(
                problem,
                &self.interaction,
                &self.config.player,
                &self.config.limits,
                cases,
            )?;
            for line in cases_text(&verdicts, "    ").lines() {
                say(log, line);
            }
            rejected_cases += rejected(&verdicts);
        }
        Ok(rejected_cases)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::built_in;
    use coinline_core::strategy::heuristic_by_name;

    /// The built-in even-coins-first: coins, even n, the program first,
    /// accepted if it does not lose.
    fn even_coins() -> (Problem, Interaction) {
        let problem = built_in("even-coins-first").unwrap();
        let interaction = problem.interaction().unwrap();
        (problem, interaction)
    }

    fn heuristic(name: &str) -> Contestant {
        Contestant::Heuristic(heuristic_by_name(name).unwrap())
    }

    fn judged(player: &str, input: &[u8]) -> Judged {
        let (problem, interaction) = even_coins();
        let cases = read_cases(&problem, input, "t.in").unwrap();
        let limits = judge_limits(&interaction, None);
        Judged::play(&problem, &interaction, &heuristic(player), &limits, cases).unwrap()
    }

    #[test]
    fn a_losing_program_is_rejected_and_a_safe_one_accepted() {
        // Greedy takes the 3 (over the 2), the jury the 9: greedy loses
        // 5 to 10. Parity (take all the odd or all the even places) never
        // loses on an even row.
        let input = b"4\n3 9 1 2\n";
        let greedy = judged("greedy", input);
        assert_eq!(greedy.rejected(), 1);
        let text = greedy.text();
        assert!(
            text.starts_with("case 1 (first): rejected (achieved -5, best "),
            "{text}"
        );
        assert!(text.ends_with("1 rejected (no-loss needed)\n"), "{text}");
        let parity = judged("parity", input);
        assert_eq!(parity.rejected(), 0);
        assert!(parity.cases[0].accepted);
        assert!(parity.text().ends_with("every case accepted\n"));
    }

    #[test]
    fn inputs_in_another_layout_are_errors_naming_the_input() {
        let (problem, _) = even_coins();
        let none = read_cases(&problem, b"", "t.in").unwrap_err();
        assert!(none.to_string().starts_with("t.in: "), "{none}");
        let short = read_cases(&problem, b"4\n1 2\n", "t.in").unwrap_err();
        assert!(short.to_string().contains("t.in"), "{short}");
    }

    #[test]
    fn the_reproduce_lines_name_the_seat_the_time_and_the_problem() {
        let (problem, _) = even_coins();
        let program = vec!["./bot".to_string(), "a b".to_string()];
        let setup = Setup {
            game: problem.game(),
            board: "3 9".parse().unwrap(),
            seat: Seat::Second,
        };
        let line = reproduce(&setup, "optimal", MOVE_TIME, &program);
        assert!(line.starts_with("coinline play --game "), "{line}");
        assert!(
            line.contains(" --second --board '3 9' -- ./bot 'a b'"),
            "{line}"
        );
        let line = reproduce(&setup, "optimal", Duration::from_millis(500), &program);
        assert!(
            line.contains(" --second --move-time 0.5 --board "),
            "{line}"
        );
        let case = Instance::new(Default::default(), "3 9".parse().unwrap());
        let line = reproduce_words(&problem, None, &case, &program, MOVE_TIME);
        assert!(line.starts_with("printf "), "{line}");
        assert!(
            line.ends_with("| coinline judge --problem even-coins-first - -- ./bot 'a b'"),
            "{line}"
        );
        let file = Path::new("p.toml");
        let line = reproduce_words(&problem, Some(file), &case, &program, MOVE_TIME);
        assert!(line.contains("judge --problem-file p.toml - --"), "{line}");
    }

    fn options(boards: u64) -> StressOptions {
        StressOptions {
            program: vec!["./bot".to_string()],
            problem_file: None,
            lengths: Some(Span { lo: 2, hi: 8 }),
            values: None,
            seed: 7,
            boards: (boards > 0).then(|| Span {
                lo: 0,
                hi: boards - 1,
            }),
            jobs: 1,
            move_time: Duration::from_secs(1),
            memory_mb: None,
            shrink_budget: 200,
            max_failures: 1,
            replay: None,
            save: None,
            force: false,
            out: None,
        }
    }

    fn session(player: &str, options: StressOptions) -> (StressOutcome, String) {
        let (problem, interaction) = even_coins();
        let stress = Stress::new(problem, interaction, options, || Ok(heuristic(player))).unwrap();
        let mut log = Vec::new();
        let outcome = stress.run(&mut log).unwrap();
        (outcome, String::from_utf8(log).unwrap())
    }

    #[test]
    #[allow(clippy::disallowed_methods)] // the test makes and reads a scratch folder
    fn a_stress_session_finds_saves_and_replays_a_losing_program() {
        let scratch = tempfile::Builder::new()
            .prefix("coinline-jury-")
            .tempdir()
            .unwrap();
        let dir = scratch.path().join("saved");
        let (parity, log) = session("parity", options(30));
        assert!(parity.passed(), "{log}");
        assert_eq!((parity.games, parity.accepted), (30, 30), "{log}");
        assert!(
            log.starts_with("stress: parity plays even-coins-first as first against the jury, accepted if no-loss; seed 7, boards 0..29 (n 2..8"),
            "{log}"
        );
        assert!(log.contains("30 of 30 games against the jury accepted (no-loss)\n"));

        let mut saving = options(30);
        saving.save = Some(dir.clone());
        saving.out = Some(dir.join("rows.csv"));
        let (greedy, log) = session("greedy", saving);
        assert!(!greedy.passed(), "{log}");
        assert_eq!(greedy.failures, 1, "{log}");
        assert!(greedy.accepted < greedy.games, "{log}");
        assert!(log.contains("\nreproduce: coinline play --game "), "{log}");
        assert!(log.contains("\nsaved: "), "{log}");
        let rows = std::fs::read_to_string(dir.join("rows.csv")).unwrap();
        assert_eq!(rows.lines().count() as u64, greedy.games + 1, "{rows}");

        let mut replaying = options(0);
        replaying.replay = Some(dir.clone());
        let (again, log) = session("greedy", replaying.clone());
        assert_eq!(again.replay_rejected, 1, "{log}");
        assert_eq!(again.games, 0);
        assert!(log.starts_with("replay: 1 saved input in "), "{log}");
        assert!(log.contains(": rejected ("), "{log}");
        let (fixed, log) = session("parity", replaying);
        assert!(fixed.passed(), "{log}");
        assert!(log.contains(": accepted ("), "{log}");
    }

    #[test]
    fn no_boards_and_no_replay_is_nothing_to_check() {
        let (problem, interaction) = even_coins();
        let stress = Stress::new(problem, interaction, options(0), || Ok(heuristic("greedy")));
        let err = stress.unwrap().run(&mut Vec::new()).unwrap_err();
        assert_eq!(err.layer(), Some(&JudgeError::NoBoardToPlay), "{err}");
    }

    #[test]
    fn limits_are_checked_before_the_player_is_made() {
        let (problem, interaction) = even_coins();
        let mut wide = options(1);
        wide.lengths = Some(Span { lo: 0, hi: 8 });
        let made = std::cell::Cell::new(false);
        let result = Stress::new(problem, interaction, wide, || {
            made.set(true);
            Ok(heuristic("greedy"))
        });
        assert!(result.is_err());
        assert!(!made.get());
    }
}

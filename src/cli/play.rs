//! `coinline play`: a program (or a heuristic) judged move by move against
//! an opponent on generated boards, over the protocol of docs/play.md.

use super::error::UsageError;
use super::options::{limit_seconds, parse_with, ParamArg};
use super::options::{
    ForceArg, JobsArg, LengthsArg, MemoryArg, OnlyArg, OutFileArg, RunsArg, SeedArg, ShrinkArgs,
    StopArgs,
};
use super::status::{say, Status};
use clap::Args;
use coinline_core::board::Board;
use coinline_core::error::{Error, Result};
use coinline_core::generate::Span;
use coinline_core::rules::RuleSet;
use coinline_core::shell::CommandLine;
use coinline_core::strategy::player::Seat;
use coinline_judge::interaction::{Accept, Sides};
use coinline_judge::interactive::reproduce;
use coinline_judge::play::program::ProgramTerms;
use coinline_judge::play::rows::{self, PlaySummary};
use coinline_judge::play::saved::{self, SavedGame};
use coinline_judge::play::{
    play_one, run as run_games, Contestant, Failure, PlayConfig, Played, Setup,
};
use coinline_output::{self as output, check_owned, Kind, Plan};
use coinline_sandbox::Program;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Arguments of `coinline play`.
#[derive(Debug, Args)]
#[command(
    mut_arg("n", |a| a.help("Board lengths MIN..MAX [default: 1..10; --human: 8]")),
    mut_arg("max_failures", |a| a.default_value("1")),
    mut_arg("runs", |a| a.default_value("100").help("How many generated boards to play (0: only --replay or --board)")),
    mut_arg("memory", |a| a.help("Memory limit per program in MB (the address-space limit, RLIMIT_AS)")),
    mut_arg("out", |a| a.help("Write a CSV row per game to FILE (`-`: standard output)")),
    // The terminal game first: its line is short (and tests/it/play.rs reads it).
    override_usage = "coinline play --human [OPTIONS]\n       \
        coinline play [OPTIONS] [-- <PROGRAM>...]",
    after_help = AFTER_HELP,
)]
pub struct PlayArgs {
    /// Play yourself at the terminal instead, each move judged (docs/human.md):
    /// --game, --param, --board, --n, --seed, --first, --second, --opponent
    /// (optimal, greedy or parity) and --hints apply, a program's options do not.
    #[arg(long, conflicts_with_all = HUMAN_CONFLICTS, required_if_eq("hints", "true"))]
    pub human: bool,
    /// With --human: before each of your moves, show the best move and what
    /// each move is worth.
    #[arg(long)]
    pub hints: bool,
    /// Play every --player (and the program after `--`, if any) and optimal
    /// play against each other, in both orders, on the same boards, and
    /// print the table (mean regret, wins, worst board per pair).
    #[arg(long, conflicts_with_all = ["first", "second", "opponent", "board", "replay", "save", "only"])]
    pub tournament: bool,
    /// An entrant of --tournament (repeat it): optimal, greedy, parity, or a
    /// program as one command string (`--player './bot --fast'`).
    #[arg(long, value_name = "WHO", requires = "tournament")]
    pub player: Vec<String>,
    /// The rule set (an alias or rule text, as `coinline games` lists).
    /// A count may be a parameter's name, bound by --param.
    #[arg(long, default_value = "coins", value_parser = parse_with::<RuleSet>, value_name = "GAME")]
    pub game: RuleSet,
    #[command(flatten)]
    pub params: ParamArg,
    /// The program (or you, with --human) plays first (the default).
    #[arg(long, conflicts_with = "second")]
    pub first: bool,
    /// The program (or you, with --human) plays second.
    #[arg(long)]
    pub second: bool,
    /// Who plays the other side: optimal, greedy, parity, or a program (one
    /// command string, split like a shell's words).
    #[arg(long, default_value = "optimal", value_name = "WHO")]
    pub opponent: String,
    #[command(flatten)]
    pub runs: RunsArg,
    #[command(flatten)]
    pub seed: SeedArg,
    #[command(flatten)]
    pub only: OnlyArg,
    #[command(flatten)]
    pub lengths: LengthsArg,
    /// Values LO..HI.
    #[arg(long, value_parser = parse_with::<Span<i64>>, allow_hyphen_values = true,
          value_name = "LO..HI", default_value = "1..20")]
    pub values: Span<i64>,
    /// Play this one board (values separated by spaces) instead of generated
    /// ones (--human: instead of a random one).
    #[arg(long, value_name = "TEXT", allow_hyphen_values = true, conflicts_with_all = ["n", "seed"])]
    pub board: Option<String>,
    /// Time limit per move in seconds (decimals allowed); also how long a
    /// program may take to exit after the end.
    #[arg(long, allow_negative_numbers = true, default_value = "2", value_parser = limit_seconds, value_name = "SECONDS")]
    pub move_time: Duration,
    #[command(flatten)]
    pub memory: MemoryArg,
    #[command(flatten)]
    pub shrink: ShrinkArgs,
    /// Save each shrunk failing game as a .play file in this folder.
    #[arg(long, value_name = "DIR")]
    pub save: Option<PathBuf>,
    /// Play the saved games (*.play) of this folder again before new boards.
    #[arg(long, value_name = "DIR")]
    pub replay: Option<PathBuf>,
    #[command(flatten)]
    pub out: OutFileArg,
    #[command(flatten)]
    pub force: ForceArg,
    #[command(flatten)]
    pub stop: StopArgs,
    #[command(flatten)]
    pub jobs: JobsArg,
    /// The program to judge and its arguments, after `--` (or a built-in
    /// heuristic's name: greedy, parity).
    #[arg(
        last = true,
        required_unless_present_any = ["tournament", "human"],
        value_name = "PROGRAM"
    )]
    pub program: Vec<String>,
}

/// What `--human` cannot be given with: the options of programs and runs.
const HUMAN_CONFLICTS: [&str; 17] = [
    "tournament",
    "player",
    "runs",
    "only",
    "values",
    "move_time",
    "memory",
    "shrink_budget",
    "no_shrink",
    "save",
    "replay",
    "out",
    "force",
    "max_failures",
    "keep_going",
    "jobs",
    "program",
];

const AFTER_HELP: &str = "\
Examples:
  coinline play --runs 200 --seed 1 -- ./my-bot
  coinline play --second --opponent greedy --n 2..30 -- python3 bot.py
  coinline play --game numbergame --save failures -- ./my-bot
  coinline play --replay failures -- ./my-bot
  coinline play --board '8 15 3 7' -- greedy
  coinline play --tournament --player greedy --player parity --n 6..6 -- ./my-bot
  coinline play --human --n 10 --seed 7 --second --hints
  printf 'L\\nR\\n' | coinline play --human --board '8 15 3 7'

The protocol (coinline writes `game`, `board`, `side`, then `opponent MOVE`
and `your move` lines; the program answers each `your move` with a move
such as L, R, L3, DR2) is in docs/play.md.

Exit status: 0 every game played optimally and by the rules, 1 a failure
was found (shrunk, printed with its transcript and the command that
reproduces it), 2 bad usage, a program that cannot be started, or an
output that cannot be written.

With --human, you play (docs/human.md): on a terminal the arrow keys take
from that end (a count typed first takes that many), u undoes, h hints,
? helps, q quits; from a pipe, type a move (L, R, L2, DR2, left, right) or
undo, hint, help, quit a line each. Ctrl-D ends the game. Exit status: 0 the
game ended (also by quit or end of input), 2 bad usage or input, 130
interrupted by Ctrl-C.";

/// The judged player: a built-in heuristic's name, or a program.
pub(super) fn player(words: &[String]) -> Result<Contestant> {
    if let [word] = words {
        if let Ok(Contestant::Heuristic(h)) = Contestant::parse("--", word) {
            return Ok(Contestant::Heuristic(h));
        }
    }
    Ok(Contestant::Program(Program::new(words)?))
}

/// The plan of paths of a `coinline play` run (or of its `--tournament`):
/// the words of the programs and `--replay` read; `--save` and `--out`
/// written.
pub(super) fn plan(args: &PlayArgs) -> Plan {
    let mut plan = Plan::new(args.force.force);
    let programs = (args.program.iter()).chain(args.player.iter());
    for word in programs.flat_map(|w| w.split_whitespace()) {
        plan.input("program under test", word);
    }
    for word in args.opponent.split_whitespace() {
        plan.input("opponent", word);
    }
    let rows = match args.tournament {
        true => super::outputs::TOURNAMENT_ROWS,
        false => super::outputs::PLAY_ROWS,
    };
    let (replay, save) = (args.replay.as_deref(), args.save.as_deref());
    super::outputs::runs(&mut plan, replay, save, args.out.out.as_deref(), rows);
    plan
}

/// The saved games of `dir`, in name order.
fn saved_games(dir: &Path) -> Result<Vec<(PathBuf, SavedGame)>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| Error::io(dir, &e))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == saved::EXTENSION))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).map_err(|e| Error::io(&path, &e))?;
            let game = saved::from_text(&text).map_err(|e| e.within(path.display().to_string()))?;
            Ok((path, game))
        })
        .collect()
}

/// Saves the shrunk game of `failure` in `dir`; returns its path.
fn save(dir: &Path, failure: &Failure, opponent: &str, force: bool) -> Result<PathBuf> {
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, &e))?;
    let setup = &failure.shrunk.setup;
    let path = dir.join(saved::file_name(setup));
    check_owned("--save", &path, Kind::Csv(saved::MARK), force)?;
    let text = saved::to_text(&SavedGame {
        setup: setup.clone(),
        opponent: opponent.to_string(),
    });
    let mut files = output::Transaction::new();
    files.stage_io(&path, |w| w.write_all(text.as_bytes()))?;
    files.commit()?;
    Ok(path)
}

/// The run's settings from the options.
/// The limits of each program: `--move-time` and `--memory`.
pub(super) fn terms(args: &PlayArgs) -> ProgramTerms {
    ProgramTerms {
        move_time: args.move_time,
        memory_mb: args.memory.memory,
        words: Default::default(),
    }
}

fn config(args: &PlayArgs) -> Result<PlayConfig> {
    let boards = match &args.board {
        Some(_) => None,
        None => args.runs.boards(&args.only),
    };
    Ok(PlayConfig {
        game: args.params.bind(&args.game)?,
        player: player(&args.program)?,
        opponent: Contestant::parse("--opponent", &args.opponent)?,
        seat: if args.second {
            Seat::Second
        } else {
            Seat::First
        },
        lengths: args.lengths.n.unwrap_or(Span { lo: 1, hi: 10 }),
        values: args.values,
        seed: args.seed.or_clock(),
        boards,
        jobs: args.jobs.threads(),
        limits: terms(args),
        shrink_budget: (args.shrink.budget() > 0).then_some(args.shrink.budget()),
        max_failures: args.stop.max_failures(),
        accept: Accept::Optimal,
        sides: Sides::First,
        within: None,
    })
}

/// What a run has found so far: its CSV rows, its summary, its failures
/// (each with its opponent's text).
struct Found {
    csv: String,
    summary: PlaySummary,
    failures: Vec<(Failure, String)>,
}

impl Found {
    fn record(&mut self, index: Option<u64>, played: &Played, against: &str) {
        self.csv.push_str(&rows::row(index, played, against));
        self.summary.add(index, played);
    }
}

/// Plays the saved games of `--replay`, then the board of `--board`.
fn play_given(
    args: &PlayArgs,
    config: &PlayConfig,
    replays: &[(PathBuf, SavedGame)],
    given: Option<Board>,
    found: &mut Found,
) -> Result<()> {
    for (path, saved_game) in replays {
        let rival = Contestant::parse("--opponent", &saved_game.opponent)?;
        let played = play_one(
            &config.player,
            &rival,
            config.limits.clone(),
            &saved_game.setup,
        )?;
        let now = match played.failed() {
            true => "still fails",
            false => "passes now",
        };
        say!("replay {}: {now}", path.display());
        found.record(None, &played, &saved_game.opponent);
        if played.failed() {
            let failure = Failure {
                index: None,
                played: played.clone(),
                shrunk: played,
                steady: true,
            };
            found.failures.push((failure, saved_game.opponent.clone()));
        }
    }
    if let Some(board) = given {
        let setup = Setup {
            game: args.params.bind(&args.game)?,
            board,
            seat: config.seat,
        };
        let played = play_one(
            &config.player,
            &config.opponent,
            config.limits.clone(),
            &setup,
        )?;
        found.record(None, &played, &args.opponent);
        if played.failed() {
            let failure = coinline_judge::play::shrink_failure(config, played, None)?;
            found.failures.push((failure, args.opponent.clone()));
        }
    }
    Ok(())
}

/// Prints each failure with its reproduction line, saving it with `--save`.
fn report_failures(args: &PlayArgs, failures: &[(Failure, String)]) -> Result<()> {
    for (failure, against) in failures {
        for line in rows::failure_text(failure).lines() {
            say!("{line}");
        }
        let reproduce = match &args.save {
            Some(dir) => {
                let path = save(dir, failure, against, args.force.force)?;
                say!("saved: {}", path.display());
                CommandLine::new("coinline play")
                    .option("--replay", dir.display())
                    .program(&args.program)
            }
            None => reproduce(
                &failure.shrunk.setup,
                against,
                args.move_time,
                &args.program,
            ),
        };
        say!("reproduce: {reproduce}");
    }
    Ok(())
}

/// Runs `coinline play`.
pub fn run(args: &PlayArgs) -> Result<Status> {
    // Every path of the run, checked before any work (docs/options.md, Outputs).
    plan(args).check()?;
    let config = config(args)?;
    let given = args
        .board
        .as_deref()
        .map(|text| Board::parse(text).map_err(|e| e.within("--board")))
        .transpose()?;
    let replays = args
        .replay
        .as_deref()
        .map(saved_games)
        .transpose()?
        .unwrap_or_default();
    if config.boards.is_none() && given.is_none() && replays.is_empty() {
        return Err(UsageError::NoGameToPlay.into());
    }
    let what = match (config.boards, &given) {
        (_, Some(b)) => format!("board {b}"),
        (Some(span), None) => format!(
            "seed {}, boards {span} (n {}, values {})",
            config.seed, config.lengths, config.values
        ),
        (None, None) => "no new boards".into(),
    };
    say!(
        "play: {} as {} against {}, game {}, {what}, move time {}s",
        config.player,
        config.seat,
        config.opponent,
        args.params.bind(&args.game)?,
        args.move_time.as_secs_f64()
    );
    let mut found = Found {
        csv: format!("{}\n", rows::HEADER),
        summary: PlaySummary::default(),
        failures: Vec::new(),
    };
    play_given(args, &config, &replays, given, &mut found)?;
    let opponent_text = config.opponent.to_string();
    let generated = run_games(&config, |i, played| {
        found.record(Some(i), played, &opponent_text)
    });
    // After an interrupt the handler ends the process (128 + the signal)
    // once it has reported: a verdict of the killed program must not win.
    if coinline_sandbox::interrupted() {
        loop {
            std::thread::park();
        }
    }
    found
        .failures
        .extend(generated?.into_iter().map(|f| (f, args.opponent.clone())));
    report_failures(args, &found.failures)?;
    let text = found
        .summary
        .text(&config.player.to_string(), config.seat, &opponent_text);
    for line in text.lines() {
        say!("{line}");
    }
    if let Some(out) = &args.out.out {
        output::write(out, |w| w.write_all(found.csv.as_bytes()))?;
    }
    Ok(Status::failure_if(!found.failures.is_empty()))
}

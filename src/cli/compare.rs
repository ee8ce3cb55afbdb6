//! `coinline compare`: generated boards through the check, with CSV reports,
//! shrinking and sharding. The work is done by [`coinline_harness::compare`].

use super::error::{RunError, UsageError};
use super::options::{non_negative, parse_with, positive_seconds, shard_in, GameChoice, ParamArg};
use super::options::{BudgetArg, ShrinkArgs, StopArgs, U64};
use super::options::{ForceArg, JobsArg, LengthsArg, OnlyArg, OutFileArg, SeedArg, ShardArg};
use super::progress::Bar;
use super::status::Status;
use super::text::{about_bytes, about_seconds};
use crate::cli::status::say;
use clap::{ArgAction, Args, ValueEnum};
use coinline_core::check::CheckConfig;
use coinline_core::error::{plural, Result};
use coinline_core::generate::{Shard, Span, Values};
use coinline_core::play::Game;
use coinline_core::progress::Progress;
use coinline_core::solve::{exact_solvers, Cost, Solver};
use coinline_core::strategy::{heuristics, Heuristic};
use coinline_harness::compare::{
    describe, failure_message, run_to, summary_path, unshown_failures, Boards, CompareOptions,
    CompareOutcome, CompareSummary, RowFilter, Stop,
};
use coinline_output::corpus::save_case;
use coinline_output::{self as output, is_stdout, Kind, Plan, Transaction};
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Arguments of `coinline compare`.
#[derive(Debug, Args)]
#[command(
    mut_arg("n", |a| a.default_value("1..16")
        .help("Board lengths, an inclusive range MIN..MAX (0, the empty board, is allowed)")),
    mut_arg("max_failures", |a| a.default_value("10")
        .help("Stop at the N-th failing check (0: never); only the first 100 are shrunk and shown")),
    mut_arg("out", |a| a.help("The per-board CSV (`-`: standard output) [default: \
        reports/compare.csv, or reports/compare-shard-K-of-N.csv with --shard]; the summary \
        goes beside it as NAME-summary.csv, or to --summary")),
    mut_args(shard_in(&["only"], None)),
    after_help = AFTER_HELP,
)]
pub struct CompareArgs {
    /// The game: an alias (see `coinline games`), rules such as 'take=1..3 delete=2', or all (every alias).
    /// Repeatable: every board is checked in each game given, in order (a game named twice is
    /// checked once).
    #[arg(long, value_name = "GAME", default_value = "coins", action = ArgAction::Append,
          value_parser = parse_with::<GameChoice>)]
    pub game: Vec<GameChoice>,
    #[command(flatten)]
    pub params: ParamArg,
    /// Also check every board in N random rule sets drawn from the seed
    /// (failures name their rule text, so --game reproduces them).
    #[arg(long, allow_negative_numbers = true, value_name = "N", default_value_t = 0,
          value_parser = non_negative::<u64>("--random-games", U64))]
    pub random_games: u64,
    #[command(flatten)]
    pub lengths: LengthsArg,
    /// Value distribution: LO..HI (uniform, negatives allowed), small, extreme,
    /// spiky, sorted, zigzag or palindrome.
    #[arg(long, value_name = "DIST", default_value = "-100..100", allow_hyphen_values = true,
          value_parser = parse_with::<Values>, conflicts_with = "exhaustive")]
    pub values: Values,
    /// Number of random boards (at least 1).
    #[arg(long, value_name = "N", default_value_t = 10_000, conflicts_with = "exhaustive",
          allow_hyphen_values = true, value_parser = non_negative::<u64>("--boards", U64))]
    pub boards: u64,
    /// Enumerate every board of each length over --alphabet instead.
    #[arg(long)]
    pub exhaustive: bool,
    /// The values of enumerated boards, LO..HI (default -1..1).
    #[arg(long, value_name = "LO..HI", allow_hyphen_values = true,
          value_parser = parse_with::<Span<i64>>)]
    pub alphabet: Option<Span<i64>>,
    #[command(flatten)]
    pub seed: SeedArg,
    #[command(flatten)]
    pub only: OnlyArg,
    #[command(flatten)]
    pub shard: ShardArg,
    #[command(flatten)]
    pub jobs: JobsArg,
    #[command(flatten)]
    pub out: OutFileArg,
    /// The summary CSV (`-`: standard output). Default: beside --out;
    /// nowhere when --out is `-`.
    #[arg(long, value_name = "FILE", conflicts_with = "only")]
    pub summary: Option<PathBuf>,
    /// Which boards get a row.
    #[arg(long, value_enum, value_name = "WHICH", default_value_t = RowChoice::All)]
    pub rows: RowChoice,
    /// Add solve-time columns (nanoseconds; output then differs run to run).
    #[arg(long)]
    pub timings: bool,
    #[command(flatten)]
    pub stop: StopArgs,
    /// Stop after about this many seconds (the number of rows then depends
    /// on the machine's speed).
    #[arg(long, allow_negative_numbers = true, value_name = "SECONDS",
          value_parser = positive_seconds)]
    pub duration: Option<f64>,
    #[command(flatten)]
    pub budget: BudgetArg,
    /// Run minimax on boards up to this length in every game (default 16
    /// coins, 12 numbergame, 10 gameofsum; capped at its refusal limit).
    #[arg(long, value_name = "N", allow_hyphen_values = true,
          value_parser = non_negative::<usize>("--minimax-max", USIZE))]
    pub minimax_max: Option<usize>,
    /// Where shrunk failures are saved, as DIR/solvers_agree/NAME.
    #[arg(long, value_name = "DIR", default_value = "corpus")]
    pub corpus: PathBuf,
    #[command(flatten)]
    pub shrink: ShrinkArgs,
    #[command(flatten)]
    pub force: ForceArg,
}

/// What compare's (and merge's) row file starts with: the ownership rule's
/// mark of a row file coinline wrote.
pub const ROWS: Kind = Kind::Csv("seed,index,game,n,parity,board");

/// What a summary file starts with.
pub const SUMMARY: Kind = Kind::Csv("game,n,boards,agreed");

const AFTER_HELP: &str = "\
Examples:
  coinline compare --game all --boards 3000 --n 1..12 --seed 42 --out target/compare.csv
  coinline compare --game coins --game 'take=1..3 delete=2' --boards 3000 --out target/two.csv
  coinline compare --seed 42 --only 1025 2>/dev/null      # one row again, on stdout
  coinline compare --exhaustive --alphabet 0..2 --n 1..8 --out target/all.csv

Exit status: 0 every check passed, 1 a check failed (shrunk, saved and
printed with the command that reproduces it), 2 bad usage or input.
Outputs: the rows and the summary land together or not at all, and an
existing file coinline did not write is replaced only with --force (see
docs/options.md, Outputs).";

/// The range of a `usize` option, for messages (coinline runs on 64-bit
/// machines).
const USIZE: &str = U64;

/// `--rows`: which boards get a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RowChoice {
    /// Every board.
    All,
    /// Only failing boards (for very large runs).
    Failures,
}

impl CompareArgs {
    /// The library options these arguments describe, with `seed` filled in
    /// and `random_games` random rule sets drawn.
    pub fn options(&self, seed: u64, random_games: u64) -> Result<CompareOptions> {
        let check = match self.minimax_max {
            Some(n) => CheckConfig::default().with_minimax_max(n),
            None => CheckConfig::default(),
        };
        let mut games = self.games()?;
        games.extend(coinline_core::generate::random_games(seed, random_games));
        Ok(CompareOptions {
            games,
            lengths: self.lengths(),
            boards: if self.exhaustive {
                Boards::Exhaustive {
                    alphabet: self.alphabet(),
                }
            } else {
                Boards::Random {
                    count: self.boards,
                    values: self.values,
                }
            },
            seed,
            shard: self.shard.shard.unwrap_or(Shard::WHOLE),
            only: self.only.only,
            check,
            jobs: self.jobs.jobs,
            rows: match self.rows {
                RowChoice::All => RowFilter::All,
                RowChoice::Failures => RowFilter::Failures,
            },
            timings: self.timings,
            max_failures: self.stop.max_failures(),
            duration: self.duration.map(Duration::from_secs_f64),
            shrink_budget: self.shrink.budget(),
        })
    }

    /// The games of `--game`, in the order given, each once, their
    /// parameters bound by `--param`.
    pub fn games(&self) -> Result<Vec<Game>> {
        GameChoice::distinct(&self.game, |rules| self.params.bind_each(rules))
    }

    fn lengths(&self) -> Span<usize> {
        self.lengths.n.unwrap_or(Span { lo: 1, hi: 16 })
    }

    fn alphabet(&self) -> Span<i64> {
        self.alphabet.unwrap_or(Span { lo: -1, hi: 1 })
    }

    /// The row file of a run that writes files (not `--only`).
    pub fn out_path(&self) -> PathBuf {
        match (&self.out.out, self.shard.shard) {
            (Some(out), _) => out.clone(),
            (None, Some(s)) => PathBuf::from(format!(
                "reports/compare-shard-{}-of-{}.csv",
                s.part(),
                s.count()
            )),
            (None, None) => PathBuf::from("reports/compare.csv"),
        }
    }
}

/// A run estimated to take this long (seconds) says so before it starts.
const LONG_RUN_SECONDS: f64 = 10.0;

/// The random rule sets drawn for the estimate: past these, the others
/// are taken to cost what these do on average.
const SAMPLED_GAMES: u64 = 1_000;

/// The run's estimated cost (with its wall-clock seconds on its threads),
/// or why it is refused: over `--budget`. Made before more than
/// [`SAMPLED_GAMES`] random rule sets are drawn.
fn within_budget(
    args: &CompareArgs,
    seed: u64,
    (solvers, heuristics): (&[&dyn Solver], &[&dyn Heuristic]),
) -> Result<(Cost, f64)> {
    let drawn = args.random_games.min(SAMPLED_GAMES);
    let sample = args.options(seed, drawn)?;
    sample.validate()?;
    let threads = (sample.threads()).clamp(1, sample.planned()?.clamp(1, 1 << 20) as usize);
    let cost = sample.estimate(solvers, heuristics, args.random_games - drawn);
    Ok((cost, args.budget.allow(cost, threads)?))
}

/// Runs `coinline compare` with the built-in solvers and heuristics.
pub fn run(args: &CompareArgs) -> Result<Status> {
    run_with(args, exact_solvers(), heuristics())
}

/// Runs `coinline compare` with the given solvers and heuristics. Public so
/// that tests can plug in deliberately wrong solvers and see the command
/// find them.
pub fn run_with(
    args: &CompareArgs,
    solvers: &[&dyn Solver],
    heuristics: &[&dyn Heuristic],
) -> Result<Status> {
    if args.alphabet.is_some() && !args.exhaustive {
        return Err(UsageError::AlphabetWithoutExhaustive.into());
    }
    if !args.exhaustive && args.boards == 0 && args.only.only.is_none() {
        return Err(UsageError::NoBoards.into());
    }
    let seed = args.seed.or_clock();
    // Estimated before any path is touched: an impossible run is refused at once.
    let (cost, wall) = within_budget(args, seed, (solvers, heuristics))?;
    let options = args.options(seed, args.random_games)?;
    if let Some(n) = args.minimax_max {
        for game in &options.games {
            let limit = options.check.minimax_limit(*game);
            if limit < n {
                say!("note: minimax runs up to n = {limit} in {game} (its refusal limit)");
            }
        }
    }
    let planned = options.planned()?;
    // Paths are checked before anything is printed or run.
    let paths = output_paths(args)?;
    say!(
        "coinline compare: {}{planned} of {}, n {}{}",
        match options.boards {
            Boards::Random { .. } => format!("seed {seed}; "),
            Boards::Exhaustive { .. } => String::new(),
        },
        describe(&options.boards),
        options.lengths,
        match (options.only, args.shard.shard) {
            (Some(i), _) if i.lo == i.hi => format!(", only index {}", i.lo),
            (Some(i), _) => format!(", only indices {i}"),
            (None, Some(s)) => format!(", shard {s}"),
            (None, None) => String::new(),
        }
    );
    if wall >= LONG_RUN_SECONDS {
        let (time, memory) = (about_seconds(wall), about_bytes(cost.bytes));
        say!("note: estimated at least about {time} and {memory} (the solvers' stated costs)");
    }
    let progress = Bar::new(planned, "boards");
    // Rows on standard output: a failed write is the error of standard
    // output, a closed pipe (`| head -1`) a quiet end.
    let rows_to_stdout =
        |w: &mut dyn std::io::Write| run_to(&options, solvers, heuristics, &progress, w);
    let outcome = match &paths {
        None => super::status::to_stdout(rows_to_stdout)?,
        Some((out, summary)) if is_stdout(out) => {
            let outcome = super::status::to_stdout(rows_to_stdout)?;
            if let Some(summary) = summary {
                output::write(summary, |w| outcome.summary.write_csv(w))?;
            }
            outcome
        }
        Some((out, summary)) => {
            // One transaction: the rows are renamed into place only once
            // the summary, which holds their digest, is complete too, and
            // the summary last.
            let mut transaction = Transaction::new();
            let mut outcome = None;
            transaction.stage(out, |w| {
                outcome = Some(run_to(&options, solvers, heuristics, &progress, w)?);
                Ok(())
            })?;
            let outcome = outcome.ok_or(RunError::NoRowsWritten { command: "compare" })?;
            if let Some(summary) = summary {
                transaction.stage_io(summary, |w| outcome.summary.write_csv(w))?;
            }
            transaction.commit()?;
            outcome
        }
    };
    progress.finish();
    print_summary(&outcome, options.threads(), paths.as_ref());
    // A save error is shown in the failure's message, never instead of it.
    for failure in &outcome.failures {
        let saved = match save_case(&args.corpus, &failure.shrunk_case()) {
            Ok(path) => path.display().to_string(),
            Err(e) => format!("NOT SAVED ({e})"),
        };
        say!(
            "{}",
            failure_message(
                failure,
                &saved,
                &options.reproduce(failure.game, failure.index)
            )
        );
    }
    if let Some(line) = unshown_failures(&outcome) {
        say!("{line}");
    }
    if paths.is_some() {
        say!("next: {}", next_command(&outcome, &options));
    }
    Ok(Status::failure_if(outcome.failed > 0))
}

/// Where the summary of rows written to `out` goes: `summary`, or beside
/// `out`, or nowhere when `out` is standard output (`-`).
pub(super) fn summary_out(out: &Path, summary: Option<&PathBuf>) -> Result<Option<PathBuf>> {
    let path = match summary {
        Some(path) => path.clone(),
        None if is_stdout(out) => return Ok(None),
        None => summary_path(out),
    };
    match is_stdout(&path) && is_stdout(out) {
        true => Err(UsageError::RowsAndSummaryOnStdout.into()),
        false => Ok(Some(path)),
    }
}

/// The row file and summary of a run that writes files (not `--only`),
/// checked before any work with the corpus folder as one plan: each
/// writable, with a name the file system takes (the derived summary's
/// too), not the same file, and not a file coinline did not write unless
/// `--force`.
fn output_paths(args: &CompareArgs) -> Result<Option<(PathBuf, Option<PathBuf>)>> {
    let mut plan = Plan::new(args.force.force);
    // Where compare saves shrunk failures (in DIR/solvers_agree).
    plan.saves_into("--corpus", &args.corpus);
    let paths = match args.only.only {
        Some(_) => None,
        None => {
            let out = args.out_path();
            let summary = summary_out(&out, args.summary.as_ref())?;
            let label = match args.summary {
                Some(_) => "--summary",
                None => "the summary beside --out,",
            };
            plan.output("--out", &out, ROWS);
            if let Some(path) = &summary {
                plan.output(label, path, SUMMARY);
            }
            Some((out, summary))
        }
    };
    plan.check()?;
    Ok(paths)
}

/// The command worth running after a run: the first failure's shrunk
/// board, else the board a heuristic did worst on, solved line by line.
fn next_command(outcome: &CompareOutcome, options: &CompareOptions) -> String {
    let solve = |game: Game, board: &coinline_core::board::Board| {
        format!(
            "coinline solve --game {} --line {board}",
            coinline_core::shell::shell_word(&game.name())
        )
    };
    if let Some(failure) = outcome.failures.first() {
        return format!(
            "{}   # the first failure, shrunk",
            solve(failure.shrunk_game, &failure.shrunk)
        );
    }
    let worst = (outcome.summary.by_game().into_iter())
        .flat_map(|(game, tally)| {
            (outcome.summary.heuristics.iter())
                .filter_map(|name| {
                    let (regret, index, board) = tally.heuristic(name)?.worst.clone()?;
                    Some((regret, std::cmp::Reverse(index), game, name.clone(), board))
                })
                .collect::<Vec<_>>()
        })
        .filter(|w| w.0 > 0)
        .max_by_key(|w| (w.0, w.1));
    match worst {
        // A long board is better named by its index than pasted.
        Some((regret, index, game, name, board)) if board.len() <= 40 => format!(
            "{}   # {name}'s worst board (index {}, regret {regret})",
            solve(game, &board),
            index.0
        ),
        Some((regret, index, game, name, _)) => format!(
            "{}   # {name}'s worst board (regret {regret})",
            options.reproduce(game, index.0)
        ),
        None => "coinline stress --help   # your own program against the trusted solver".into(),
    }
}

/// A percentage with two decimals.
struct Percent(f64);

impl fmt::Display for Percent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.2}%", self.0 * 100.0)
    }
}

fn print_summary(
    outcome: &CompareOutcome,
    jobs: usize,
    written: Option<&(PathBuf, Option<PathBuf>)>,
) {
    let summary: &CompareSummary = &outcome.summary;
    for (game, t) in summary.by_game() {
        let failures = t.boards - t.agreed;
        say!(
            "{game}: {}, {}; first player wins {}, ties {}, loses {}",
            plural(t.boards, "board"),
            if failures == 0 {
                "all checks pass".to_string()
            } else {
                format!("{failures} FAIL")
            },
            Percent(t.rate(t.wins)),
            Percent(t.rate(t.ties)),
            Percent(t.rate(t.losses)),
        );
        for name in &summary.heuristics {
            let Some(h) = t.heuristic(name).filter(|h| h.boards > 0) else {
                continue;
            };
            let (regret, index) = h.worst.as_ref().map_or((0, 0), |w| (w.0, w.1));
            say!(
                "  {name}: applies to {}, optimal on {}, mean regret {:.2}, max regret {regret} (index {index})",
                plural(h.boards, "board"),
                Percent(h.optimal as f64 / h.boards as f64),
                h.mean_regret().unwrap_or(0.0),
            );
        }
    }
    let secs = outcome.elapsed.as_secs_f64();
    let stopped = match outcome.stopped {
        Some(Stop::Duration) => " (stopped by --duration)",
        Some(Stop::MaxFailures) => " (stopped by --max-failures)",
        None => "",
    };
    say!(
        "{}{} checked in {secs:.2} s ({:.0} boards/s, {}){stopped}",
        plural(outcome.boards, "board"),
        if outcome.checks == outcome.boards {
            String::new()
        } else {
            format!(" ({} checks)", outcome.checks)
        },
        outcome.boards as f64 / secs.max(1e-9),
        plural(jobs as u64, "job"),
    );
    if let Some((rows, summary)) = written {
        let shown = |p: &PathBuf| match is_stdout(p) {
            true => "standard output".to_string(),
            false => p.display().to_string(),
        };
        say!(
            "wrote {} and {}",
            shown(rows),
            summary
                .as_ref()
                .map_or("no summary (give --summary FILE)".to_string(), shown)
        );
    }
}

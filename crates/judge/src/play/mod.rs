//! `coinline play`: a strategy (an outside program, or a built-in
//! heuristic) judged move by move against an opponent on seeded boards.
//!
//! - [`program`]: an outside program as a [`Strategy`], over the line
//!   protocol of docs/play.md, in the sandbox's session;
//! - [`rows`]: the CSV rows, the summary and the failure report;
//! - [`saved`]: a failing game as text (`--save`, `--replay`);
//! - [`tournament`]: every entrant against every other (`--tournament`);
//! - [`words`](crate::words): the protocol's words, docs/play.md's or a
//!   statement's.
//!
//! Each game depends on the seed and its index alone; games are played
//! on a thread pool in chunks and reported strictly in index order, so a
//! run's bytes do not depend on `--jobs`.

pub mod program;
pub mod rows;
pub mod saved;
pub mod tournament;

use crate::error::JudgeError;
use crate::instance::{clamp_params, Instance};
use crate::interaction::{Accept, Sides};
use crate::InputLimits;
use crate::Problem;
use coinline_core::board::Board;
use coinline_core::error::Result;
use coinline_core::generate::{admissible, random_board, Span, Values};
use coinline_core::play::Game;
use coinline_core::rules::Params;
use coinline_core::shrink::shrink;
use coinline_core::strategy::player::{price_game, Adversary, GameReport, HeuristicPlayer, Seat};
use coinline_core::strategy::{heuristic_by_name, Heuristic, Strategy};
use coinline_sandbox::{self as sandbox, Program};
use program::{ProgramPlayer, ProgramTerms};
use rayon::prelude::*;
use std::fmt;

/// Who plays: the judged strategy, or its opponent.
#[derive(Clone)]
pub enum Contestant {
    /// Perfect play (as an opponent: with the adversarial tie rule).
    Optimal,
    /// A built-in heuristic.
    Heuristic(&'static dyn Heuristic),
    /// An outside program.
    Program(Program),
}

impl Contestant {
    /// `optimal`, a heuristic's name, or else a command line (split like a
    /// shell's words) for `option`.
    pub fn parse(option: &str, text: &str) -> Result<Contestant> {
        let word = text.trim();
        if word.eq_ignore_ascii_case("optimal") {
            return Ok(Contestant::Optimal);
        }
        if let Ok(h) = heuristic_by_name(word) {
            return Ok(Contestant::Heuristic(h));
        }
        Ok(Contestant::Program(Program::from_command_line(
            option, text,
        )?))
    }
}

impl fmt::Display for Contestant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Contestant::Optimal => f.write_str("optimal"),
            Contestant::Heuristic(h) => f.write_str(h.name()),
            Contestant::Program(p) => write!(f, "{p}"),
        }
    }
}

impl fmt::Debug for Contestant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

/// A game to play: its rule set, board and the judged side's seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The rule set.
    pub game: Game,
    /// The board.
    pub board: Board,
    /// The judged side's seat.
    pub seat: Seat,
}

/// One game played and judged.
#[derive(Clone, Debug)]
pub struct Played {
    /// What was played.
    pub setup: Setup,
    /// The judge's report.
    pub report: GameReport,
    /// The judged program's transcript (empty for a built-in strategy).
    pub transcript: Vec<String>,
    /// The start of the judged program's standard error.
    pub stderr: String,
}

impl Played {
    /// Whether the judged side lost value or broke the rules.
    pub fn failed(&self) -> bool {
        !self.report.is_optimal()
    }
}

/// A strategy for one game: built in, or a started program.
enum Seated<'a> {
    Built(HeuristicPlayer<'a>),
    Program(Box<ProgramPlayer>),
}

impl<'a> Seated<'a> {
    fn new(
        player: &'a Contestant,
        limits: ProgramTerms,
        setup: &'a Setup,
        seat: Seat,
    ) -> Result<Option<Self>> {
        Ok(match player {
            Contestant::Optimal => None,
            Contestant::Heuristic(h) => Some(Seated::Built(HeuristicPlayer::new(
                *h,
                setup.game,
                &setup.board,
            )?)),
            Contestant::Program(p) => Some(Seated::Program(Box::new(ProgramPlayer::start(
                p,
                limits,
                setup.game,
                &setup.board,
                seat,
            )?))),
        })
    }

    fn strategy(&mut self) -> &mut dyn Strategy {
        match self {
            Seated::Built(h) => h,
            Seated::Program(p) => p.as_mut(),
        }
    }
}

/// Plays one game of `player` (in `setup.seat`) against `opponent`.
pub fn play_one(
    player: &Contestant,
    opponent: &Contestant,
    limits: ProgramTerms,
    setup: &Setup,
) -> Result<Played> {
    let mut me =
        Seated::new(player, limits.clone(), setup, setup.seat)?.ok_or(JudgeError::OptimalJudged)?;
    let mut other = Seated::new(opponent, limits, setup, setup.seat.other())?;
    let rival = match &mut other {
        None => Adversary::Optimal,
        Some(s) => Adversary::Plays(s.strategy()),
    };
    let report = price_game(setup.game, &setup.board, setup.seat, me.strategy(), rival)?;
    let (transcript, stderr) = match me {
        Seated::Program(p) => (p.transcript().to_vec(), p.stderr().to_string()),
        Seated::Built(_) => (Vec::new(), String::new()),
    };
    Ok(Played {
        setup: setup.clone(),
        report,
        transcript,
        stderr,
    })
}

/// What defines a run of `coinline play` on generated boards.
#[derive(Clone, Debug)]
pub struct PlayConfig {
    /// The rule set.
    pub game: Game,
    /// The judged strategy.
    pub player: Contestant,
    /// Its opponent.
    pub opponent: Contestant,
    /// The judged side's seat.
    pub seat: Seat,
    /// Board lengths.
    pub lengths: Span<usize>,
    /// Values.
    pub values: Span<i64>,
    /// The seed of the boards.
    pub seed: u64,
    /// The indices of the boards to play.
    pub boards: Option<Span<u64>>,
    /// Worker threads.
    pub jobs: usize,
    /// A program's limits.
    pub limits: ProgramTerms,
    /// Calls of the predicate when shrinking a failure (`None`: no shrinking).
    pub shrink_budget: Option<usize>,
    /// Stop after this many failing games.
    pub max_failures: u64,
    /// What counts as a passed game (`coinline play`: optimal).
    pub accept: Accept,
    /// Which side plays each board: `seat` always, or (an interactive
    /// problem's "either") alternating from it.
    pub sides: Sides,
    /// An interactive problem: the boards are drawn within its limits (not
    /// from `lengths` and `values`), each with the parameters its rules
    /// read, and shrunk only to boards the limits admit.
    pub within: Option<Within>,
}

/// An interactive problem's boards (see [`PlayConfig::within`]).
#[derive(Clone, Debug)]
pub struct Within {
    /// The problem; its rules may read parameters, drawn per board.
    pub problem: Problem,
    /// Its limits, or narrower ones.
    pub limits: InputLimits,
}

impl Within {
    /// Board number `index` of `seed` and its parameters, as stress draws
    /// a case.
    fn instance(&self, seed: u64, index: u64) -> Result<Instance> {
        let mut cases = self.problem.generate(&self.limits, seed, index, index);
        cases.pop().ok_or_else(|| JudgeError::NoBoardDrawn.into())
    }

    /// The game of `board` with `params` moved into their limits for its
    /// length, if the limits admit the board.
    fn game_for(&self, params: &Params, board: &Board) -> Option<Game> {
        if !self.limits.admits(board) {
            return None;
        }
        let case = Instance::new(params.clone(), board.clone());
        let case = clamp_params(self.problem.params(), &case);
        self.problem.game_of(&case.params).ok()
    }
}

/// Board number `index` of `seed`: `lengths` values drawn uniformly from
/// `values`, made admissible for `game`.
pub fn seeded_board(
    game: Game,
    seed: u64,
    index: u64,
    lengths: Span<usize>,
    values: Span<i64>,
) -> Board {
    admissible(
        game,
        random_board(seed, index, lengths, Values::Uniform(values)),
    )
}

impl PlayConfig {
    /// The setup of board number `index`.
    pub fn setup(&self, index: u64) -> Result<Setup> {
        let (game, board) = match &self.within {
            Some(within) => {
                let case = within.instance(self.seed, index)?;
                let game = within.problem.game_of(&case.params)?;
                (game, admissible(game, case.board))
            }
            None => (
                self.game,
                seeded_board(self.game, self.seed, index, self.lengths, self.values),
            ),
        };
        let seat = match self.sides.seat(index) {
            Seat::First => self.seat,
            Seat::Second => self.seat.other(),
        };
        Ok(Setup { game, board, seat })
    }

    /// The problem's case that `failure`'s shrunk game plays: its board,
    /// with the parameters of its board number moved into their limits for
    /// its length (none when the rules read none).
    pub fn shrunk_case(&self, failure: &Failure) -> Instance {
        let case = Instance::new(
            self.drawn_params(failure.index).unwrap_or_default(),
            failure.shrunk.setup.board.clone(),
        );
        match &self.within {
            Some(within) => clamp_params(within.problem.params(), &case),
            None => case,
        }
    }

    /// The parameters an interactive problem's board number `index` was
    /// drawn with.
    fn drawn_params(&self, index: Option<u64>) -> Option<Params> {
        let (within, index) = self.within.as_ref().zip(index)?;
        Some(within.instance(self.seed, index).ok()?.params)
    }

    /// The game of a shrunk candidate `board` of a game played as `setup`
    /// with `params` drawn, if the board may be played: an interactive
    /// problem's parameters follow its length into their limits.
    fn candidate_game(
        &self,
        setup: &Setup,
        params: Option<&Params>,
        board: &Board,
    ) -> Option<Game> {
        match (&self.within, params) {
            (Some(within), Some(params)) => within.game_for(params, board),
            (Some(within), None) => within.limits.admits(board).then_some(setup.game),
            (None, _) => Some(setup.game),
        }
    }

    /// Whether `played` fails by this run's rule of acceptance.
    pub fn fails(&self, played: &Played) -> bool {
        !self.accept.accepts(&played.report)
    }
}

/// A failing game and its shrunk form.
#[derive(Clone, Debug)]
pub struct Failure {
    /// The board's index in the run (`None`: a replayed or given board).
    pub index: Option<u64>,
    /// The game as first played.
    pub played: Played,
    /// The smallest board found on which the strategy still fails, played.
    pub shrunk: Played,
    /// Whether that board failed again when played once more. A program
    /// that fails by a race may not: `shrunk` is then the game as first
    /// played, so that the report shows the failure seen.
    pub steady: bool,
}

/// Shrinks the failing `played` to a smaller board where the strategy still fails.
pub fn shrink_failure(config: &PlayConfig, played: Played, index: Option<u64>) -> Result<Failure> {
    let setup = played.setup.clone();
    let (shrunk, steady) = match config.shrink_budget {
        Some(budget) if config.fails(&played) => {
            // The same kind of failure: a board where a silent program
            // errs instead would trade a regret for a timeout.
            let kind = rows::verdict(&played);
            let params = config.drawn_params(index);
            let board = shrink(&setup.board, budget, |candidate| {
                // A board of no values holds no move to get wrong.
                let Some(game) = config.candidate_game(&setup, params.as_ref(), candidate) else {
                    return false;
                };
                let s = Setup {
                    game,
                    board: candidate.clone(),
                    seat: setup.seat,
                };
                !candidate.is_empty()
                    && game.admit(candidate).is_ok()
                    && play_one(&config.player, &config.opponent, config.limits.clone(), &s)
                        .is_ok_and(|p| config.fails(&p) && rows::verdict(&p) == kind)
            });
            let game = config
                .candidate_game(&setup, params.as_ref(), &board)
                .unwrap_or(setup.game);
            let s = Setup {
                game,
                board,
                ..setup
            };
            let again = play_one(&config.player, &config.opponent, config.limits.clone(), &s)?;
            match config.fails(&again) {
                true => (again, true),
                false => (played.clone(), false),
            }
        }
        _ => (played.clone(), true),
    };
    Ok(Failure {
        index,
        played,
        shrunk,
        steady,
    })
}

/// A pool of `jobs` threads (at least one).
fn thread_pool(jobs: usize) -> Result<rayon::ThreadPool> {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs.max(1));
    let reason = |e: rayon::ThreadPoolBuildError| e.to_string();
    Ok(pool
        .build()
        .map_err(|e| JudgeError::Threads { reason: reason(e) })?)
}

/// Plays the boards of `config` in index order, calling `each` on every
/// game as it is reported; stops after `max_failures` failing games (or
/// on an interrupt). Returns the failures, shrunk.
pub fn run(config: &PlayConfig, mut each: impl FnMut(u64, &Played)) -> Result<Vec<Failure>> {
    let Some(span) = config.boards else {
        return Ok(Vec::new());
    };
    let pool = thread_pool(config.jobs)?;
    let chunk = (config.jobs.max(1) * 4) as u64;
    let mut failing = Vec::new();
    let mut at = span.lo;
    'chunks: while at <= span.hi {
        let end = at.saturating_add(chunk - 1).min(span.hi);
        if sandbox::interrupted() {
            break;
        }
        let games: Vec<Result<Played>> = pool.install(|| {
            (at..=end)
                .into_par_iter()
                .map(|i| {
                    let setup = config.setup(i)?;
                    play_one(
                        &config.player,
                        &config.opponent,
                        config.limits.clone(),
                        &setup,
                    )
                })
                .collect()
        });
        for (i, game) in (at..=end).zip(games) {
            let game = game?;
            each(i, &game);
            if config.fails(&game) {
                failing.push((i, game));
                if config.max_failures > 0 && failing.len() as u64 >= config.max_failures {
                    break 'chunks;
                }
            }
        }
        if end == u64::MAX {
            break;
        }
        at = end + 1;
    }
    sandbox::sweep_escaped();
    failing
        .into_iter()
        .map(|(i, game)| shrink_failure(config, game, Some(i)))
        .collect()
}

//! Strategies that play one side move by move, and the judge that plays one
//! against an opponent and prices every move against perfect play.
//!
//! A [`Strategy`] sees the rule set, the board, the interval still on the
//! board and the moves so far ([`Position`]), and answers a [`Choice`]. The
//! built-in heuristics play through the same trait ([`HeuristicPlayer`]),
//! and so does an outside program (in `coinline-harness`), whose protocol
//! breaches come back as a [`Breach`].
//!
//! [`price_game`] solves the board once into the value table
//! ([`ValueTable`], one cell per position), so pricing a move is one lookup: the cost
//! of a move is the value the mover loses by it against the best move of
//! the same position. The regret of a game is the sum of the costs of the
//! judged side's moves; against the optimal opponent it is exactly the best
//! value from the start minus the value achieved.

use super::table::{State, ValueTable};
use super::{Heuristic, Policy};
use crate::board::Board;
use crate::error::Result;
use crate::play::{Game, Line, Move, Totals};
use crate::rules::IllegalReason;
use std::fmt;

/// Which side a strategy plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    /// The player who moves first.
    First,
    /// The player who moves second.
    Second,
}

impl Seat {
    /// The seat of the player to make move number `ply` (0-based).
    pub fn of_ply(ply: usize) -> Seat {
        if ply % 2 == 0 {
            Seat::First
        } else {
            Seat::Second
        }
    }

    /// The other seat.
    pub fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }

    /// This seat's total minus the other's.
    pub fn difference(self, totals: Totals) -> i64 {
        match self {
            Seat::First => totals.first - totals.second,
            Seat::Second => totals.second - totals.first,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Seat::First => "first",
            Seat::Second => "second",
        })
    }
}

/// What a strategy sees when it is its turn.
#[derive(Clone, Copy, Debug)]
pub struct Position<'a> {
    /// The rule set.
    pub game: Game,
    /// The board of the game.
    pub board: &'a Board,
    /// The seat to move.
    pub seat: Seat,
    /// The values still on the board are `left..right` (0-based, right
    /// excluded; on a circle, positions past n name the board written
    /// twice). Before a circle's first move it is the whole board.
    pub left: usize,
    /// See `left`.
    pub right: usize,
    /// The bound M of `take=a..Km` (the largest take so far, 1 before
    /// any); 1 under every other rule set.
    pub bound: usize,
    /// The moves so far (a circle's first move carries its start).
    pub line: &'a Line,
}

impl<'a> Position<'a> {
    /// The position of `state` on `board`, `seat` to move after `line`.
    pub fn at(game: Game, board: &'a Board, seat: Seat, state: State, line: &'a Line) -> Self {
        Position {
            game,
            board,
            seat,
            left: state.left,
            right: state.right,
            bound: state.bound,
            line,
        }
    }

    /// Whether the move to make is a circle's first, which needs a start.
    pub fn needs_start(&self) -> bool {
        self.game.circle && self.line.moves.is_empty()
    }

    /// The position as a state of the value table.
    pub fn state(&self) -> State {
        State {
            left: self.left,
            right: self.right,
            bound: self.bound,
        }
    }

    /// The interval, 1-based and inclusive as the reports print it
    /// (`2..4`; on a circle, positions wrap round).
    pub fn interval_text(&self) -> String {
        interval_text(self.board.len(), self.left, self.right)
    }
}

/// `left..right` (0-based, right excluded) as reports print it: 1-based,
/// inclusive, wrapped on a board of `n` values; `-` for an empty interval.
pub fn interval_text(n: usize, left: usize, right: usize) -> String {
    if left >= right || n == 0 {
        return "-".into();
    }
    format!("{}..{}", left % n + 1, (right - 1) % n + 1)
}

/// A strategy's answer: a move and, for a circle's first move only, where
/// it starts (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Choice {
    /// The move.
    pub mv: Move,
    /// The start of a circle's first move.
    pub start: Option<usize>,
}

impl Choice {
    /// A move without a start.
    pub fn plain(mv: Move) -> Choice {
        Choice { mv, start: None }
    }
}

impl fmt::Display for Choice {
    /// In the notation of lines: `L`, `DR2`, `L@3` (the start 1-based).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.start {
            Some(s) => write!(f, "{}@{}", self.mv, s + 1),
            None => write!(f, "{}", self.mv),
        }
    }
}

/// How a strategy broke the rules of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BreachKind {
    /// A move that is not legal in its position.
    Illegal,
    /// A line that is not a move.
    Malformed,
    /// No answer within the time limit of a move.
    Silent,
    /// The program ended (or closed its output) before the game did.
    EarlyExit,
    /// Output when it was not the program's turn, or after the end.
    ExtraOutput,
    /// A failing exit status, or death by a signal, after the game.
    BadExit,
}

impl BreachKind {
    /// Every kind, in the order of summaries.
    pub const ALL: [BreachKind; 6] = [
        BreachKind::Illegal,
        BreachKind::Malformed,
        BreachKind::Silent,
        BreachKind::EarlyExit,
        BreachKind::ExtraOutput,
        BreachKind::BadExit,
    ];

    /// The verdict's word in rows and summaries.
    pub fn name(self) -> &'static str {
        match self {
            BreachKind::Illegal => "illegal-move",
            BreachKind::Malformed => "malformed-line",
            BreachKind::Silent => "time-limit",
            BreachKind::EarlyExit => "early-exit",
            BreachKind::ExtraOutput => "extra-output",
            BreachKind::BadExit => "bad-exit",
        }
    }
}

/// A breach of the rules of play: its kind and what happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Breach {
    /// Which rule was broken.
    pub kind: BreachKind,
    /// What happened, as one line.
    pub detail: String,
}

impl Breach {
    /// A breach of `kind`.
    pub fn new(kind: BreachKind, detail: impl Into<String>) -> Breach {
        Breach {
            kind,
            detail: detail.into(),
        }
    }
}

/// A strategy's answer, or how it broke the rules.
pub type Answer<T> = std::result::Result<T, Breach>;

/// A strategy that plays one side of a game, move by move.
pub trait Strategy {
    /// Its name in reports.
    fn name(&self) -> String;

    /// The move to make at `position` (its turn).
    fn choose(&mut self, position: &Position<'_>) -> Answer<Choice>;

    /// The game is over: `position` is the last one, `totals` the result.
    /// A program is told and must end quietly; the default does nothing.
    fn finish(&mut self, position: &Position<'_>, totals: Totals) -> Answer<()> {
        let _ = (position, totals);
        Ok(())
    }
}

/// A built-in heuristic as a [`Strategy`]: its move rule on one board.
pub struct HeuristicPlayer<'a> {
    heuristic: &'a dyn Heuristic,
    policy: Policy<'a>,
}

impl<'a> HeuristicPlayer<'a> {
    /// `heuristic` on `board`, or why it does not apply.
    pub fn new(heuristic: &'a dyn Heuristic, game: Game, board: &'a Board) -> Result<Self> {
        Ok(HeuristicPlayer {
            heuristic,
            policy: heuristic.policy(game, board)?,
        })
    }
}

impl Strategy for HeuristicPlayer<'_> {
    fn name(&self) -> String {
        self.heuristic.name().to_string()
    }

    fn choose(&mut self, position: &Position<'_>) -> Answer<Choice> {
        if position.needs_start() {
            let (start, mv) = self
                .heuristic
                .first_on_circle(position.game, position.board)
                .map_err(|e| Breach::new(BreachKind::Illegal, e.to_string()))?;
            return Ok(Choice {
                mv,
                start: Some(start),
            });
        }
        Ok(Choice::plain((self.policy)(position.left, position.right)))
    }
}

/// The value table seen from a strategy's [`Position`]: its choices and
/// what a choice does.
impl ValueTable<'_> {
    /// The legal choices of `position` with their values, in canonical
    /// order (on a circle's first move: by start, then the move).
    pub fn choices(&self, position: &Position<'_>) -> Vec<(Choice, i64)> {
        if position.needs_start() {
            let n = position.board.len();
            return self
                .first_moves()
                .map(|(s, mv)| {
                    let state = State {
                        left: s,
                        right: s + n,
                        bound: 1,
                    };
                    (Choice { mv, start: Some(s) }, self.worth(mv, state))
                })
                .collect();
        }
        let state = position.state();
        self.moves(state)
            .map(|mv| (Choice::plain(mv), self.worth(mv, state)))
            .collect()
    }

    /// How many of the mover's choices at `position` lose value.
    fn wrong_ways(&self, position: &Position<'_>) -> usize {
        let choices = self.choices(position);
        let best = choices.iter().map(|&(_, v)| v).max().unwrap_or(0);
        choices.iter().filter(|&&(_, v)| v < best).count()
    }

    /// What `choice` scores and the state it leaves, if it is legal at
    /// `position`, else why not.
    pub fn apply(
        &self,
        position: &Position<'_>,
        choice: Choice,
    ) -> std::result::Result<(i64, State), Box<IllegalChoice>> {
        let n = position.board.len();
        let state = position.state();
        let (rules, left) = match (position.needs_start(), choice.start) {
            (true, Some(s)) if s < n => (self.game().first_on_circle(), s),
            (true, Some(s)) => return Err(Box::new(IllegalChoice::StartPast { start: s + 1, n })),
            (true, None) => return Err(Box::new(IllegalChoice::NeedsStart { game: self.game() })),
            (false, Some(_)) => return Err(Box::new(IllegalChoice::StartOffCircle)),
            (false, None) => (self.game(), position.left),
        };
        if let Some(reason) = rules.illegal_at(choice.mv, state.len(), state.bound) {
            return Err(Box::new(IllegalChoice::Move(reason)));
        }
        if !rules
            .capped(state.bound)
            .moves(state.len())
            .any(|mv| mv == choice.mv)
        {
            return Err(Box::new(IllegalChoice::NotAMove {
                mv: choice.mv,
                game: self.game(),
            }));
        }
        let from = State {
            left,
            right: left + state.len(),
            bound: state.bound,
        };
        Ok(self.play(choice.mv, from))
    }
}

/// Why a [`Choice`] cannot be played where it was given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalChoice {
    /// A circle's start beyond the board (1-based).
    #[error("the start {start} is past the {n} values")]
    StartPast {
        /// The start given.
        start: usize,
        /// The board's length.
        n: usize,
    },
    /// A circle's first move without its start.
    #[error("{game} is a circle: the first move needs its start, as in L@3")]
    NeedsStart {
        /// The rules.
        game: Game,
    },
    /// A start on a move that is not a circle's first.
    #[error("only a circle's first move has a start (@k)")]
    StartOffCircle,
    /// A move the rules forbid here.
    #[error(transparent)]
    Move(IllegalReason),
    /// A move the table does not offer here.
    #[error("{mv} is not a move of {game}")]
    NotAMove {
        /// The move.
        mv: Move,
        /// The rules.
        game: Game,
    },
}

impl From<Box<IllegalChoice>> for crate::error::Error {
    fn from(error: Box<IllegalChoice>) -> Self {
        crate::error::Error::layer_of(*error)
    }
}

/// Who plays the other side in [`price_game`].
pub enum Adversary<'s> {
    /// Perfect play. Among equally good moves it picks the one after which
    /// the judged strategy has the most moves that lose value (the first in
    /// canonical order on a tie): the adversarial tie rule.
    Optimal,
    /// Any strategy (a heuristic, a program).
    Plays(&'s mut dyn Strategy),
}

/// The first move of the judged side that lost value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mistake {
    /// Its index in the line (0-based).
    pub ply: usize,
    /// The interval it was played on (see [`Position::left`]).
    pub left: usize,
    /// See `left`.
    pub right: usize,
    /// The move played.
    pub played: Choice,
    /// The value it lost against the best move.
    pub cost: i64,
    /// The best move (the first in canonical order).
    pub best: Choice,
}

/// A breach and where it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Breached {
    /// What was broken.
    pub breach: Breach,
    /// Which seat broke it (the opponent can be a program too).
    pub seat: Seat,
    /// The interval at the time (see [`Position::left`]).
    pub left: usize,
    /// See `left`.
    pub right: usize,
}

/// One game judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReport {
    /// The judged strategy's seat.
    pub seat: Seat,
    /// The moves played (up to a breach).
    pub line: Line,
    /// The totals of `line`.
    pub totals: Totals,
    /// The judged side's total minus the opponent's (a finished game).
    pub achieved: Option<i64>,
    /// The best value the judged side can secure from the start.
    pub best: i64,
    /// The sum of the costs of the judged side's moves.
    pub regret: i64,
    /// Its first move that lost value.
    pub mistake: Option<Mistake>,
    /// How many moves the judged side made.
    pub moves: usize,
    /// The breach that ended the game early, if any.
    pub breach: Option<Breached>,
}

impl GameReport {
    /// Whether the judged side played perfectly and by the rules.
    pub fn is_optimal(&self) -> bool {
        self.regret == 0 && self.breach.is_none()
    }
}

/// Plays `strategy` in `seat` against `opponent` on `board`, and prices
/// every move of `strategy` against the best one.
pub fn price_game(
    game: Game,
    board: &Board,
    seat: Seat,
    strategy: &mut dyn Strategy,
    mut opponent: Adversary<'_>,
) -> Result<GameReport> {
    let table = ValueTable::new(game, board)?;
    let start = table.start_value();
    let mut report = GameReport {
        seat,
        line: Line::default(),
        totals: Totals::default(),
        achieved: None,
        best: if seat == Seat::First { start } else { -start },
        regret: 0,
        mistake: None,
        moves: 0,
        breach: None,
    };
    let mut line = Line::default();
    let mut state = State::start(board.len());
    loop {
        let mover = Seat::of_ply(line.moves.len());
        let position = Position::at(game, board, mover, state, &line);
        let choices = table.choices(&position);
        if choices.is_empty() {
            break;
        }
        let best = choices.iter().map(|&(_, v)| v).max().unwrap_or(0);
        let answer = if mover == seat {
            strategy.choose(&position)
        } else {
            match &mut opponent {
                Adversary::Plays(other) => other.choose(&position),
                Adversary::Optimal => Ok(adversarial(&table, &position, &choices, best)),
            }
        };
        let applied = answer.and_then(|choice| {
            table
                .apply(&position, choice)
                .map(|played| (choice, played))
                .map_err(|why| Breach::new(BreachKind::Illegal, format!("{choice}: {why}")))
        });
        let (choice, (gain, next)) = match applied {
            Ok(done) => done,
            Err(breach) => {
                report.line = line;
                report.breach = Some(Breached {
                    breach,
                    seat: mover,
                    left: state.left,
                    right: state.right,
                });
                return Ok(report);
            }
        };
        if mover == seat {
            report.moves += 1;
            let value = gain - table.value(next);
            if value < best {
                report.regret += best - value;
                if report.mistake.is_none() {
                    let first_best = choices.iter().find(|&&(_, v)| v == best).map(|&(c, _)| c);
                    report.mistake = Some(Mistake {
                        ply: line.moves.len(),
                        left: state.left,
                        right: state.right,
                        played: choice,
                        cost: best - value,
                        best: first_best.unwrap_or(choice),
                    });
                }
            }
        }
        match mover {
            Seat::First => report.totals.first += gain,
            Seat::Second => report.totals.second += gain,
        }
        if choice.start.is_some() {
            line.start = choice.start;
        }
        line.moves.push(choice.mv);
        state = next;
    }
    report.achieved = Some(seat.difference(report.totals));
    let end = Position::at(game, board, Seat::of_ply(line.moves.len()), state, &line);
    let mut ends = vec![(seat, strategy.finish(&end, report.totals))];
    if let Adversary::Plays(other) = &mut opponent {
        ends.push((seat.other(), other.finish(&end, report.totals)));
    }
    for (s, outcome) in ends {
        if let Err(breach) = outcome {
            report.breach.get_or_insert(Breached {
                breach,
                seat: s,
                left: state.left,
                right: state.right,
            });
        }
    }
    report.line = line;
    Ok(report)
}

/// The optimal opponent's move: among the best choices, the one that leaves
/// the other side the most moves that lose value; the first on a tie.
fn adversarial(
    table: &ValueTable<'_>,
    position: &Position<'_>,
    choices: &[(Choice, i64)],
    best: i64,
) -> Choice {
    let mut pick: Option<(usize, Choice)> = None;
    for &(choice, value) in choices {
        if value != best {
            continue;
        }
        let Ok((_, after)) = table.apply(position, choice) else {
            continue;
        };
        // After a move no start is needed: a one-move line says so.
        let line = Line::new(vec![choice.mv]);
        let next = Position {
            seat: position.seat.other(),
            left: after.left,
            right: after.right,
            bound: after.bound,
            line: &line,
            ..*position
        };
        let traps = table.wrong_ways(&next);
        if pick.is_none_or(|(most, _)| traps > most) {
            pick = Some((traps, choice));
        }
    }
    pick.map_or(choices[0].0, |(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{random_board, Span, Values};
    use crate::play::Side;
    use crate::strategy::{evaluate, Greedy, Parity};

    fn board(s: &str) -> Board {
        Board::parse(s).unwrap()
    }

    /// Plays perfectly, except at one interval, where it plays its worst move.
    struct ErrsAt<'a> {
        table: ValueTable<'a>,
        at: (usize, usize),
    }

    impl Strategy for ErrsAt<'_> {
        fn name(&self) -> String {
            "errs-at".into()
        }

        fn choose(&mut self, position: &Position<'_>) -> Answer<Choice> {
            let mut choices = self.table.choices(position);
            // Best first, or worst first at the planted position.
            let wrong = (position.left, position.right) == self.at;
            choices.sort_by_key(|&(_, v)| if wrong { v } else { -v });
            Ok(choices[0].0)
        }
    }

    #[test]
    fn greedys_first_mistake_is_priced_against_the_best_move() {
        let b = board("8 15 3 7");
        let mut greedy = HeuristicPlayer::new(&Greedy, Game::COINS, &b).unwrap();
        let r = price_game(
            Game::COINS,
            &b,
            Seat::First,
            &mut greedy,
            Adversary::Optimal,
        )
        .unwrap();
        // L (8) is worth 8 - 11 = -3; R (7) is worth 7 - (-4) = 11.
        let m = r.mistake.clone().unwrap();
        assert_eq!((m.ply, m.left, m.right, m.cost), (0, 0, 4, 14));
        assert_eq!(
            (m.played.to_string(), m.best.to_string()),
            ("L".into(), "R".into())
        );
        assert_eq!((r.best, r.achieved, r.regret), (11, Some(-3), 14));
        assert_eq!(r.line.to_string(), "L L R L");
        assert!(r.breach.is_none() && !r.is_optimal());
    }

    #[test]
    fn a_planted_error_is_reported_where_it_was_made() {
        let b = board("8 15 3 7");
        for (at, expected) in [((1, 3), Some((2, 24, "R", "L"))), ((5, 9), None)] {
            let table = ValueTable::new(Game::COINS, &b).unwrap();
            let mut errs = ErrsAt { table, at };
            let r =
                price_game(Game::COINS, &b, Seat::First, &mut errs, Adversary::Optimal).unwrap();
            let got = r.mistake.as_ref().map(|m| {
                assert_eq!((m.left, m.right), at);
                (m.ply, m.cost, m.played.to_string(), m.best.to_string())
            });
            let want = expected.map(|(p, c, a, b)| (p, c, a.to_string(), b.to_string()));
            assert_eq!(got, want);
            // Against perfect play the regret is what the errors gave away.
            assert_eq!(r.regret, r.best - r.achieved.unwrap());
        }
    }

    #[test]
    fn the_optimal_opponent_prefers_the_move_that_sets_traps() {
        // 1 5 5: taking 1 and taking 5 are both worth 1 to the first player;
        // after L the 5 5 left hold no wrong move, after R the 1 5 left hold one.
        let b = board("1 5 5");
        let table = ValueTable::new(Game::COINS, &b).unwrap();
        let mut me = ErrsAt { table, at: (9, 9) };
        let r = price_game(Game::COINS, &b, Seat::Second, &mut me, Adversary::Optimal).unwrap();
        assert_eq!(r.line.moves.get(0), Some(Move::take(Side::Right, 1)));
        assert!(r.is_optimal());
        assert_eq!(r.best, -1);
    }

    #[test]
    fn heuristics_play_through_the_same_path_as_any_strategy() {
        for seed in 0..40 {
            let b = random_board(
                seed,
                0,
                Span { lo: 1, hi: 12 },
                Values::Uniform(Span { lo: -9, hi: 20 }),
            );
            for game in [Game::COINS, Game::NUMBERGAME, Game::PIZZA] {
                let mut greedy = HeuristicPlayer::new(&Greedy, game, &b).unwrap();
                let r = price_game(game, &b, Seat::First, &mut greedy, Adversary::Optimal).unwrap();
                assert_eq!(r.regret, r.best - r.achieved.unwrap(), "{game}: {b}");
                assert_eq!(
                    r.best,
                    crate::solve::solve(
                        crate::solve::solvers_for(game).next().unwrap(),
                        game,
                        &b,
                        false
                    )
                    .unwrap()
                    .difference,
                    "{game}: {b}"
                );
                // The best response to greedy is at least as hard on it as
                // an opponent who assumes perfect play.
                let e = evaluate(&Greedy, game, &b).unwrap();
                assert!(r.achieved.unwrap() >= e.difference, "{game}: {b}");
                // Greedy against greedy replays greedy's self-play.
                let mut other = HeuristicPlayer::new(&Greedy, game, &b).unwrap();
                let mut me = HeuristicPlayer::new(&Greedy, game, &b).unwrap();
                let r = price_game(game, &b, Seat::First, &mut me, Adversary::Plays(&mut other))
                    .unwrap();
                let (line, _) = super::super::self_play(&Greedy, game, &b).unwrap();
                assert_eq!(r.line, line, "{game}: {b}");
            }
            if b.len() % 2 == 0 {
                let mut parity = HeuristicPlayer::new(&Parity, Game::COINS, &b).unwrap();
                let r = price_game(
                    Game::COINS,
                    &b,
                    Seat::First,
                    &mut parity,
                    Adversary::Optimal,
                )
                .unwrap();
                assert!(r.achieved.unwrap() >= 0, "{b}");
            }
        }
    }

    #[test]
    fn illegal_moves_end_the_game_with_their_position() {
        struct Always(Choice);
        impl Strategy for Always {
            fn name(&self) -> String {
                "always".into()
            }
            fn choose(&mut self, _: &Position<'_>) -> Answer<Choice> {
                Ok(self.0)
            }
        }
        let b = board("1 2 3");
        for (game, choice, why) in [
            (
                Game::COINS,
                Choice::plain(Move::take(Side::Left, 2)),
                "not allowed",
            ),
            (
                Game::COINS,
                Choice {
                    mv: Move::take(Side::Left, 1),
                    start: Some(0),
                },
                "only a circle",
            ),
            (
                Game::PIZZA,
                Choice::plain(Move::take(Side::Left, 1)),
                "needs its start",
            ),
            (
                "ends=left take=1..2m".parse().unwrap(),
                Choice::plain(Move::take(Side::Left, 3)),
                "over 2M = 2",
            ),
            (
                Game::PIZZA,
                Choice {
                    mv: Move::take(Side::Left, 1),
                    start: Some(3),
                },
                "past the 3",
            ),
        ] {
            let r = price_game(
                game,
                &b,
                Seat::First,
                &mut Always(choice),
                Adversary::Optimal,
            )
            .unwrap();
            let breached = r.breach.unwrap();
            assert_eq!(
                (breached.breach.kind, breached.left, breached.right),
                (BreachKind::Illegal, 0, 3)
            );
            assert!(
                breached.breach.detail.contains(why),
                "{}",
                breached.breach.detail
            );
        }
        assert_eq!(interval_text(5, 3, 7), "4..2");
    }
}

//! Playing a game: a board's row with its sums, lines of play, and replaying
//! a line to the players' totals.
//!
//! What a game allows is data, a [`Game`] (see [`crate::rules`]); this
//! module applies it. [`Row::play`] is the one place a move's score is
//! computed, and [`replay`] the one place a line is judged, so every
//! solver's line is scored by the rules, not by the solver.

use crate::board::Board;
use crate::error::{quote, Error, ErrorKind, Result};
use crate::rules::IllegalReason;
// The moves are the rules' (`crate::rules`); named here too, as the callers
// of `game::Move` and `game::MoveTable` have them.
pub use crate::rules::{Game, Kind, Move, MoveTable, Moves, MovesOf, Side};
use crate::rules::{Memory, Score};
use std::fmt;
use std::str::FromStr;

/// The games with a hand-written fast solver (a vectorized table, the
/// linear coins solver, specialised exhaustive recursions): the three
/// original games, and stonegame7, whose generic table was 50 times slower
/// than the coins table at n = 1,000 (reports/PERFORMANCE.md). Every other
/// game is solved by the generic solvers alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kernel {
    /// `take=1`.
    Coins,
    /// `take=1 delete=2`.
    NumberGame,
    /// `take=1..`.
    GameOfSum,
    /// `take=1 score=rest` (LeetCode 1690 "Stone Game VII").
    StoneGame7,
}

impl Game {
    /// The kernel this game is, if any.
    pub fn kernel(self) -> Option<Kernel> {
        match self {
            Game::COINS => Some(Kernel::Coins),
            Game::NUMBERGAME => Some(Kernel::NumberGame),
            Game::GAMEOFSUM => Some(Kernel::GameOfSum),
            Game::STONEGAME7 => Some(Kernel::StoneGame7),
            _ => None,
        }
    }

    /// Whether `board` can be played without any total overflowing `i64`.
    /// Every board does when takes score what they take (a player's total
    /// is at most the sum of absolute values, which the board's overflow
    /// rule bounds). When takes score what remains, a player may score the
    /// board's absolute sum once per move, so n times it must fit.
    pub fn admit(self, board: &Board) -> Result<()> {
        let Game {
            ends: _,
            take: _,
            delete: _,
            score,
            circle: _,
            memory,
        } = self;
        // Put back, a value taken is scored again by every later take.
        if score == Score::Taken && memory != Memory::PutBack {
            return Ok(());
        }
        let fits = i64::try_from(board.len())
            .ok()
            .and_then(|n| n.checked_mul(board.abs_sum()))
            .is_some();
        if fits {
            Ok(())
        } else {
            Err(PlayError::Unscorable {
                game: self,
                n: board.len(),
                abs_sum: board.abs_sum(),
            }
            .into())
        }
    }
}

/// Why a line of play does not parse or replay, or a board cannot be
/// played under its rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// A move of the line that is not legal where it is played.
    #[error("move {position} ({mv}) is illegal: {reason}")]
    Illegal {
        /// 1-based index of the move in the line.
        position: usize,
        /// The move.
        mv: Move,
        /// Why it is illegal.
        reason: IllegalReason,
    },
    /// A board whose totals could overflow under rules that score a value
    /// more than once.
    #[error(
        "{game} {}, so n * (sum of |values|) must fit in 64 bits; \
         this board has n = {n} and sum of |values| = {abs_sum}",
        scored_again(.game.memory)
    )]
    Unscorable {
        /// The rules.
        game: Game,
        /// The board's length.
        n: usize,
        /// The sum of its absolute values.
        abs_sum: i64,
    },
    /// A start after `@` that is no position (the word is held).
    #[error("{}: the start after @ is a position from 1", quote(.0))]
    BadStart(String),
    /// A start on a move other than the first (the word is held).
    #[error("{}: only the first move of a line has a start (@k)", quote(.0))]
    LateStart(String),
    /// A start (1-based) past the board's `n` values.
    #[error("the first move starts at {start} but the board has {n} values")]
    StartPast {
        /// The start, 1-based.
        start: usize,
        /// The board's length.
        n: usize,
    },
    /// A line on a circle whose first move has no start.
    #[error("{0} is a circle: the first move needs its start, as in L@3")]
    NoStart(Game),
    /// A start on a game that is no circle.
    #[error("{0} is not a circle: no move has a start (@k)")]
    StartOffCircle(Game),
    /// A line that stops with this many values left and a move possible.
    #[error("the line ends with moves still possible ({0} values left)")]
    Unfinished(usize),
}

/// Why the rules of `memory` score a value more than once, for a message.
fn scored_again(memory: Memory) -> &'static str {
    match memory {
        Memory::PutBack => "puts back what it takes, so a value is scored again",
        Memory::None | Memory::Bound(_) => "scores what remains",
    }
}

crate::error::layer_errors!(PlayError);

/// A board's values with prefix sums, so any move is scored in O(1). On a
/// circle, positions run over the board written twice (index i and i + n
/// are the same value), so every line after the first move is an interval
/// `[l, r)` with `r - l < n`.
#[derive(Clone, Debug)]
pub struct Row<'a> {
    game: Game,
    values: &'a [i64],
    /// Made on the first sum a move asks for: a line of takes of one
    /// scored on what is taken never does (n + 1 values fewer in memory).
    prefix: std::sync::OnceLock<Vec<i64>>,
}

impl<'a> Row<'a> {
    /// Prepares `values` (which must satisfy the overflow rule) for
    /// playing `game`.
    pub fn new(game: Game, values: &'a [i64]) -> Self {
        Row {
            game,
            values,
            prefix: std::sync::OnceLock::new(),
        }
    }

    /// The values.
    pub fn values(&self) -> &'a [i64] {
        self.values
    }

    /// The sum of the values at positions `from..to`; on a circle positions
    /// up to 2n name the board written twice. Never overflows: the result
    /// is a sum of at most n distinct values.
    #[inline]
    pub fn sum(&self, from: usize, to: usize) -> i64 {
        let n = self.values.len();
        let p = self.prefix.get_or_init(|| {
            let mut acc = 0i64;
            let sums = self.values.iter().map(|&v| {
                acc += v;
                acc
            });
            std::iter::once(0).chain(sums).collect()
        });
        if to <= n {
            p[to] - p[from]
        } else if from >= n {
            p[to - n] - p[from - n]
        } else {
            (p[n] - p[from]) + p[to - n]
        }
    }

    /// Plays a legal move on the interval `[left, right)`: returns the score
    /// it earns and the remaining interval.
    #[inline]
    pub fn play(&self, mv: Move, left: usize, right: usize) -> (i64, usize, usize) {
        let Game {
            ends: _,
            take: _,
            delete: _,
            score,
            circle: _,
            memory,
        } = self.game;
        if memory == Memory::PutBack {
            return self.put_back(mv, left, right);
        }
        let (l, r) = match mv.side {
            Side::Left => (left + mv.count, right),
            Side::Right => (left, right - mv.count),
        };
        let gain = match (mv.kind, score) {
            (Kind::Delete, _) => 0,
            // One value: no sum (position i + n on a circle is i).
            (Kind::Take, Score::Taken) if mv.count == 1 => {
                let (at, n) = (
                    if mv.side == Side::Left { left } else { r },
                    self.values.len(),
                );
                self.values[if at < n { at } else { at - n }]
            }
            (Kind::Take, Score::Taken) => match mv.side {
                Side::Left => self.sum(left, l),
                Side::Right => self.sum(r, right),
            },
            (Kind::Take, Score::Rest) => self.sum(l, r),
        };
        (gain, l, r)
    }

    /// A take of a `putback` game (one end only, see `docs/rules.md`): on
    /// `[left, right)` the end value is the sum of every value from the
    /// board's end up to it, so a take of k from the left scores the sum of
    /// `[0, left + k)` and leaves `[left + k - 1, right)`, its new end value
    /// that same sum; mirrored at the right.
    #[inline]
    fn put_back(&self, mv: Move, left: usize, right: usize) -> (i64, usize, usize) {
        let n = self.values.len();
        match mv.side {
            Side::Left => (self.sum(0, left + mv.count), left + mv.count - 1, right),
            Side::Right => (self.sum(right - mv.count, n), left, right - mv.count + 1),
        }
    }

    /// The first moves of the game on this row, with the interval each
    /// starts from: on a line, the moves of `[0, n)`; on a circle, for each
    /// start s, the moves of the first move from `[s, s + n)`, written as
    /// left moves (any run may be taken, and it starts at s).
    pub fn first_moves(&self) -> impl Iterator<Item = (usize, Move)> + '_ {
        let n = self.values.len();
        let Game {
            ends: _,
            take: _,
            delete: _,
            score: _,
            circle,
            memory: _,
        } = self.game;
        let (starts, rules) = if circle && n > 0 {
            (n, self.game.first_on_circle())
        } else {
            // Before any move, a history-dependent bound M is 1.
            (1, self.game.capped(1))
        };
        (0..starts).flat_map(move |s| rules.moves(n).map(move |mv| (s, mv)))
    }
}

/// A sequence of moves from the start position. Printed space-separated, with
/// `-` for the empty line; on a circle the first move carries its start,
/// 1-based: `L2@5 R`. [`Line::from_str`] accepts what `Display` prints.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Line {
    /// Where a circle's first move starts (0-based); `None` on a line.
    pub start: Option<usize>,
    /// The moves.
    pub moves: MoveList,
}

impl Line {
    /// A line of `moves` on a board that is not a circle.
    pub fn new(moves: impl IntoIterator<Item = Move>) -> Line {
        let moves = moves.into_iter().collect();
        Line { start: None, moves }
    }

    /// The moves.
    pub fn moves(&self) -> &MoveList {
        &self.moves
    }
}

/// The moves of a [`Line`], one bit a move: its side, and beside the bits
/// each move other than a take of one value with its index. A line of 10^7
/// single takes is 1.25 MB (16 bytes a move as a `Vec<Move>`).
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct MoveList {
    len: usize,
    /// Bit i % 64 of word i / 64: move i is from the right.
    right: Vec<u64>,
    /// The moves other than a take of one, with their indices, in order.
    others: Vec<(usize, Move)>,
}

impl MoveList {
    /// Appends a move.
    #[inline]
    pub fn push(&mut self, mv: Move) {
        let i = self.len;
        if i % 64 == 0 {
            self.right.push(0);
        }
        self.right[i / 64] |= u64::from(mv.side == Side::Right) << (i % 64);
        if mv != Move::take(mv.side, 1) {
            self.others.push((i, mv));
        }
        self.len += 1;
    }

    /// The number of moves.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there is no move.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The move at `i`, if there is one.
    pub fn get(&self, i: usize) -> Option<Move> {
        let other = self.others.binary_search_by_key(&i, |&(j, _)| j);
        (i < self.len).then(|| other.map_or_else(|_| self.single(i), |k| self.others[k].1))
    }

    /// The moves in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        let mut others = self.others.iter().peekable();
        (0..self.len).map(move |i| match others.next_if(|&&(j, _)| j == i) {
            Some(&(_, mv)) => mv,
            None => self.single(i),
        })
    }

    /// Move `i` as a take of one from its side.
    #[inline]
    fn single(&self, i: usize) -> Move {
        let right = self.right[i / 64] >> (i % 64) & 1 == 1;
        Move::take(if right { Side::Right } else { Side::Left }, 1)
    }
}

impl FromIterator<Move> for MoveList {
    fn from_iter<I: IntoIterator<Item = Move>>(moves: I) -> MoveList {
        let mut list = MoveList::default();
        list.extend(moves);
        list
    }
}

impl Extend<Move> for MoveList {
    fn extend<I: IntoIterator<Item = Move>>(&mut self, moves: I) {
        moves.into_iter().for_each(|mv| self.push(mv));
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.moves.is_empty() {
            return f.write_str("-");
        }
        for (i, mv) in self.moves.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            match (i, self.start) {
                (0, Some(s)) => write!(f, "{mv}@{}", s + 1)?,
                _ => write!(f, "{mv}")?,
            }
        }
        Ok(())
    }
}

impl FromStr for Line {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        if s.trim() == "-" {
            return Ok(Line::default());
        }
        let mut line = Line::default();
        for (i, word) in s.split_whitespace().enumerate() {
            let mv = match word.split_once('@') {
                Some((mv, start)) if i == 0 => {
                    let start = start
                        .parse::<usize>()
                        .ok()
                        .filter(|&k| k >= 1)
                        .ok_or_else(|| PlayError::BadStart(word.to_string()))?;
                    line.start = Some(start - 1);
                    mv
                }
                Some(_) => return Err(PlayError::LateStart(word.to_string()).into()),
                None => word,
            };
            line.moves.push(mv.parse()?);
        }
        Ok(line)
    }
}

/// The two players' totals at the end of a line of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Totals {
    /// The first player's total.
    pub first: i64,
    /// The second player's total.
    pub second: i64,
}

impl Totals {
    /// First minus second. Cannot overflow for totals of an admitted board.
    pub fn difference(self) -> i64 {
        self.first - self.second
    }
}

/// Replays `line` from the start position of `board`: every move must be
/// legal and the line must end the game (no legal move left).
/// Returns the players' totals.
pub fn replay(game: Game, board: &Board, line: &Line) -> Result<Totals> {
    game.admit(board)?;
    let n = board.len();
    let row = Row::new(game, board.values());
    let illegal = |position, mv, reason| {
        Error::from(PlayError::Illegal {
            position,
            mv,
            reason,
        })
    };
    let (mut left, mut right) = match (game.circle, line.start) {
        (true, Some(s)) if s < n => (s, s + n),
        (true, Some(s)) => return Err(PlayError::StartPast { start: s + 1, n }.into()),
        (true, None) if !line.moves.is_empty() => return Err(PlayError::NoStart(game).into()),
        (false, Some(_)) => return Err(PlayError::StartOffCircle(game).into()),
        _ => (0, n),
    };
    let mut totals = Totals::default();
    // The history-dependent bound M (`take=a..Km`): 1 before any take.
    let mut bound = 1;
    // A move legal with any number of values left, in a game without a
    // bound, is legal wherever enough are left: the last one is remembered.
    let mut known = None;
    for (i, mv) in line.moves().iter().enumerate() {
        let first_on_circle = i == 0 && game.circle;
        let rules = if first_on_circle {
            game.first_on_circle()
        } else {
            game
        };
        if first_on_circle && mv.side != Side::Left {
            return Err(illegal(i + 1, mv, IllegalReason::CircleStartsLeft));
        }
        if known != Some(mv) || mv.count > right - left {
            if let Some(reason) = rules.illegal_at(mv, right - left, bound) {
                return Err(illegal(i + 1, mv, reason));
            }
            let unbounded = !matches!(game.memory, Memory::Bound(_));
            known =
                (unbounded && !first_on_circle && game.illegal_reason(mv, usize::MAX).is_none())
                    .then_some(mv);
        }
        let (gain, l, r) = row.play(mv, left, right);
        (left, right) = (l, r);
        bound = game.next_bound(bound, mv.count);
        let total = if i % 2 == 0 {
            &mut totals.first
        } else {
            &mut totals.second
        };
        // Admitted boards cannot overflow; say so rather than wrap if not.
        *total = total
            .checked_add(gain)
            .ok_or_else(|| Error::new(ErrorKind::Overflow))?;
    }
    // Whether a move is left depends on the counts only, not on the ends, so
    // the game's own moves tell for a circle's first move too.
    if game.capped(bound).moves(right - left).next().is_some() {
        return Err(PlayError::Unfinished(right - left).into());
    }
    Ok(totals)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_moves_in_a_line_are_quoted_cut_with_their_length() {
        use crate::error::assert_one_short_line;
        let error = |text: &str| text.parse::<Line>().unwrap_err().to_string();
        let word = "X".repeat(80_000);
        let err = error(&format!("L R {word} L"));
        assert_one_short_line(&err, 80_000, 300);
        assert!(err.contains("is not a move"), "{err}");
        let digits = format!("L{}", "9".repeat(80_000));
        assert_one_short_line(&error(&format!("R {digits}")), 80_001, 300);
        let start = format!("L@{}", "x".repeat(80_000));
        assert_one_short_line(&error(&start), 80_002, 300);
        let late = format!("L R@{}", "3".repeat(80_000));
        assert_one_short_line(&error(&late), 80_002, 300);
        // Short moves are quoted whole, as before.
        assert_eq!(
            error("L Q"),
            "\"Q\" is not a move (expected L, R, Lk, Rk, DLk or DRk with k >= 1)"
        );
    }

    #[test]
    fn lines_print_and_parse_back() {
        assert_eq!("-".parse::<Line>().unwrap(), Line::default());
        assert_eq!(Line::default().to_string(), "-");
        for text in ["L DR2 R3", "L2@5 R", "L@1"] {
            assert_eq!(text.parse::<Line>().unwrap().to_string(), text);
        }
        assert_eq!("L@3".parse::<Line>().unwrap().start, Some(2));
        for bad in ["L R@2", "L@0", "L@x", "X"] {
            assert!(bad.parse::<Line>().is_err(), "{bad}");
        }
    }

    #[test]
    fn move_lists_keep_every_move_in_order() {
        use Side::{Left, Right};
        let kinds = [
            Move::take(Left, 1),
            Move::take(Right, 1),
            Move::delete(Right, 2),
            Move::take(Left, 3),
            Move::delete(Left, 1),
        ];
        let moves: Vec<Move> = (0..200usize).map(|i| kinds[(i * i + i / 7) % 5]).collect();
        let list: MoveList = moves.iter().copied().collect();
        assert_eq!((list.len(), list.is_empty()), (200, false));
        assert_eq!(list.iter().collect::<Vec<_>>(), moves);
        assert!((0..=200).all(|i| list.get(i) == moves.get(i).copied()));
        assert_eq!(format!("{list:?}"), format!("{moves:?}"));
    }

    #[test]
    fn replay_scores_and_checks_legality() {
        let board = Board::parse("8 15 3 7").unwrap();
        let line = |s: &str| s.parse::<Line>().unwrap();
        let rules = |text: &str| text.parse::<Game>().unwrap();
        for (game, text, board, totals) in [
            (Game::COINS, "R L L L", "8 15 3 7", (7 + 15, 8 + 3)),
            (Game::NUMBERGAME, "DL2 L R", "8 15 3 7", (7, 3)),
            (Game::GAMEOFSUM, "L2 R2", "8 15 3 7", (23, 10)),
            // Stone Game VII: a take scores what remains.
            (Game::STONEGAME7, "L R L L", "8 15 3 7", (25 + 3, 18)),
            // A circle's first move starts anywhere: take 3 (index 2), then
            // the line 7 8 15.
            (Game::PIZZA, "L@3 R L L", "8 15 3 7", (3 + 7, 15 + 8)),
            // take=2 on three values: one take, then the game is over.
            (rules("take=2"), "R2", "1 2 3", (5, 0)),
        ] {
            let t = replay(game, &Board::parse(board).unwrap(), &line(text)).unwrap();
            assert_eq!((t.first, t.second), totals, "{game} {text}");
        }
        let err = replay(Game::COINS, &board, &line("DL2 L L")).unwrap_err();
        let reason = IllegalReason::NotAllowed {
            kind: Kind::Delete,
            count: 2,
            game: Game::COINS,
        };
        let mv = Move::delete(Side::Left, 2);
        let illegal = PlayError::Illegal {
            position: 1,
            mv,
            reason,
        };
        assert_eq!(err.layer(), Some(&illegal));
        assert!(replay(Game::COINS, &board, &line("L L")).is_err());
        assert!(replay(Game::GAMEOFSUM, &board, &line("L5")).is_err());
        assert!(replay(Game::PIZZA, &board, &line("L R L L")).is_err());
        assert!(replay(Game::COINS, &board, &line("L@2 R L L")).is_err());
    }

    #[test]
    fn replay_names_the_move_and_the_reason() {
        let board = Board::parse("8 15 3 7").unwrap();
        let error = |game: Game, text: &str| {
            let line = text.parse::<Line>().unwrap();
            replay(game, &board, &line).unwrap_err()
        };
        let illegal = |position, mv: &str, reason| PlayError::Illegal {
            position,
            mv: mv.parse().unwrap(),
            reason,
        };
        let (take, coins, pizza) = (Kind::Take, Game::COINS, Game::PIZZA);
        let take_two = IllegalReason::NotAllowed {
            kind: take,
            count: 2,
            game: coins,
        };
        let none_left = IllegalReason::TooMany {
            count: 1,
            remaining: 0,
        };
        // Positions are 1-based: the third move, the first on the circle; a
        // circle's last start is its last value.
        let cases = [
            (coins, "L R L2", illegal(3, "L2", take_two)),
            (
                pizza,
                "R@2",
                illegal(1, "R", IllegalReason::CircleStartsLeft),
            ),
            (pizza, "L@2 R R R R", illegal(5, "R", none_left)),
            (pizza, "L@5 R L L", PlayError::StartPast { start: 5, n: 4 }),
            (pizza, "L R L L", PlayError::NoStart(pizza)),
            (coins, "L@2 R L L", PlayError::StartOffCircle(coins)),
            (coins, "L R", PlayError::Unfinished(2)),
            (pizza, "L@3 R", PlayError::Unfinished(2)),
        ];
        for (game, line, expected) in cases {
            assert_eq!(error(game, line).layer(), Some(&expected), "{line}");
        }
        // The words of a move's reason and of a line's fault.
        assert_eq!(
            error(coins, "L R L2").to_string(),
            "move 3 (L2) is illegal: a take of 2 is not allowed by coins"
        );
        assert_eq!(
            error(pizza, "L R L L").to_string(),
            "pizza is a circle: the first move needs its start, as in L@3"
        );
        let t = replay(Game::PIZZA, &board, &"L@4 R L L".parse().unwrap()).unwrap();
        assert_eq!((t.first, t.second), (7 + 8, 3 + 15));
    }

    #[test]
    fn rest_scoring_admits_only_boards_whose_totals_fit() {
        let big = Board::new(vec![i64::MAX / 3, 1, 1, 1]).unwrap();
        assert!(Game::COINS.admit(&big).is_ok());
        let err = Game::STONEGAME7.admit(&big).unwrap_err();
        let (game, abs_sum) = (Game::STONEGAME7, i64::MAX / 3 + 3);
        let unscorable = PlayError::Unscorable {
            game,
            n: 4,
            abs_sum,
        };
        assert_eq!(err.layer(), Some(&unscorable));
        assert!(Game::STONEGAME7
            .admit(&Board::new(vec![i64::MAX / 4, 0, 0, 0]).unwrap())
            .is_ok());
    }

    #[test]
    fn the_kernels_are_the_three_original_games_and_stonegame7() {
        let kernels: Vec<_> = Game::ALL.iter().filter_map(|g| g.kernel()).collect();
        use Kernel::*;
        assert_eq!(kernels, [Coins, NumberGame, GameOfSum, StoneGame7]);
        // Each kernel is its game's index in Game::ALL (table's tests use it).
        for (i, kernel) in kernels.iter().enumerate() {
            assert_eq!(*kernel as usize, i);
        }
        assert_eq!(
            "take=1 delete=2".parse::<Game>().unwrap().kernel(),
            Some(Kernel::NumberGame)
        );
        assert_eq!("take=1,2".parse::<Game>().unwrap().kernel(), None);
    }
}

//! The rules: which games exist, which moves each allows, and replaying a
//! line of play.
//!
//! Architecture invariant: this is the only module that knows the rules.
//! Solvers enumerate moves through [`Game::moves`] (or, where speed demands a
//! hand-written recurrence, declare the games they implement and are
//! cross-checked against this module by replaying their lines).

use crate::board::Board;
use crate::error::{Error, ErrorKind, Result};
use std::fmt;
use std::str::FromStr;

/// A take-from-the-ends game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Game {
    /// Take the leftmost or rightmost value and score it.
    Coins,
    /// As coins, or (two or more values left) delete the two leftmost or the
    /// two rightmost values without scoring (algospot NUMBERGAME).
    NumberGame,
    /// Take k >= 1 values from the left or right end and score their sum
    /// (UVa 10891 "Game of Sum").
    GameOfSum,
}

/// How many values a take may remove from one end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Takes {
    /// Exactly one value.
    One,
    /// Any number from one to all that are left.
    Any,
}

/// What a take scores. A delete scores nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// The sum of the values taken. (A rule scoring something else, such as
    /// the values that remain, becomes another variant here, and
    /// [`Row::play`] and [`Rules::scores_everything`] must decide about it.)
    Taken,
}

/// The rules of a game, from which every rule-dependent fact is derived:
/// the moves, their legality and scoring, and which invariants and
/// heuristics apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// How many values a take removes.
    pub takes: Takes,
    /// Whether a move may delete two values from an end without scoring.
    pub deletes_two: bool,
    /// What a take scores.
    pub score: Score,
}

impl Rules {
    /// Take one value from either end, score it: the coins rules.
    pub const COINS: Rules = Rules {
        takes: Takes::One,
        deletes_two: false,
        score: Score::Taken,
    };

    /// Whether every value ends up scored by one of the players, so that
    /// first + second = the board's sum for every line.
    pub fn scores_everything(self) -> bool {
        match self.score {
            Score::Taken => !self.deletes_two,
        }
    }

    /// Whether these are the coins rules, where the parity strategy, the
    /// constant-shift rule (c * ceil(n/2)) and the odd-n bound are proved.
    pub fn are_coins(self) -> bool {
        self == Rules::COINS
    }
}

impl Game {
    /// Every game, in a fixed order.
    pub const ALL: [Game; 3] = [Game::Coins, Game::NumberGame, Game::GameOfSum];

    /// How many games there are: the size of per-game tables.
    pub const COUNT: usize = Game::ALL.len();

    /// The game's slot in a per-game table (its place in [`Game::ALL`]).
    pub const fn index(self) -> usize {
        match self {
            Game::Coins => 0,
            Game::NumberGame => 1,
            Game::GameOfSum => 2,
        }
    }

    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Game::Coins => "coins",
            Game::NumberGame => "numbergame",
            Game::GameOfSum => "gameofsum",
        }
    }

    /// The game's rules.
    pub const fn rules(self) -> Rules {
        match self {
            Game::Coins => Rules::COINS,
            Game::NumberGame => Rules {
                takes: Takes::One,
                deletes_two: true,
                score: Score::Taken,
            },
            Game::GameOfSum => Rules {
                takes: Takes::Any,
                deletes_two: false,
                score: Score::Taken,
            },
        }
    }

    /// The names of all games.
    pub fn names() -> Vec<&'static str> {
        Game::ALL.iter().map(|g| g.name()).collect()
    }

    /// Whether every value ends up scored by one of the players, so that
    /// first + second = sum of the board (coins and gameofsum).
    pub fn scores_everything(self) -> bool {
        self.rules().scores_everything()
    }

    /// The legal moves with `remaining` values left, in canonical order:
    /// takes from the left (1, 2, ...), takes from the right, then `DL DR`:
    /// coins `L R`; numbergame `L R DL DR`; gameofsum `L1 .. Lk R1 .. Rk`.
    /// Solvers that build lines pick the first optimal move in this order.
    pub fn moves(self, remaining: usize) -> Moves {
        let rules = self.rules();
        let per_side = match rules.takes {
            Takes::One => remaining.min(1),
            Takes::Any => remaining,
        };
        let deletes = if rules.deletes_two && remaining >= 2 {
            2
        } else {
            0
        };
        Moves {
            per_side,
            next: 0,
            count: 2 * per_side + deletes,
        }
    }

    /// Why `mv` is not legal with `remaining` values left, or `None` if it is.
    pub fn illegal_reason(self, mv: Move, remaining: usize) -> Option<String> {
        if remaining == 0 {
            return Some("the board is already empty".into());
        }
        let rules = self.rules();
        match mv {
            Move::Take { count: 0, .. } => Some("a move takes at least one value".into()),
            Move::Take { count, .. } if rules.takes == Takes::One && count != 1 => {
                Some(format!("{} takes one value at a time", self.name()))
            }
            Move::Take { count, .. } if count > remaining => {
                Some(format!("takes {count} values but {remaining} are left"))
            }
            Move::Take { .. } => None,
            Move::Delete(_) if !rules.deletes_two => {
                Some(format!("{} has no delete move", self.name()))
            }
            Move::Delete(_) if remaining < 2 => {
                Some("deleting needs at least two values left".into())
            }
            Move::Delete(_) => None,
        }
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Game {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        Game::ALL
            .into_iter()
            .find(|g| g.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| Error::unknown("game", s, &Game::names()))
    }
}

/// The legal moves of a position in canonical order; see [`Game::moves`].
#[derive(Clone, Debug)]
pub struct Moves {
    per_side: usize,
    next: usize,
    count: usize,
}

impl Iterator for Moves {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        if self.next >= self.count {
            return None;
        }
        let i = self.next;
        self.next += 1;
        let k = self.per_side;
        Some(if i < k {
            Move::take(Side::Left, i + 1)
        } else if i < 2 * k {
            Move::take(Side::Right, i - k + 1)
        } else if i == 2 * k {
            Move::Delete(Side::Left)
        } else {
            Move::Delete(Side::Right)
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.count - self.next;
        (left, Some(left))
    }
}

impl ExactSizeIterator for Moves {}

/// An end of the row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The leftmost end.
    Left,
    /// The rightmost end.
    Right,
}

/// One move. Printed as `L`, `R`, `L3`, `R2`, `DL`, `DR`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Take `count` values from an end and score their sum.
    Take {
        /// Which end.
        side: Side,
        /// How many values (1 except in gameofsum).
        count: usize,
    },
    /// Delete two values from an end without scoring (numbergame).
    Delete(Side),
}

impl Move {
    /// Shorthand for [`Move::Take`].
    pub const fn take(side: Side, count: usize) -> Move {
        Move::Take { side, count }
    }

    /// How many values the move removes.
    pub fn width(self) -> usize {
        match self {
            Move::Take { count, .. } => count,
            Move::Delete(_) => 2,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |s: Side| if s == Side::Left { "L" } else { "R" };
        match *self {
            Move::Take { side: s, count: 1 } => f.write_str(side(s)),
            Move::Take { side: s, count } => write!(f, "{}{count}", side(s)),
            Move::Delete(s) => write!(f, "D{}", side(s)),
        }
    }
}

impl FromStr for Move {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        let bad = || {
            Error::invalid(format!(
                "{s:?} is not a move (expected L, R, Lk, Rk with k >= 1, DL or DR)"
            ))
        };
        let (side, rest) = match s.as_bytes().first() {
            Some(b'L') => (Side::Left, &s[1..]),
            Some(b'R') => (Side::Right, &s[1..]),
            Some(b'D') => {
                return match &s[1..] {
                    "L" => Ok(Move::Delete(Side::Left)),
                    "R" => Ok(Move::Delete(Side::Right)),
                    _ => Err(bad()),
                }
            }
            _ => return Err(bad()),
        };
        if rest.is_empty() {
            return Ok(Move::take(side, 1));
        }
        if !rest.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        match rest.parse::<usize>() {
            Ok(count) if count >= 1 => Ok(Move::take(side, count)),
            _ => Err(bad()),
        }
    }
}

/// A board's values with prefix sums, so any move is scored in O(1).
#[derive(Clone, Debug)]
pub struct Row<'a> {
    rules: Rules,
    values: &'a [i64],
    prefix: Vec<i64>,
}

impl<'a> Row<'a> {
    /// Prepares `values` (which must satisfy the overflow rule) for
    /// playing `game`.
    pub fn new(game: Game, values: &'a [i64]) -> Self {
        let mut prefix = Vec::with_capacity(values.len() + 1);
        let mut acc = 0i64;
        prefix.push(0);
        for &v in values {
            acc += v;
            prefix.push(acc);
        }
        Row {
            rules: game.rules(),
            values,
            prefix,
        }
    }

    /// The values.
    pub fn values(&self) -> &'a [i64] {
        self.values
    }

    /// The sum of `values[from..to]`.
    #[inline]
    pub fn sum(&self, from: usize, to: usize) -> i64 {
        self.prefix[to] - self.prefix[from]
    }

    /// Plays a legal move on the interval `[left, right)`: returns the score
    /// it earns and the remaining interval.
    #[inline]
    pub fn play(&self, mv: Move, left: usize, right: usize) -> (i64, usize, usize) {
        let (from, to, l, r) = match mv {
            Move::Take {
                side: Side::Left,
                count,
            } => (left, left + count, left + count, right),
            Move::Take {
                side: Side::Right,
                count,
            } => (right - count, right, left, right - count),
            Move::Delete(Side::Left) => return (0, left + 2, right),
            Move::Delete(Side::Right) => return (0, left, right - 2),
        };
        let gain = match self.rules.score {
            Score::Taken => self.sum(from, to),
        };
        (gain, l, r)
    }
}

/// A sequence of moves from the start position. Printed space-separated, with
/// `-` for the empty line; [`Line::from_str`] accepts what `Display` prints.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Line(pub Vec<Move>);

impl Line {
    /// The moves.
    pub fn moves(&self) -> &[Move] {
        &self.0
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("-");
        }
        for (i, mv) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{mv}")?;
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
        s.split_whitespace()
            .map(Move::from_str)
            .collect::<Result<Vec<_>>>()
            .map(Line)
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
    /// First minus second. Cannot overflow for totals of a valid board.
    pub fn difference(self) -> i64 {
        self.first - self.second
    }
}

/// Replays `line` from the start position of `board`: every move must be
/// legal and the line must end the game (empty the board).
/// Returns the players' totals.
pub fn replay(game: Game, board: &Board, line: &Line) -> Result<Totals> {
    let row = Row::new(game, board.values());
    let (mut left, mut right) = (0, board.len());
    let mut totals = Totals::default();
    for (i, &mv) in line.moves().iter().enumerate() {
        if let Some(reason) = game.illegal_reason(mv, right - left) {
            return Err(Error::new(ErrorKind::IllegalMove {
                position: i + 1,
                mv: mv.to_string(),
                reason,
            }));
        }
        let (gain, l, r) = row.play(mv, left, right);
        (left, right) = (l, r);
        if i % 2 == 0 {
            totals.first += gain;
        } else {
            totals.second += gain;
        }
    }
    if left != right {
        return Err(Error::invalid(format!(
            "the line ends with {} values still on the board",
            right - left
        )));
    }
    Ok(totals)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_print_and_parse_back() {
        for text in ["L", "R", "L3", "R12", "DL", "DR"] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
        }
        assert_eq!("L1".parse::<Move>().unwrap(), Move::take(Side::Left, 1));
        for bad in ["", "X", "L0", "D", "DX", "L-1", "L+2", "l"] {
            assert!(bad.parse::<Move>().is_err(), "{bad}");
        }
        assert_eq!("-".parse::<Line>().unwrap(), Line::default());
        assert_eq!(Line::default().to_string(), "-");
        let line: Line = "L DR R3".parse().unwrap();
        assert_eq!(line.to_string(), "L DR R3");
    }

    #[test]
    fn replay_scores_and_checks_legality() {
        let board = Board::parse("8 15 3 7").unwrap();
        let t = replay(Game::Coins, &board, &"R L L L".parse().unwrap()).unwrap();
        assert_eq!((t.first, t.second), (7 + 15, 8 + 3));
        let err = replay(Game::Coins, &board, &"DL L L".parse().unwrap()).unwrap_err();
        assert!(err.to_string().contains("no delete move"), "{err}");
        assert!(replay(Game::Coins, &board, &"L L".parse().unwrap()).is_err());
        let t = replay(Game::NumberGame, &board, &"DL L R".parse().unwrap()).unwrap();
        assert_eq!((t.first, t.second), (7, 3));
        let t = replay(Game::GameOfSum, &board, &"L2 R2".parse().unwrap()).unwrap();
        assert_eq!((t.first, t.second), (23, 10));
        assert!(replay(Game::GameOfSum, &board, &"L5".parse().unwrap()).is_err());
    }

    #[test]
    fn canonical_move_order() {
        let names = |g: Game, n| {
            g.moves(n)
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(names(Game::Coins, 3), "L R");
        assert_eq!(names(Game::NumberGame, 1), "L R");
        assert_eq!(names(Game::NumberGame, 2), "L R DL DR");
        assert_eq!(names(Game::GameOfSum, 2), "L L2 R R2");
        assert_eq!(Game::Coins.moves(0).count(), 0);
    }
}

//! Moves of a rule set: a [`Move`] (take or delete, a side, a count) and
//! its notation (`L`, `R3`, `DL2`), the legal moves of a position in
//! canonical order ([`Game::moves`]), why a move is illegal
//! ([`Game::illegal_reason`]), and [`MoveTable`], the moves of every length
//! listed once for the solvers.

use super::{Counts, Ends, Game, Memory, RuleError};
use crate::error::{Error, Result};
use std::fmt;
use std::str::FromStr;

/// An end of the row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The leftmost end.
    Left,
    /// The rightmost end.
    Right,
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Left => "left",
            Side::Right => "right",
        })
    }
}

/// Take (and score) or delete.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Remove and score.
    Take,
    /// Remove without scoring.
    Delete,
}

impl Kind {
    /// The word of a message: `take` or `delete`.
    pub fn word(self) -> &'static str {
        match self {
            Kind::Take => "take",
            Kind::Delete => "delete",
        }
    }
}

/// Why a move is not legal where it is played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalReason {
    /// A move of no value.
    #[error("a {} removes at least one value", .0.word())]
    Empty(Kind),
    /// A count the rules do not allow.
    #[error("a {} of {count} is not allowed by {game}", .kind.word())]
    NotAllowed {
        /// Take or delete.
        kind: Kind,
        /// The count played.
        count: usize,
        /// The rules.
        game: Game,
    },
    /// More values than are left.
    #[error("removes {count} values but {remaining} are left")]
    TooMany {
        /// The count played.
        count: usize,
        /// The values left.
        remaining: usize,
    },
    /// A move at the end the rules close.
    #[error("{game} allows moves at the {side} end only")]
    WrongEnd {
        /// The rules.
        game: Game,
        /// The end they allow.
        side: Side,
    },
    /// A take over the bound K * M of `take=a..Km`.
    #[error(
        "a take of {count} is over {factor}M = {} (M = {m}, the largest take so far, 1 at the start)",
        (*.factor as usize).saturating_mul(*.m)
    )]
    OverBound {
        /// The count played.
        count: usize,
        /// K.
        factor: u32,
        /// M, the largest take so far.
        m: usize,
    },
    /// A circle's first move written from the right.
    #[error("a circle's first move is written from the left, at its start")]
    CircleStartsLeft,
}

/// A move of a rule set, printed `L`, `R3`, `DL2`; on a circle's first
/// move `@k` says where the run starts (1-based, going right): `L2@5`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Take or delete.
    pub kind: Kind,
    /// Which end.
    pub side: Side,
    /// How many values.
    pub count: usize,
}

impl Move {
    /// A take of `count` from `side`.
    pub const fn take(side: Side, count: usize) -> Move {
        Move {
            kind: Kind::Take,
            side,
            count,
        }
    }

    /// A delete of `count` from `side`.
    pub const fn delete(side: Side, count: usize) -> Move {
        Move {
            kind: Kind::Delete,
            side,
            count,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A `match`, so that a new kind or side of move needs its notation.
        let d = match self.kind {
            Kind::Take => "",
            Kind::Delete => "D",
        };
        let s = match self.side {
            Side::Left => "L",
            Side::Right => "R",
        };
        match (self.kind, self.count) {
            (Kind::Take, 1) => write!(f, "{s}"),
            (_, c) => write!(f, "{d}{s}{c}"),
        }
    }
}

impl FromStr for Move {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        let bad = || Error::from(RuleError::Move(s.to_string()));
        let (kind, rest) = match s.strip_prefix('D') {
            Some(rest) => (Kind::Delete, rest),
            None => (Kind::Take, s),
        };
        let side = match rest.as_bytes().first() {
            Some(b'L') => Side::Left,
            Some(b'R') => Side::Right,
            _ => return Err(bad()),
        };
        let digits = &rest[1..];
        let count = match (kind, digits) {
            (Kind::Take, "") => 1,
            (_, d) if !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()) => {
                d.parse::<usize>().map_err(|_| bad())?
            }
            _ => return Err(bad()),
        };
        if count == 0 {
            return Err(bad());
        }
        Ok(Move { kind, side, count })
    }
}

impl Game {
    /// The legal moves from a line position with `remaining` values, in
    /// canonical order: takes (left counts ascending, then right), then
    /// deletes likewise. Solvers that build lines pick the first optimal
    /// move in this order.
    pub fn moves(self, remaining: usize) -> Moves {
        // A circle's first move is a move of `first_on_circle`'s rules.
        let Game {
            ends,
            take,
            delete,
            score: _,
            circle: _,
            memory: _,
        } = self;
        let (sides, side_count) = match ends {
            Ends::Both => ([Side::Left, Side::Right], 2),
            Ends::Left => ([Side::Left, Side::Left], 1),
            Ends::Right => ([Side::Right, Side::Right], 1),
        };
        Moves {
            counts: [take, delete],
            sides,
            side_count,
            remaining,
            kind: 0,
            side: 0,
            next: 1,
        }
    }

    /// How many moves [`Game::moves`] lists with `remaining` values left,
    /// counted without listing them (a count set may hold 10^8 counts).
    pub fn move_count(self, remaining: usize) -> usize {
        let Game {
            ends,
            take,
            delete,
            score: _,
            circle: _,
            memory: _,
        } = self;
        let sides = if ends == Ends::Both { 2 } else { 1 };
        sides * (take.count_upto(remaining) + delete.count_upto(remaining))
    }

    /// Why `mv` is not legal with `remaining` values left and bound `m`
    /// (`take=a..Km`: the largest take so far, 1 at the start; ignored by
    /// every other game), if it is not: [`Game::illegal_reason`], then,
    /// for a take the rules allow but the bound does not ([`Game::capped`]),
    /// the bound named.
    pub fn illegal_at(self, mv: Move, remaining: usize, m: usize) -> Option<IllegalReason> {
        let reason = self.illegal_reason(mv, remaining);
        let Memory::Bound(factor) = self.memory else {
            return reason;
        };
        if reason.is_some() || self.capped(m).take.contains(mv.count) {
            return reason;
        }
        Some(IllegalReason::OverBound {
            count: mv.count,
            factor,
            m,
        })
    }

    /// Why `mv` is not legal with `remaining` values left, if it is not.
    pub fn illegal_reason(&self, mv: Move, remaining: usize) -> Option<IllegalReason> {
        // The ends are asked through `is_symmetric` and `allowed_side`.
        let Game {
            ends: _,
            take,
            delete,
            score: _,
            circle: _,
            memory: _,
        } = *self;
        let counts = match mv.kind {
            Kind::Take => take,
            Kind::Delete => delete,
        };
        let (kind, count) = (mv.kind, mv.count);
        if count == 0 {
            Some(IllegalReason::Empty(kind))
        } else if !counts.contains(count) {
            Some(IllegalReason::NotAllowed {
                kind,
                count,
                game: *self,
            })
        } else if count > remaining {
            Some(IllegalReason::TooMany { count, remaining })
        } else if !self.is_symmetric() && mv.side != self.allowed_side() {
            Some(IllegalReason::WrongEnd {
                game: *self,
                side: self.allowed_side(),
            })
        } else {
            None
        }
    }

    fn allowed_side(&self) -> Side {
        match self.ends {
            Ends::Right => Side::Right,
            Ends::Both | Ends::Left => Side::Left,
        }
    }
}

/// [`Game::moves`] of every position with up to `n` values, listed once
/// where the list stays small: a search that visits the same lengths again
/// and again then reads a slice instead of running the iterator each time.
#[derive(Clone, Debug)]
pub struct MoveTable {
    game: Game,
    /// The moves of `remaining` values are `moves[starts[remaining]..starts[remaining + 1]]`;
    /// empty when they are generated on demand.
    moves: Vec<Move>,
    starts: Vec<usize>,
}

/// The longest board whose moves are listed even when a count is unbounded
/// (n^2 moves: 1 MB at this length).
const LISTED_UNBOUNDED: usize = 256;

impl MoveTable {
    /// The moves of `game` for 0 to `n` values left: listed when the game's
    /// counts are bounded or `n` is small, generated on demand otherwise
    /// (with an unbounded count the list grows as n^2).
    pub fn new(game: Game, n: usize) -> MoveTable {
        let mut table = MoveTable {
            game,
            moves: Vec::new(),
            starts: Vec::new(),
        };
        let bounded = !game.take.is_unbounded() && !game.delete.is_unbounded();
        if bounded || n <= LISTED_UNBOUNDED {
            table.starts.reserve(n + 2);
            table.starts.push(0);
            for remaining in 0..=n {
                table.moves.extend(game.moves(remaining));
                table.starts.push(table.moves.len());
            }
        }
        table
    }

    /// The moves with `remaining` values left (at most the `n` it was built
    /// for), in [`Game::moves`]' order.
    #[inline]
    pub fn get(&self, remaining: usize) -> MovesOf<'_> {
        match self.starts.get(remaining..remaining + 2) {
            Some(&[from, to]) => MovesOf::Listed(self.moves[from..to].iter()),
            _ => MovesOf::Generated(self.game.moves(remaining)),
        }
    }
}

/// The moves of one position from a [`MoveTable`].
#[derive(Clone, Debug)]
pub enum MovesOf<'a> {
    /// Read from the table's list.
    Listed(std::slice::Iter<'a, Move>),
    /// Generated by [`Game::moves`].
    Generated(Moves),
}

impl Iterator for MovesOf<'_> {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        match self {
            MovesOf::Listed(moves) => moves.next().copied(),
            MovesOf::Generated(moves) => moves.next(),
        }
    }
}

/// The legal moves of a position in canonical order; see [`Game::moves`].
#[derive(Clone, Debug)]
pub struct Moves {
    counts: [Counts; 2],
    sides: [Side; 2],
    side_count: usize,
    remaining: usize,
    kind: usize,
    side: usize,
    next: usize,
}

impl Iterator for Moves {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        while self.kind < 2 {
            if let Some(count) = self.counts[self.kind].next_in(self.next, self.remaining) {
                self.next = count + 1;
                let kind = if self.kind == 0 {
                    Kind::Take
                } else {
                    Kind::Delete
                };
                return Some(Move {
                    kind,
                    side: self.sides[self.side],
                    count,
                });
            }
            self.next = 1;
            self.side += 1;
            if self.side == self.side_count {
                self.side = 0;
                self.kind += 1;
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_table_gives_the_moves_of_the_rules() {
        let games = [
            "coins",
            "gameofsum",
            "take=2,5 delete=1.. circle",
            "ends=right take=1..3",
            "take=2,60..70,300 delete=65..",
        ];
        for text in games {
            let game: Game = text.parse().unwrap();
            // Short boards are listed whatever the counts; a long board of
            // an unbounded game is generated on demand.
            for n in [0, 7, LISTED_UNBOUNDED + 1] {
                let table = MoveTable::new(game, n);
                let listed = !game.take.is_unbounded() && !game.delete.is_unbounded()
                    || n <= LISTED_UNBOUNDED;
                assert_eq!(table.starts.is_empty(), !listed, "{text} n={n}");
                for remaining in 0..=n {
                    let expected: Vec<Move> = game.moves(remaining).collect();
                    assert_eq!(game.move_count(remaining), expected.len(), "{text}");
                    assert_eq!(table.get(remaining).collect::<Vec<_>>(), expected, "{text}");
                    // What is listed is read, not generated again.
                    let read = matches!(table.get(remaining), MovesOf::Listed(_));
                    assert_eq!(read, listed, "{text} n={n} remaining={remaining}");
                }
            }
        }
    }

    #[test]
    fn moves_come_in_canonical_order() {
        let names = |rules: &str, n| {
            let rules: Game = rules.parse().unwrap();
            rules
                .moves(n)
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(names("coins", 3), "L R");
        assert_eq!(names("numbergame", 2), "L R DL2 DR2");
        assert_eq!(names("numbergame", 1), "L R");
        assert_eq!(names("gameofsum", 3), "L L2 L3 R R2 R3");
        assert_eq!(names("stonegame3", 5), "L L2 L3");
        assert_eq!(names("ends=right take=2", 1), "");
        assert_eq!(names("coins", 0), "");
    }

    #[test]
    fn moves_print_and_parse_back() {
        for text in ["L", "R", "L3", "R12", "DL1", "DR2"] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
        }
        // Counts are digits only: no sign, space or suffix.
        for bad in [
            "", "D", "DL", "L0", "X", "l", "DL-1", "L+2", "DR+1", "R 2", "L2x",
        ] {
            assert!(bad.parse::<Move>().is_err(), "{bad}");
        }
    }

    #[test]
    fn an_illegal_move_says_why() {
        let r = |t: &str| t.parse::<Game>().unwrap();
        let illegal = r("stonegame3").illegal_reason(Move::take(Side::Right, 1), 4);
        let side = Side::Left;
        let game = r("stonegame3");
        assert_eq!(illegal, Some(IllegalReason::WrongEnd { game, side }));
        assert_eq!(
            illegal.unwrap().to_string(),
            "stonegame3 allows moves at the left end only"
        );
        let (kind, game) = (Kind::Take, Game::COINS);
        assert_eq!(
            game.illegal_reason(Move::take(Side::Left, 2), 4),
            Some(IllegalReason::NotAllowed {
                kind,
                count: 2,
                game
            })
        );
        assert_eq!(
            game.illegal_reason(Move::take(Side::Left, 1), 0),
            Some(IllegalReason::TooMany {
                count: 1,
                remaining: 0
            })
        );
        assert!(r("numbergame")
            .illegal_reason(Move::delete(Side::Right, 2), 2)
            .is_none());
    }
}

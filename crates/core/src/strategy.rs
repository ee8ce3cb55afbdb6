//! Heuristics, and how well they do against an opponent who knows them.
//!
//! A heuristic is evaluated as "first player follows it, second player
//! best-responds": the opponent knows the heuristic and minimizes the
//! difference it achieves. That is one dynamic program over intervals with
//! two tables (heuristic to move, opponent to move): O(n^2) states, O(n^2)
//! time for coins and numbergame and O(n^3) for gameofsum.

use crate::board::Board;
use crate::error::{Error, ErrorKind, Result};
use crate::play::{replay, Game, Line, Move, MoveTable, Row, Side, Totals};
use crate::rules::IllegalReason;
use crate::solve::{memo::moves_examined, tri_index, tri_size, Cost};

pub mod coins_greedy;
pub mod player;
pub mod table;
pub use player::{
    price_game, Adversary, Choice, GameReport, HeuristicPlayer, Position, Seat, Strategy,
};
pub use table::{State, ValueTable};

/// Why a heuristic does not apply, or misplays. Its own enum, not kinds of
/// the game crate: only heuristics give these.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StrategyError {
    /// Rules whose moves depend on more than the interval (`take=a..Km`).
    #[error("the heuristics play rules whose moves depend on the interval alone, not take=a..Km")]
    NeedsIntervalMoves,
    /// Parity on anything but coins with an even number of values.
    #[error("the parity strategy applies to coins with an even number of values")]
    ParityNeedsEvenCoins,
    /// A circle on which no first move exists.
    #[error("a circle without a first move has no start")]
    NoCircleStart,
    /// An illegal move of the policy, met while evaluating it.
    #[error("heuristic {heuristic} plays {mv} with values {first}..{last} left: {reason}")]
    IllegalInTable {
        /// The heuristic's name.
        heuristic: String,
        /// Its move.
        mv: Move,
        /// The first value left, 1-based.
        first: usize,
        /// The last value left, 1-based.
        last: usize,
        /// Why the move is illegal.
        reason: IllegalReason,
    },
    /// An illegal move of the policy, met while playing its line.
    #[error("heuristic {heuristic} plays {mv} with {left} values left: {reason}")]
    IllegalInLine {
        /// The heuristic's name.
        heuristic: String,
        /// Its move.
        mv: Move,
        /// The values left.
        left: usize,
        /// Why the move is illegal.
        reason: IllegalReason,
    },
}

impl StrategyError {
    /// Whether this is a heuristic declining a game or board, not a fault.
    pub fn is_refusal(&self) -> bool {
        matches!(
            self,
            StrategyError::NeedsIntervalMoves | StrategyError::ParityNeedsEvenCoins
        )
    }
}

crate::error::layer_errors!(StrategyError);

/// Whether `error` is a heuristic declining a game or board (a refusal, or
/// a board longer than it takes), not a fault: the check and `coinline
/// solve` pass over such a heuristic.
pub fn is_refusal(error: &Error) -> bool {
    error
        .layer::<StrategyError>()
        .is_some_and(StrategyError::is_refusal)
        || matches!(error.kind(), ErrorKind::TooLarge { .. })
}

/// A move rule for the first player: given the interval `[left, right)` still
/// on the board, which move to play.
pub type Policy<'a> = Box<dyn Fn(usize, usize) -> Move + Send + Sync + 'a>;

/// A heuristic strategy for the first player.
pub trait Heuristic: Send + Sync {
    /// The name used on the command line and in reports.
    fn name(&self) -> &str;

    /// The move rule on `board`, or an error saying why the heuristic does
    /// not apply to this game or board.
    fn policy<'a>(&self, game: Game, board: &'a Board) -> Result<Policy<'a>>;

    /// A documented lower bound on the difference the heuristic achieves
    /// against any opponent on `board`, if it has one. [`crate::check`]
    /// verifies it.
    fn guaranteed(&self, game: Game, board: &Board) -> Option<i64> {
        let _ = (game, board);
        None
    }

    /// The first move on a circle (where it may start anywhere): its start
    /// and the move from there. Called only when a first move exists.
    /// Defaults to the greedy rule, the best
    /// immediate score, the first such (start, move) in canonical order.
    fn first_on_circle(&self, game: Game, board: &Board) -> Result<(usize, Move)> {
        let row = Row::new(game, board.values());
        best_immediate(&row, board.len(), row.first_moves())
            .ok_or_else(|| StrategyError::NoCircleStart.into())
    }

    /// What [`evaluate`] costs on a board of `n` values: the best-response
    /// table, whatever the policy (which is called once per interval).
    fn cost(&self, game: Game, n: usize) -> Cost {
        evaluation_cost(game, n)
    }
}

/// The cost of [`evaluate`]: two tables over every interval, the
/// opponent's examining every move.
pub fn evaluation_cost(game: Game, n: usize) -> Cost {
    Cost::of(moves_examined(game, n), 4.0)
}

/// The first of `choices` with the best immediate score: each is a start
/// and a move played on `[start, start + len)`.
fn best_immediate(
    row: &Row,
    len: usize,
    choices: impl Iterator<Item = (usize, Move)>,
) -> Option<(usize, Move)> {
    choices
        .fold(None, |best: Option<(i64, usize, Move)>, (s, mv)| {
            let (gain, _, _) = row.play(mv, s, s + len);
            match best {
                Some((b, _, _)) if b >= gain => best,
                _ => Some((gain, s, mv)),
            }
        })
        .map(|(_, s, mv)| (s, mv))
}

/// Play the move with the best immediate score (a delete scores 0); a tie
/// goes to the first in canonical order ([`Game::moves`]: takes before
/// deletes, left before right, fewer values before more). In coins: take
/// the larger end, the left one on a tie.
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

impl Heuristic for Greedy {
    fn name(&self) -> &str {
        "greedy"
    }

    fn policy<'a>(&self, game: Game, board: &'a Board) -> Result<Policy<'a>> {
        // A policy is a move per interval; under `take=a..Km` the moves of
        // an interval depend on the bound M as well.
        if let crate::rules::Memory::Bound(_) = game.memory {
            return Err(StrategyError::NeedsIntervalMoves.into());
        }
        let row = Row::new(game, board.values());
        // The policy is asked at every interval: list each length's moves once.
        let moves = MoveTable::new(game, board.len());
        Ok(Box::new(move |left, right| {
            let len = right - left;
            best_immediate(&row, len, moves.get(len).map(|mv| (left, mv)))
                .map_or(Move::take(Side::Left, 1), |(_, mv)| mv)
        }))
    }
}

/// Coins with even n: take every value of one parity class (odd or even
/// positions, counted from 1), the class with the larger sum; a tie goes to
/// the odd positions. With an even number of values left, the two ends are
/// always of different classes, so the first player can keep to one class:
/// the first player never loses.
#[derive(Clone, Copy, Debug, Default)]
pub struct Parity;

impl Heuristic for Parity {
    fn name(&self) -> &str {
        "parity"
    }

    fn policy<'a>(&self, game: Game, board: &'a Board) -> Result<Policy<'a>> {
        if !game.are_coins() || board.len() % 2 == 1 {
            return Err(StrategyError::ParityNeedsEvenCoins.into());
        }
        let (odd, even) = board.position_sums();
        // 0-based index parity of the class kept: odd positions are even indices.
        let keep = usize::from(even > odd);
        Ok(Box::new(move |left, _right| {
            let side = if left % 2 == keep {
                Side::Left
            } else {
                Side::Right
            };
            Move::take(side, 1)
        }))
    }

    fn guaranteed(&self, game: Game, board: &Board) -> Option<i64> {
        (game.are_coins() && board.len() % 2 == 0).then_some(0)
    }
}

/// The built-in heuristics.
pub fn heuristics() -> &'static [&'static dyn Heuristic] {
    &[&Greedy, &Parity]
}

/// The names of the built-in heuristics.
pub fn heuristic_names() -> Vec<&'static str> {
    heuristics().iter().map(|h| h.name()).collect()
}

/// Looks up a built-in heuristic by name.
pub fn heuristic_by_name(name: &str) -> Result<&'static dyn Heuristic> {
    heuristics()
        .iter()
        .copied()
        .find(|h| h.name().eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| Error::unknown("heuristic", name, &heuristic_names()))
}

/// What a heuristic achieves against a best-responding opponent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Performance {
    /// First (heuristic) player's total minus the opponent's.
    pub difference: i64,
    /// The totals along `line`.
    pub totals: Totals,
    /// The line played: the heuristic's moves and the opponent's first best
    /// replies in canonical order.
    pub line: Line,
}

/// The longest board [`evaluate`] accepts: its two tables take 8 bytes per
/// interval each (200 MB at this size).
pub const LIMIT: usize = 5_000;

/// Plays `heuristic` as the first player against a best-responding opponent.
pub fn evaluate(heuristic: &dyn Heuristic, game: Game, board: &Board) -> Result<Performance> {
    let n = board.len();
    // A circle's tables cover the board written twice: four times the cells.
    let limit = if game.circle { LIMIT / 2 } else { LIMIT };
    if n > limit {
        return Err(Error::new(ErrorKind::TooLarge {
            solver: heuristic.name().to_string(),
            n,
            limit,
        }));
    }
    game.admit(board)?;
    let policy = heuristic.policy(game, board)?;
    let row = Row::new(game, board.values());
    let (span, longest) = if game.circle && n > 0 {
        (2 * n, n - 1)
    } else {
        (n, n)
    };
    // mine[i]: heuristic to move; theirs[i]: opponent to move; both hold the
    // heuristic's total minus the opponent's on the rest of the game.
    let moves = MoveTable::new(game, longest);
    let mut mine = vec![0i64; tri_size(span)];
    let mut theirs = vec![0i64; tri_size(span)];
    let get = |table: &[i64], l: usize, r: usize| {
        if l == r {
            0
        } else {
            table[tri_index(span, r - l, l)]
        }
    };
    for len in 1..=longest {
        if game.moves(len).next().is_none() {
            continue; // the game is over: both tables hold 0
        }
        for l in 0..=span - len {
            let r = l + len;
            let mv = policy(l, r);
            if let Some(reason) = game.illegal_reason(mv, len) {
                return Err(StrategyError::IllegalInTable {
                    heuristic: heuristic.name().to_string(),
                    mv,
                    first: l + 1,
                    last: r,
                    reason,
                }
                .into());
            }
            let (gain, l2, r2) = row.play(mv, l, r);
            let at = tri_index(span, len, l);
            mine[at] = gain + get(&theirs, l2, r2);
            theirs[at] = moves
                .get(len)
                .map(|mv| {
                    let (gain, l2, r2) = row.play(mv, l, r);
                    get(&mine, l2, r2) - gain
                })
                .min()
                .unwrap_or(0);
        }
    }
    let mut line = Line::default();
    let (mut left, mut right) = (0, n);
    let mut difference = get(&mine, 0, n);
    if game.circle && row.first_moves().next().is_some() {
        let (start, mv) = heuristic.first_on_circle(game, board)?;
        line.start = Some(start);
        line.moves.push(mv);
        let gain;
        (gain, left, right) = row.play(mv, start, start + n);
        difference = gain + get(&theirs, left, right);
    }
    while game.moves(right - left).next().is_some() {
        let mv = if line.moves.len() % 2 == 0 {
            policy(left, right)
        } else {
            let target = get(&theirs, left, right);
            game.moves(right - left)
                .find(|&mv| {
                    let (gain, l2, r2) = row.play(mv, left, right);
                    get(&mine, l2, r2) - gain == target
                })
                .expect("the table holds a best reply")
        };
        line.moves.push(mv);
        (_, left, right) = row.play(mv, left, right);
    }
    let totals = replay(game, board, &line)?;
    Ok(Performance {
        difference,
        totals,
        line,
    })
}

/// Both players follow `heuristic` (Codeforces 381A: both take the larger
/// end): the line they play and its totals.
pub fn self_play(heuristic: &dyn Heuristic, game: Game, board: &Board) -> Result<(Line, Totals)> {
    game.admit(board)?;
    let policy = heuristic.policy(game, board)?;
    let row = Row::new(game, board.values());
    let mut line = Line::default();
    let (mut left, mut right) = (0, board.len());
    if game.circle && row.first_moves().next().is_some() {
        let (start, mv) = heuristic.first_on_circle(game, board)?;
        line.start = Some(start);
        line.moves.push(mv);
        (_, left, right) = row.play(mv, start, start + board.len());
    }
    while game.moves(right - left).next().is_some() {
        let mv = policy(left, right);
        if let Some(reason) = game.illegal_reason(mv, right - left) {
            return Err(StrategyError::IllegalInLine {
                heuristic: heuristic.name().to_string(),
                mv,
                left: right - left,
                reason,
            }
            .into());
        }
        line.moves.push(mv);
        (_, left, right) = row.play(mv, left, right);
    }
    let totals = replay(game, board, &line)?;
    Ok((line, totals))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(s: &str) -> Board {
        Board::parse(s).unwrap()
    }

    #[test]
    fn greedy_self_play_follows_the_larger_end() {
        // Codeforces 381A's examples: both players take the larger end.
        let (line, totals) = self_play(&Greedy, Game::COINS, &board("4 1 2 10")).unwrap();
        assert_eq!((totals.first, totals.second), (12, 5));
        assert_eq!(line.moves.len(), 4);
        let (_, totals) = self_play(&Greedy, Game::COINS, &board("1 2 3 4 5 6 7")).unwrap();
        assert_eq!((totals.first, totals.second), (16, 12));
        // On a circle the first move may start anywhere: greedy takes the 9.
        let (line, totals) = self_play(&Greedy, Game::PIZZA, &board("1 9 2")).unwrap();
        assert_eq!(line.start, Some(1));
        assert_eq!((totals.first, totals.second), (10, 2));
        assert!(self_play(&Parity, Game::COINS, &board("1 2 3")).is_err());
    }

    #[test]
    fn greedy_against_a_best_response() {
        // Greedy takes 8, the opponent 15, greedy 7, the opponent 3: 15 - 18.
        // Optimal play (7 first) gets 22 - 11.
        let p = evaluate(&Greedy, Game::COINS, &board("8 15 3 7")).unwrap();
        assert_eq!(p.line.to_string(), "L L R L");
        assert_eq!(
            p.totals,
            Totals {
                first: 15,
                second: 18
            }
        );
        assert_eq!(p.difference, -3);
    }

    #[test]
    fn parity_refuses_odd_boards_and_other_games() {
        assert!(evaluate(&Parity, Game::COINS, &board("1 2 3")).is_err());
        assert!(evaluate(&Parity, Game::NUMBERGAME, &board("1 2")).is_err());
        let p = evaluate(&Parity, Game::COINS, &board("1 100 2 3")).unwrap();
        // Even positions (100, 3) hold more: parity keeps them.
        assert_eq!(p.totals.first, 103);
    }
}

#[cfg(test)]
mod exact_tests;

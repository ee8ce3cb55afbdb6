//! `minimax`: exhaustive game-tree search, the ground truth.
//!
//! Every line of play is explored; nothing is memoized or pruned, so the
//! answer depends on nothing but the rules in [`crate::game`]. Time grows
//! exponentially: about 2^n nodes for coins, about 2.73^n for numbergame
//! (branching L, R, DL, DR) and 3^n for gameofsum. Memory is the recursion
//! depth, O(n), and nothing is allocated per node.

use super::Solver;
use crate::board::Board;
use crate::game::{Game, Line, Row};

/// Exhaustive minimax. See the module documentation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Minimax;

/// Boards longer than this are refused, per game: each limit is about one
/// second of work on one core of a 2-core machine.
pub fn refusal_limit(game: Game) -> usize {
    match game {
        Game::Coins => 27,
        Game::NumberGame => 19,
        Game::GameOfSum => 17,
    }
}

fn value(game: Game, row: &Row, left: usize, right: usize) -> i64 {
    if left == right {
        return 0;
    }
    let mut best = i64::MIN;
    for mv in game.moves(right - left) {
        let (gain, l, r) = row.play(mv, left, right);
        best = best.max(gain - value(game, row, l, r));
    }
    best
}

impl Solver for Minimax {
    fn name(&self) -> &str {
        "minimax"
    }

    fn limit(&self, game: Game) -> Option<usize> {
        Some(refusal_limit(game))
    }

    fn difference(&self, game: Game, board: &Board) -> i64 {
        value(game, &Row::new(board.values()), 0, board.len())
    }

    fn line(&self, game: Game, board: &Board) -> Option<(i64, Line)> {
        // Walk down, evaluating each child of the current position: the cost
        // is a geometric series dominated by the first step.
        let row = Row::new(board.values());
        let (mut left, mut right) = (0, board.len());
        let mut moves = Vec::new();
        let mut root = None;
        while left < right {
            let mut best = None;
            for mv in game.moves(right - left) {
                let (gain, l, r) = row.play(mv, left, right);
                let v = gain - value(game, &row, l, r);
                if best.is_none_or(|(b, _)| v > b) {
                    best = Some((v, mv));
                }
            }
            let (v, mv) = best.expect("a non-empty board has moves");
            root.get_or_insert(v);
            moves.push(mv);
            (_, left, right) = row.play(mv, left, right);
        }
        Some((root.unwrap_or(0), Line(moves)))
    }
}

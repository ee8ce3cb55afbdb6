//! `minimax`: exhaustive game-tree search, the ground truth.
//!
//! Every line of play is explored; nothing is memoized or pruned. Time grows
//! exponentially: about 2^n nodes for coins, about 2.73^n for numbergame
//! (branching L, R, DL, DR) and 3^n for gameofsum. Memory is the recursion
//! depth, O(n), and nothing is allocated per node.
//!
//! For speed each game has its own recursion on sub-slices of the board (no
//! move objects, no prefix sums, gameofsum's runs summed as they grow); a
//! position with one or two values left is evaluated in place, which is the
//! same enumeration of its one or two lines. The rules are written out here
//! a second time, so the lines built by [`Minimax::line`], which walk
//! [`Game::moves`] and [`Row::play`], are replayed by the check like every
//! other solver's, and a test compares this recursion with a plain
//! move-by-move search over [`Game::moves`].

use super::{Cost, Solver};
use crate::board::Board;
use crate::game::{Game, Line, Row};

/// Exhaustive minimax. See the module documentation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Minimax;

/// Boards longer than this are refused, per game. The limits were set at
/// about a second of work for the first, move-by-move version; the
/// specialised recursion takes well under that at each limit (see
/// reports/PERFORMANCE.md), and the limits are kept so that tools built on
/// them keep their meaning.
pub fn refusal_limit(game: Game) -> usize {
    match game {
        Game::Coins => 27,
        Game::NumberGame => 19,
        Game::GameOfSum => 17,
    }
}

/// Nodes of the full game tree of a board of length `n`, the root
/// included: the positions an exhaustive search visits.
pub fn tree_nodes(game: Game, n: usize) -> f64 {
    // nodes[k]: nodes of the tree below a position with k values left.
    let mut nodes: Vec<f64> = Vec::with_capacity(n + 1);
    for k in 0..=n {
        let children: f64 = game.moves(k).map(|mv| nodes[k - mv.width()]).sum();
        nodes.push(1.0 + children);
    }
    nodes[n]
}

/// The value of `v` by exhaustive search.
fn value(game: Game, v: &[i64]) -> i64 {
    match game {
        Game::Coins => coins(v),
        Game::NumberGame => numbergame(v),
        Game::GameOfSum => gameofsum(v),
    }
}

fn coins(v: &[i64]) -> i64 {
    match *v {
        [] => 0,
        [a] => a,
        [a, b] => (a - b).max(b - a),
        [first, .., last] => {
            let n = v.len();
            (first - coins(&v[1..])).max(last - coins(&v[..n - 1]))
        }
    }
}

fn numbergame(v: &[i64]) -> i64 {
    match *v {
        [] => 0,
        [a] => a,
        // L and R leave one value; DL and DR leave none.
        [a, b] => (a - b).max(b - a).max(0),
        [first, .., last] => {
            let n = v.len();
            let take = (first - numbergame(&v[1..])).max(last - numbergame(&v[..n - 1]));
            let delete = (-numbergame(&v[2..])).max(-numbergame(&v[..n - 2]));
            take.max(delete)
        }
    }
}

fn gameofsum(v: &[i64]) -> i64 {
    let n = v.len();
    let mut best = i64::MIN;
    let (mut from_left, mut from_right) = (0i64, 0i64);
    for k in 1..=n {
        // Runs of k values from either end; partial sums fit (overflow rule).
        from_left += v[k - 1];
        from_right += v[n - k];
        best = best
            .max(from_left - gameofsum(&v[k..]))
            .max(from_right - gameofsum(&v[..n - k]));
    }
    if n == 0 {
        0
    } else {
        best
    }
}

impl Solver for Minimax {
    fn name(&self) -> &str {
        "minimax"
    }

    fn limit(&self, game: Game) -> Option<usize> {
        Some(refusal_limit(game))
    }

    fn is_ground_truth(&self) -> bool {
        true
    }

    fn cost(&self, game: Game, n: usize) -> Option<Cost> {
        Some(Cost::of(tree_nodes(game, n), 0.5))
    }

    fn difference(&self, game: Game, board: &Board) -> i64 {
        value(game, board.values())
    }

    fn line(&self, game: Game, board: &Board) -> Option<(i64, Line)> {
        // Walk down, evaluating each child of the current position: the cost
        // is a geometric series dominated by the first step.
        let row = Row::new(game, board.values());
        let (mut left, mut right) = (0, board.len());
        let mut moves = Vec::new();
        let mut root = None;
        while left < right {
            let mut best = None;
            for mv in game.moves(right - left) {
                let (gain, l, r) = row.play(mv, left, right);
                let v = gain - value(game, &board.values()[l..r]);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{enumerated_board, enumeration_size, Span};

    /// The plain search over [`Game::moves`] and [`Row::play`], as the rules
    /// module states them.
    fn by_the_rules(game: Game, row: &Row, left: usize, right: usize) -> i64 {
        game.moves(right - left)
            .map(|mv| {
                let (gain, l, r) = row.play(mv, left, right);
                gain - by_the_rules(game, row, l, r)
            })
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn specialised_recursion_matches_the_rules_on_every_small_board() {
        let alphabet = Span { lo: -2, hi: 2 };
        for game in Game::ALL {
            for n in 0..=6 {
                for index in 0..enumeration_size(n, alphabet).unwrap() {
                    let board = enumerated_board(n, alphabet, index);
                    let row = Row::new(game, board.values());
                    assert_eq!(
                        value(game, board.values()),
                        by_the_rules(game, &row, 0, n),
                        "{game}: {board}"
                    );
                }
            }
        }
    }
}

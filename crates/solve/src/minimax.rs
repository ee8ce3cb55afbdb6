//! `minimax`: exhaustive game-tree search, the ground truth.
//!
//! Every line of play is explored; nothing is memoized or pruned. Time grows
//! exponentially: about 2^n nodes for coins and stonegame7, about 2.73^n for numbergame
//! (branching L, R, DL, DR) and 3^n for gameofsum. Memory is the recursion
//! depth, O(n), and nothing is allocated per node.
//!
//! Any game is searched move by move over [`Game::moves`] and [`Row::play`]
//! (a circle's first move from every start). For speed each kernel (coins,
//! numbergame, gameofsum, stonegame7) also has its own recursion on sub-slices of the
//! board (no move objects, no prefix sums, gameofsum's runs summed as they
//! grow); a
//! position with one or two values left is evaluated in place, which is the
//! same enumeration of its one or two lines. The rules are written out here
//! a second time, so the lines built by [`Minimax::line`], which walk
//! [`Game::moves`] and [`Row::play`], are replayed by the check like every
//! other solver's, and a test compares this recursion with a plain
//! move-by-move search over [`Game::moves`].

use super::{Cost, Solver};
use coinline_game::board::Board;
use coinline_game::play::{Game, Kernel, Line, Move, MoveTable, Row};
use coinline_game::rules::Memory;

/// Exhaustive minimax. See the module documentation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Minimax;

/// Boards longer than this are refused. The kernels' limits were set at
/// about a second of work for the first, move-by-move version; the
/// specialised recursion takes well under that at each limit (see
/// reports/PERFORMANCE.md), and the limits are kept so that tools built on
/// them keep their meaning. Any other game is searched move by move up to
/// the longest board whose tree has at most [`GENERIC_NODES`] nodes.
pub fn refusal_limit(game: Game) -> usize {
    match game.kernel() {
        Some(Kernel::Coins | Kernel::StoneGame7) => 27,
        Some(Kernel::NumberGame) => 19,
        Some(Kernel::GameOfSum) => 17,
        None => longest_within(game, GENERIC_NODES),
    }
}

/// The tree size the move-by-move search accepts: a few tenths of a second.
pub const GENERIC_NODES: f64 = 3e6;

/// The longest board (up to 64) whose game tree has at most `nodes` nodes.
pub fn longest_within(game: Game, nodes: f64) -> usize {
    // The check asks for every board, so each thread keeps the answers.
    thread_local! {
        static KNOWN: std::cell::RefCell<Vec<(Game, u64, usize)>> =
            const { std::cell::RefCell::new(Vec::new()) };
    }
    let key = nodes.to_bits();
    let known = KNOWN.with_borrow(|known| {
        known
            .iter()
            .find(|&&(g, k, _)| g == game && k == key)
            .map(|&(_, _, n)| n)
    });
    if let Some(n) = known {
        return n;
    }
    let n = count_longest_within(game, nodes);
    KNOWN.with_borrow_mut(|known| {
        // A few games per run; a run over many rule sets stays small.
        if known.len() >= 64 {
            known.clear();
        }
        known.push((game, key, n));
    });
    n
}

fn count_longest_within(game: Game, nodes: f64) -> usize {
    // Grow the line counts only as far as the first length over the budget:
    // with a small budget that is a few lengths, not 64 (the fuzz targets
    // ask once per new rule set).
    let mut line = Vec::with_capacity(65);
    for n in 0..=64 {
        push_line_nodes(game, &mut line);
        if nodes_from_line(game, &line, n) > nodes {
            return n.saturating_sub(1);
        }
    }
    64
}

/// Nodes of the full game tree of a board of length `n`, the root
/// included: the positions an exhaustive search visits.
pub fn tree_nodes(game: Game, n: usize) -> f64 {
    nodes_from_line(game, &line_nodes(game, n), n)
}

/// `line[k]`, for k up to `n`: nodes of the tree below a line position
/// with k values left.
fn line_nodes(game: Game, n: usize) -> Vec<f64> {
    let mut line: Vec<f64> = Vec::with_capacity(n + 1);
    for _ in 0..=n {
        push_line_nodes(game, &mut line);
    }
    line
}

/// Appends the next length's count to `line` (see [`line_nodes`]).
fn push_line_nodes(game: Game, line: &mut Vec<f64>) {
    let k = line.len();
    // A put-back take of c leaves k - c + 1 values (c >= 2).
    let back = usize::from(game.memory == Memory::PutBack);
    let children: f64 = game.moves(k).map(|mv| line[k - mv.count + back]).sum();
    line.push(1.0 + children);
}

/// The tree of a board of length `n` from the line counts of [`line_nodes`].
fn nodes_from_line(game: Game, line: &[f64], n: usize) -> f64 {
    if game.circle && n > 0 {
        // Every start of the first move, then a line.
        let first: f64 = game
            .first_on_circle()
            .moves(n)
            .map(|mv| line[n - mv.count])
            .sum();
        1.0 + n as f64 * first
    } else {
        line[n]
    }
}

/// The value of `v` by exhaustive search.
fn value(game: Game, v: &[i64]) -> i64 {
    // A position of `take=a..Km` is the interval and the bound M.
    if let Memory::Bound(_) = game.memory {
        return crate::history::search(game, v).0;
    }
    match game.kernel() {
        Some(Kernel::Coins) => coins(v),
        Some(Kernel::NumberGame) => numbergame(v),
        Some(Kernel::GameOfSum) => gameofsum(v),
        Some(Kernel::StoneGame7) => stonegame7(v, v.iter().sum()),
        None => {
            let row = Row::new(game, v);
            best_first_move(game, &row).map_or(0, |(value, _, _)| value)
        }
    }
}

/// The best first move by exhaustive search below it: its value, start
/// and move (the first optimal one in canonical order).
fn best_first_move(game: Game, row: &Row) -> Option<(i64, usize, Move)> {
    let n = row.values().len();
    let moves = MoveTable::new(game, n);
    row.first_moves().fold(None, |best, (s, mv)| {
        let (gain, l, r) = row.play(mv, s, s + n);
        let v = gain - search(&moves, row, l, r);
        match best {
            Some((b, _, _)) if b >= v => best,
            _ => Some((v, s, mv)),
        }
    })
}

/// The plain search over [`Game::moves`] and [`Row::play`], as the rules
/// state them: the move-by-move ground truth.
fn by_the_rules(game: Game, row: &Row, left: usize, right: usize) -> i64 {
    search(&MoveTable::new(game, right - left), row, left, right)
}

fn search(moves: &MoveTable, row: &Row, left: usize, right: usize) -> i64 {
    moves
        .get(right - left)
        .map(|mv| {
            let (gain, l, r) = row.play(mv, left, right);
            gain - search(moves, row, l, r)
        })
        .max()
        .unwrap_or(0)
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

/// Stonegame7 on `v`, whose sum is `sum`: a take scores what remains.
fn stonegame7(v: &[i64], sum: i64) -> i64 {
    match *v {
        [] | [_] => 0,
        [first, .., last] => {
            let n = v.len();
            // What remains is a sum of board values: it fits.
            let (after_left, after_right) = (sum - first, sum - last);
            (after_left - stonegame7(&v[1..], after_left))
                .max(after_right - stonegame7(&v[..n - 1], after_right))
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
        // The kernels' recursions take about 0.5 ns a node; the move-by-move
        // search about 20.
        let nanos = if game.kernel().is_some() { 0.5 } else { 20.0 };
        // A recursion as deep as the longest line: a frame per value.
        Some(Cost::of(tree_nodes(game, n), nanos).holding(128.0 * n as f64))
    }

    fn difference(&self, game: Game, board: &Board) -> i64 {
        value(game, board.values())
    }

    fn line(&self, game: Game, board: &Board) -> Option<(i64, Line)> {
        if let Memory::Bound(_) = game.memory {
            return Some(crate::history::search_line(game, board.values()));
        }
        // Walk down, evaluating each child of the current position: the cost
        // is a geometric series dominated by the first step.
        let row = Row::new(game, board.values());
        let Some((root, start, first)) = best_first_move(game, &row) else {
            return Some((0, Line::default()));
        };
        let n = board.len();
        let mut line = Line {
            start: (game.circle).then_some(start),
            ..Line::new([first])
        };
        let (_, mut left, mut right) = row.play(first, start, start + n);
        loop {
            let mut best = None;
            for mv in game.moves(right - left) {
                let (gain, l, r) = row.play(mv, left, right);
                let v = gain - child_value(game, &row, l, r);
                if best.is_none_or(|(b, _)| v > b) {
                    best = Some((v, mv));
                }
            }
            let Some((_, mv)) = best else { break };
            line.moves.push(mv);
            (_, left, right) = row.play(mv, left, right);
        }
        Some((root, line))
    }
}

/// The value of the line position `[l, r)`: the kernels' recursion on the
/// sub-slice, or the move-by-move search.
fn child_value(game: Game, row: &Row, l: usize, r: usize) -> i64 {
    if game.kernel().is_some() {
        value(game, &row.values()[l..r])
    } else {
        by_the_rules(game, row, l, r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use coinline_game::generate::{enumerated_board, enumeration_size, Span};

    #[test]
    fn longest_within_is_the_last_length_whose_tree_fits() {
        // coins: 2^(n+1) - 1 nodes; one end, one value a move: n + 1.
        let one_end: Game = "take=1 ends=left".parse().unwrap();
        let cases = [
            (Game::COINS, 0.5, 0),
            (Game::COINS, 1.0, 0),
            (Game::COINS, 3.0, 1),
            (Game::COINS, 4094.0, 10),
            (Game::COINS, 4095.0, 11),
            (one_end, 64.0, 63),
            (one_end, 65.0, 64),
            (one_end, 1e9, 64),
        ];
        for (game, nodes, longest) in cases {
            assert_eq!(count_longest_within(game, nodes), longest, "{game} {nodes}");
            assert_eq!(longest_within(game, nodes), longest, "{game} {nodes}");
        }
        // Against the tree sizes themselves, circles and unbounded counts too.
        for text in [
            "pizza",
            "stonegame3",
            "gameofsum",
            "take=2,3 delete=1 circle",
        ] {
            let game: Game = text.parse().unwrap();
            for nodes in [10.0, 5e3, 3e6] {
                let n = longest_within(game, nodes);
                // Every budget here admits the empty board (1 node) and more.
                assert!(n > 0, "{game} {nodes}");
                assert!(
                    (0..=n).all(|k| tree_nodes(game, k) <= nodes),
                    "{game} {nodes}"
                );
                assert!(n == 64 || tree_nodes(game, n + 1) > nodes, "{game} {nodes}");
            }
        }
    }

    #[test]
    fn specialised_recursion_matches_the_rules_on_every_small_board() {
        let alphabet = Span { lo: -2, hi: 2 };
        for game in Game::ALL.into_iter().filter(|g| g.kernel().is_some()) {
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

//! `pizza`: the pizza problem (coins on a circle) in O(n^2) time and O(n)
//! memory, with no length limit.
//!
//! The first player takes any slice; what is left is a row, played as coins.
//! One pass over interval lengths keeps `d[i]`, the mover's margin on the
//! `len` slices from i round the circle, for every start i at once, so the n
//! first moves share one table instead of n separate ones. The optimal line
//! is the canonical one: the best first slice (the first of the best, in
//! start order), then `table`'s canonical line of coins on the row it leaves.

use crate::{table::Table, Cost, Solver};
use coinline_game::board::Board;
use coinline_game::play::{Game, Line};
use coinline_game::rules::{Move, Side};

/// The pizza solver (registered for [`Game::PIZZA`] only).
pub struct Pizza;

/// The buffers of [`value_in`], which a caller solving many boards keeps
/// between them (the study engine does, one per thread).
#[derive(Default)]
pub struct Scratch {
    circle: Vec<i64>,
    margins: Vec<i64>,
    next: Vec<i64>,
}

/// The pizza's value (first minus second) on `values`, with fresh buffers.
pub fn value(values: &[i64]) -> i64 {
    value_in(values, &mut Scratch::default())
}

/// [`value`] with buffers kept in `s`. Totals fit in `i64` when the
/// values' absolute sum does (every [`Board`]'s does).
pub fn value_in(values: &[i64], s: &mut Scratch) -> i64 {
    best_first_slice(values, s).map_or(0, |(_, v)| v)
}

/// The first slice of an optimal line (the first of the best, by start) and
/// the value; `None` on an empty board.
fn best_first_slice(values: &[i64], s: &mut Scratch) -> Option<(usize, i64)> {
    let n = values.len();
    if n == 0 {
        return None;
    }
    // The circle written twice; margins[i] for i in 0..=n with margins[n] = margins[0].
    s.circle.clear();
    s.circle.extend(values.iter().chain(values));
    s.margins.clear();
    s.margins.resize(n + 1, 0);
    s.next.clear();
    s.next.resize(n + 1, 0);
    let (w, d, next) = (&s.circle, &mut s.margins, &mut s.next);
    for len in 1..n {
        // Zipped slices: no bounds checks in the loop.
        let lefts = w[..n].iter().zip(&d[1..]);
        let rights = w[len - 1..len - 1 + n].iter().zip(&d[..n]);
        for ((cell, (wl, dl)), (wr, dr)) in next[..n].iter_mut().zip(lefts).zip(rights) {
            *cell = (wl - dl).max(wr - dr);
        }
        next[n] = next[0];
        std::mem::swap(d, next);
    }
    // The first slice i leaves the n - 1 slices from i + 1.
    let mut best: Option<(usize, i64)> = None;
    for (i, v) in values.iter().enumerate() {
        let margin = v - d[i + 1];
        if best.is_none_or(|(_, b)| margin > b) {
            best = Some((i, margin));
        }
    }
    best
}

impl Solver for Pizza {
    fn name(&self) -> &str {
        "pizza"
    }

    fn supports(&self, game: Game) -> bool {
        game == Game::PIZZA
    }

    fn cost(&self, _game: Game, n: usize) -> Option<Cost> {
        // n - 1 passes of n cells each (vectorized: well under a
        // nanosecond a cell; `coinline bench` measures it).
        Some(Cost::of(n as f64 * n as f64, 0.5))
    }

    fn difference(&self, _game: Game, board: &Board) -> i64 {
        value(board.values())
    }

    fn line(&self, _game: Game, board: &Board) -> Option<(i64, Line)> {
        let values = board.values();
        let Some((first, value)) = best_first_slice(values, &mut Scratch::default()) else {
            return Some((0, Line::default()));
        };
        let n = values.len();
        let rest: Vec<i64> = (1..n).map(|k| values[(first + k) % n]).collect();
        // A part of a board: its absolute sum fits as the board's does.
        let rest = Board::new(rest).expect("a part of a board is a board");
        let (_, after) = Table.line(Game::COINS, &rest)?;
        let mut moves = vec![Move::take(Side::Left, 1)];
        moves.extend(after.moves);
        Some((
            value,
            Line {
                start: Some(first),
                moves,
            },
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{generic::Generic, solve};
    use coinline_game::generate::SplitMix64;

    #[test]
    fn the_pizza_agrees_with_the_generic_table_and_its_line_replays() {
        let mut rng = SplitMix64::new(11);
        for index in 0..400 {
            let n = (index % 14) as usize;
            let values: Vec<i64> = (0..n).map(|_| rng.between(-6, 9)).collect();
            let board = Board::new(values.clone()).unwrap();
            let want = Generic.difference(Game::PIZZA, &board);
            assert_eq!(value(&values), want, "{values:?}");
            let solved = solve(&Pizza, Game::PIZZA, &board, true).unwrap();
            assert_eq!(solved.difference, want, "{values:?}");
            // The line replays (solve replays it) to totals worth the value.
            let totals = solved.totals.expect("totals");
            assert_eq!(totals.first - totals.second, want, "{values:?}");
            assert_eq!(solved.line.expect("a line").moves.len(), n, "{values:?}");
        }
    }

    #[test]
    fn the_first_slice_is_the_first_of_the_best() {
        // Every slice is worth the same on a board of equal values.
        let board = Board::new(vec![4, 4, 4]).unwrap();
        let (v, line) = Pizza.line(Game::PIZZA, &board).unwrap();
        assert_eq!((v, line.start), (4, Some(0)));
        // Taking the 9 first wins 9 - 2 + 1.
        let board = Board::new(vec![1, 9, 2]).unwrap();
        let (v, line) = Pizza.line(Game::PIZZA, &board).unwrap();
        assert_eq!((v, line.start), (8, Some(1)));
        assert!(!Pizza.supports(Game::COINS));
    }
}

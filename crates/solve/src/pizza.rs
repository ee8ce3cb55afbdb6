//! `pizza`: the pizza problem (coins on a circle) in O(n^2) time and O(n)
//! memory, with no length limit.
//!
//! The first player takes any slice; what is left is a row, played as coins.
//! The value is the best, over the first slice i, of v_i minus the coins
//! value of the n - 1 slices from i + 1 round the circle. [`Pizza`] gets all
//! n of them from the table's vectorized coins fill run round the circle
//! and stopped at length n - 1 ([`circle_windows`]): about n^2 cells, in
//! cache tiles and 32-bit lanes where the board allows. [`value_in`] is the
//! plain scalar form of the same recurrence (one margin per start, no
//! tiles): the study engine's solver for its short boards, and the
//! reference the tests hold the fill to.
//!
//! The line is the first of the best first slices (in start order), then
//! `linear`'s line of coins on the row it leaves: O(n) time and memory at
//! every length. Like `linear`'s, it is optimal at every move but may break
//! ties otherwise than the canonical line of [`Solver::line`].

use crate::table::{circle_windows, Isa};
use crate::{linear, Cost, Solver};
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
/// the value, by the table's fill for `isa` (`None` also when `isa` is not
/// available); `None` on an empty board.
pub fn first_slice_with(values: &[i64], isa: Isa) -> Option<(usize, i64)> {
    // Entry l: the coins value of the n - 1 slices from l.
    let rest = circle_windows(values, isa)?;
    first_of_best(values, |i| rest[(i + 1) % values.len()])
}

/// The first slice i with the largest v_i - rest(i), and that margin.
fn first_of_best(values: &[i64], rest: impl Fn(usize) -> i64) -> Option<(usize, i64)> {
    let mut best: Option<(usize, i64)> = None;
    for (i, v) in values.iter().enumerate() {
        let margin = v - rest(i);
        if best.is_none_or(|(_, b)| margin > b) {
            best = Some((i, margin));
        }
    }
    best
}

/// [`first_slice_with`] by the scalar fill of [`value_in`].
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
    first_of_best(values, |i| d[i + 1])
}

/// The value and first slice by the widest fill this processor has.
fn first_slice(values: &[i64]) -> Option<(usize, i64)> {
    first_slice_with(values, Isa::widest())
}

impl Solver for Pizza {
    fn name(&self) -> &str {
        "pizza"
    }

    fn supports(&self, game: Game) -> bool {
        game == Game::PIZZA
    }

    fn cost(&self, _game: Game, n: usize) -> Option<Cost> {
        // n cells for each length up to n - 1 (and DEPTH / 2 more), at the
        // table's coins price (the portable fill's).
        Some(Cost::of(n as f64 * n as f64, 0.6).holding(32.0 * n as f64))
    }

    fn difference(&self, _game: Game, board: &Board) -> i64 {
        first_slice(board.values()).map_or(0, |(_, v)| v)
    }

    fn line(&self, _game: Game, board: &Board) -> Option<(i64, Line)> {
        let values = board.values();
        let Some((first, value)) = first_slice(values) else {
            return Some((0, Line::default()));
        };
        let n = values.len();
        let rest: Vec<i64> = (1..n).map(|k| values[(first + k) % n]).collect();
        let mut line = Line {
            start: Some(first),
            ..Line::new([Move::take(Side::Left, 1)])
        };
        line.moves
            .extend(linear::value_and_line(&rest).1.moves.iter());
        Some((value, line))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{generic::Generic, solve};
    use coinline_game::generate::{enumerated_board_in, random_board, Span, SplitMix64, Values};

    /// The first slice and value on a board, by some fill.
    type Slice = Option<(usize, i64)>;

    /// The first board of `boards` on which `fast` (for every available
    /// instruction set) and the scalar fill give another first slice or value.
    fn disagreement(
        boards: impl Iterator<Item = Vec<i64>>,
        fast: fn(&[i64], Isa) -> Slice,
    ) -> Option<Vec<i64>> {
        let isas: Vec<Isa> = Isa::ALL.into_iter().filter(|i| i.available()).collect();
        let scalar = |v: &[i64]| best_first_slice(v, &mut Scratch::default());
        boards.into_iter().find(|values| {
            let want = scalar(values);
            isas.iter().any(|&isa| fast(values, isa) != want)
        })
    }

    /// Every pizza of up to 10 values over 0..3, and random ones up to 200
    /// values (small, spiky, extreme: both lanes) and some long enough to
    /// cross the fill's tiles and blocks: the fill's first slice and value
    /// are the scalar one's. A fill reading the window one slice early is
    /// caught.
    #[test]
    fn the_circle_fill_agrees_with_the_scalar_one() {
        let (lengths, alphabet) = (Span { lo: 0, hi: 10 }, Span { lo: 0, hi: 3 });
        let every = (0..).map_while(|i| enumerated_board_in(lengths, alphabet, i));
        let every = || every.clone().map(|b| b.values().to_vec());
        assert_eq!(every().count(), (0..=10).map(|n| 4usize.pow(n)).sum());
        assert_eq!(disagreement(every(), first_slice_with), None);
        let early = |values: &[i64], isa| {
            let rest = circle_windows(values, isa)?;
            first_of_best(values, |i| rest[i])
        };
        assert_eq!(disagreement(every(), early), Some(vec![0, 1]));
        let kinds = [Values::Small, Values::Spiky, Values::Extreme];
        let random = (0..3_000u64).map(|i| {
            let hi = if i % 100 == 0 { 1_400 } else { 200 };
            let lengths = Span { lo: 0, hi };
            random_board(44, i, lengths, kinds[i as usize % 3])
                .values()
                .to_vec()
        });
        assert_eq!(disagreement(random, first_slice_with), None);
    }

    #[test]
    fn the_pizza_agrees_with_the_generic_table_and_its_line_replays() {
        let mut rng = SplitMix64::new(11);
        for index in 0..400 {
            let n = (index % 14) as usize;
            let values: Vec<i64> = (0..n).map(|_| rng.between(-6, 9)).collect();
            let board = Board::new(values.clone()).unwrap();
            let want = Generic.difference(Game::PIZZA, &board);
            assert_eq!(value(&values), want, "{values:?}");
            assert_eq!(Pizza.difference(Game::PIZZA, &board), want, "{values:?}");
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

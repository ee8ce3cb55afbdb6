//! `table`: bottom-up dynamic programming, filled by increasing interval
//! length (the diagonal order of the classic coins table).
//!
//! Each game has its own recurrence over the difference D(l, r) of the
//! interval `[l, r)` (mover minus other player):
//! - coins: D = max(v_l - D(l+1, r), v_{r-1} - D(l, r-1));
//! - numbergame: the same two options plus -D(l+2, r) and -D(l, r-2);
//! - stonegame7 (take one, score what remains): with S = sum(l, r),
//!   D = max(S - v_l - D(l+1, r), S - v_{r-1} - D(l, r-1)), S from prefix
//!   sums;
//! - gameofsum, on the mover's best total T (D = 2T - sum):
//!   T(l, r) = sum(l, r) - min(0, min over l' T(l', r), min over r' T(l, r')),
//!   where the inner minima are running minima along the row and column, so
//!   the whole table costs O(n^2), not O(n^3).
//!
//! The value needs only the last one or two diagonals: O(n^2) time, O(n)
//! memory. A line is built only on request. For coins, numbergame and
//! stonegame7 the fill keeps one diagonal (two for numbergame) at the end of
//! every block of 256 lengths, n^2 / 256 values in all, and the walk
//! recomputes from the checkpoint below it the cells its next 256 moves can
//! reach, reading each move off its cell's options (walk.rs): O(n * 256)
//! more cells. gameofsum records three choice bits per interval while
//! filling (left or right; whether the left run or the right run stops at
//! one value): O(n^2) bits.
//!
//! # Speed
//! The value fills of coins, numbergame and stonegame7 ([`value_with`])
//! compute a diagonal from the previous ones into a separate buffer (two
//! buffers for coins and stonegame7, three for numbergame: O(n) memory), as
//! a branch-free loop over zipped slices that the compiler turns into
//! vector code with 64-bit lanes (compare and blend, or `vpmaxsq`). The
//! cells are visited in cache tiles (4 KB of columns by 256 diagonals) so that
//! the working set stays in L1 for any n. The same code is compiled three
//! times: for the portable baseline, for AVX2 and for AVX-512;
//! [`Isa::widest`] picks the widest one the processor has at run time.
//! gameofsum keeps its scalar O(n^2) fill with running minima.
//!
//! Every fill is also compiled for 32-bit lanes, twice the cells per vector
//! instruction, and runs in them when the board's bound proves that every
//! number of the fill fits ([`Lanes::for_board`], decided once per solve:
//! values 0..1000 at n = 10,000 give coins totals up to 10^7); otherwise
//! in 64 bits. Nothing wraps: past the bound the fills stay wide.
//!
//! The recording fills ([`line_with`]) are the value fills of the same
//! instruction sets keeping their checkpoints, so a line costs the value
//! fill, a copy of one diagonal per block and the walk (about 1.1x the value
//! fill at n = 10,000). Until issue 29's last pass they recorded a choice
//! bit per cell from the comparisons of the maximum, 1.4x to 1.9x the value
//! fill on AVX2 with the page faults of n^2 / 8 bytes. [`Table::line`]
//! returns the recording fill's value and the line walked from its
//! checkpoints; the check cross-examines it with the value fills: a wrong
//! recording fill yields a line that does not replay to its value or a
//! value that the value fills on the reversed and the shifted board
//! contradict, a wrong value fill contradicts the recording fill there and
//! the other solvers. The scalar recording fills of the record module are
//! kept as the reference the tests hold the vectorized ones to, line by
//! line.

mod record;
mod value;
mod walk;
mod words;

use super::{Cost, Solver};
use coinline_game::board::Board;
use coinline_game::play::{Game, Kernel, Line};
pub use record::{provide_bits_memory, BitsMemory, BitsProvider};
use value::{circle_fill_for, fill_for, line_fill_for, portable_fill, portable_line, LineFill};

/// Columns per tile of the fills in 64-bit lanes (twice as many in 32-bit
/// lanes: the same bytes), and of gameofsum's choice bits: a tile's slices
/// of the board and of the diagonals (about 3 * (TILE + DEPTH) values)
/// stay in the L1 cache. (1024 columns in 64 bits took numbergame and
/// stonegame7 10 % and 30 % longer on AVX2; in 32 bits it saves 3 % to 7 %.)
const TILE: usize = 512;
/// Diagonals filled per tile before moving to the next tile.
const DEPTH: usize = 256;
// A tile's row of `Choices` is whole words of 64 cells, and a span
// (at most TILE cells) reads at most two lengths back (DEPTH >= 2).
const _: () = assert!(TILE % 64 == 0 && TILE >= DEPTH && DEPTH >= 2);

/// Bottom-up table. See the module documentation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Table;

/// The longest board for which a line is built (numbergame's checkpoints
/// then take 2 * n^2 / 256 values, 100 MB at this size; gameofsum's choice
/// bits 3 * n^2 / 2 bits, 300 MB).
pub const LINE_LIMIT: usize = 40_000;

/// Which recurrence the fills compute: the game's own ([`Exact`]) or a
/// deliberately wrong variant (see `mutants`, feature `planted`). A zero-sized type
/// parameter of every fill, so each variant is compiled on its own (for every
/// instruction set) and the exact fill pays nothing for the others.
pub trait Variant: Copy + Default + Send + Sync + 'static {
    /// A short name for reports.
    const NAME: &'static str;

    /// Whether numbergame's two delete moves are among the options of an
    /// interval of `len` values (`len >= 2`). The rules say always.
    #[inline(always)]
    fn deletes(len: usize) -> bool {
        len >= 2
    }
}

/// The game's own recurrence: what [`Table`] computes.
#[derive(Clone, Copy, Debug, Default)]
pub struct Exact;

impl Variant for Exact {
    const NAME: &'static str = "table";
}

/// The vector instruction sets the value-only fill is compiled for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Isa {
    /// The target's baseline (SSE2 on x86-64).
    Portable,
    /// AVX2: four 64-bit lanes.
    Avx2,
    /// AVX-512 F with BW and DQ (which every AVX-512 processor since
    /// Skylake-SP has): eight 64-bit lanes, a native 64-bit max, and
    /// comparisons into mask registers that the recording fills store as
    /// they are.
    Avx512,
}

impl Isa {
    /// Every variant, narrowest first.
    pub const ALL: [Isa; 3] = [Isa::Portable, Isa::Avx2, Isa::Avx512];

    /// A short name for reports.
    pub fn name(self) -> &'static str {
        match self {
            Isa::Portable => "portable",
            Isa::Avx2 => "avx2",
            Isa::Avx512 => "avx512",
        }
    }

    /// Whether the variant was compiled (AVX-512 needs Rust 1.89 or newer)
    /// and this processor can run it.
    pub fn available(self) -> bool {
        fill_for::<Exact, i64>(self).is_some()
    }

    /// The widest variant this processor runs (what [`Table`] uses).
    pub fn widest() -> Isa {
        Isa::ALL
            .into_iter()
            .rev()
            .find(|isa| isa.available())
            .unwrap_or(Isa::Portable)
    }
}

/// The width of the lanes a fill computes in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lanes {
    /// 64-bit lanes: every board.
    Wide,
    /// 32-bit lanes, twice the cells per vector instruction: only for a
    /// board on which every number of the fill provably fits
    /// ([`Lanes::for_board`]).
    Narrow,
}

impl Lanes {
    /// Both, widest first.
    pub const ALL: [Lanes; 2] = [Lanes::Wide, Lanes::Narrow];

    /// A short name for reports.
    pub fn name(self) -> &'static str {
        match self {
            Lanes::Wide => "i64",
            Lanes::Narrow => "i32",
        }
    }

    /// The narrowest lanes that hold every number `game`'s fill computes
    /// on `values`, decided once per solve from S, the sum of the absolute
    /// values. For coins and numbergame every difference of an interval,
    /// every option (a value minus a difference of the rest, or minus a
    /// difference) and every value is at most S in size; for stonegame7 a
    /// difference of an interval of `len` values is at most (len - 1) * S
    /// (each move scores at most S, the last nothing) and an option, a sum
    /// of values minus such a difference, at most n * S; its prefix sums are
    /// at most S. So 32 bits when that bound is at most `i32::MAX`;
    /// gameofsum's fill is scalar and always 64-bit.
    pub fn for_board(game: Kernel, values: &[i64]) -> Lanes {
        let sum: u128 = values.iter().map(|v| u128::from(v.unsigned_abs())).sum();
        let bound = match game {
            Kernel::Coins | Kernel::NumberGame => sum,
            Kernel::StoneGame7 => sum.saturating_mul(values.len() as u128),
            Kernel::GameOfSum => return Lanes::Wide,
        };
        if bound <= i32::MAX as u128 {
            Lanes::Narrow
        } else {
            Lanes::Wide
        }
    }

    /// Whether a fill in these lanes is exact on `values`.
    pub fn fit(self, game: Kernel, values: &[i64]) -> bool {
        self == Lanes::Wide || Lanes::for_board(game, values) == Lanes::Narrow
    }
}

/// The values in 32 bits, for a board [`Lanes::for_board`] allows it.
fn narrowed(values: &[i64]) -> Vec<i32> {
    values.iter().map(|&v| record::Lane::narrowed(v)).collect()
}

/// The value by the value-only fill compiled for `isa`, in the lanes
/// [`Lanes::for_board`] picks, or `None` when `isa` is not available.
/// gameofsum has one scalar fill, compiled for each `isa`.
pub fn value_with(game: Kernel, values: &[i64], isa: Isa) -> Option<i64> {
    variant_value_with::<Exact>(game, values, isa)
}

/// [`value_with`] in the given lanes: `None` also when they do not fit the
/// board ([`Lanes::fit`]).
pub fn value_with_lanes(game: Kernel, values: &[i64], isa: Isa, lanes: Lanes) -> Option<i64> {
    variant_value_in::<Exact>(game, values, isa, lanes)
}

/// [`value_with`] for the fills of variant `V`.
pub fn variant_value_with<V: Variant>(game: Kernel, values: &[i64], isa: Isa) -> Option<i64> {
    variant_value_in::<V>(game, values, isa, Lanes::for_board(game, values))
}

fn variant_value_in<V: Variant>(
    game: Kernel,
    values: &[i64],
    isa: Isa,
    lanes: Lanes,
) -> Option<i64> {
    if !lanes.fit(game, values) {
        return None;
    }
    match lanes {
        Lanes::Wide => fill_for::<V, i64>(isa).map(|fill| fill(game, values)),
        Lanes::Narrow => fill_for::<V, i32>(isa).map(|fill| fill(game, &narrowed(values)).into()),
    }
}

/// The value by variant `V`'s value-only fill for the widest instruction
/// set this processor has ([`Isa::widest`]) in the lanes
/// [`Lanes::for_board`] picks: what [`Table`] returns for [`Exact`].
pub fn variant_value<V: Variant>(game: Kernel, values: &[i64]) -> i64 {
    let isa = Isa::widest();
    match Lanes::for_board(game, values) {
        Lanes::Wide => fill_for::<V, i64>(isa).unwrap_or(portable_fill::<V, i64>)(game, values),
        Lanes::Narrow => {
            let fill = fill_for::<V, i32>(isa).unwrap_or(portable_fill::<V, i32>);
            fill(game, &narrowed(values)).into()
        }
    }
}

/// The coins value of the n - 1 values from every start round the circle
/// of `values` (entry l for the values from l), by the coins fill compiled
/// for `isa` run round the circle and stopped at that length: about n^2
/// cells. `None` when `isa` is not available. In the lanes
/// [`Lanes::for_board`] picks for coins: every cell is a part of the
/// circle, bounded by its absolute sum.
pub fn circle_windows(values: &[i64], isa: Isa) -> Option<Vec<i64>> {
    let n = values.len();
    let top = n.saturating_sub(1);
    let round = || values.iter().cycle().take(2 * n + DEPTH);
    let narrow = circle_fill_for::<i32>(isa);
    match (Lanes::for_board(Kernel::Coins, values), narrow) {
        (Lanes::Narrow, Some(fill)) => {
            let circle: Vec<i32> = round().map(|&v| record::Lane::narrowed(v)).collect();
            Some(fill(&circle, n, top).into_iter().map(i64::from).collect())
        }
        _ => {
            let circle: Vec<i64> = round().copied().collect();
            Some(circle_fill_for::<i64>(isa)?(&circle, n, top))
        }
    }
}

/// Whether [`variant_line`] builds a line for a board of `n` values: up to
/// [`LINE_LIMIT`] (see there for the memory it takes).
pub fn builds_line(n: usize) -> bool {
    n <= LINE_LIMIT
}

/// The recording fill's value, widened, and its line.
fn widened<T: record::Lane>(values: &[T], fill: LineFill<T>, game: Kernel) -> (i64, Line) {
    let (value, line) = fill(game, values);
    (value.widened(), line)
}

/// The recording fill of variant `V` for `isa` (the portable one when
/// `isa` is not available, if `fallback`) in `lanes`, its value and line.
fn record_in<V: Variant>(
    game: Kernel,
    values: &[i64],
    isa: Isa,
    lanes: Lanes,
    fallback: bool,
) -> Option<(i64, Line)> {
    match lanes {
        Lanes::Wide => line_fill_for::<V, i64>(isa)
            .or_else(|| fallback.then_some(portable_line::<V, i64>))
            .map(|fill| widened(values, fill, game)),
        Lanes::Narrow => line_fill_for::<V, i32>(isa)
            .or_else(|| fallback.then_some(portable_line::<V, i32>))
            .map(|fill| widened(&narrowed(values), fill, game)),
    }
}

/// The value and a line by the recording fill compiled for `isa`, in the
/// lanes [`Lanes::for_board`] picks (what `coinline bench --line` times);
/// `None` when `isa` is not available or above [`LINE_LIMIT`].
pub fn line_with(game: Kernel, values: &[i64], isa: Isa) -> Option<(i64, Line)> {
    line_with_lanes(game, values, isa, Lanes::for_board(game, values))
}

/// [`line_with`] in the given lanes: `None` also when they do not fit the
/// board ([`Lanes::fit`]).
pub fn line_with_lanes(
    game: Kernel,
    values: &[i64],
    isa: Isa,
    lanes: Lanes,
) -> Option<(i64, Line)> {
    if !builds_line(values.len()) || !lanes.fit(game, values) {
        return None;
    }
    record_in::<Exact>(game, values, isa, lanes, false)
}

/// The value and a line by variant `V`'s recording fill for the widest
/// instruction set, in the lanes [`Lanes::for_board`] picks: the value its
/// own diagonals give, the line walked from its choices. `None` above
/// [`LINE_LIMIT`].
///
/// The value fill is not run beside it (it was, on a second thread, until
/// issue 29): the check holds the line to this value by replaying it, and
/// its invariants hold this value to the value fill's on the reversed and
/// the shifted board ([`Table`]'s `difference`), which is separate code,
/// so a wrong recording fill and a wrong value fill are each still caught.
pub fn variant_line<V: Variant>(game: Kernel, values: &[i64]) -> Option<(i64, Line)> {
    if !builds_line(values.len()) {
        return None;
    }
    let lanes = Lanes::for_board(game, values);
    record_in::<V>(game, values, Isa::widest(), lanes, true)
}

impl Solver for Table {
    fn name(&self) -> &str {
        Exact::NAME
    }

    fn supports(&self, game: Game) -> bool {
        game.kernel().is_some()
    }

    fn cost(&self, game: Game, n: usize) -> Option<Cost> {
        // Portable fill per interval; the SIMD fills are 2-4x faster. Two
        // rows of values, and a line's choices: bits per interval, as
        // measured at n = 40,000 (docs/solvers.md).
        let (nanos, bits) = match game.kernel()? {
            Kernel::Coins => (0.6, 0.3),
            Kernel::StoneGame7 => (0.8, 0.5),
            Kernel::NumberGame => (1.8, 0.5),
            Kernel::GameOfSum => (2.0, 3.0),
        };
        let line = if builds_line(n) { bits / 8.0 } else { 0.0 };
        let bytes = super::intervals(n) * line + 16.0 * n as f64;
        Some(Cost::of(super::intervals(n), nanos).holding(bytes))
    }

    fn difference(&self, game: Game, board: &Board) -> i64 {
        let kernel = game.kernel().expect("called for supported games only");
        variant_value::<Exact>(kernel, board.values())
    }

    fn line(&self, game: Game, board: &Board) -> Option<(i64, Line)> {
        variant_line::<Exact>(game.kernel()?, board.values())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use coinline_game::generate::{random_board, Span, Values};

    const KERNELS: [Kernel; 4] = [
        Kernel::Coins,
        Kernel::NumberGame,
        Kernel::GameOfSum,
        Kernel::StoneGame7,
    ];

    /// Every compiled fill gives the portable fill's value, on boards long
    /// enough for full vector bodies, tails, tile and block edges.
    #[test]
    fn every_available_fill_matches_the_portable_one() {
        let lengths = [0, 1, 2, 3, 7, 8, 9, 17, 64, 255, 257, 513, 700];
        let mut narrow = 0;
        for (index, n) in lengths.into_iter().enumerate() {
            let values = [
                Values::Small,
                Values::Extreme,
                Values::Uniform(Span { lo: -50, hi: 50 }),
            ];
            let board = random_board(3, index as u64, Span { lo: n, hi: n }, values[index % 3]);
            for game in KERNELS {
                let values = board.values();
                let portable = value_with_lanes(game, values, Isa::Portable, Lanes::Wide);
                for isa in Isa::ALL.into_iter().filter(|i| i.available()) {
                    for lanes in Lanes::ALL {
                        let expected = portable.filter(|_| lanes.fit(game, values));
                        narrow += usize::from(lanes == Lanes::Narrow && expected.is_some());
                        assert_eq!(
                            value_with_lanes(game, values, isa, lanes),
                            expected,
                            "{game:?}, n = {n}, {} {}",
                            isa.name(),
                            lanes.name()
                        );
                    }
                    assert_eq!(value_with(game, values, isa), portable);
                }
            }
        }
        assert!(narrow > 50, "the narrow fills ran {narrow} times");
    }

    /// Every compiled recording fill gives the scalar recording fill's value
    /// and the very line walked from its choice bits (the first optimal
    /// move of every cell on the way), for the game's recurrence and the
    /// planted one, on boards with ties (small values) and without, whose
    /// lines start in every block of lengths and cross its checkpoints.
    #[test]
    fn every_recording_fill_walks_the_scalar_fills_line() {
        #[derive(Clone, Copy, Default)]
        struct OddDeletes;
        impl Variant for OddDeletes {
            const NAME: &'static str = "odd";
            fn deletes(len: usize) -> bool {
                len % 2 == 0
            }
        }
        /// Each recording fill in lanes `T` against the scalar one; whether
        /// the lanes fit the board (else nothing is compared).
        fn same<V: Variant, T: record::Lane>(game: Kernel, values: &[i64], what: &str) -> bool {
            let lanes = if T::narrowed(i64::MAX).widened() == i64::MAX {
                Lanes::Wide
            } else {
                Lanes::Narrow
            };
            if !lanes.fit(game, values) {
                return false;
            }
            let n = values.len();
            let kinds = match game {
                Kernel::Coins | Kernel::StoneGame7 => 1,
                Kernel::NumberGame => 2,
                Kernel::GameOfSum => 3,
            };
            let mut bits = record::Choices::new(n, kinds);
            let value = record::fill::<V>(game, values, &mut bits);
            let line = record::line_from_bits(game, n, &bits);
            let lane_values: Vec<T> = values.iter().map(|&v| T::narrowed(v)).collect();
            for isa in Isa::ALL.into_iter().filter(|i| i.available()) {
                let what = format!("{what} {} {}", isa.name(), lanes.name());
                let fill = line_fill_for::<V, T>(isa).unwrap();
                let (got, got_line) = fill(game, &lane_values);
                assert_eq!(got.widened(), value, "{what}");
                assert_eq!(got_line, line, "{what}");
            }
            true
        }
        let mut narrow = 0;
        let lengths = [
            0, 1, 2, 3, 7, 8, 9, 17, 64, 255, 256, 257, 258, 511, 512, 513, 700, 1025,
        ];
        for (index, n) in lengths.into_iter().enumerate() {
            for values in [
                Values::Small,
                Values::Uniform(Span { lo: -3, hi: 3 }),
                Values::Spiky,
            ] {
                let board = random_board(5, index as u64, Span { lo: n, hi: n }, values);
                for game in KERNELS {
                    let what = format!("{game:?}, n = {n}, {values:?}");
                    same::<Exact, i64>(game, board.values(), &what);
                    same::<OddDeletes, i64>(game, board.values(), &what);
                    narrow += usize::from(same::<Exact, i32>(game, board.values(), &what));
                    same::<OddDeletes, i32>(game, board.values(), &what);
                }
            }
        }
        assert!(narrow > 50, "the narrow fills ran on {narrow} boards");
    }

    /// The lanes are narrow exactly up to the bound of [`Lanes::for_board`],
    /// and on boards at that edge the narrow fills give the wide ones'
    /// values and lines; just past it a narrow fill would wrap, and the
    /// fills stay wide and exact.
    #[test]
    fn narrow_lanes_up_to_the_proved_bound_and_not_past_it() {
        use coinline_game::play::replay;
        let max = i64::from(i32::MAX);
        // (game, a board at the edge, the same board one past it); the
        // first three values past it do not fit in 32 bits.
        let cases = [
            (Kernel::Coins, vec![max - 1, -1], vec![max, -1]),
            (Kernel::Coins, vec![max], vec![max + 1]),
            (Kernel::NumberGame, vec![-1, max - 1], vec![-1, max]),
            (Kernel::NumberGame, vec![0, 1, max - 1], vec![0, 1, max]),
            // n * S: 2 * (max / 2) at the edge, 2 * (max / 2 + 1) past it.
            (Kernel::StoneGame7, vec![max / 2, 0], vec![max / 2 + 1, 0]),
            (
                Kernel::StoneGame7,
                vec![0, -(max / 2)],
                vec![0, -(max / 2 + 1)],
            ),
        ];
        for (index, (game, edge, past)) in cases.into_iter().enumerate() {
            let rules = Game::ALL[game as usize];
            let board = Board::new(past.clone()).unwrap();
            let past_value = crate::Generic.difference(rules, &board);
            assert!(index >= 3 || past_value > max, "{past:?}: {past_value}");
            assert_eq!(
                Lanes::for_board(game, &edge),
                Lanes::Narrow,
                "{game:?} {edge:?}"
            );
            assert_eq!(
                Lanes::for_board(game, &past),
                Lanes::Wide,
                "{game:?} {past:?}"
            );
            for isa in Isa::ALL.into_iter().filter(|i| i.available()) {
                let at_edge = value_with_lanes(game, &edge, isa, Lanes::Narrow);
                assert_eq!(at_edge, value_with_lanes(game, &edge, isa, Lanes::Wide));
                let (value, line) = line_with_lanes(game, &edge, isa, Lanes::Narrow).unwrap();
                assert_eq!(Some(value), at_edge);
                let edge_board = Board::new(edge.clone()).unwrap();
                assert_eq!(
                    replay(rules, &edge_board, &line).unwrap().difference(),
                    value
                );
                assert_eq!(value_with_lanes(game, &past, isa, Lanes::Narrow), None);
                assert_eq!(line_with_lanes(game, &past, isa, Lanes::Narrow), None);
                assert_eq!(
                    value_with(game, &past, isa),
                    Some(past_value),
                    "{game:?} {past:?}"
                );
            }
            assert_eq!(Table.difference(rules, &board), past_value);
            let (value, line) = Table.line(rules, &board).unwrap();
            assert_eq!(value, past_value);
            assert_eq!(replay(rules, &board, &line).unwrap().difference(), value);
        }
        // gameofsum is always wide; an empty board is narrow.
        assert_eq!(Lanes::for_board(Kernel::GameOfSum, &[1]), Lanes::Wide);
        assert_eq!(Lanes::for_board(Kernel::Coins, &[]), Lanes::Narrow);
    }

    #[test]
    fn lines_of_long_boards_replay_to_the_value() {
        // Long enough for several tiles and blocks: the recording fill's
        // value is the value fill's.
        use coinline_game::play::replay;
        let board = random_board(
            11,
            0,
            Span {
                lo: 2_500,
                hi: 2_500,
            },
            Values::Small,
        );
        for game in KERNELS {
            let game = Game::ALL[game as usize];
            let (value, line) = Table.line(game, &board).unwrap();
            assert_eq!(value, Table.difference(game, &board));
            assert_eq!(replay(game, &board, &line).unwrap().difference(), value);
        }
    }

    #[test]
    fn stonegame7_does_not_wrap_at_the_admission_limit() {
        // n * sum|v| up to i64::MAX: every fill, and the line, against the
        // generic table (which works in i128).
        use crate::Generic;
        use coinline_game::generate::{admissible, SplitMix64};
        use coinline_game::play::replay;
        let game = Game::STONEGAME7;
        let mut rng = SplitMix64::new(1690);
        for round in 0..300 {
            let n = 1 + rng.below(if round % 3 == 0 { 70 } else { 12 }) as usize;
            let values: Vec<i64> = (0..n)
                .map(|_| rng.between(-(i64::MAX / 64), i64::MAX / 64))
                .collect();
            let board = admissible(game, Board::new(values).unwrap());
            let expected = Generic.difference(game, &board);
            for isa in Isa::ALL.into_iter().filter(|i| i.available()) {
                assert_eq!(
                    value_with(Kernel::StoneGame7, board.values(), isa),
                    Some(expected),
                    "{}: {board}",
                    isa.name()
                );
            }
            let (value, line) = Table.line(game, &board).unwrap();
            assert_eq!(value, expected, "{board}");
            assert_eq!(replay(game, &board, &line).unwrap().difference(), value);
        }
        // LeetCode 1690's examples.
        for (values, expected) in [
            (vec![5, 3, 1, 4, 2], 6),
            (vec![7, 90, 5, 1, 100, 10, 10, 2], 122),
        ] {
            assert_eq!(
                Table.difference(game, &Board::new(values).unwrap()),
                expected
            );
        }
    }

    #[test]
    fn instruction_sets_by_name_and_by_what_the_processor_has() {
        let names: Vec<&str> = Isa::ALL.iter().map(|i| i.name()).collect();
        assert_eq!(names, ["portable", "avx2", "avx512"]);
        assert!(Isa::Portable.available());
        // A set the processor lacks is never offered (this machine may have
        // them all; then only a machine without one tells).
        #[cfg(target_arch = "x86_64")]
        {
            if !std::arch::is_x86_feature_detected!("avx2") {
                assert!(!Isa::Avx2.available());
            }
            if !std::arch::is_x86_feature_detected!("avx512f") {
                assert!(!Isa::Avx512.available());
            }
        }
    }

    #[test]
    fn lines_are_built_up_to_the_line_limit() {
        assert!(builds_line(0) && builds_line(LINE_LIMIT));
        assert!(!builds_line(LINE_LIMIT + 1));
        let long = vec![0; LINE_LIMIT + 1];
        assert_eq!(variant_line::<Exact>(Kernel::Coins, &long), None);
        assert_eq!(Table.line(Game::COINS, &Board::new(long).unwrap()), None);
    }

    #[test]
    fn the_dispatcher_picks_the_widest_available_set() {
        let widest = Isa::widest();
        assert!(widest.available());
        assert!(Isa::ALL
            .into_iter()
            .filter(|&i| i.available())
            .all(|i| i as usize <= widest as usize));
        assert!(Isa::Portable.available());
        // Table answers with the chosen set's fill.
        let board = random_board(9, 0, Span { lo: 300, hi: 300 }, Values::Spiky);
        for game in KERNELS {
            assert_eq!(
                Some(Table.difference(Game::ALL[game as usize], &board)),
                value_with(game, board.values(), widest)
            );
        }
    }
}

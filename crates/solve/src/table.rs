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
//! memory. A line is built only on request, from choice bits recorded while
//! filling: one bit per interval for coins and stonegame7, two for numbergame (which of four
//! moves) and three for gameofsum (left or right; whether the left run or the
//! right run stops at one value). That is O(n^2) bits.
//!
//! # Speed
//! The value-only fills of coins and numbergame ([`value_with`]) compute a
//! diagonal from the previous ones into a separate buffer (two buffers for
//! coins, three for numbergame: O(n) memory), as a branch-free loop over
//! zipped slices that the compiler turns into vector code with 64-bit lanes
//! (compare and blend, or `vpmaxsq`). The cells are visited in cache tiles
//! (512 columns by 256 diagonals) so that the working set stays in L1 for any n. The same
//! code is compiled three times: for the portable baseline, for AVX2 and for
//! AVX-512; [`Isa::widest`] picks the widest one the processor has at run
//! time. gameofsum keeps its scalar O(n^2) fill with running minima. The
//! value-only path records no choice bits.
//!
//! [`Table::line`] runs the recording fill for the choice bits but returns
//! the value of the fast fill, so the check cross-examines both: a wrong
//! fast fill disagrees with the other solvers, a wrong recording fill
//! yields a line that does not replay to the value.

use super::{Cost, Solver};
use coinline_game::board::Board;
use coinline_game::game::{Game, Kernel, Line, Move, Side};

/// Bottom-up table. See the module documentation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Table;

/// The longest board for which a line is built (the choice bits then take
/// up to 3 * n^2 / 2 bits, about 300 MB at this size).
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

/// A bit per interval, grouped by length like [`super::tri_index`].
struct Bits {
    n: usize,
    words: Vec<u64>,
}

impl Bits {
    fn new(n: usize) -> Self {
        Bits {
            n,
            words: vec![0; super::tri_size(n).div_ceil(64)],
        }
    }
    #[inline]
    fn set(&mut self, len: usize, left: usize, on: bool) {
        let i = super::tri_index(self.n, len, left);
        self.words[i / 64] |= u64::from(on) << (i % 64);
    }
    #[inline]
    fn get(&self, len: usize, left: usize) -> bool {
        let i = super::tri_index(self.n, len, left);
        self.words[i / 64] >> (i % 64) & 1 == 1
    }
}

/// Records choices while a table is filled; `()` records nothing, so the
/// value-only fill compiles to the plain loop.
trait Record {
    fn record(&mut self, which: usize, len: usize, left: usize, on: bool);
}

impl Record for () {
    #[inline(always)]
    fn record(&mut self, _: usize, _: usize, _: usize, _: bool) {}
}

impl Record for Vec<Bits> {
    #[inline(always)]
    fn record(&mut self, which: usize, len: usize, left: usize, on: bool) {
        if let Some(bits) = self.get_mut(which) {
            bits.set(len, left, on);
        }
    }
}

/// The options of a coins cell `[l, l + len)`, taking left then right:
/// `x = v[l]`, `y = v[l + len - 1]`, `before = D(l, l + len - 1)` and
/// `after = D(l + 1, l + len)`. The one statement of the recurrence, shared
/// by the recording fill and the vectorized spans.
#[inline(always)]
fn coins_options(x: i64, y: i64, before: i64, after: i64) -> [i64; 2] {
    [x - after, y - before]
}

/// The options of a numbergame cell: the coins options, then deleting
/// from the left (`-skip_after` = -D(l + 2, l + len)) and from the right
/// (`-skip_before` = -D(l, l + len - 2)).
#[inline(always)]
fn numbergame_options(
    x: i64,
    y: i64,
    before: i64,
    after: i64,
    skip_before: i64,
    skip_after: i64,
) -> [i64; 4] {
    let [left, right] = coins_options(x, y, before, after);
    [left, right, -skip_after, -skip_before]
}

/// Coins. Bit 0: the left end is the (first) optimal move.
fn coins(v: &[i64], rec: &mut impl Record) -> i64 {
    let n = v.len();
    // d[l] holds D(l, l + len - 1) before the pass for `len` and D(l, l + len)
    // after it; updating in increasing l reads d[l + 1] before it changes.
    let mut d = vec![0i64; n + 1];
    for len in 1..=n {
        for l in 0..=n - len {
            let [take_left, take_right] = coins_options(v[l], v[l + len - 1], d[l], d[l + 1]);
            rec.record(0, len, l, take_left >= take_right);
            d[l] = take_left.max(take_right);
        }
    }
    d[0]
}

/// The options of a stonegame7 cell `[l, l + len)`, taking left then right:
/// `sum` = sum(l, l + len), `x = v[l]`, `y = v[l + len - 1]`, `before` and
/// `after` as for coins. A take scores what remains, `sum - x` or `sum - y`.
/// On an admitted board ([`Game::admit`]) nothing overflows: `sum - x` is a
/// sum of board values, and a difference of the two players' totals on
/// the rest of the board is at most (len - 1) times the board's absolute
/// sum in size.
#[inline(always)]
fn stonegame7_options(sum: i64, x: i64, y: i64, before: i64, after: i64) -> [i64; 2] {
    [sum - x - after, sum - y - before]
}

/// Prefix sums of `v` (n + 1 of them); they fit by the overflow rule.
fn prefix_sums(v: &[i64]) -> Vec<i64> {
    let mut p = Vec::with_capacity(v.len() + 1);
    p.push(0i64);
    for &x in v {
        p.push(p[p.len() - 1] + x);
    }
    p
}

/// Stonegame7, as coins but scoring what remains. Bit 0: the left end is
/// the (first) optimal move.
fn stonegame7(v: &[i64], rec: &mut impl Record) -> i64 {
    let n = v.len();
    let p = prefix_sums(v);
    let mut d = vec![0i64; n + 1];
    for len in 1..=n {
        for l in 0..=n - len {
            let sum = p[l + len] - p[l];
            let [take_left, take_right] =
                stonegame7_options(sum, v[l], v[l + len - 1], d[l], d[l + 1]);
            rec.record(0, len, l, take_left >= take_right);
            d[l] = take_left.max(take_right);
        }
    }
    d[0]
}

/// Numbergame. Bits 0 and 1 encode the first optimal of L, R, DL, DR.
fn numbergame<V: Variant>(v: &[i64], rec: &mut impl Record) -> i64 {
    let n = v.len();
    // prev1: length len-1; prev2: length len-2, overwritten with length len.
    let mut prev1 = vec![0i64; n + 1];
    let mut prev2 = vec![0i64; n + 2];
    for len in 1..=n {
        for l in 0..=n - len {
            let skips = if len >= 2 {
                (prev2[l], prev2[l + 2])
            } else {
                (0, 0)
            };
            let options = numbergame_options(
                v[l],
                v[l + len - 1],
                prev1[l],
                prev1[l + 1],
                skips.0,
                skips.1,
            );
            let count = if V::deletes(len) { 4 } else { 2 };
            let (mut choice, mut best) = (0, options[0]);
            for (i, &o) in options.iter().enumerate().take(count).skip(1) {
                if o > best {
                    (choice, best) = (i, o);
                }
            }
            rec.record(0, len, l, choice & 1 == 1);
            rec.record(1, len, l, choice & 2 == 2);
            prev2[l] = best;
        }
        std::mem::swap(&mut prev1, &mut prev2);
    }
    prev1[0]
}

/// Gameofsum, on mover's totals. Bit 0: take from the left; bit 1: the best
/// left take is one value (else continue the run from l + 1); bit 2: the same
/// for the right.
fn gameofsum(v: &[i64], rec: &mut impl Record) -> i64 {
    let n = v.len();
    let mut prefix = vec![0i64; n + 1];
    for (i, &x) in v.iter().enumerate() {
        prefix[i + 1] = prefix[i] + x;
    }
    // For the current length, indexed by l: t = T(l, l+len), min_left = min
    // over l' in (l, r] of T(l', r), min_right = min over r' in [l, r) of
    // T(l, r'). Length 0: T = 0 and no options (+infinity).
    let mut t = vec![0i64; n + 1];
    let mut min_left = vec![i64::MAX; n + 1];
    let mut min_right = vec![i64::MAX; n + 1];
    for len in 1..=n {
        for l in 0..=n - len {
            let from_left = t[l + 1].min(min_left[l + 1]);
            let from_right = t[l].min(min_right[l]);
            rec.record(1, len, l, t[l + 1] <= min_left[l + 1]);
            rec.record(2, len, l, t[l] <= min_right[l]);
            rec.record(0, len, l, from_left <= from_right);
            min_left[l] = from_left;
            min_right[l] = from_right;
            t[l] = (prefix[l + len] - prefix[l]) - from_left.min(from_right);
        }
    }
    // D = T - (sum - T); both totals fit, so the difference does too.
    let total = t[0];
    total - (prefix[n] - total)
}

fn line_from_bits(game: Kernel, n: usize, bits: &[Bits]) -> Line {
    let (mut left, mut right) = (0, n);
    let mut moves = Vec::new();
    while left < right {
        let len = right - left;
        let mv = match game {
            Kernel::Coins | Kernel::StoneGame7 if bits[0].get(len, left) => {
                Move::take(Side::Left, 1)
            }
            Kernel::Coins | Kernel::StoneGame7 => Move::take(Side::Right, 1),
            Kernel::NumberGame => match (bits[0].get(len, left), bits[1].get(len, left)) {
                (false, false) => Move::take(Side::Left, 1),
                (true, false) => Move::take(Side::Right, 1),
                (false, true) => Move::delete(Side::Left, 2),
                (true, true) => Move::delete(Side::Right, 2),
            },
            Kernel::GameOfSum if bits[0].get(len, left) => {
                let mut count = 1;
                while !bits[1].get(len - count + 1, left + count - 1) {
                    count += 1;
                }
                Move::take(Side::Left, count)
            }
            Kernel::GameOfSum => {
                let mut count = 1;
                while !bits[2].get(len - count + 1, left) {
                    count += 1;
                }
                Move::take(Side::Right, count)
            }
        };
        moves.push(mv);
        match mv.side {
            Side::Left => left += mv.count,
            Side::Right => right -= mv.count,
        }
    }
    Line::new(moves)
}

fn fill<V: Variant>(game: Kernel, v: &[i64], rec: &mut impl Record) -> i64 {
    match game {
        Kernel::Coins => coins(v, rec),
        Kernel::NumberGame => numbergame::<V>(v, rec),
        Kernel::GameOfSum => gameofsum(v, rec),
        Kernel::StoneGame7 => stonegame7(v, rec),
    }
}

/// The vector instruction sets the value-only fill is compiled for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Isa {
    /// The target's baseline (SSE2 on x86-64).
    Portable,
    /// AVX2: four 64-bit lanes.
    Avx2,
    /// AVX-512 (F): eight 64-bit lanes and a native 64-bit max.
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
        fill_for::<Exact>(self).is_some()
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

/// Columns per tile of the value fills: a tile's slices of the board and of
/// the diagonals (about 3 * (TILE + DEPTH) values) stay in the L1 cache.
const TILE: usize = 512;
/// Diagonals filled per tile before moving to the next tile.
const DEPTH: usize = 256;

/// Runs `$body` with `$len`, `$a`, `$b` bound for every span of cells
/// `[l, l + len)`, l in `[a, b)`, for len = 1..=n, in an order that keeps
/// each diagonal's inputs computed before they are read and still unchanged
/// when read, provided a cell reads the previous diagonal at l and l + 1, the
/// one before at l and l + 2, and a diagonal's buffer is reused no earlier
/// than two lengths on.
///
/// The diagonals are cut into blocks of [`DEPTH`] and the columns into
/// tiles of [`TILE`]; within a block, tile t covers `[t * TILE - k,
/// (t + 1) * TILE - k)` on the block's k-th diagonal (shifted left one column
/// per diagonal, clipped to the diagonal), and a whole tile is done before
/// the next. Cell (len, l) then runs after cells (len - 1, l..=l + 1) and
/// (len - 2, l..=l + 2), and before any cell that overwrites them.
///
/// A macro, not a function taking a closure: the body is pasted into the
/// function that uses it, so it is compiled with that function's target
/// features. A closure is a function of its own, compiled for the baseline
/// and vectorized for it only, whenever the compiler declines to inline it
/// into a `#[target_feature]` caller (issue 14: numbergame's AVX-512 fill
/// once ran scalar through a call that way).
macro_rules! for_each_span {
    ($n:expr, |$len:ident, $a:ident, $b:ident| $body:block) => {{
        let n: usize = $n;
        let mut first = 1;
        while first <= n {
            let last = (first + DEPTH - 1).min(n);
            let columns = n - first + 1;
            for start in (0..columns).step_by(TILE) {
                for $len in first..=last {
                    let shift = $len - first;
                    let count = n - $len + 1;
                    let $a = start.saturating_sub(shift);
                    let $b = (start + TILE).saturating_sub(shift).min(count);
                    if $a < $b $body
                }
            }
            first = last + 1;
        }
    }};
}

/// Coins cells `[a, b)` of diagonal `len`: `out[l] = max(v[l] - prev[l + 1],
/// v[l + len - 1] - prev[l])` with `prev` the previous diagonal. Zipped
/// slices: no bounds checks and no branches in the loop, which the compiler
/// vectorizes with 64-bit lanes.
#[inline(always)]
fn coins_span(v: &[i64], prev: &[i64], out: &mut [i64], len: usize, a: usize, b: usize) {
    let left = &v[a..b];
    let right = &v[a + len - 1..];
    let prev_next = &prev[a + 1..=b];
    for ((o, (&x, &y)), (&p, &q)) in out[a..b]
        .iter_mut()
        .zip(left.iter().zip(right))
        .zip(prev[a..b].iter().zip(prev_next))
    {
        let [left, right] = coins_options(x, y, p, q);
        *o = left.max(right);
    }
}

/// Stonegame7 cells `[a, b)` of diagonal `len`: `out[l] = max(S - v[l] -
/// prev[l + 1], S - v[l + len - 1] - prev[l])` with S = `p[l + len] - p[l]`
/// from the prefix sums `p`. Zipped slices, like [`coins_span`].
#[inline(always)]
fn stonegame7_span(
    v: &[i64],
    p: &[i64],
    prev: &[i64],
    out: &mut [i64],
    len: usize,
    a: usize,
    b: usize,
) {
    let left = &v[a..b];
    let right = &v[a + len - 1..];
    let prev_next = &prev[a + 1..=b];
    let starts = &p[a..b];
    let ends = &p[a + len..];
    for (((o, (&x, &y)), (&before, &after)), (&s, &e)) in out[a..b]
        .iter_mut()
        .zip(left.iter().zip(right))
        .zip(prev[a..b].iter().zip(prev_next))
        .zip(starts.iter().zip(ends))
    {
        let [left, right] = stonegame7_options(e - s, x, y, before, after);
        *o = left.max(right);
    }
}

/// Numbergame cells `[a, b)` of diagonal `len` (>= 2): the coins options on
/// `prev1` (diagonal len - 1) and the two deletes, `-prev2[l]` and
/// `-prev2[l + 2]` (diagonal len - 2).
#[inline(always)]
fn numbergame_span(
    v: &[i64],
    [prev1, prev2]: [&[i64]; 2],
    out: &mut [i64],
    len: usize,
    a: usize,
    b: usize,
) {
    let left = &v[a..b];
    let right = &v[a + len - 1..];
    let prev1_next = &prev1[a + 1..=b];
    let prev2_skip = &prev2[a + 2..b + 2];
    for (((o, (&x, &y)), (&p, &q)), (&s, &t)) in out[a..b]
        .iter_mut()
        .zip(left.iter().zip(right))
        .zip(prev1[a..b].iter().zip(prev1_next))
        .zip(prev2[a..b].iter().zip(prev2_skip))
    {
        let [left, right, del_left, del_right] = numbergame_options(x, y, p, q, s, t);
        *o = left.max(right).max(del_left.max(del_right));
    }
}

/// Coins value: diagonals of even lengths in one buffer, odd in the other
/// (n + 1 values each); a diagonal overwrites the one two lengths before.
#[inline(always)]
fn coins_value(v: &[i64]) -> i64 {
    let mut buffers = [vec![0i64; v.len() + 1], vec![0i64; v.len() + 1]];
    for_each_span!(v.len(), |len, a, b| {
        let [even, odd] = &mut buffers;
        let (out, prev) = if len % 2 == 0 {
            (even, odd)
        } else {
            (odd, even)
        };
        coins_span(v, prev, out, len, a, b);
    });
    buffers[v.len() % 2][0]
}

/// Stonegame7 value: the prefix sums and two buffers, as [`coins_value`].
#[inline(always)]
fn stonegame7_value(v: &[i64]) -> i64 {
    let p = prefix_sums(v);
    let mut buffers = [vec![0i64; v.len() + 1], vec![0i64; v.len() + 1]];
    for_each_span!(v.len(), |len, a, b| {
        let [even, odd] = &mut buffers;
        let (out, prev) = if len % 2 == 0 {
            (even, odd)
        } else {
            (odd, even)
        };
        stonegame7_span(v, &p, prev, out, len, a, b);
    });
    buffers[v.len() % 2][0]
}

/// Numbergame value under variant `V`: three buffers of n + 1 values,
/// diagonal len in buffer len % 3 (overwriting the diagonal three lengths
/// before).
#[inline(always)]
fn numbergame_value<V: Variant>(v: &[i64]) -> i64 {
    let n = v.len();
    let mut buffers = [vec![0i64; n + 1], vec![0i64; n + 1], vec![0i64; n + 1]];
    for_each_span!(n, |len, a, b| {
        let [zero, one, two] = &mut buffers;
        let (out, prev1, prev2) = match len % 3 {
            0 => (zero, &*two, &*one),
            1 => (one, &*zero, &*two),
            _ => (two, &*one, &*zero),
        };
        if V::deletes(len) {
            numbergame_span(v, [prev1, prev2], out, len, a, b);
        } else {
            // Length 1 (or a variant without deletes here): take moves only.
            coins_span(v, prev1, out, len, a, b);
        }
    });
    buffers[n % 3][0]
}

/// A value-only fill for every game.
type Fill = fn(Kernel, &[i64]) -> i64;

/// The fills compiled for the target's baseline.
fn portable_fill<V: Variant>(game: Kernel, v: &[i64]) -> i64 {
    match game {
        Kernel::Coins => coins_value(v),
        Kernel::NumberGame => numbergame_value::<V>(v),
        Kernel::GameOfSum => gameofsum(v, &mut ()),
        Kernel::StoneGame7 => stonegame7_value(v),
    }
}

/// Compiles the fills for one instruction set, in a module whose `fill()`
/// hands them out only when the processor has the feature. Everything the
/// `#[target_feature]` functions call in their loops is `#[inline(always)]`
/// and closure-free, so it is compiled with the feature.
macro_rules! fills_for {
    ($(#[$attr:meta])* $module:ident, $feature:tt) => {
        $(#[$attr])*
        #[cfg(target_arch = "x86_64")]
        // The one place of the solvers with unsafe code (ARCHITECTURE.md).
        #[allow(unsafe_code)]
        mod $module {
            use super::Variant;
            use coinline_game::game::Kernel;

            /// # Safety
            /// The processor must support the feature.
            #[target_feature(enable = $feature)]
            #[inline(never)]
            unsafe fn coins(v: &[i64]) -> i64 {
                super::coins_value(v)
            }

            /// # Safety
            /// The processor must support the feature.
            #[target_feature(enable = $feature)]
            #[inline(never)]
            unsafe fn stonegame7(v: &[i64]) -> i64 {
                super::stonegame7_value(v)
            }

            /// # Safety
            /// The processor must support the feature.
            #[target_feature(enable = $feature)]
            #[inline(never)]
            unsafe fn numbergame<V: Variant>(v: &[i64]) -> i64 {
                super::numbergame_value::<V>(v)
            }

            fn fill_unchecked<V: Variant>(game: Kernel, v: &[i64]) -> i64 {
                // SAFETY: `fill` hands this function out only after the
                // feature was detected.
                unsafe {
                    match game {
                        Kernel::Coins => coins(v),
                        Kernel::NumberGame => numbergame::<V>(v),
                        Kernel::GameOfSum => super::gameofsum(v, &mut ()),
                        Kernel::StoneGame7 => stonegame7(v),
                    }
                }
            }

            /// The fills, if this processor has the feature.
            pub fn fill<V: Variant>() -> Option<super::Fill> {
                std::arch::is_x86_feature_detected!($feature)
                    .then_some(fill_unchecked::<V> as super::Fill)
            }
        }
    };
}

/// Stands for an instruction set not compiled into this build.
macro_rules! no_fills {
    ($(#[$attr:meta])* $module:ident) => {
        $(#[$attr])*
        mod $module {
            /// Never: the fills were not compiled.
            pub fn fill<V: super::Variant>() -> Option<super::Fill> {
                None
            }
        }
    };
}

fills_for!(avx2, "avx2");
// AVX-512 target features are stable from Rust 1.89; older compilers (the
// crate supports 1.85) build without them and dispatch to AVX2.
fills_for!(
    #[rustversion::since(1.89)]
    avx512,
    "avx512f"
);
no_fills!(
    #[rustversion::before(1.89)]
    #[cfg(target_arch = "x86_64")]
    avx512
);
no_fills!(
    #[cfg(not(target_arch = "x86_64"))]
    avx2
);
no_fills!(
    #[cfg(not(target_arch = "x86_64"))]
    avx512
);

/// The fills of variant `V` for `isa`, if compiled in and supported by this
/// processor.
fn fill_for<V: Variant>(isa: Isa) -> Option<Fill> {
    match isa {
        Isa::Portable => Some(portable_fill::<V>),
        Isa::Avx2 => avx2::fill::<V>(),
        Isa::Avx512 => avx512::fill::<V>(),
    }
}

/// The value by the value-only fill compiled for `isa`, or `None` when `isa`
/// is not available. gameofsum has one scalar fill, compiled for each `isa`.
pub fn value_with(game: Kernel, values: &[i64], isa: Isa) -> Option<i64> {
    variant_value_with::<Exact>(game, values, isa)
}

/// [`value_with`] for the fills of variant `V`.
pub fn variant_value_with<V: Variant>(game: Kernel, values: &[i64], isa: Isa) -> Option<i64> {
    fill_for::<V>(isa).map(|fill| fill(game, values))
}

/// The value by variant `V`'s value-only fill for the widest instruction
/// set this processor has ([`Isa::widest`]): what [`Table`] returns for
/// [`Exact`].
pub fn variant_value<V: Variant>(game: Kernel, values: &[i64]) -> i64 {
    let fill = fill_for::<V>(Isa::widest()).unwrap_or(portable_fill::<V>);
    fill(game, values)
}

/// Whether [`variant_line`] builds a line for a board of `n` values: up to
/// [`LINE_LIMIT`] (its choice bits take n^2/2 bits per kind of move).
pub fn builds_line(n: usize) -> bool {
    n <= LINE_LIMIT
}

/// The value and a line by variant `V`: the line from the recording fill's
/// choice bits, the value from the fast fill (see the module documentation);
/// `None` above [`LINE_LIMIT`].
pub fn variant_line<V: Variant>(game: Kernel, values: &[i64]) -> Option<(i64, Line)> {
    let n = values.len();
    if !builds_line(n) {
        return None;
    }
    let kinds = match game {
        Kernel::Coins | Kernel::StoneGame7 => 1,
        Kernel::NumberGame => 2,
        Kernel::GameOfSum => 3,
    };
    let mut bits: Vec<Bits> = (0..kinds).map(|_| Bits::new(n)).collect();
    fill::<V>(game, values, &mut bits);
    // The fast fill's value, so the check tests both fills (module docs).
    Some((
        variant_value::<V>(game, values),
        line_from_bits(game, n, &bits),
    ))
}

impl Solver for Table {
    fn name(&self) -> &str {
        Exact::NAME
    }

    fn supports(&self, game: Game) -> bool {
        game.kernel().is_some()
    }

    fn cost(&self, game: Game, n: usize) -> Option<Cost> {
        // Portable fill per interval; the SIMD fills are 2-4x faster.
        let nanos = match game.kernel()? {
            Kernel::Coins => 0.6,
            Kernel::StoneGame7 => 0.8,
            Kernel::NumberGame => 1.8,
            Kernel::GameOfSum => 2.0,
        };
        Some(Cost::of(super::intervals(n), nanos))
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
        for (index, n) in lengths.into_iter().enumerate() {
            let values = [
                Values::Small,
                Values::Extreme,
                Values::Uniform(Span { lo: -50, hi: 50 }),
            ];
            let board = random_board(3, index as u64, Span { lo: n, hi: n }, values[index % 3]);
            for game in KERNELS {
                let portable = value_with(game, board.values(), Isa::Portable);
                for isa in Isa::ALL.into_iter().filter(|i| i.available()) {
                    assert_eq!(
                        value_with(game, board.values(), isa),
                        portable,
                        "{game:?}, n = {n}, {}",
                        isa.name()
                    );
                }
            }
        }
    }

    #[test]
    fn stonegame7_does_not_wrap_at_the_admission_limit() {
        // n * sum|v| up to i64::MAX: every fill, and the line, against the
        // generic table (which works in i128).
        use crate::Generic;
        use coinline_game::game::replay;
        use coinline_game::generate::{admissible, SplitMix64};
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

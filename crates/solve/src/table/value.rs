//! The vectorized fills: diagonals computed from the previous ones in cache
//! tiles, as branch-free loops the compiler vectorizes, compiled once per
//! instruction set (`fills_for!`) and picked at run time. The value fills
//! keep only the diagonals; the recording fills (`*_line`) run the same
//! tiles and also keep each cell's choice, a byte per cell of the span from
//! the comparisons that give the maximum, packed eight cells to a byte of
//! [`Choices`]. The `#[target_feature]` modules are the only unsafe code of
//! the solvers.

use super::record::{
    coins_options, gameofsum, numbergame_options, numbergame_pairs, prefix_sums,
    stonegame7_options, Choices, RowBits,
};
use super::{Isa, Variant, DEPTH, TILE};
use coinline_game::play::Kernel;

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

/// The cells `[lo, hi)` of the word of choice bits that starts at `start`
/// in the span `[a, b)` (see [`RowBits::word_end`]): 64 cells whenever the
/// span has them, reaching into the next word's cells or back into the
/// previous word's. The fill loops are vectorized 64 cells at a time, so a
/// word of fewer cells would run scalar; recomputing a cell of the span is
/// harmless, since it reads only the previous diagonals, which the span
/// leaves unchanged, and records the same bit.
#[inline(always)]
fn window(row: &RowBits, start: usize, [a, b]: [usize; 2]) -> [usize; 2] {
    if b - a < 64 {
        return [start, row.word_end(start, b)];
    }
    let lo = start.min(b - 64);
    [lo, lo + 64]
}

/// The words of 64 cells of the recording fills: a plain loop for the
/// compiler to vectorize ([`Plain`]), or for AVX-512 the comparison masks
/// stored as they are (`avx512_words`). A word's cells are the arguments'
/// 64 values (`o` the cells' maxima, written); each method returns the
/// choice bits, bit j for cell j, as the scalar recording fill encodes them.
pub(super) trait Words: Copy {
    /// Coins (see [`coins_word`]).
    fn coins<const RIGHT: bool>(self, x: &W64, y: &W64, p: &W64, q: &W64, o: &mut W64) -> u64;
    /// Stonegame7 (see [`stonegame7_word`]).
    fn stonegame7(self, x: &W64, y: &W64, lens: [&W64; 2], ends: [&W64; 2], o: &mut W64) -> u64;
    /// Numbergame (see [`numbergame_word`]).
    fn numbergame(
        self,
        x: &W64,
        y: &W64,
        prev1: [&W64; 2],
        prev2: [&W64; 2],
        o: &mut W64,
    ) -> [u64; 2];
}

/// The values of one word of cells.
pub(super) type W64 = [i64; 64];

/// The words by the loops of [`coins_word`] and its siblings, which the
/// compiler vectorizes for whatever instruction set it compiles them for.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Plain;

impl Words for Plain {
    #[inline(always)]
    fn coins<const RIGHT: bool>(self, x: &W64, y: &W64, p: &W64, q: &W64, o: &mut W64) -> u64 {
        coins_word::<RIGHT>([x, y, p, q], o)
    }
    #[inline(always)]
    fn stonegame7(
        self,
        x: &W64,
        y: &W64,
        [b, a]: [&W64; 2],
        [s, e]: [&W64; 2],
        o: &mut W64,
    ) -> u64 {
        stonegame7_word([x, y, b, a, s, e], o)
    }
    #[inline(always)]
    fn numbergame(
        self,
        x: &W64,
        y: &W64,
        [p, q]: [&W64; 2],
        [s, t]: [&W64; 2],
        o: &mut W64,
    ) -> [u64; 2] {
        numbergame_word([x, y, p, q, s, t], o)
    }
}

/// The choice bits of up to 64 coins cells (slices of `o`'s length: the
/// left ends, the right ends, the previous diagonal at l and at l + 1),
/// their maxima in `o`: taking the left end is the (first) optimal move,
/// or with `RIGHT`, the right end is strictly better (numbergame's
/// encoding). On arrays of 64 the loop is unrolled and the bit of each
/// group of eight cells is a constant ORed in under the comparison's mask;
/// a loop of unknown length shifts by a vector of counts.
#[inline(always)]
fn coins_word<const RIGHT: bool>([x, y, p, q]: [&[i64]; 4], o: &mut [i64]) -> u64 {
    let mut word = 0u64;
    for (j, ((o, (&x, &y)), (&p, &q))) in o
        .iter_mut()
        .zip(x.iter().zip(y))
        .zip(p.iter().zip(q))
        .enumerate()
    {
        let [left, right] = coins_options(x, y, p, q);
        *o = left.max(right);
        let bit = if RIGHT { right > left } else { left >= right };
        word |= u64::from(bit) << j;
    }
    word
}

/// [`coins_word`] for stonegame7: the left and right ends, the previous
/// diagonal at l and l + 1, the prefix sums at l and l + len.
#[inline(always)]
fn stonegame7_word([x, y, before, after, starts, ends]: [&[i64]; 6], o: &mut [i64]) -> u64 {
    let mut word = 0u64;
    for (j, (((o, (&x, &y)), (&before, &after)), (&s, &e))) in o
        .iter_mut()
        .zip(x.iter().zip(y))
        .zip(before.iter().zip(after))
        .zip(starts.iter().zip(ends))
        .enumerate()
    {
        let [left, right] = stonegame7_options(e - s, x, y, before, after);
        *o = left.max(right);
        word |= u64::from(left >= right) << j;
    }
    word
}

/// [`coins_word`] for numbergame: the ends, diagonal len - 1 at l and
/// l + 1, diagonal len - 2 at l and l + 2; the first optimal of take left,
/// take right, delete left, delete right as two words, the encoding of the
/// scalar recording fill: whether the second of the pair, whether to
/// delete.
#[inline(always)]
fn numbergame_word([x, y, p, q, s, t]: [&[i64]; 6], o: &mut [i64]) -> [u64; 2] {
    let mut words = [0u64; 2];
    for (j, (((o, (&x, &y)), (&p, &q)), (&s, &t))) in o
        .iter_mut()
        .zip(x.iter().zip(y))
        .zip(p.iter().zip(q))
        .zip(s.iter().zip(t))
        .enumerate()
    {
        let [left, _, del_left, _] = numbergame_options(x, y, p, q, s, t);
        let [take, delete] = numbergame_pairs(x, y, p, q, s, t);
        let best = take.max(delete);
        *o = best;
        // A delete only when strictly better than both takes; within
        // the pair chosen, the second only when strictly better than
        // the first, that is when the first falls short of the best.
        // (Two words: a third spills the unrolled loop.)
        let deletes = delete > take;
        let first = if deletes { del_left } else { left };
        words[0] |= u64::from(best > first) << j;
        words[1] |= u64::from(deletes) << j;
    }
    words
}

/// A slice of 64 values as an array (the windows of [`window`] have 64
/// cells whenever the span has them).
#[inline(always)]
fn w64(s: &[i64]) -> &W64 {
    s.try_into().expect("64 values")
}

/// [`coins_span`], also recording in `row` a word of choice bits per 64
/// cells, from the comparison that gives the maximum (see [`coins_word`]).
#[inline(always)]
fn coins_span_rec<const RIGHT: bool, W: Words>(
    words: W,
    [v, prev]: [&[i64]; 2],
    out: &mut [i64],
    [len, a, b]: [usize; 3],
    row: &mut RowBits,
) {
    let mut start = a;
    while start < b {
        let [lo, hi] = window(row, start, [a, b]);
        let (x, y) = (&v[lo..hi], &v[lo + len - 1..hi + len - 1]);
        let (p, q) = (&prev[lo..hi], &prev[lo + 1..=hi]);
        let o = &mut out[lo..hi];
        let word = if hi - lo == 64 {
            let o = o.try_into().expect("64 values");
            words.coins::<RIGHT>(w64(x), w64(y), w64(p), w64(q), o)
        } else {
            coins_word::<RIGHT>([x, y, p, q], o)
        };
        row.put(lo, hi - lo, word);
        start = row.word_end(start, b);
    }
}

/// [`stonegame7_span`], recording as [`coins_span_rec`].
#[inline(always)]
fn stonegame7_span_rec<W: Words>(
    words: W,
    [v, p, prev]: [&[i64]; 3],
    out: &mut [i64],
    [len, a, b]: [usize; 3],
    row: &mut RowBits,
) {
    let mut start = a;
    while start < b {
        let [lo, hi] = window(row, start, [a, b]);
        let (x, y) = (&v[lo..hi], &v[lo + len - 1..hi + len - 1]);
        let (before, after) = (&prev[lo..hi], &prev[lo + 1..=hi]);
        let (starts, ends) = (&p[lo..hi], &p[lo + len..hi + len]);
        let o = &mut out[lo..hi];
        let word = if hi - lo == 64 {
            let o = o.try_into().expect("64 values");
            let (lens, sums) = ([w64(before), w64(after)], [w64(starts), w64(ends)]);
            words.stonegame7(w64(x), w64(y), lens, sums, o)
        } else {
            stonegame7_word([x, y, before, after, starts, ends], o)
        };
        row.put(lo, hi - lo, word);
        start = row.word_end(start, b);
    }
}

/// [`numbergame_span`], recording the two bits of [`numbergame_word`]:
/// `rows[0]` whether the second of the pair, `rows[1]` whether to delete.
#[inline(always)]
fn numbergame_span_rec<W: Words>(
    words: W,
    [v, prev1, prev2]: [&[i64]; 3],
    out: &mut [i64],
    [len, a, b]: [usize; 3],
    [first, other]: [&mut RowBits; 2],
) {
    let mut start = a;
    while start < b {
        let [lo, hi] = window(first, start, [a, b]);
        let (x, y) = (&v[lo..hi], &v[lo + len - 1..hi + len - 1]);
        let (p, q) = (&prev1[lo..hi], &prev1[lo + 1..=hi]);
        let (s, t) = (&prev2[lo..hi], &prev2[lo + 2..hi + 2]);
        let o = &mut out[lo..hi];
        let [seconds, deleting] = if hi - lo == 64 {
            let o = o.try_into().expect("64 values");
            words.numbergame(w64(x), w64(y), [w64(p), w64(q)], [w64(s), w64(t)], o)
        } else {
            numbergame_word([x, y, p, q, s, t], o)
        };
        first.put(lo, hi - lo, seconds);
        other.put(lo, hi - lo, deleting);
        start = first.word_end(start, b);
    }
}

/// Coins value: diagonals of even lengths in one buffer, odd in the other
/// (n + 1 values each); a diagonal overwrites the one two lengths before.
#[inline(always)]
pub(super) fn coins_value(v: &[i64]) -> i64 {
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
pub(super) fn stonegame7_value(v: &[i64]) -> i64 {
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
pub(super) fn numbergame_value<V: Variant>(v: &[i64]) -> i64 {
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

/// [`coins_value`] recording the choices in `choices[0]`.
#[inline(always)]
pub(super) fn coins_line<W: Words>(words: W, v: &[i64], choices: &mut [Choices]) -> i64 {
    let mut buffers = [vec![0i64; v.len() + 1], vec![0i64; v.len() + 1]];
    for_each_span!(v.len(), |len, a, b| {
        let [even, odd] = &mut buffers;
        let (out, prev) = if len % 2 == 0 {
            (even, odd)
        } else {
            (odd, even)
        };
        let mut row = choices[0].row(len, a);
        coins_span_rec::<false, W>(words, [v, prev], out, [len, a, b], &mut row);
        choices[0].store(&row);
    });
    buffers[v.len() % 2][0]
}

/// [`stonegame7_value`] recording the choices in `choices[0]`.
#[inline(always)]
pub(super) fn stonegame7_line<W: Words>(words: W, v: &[i64], choices: &mut [Choices]) -> i64 {
    let p = prefix_sums(v);
    let mut buffers = [vec![0i64; v.len() + 1], vec![0i64; v.len() + 1]];
    for_each_span!(v.len(), |len, a, b| {
        let [even, odd] = &mut buffers;
        let (out, prev) = if len % 2 == 0 {
            (even, odd)
        } else {
            (odd, even)
        };
        let mut row = choices[0].row(len, a);
        stonegame7_span_rec(words, [v, &p, prev], out, [len, a, b], &mut row);
        choices[0].store(&row);
    });
    buffers[v.len() % 2][0]
}

/// [`numbergame_value`] recording the two bits of each choice in
/// `choices[0]` and `choices[1]`.
#[inline(always)]
pub(super) fn numbergame_line<V: Variant, W: Words>(
    words: W,
    v: &[i64],
    choices: &mut [Choices],
) -> i64 {
    let n = v.len();
    let mut buffers = [vec![0i64; n + 1], vec![0i64; n + 1], vec![0i64; n + 1]];
    let [seconds, deletes] = choices else {
        unreachable!("numbergame records two bits per cell")
    };
    for_each_span!(n, |len, a, b| {
        let [zero, one, two] = &mut buffers;
        let (out, prev1, prev2) = match len % 3 {
            0 => (zero, &*two, &*one),
            1 => (one, &*zero, &*two),
            _ => (two, &*one, &*zero),
        };
        let mut first = seconds.row(len, a);
        if V::deletes(len) {
            let mut other = deletes.row(len, a);
            let rows = [&mut first, &mut other];
            numbergame_span_rec(words, [v, prev1, prev2], out, [len, a, b], rows);
            deletes.store(&other);
        } else {
            // Takes only; numbergame's bit 0 says "right", coins' "left".
            coins_span_rec::<true, W>(words, [v, prev1], out, [len, a, b], &mut first);
        }
        seconds.store(&first);
    });
    buffers[n % 3][0]
}

/// A recording fill for every game: the value, with the choices recorded
/// in as many [`Choices`] as the game has bits per cell.
pub(super) type LineFill = fn(Kernel, &[i64], &mut [Choices]) -> i64;

/// The recording fills compiled for the target's baseline.
pub(super) fn portable_line<V: Variant>(game: Kernel, v: &[i64], c: &mut [Choices]) -> i64 {
    match game {
        Kernel::Coins => coins_line(Plain, v, c),
        Kernel::NumberGame => numbergame_line::<V, _>(Plain, v, c),
        Kernel::GameOfSum => gameofsum(v, c),
        Kernel::StoneGame7 => stonegame7_line(Plain, v, c),
    }
}

/// A value-only fill for every game.
pub(super) type Fill = fn(Kernel, &[i64]) -> i64;

/// The fills compiled for the target's baseline.
pub(super) fn portable_fill<V: Variant>(game: Kernel, v: &[i64]) -> i64 {
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
    ($(#[$attr:meta])* $module:ident, $feature:literal, [$($detect:tt),+], $words:expr) => {
        $(#[$attr])*
        #[cfg(target_arch = "x86_64")]
        // The one place of the solvers with unsafe code (ARCHITECTURE.md).
        #[allow(unsafe_code)]
        mod $module {
            use super::{Choices, Variant, Words};
            use coinline_game::play::Kernel;

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
                ($(std::arch::is_x86_feature_detected!($detect))&&+)
                    .then_some(fill_unchecked::<V> as super::Fill)
            }

            /// # Safety
            /// The processor must support the feature.
            #[target_feature(enable = $feature)]
            #[inline(never)]
            unsafe fn coins_line(words: impl Words, v: &[i64], c: &mut [Choices]) -> i64 {
                super::coins_line(words, v, c)
            }

            /// # Safety
            /// The processor must support the feature.
            #[target_feature(enable = $feature)]
            #[inline(never)]
            unsafe fn stonegame7_line(words: impl Words, v: &[i64], c: &mut [Choices]) -> i64 {
                super::stonegame7_line(words, v, c)
            }

            /// # Safety
            /// The processor must support the feature.
            #[target_feature(enable = $feature)]
            #[inline(never)]
            unsafe fn numbergame_line<V: Variant>(
                words: impl Words,
                v: &[i64],
                c: &mut [Choices],
            ) -> i64 {
                super::numbergame_line::<V, _>(words, v, c)
            }

            fn line_unchecked<V: Variant>(game: Kernel, v: &[i64], c: &mut [Choices]) -> i64 {
                // SAFETY: `line_fill` hands this function out only after
                // the feature was detected.
                unsafe {
                    let words = $words;
                    match game {
                        Kernel::Coins => coins_line(words, v, c),
                        Kernel::NumberGame => numbergame_line::<V>(words, v, c),
                        Kernel::GameOfSum => super::gameofsum(v, c),
                        Kernel::StoneGame7 => stonegame7_line(words, v, c),
                    }
                }
            }

            /// The recording fills, if this processor has the feature.
            pub fn line_fill<V: Variant>() -> Option<super::LineFill> {
                ($(std::arch::is_x86_feature_detected!($detect))&&+)
                    .then_some(line_unchecked::<V> as super::LineFill)
            }
        }
    };
}

/// Room for `len` bytes of choice bits, asking Linux for huge pages: the
/// bits of a long board are megabytes written once, and a page fault per
/// 4 KB of them cost the recording fills a tenth of their time at
/// n = 20,000 (issue 29). A hint only: without it, ordinary pages.
pub(super) fn choice_bytes(len: usize) -> Vec<u8> {
    let bytes = Vec::with_capacity(len);
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = bytes.as_ptr() as usize;
        let first = start.next_multiple_of(HUGE);
        if start + len >= first + HUGE {
            // The one place of the solvers with unsafe code besides the
            // fills (ARCHITECTURE.md).
            #[allow(unsafe_code)]
            // SAFETY: the range is inside the vector's allocation, and
            // MADV_HUGEPAGE changes how its pages are backed, not its
            // contents; a failure leaves the hint unapplied.
            unsafe {
                libc::madvise(
                    first as *mut libc::c_void,
                    start + len - first,
                    libc::MADV_HUGEPAGE,
                );
            }
        }
    }
    bytes
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

            /// Never: the fills were not compiled.
            pub fn line_fill<V: super::Variant>() -> Option<super::LineFill> {
                None
            }
        }
    };
}

fills_for!(avx2, "avx2", ["avx2"], super::Plain);
// AVX-512 target features are stable from Rust 1.89; older compilers (the
// crate supports 1.85) build without them and dispatch to AVX2.
fills_for!(
    #[rustversion::since(1.89)]
    avx512,
    "avx512f,avx512bw,avx512dq",
    ["avx512f", "avx512bw", "avx512dq"],
    super::avx512_words::Masks::new_unchecked()
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
pub(super) fn fill_for<V: Variant>(isa: Isa) -> Option<Fill> {
    match isa {
        Isa::Portable => Some(portable_fill::<V>),
        Isa::Avx2 => avx2::fill::<V>(),
        Isa::Avx512 => avx512::fill::<V>(),
    }
}

/// The recording fills of variant `V` for `isa`, if compiled in and
/// supported by this processor.
pub(super) fn line_fill_for<V: Variant>(isa: Isa) -> Option<LineFill> {
    match isa {
        Isa::Portable => Some(portable_line::<V>),
        Isa::Avx2 => avx2::line_fill::<V>(),
        Isa::Avx512 => avx512::line_fill::<V>(),
    }
}

/// The words of the AVX-512 recording fills: a comparison of eight cells
/// gives their bits as a mask register, stored as it is, where the compiler
/// builds each word in a vector register under the masks and reduces it
/// (issue 29: numbergame's recording fill took twice its value fill so).
/// The same options as the scalar recording fill, in the same order.
#[rustversion::since(1.89)]
#[cfg(target_arch = "x86_64")]
// The one place of the solvers with unsafe code (ARCHITECTURE.md).
#[allow(unsafe_code)]
mod avx512_words {
    use super::{Words, W64};
    use std::arch::x86_64::{
        __m512i, _mm512_cmpge_epi64_mask, _mm512_cmpgt_epi64_mask, _mm512_kunpackb,
        _mm512_kunpackd, _mm512_kunpackw, _mm512_loadu_epi64, _mm512_mask_blend_epi64,
        _mm512_max_epi64, _mm512_setzero_si512, _mm512_storeu_epi64, _mm512_sub_epi64,
    };

    /// Proof that the processor has AVX-512 F: only the fills handed out
    /// after detecting it make one.
    #[derive(Clone, Copy, Debug)]
    pub(super) struct Masks(());

    impl Masks {
        /// # Safety
        /// The processor must have AVX-512 F.
        pub(super) unsafe fn new_unchecked() -> Self {
            Masks(())
        }
    }

    /// Values `8 * k..8 * k + 8` of a word.
    #[target_feature(enable = "avx512f,avx512bw,avx512dq")]
    #[inline]
    fn at(w: &W64, k: usize) -> __m512i {
        // SAFETY: k < 8, so the eight values are in the array.
        unsafe { _mm512_loadu_epi64(w[8 * k..8 * k + 8].as_ptr()) }
    }

    /// Stores `m` as values `8 * k..8 * k + 8` of a word.
    #[target_feature(enable = "avx512f,avx512bw,avx512dq")]
    #[inline]
    fn put(w: &mut W64, k: usize, m: __m512i) {
        // SAFETY: k < 8, so the eight values are in the array.
        unsafe { _mm512_storeu_epi64(w[8 * k..8 * k + 8].as_mut_ptr(), m) }
    }

    /// The word of eight masks, mask k for cells `8 * k..8 * k + 8`,
    /// joined in mask registers.
    #[target_feature(enable = "avx512f,avx512bw,avx512dq")]
    #[inline]
    fn join(m: [u8; 8]) -> u64 {
        let w = |k: usize| _mm512_kunpackb(m[k + 1].into(), m[k].into()).into();
        let d = |k: usize| _mm512_kunpackw(w(k + 2), w(k)).into();
        _mm512_kunpackd(d(4), d(0))
    }

    #[target_feature(enable = "avx512f,avx512bw,avx512dq")]
    #[inline]
    fn coins<const RIGHT: bool>([x, y, p, q]: [&W64; 4], o: &mut W64) -> u64 {
        let mut masks = [0u8; 8];
        for (k, mask) in masks.iter_mut().enumerate() {
            let left = _mm512_sub_epi64(at(x, k), at(q, k));
            let right = _mm512_sub_epi64(at(y, k), at(p, k));
            put(o, k, _mm512_max_epi64(left, right));
            *mask = if RIGHT {
                _mm512_cmpgt_epi64_mask(right, left)
            } else {
                _mm512_cmpge_epi64_mask(left, right)
            };
        }
        join(masks)
    }

    #[target_feature(enable = "avx512f,avx512bw,avx512dq")]
    #[inline]
    fn stonegame7([x, y, before, after, s, e]: [&W64; 6], o: &mut W64) -> u64 {
        let mut masks = [0u8; 8];
        for (k, mask) in masks.iter_mut().enumerate() {
            let sum = _mm512_sub_epi64(at(e, k), at(s, k));
            let left = _mm512_sub_epi64(_mm512_sub_epi64(sum, at(x, k)), at(after, k));
            let right = _mm512_sub_epi64(_mm512_sub_epi64(sum, at(y, k)), at(before, k));
            put(o, k, _mm512_max_epi64(left, right));
            *mask = _mm512_cmpge_epi64_mask(left, right);
        }
        join(masks)
    }

    #[target_feature(enable = "avx512f,avx512bw,avx512dq")]
    #[inline]
    fn numbergame([x, y, p, q, s, t]: [&W64; 6], o: &mut W64) -> [u64; 2] {
        let (mut seconds, mut deleting) = ([0u8; 8], [0u8; 8]);
        for k in 0..8 {
            let left = _mm512_sub_epi64(at(x, k), at(q, k));
            let right = _mm512_sub_epi64(at(y, k), at(p, k));
            let take = _mm512_max_epi64(left, right);
            let zero = _mm512_setzero_si512();
            let (del_left, del_right) = (
                _mm512_sub_epi64(zero, at(t, k)),
                _mm512_sub_epi64(zero, at(s, k)),
            );
            let delete = _mm512_max_epi64(del_left, del_right);
            let best = _mm512_max_epi64(take, delete);
            put(o, k, best);
            // A delete only when strictly better than both takes; within
            // the pair, the second when the first falls short of the best.
            let deletes = _mm512_cmpgt_epi64_mask(delete, take);
            let first = _mm512_mask_blend_epi64(deletes, left, del_left);
            seconds[k] = _mm512_cmpgt_epi64_mask(best, first);
            deleting[k] = deletes;
        }
        [join(seconds), join(deleting)]
    }

    impl Words for Masks {
        #[inline(always)]
        fn coins<const RIGHT: bool>(self, x: &W64, y: &W64, p: &W64, q: &W64, o: &mut W64) -> u64 {
            // SAFETY: a `Masks` exists only where AVX-512 F was detected.
            unsafe { coins::<RIGHT>([x, y, p, q], o) }
        }
        #[inline(always)]
        fn stonegame7(
            self,
            x: &W64,
            y: &W64,
            [b, a]: [&W64; 2],
            [s, e]: [&W64; 2],
            o: &mut W64,
        ) -> u64 {
            // SAFETY: as for `coins`.
            unsafe { stonegame7([x, y, b, a, s, e], o) }
        }
        #[inline(always)]
        fn numbergame(
            self,
            x: &W64,
            y: &W64,
            [p, q]: [&W64; 2],
            [s, t]: [&W64; 2],
            o: &mut W64,
        ) -> [u64; 2] {
            // SAFETY: as for `coins`.
            unsafe { numbergame([x, y, p, q, s, t], o) }
        }
    }
}

//! The spans of the fills, the cells of one diagonal in one tile, for any
//! width of lane ([`Lane`]): the value spans, and the recording spans made
//! of words of 64 cells, by the loops the compiler vectorizes ([`Plain`])
//! or by the AVX-512 words (value.rs) through [`Words`].

use super::record::{
    coins_options, numbergame_options, numbergame_pairs, stonegame7_options, Lane, RowBits,
};

/// Coins cells `[a, b)` of diagonal `len`: `out[l] = max(v[l] - prev[l + 1],
/// v[l + len - 1] - prev[l])` with `prev` the previous diagonal. Zipped
/// slices: no bounds checks and no branches in the loop, which the compiler
/// vectorizes with 64-bit lanes.
#[inline(always)]
pub(super) fn coins_span<T: Lane>(
    v: &[T],
    prev: &[T],
    out: &mut [T],
    len: usize,
    a: usize,
    b: usize,
) {
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
pub(super) fn stonegame7_span<T: Lane>(
    v: &[T],
    p: &[T],
    prev: &[T],
    out: &mut [T],
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
pub(super) fn numbergame_span<T: Lane>(
    v: &[T],
    [prev1, prev2]: [&[T]; 2],
    out: &mut [T],
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
pub(super) trait Words<T: Lane>: Copy {
    /// Coins (see [`coins_word`]).
    fn coins<const RIGHT: bool>(
        self,
        x: &W64<T>,
        y: &W64<T>,
        p: &W64<T>,
        q: &W64<T>,
        o: &mut W64<T>,
        bits: &mut [u8; 8],
    );
    /// Stonegame7 (see [`stonegame7_word`]).
    fn stonegame7(
        self,
        x: &W64<T>,
        y: &W64<T>,
        lens: [&W64<T>; 2],
        ends: [&W64<T>; 2],
        o: &mut W64<T>,
        bits: &mut [u8; 8],
    );
    /// Numbergame (see [`numbergame_word`]).
    fn numbergame(
        self,
        x: &W64<T>,
        y: &W64<T>,
        prev1: [&W64<T>; 2],
        prev2: [&W64<T>; 2],
        o: &mut W64<T>,
        bits: [&mut [u8; 8]; 2],
    );
}

/// The [`Words`] of a set of words by intrinsics (the AVX2 and AVX-512
/// words): `$proof`, a value that exists only where the processor has the
/// words' features, hands each method to the `#[target_feature]` function
/// of the same name in `$module`. Expanded in those modules, which allow
/// their unsafe code.
macro_rules! forward_words {
    ($proof:ty, $t:ty, $module:ident) => {
        impl Words<$t> for $proof {
            #[inline(always)]
            fn coins<const RIGHT: bool>(
                self,
                x: &W64<$t>,
                y: &W64<$t>,
                p: &W64<$t>,
                q: &W64<$t>,
                o: &mut W64<$t>,
                bits: &mut [u8; 8],
            ) {
                // SAFETY: a `$proof` exists only where its features were
                // detected.
                unsafe { $module::coins::<RIGHT>([x, y, p, q], o, bits) }
            }
            #[inline(always)]
            fn stonegame7(
                self,
                x: &W64<$t>,
                y: &W64<$t>,
                [b, a]: [&W64<$t>; 2],
                [s, e]: [&W64<$t>; 2],
                o: &mut W64<$t>,
                bits: &mut [u8; 8],
            ) {
                // SAFETY: as for `coins`.
                unsafe { $module::stonegame7([x, y, b, a, s, e], o, bits) }
            }
            #[inline(always)]
            fn numbergame(
                self,
                x: &W64<$t>,
                y: &W64<$t>,
                [p, q]: [&W64<$t>; 2],
                [s, t]: [&W64<$t>; 2],
                o: &mut W64<$t>,
                bits: [&mut [u8; 8]; 2],
            ) {
                // SAFETY: as for `coins`.
                unsafe { $module::numbergame([x, y, p, q, s, t], o, bits) }
            }
        }
    };
}
#[cfg(target_arch = "x86_64")]
pub(super) use forward_words;

/// The values of one word of cells.
pub(super) type W64<T> = [T; 64];

/// The words by the loops of [`coins_word`] and its siblings, which the
/// compiler vectorizes for whatever instruction set it compiles them for.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Plain;

impl<T: Lane> Words<T> for Plain {
    #[inline(always)]
    fn coins<const RIGHT: bool>(
        self,
        x: &W64<T>,
        y: &W64<T>,
        p: &W64<T>,
        q: &W64<T>,
        o: &mut W64<T>,
        bits: &mut [u8; 8],
    ) {
        *bits = coins_word::<RIGHT, T>([x, y, p, q], o).to_le_bytes();
    }
    #[inline(always)]
    fn stonegame7(
        self,
        x: &W64<T>,
        y: &W64<T>,
        [b, a]: [&W64<T>; 2],
        [s, e]: [&W64<T>; 2],
        o: &mut W64<T>,
        bits: &mut [u8; 8],
    ) {
        *bits = stonegame7_word([x, y, b, a, s, e], o).to_le_bytes();
    }
    #[inline(always)]
    fn numbergame(
        self,
        x: &W64<T>,
        y: &W64<T>,
        [p, q]: [&W64<T>; 2],
        [s, t]: [&W64<T>; 2],
        o: &mut W64<T>,
        [seconds, deleting]: [&mut [u8; 8]; 2],
    ) {
        let [first, other] = numbergame_word([x, y, p, q, s, t], o);
        (*seconds, *deleting) = (first.to_le_bytes(), other.to_le_bytes());
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
fn coins_word<const RIGHT: bool, T: Lane>([x, y, p, q]: [&[T]; 4], o: &mut [T]) -> u64 {
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
fn stonegame7_word<T: Lane>([x, y, before, after, starts, ends]: [&[T]; 6], o: &mut [T]) -> u64 {
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
fn numbergame_word<T: Lane>([x, y, p, q, s, t]: [&[T]; 6], o: &mut [T]) -> [u64; 2] {
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
fn w64<T: Lane>(s: &[T]) -> &W64<T> {
    s.try_into().expect("64 values")
}

/// [`coins_span`], also recording in `row` a word of choice bits per 64
/// cells, from the comparison that gives the maximum (see [`coins_word`]).
#[inline(always)]
pub(super) fn coins_span_rec<const RIGHT: bool, T: Lane, W: Words<T>>(
    words: W,
    [v, prev]: [&[T]; 2],
    out: &mut [T],
    [len, a, b]: [usize; 3],
    row: &mut RowBits,
) {
    let mut start = a;
    while start < b {
        let [lo, hi] = window(row, start, [a, b]);
        let (x, y) = (&v[lo..hi], &v[lo + len - 1..hi + len - 1]);
        let (p, q) = (&prev[lo..hi], &prev[lo + 1..=hi]);
        let o = &mut out[lo..hi];
        if hi - lo == 64 {
            let o = o.try_into().expect("64 values");
            let mut spare = [0; 8];
            let bits = row.whole_word(lo).unwrap_or(&mut spare);
            Words::<T>::coins::<RIGHT>(words, w64(x), w64(y), w64(p), w64(q), o, bits);
            row.put_spare(lo, spare);
        } else {
            row.put(lo, hi - lo, coins_word::<RIGHT, T>([x, y, p, q], o));
        }
        start = row.word_end(start, b);
    }
}

/// [`stonegame7_span`], recording as [`coins_span_rec`].
#[inline(always)]
pub(super) fn stonegame7_span_rec<T: Lane, W: Words<T>>(
    words: W,
    [v, p, prev]: [&[T]; 3],
    out: &mut [T],
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
        if hi - lo == 64 {
            let o = o.try_into().expect("64 values");
            let (lens, sums) = ([w64(before), w64(after)], [w64(starts), w64(ends)]);
            let mut spare = [0; 8];
            let bits = row.whole_word(lo).unwrap_or(&mut spare);
            words.stonegame7(w64(x), w64(y), lens, sums, o, bits);
            row.put_spare(lo, spare);
        } else {
            let word = stonegame7_word([x, y, before, after, starts, ends], o);
            row.put(lo, hi - lo, word);
        }
        start = row.word_end(start, b);
    }
}

/// [`numbergame_span`], recording the two bits of [`numbergame_word`]:
/// `rows[0]` whether the second of the pair, `rows[1]` whether to delete.
#[inline(always)]
pub(super) fn numbergame_span_rec<T: Lane, W: Words<T>>(
    words: W,
    [v, prev1, prev2]: [&[T]; 3],
    out: &mut [T],
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
        if hi - lo == 64 {
            let o = o.try_into().expect("64 values");
            let (mut spare, mut spare_other) = ([0; 8], [0; 8]);
            let bits = [
                first.whole_word(lo).unwrap_or(&mut spare),
                other.whole_word(lo).unwrap_or(&mut spare_other),
            ];
            words.numbergame(w64(x), w64(y), [w64(p), w64(q)], [w64(s), w64(t)], o, bits);
            first.put_spare(lo, spare);
            other.put_spare(lo, spare_other);
        } else {
            let [seconds, deleting] = numbergame_word([x, y, p, q, s, t], o);
            first.put(lo, hi - lo, seconds);
            other.put(lo, hi - lo, deleting);
        }
        start = first.word_end(start, b);
    }
}

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

/// Evaluates `$body`, a loop over the slices `$input`s and `$out` of
/// `$count` cells, with them as arrays of 64 when they have 64 values (the
/// windows of [`window`]): a loop of fixed length 64 is unrolled, and the
/// bit of each group of eight cells is a constant ORed in under the
/// comparison's mask, where a loop of unknown length shifts by a vector of
/// counts. The slices otherwise (a span of fewer than 64 cells).
macro_rules! by_word {
    ($count:expr, [$($input:ident),*], $out:ident, $body:block) => {{
        if $count == 64 {
            $(let $input: &[i64; 64] = $input.try_into().expect("64 values");)*
            let $out: &mut [i64; 64] = $out.try_into().expect("64 values");
            $body
        } else $body
    }};
}

/// [`coins_span`], also recording in `row` a word of choice bits per 64
/// cells, from the comparison that gives the maximum: taking the left end
/// is the (first) optimal move, or with `RIGHT`, the right end is strictly
/// better (numbergame's encoding). A bit per cell shifted into a word is a
/// reduction the compiler vectorizes with the rest of the loop.
#[inline(always)]
fn coins_span_rec<const RIGHT: bool>(
    v: &[i64],
    prev: &[i64],
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
        let word = by_word!(hi - lo, [x, y, p, q], o, {
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
        });
        row.put(lo, hi - lo, word);
        start = row.word_end(start, b);
    }
}

/// [`stonegame7_span`], recording as [`coins_span_rec`].
#[inline(always)]
fn stonegame7_span_rec(
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
        let word = by_word!(hi - lo, [x, y, before, after, starts, ends], o, {
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
        });
        row.put(lo, hi - lo, word);
        start = row.word_end(start, b);
    }
}

/// [`numbergame_span`], recording the first optimal of take left, take
/// right, delete left, delete right as two bits, the encoding of the scalar
/// recording fill: `rows[1]` whether to delete, `rows[0]` whether the
/// second of the pair.
#[inline(always)]
fn numbergame_span_rec(
    v: &[i64],
    [prev1, prev2]: [&[i64]; 2],
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
        let [seconds, deleting] = by_word!(hi - lo, [x, y, p, q, s, t], o, {
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
        });
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
pub(super) fn coins_line(v: &[i64], choices: &mut [Choices]) -> i64 {
    let mut buffers = [vec![0i64; v.len() + 1], vec![0i64; v.len() + 1]];
    for_each_span!(v.len(), |len, a, b| {
        let [even, odd] = &mut buffers;
        let (out, prev) = if len % 2 == 0 {
            (even, odd)
        } else {
            (odd, even)
        };
        coins_span_rec::<false>(v, prev, out, [len, a, b], &mut choices[0].row(len, a));
    });
    buffers[v.len() % 2][0]
}

/// [`stonegame7_value`] recording the choices in `choices[0]`.
#[inline(always)]
pub(super) fn stonegame7_line(v: &[i64], choices: &mut [Choices]) -> i64 {
    let p = prefix_sums(v);
    let mut buffers = [vec![0i64; v.len() + 1], vec![0i64; v.len() + 1]];
    for_each_span!(v.len(), |len, a, b| {
        let [even, odd] = &mut buffers;
        let (out, prev) = if len % 2 == 0 {
            (even, odd)
        } else {
            (odd, even)
        };
        stonegame7_span_rec([v, &p, prev], out, [len, a, b], &mut choices[0].row(len, a));
    });
    buffers[v.len() % 2][0]
}

/// [`numbergame_value`] recording the two bits of each choice in
/// `choices[0]` and `choices[1]`.
#[inline(always)]
pub(super) fn numbergame_line<V: Variant>(v: &[i64], choices: &mut [Choices]) -> i64 {
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
            let rows = [&mut first, &mut deletes.row(len, a)];
            numbergame_span_rec(v, [prev1, prev2], out, [len, a, b], rows);
        } else {
            // Takes only; numbergame's bit 0 says "right", coins' "left".
            coins_span_rec::<true>(v, prev1, out, [len, a, b], &mut first);
        }
    });
    buffers[n % 3][0]
}

/// A recording fill for every game: the value, with the choices recorded
/// in as many [`Choices`] as the game has bits per cell.
pub(super) type LineFill = fn(Kernel, &[i64], &mut [Choices]) -> i64;

/// The recording fills compiled for the target's baseline.
pub(super) fn portable_line<V: Variant>(game: Kernel, v: &[i64], c: &mut [Choices]) -> i64 {
    match game {
        Kernel::Coins => coins_line(v, c),
        Kernel::NumberGame => numbergame_line::<V>(v, c),
        Kernel::GameOfSum => gameofsum(v, c),
        Kernel::StoneGame7 => stonegame7_line(v, c),
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
    ($(#[$attr:meta])* $module:ident, $feature:tt) => {
        $(#[$attr])*
        #[cfg(target_arch = "x86_64")]
        // The one place of the solvers with unsafe code (ARCHITECTURE.md).
        #[allow(unsafe_code)]
        mod $module {
            use super::{Choices, Variant};
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
                std::arch::is_x86_feature_detected!($feature)
                    .then_some(fill_unchecked::<V> as super::Fill)
            }

            /// # Safety
            /// The processor must support the feature.
            #[target_feature(enable = $feature)]
            #[inline(never)]
            unsafe fn coins_line(v: &[i64], c: &mut [Choices]) -> i64 {
                super::coins_line(v, c)
            }

            /// # Safety
            /// The processor must support the feature.
            #[target_feature(enable = $feature)]
            #[inline(never)]
            unsafe fn stonegame7_line(v: &[i64], c: &mut [Choices]) -> i64 {
                super::stonegame7_line(v, c)
            }

            /// # Safety
            /// The processor must support the feature.
            #[target_feature(enable = $feature)]
            #[inline(never)]
            unsafe fn numbergame_line<V: Variant>(v: &[i64], c: &mut [Choices]) -> i64 {
                super::numbergame_line::<V>(v, c)
            }

            fn line_unchecked<V: Variant>(game: Kernel, v: &[i64], c: &mut [Choices]) -> i64 {
                // SAFETY: `line_fill` hands this function out only after
                // the feature was detected.
                unsafe {
                    match game {
                        Kernel::Coins => coins_line(v, c),
                        Kernel::NumberGame => numbergame_line::<V>(v, c),
                        Kernel::GameOfSum => super::gameofsum(v, c),
                        Kernel::StoneGame7 => stonegame7_line(v, c),
                    }
                }
            }

            /// The recording fills, if this processor has the feature.
            pub fn line_fill<V: Variant>() -> Option<super::LineFill> {
                std::arch::is_x86_feature_detected!($feature)
                    .then_some(line_unchecked::<V> as super::LineFill)
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

            /// Never: the fills were not compiled.
            pub fn line_fill<V: super::Variant>() -> Option<super::LineFill> {
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

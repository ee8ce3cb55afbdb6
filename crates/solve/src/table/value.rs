//! The vectorized fills: diagonals computed from the previous ones in cache
//! tiles, by the spans of words.rs, compiled once per instruction set
//! (`fills_for!`) and lane width ([`Lane`]) and picked at run time. The value
//! fills keep only the diagonals; the recording fills (`*_line`) run the
//! same tiles and also keep each cell's choice, from the comparisons that
//! give the maximum, packed eight cells to a byte of [`Choices`]. The
//! `#[target_feature]` modules and the AVX-512 words are the only unsafe
//! code of the solvers.

use super::record::{gameofsum, prefix_sums, Choices, Lane, LineFill, Record};
use super::words::{
    coins_span, coins_span_rec, numbergame_span, numbergame_span_rec, stonegame7_span,
    stonegame7_span_rec, Plain, Words,
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

/// Coins value: diagonals of even lengths in one buffer, odd in the other
/// (n + 1 values each); a diagonal overwrites the one two lengths before.
#[inline(always)]
pub(super) fn coins_value<T: Lane>(v: &[T]) -> T {
    let mut buffers = [
        vec![T::default(); v.len() + 1],
        vec![T::default(); v.len() + 1],
    ];
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
pub(super) fn stonegame7_value<T: Lane>(v: &[T]) -> T {
    let p = prefix_sums(v);
    let mut buffers = [
        vec![T::default(); v.len() + 1],
        vec![T::default(); v.len() + 1],
    ];
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
pub(super) fn numbergame_value<V: Variant, T: Lane>(v: &[T]) -> T {
    let n = v.len();
    let mut buffers = [
        vec![T::default(); n + 1],
        vec![T::default(); n + 1],
        vec![T::default(); n + 1],
    ];
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

/// [`coins_value`] recording the choices as kind 0 of `choices`.
#[inline(always)]
pub(super) fn coins_line<T: Lane, W: Words<T>>(words: W, v: &[T], choices: &mut Choices) -> T {
    let mut buffers = [
        vec![T::default(); v.len() + 1],
        vec![T::default(); v.len() + 1],
    ];
    for_each_span!(v.len(), |len, a, b| {
        let [even, odd] = &mut buffers;
        let (out, prev) = if len % 2 == 0 {
            (even, odd)
        } else {
            (odd, even)
        };
        let mut row = choices.row(0, len, a);
        coins_span_rec::<false, T, W>(words, [v, prev], out, [len, a, b], &mut row);
        choices.store(&row);
    });
    buffers[v.len() % 2][0]
}

/// [`stonegame7_value`] recording the choices as kind 0 of `choices`.
#[inline(always)]
pub(super) fn stonegame7_line<T: Lane, W: Words<T>>(words: W, v: &[T], choices: &mut Choices) -> T {
    let p = prefix_sums(v);
    let mut buffers = [
        vec![T::default(); v.len() + 1],
        vec![T::default(); v.len() + 1],
    ];
    for_each_span!(v.len(), |len, a, b| {
        let [even, odd] = &mut buffers;
        let (out, prev) = if len % 2 == 0 {
            (even, odd)
        } else {
            (odd, even)
        };
        let mut row = choices.row(0, len, a);
        stonegame7_span_rec(words, [v, &p, prev], out, [len, a, b], &mut row);
        choices.store(&row);
    });
    buffers[v.len() % 2][0]
}

/// [`numbergame_value`] recording the two bits of each choice as kinds 0
/// and 1 of `choices`.
#[inline(always)]
pub(super) fn numbergame_line<V: Variant, T: Lane, W: Words<T>>(
    words: W,
    v: &[T],
    choices: &mut Choices,
) -> T {
    let n = v.len();
    let mut buffers = [
        vec![T::default(); n + 1],
        vec![T::default(); n + 1],
        vec![T::default(); n + 1],
    ];
    for_each_span!(n, |len, a, b| {
        let [zero, one, two] = &mut buffers;
        let (out, prev1, prev2) = match len % 3 {
            0 => (zero, &*two, &*one),
            1 => (one, &*zero, &*two),
            _ => (two, &*one, &*zero),
        };
        // Kind 0: whether the second of the pair; kind 1: whether to delete
        // (stored in that order, after the other).
        let mut first = choices.row(0, len, a);
        if V::deletes(len) {
            let mut other = choices.row(1, len, a);
            let rows = [&mut first, &mut other];
            numbergame_span_rec(words, [v, prev1, prev2], out, [len, a, b], rows);
            choices.store(&first);
            choices.store(&other);
        } else {
            // Takes only; numbergame's bit 0 says "right", coins' "left".
            coins_span_rec::<true, T, W>(words, [v, prev1], out, [len, a, b], &mut first);
            choices.store(&first);
        }
    });
    buffers[n % 3][0]
}

/// The recording fills compiled for the target's baseline.
pub(super) fn portable_line<V: Variant, T: Lane>(game: Kernel, v: &[T], c: &mut Choices) -> T {
    match game {
        Kernel::Coins => coins_line(Plain, v, c),
        Kernel::NumberGame => numbergame_line::<V, T, _>(Plain, v, c),
        Kernel::GameOfSum => gameofsum_in(v, c),
        Kernel::StoneGame7 => stonegame7_line(Plain, v, c),
    }
}

/// A value-only fill for every game.
pub(super) type Fill<T> = fn(Kernel, &[T]) -> T;

/// Gameofsum's one scalar fill, which computes in `i64` (its boards are
/// never narrowed, see `Lanes`).
pub(super) fn gameofsum_in<T: Lane>(v: &[T], rec: &mut (impl Record + ?Sized)) -> T {
    let wide: Vec<i64> = v.iter().map(|x| x.widened()).collect();
    T::narrowed(gameofsum(&wide, rec))
}

/// The fills compiled for the target's baseline.
pub(super) fn portable_fill<V: Variant, T: Lane>(game: Kernel, v: &[T]) -> T {
    match game {
        Kernel::Coins => coins_value(v),
        Kernel::NumberGame => numbergame_value::<V, T>(v),
        Kernel::GameOfSum => gameofsum_in(v, &mut ()),
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
            use super::{Choices, Lane, Variant, Words};
            use coinline_game::play::Kernel;

            /// # Safety
            /// The processor must support the feature.
            #[target_feature(enable = $feature)]
            #[inline(never)]
            unsafe fn coins<T: Lane>(v: &[T]) -> T {
                super::coins_value(v)
            }

            /// # Safety
            /// The processor must support the feature.
            #[target_feature(enable = $feature)]
            #[inline(never)]
            unsafe fn stonegame7<T: Lane>(v: &[T]) -> T {
                super::stonegame7_value(v)
            }

            /// # Safety
            /// The processor must support the feature.
            #[target_feature(enable = $feature)]
            #[inline(never)]
            unsafe fn numbergame<V: Variant, T: Lane>(v: &[T]) -> T {
                super::numbergame_value::<V, T>(v)
            }

            fn fill_unchecked<V: Variant, T: Lane>(game: Kernel, v: &[T]) -> T {
                // SAFETY: `fill` hands this function out only after the
                // feature was detected.
                unsafe {
                    match game {
                        Kernel::Coins => coins(v),
                        Kernel::NumberGame => numbergame::<V, T>(v),
                        Kernel::GameOfSum => super::gameofsum_in(v, &mut ()),
                        Kernel::StoneGame7 => stonegame7(v),
                    }
                }
            }

            /// The fills, if this processor has the feature.
            pub fn fill<V: Variant, T: Lane>() -> Option<super::Fill<T>> {
                ($(std::arch::is_x86_feature_detected!($detect))&&+)
                    .then_some(fill_unchecked::<V, T> as super::Fill<T>)
            }

            /// # Safety
            /// The processor must support the feature.
            #[target_feature(enable = $feature)]
            #[inline(never)]
            unsafe fn coins_line<T: Lane>(words: impl Words<T>, v: &[T], c: &mut Choices) -> T {
                super::coins_line(words, v, c)
            }

            /// # Safety
            /// The processor must support the feature.
            #[target_feature(enable = $feature)]
            #[inline(never)]
            unsafe fn stonegame7_line<T: Lane>(
                words: impl Words<T>,
                v: &[T],
                c: &mut Choices,
            ) -> T {
                super::stonegame7_line(words, v, c)
            }

            /// # Safety
            /// The processor must support the feature.
            #[target_feature(enable = $feature)]
            #[inline(never)]
            unsafe fn numbergame_line<V: Variant, T: Lane>(
                words: impl Words<T>,
                v: &[T],
                c: &mut Choices,
            ) -> T {
                super::numbergame_line::<V, T, _>(words, v, c)
            }

            fn line_unchecked<V: Variant, T: Lane>(
                words: impl Words<T>,
                game: Kernel,
                v: &[T],
                c: &mut Choices,
            ) -> T {
                // SAFETY: `line_fill` hands the callers of this function
                // out only after the feature was detected.
                unsafe {
                    match game {
                        Kernel::Coins => coins_line(words, v, c),
                        Kernel::NumberGame => numbergame_line::<V, T>(words, v, c),
                        Kernel::GameOfSum => super::gameofsum_in(v, c),
                        Kernel::StoneGame7 => stonegame7_line(words, v, c),
                    }
                }
            }

            fn line_wide<V: Variant>(game: Kernel, v: &[i64], c: &mut Choices) -> i64 {
                line_unchecked::<V, i64>($words, game, v, c)
            }

            fn line_narrow<V: Variant>(game: Kernel, v: &[i32], c: &mut Choices) -> i32 {
                line_unchecked::<V, i32>($words, game, v, c)
            }

            /// The recording fills, if this processor has the feature.
            pub fn line_fill<V: Variant, T: Lane>() -> Option<super::LineFill<T>> {
                ($(std::arch::is_x86_feature_detected!($detect))&&+)
                    .then(|| T::pick(line_wide::<V>, line_narrow::<V>))
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
            pub fn fill<V: super::Variant, T: super::Lane>() -> Option<super::Fill<T>> {
                None
            }

            /// Never: the fills were not compiled.
            pub fn line_fill<V: super::Variant, T: super::Lane>() -> Option<super::LineFill<T>> {
                None
            }
        }
    };
}

// The AVX2 words of the recording fills, by intrinsics: unsafe code of
// this module's kind, in a file of its own for the size rule.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
#[path = "avx2_words.rs"]
mod avx2_words;

// The AVX2 recording words by intrinsics (avx2_words.rs) where target
// features make intrinsics safe to call (Rust 1.89 here, as for AVX-512);
// before, the plain loops.
fills_for!(
    #[rustversion::since(1.89)]
    avx2,
    "avx2",
    ["avx2"],
    // SAFETY: `line_fill` hands the fills that make it out only after
    // detecting AVX2.
    unsafe { super::avx2_words::Avx2::new_unchecked() }
);
fills_for!(
    #[rustversion::before(1.89)]
    avx2,
    "avx2",
    ["avx2"],
    super::Plain
);
// AVX-512 target features are stable from Rust 1.89; older compilers (the
// crate supports 1.85) build without them and dispatch to AVX2.
fills_for!(
    #[rustversion::since(1.89)]
    avx512,
    "avx512f,avx512bw,avx512dq",
    ["avx512f", "avx512bw", "avx512dq"],
    // SAFETY: `line_fill` hands the fills that make it out only after
    // detecting the features.
    unsafe { super::avx512_words::Masks::new_unchecked() }
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
pub(super) fn fill_for<V: Variant, T: Lane>(isa: Isa) -> Option<Fill<T>> {
    match isa {
        Isa::Portable => Some(portable_fill::<V, T>),
        Isa::Avx2 => avx2::fill::<V, T>(),
        Isa::Avx512 => avx512::fill::<V, T>(),
    }
}

/// The recording fills of variant `V` for `isa`, if compiled in and
/// supported by this processor.
pub(super) fn line_fill_for<V: Variant, T: Lane>(isa: Isa) -> Option<LineFill<T>> {
    match isa {
        Isa::Portable => Some(portable_line::<V, T>),
        Isa::Avx2 => avx2::line_fill::<V, T>(),
        Isa::Avx512 => avx512::line_fill::<V, T>(),
    }
}

/// The words of the AVX-512 recording fills: a comparison of a vector of
/// cells gives their bits as a mask register, stored as it is, where the
/// compiler builds each word in a vector register under the masks and
/// reduces it (issue 29). The same options as the scalar recording fill, in the same
/// order; in 64-bit lanes (eight cells a vector) and 32-bit lanes (16).
#[rustversion::since(1.89)]
#[cfg(target_arch = "x86_64")]
// The one place of the solvers with unsafe code (ARCHITECTURE.md).
#[allow(unsafe_code)]
mod avx512_words {
    use crate::table::words::{forward_words, Words, W64};
    use std::arch::x86_64::*;

    /// Proof that the processor has AVX-512 F, BW and DQ: only the fills
    /// handed out after detecting them make one.
    #[derive(Clone, Copy, Debug)]
    pub(super) struct Masks(());

    impl Masks {
        /// # Safety
        /// The processor must have AVX-512 F, BW and DQ.
        pub(super) unsafe fn new_unchecked() -> Self {
            Masks(())
        }
    }

    /// The words of one lane width: `$t` lanes, `$per` of them a vector,
    /// and the intrinsics of that width. Each vector's mask is stored as
    /// it is, into the row's bytes when the word starts a byte.
    macro_rules! words_of {
        ($module:ident, $t:ty, $per:literal,
         [$load:ident, $store:ident, $sub:ident, $max:ident, $gt:ident, $ge:ident, $blend:ident]) => {
            mod $module {
                use super::*;
                const VECTORS: usize = 64 / $per;

                /// Vector k of a word.
                #[target_feature(enable = "avx512f,avx512bw,avx512dq")]
                #[inline]
                fn at(w: &W64<$t>, k: usize) -> __m512i {
                    // SAFETY: k < VECTORS, so the vector is in the array.
                    unsafe { $load(w[$per * k..$per * k + $per].as_ptr()) }
                }

                /// Stores `m` as vector k of a word.
                #[target_feature(enable = "avx512f,avx512bw,avx512dq")]
                #[inline]
                fn put(w: &mut W64<$t>, k: usize, m: __m512i) {
                    // SAFETY: k < VECTORS, so the vector is in the array.
                    unsafe { $store(w[$per * k..$per * k + $per].as_mut_ptr(), m) }
                }

                #[target_feature(enable = "avx512f,avx512bw,avx512dq")]
                #[inline]
                pub(super) fn coins<const RIGHT: bool>(
                    [x, y, p, q]: [&W64<$t>; 4],
                    o: &mut W64<$t>,
                    bits: &mut [u8; 8],
                ) {
                    for (k, mask) in bits.chunks_exact_mut($per / 8).enumerate() {
                        let left = $sub(at(x, k), at(q, k));
                        let right = $sub(at(y, k), at(p, k));
                        put(o, k, $max(left, right));
                        let m = if RIGHT {
                            $gt(right, left)
                        } else {
                            $ge(left, right)
                        };
                        mask.copy_from_slice(&m.to_le_bytes());
                    }
                }

                #[target_feature(enable = "avx512f,avx512bw,avx512dq")]
                #[inline]
                pub(super) fn stonegame7(
                    [x, y, before, after, s, e]: [&W64<$t>; 6],
                    o: &mut W64<$t>,
                    bits: &mut [u8; 8],
                ) {
                    for (k, mask) in bits.chunks_exact_mut($per / 8).enumerate() {
                        let sum = $sub(at(e, k), at(s, k));
                        let left = $sub($sub(sum, at(x, k)), at(after, k));
                        let right = $sub($sub(sum, at(y, k)), at(before, k));
                        put(o, k, $max(left, right));
                        mask.copy_from_slice(&$ge(left, right).to_le_bytes());
                    }
                }

                #[target_feature(enable = "avx512f,avx512bw,avx512dq")]
                #[inline]
                pub(super) fn numbergame(
                    [x, y, p, q, s, t]: [&W64<$t>; 6],
                    o: &mut W64<$t>,
                    [seconds, deleting]: [&mut [u8; 8]; 2],
                ) {
                    let bytes = $per / 8;
                    for k in 0..VECTORS {
                        let left = $sub(at(x, k), at(q, k));
                        let right = $sub(at(y, k), at(p, k));
                        let take = $max(left, right);
                        let zero = _mm512_setzero_si512();
                        let del_left = $sub(zero, at(t, k));
                        let delete = $max(del_left, $sub(zero, at(s, k)));
                        let best = $max(take, delete);
                        put(o, k, best);
                        // A delete only when strictly better than both
                        // takes; within the pair, the second when the first
                        // falls short of the best.
                        let deletes = $gt(delete, take);
                        let second = $gt(best, $blend(deletes, left, del_left));
                        let at = bytes * k..bytes * k + bytes;
                        seconds[at.clone()].copy_from_slice(&second.to_le_bytes());
                        deleting[at].copy_from_slice(&deletes.to_le_bytes());
                    }
                }
            }

            forward_words!(Masks, $t, $module);
        };
    }

    words_of!(
        wide,
        i64,
        8,
        [
            _mm512_loadu_epi64,
            _mm512_storeu_epi64,
            _mm512_sub_epi64,
            _mm512_max_epi64,
            _mm512_cmpgt_epi64_mask,
            _mm512_cmpge_epi64_mask,
            _mm512_mask_blend_epi64
        ]
    );
    words_of!(
        narrow,
        i32,
        16,
        [
            _mm512_loadu_epi32,
            _mm512_storeu_epi32,
            _mm512_sub_epi32,
            _mm512_max_epi32,
            _mm512_cmpgt_epi32_mask,
            _mm512_cmpge_epi32_mask,
            _mm512_mask_blend_epi32
        ]
    );
}

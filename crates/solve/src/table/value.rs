//! The vectorized fills: diagonals computed from the previous ones in cache
//! tiles, by the spans of words.rs, compiled once per instruction set
//! (`fills_for!`) and lane width ([`Lane`]) and picked at run time. A fill
//! keeps only the diagonals it still reads; the recording fills are the
//! same fills keeping a diagonal at the end of every block of lengths
//! ([`Checkpoints`]), from which walk.rs recomputes the cells of the line.
//! The `#[target_feature]` modules are the only unsafe code of the solvers.

use super::record::{gameofsum, line_from_bits, prefix_sums, Choices, Lane, Record};
use super::walk::{walk, Checkpoints, Keep};
use super::words::{coins_span, numbergame_span, stonegame7_span};
use super::{Isa, Variant, DEPTH, TILE};
use coinline_game::play::{Kernel, Line};

/// Runs `$body` with `$len`, `$a`, `$b` bound for every span of cells
/// `[l, l + len)`, l in `[a, b)`, for len = 1..=top, in an order that keeps
/// each diagonal's inputs computed before they are read and still unchanged
/// when read, provided a cell reads the previous diagonal at l and l + 1, the
/// one before at l and l + 2, and a diagonal's buffer is reused no earlier
/// than two lengths on.
///
/// The diagonals are cut into blocks of [`DEPTH`] and the columns into
/// tiles of `$tile` ([`TILE`] in 64-bit lanes, twice it in 32-bit lanes);
/// within a block, tile t covers `[t * tile - k, (t + 1) * tile - k)` on the
/// block's k-th diagonal (shifted left one column
/// per diagonal, clipped to the diagonal), and a whole tile is done before
/// the next. Cell (len, l) then runs after cells (len - 1, l..=l + 1) and
/// (len - 2, l..=l + 2), and before any cell that overwrites them.
///
/// After each block, `$done` runs with `$last` bound to its last length
/// (every cell up to it is then filled).
///
/// `$width` is the row's length n, which a circle's fill sets per block
/// (bound to its last length) and `$start` runs before each block (bound to
/// its first length): a circle's fill writes the columns it wraps there.
///
/// A macro, not a function taking a closure: the body is pasted into the
/// function that uses it, so it is compiled with that function's target
/// features. A closure is a function of its own, compiled for the baseline
/// and vectorized for it only, whenever the compiler declines to inline it
/// into a `#[target_feature]` caller (issue 14: numbergame's AVX-512 fill
/// once ran scalar through a call that way).
macro_rules! for_each_span {
    ($top:expr, |$at:ident| $width:expr, $tile:expr, |$from:ident| $start:block,
     |$len:ident, $a:ident, $b:ident| $body:block, |$last:ident| $done:block) => {{
        let (top, tile): (usize, usize) = ($top, $tile);
        let mut first = 1;
        while first <= top {
            let last = (first + DEPTH - 1).min(top);
            let n: usize = {
                let $at = last;
                $width
            };
            {
                let $from = first;
                $start
            }
            let columns = n - first + 1;
            for start in (0..columns).step_by(tile) {
                for $len in first..=last {
                    let shift = $len - first;
                    let count = n - $len + 1;
                    let $a = start.saturating_sub(shift);
                    let $b = (start + tile).saturating_sub(shift).min(count);
                    if $a < $b $body
                }
            }
            let $last = last;
            $done
            first = last + 1;
        }
    }};
}

/// The columns of a tile in lanes `T`: [`TILE`] 64-bit values' bytes.
#[inline(always)]
fn tile<T>() -> usize {
    TILE * 8 / std::mem::size_of::<T>()
}

/// Coins cells `[a, b)` of diagonal `len`, which is in the buffer of its
/// parity and reads the other one.
#[inline(always)]
fn coins_step<T: Lane>(v: &[T], buffers: &mut [Vec<T>; 2], len: usize, a: usize, b: usize) {
    let [even, odd] = buffers;
    let (out, prev) = if len % 2 == 0 {
        (even, odd)
    } else {
        (odd, even)
    };
    coins_span(v, prev, out, len, a, b);
}

/// Coins: diagonals of even lengths in one buffer, odd in the other
/// (n + 1 values each); a diagonal overwrites the one two lengths before.
#[inline(always)]
pub(super) fn coins_value<T: Lane>(v: &[T], keep: &mut impl Keep<T>) -> T {
    let mut buffers = [
        vec![T::default(); v.len() + 1],
        vec![T::default(); v.len() + 1],
    ];
    for_each_span!(
        v.len(),
        |_last| v.len(),
        tile::<T>(),
        |_first| {},
        |len, a, b| { coins_step(v, &mut buffers, len, a, b) },
        |last| { keep.keep(&buffers[last % 2], None) }
    );
    buffers[v.len() % 2][0]
}

/// Coins round a circle of `n` values, up to length `top` (below n): the
/// buffer whose entry l (l < n) is the value of the `top` values from l.
/// `v` is the circle written out to 2n + [`DEPTH`] values. A block of
/// lengths first..=last fills columns `0..n + last - len` of diagonal len,
/// the ones past n standing for the start of the circle again, so the
/// block reads diagonal first - 1 up to column n + last - first: its
/// columns past n are copied from its first ones before the block. About
/// n cells a length, not the 2n - len of the doubled row.
#[inline(always)]
pub(super) fn coins_circle<T: Lane>(v: &[T], n: usize, top: usize) -> Vec<T> {
    let mut buffers = [vec![T::default(); n + DEPTH], vec![T::default(); n + DEPTH]];
    for_each_span!(
        top,
        |last| n + last - 1,
        tile::<T>(),
        |first| {
            // Forward, so that a circle shorter than DEPTH wraps again.
            let prev = &mut buffers[(first - 1) % 2];
            for column in n..n + DEPTH {
                prev[column] = prev[column - n];
            }
        },
        |len, a, b| { coins_step(v, &mut buffers, len, a, b) },
        |_last| {}
    );
    let [mut even, mut odd] = buffers;
    let out = if top % 2 == 0 { &mut even } else { &mut odd };
    out.truncate(n);
    std::mem::take(out)
}

/// Stonegame7: the prefix sums and two buffers, as [`coins_value`].
#[inline(always)]
pub(super) fn stonegame7_value<T: Lane>(v: &[T], keep: &mut impl Keep<T>) -> T {
    let p = prefix_sums(v);
    let mut buffers = [
        vec![T::default(); v.len() + 1],
        vec![T::default(); v.len() + 1],
    ];
    for_each_span!(
        v.len(),
        |_last| v.len(),
        tile::<T>(),
        |_first| {},
        |len, a, b| {
            let [even, odd] = &mut buffers;
            let (out, prev) = if len % 2 == 0 {
                (even, odd)
            } else {
                (odd, even)
            };
            stonegame7_span(v, &p, prev, out, len, a, b);
        },
        |last| { keep.keep(&buffers[last % 2], None) }
    );
    buffers[v.len() % 2][0]
}

/// Numbergame under variant `V`: three buffers of n + 1 values, diagonal
/// len in buffer len % 3 (overwriting the diagonal three lengths before).
#[inline(always)]
pub(super) fn numbergame_value<V: Variant, T: Lane>(v: &[T], keep: &mut impl Keep<T>) -> T {
    let n = v.len();
    let mut buffers = [
        vec![T::default(); n + 1],
        vec![T::default(); n + 1],
        vec![T::default(); n + 1],
    ];
    for_each_span!(
        n,
        |_last| n,
        tile::<T>(),
        |_first| {},
        |len, a, b| {
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
        },
        |last| {
            let older = &buffers[(last + 2) % 3];
            keep.keep(&buffers[last % 3], Some(older))
        }
    );
    buffers[n % 3][0]
}

/// A recording fill for every game: the value and a line.
pub(super) type LineFill<T> = fn(Kernel, &[T]) -> (T, Line);

/// The recording fill of `game` by `fill_and_walk` (given the
/// checkpoints to keep, it fills and walks them): the value and the line;
/// gameofsum's by its scalar fill and choice bits.
#[inline(always)]
fn line_by<T: Lane>(
    game: Kernel,
    v: &[T],
    fill_and_walk: impl FnOnce(&mut Checkpoints<T>) -> (T, Line),
) -> (T, Line) {
    if game == Kernel::GameOfSum {
        let mut choices = Choices::new(v.len(), 3);
        let value = gameofsum_in(v, &mut choices);
        return (value, line_from_bits(game, v.len(), &choices));
    }
    fill_and_walk(&mut Checkpoints::new(game, v.len()))
}

/// The fills compiled for the target's baseline, keeping what `keep` asks.
pub(super) fn portable_keeping<V: Variant, T: Lane>(
    game: Kernel,
    v: &[T],
    keep: &mut impl Keep<T>,
) -> T {
    match game {
        Kernel::Coins => coins_value(v, keep),
        Kernel::NumberGame => numbergame_value::<V, T>(v, keep),
        Kernel::GameOfSum => gameofsum_in(v, &mut ()),
        Kernel::StoneGame7 => stonegame7_value(v, keep),
    }
}

/// The recording fills compiled for the target's baseline.
pub(super) fn portable_line<V: Variant, T: Lane>(game: Kernel, v: &[T]) -> (T, Line) {
    line_by::<T>(game, v, |kept| {
        let value = portable_keeping::<V, T>(game, v, kept);
        (value, walk::<V, T>(game, v, kept))
    })
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
    portable_keeping::<V, T>(game, v, &mut ())
}

/// Compiles the fills for one instruction set, in a module whose `fill()`
/// and `line_fill()` hand them out only when the processor has the
/// feature. Everything the `#[target_feature]` functions call in their
/// loops is `#[inline(always)]` and closure-free, so it is compiled with
/// the feature.
macro_rules! fills_for {
    ($(#[$attr:meta])* $module:ident, $feature:literal, [$($detect:tt),+]) => {
        $(#[$attr])*
        #[cfg(target_arch = "x86_64")]
        // The one place of the solvers with unsafe code (ARCHITECTURE.md).
        #[allow(unsafe_code)]
        mod $module {
            use super::{Checkpoints, Keep, Lane, Variant};
            use coinline_game::play::{Kernel, Line};

            /// # Safety
            /// The processor must support the feature.
            #[target_feature(enable = $feature)]
            #[inline(never)]
            unsafe fn coins<T: Lane>(v: &[T], keep: &mut impl Keep<T>) -> T {
                super::coins_value(v, keep)
            }

            /// # Safety
            /// The processor must support the feature.
            #[target_feature(enable = $feature)]
            #[inline(never)]
            unsafe fn stonegame7<T: Lane>(v: &[T], keep: &mut impl Keep<T>) -> T {
                super::stonegame7_value(v, keep)
            }

            /// # Safety
            /// The processor must support the feature.
            #[target_feature(enable = $feature)]
            #[inline(never)]
            unsafe fn numbergame<V: Variant, T: Lane>(v: &[T], keep: &mut impl Keep<T>) -> T {
                super::numbergame_value::<V, T>(v, keep)
            }

            /// # Safety
            /// The processor must support the feature (`fill` and
            /// `line_fill` hand out its callers only after detecting it).
            unsafe fn keeping<V: Variant, T: Lane>(
                game: Kernel,
                v: &[T],
                keep: &mut impl Keep<T>,
            ) -> T {
                // SAFETY: as this function's.
                unsafe {
                    match game {
                        Kernel::Coins => coins(v, keep),
                        Kernel::NumberGame => numbergame::<V, T>(v, keep),
                        Kernel::GameOfSum => super::gameofsum_in(v, &mut ()),
                        Kernel::StoneGame7 => stonegame7(v, keep),
                    }
                }
            }

            fn fill_unchecked<V: Variant, T: Lane>(game: Kernel, v: &[T]) -> T {
                // SAFETY: `fill` hands this function out only after the
                // feature was detected.
                unsafe { keeping::<V, T>(game, v, &mut ()) }
            }

            /// # Safety
            /// The processor must support the feature.
            #[target_feature(enable = $feature)]
            #[inline(never)]
            unsafe fn walk<V: Variant, T: Lane>(
                game: Kernel,
                v: &[T],
                kept: &Checkpoints<T>,
            ) -> Line {
                super::walk::<V, T>(game, v, kept)
            }

            fn line_unchecked<V: Variant, T: Lane>(game: Kernel, v: &[T]) -> (T, Line) {
                // SAFETY: `line_fill` hands this function out only after
                // the feature was detected.
                super::line_by::<T>(game, v, |kept: &mut Checkpoints<T>| unsafe {
                    let value = keeping::<V, T>(game, v, kept);
                    (value, walk::<V, T>(game, v, kept))
                })
            }

            /// # Safety
            /// The processor must support the feature.
            #[target_feature(enable = $feature)]
            #[inline(never)]
            unsafe fn circle<T: Lane>(v: &[T], n: usize, top: usize) -> Vec<T> {
                super::coins_circle(v, n, top)
            }

            fn circle_unchecked<T: Lane>(v: &[T], n: usize, top: usize) -> Vec<T> {
                // SAFETY: `circle_fill` hands this function out only after
                // the feature was detected.
                unsafe { circle(v, n, top) }
            }

            /// Coins' circle fill, if this processor has the feature.
            pub fn circle_fill<T: Lane>() -> Option<super::CircleFill<T>> {
                detected().then_some(circle_unchecked::<T> as super::CircleFill<T>)
            }

            fn detected() -> bool {
                $(std::arch::is_x86_feature_detected!($detect))&&+
            }

            /// The fills, if this processor has the feature.
            pub fn fill<V: Variant, T: Lane>() -> Option<super::Fill<T>> {
                detected().then_some(fill_unchecked::<V, T> as super::Fill<T>)
            }

            /// The recording fills, if this processor has the feature.
            pub fn line_fill<V: Variant, T: Lane>() -> Option<super::LineFill<T>> {
                detected().then_some(line_unchecked::<V, T> as super::LineFill<T>)
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

            /// Never: the fills were not compiled.
            pub fn circle_fill<T: super::Lane>() -> Option<super::CircleFill<T>> {
                None
            }
        }
    };
}

fills_for!(avx2, "avx2", ["avx2"]);
// AVX-512 target features are stable from Rust 1.89; older compilers (the
// crate supports 1.85) build without them and dispatch to AVX2.
fills_for!(
    #[rustversion::since(1.89)]
    avx512,
    "avx512f,avx512bw,avx512dq",
    ["avx512f", "avx512bw", "avx512dq"]
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

/// Coins round a circle up to a length ([`coins_circle`]).
pub(super) type CircleFill<T> = fn(&[T], usize, usize) -> Vec<T>;

/// Coins' circle fill for `isa`, if compiled in and supported by this
/// processor.
pub(super) fn circle_fill_for<T: Lane>(isa: Isa) -> Option<CircleFill<T>> {
    match isa {
        Isa::Portable => Some(coins_circle::<T>),
        Isa::Avx2 => avx2::circle_fill::<T>(),
        Isa::Avx512 => avx512::circle_fill::<T>(),
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

//! The line of coins, numbergame and stonegame7 from checkpoints: the
//! value fill keeps the diagonals it has at the end of each block of
//! [`DEPTH`] lengths ([`Checkpoints`]), and the walk recomputes, from the
//! checkpoint below, only the cells its next lengths can reach (a triangle
//! of at most `DEPTH` columns), then reads each move off the options of its
//! cell. A line then costs the value fill, a copy of one diagonal (two for
//! numbergame) per block, and about n * DEPTH / 2 cells of the walk: no
//! choice bit is recorded while filling.

use super::record::{
    coins_options, numbergame_options, prefix_sums, stonegame7_options, Kept, Lane,
};
use super::words::{coins_span, numbergame_span, stonegame7_span};
use super::{Variant, DEPTH};
use coinline_game::play::{Kernel, Line, Move, Side};

/// What a value fill does at the end of each block of lengths: nothing
/// (`()`, the value-only fill), or keep its diagonals ([`Checkpoints`]).
pub(super) trait Keep<T> {
    /// Called at the end of each block, when every cell of its lengths is
    /// filled, with its last diagonal and, where the game reads two lengths
    /// back, the one before (each indexed by the first value of its
    /// interval).
    fn keep(&mut self, newest: &[T], older: Option<&[T]>);
}

impl<T> Keep<T> for () {
    #[inline(always)]
    fn keep(&mut self, _: &[T], _: Option<&[T]>) {}
}

/// The diagonals of lengths DEPTH, 2 * DEPTH, ... (and for numbergame the
/// one before each), n + 1 values each, one after the other, as bytes.
pub(super) struct Checkpoints<T> {
    n: usize,
    /// Diagonals kept per checkpoint: 1, or 2 for numbergame.
    per: usize,
    kept: Kept,
    lanes: std::marker::PhantomData<T>,
}

impl<T: Lane> Checkpoints<T> {
    pub(super) fn new(game: Kernel, n: usize) -> Self {
        let per = if game == Kernel::NumberGame { 2 } else { 1 };
        // Every block's, the last one's too, in room asked for at once:
        // growing a Vec as the fill went copied it and took a tenth of a
        // recording fill at n = 10,000.
        let room = n.div_ceil(DEPTH) * per * (n + 1) * std::mem::size_of::<T>();
        Checkpoints {
            n,
            per,
            kept: Kept::new(room),
            lanes: std::marker::PhantomData,
        }
    }

    /// Diagonal `len` (a positive multiple of DEPTH below n, or one before
    /// it) from column `from` into `out`, zeros past its last cell.
    fn diagonal(&self, len: usize, from: usize, out: &mut [T]) {
        out.fill(T::default());
        let (checkpoint, older) = (len.div_ceil(DEPTH), usize::from(len % DEPTH != 0));
        // Coins and stonegame7 never read two lengths back.
        if older >= self.per {
            return;
        }
        let size = std::mem::size_of::<T>();
        let row = ((checkpoint - 1) * self.per + older) * (self.n + 1);
        // The diagonal's cells: the kept row's entries past them are stale.
        let cells = self.n + 1 - len;
        T::get(
            &self.kept.stored()[(row + from) * size..(row + cells) * size],
            out,
        );
    }
}

impl<T: Lane> Keep<T> for Checkpoints<T> {
    #[inline]
    fn keep(&mut self, newest: &[T], older: Option<&[T]>) {
        // The last block's diagonals too: never read, cheaper than a test.
        let size = std::mem::size_of::<T>() * (self.n + 1);
        let row = &newest[..=self.n];
        self.kept.append_with(size, |out| T::put(row, out));
        if self.per == 2 {
            let row = &older.expect("numbergame keeps two diagonals")[..=self.n];
            self.kept.append_with(size, |out| T::put(row, out));
        }
    }
}

/// The first optimal move of cell (len, l) from the differences of the
/// intervals it leads to (`before` = D(l, l + len - 1), `after` = D(l + 1,
/// l + len), and for numbergame the two lengths back), in the order the
/// scalar fills of record.rs prefer on a tie: left, right, delete left,
/// delete right.
#[inline]
fn best_move<V: Variant, T: Lane>(
    game: Kernel,
    v: &[T],
    len: usize,
    l: usize,
    [before, after]: [T; 2],
    [skip_before, skip_after]: [T; 2],
) -> Move {
    let (x, y) = (v[l], v[l + len - 1]);
    let first_best = |options: &[T]| {
        let mut choice = 0;
        for (i, &o) in options.iter().enumerate().skip(1) {
            if o > options[choice] {
                choice = i;
            }
        }
        choice
    };
    let choice = match game {
        Kernel::Coins => first_best(&coins_options(x, y, before, after)),
        // The interval's sum is added to both options: it does not change
        // which is best.
        Kernel::StoneGame7 => first_best(&stonegame7_options(T::default(), x, y, before, after)),
        _ => {
            let options = numbergame_options(x, y, before, after, skip_before, skip_after);
            first_best(&options[..if V::deletes(len) { 4 } else { 2 }])
        }
    };
    match choice {
        0 => Move::take(Side::Left, 1),
        1 => Move::take(Side::Right, 1),
        2 => Move::delete(Side::Left, 2),
        _ => Move::delete(Side::Right, 2),
    }
}

/// The line of the fill that kept `checkpoints` on board `v` (coins,
/// numbergame under variant `V`, or stonegame7). Inlined, so that its spans
/// are compiled with the instruction set of the fill that calls it.
#[inline(always)]
pub(super) fn walk<V: Variant, T: Lane>(
    game: Kernel,
    v: &[T],
    checkpoints: &Checkpoints<T>,
) -> Line {
    let p = if game == Kernel::StoneGame7 {
        prefix_sums(v)
    } else {
        Vec::new()
    };
    let (mut left, mut right) = (0, v.len());
    let mut moves = Vec::new();
    let mut rows: Vec<T> = Vec::new();
    while left < right {
        // The lengths (base, top] from the checkpoint below: row r of the
        // window is length base - 1 + r, column k the interval from
        // start + k. From (top, start) the walk reaches at length len only
        // columns up to top - len, whose options read the two rows below
        // up to column top - len + 2.
        let (top, start) = (right - left, left);
        let base = (top - 1) / DEPTH * DEPTH;
        let width = top - base + 3;
        // At most DEPTH lengths, so at most DEPTH + 3 columns, per window.
        debug_assert!(width <= DEPTH + 3, "a window of {width} columns");
        // Not zeroed again per block: a row is read only where it was
        // written (the checkpoint rows whole, the others up to the cells
        // computed), and zeroing 270 KB per block took a millisecond at
        // n = 10,000.
        let count = top - base + 1;
        rows.resize(count * width, T::default());
        // Lengths base - 1 and base: zeros below the first checkpoint (the
        // fills start from zeroed buffers), else the checkpoint's.
        let (below, _) = rows.split_at_mut(2 * width);
        if base == 0 {
            below.fill(T::default());
        } else {
            for (r, row) in below.chunks_exact_mut(width).enumerate() {
                checkpoints.diagonal(base + r - 1, start, row);
            }
        }
        let (v_here, p_here) = (&v[start..], p.get(start..).unwrap_or(&[]));
        // Rows 2.. are lengths base + 1 to top - 1 (the walk reads the
        // options of length top, not its value).
        for r in 2..count {
            let len = base + r - 1;
            let (below, out) = rows.split_at_mut(r * width);
            let out = &mut out[..width];
            let prev1 = &below[(r - 1) * width..];
            let prev2 = &below[(r - 2) * width..];
            let cells = top - len + 1;
            match game {
                Kernel::Coins => coins_span(v_here, prev1, out, len, 0, cells),
                Kernel::StoneGame7 => stonegame7_span(v_here, p_here, prev1, out, len, 0, cells),
                _ if V::deletes(len) => numbergame_span(v_here, [prev1, prev2], out, len, 0, cells),
                _ => coins_span(v_here, prev1, out, len, 0, cells),
            }
        }
        let at = |len: usize, k: usize| rows[(len + 1 - base) * width + k];
        while right - left > base {
            let (len, k) = (right - left, left - start);
            let next = [at(len - 1, k), at(len - 1, k + 1)];
            let skips = if len >= 2 {
                [at(len - 2, k), at(len - 2, k + 2)]
            } else {
                [T::default(); 2]
            };
            let mv = best_move::<V, T>(game, v, len, left, next, skips);
            moves.push(mv);
            match mv.side {
                Side::Left => left += mv.count,
                Side::Right => right -= mv.count,
            }
        }
    }
    Line::new(moves)
}

#[cfg(test)]
mod tests {
    use super::super::value::portable_line;
    use super::super::Exact;
    use super::*;

    /// The checkpoints are sized before the fill: it keeps exactly the
    /// room asked for (one diagonal, or two for numbergame, per block).
    #[test]
    fn the_checkpoints_take_the_memory_reserved_for_them() {
        for game in [Kernel::Coins, Kernel::NumberGame, Kernel::StoneGame7] {
            for n in [1, DEPTH - 1, DEPTH, DEPTH + 1, 3 * DEPTH + 5] {
                let v: Vec<i64> = (0..n as i64).map(|i| i * 37 % 11).collect();
                let mut kept = Checkpoints::new(game, n);
                super::super::value::portable_keeping::<Exact, i64>(game, &v, &mut kept);
                let per = if game == Kernel::NumberGame { 2 } else { 1 };
                let room = n.div_ceil(DEPTH) * per * (n + 1) * 8;
                assert_eq!(kept.kept.stored().len(), room, "{game:?}, n = {n}");
                let _ = portable_line::<Exact, i64>(game, &v);
            }
        }
    }
}

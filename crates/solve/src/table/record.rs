//! The choices of a table ([`Choices`]) and the line read back from them;
//! the scalar fills, cell by cell: gameofsum's (value and recording), and
//! for tests the recording fills of the other kernels, the reference of the
//! vectorized ones. The options of a cell (`coins_options`, ...) are the one
//! statement of each recurrence, shared with the vectorized fills.

#[cfg(test)]
use super::Variant;
use super::{DEPTH, TILE};
use coinline_game::play::{Kernel, Line, Move, Side};
use std::ops::{Add, DerefMut, Neg, Sub};
use std::sync::OnceLock;

/// The integers a fill computes in: `i64`, or `i32` where the board's
/// bound proves that every value, option and sum of the fill fits
/// (`Lanes` in mod.rs), which doubles the cells of each vector instruction.
pub(super) trait Lane:
    Copy
    + Ord
    + Default
    + Add<Output = Self>
    + Sub<Output = Self>
    + Neg<Output = Self>
    + Send
    + Sync
    + 'static
{
    /// `v`, which the caller has proved fits.
    fn narrowed(v: i64) -> Self;
    /// Back to 64 bits.
    fn widened(self) -> i64;
    /// Of a recording fill for each width, the one for this width.
    fn pick(wide: LineFill<i64>, narrow: LineFill<i32>) -> LineFill<Self>;
}

impl Lane for i64 {
    #[inline(always)]
    fn narrowed(v: i64) -> Self {
        v
    }
    #[inline(always)]
    fn widened(self) -> i64 {
        self
    }
    fn pick(wide: LineFill<i64>, _: LineFill<i32>) -> LineFill<Self> {
        wide
    }
}

impl Lane for i32 {
    #[inline(always)]
    fn narrowed(v: i64) -> Self {
        // Only for boards whose bound was proved to fit (`Lanes`).
        v as i32
    }
    #[inline(always)]
    fn widened(self) -> i64 {
        i64::from(self)
    }
    fn pick(_: LineFill<i64>, narrow: LineFill<i32>) -> LineFill<Self> {
        narrow
    }
}

/// A recording fill for every game: the value, with the choices recorded
/// in [`Choices`] of as many kinds as the game has bits per cell.
pub(super) type LineFill<T> = fn(Kernel, &[T], &mut Choices) -> T;

/// The choice bits of a table: `kinds` bits per interval (one for coins,
/// two for numbergame, ...), laid out in the tiles the vectorized fills visit
/// (value.rs): for each block of [`DEPTH`] lengths and each tile of
/// [`TILE`] columns, the block's diagonals one after the other, each a row
/// of `TILE` bits per kind (the kinds' rows side by side), bit i of
/// diagonal len the cell at column
/// `t * TILE - (len - first) + i`. A tile's bits are then 16 KB a kind in one
/// place, and the vectorized fills produce the rows in the order they are
/// stored: each row is built in a [`RowBits`] of its own (in the L1 cache)
/// and appended ([`Choices::store`]), so the bits are written once, in
/// order, and the memory is never zeroed first. Bytes past the end so far
/// read as zero. Every span of a fill but a diagonal's first starts a row,
/// so its words of 64 cells ([`RowBits::put`]) are stored without shifting.
/// All kinds are one allocation appended in one stream: numbergame's two
/// kinds as two allocations cost its recording fill about 0.4x its value
/// fill more in `bench --check-dispatch`, where glibc returned the pair's
/// memory to the system after every solve and the next paid the page
/// faults again (one allocation of coins' size it keeps).
pub(super) struct Choices {
    n: usize,
    /// Bits per interval: the rows of a diagonal in a tile, one per kind.
    kinds: usize,
    /// Byte offset of each block of lengths.
    blocks: Vec<usize>,
    /// The rows stored so far (all of them once the fill is done).
    bytes: Bytes,
}

/// Zeroed memory for the choice bits of a long board from the layer that
/// may ask the system for it (the binary maps it for huge pages): a
/// recording fill's bits otherwise take a page fault per 4 KB they are
/// first written, about a third of its time at n = 10,000 in a VM.
pub type BitsMemory = Box<dyn DerefMut<Target = [u8]> + Send>;

/// Makes memory of at least the given number of bytes, or `None`.
pub type BitsProvider = fn(usize) -> Option<BitsMemory>;

static PROVIDER: OnceLock<BitsProvider> = OnceLock::new();

/// From this many bytes of bits on, a [`BitsProvider`] is asked first:
/// smaller buffers take few page faults.
const PROVIDED_FROM: usize = 1 << 20;

/// Installs the provider of the bits' memory of long boards (once per
/// process; later calls change nothing). Without one, or when it gives
/// `None`, the bits are on the heap.
pub fn provide_bits_memory(provider: BitsProvider) {
    // A second provider is ignored: the first may already be in use.
    let _ = PROVIDER.set(provider);
}

/// The bytes of a [`Choices`]: a `Vec`, or provided memory of a fixed
/// size and the length stored so far. Bytes past the length may hold
/// anything (a kept buffer's old bits): rows are appended over them and
/// gaps zeroed.
enum Bytes {
    Heap(Vec<u8>),
    Given { memory: BitsMemory, len: usize },
}

impl Bytes {
    fn capacity(&self) -> usize {
        match self {
            Bytes::Heap(v) => v.capacity(),
            Bytes::Given { memory, .. } => memory.len(),
        }
    }
    fn len(&self) -> usize {
        match self {
            Bytes::Heap(v) => v.len(),
            Bytes::Given { len, .. } => *len,
        }
    }
    fn stored(&self) -> &[u8] {
        match self {
            Bytes::Heap(v) => v,
            Bytes::Given { memory, len } => &memory[..*len],
        }
    }
    fn stored_mut(&mut self) -> &mut [u8] {
        match self {
            Bytes::Heap(v) => v,
            Bytes::Given { memory, len } => &mut memory[..*len],
        }
    }
    fn clear(&mut self) {
        match self {
            Bytes::Heap(v) => v.clear(),
            Bytes::Given { len, .. } => *len = 0,
        }
    }
    /// Zeros from the length to `end` (not below the length).
    fn zero_to(&mut self, end: usize) {
        match self {
            Bytes::Heap(v) => v.resize(end.max(v.len()), 0),
            Bytes::Given { memory, len } if end > *len => {
                memory[*len..end].fill(0);
                *len = end;
            }
            Bytes::Given { .. } => {}
        }
    }
    fn append(&mut self, bytes: &[u8]) {
        match self {
            Bytes::Heap(v) => v.extend_from_slice(bytes),
            Bytes::Given { memory, len } => {
                memory[*len..*len + bytes.len()].copy_from_slice(bytes);
                *len += bytes.len();
            }
        }
    }
}

/// Bytes of one diagonal's row in a tile.
const ROW: usize = TILE / 8;

/// The largest buffer of choice bits a thread keeps for its next fill.
const SPARE_LIMIT: usize = 64 << 20;

thread_local! {
    /// The bits' buffer of the thread's last recording fill, kept for the
    /// next one (up to [`SPARE_LIMIT`] bytes): glibc hands a buffer of tens
    /// of MB back to the system when it is freed, and a fresh one costs a
    /// page fault per 4 KB it is written, which at n = 20,000 took about a
    /// third of numbergame's recording fill on every solve of a run.
    static SPARE: std::cell::Cell<Option<Bytes>> = const { std::cell::Cell::new(None) };
}

impl Drop for Choices {
    fn drop(&mut self) {
        let bytes = std::mem::replace(&mut self.bytes, Bytes::Heap(Vec::new()));
        if bytes.capacity() <= SPARE_LIMIT {
            let kept = SPARE.take();
            SPARE.set(match kept {
                Some(kept) if kept.capacity() > bytes.capacity() => Some(kept),
                _ => Some(bytes),
            });
        }
    }
}

/// Bytes for `end` bytes of bits: the thread's kept buffer if large
/// enough, else provided memory for a long board, else the heap.
fn bytes_for(end: usize) -> Bytes {
    let mut bytes = match SPARE.take() {
        Some(kept) if kept.capacity() >= end => kept,
        kept => {
            let given = PROVIDER
                .get()
                .filter(|_| end >= PROVIDED_FROM)
                .and_then(|provide| provide(end))
                .filter(|memory| memory.len() >= end);
            match (given, kept) {
                (Some(memory), _) => Bytes::Given { memory, len: 0 },
                (None, Some(Bytes::Heap(mut v))) => {
                    v.clear();
                    v.reserve(end);
                    Bytes::Heap(v)
                }
                (None, _) => Bytes::Heap(Vec::with_capacity(end)),
            }
        }
    };
    bytes.clear();
    bytes
}

impl Choices {
    pub(super) fn new(n: usize, kinds: usize) -> Self {
        let mut blocks = Vec::new();
        let mut end = 0;
        for first in (1..=n).step_by(DEPTH) {
            blocks.push(end);
            let columns = n - first + 1;
            end += columns.div_ceil(TILE) * columns.min(DEPTH) * ROW * kinds;
        }
        Choices {
            n,
            kinds,
            blocks,
            bytes: bytes_for(end),
        }
    }
    /// The byte offset of the row of kind `kind` of cell (len, left) and
    /// the cell's bit in it: (block, the tile's first column skew, ...) see
    /// the type's docs.
    #[inline(always)]
    fn row_of(&self, kind: usize, len: usize, left: usize) -> (usize, usize) {
        let (block, shift) = ((len - 1) / DEPTH, (len - 1) % DEPTH);
        let first = block * DEPTH + 1;
        let depth = (self.n - first + 1).min(DEPTH);
        let column = left + shift;
        let tile = column / TILE;
        let row = self.blocks[block] + ((tile * depth + shift) * self.kinds + kind) * ROW;
        (row, column % TILE)
    }
    /// Records one cell's bit in any order (the scalar fills): the rows up
    /// to the cell's are stored as they are.
    #[inline]
    pub(super) fn set(&mut self, kind: usize, len: usize, left: usize, on: bool) {
        let (row, bit) = self.row_of(kind, len, left);
        self.bytes.zero_to(row + ROW);
        self.bytes.stored_mut()[row + bit / 8] |= u8::from(on) << (bit % 8);
    }
    #[inline]
    pub(super) fn get(&self, kind: usize, len: usize, left: usize) -> bool {
        let (row, bit) = self.row_of(kind, len, left);
        self.bytes
            .stored()
            .get(row + bit / 8)
            .is_some_and(|byte| byte >> (bit % 8) & 1 == 1)
    }
    /// A fresh row of kind `kind` for the span of length `len` that starts
    /// at column `a`, for a vectorized fill to write and then
    /// [`store`](Choices::store) (the kinds of a span in order).
    #[inline(always)]
    pub(super) fn row(&self, kind: usize, len: usize, a: usize) -> RowBits {
        let (at, bit) = self.row_of(kind, len, a);
        RowBits {
            bytes: [0; ROW],
            at,
            // Cell l is bit l - a + bit: as a wrapping offset, since the
            // first span of a diagonal starts `bit` into its row.
            skew: bit.wrapping_sub(a),
        }
    }
    /// Stores a row made by [`row`](Choices::row): appended when it is the
    /// next (the rows of spans without cells in between are zero), ORed in
    /// when it was stored before.
    #[inline(always)]
    pub(super) fn store(&mut self, row: &RowBits) {
        if self.bytes.len() <= row.at {
            self.bytes.zero_to(row.at);
            self.bytes.append(&row.bytes);
        } else {
            let stored = &mut self.bytes.stored_mut()[row.at..row.at + ROW];
            for (byte, &bits) in stored.iter_mut().zip(&row.bytes) {
                *byte |= bits;
            }
        }
    }
}

/// The row of one diagonal in one tile of a [`Choices`], built by a
/// vectorized fill a word of up to 64 cells at a time.
pub(super) struct RowBits {
    bytes: [u8; ROW],
    /// The row's byte offset in its [`Choices`].
    at: usize,
    /// Cell l is bit `l.wrapping_add(skew)` of `bytes`.
    skew: usize,
}

impl RowBits {
    /// Where the word of cells from `start` ends, at most `end`: at the
    /// next 64 cells from a byte boundary.
    #[inline(always)]
    pub(super) fn word_end(&self, start: usize, end: usize) -> usize {
        start + (end - start).min(64 - start.wrapping_add(self.skew) % 8)
    }

    /// The bytes of the word of 64 cells from `start` when it starts a
    /// byte, for a fill to store its bits straight into; `None` otherwise
    /// (then the fill records them with [`put_spare`](RowBits::put_spare)).
    /// The word owns its bytes: a word stored over another (the last window
    /// of a span, see value.rs) records the same bits for the same cells.
    #[inline(always)]
    pub(super) fn whole_word(&mut self, start: usize) -> Option<&mut [u8; 8]> {
        let bit = start.wrapping_add(self.skew);
        (bit % 8 == 0).then(|| {
            let at = bit / 8;
            (&mut self.bytes[at..at + 8]).try_into().expect("8 bytes")
        })
    }

    /// Records the word of 64 cells from `start` made in `spare` when
    /// [`whole_word`](RowBits::whole_word) gave `None`; nothing otherwise
    /// (then `spare` was not written and is zero).
    #[inline(always)]
    pub(super) fn put_spare(&mut self, start: usize, spare: [u8; 8]) {
        if start.wrapping_add(self.skew) % 8 != 0 {
            self.put(start, 64, u64::from_le_bytes(spare));
        }
    }

    /// Records `word` (bit j for cell `start + j`, no bit at or above
    /// `count`, at most 64) for the `count` cells from `start`. ORed in:
    /// bytes at a word's ends may be shared with the neighbouring words,
    /// and a window may record a cell twice (the same bit). Eight bytes at
    /// once for a word of 64 cells on a byte boundary.
    #[inline(always)]
    pub(super) fn put(&mut self, start: usize, count: usize, word: u64) {
        let bit = start.wrapping_add(self.skew);
        let (at, shift) = (bit / 8, bit % 8);
        let used = (count + shift).div_ceil(8);
        if shift == 0 && count == 64 {
            // A word of whole bytes owns them: a plain store (of a fixed
            // size, so no call).
            self.bytes[at..at + 8].copy_from_slice(&word.to_le_bytes());
        } else {
            let wide = u128::from(word) << shift;
            for (k, byte) in self.bytes[at..at + used].iter_mut().enumerate() {
                *byte |= (wide >> (8 * k)) as u8;
            }
        }
    }
}

/// Records choices while a table is filled; `()` records nothing, so the
/// value-only fill compiles to the plain loop.
pub(super) trait Record {
    fn record(&mut self, which: usize, len: usize, left: usize, on: bool);
}

impl Record for () {
    #[inline(always)]
    fn record(&mut self, _: usize, _: usize, _: usize, _: bool) {}
}

impl Record for Choices {
    #[inline(always)]
    fn record(&mut self, which: usize, len: usize, left: usize, on: bool) {
        if which < self.kinds {
            self.set(which, len, left, on);
        }
    }
}

/// The options of a coins cell `[l, l + len)`, taking left then right:
/// `x = v[l]`, `y = v[l + len - 1]`, `before = D(l, l + len - 1)` and
/// `after = D(l + 1, l + len)`. The one statement of the recurrence, shared
/// by the recording fill and the vectorized spans.
#[inline(always)]
pub(super) fn coins_options<T: Lane>(x: T, y: T, before: T, after: T) -> [T; 2] {
    [x - after, y - before]
}

/// The options of a numbergame cell: the coins options, then deleting
/// from the left (`-skip_after` = -D(l + 2, l + len)) and from the right
/// (`-skip_before` = -D(l, l + len - 2)).
#[inline(always)]
pub(super) fn numbergame_options<T: Lane>(
    x: T,
    y: T,
    before: T,
    after: T,
    skip_before: T,
    skip_after: T,
) -> [T; 4] {
    let [left, right] = coins_options(x, y, before, after);
    [left, right, -skip_after, -skip_before]
}

/// The best take and the best delete of a numbergame cell (arguments as
/// for [`numbergame_options`]): the maxima of its two pairs of options.
#[inline(always)]
pub(super) fn numbergame_pairs<T: Lane>(
    x: T,
    y: T,
    before: T,
    after: T,
    skip_before: T,
    skip_after: T,
) -> [T; 2] {
    let [left, right, del_left, del_right] =
        numbergame_options(x, y, before, after, skip_before, skip_after);
    [left.max(right), del_left.max(del_right)]
}

#[cfg(test)]
/// Coins. Bit 0: the left end is the (first) optimal move.
pub(super) fn coins(v: &[i64], rec: &mut (impl Record + ?Sized)) -> i64 {
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
pub(super) fn stonegame7_options<T: Lane>(sum: T, x: T, y: T, before: T, after: T) -> [T; 2] {
    [sum - x - after, sum - y - before]
}

/// Prefix sums of `v` (n + 1 of them); they fit by the overflow rule.
pub(super) fn prefix_sums<T: Lane>(v: &[T]) -> Vec<T> {
    let mut p = Vec::with_capacity(v.len() + 1);
    p.push(T::default());
    for &x in v {
        p.push(p[p.len() - 1] + x);
    }
    p
}

#[cfg(test)]
/// Stonegame7, as coins but scoring what remains. Bit 0: the left end is
/// the (first) optimal move.
pub(super) fn stonegame7(v: &[i64], rec: &mut (impl Record + ?Sized)) -> i64 {
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

#[cfg(test)]
/// Numbergame. Bits 0 and 1 encode the first optimal of L, R, DL, DR.
pub(super) fn numbergame<V: Variant>(v: &[i64], rec: &mut (impl Record + ?Sized)) -> i64 {
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
pub(super) fn gameofsum(v: &[i64], rec: &mut (impl Record + ?Sized)) -> i64 {
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

pub(super) fn line_from_bits(game: Kernel, n: usize, bits: &Choices) -> Line {
    let (mut left, mut right) = (0, n);
    let mut moves = Vec::new();
    while left < right {
        let len = right - left;
        let mv = match game {
            Kernel::Coins | Kernel::StoneGame7 if bits.get(0, len, left) => {
                Move::take(Side::Left, 1)
            }
            Kernel::Coins | Kernel::StoneGame7 => Move::take(Side::Right, 1),
            Kernel::NumberGame => match (bits.get(0, len, left), bits.get(1, len, left)) {
                (false, false) => Move::take(Side::Left, 1),
                (true, false) => Move::take(Side::Right, 1),
                (false, true) => Move::delete(Side::Left, 2),
                (true, true) => Move::delete(Side::Right, 2),
            },
            Kernel::GameOfSum if bits.get(0, len, left) => {
                let mut count = 1;
                while !bits.get(1, len - count + 1, left + count - 1) {
                    count += 1;
                }
                Move::take(Side::Left, count)
            }
            Kernel::GameOfSum => {
                let mut count = 1;
                while !bits.get(2, len - count + 1, left) {
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

/// The scalar recording fills: the reference the vectorized ones are tested
/// against (same values, same choices).
#[cfg(test)]
pub(super) fn fill<V: Variant>(game: Kernel, v: &[i64], rec: &mut (impl Record + ?Sized)) -> i64 {
    match game {
        Kernel::Coins => coins(v, rec),
        Kernel::NumberGame => numbergame::<V>(v, rec),
        Kernel::GameOfSum => gameofsum(v, rec),
        Kernel::StoneGame7 => stonegame7(v, rec),
    }
}

#[cfg(test)]
mod tests {
    use super::super::value::portable_line;
    use super::super::Exact;
    use super::*;

    /// Provided memory full of ones: the bits must not count on zeroed
    /// memory (a kept buffer is not zeroed either).
    fn dirty(len: usize) -> Option<BitsMemory> {
        Some(Box::new(vec![0xff_u8; len]))
    }

    /// The provider is the process's: tests of long boards that run after
    /// this one also get dirty memory, and pass as well.
    #[test]
    fn bits_in_provided_memory_are_those_on_the_heap() {
        provide_bits_memory(dirty);
        let n = 4_100;
        let v: Vec<i64> = (0..n as i64).map(|i| i * 7_919 % 2_001 - 1_000).collect();
        for (game, kinds) in [
            (Kernel::Coins, 1),
            (Kernel::NumberGame, 2),
            (Kernel::StoneGame7, 1),
        ] {
            let fills: [fn(Kernel, &[i64], &mut Choices); 2] = [
                |game, v, c| {
                    portable_line::<Exact, i64>(game, v, c);
                },
                |game, v, c| {
                    fill::<Exact>(game, v, c);
                },
            ];
            for fill in fills {
                // Not the buffer kept from the last round.
                drop(SPARE.take());
                let mut provided = Choices::new(n, kinds);
                assert!(matches!(provided.bytes, Bytes::Given { .. }), "{game:?}");
                let mut heap = Choices::new(n, kinds);
                heap.bytes = Bytes::Heap(Vec::new());
                fill(game, &v, &mut provided);
                fill(game, &v, &mut heap);
                assert!(provided.bytes.stored() == heap.bytes.stored(), "{game:?}");
            }
        }
    }
}

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
    /// `values` as bytes into `out` (as long), native order: a line's
    /// checkpoints live in [`Kept`] bytes, which may be provided memory.
    fn put(values: &[Self], out: &mut [u8]);
    /// The values of bytes `put` wrote, into `out` (as many).
    fn get(bytes: &[u8], out: &mut [Self]);
}

/// [`Lane`]'s methods for an integer type of `$bytes` bytes.
macro_rules! lane_bytes {
    ($bytes:literal) => {
        #[inline(always)]
        fn put(values: &[Self], out: &mut [u8]) {
            for (chunk, v) in out.chunks_exact_mut($bytes).zip(values) {
                chunk.copy_from_slice(&v.to_ne_bytes());
            }
        }
        #[inline(always)]
        fn get(bytes: &[u8], out: &mut [Self]) {
            for (v, chunk) in out.iter_mut().zip(bytes.chunks_exact($bytes)) {
                *v = Self::from_ne_bytes(chunk.try_into().expect("whole chunks"));
            }
        }
    };
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
    lane_bytes!(8);
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
    lane_bytes!(4);
}

/// The choice bits of a table: `kinds` bits per interval (three for
/// gameofsum, and in the tests' scalar fills one for coins and stonegame7,
/// two for numbergame), laid out in the fills' tiles (value.rs): for each
/// block of [`DEPTH`] lengths and each tile of [`TILE`] columns, the block's
/// diagonals one after the other, each a row of `TILE` bits per kind (the
/// kinds' rows side by side), bit i of diagonal len the cell at column
/// `t * TILE - (len - first) + i`. Rows are zeroed as a fill first reaches
/// them ([`Choices::set`]), so the memory is never zeroed first; bytes past
/// the end so far read as zero. All kinds are one allocation.
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

/// Keeps `bytes` for the thread's next fill, if not too large and larger
/// than the buffer kept so far.
fn spare(bytes: Bytes) {
    if bytes.capacity() <= SPARE_LIMIT {
        let kept = SPARE.take();
        SPARE.set(match kept {
            Some(kept) if kept.capacity() > bytes.capacity() => Some(kept),
            _ => Some(bytes),
        });
    }
}

impl Drop for Choices {
    fn drop(&mut self) {
        spare(std::mem::replace(&mut self.bytes, Bytes::Heap(Vec::new())));
    }
}

/// Bytes appended in order by a recording fill (a line's checkpoints), in
/// the memory [`Choices`] takes: the thread's kept buffer, provided memory
/// on a long board (huge pages: the page faults of 1.6 MB of checkpoints
/// took about a sixth of the recording fill's thread at n = 10,000), or the
/// heap; kept for the thread's next fill when dropped.
pub(super) struct Kept {
    bytes: Bytes,
    /// The bytes asked for: what is appended stays within them.
    room: usize,
}

impl Kept {
    /// Room for `end` bytes.
    pub(super) fn new(end: usize) -> Self {
        Kept {
            bytes: bytes_for(end),
            room: end,
        }
    }
    /// Appends `count` bytes, written by `write` (given them in any state),
    /// within the room asked for.
    #[inline]
    pub(super) fn append_with(&mut self, count: usize, write: impl FnOnce(&mut [u8])) {
        let start = self.bytes.stored().len();
        // Beyond the room, provided memory would end and the heap regrow.
        debug_assert!(
            start + count <= self.room,
            "{start} + {count} > {}",
            self.room
        );
        match &mut self.bytes {
            Bytes::Heap(v) => v.resize(start + count, 0),
            Bytes::Given { len, .. } => *len = start + count,
        }
        write(&mut self.bytes.stored_mut()[start..]);
    }
    /// The bytes appended so far.
    pub(super) fn stored(&self) -> &[u8] {
        self.bytes.stored()
    }
}

impl Drop for Kept {
    fn drop(&mut self) {
        spare(std::mem::replace(&mut self.bytes, Bytes::Heap(Vec::new())));
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
            (Kernel::GameOfSum, 3),
        ] {
            let fills: [fn(Kernel, &[i64], &mut Choices); 1] = [|game, v, c| {
                fill::<Exact>(game, v, c);
            }];
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

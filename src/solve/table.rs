//! `table`: bottom-up dynamic programming, filled by increasing interval
//! length (the diagonal order of the classic coins table).
//!
//! Each game has its own recurrence over the difference D(l, r) of the
//! interval `[l, r)` (mover minus other player):
//! - coins: D = max(v_l - D(l+1, r), v_{r-1} - D(l, r-1));
//! - numbergame: the same two options plus -D(l+2, r) and -D(l, r-2);
//! - gameofsum, on the mover's best total T (D = 2T - sum):
//!   T(l, r) = sum(l, r) - min(0, min over l' T(l', r), min over r' T(l, r')),
//!   where the inner minima are running minima along the row and column, so
//!   the whole table costs O(n^2), not O(n^3).
//!
//! The value needs only the last one or two diagonals: O(n^2) time, O(n)
//! memory. A line is built only on request, from choice bits recorded while
//! filling: one bit per interval for coins, two for numbergame (which of four
//! moves) and three for gameofsum (left or right; whether the left run or the
//! right run stops at one value). That is O(n^2) bits.

use super::Solver;
use crate::board::Board;
use crate::game::{Game, Line, Move, Side};

/// Bottom-up table. See the module documentation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Table;

/// The longest board for which a line is built (the choice bits then take
/// up to 3 * n^2 / 2 bits, about 600 MB at this size).
pub const LINE_LIMIT: usize = 40_000;

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

/// Coins. Bit 0: the left end is the (first) optimal move.
fn coins(v: &[i64], rec: &mut impl Record) -> i64 {
    let n = v.len();
    // d[l] holds D(l, l + len - 1) before the pass for `len` and D(l, l + len)
    // after it; updating in increasing l reads d[l + 1] before it changes.
    let mut d = vec![0i64; n + 1];
    for len in 1..=n {
        for l in 0..=n - len {
            let take_left = v[l] - d[l + 1];
            let take_right = v[l + len - 1] - d[l];
            rec.record(0, len, l, take_left >= take_right);
            d[l] = take_left.max(take_right);
        }
    }
    d[0]
}

/// Numbergame. Bits 0 and 1 encode the first optimal of L, R, DL, DR.
fn numbergame(v: &[i64], rec: &mut impl Record) -> i64 {
    let n = v.len();
    // prev1: length len-1; prev2: length len-2, overwritten with length len.
    let mut prev1 = vec![0i64; n + 1];
    let mut prev2 = vec![0i64; n + 2];
    for len in 1..=n {
        for l in 0..=n - len {
            let mut options = [v[l] - prev1[l + 1], v[l + len - 1] - prev1[l], 0, 0];
            let mut count = 2;
            if len >= 2 && !planted_drop_delete(len) {
                options[2] = -prev2[l + 2];
                options[3] = -prev2[l];
                count = 4;
            }
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

/// The planted bug (feature `planted-bug` only): numbergame's table forgets
/// the delete moves on odd lengths of 3 or more.
#[inline(always)]
fn planted_drop_delete(len: usize) -> bool {
    cfg!(feature = "planted-bug") && len >= 3 && len % 2 == 1
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

fn line_from_bits(game: Game, n: usize, bits: &[Bits]) -> Line {
    let (mut left, mut right) = (0, n);
    let mut moves = Vec::new();
    while left < right {
        let len = right - left;
        let mv = match game {
            Game::Coins if bits[0].get(len, left) => Move::take(Side::Left, 1),
            Game::Coins => Move::take(Side::Right, 1),
            Game::NumberGame => match (bits[0].get(len, left), bits[1].get(len, left)) {
                (false, false) => Move::take(Side::Left, 1),
                (true, false) => Move::take(Side::Right, 1),
                (false, true) => Move::Delete(Side::Left),
                (true, true) => Move::Delete(Side::Right),
            },
            Game::GameOfSum if bits[0].get(len, left) => {
                let mut count = 1;
                while !bits[1].get(len - count + 1, left + count - 1) {
                    count += 1;
                }
                Move::take(Side::Left, count)
            }
            Game::GameOfSum => {
                let mut count = 1;
                while !bits[2].get(len - count + 1, left) {
                    count += 1;
                }
                Move::take(Side::Right, count)
            }
        };
        moves.push(mv);
        match mv {
            Move::Take {
                side: Side::Left,
                count,
            } => left += count,
            Move::Take { count, .. } => right -= count,
            Move::Delete(Side::Left) => left += 2,
            Move::Delete(Side::Right) => right -= 2,
        }
    }
    Line(moves)
}

fn fill(game: Game, v: &[i64], rec: &mut impl Record) -> i64 {
    match game {
        Game::Coins => coins(v, rec),
        Game::NumberGame => numbergame(v, rec),
        Game::GameOfSum => gameofsum(v, rec),
    }
}

impl Solver for Table {
    fn name(&self) -> &str {
        "table"
    }

    fn difference(&self, game: Game, board: &Board) -> i64 {
        fill(game, board.values(), &mut ())
    }

    fn line(&self, game: Game, board: &Board) -> Option<(i64, Line)> {
        let n = board.len();
        if n > LINE_LIMIT {
            return None;
        }
        let kinds = match game {
            Game::Coins => 1,
            Game::NumberGame => 2,
            Game::GameOfSum => 3,
        };
        let mut bits: Vec<Bits> = (0..kinds).map(|_| Bits::new(n)).collect();
        let value = fill(game, board.values(), &mut bits);
        Some((value, line_from_bits(game, n, &bits)))
    }
}

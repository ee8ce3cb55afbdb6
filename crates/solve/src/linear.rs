//! `linear`: the value of coins in O(n) time by fusing peaks.
//!
//! Only coins is supported; the fusion below is false for numbergame and
//! gameofsum (on `4 2 2 -2 -3` it changes the value of both).
//!
//! The fusion rule is attributed to T. Idziaszek (Potyczki Algorytmiczne
//! 2010, problem "Termity"); the outline below is ours.
//!
//! # The algorithm
//! Read the values left to right onto a stack. After each push, while the
//! three values on top, x y z, form a *peak* (y >= x and y >= z, ties
//! allowed), replace them by the single value x - y + z. When the input is
//! used up, no three neighbours on the stack form a peak, so no inner value
//! is at least as large as both of its neighbours: the stack falls, then
//! rises (a valley), and its largest value sits at one of its ends. The
//! game's value is then played out on the valley: each player in turn takes
//! the larger end, and the difference of what they took is the answer. No
//! sort is needed; two pointers walk in from the ends.
//!
//! # Why it is exact (proof outline)
//! Write V(s) for the mover's best margin on the row s, so V(empty) = 0 and
//! V(a s b) = max(a - V(s b), b - V(a s)). Values may be any reals, with
//! ties.
//! 1. *Mirror.* V is unchanged when the row is reversed: the rules do not
//!    tell left from right.
//! 2. *One value moves V by at most its change.* Changing one value by d
//!    changes the margin of every complete line of play by exactly +d or -d,
//!    and a max or min of numbers that each move by at most |d| moves by at
//!    most |d|.
//! 3. *A largest end is taken at once.* If M is at least every value of s,
//!    then V(M s) = M - V(s). By induction on |s|: the claim is that the
//!    other option, taking the far end r of s = t r, is no better; with the
//!    induction hypothesis V(M t) = M - V(t) that reads V(s) + V(t) <= 2M - r.
//!    If r is a best first move in s, V(s) = r - V(t) and it holds as r <= M.
//!    If the left end l of s = l u r is, V(s) = l - V(u r); fact 2 (raising
//!    l, then r, to M) and the induction hypothesis give V(l u) <= 2M - l -
//!    V(u) and V(u r) >= r - V(u), which add up to the claim.
//! 4. *A global-maximum peak fuses.* If y is a largest value of the whole
//!    row L x y z R, then V(L x y z R) = V(L m R) with m = x - y + z. By
//!    induction on |L| + |R|. With both L and R non-empty, each first move
//!    removes an outer value and leaves the triple intact, so the two
//!    recurrences match term by term. With L empty, fact 3 says taking x
//!    leads the opponent to take y at once, so that option is worth
//!    x - y + V(z R) = m + V(z R) - z, while the row m R offers m - V(R);
//!    fact 2 (lowering z to m costs at most y - x) shows the option of
//!    taking x never beats what the fused row allows, and the remaining
//!    option (taking the right end) matches by induction. R empty is the
//!    mirror image (fact 1).
//! 5. *Every peak fuses.* For any L, R and any peak x y z (not necessarily
//!    the global maximum), V(L x y z R) = V(L m R). By induction on the
//!    length. If y is a largest value, this is fact 4. Otherwise a largest
//!    value M lies in L or R, and it is also a largest value of L m R
//!    (m <= x and m <= z). If M is at an end of the row, fact 3 removes it
//!    from both rows and the induction hypothesis applies. If M is inner,
//!    with neighbours a and b, fuse a M b in both rows by fact 4; the
//!    neighbour of the triple that changes becomes a - M + x <= x (or
//!    z - M + b <= z), so x y z stays a peak, and both rows become the same
//!    row two values shorter, where the induction hypothesis applies.
//! 6. *Valleys are played greedily.* A valley's largest value is at an end,
//!    so by fact 3 the mover takes it; what is left is again a valley.
//!
//! The algorithm keeps two invariants: V(stack, then the unread input) is
//! V(board) (fact 5, applied with R = the unread input), and no three
//! neighbours on the stack form a peak (a push can only create a peak at
//! the top, and fusing removes it). At the end the stack is a valley and
//! fact 6 gives its value. Each push adds one value and each fusion removes
//! two, so there are fewer than n fusions: O(n) time, O(n) memory.
//!
//! The comparisons must not be strict. With y > x and y > z, runs of equal
//! values are never fused, the final stack need not be a valley, and taking
//! the larger end is no longer optimal: on `-2 -1 1 1 1 -1` the value is 1,
//! the strict variant says -1. The crate's tests put that variant through
//! the check of `coinline-core` to show the harness catches it.
//!
//! # Overflow
//! Every stack entry is the fusion of a contiguous block of the board, and
//! its absolute value is at most the sum of the absolute values of that
//! block: |x - y + z| <= |x| + |y| + |z|, and each partial result (x - y)
//! obeys the same bound. Blocks are disjoint, so every entry, every partial
//! result and every partial sum of the final alternating sum is bounded by
//! the board's absolute sum, which fits in `i64` (the overflow rule in
//! [`coinline_game::board`]). Plain `i64` arithmetic never wraps, whatever peak test
//! is used.
//!
//! # Lines of play
//! Every stack entry stands for a *block* of consecutive board values: a
//! pushed value for itself, a fused entry for the three blocks it fused. So
//! blocks have odd length, and the final valley's blocks, in order, are the
//! board ([`blocks`]). [`Linear`]'s line plays the valley as above, block by
//! block (the larger end block, the left one on a tie), and takes each block
//! as that many takes from the end it is taken from, the players taking
//! turns inside it. O(n) time and memory, on every board the solver accepts.
//!
//! *Its margin is the value.* A block taken from one end gives up its values
//! in order from that end, and as its length is odd, whoever takes its first
//! value takes its last. So, by induction on the fusions, the player who
//! starts a block X Y Z gains x on X, the opponent then starts Y and gains
//! y, and the first player starts Z: x - y + z, the block's value, from
//! either end. The margin is the valley's greedy alternating sum (fact 6).
//!
//! *Its moves are best moves.* It is enough that at every position of the
//! line, the rest of the line makes the position's value V: then each move's
//! gain minus the value of what it leaves is V. Two more facts:
//!
//! 7. *Fusing keeps the alternating sum.* In s_1 - s_2 + s_3 - ..., one entry
//!    x - y + z with the sign of x in place of the neighbours x y z leaves
//!    the sign of every later entry as it was (two entries fewer come before
//!    it), so the sum stays.
//! 8. *What is left of a block fuses into a falling row.* However many
//!    values of a block of value e are taken from its left, what is left can
//!    be fused (by peaks inside it) into a row v_1 >= v_2 >= ... >= v_k >=
//!    e. By induction on the block X Y Z, with Y and Z fused to y and z:
//!    what is left of Z falls to entries >= z >= e (as y >= x); what is left
//!    of Y falls to entries >= y, and z <= y follows them; what is left of
//!    X, if not all of it, falls to w_1 >= ... >= w_i >= x, and y z follow.
//!    If w_i > y, that row falls already, all >= e. Else w_i y z is a peak,
//!    and w_i - y + z lies between e (as w_i >= x) and w_i (as z <= y). The
//!    whole block fuses to e. The mirror holds when values are taken from
//!    the right.
//!
//! Now the positions. Between blocks, what is left is a part of the valley,
//! again a valley, and the line plays it greedily (fact 6, with the blocks
//! fused by fact 5). Inside a block E taken from the left (the right is the
//! mirror), E was the larger end of a valley, so the blocks T after it have
//! values <= e. Fuse what is left of E by fact 8 and each block of T by fact
//! 5: v_1 >= ... >= v_k >= e >= every entry of T, so by fact 3, k times, V =
//! v_1 - v_2 + ... +- V(T). The line takes what is left of E value by value
//! and then plays T greedily: its margin is the alternating sum of those
//! values (fact 7: that of the v_j) +- V(T), with the same sign, as k and the
//! number of values left in E have the same parity. So the line makes V
//! everywhere. The tests check it anyway: `cargo test --test it linear::`
//! asks at every position of the line whether its move is a best move, on
//! every board of up to 12 values over -1..1 (8 over -2..2, 9 over 0..3, 7
//! over -3..3) by the interval values, and on random boards of up to 200 by
//! the table solver; and the check replays every line `linear` returns to the
//! value.
//!
//! The line is not always the canonical one of [`Solver::line`]: on
//! `0 0 -1 0` the blocks are `0 0 -1` (value -1) and `0`, so it plays
//! `R L L L`, where the canonical line is `L L R L`; both are optimal.
//! Re-solving after each move gives the canonical line, but costs O(n^2)
//! (the line before this one, offered up to 20,000 values only).

use super::{Cost, Solver};
use coinline_game::board::Board;
use coinline_game::play::{Game, Line, Move, Side};

/// The linear-time coins solver. See the module documentation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Linear;

/// The peak test of the algorithm: the middle value is at least both
/// neighbours (ties count).
#[inline(always)]
pub fn is_peak(x: i64, y: i64, z: i64) -> bool {
    y >= x && y >= z
}

/// The value of coins on `values`: [`fused_value`] with [`is_peak`].
pub fn value(values: &[i64]) -> i64 {
    fused_value(values, is_peak)
}

/// The fuse-then-play-the-valley algorithm with a given peak test. Exact
/// only with [`is_peak`]; other tests exist to show that the harness tells
/// a wrong variant apart. `values` must satisfy the overflow rule; then no
/// peak test makes the arithmetic wrap (see the module documentation).
pub fn fused_value(values: &[i64], peak: impl Fn(i64, i64, i64) -> bool) -> i64 {
    // The newest value is kept apart from the stack (in a register) while
    // it fuses with the two values below it.
    let mut stack: Vec<i64> = Vec::with_capacity(values.len());
    for &v in values {
        let mut z = v;
        while let [.., x, y] = stack[..] {
            if !peak(x, y, z) {
                break;
            }
            stack.truncate(stack.len() - 2);
            z += x - y; // x - y alone is bounded too (module docs)
        }
        stack.push(z);
    }
    valley_value(&stack)
}

/// Plays a row out with both players taking the larger end (the left one on
/// a tie); returns first minus second.
fn valley_value(row: &[i64]) -> i64 {
    play_valley(row.len(), |i| row[i], |_, _| {})
}

/// One entry of the fused stack: its value and how many consecutive board
/// values it stands for (one, or the three blocks it fused: always odd).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block {
    /// The fused value.
    pub value: i64,
    /// The number of board values.
    pub len: usize,
}

/// The stack [`fused_value`] ends with, each entry with its length: a
/// valley whose blocks, in order, are the board. O(n).
pub fn blocks(values: &[i64]) -> Vec<Block> {
    let mut stack: Vec<Block> = Vec::new();
    for &v in values {
        let mut z = Block { value: v, len: 1 };
        while let [.., x, y] = stack[..] {
            if !is_peak(x.value, y.value, z.value) {
                break;
            }
            stack.truncate(stack.len() - 2);
            z = Block {
                value: z.value + (x.value - y.value),
                len: x.len + y.len + z.len,
            };
        }
        stack.push(z);
    }
    stack
}

/// Plays a valley of `len` entries out with both players taking the larger
/// end (the left one on a tie), calling `take` with the side and the index
/// of each entry taken; returns first minus second.
fn play_valley(len: usize, value: impl Fn(usize) -> i64, mut take: impl FnMut(Side, usize)) -> i64 {
    let (mut left, mut right) = (0, len);
    let mut difference = 0i64;
    let mut first_to_move = true;
    while left < right {
        let (side, index) = if value(left) >= value(right - 1) {
            left += 1;
            (Side::Left, left - 1)
        } else {
            right -= 1;
            (Side::Right, right)
        };
        take(side, index);
        if first_to_move {
            difference += value(index);
        } else {
            difference -= value(index);
        }
        first_to_move = !first_to_move;
    }
    difference
}

/// The value and the line of the module documentation: the valley of
/// [`blocks`] played greedily, each block taken as that many takes from
/// the same end. O(n).
pub fn value_and_line(values: &[i64]) -> (i64, Line) {
    let valley = blocks(values);
    let mut line = Line::default();
    let value = play_valley(
        valley.len(),
        |i| valley[i].value,
        |side, i| (line.moves).extend(std::iter::repeat_n(Move::take(side, 1), valley[i].len)),
    );
    (value, line)
}

impl Solver for Linear {
    fn name(&self) -> &str {
        "linear"
    }

    fn supports(&self, game: Game) -> bool {
        // The peak-fusion proof is for the coins rules only.
        game.are_coins()
    }

    fn cost(&self, _game: Game, n: usize) -> Option<Cost> {
        Some(Cost::of(n as f64, 6.0).holding(8.0 * n as f64))
    }

    fn difference(&self, _game: Game, board: &Board) -> i64 {
        value(board.values())
    }

    fn line(&self, _game: Game, board: &Board) -> Option<(i64, Line)> {
        Some(value_and_line(board.values()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_boards() {
        assert_eq!(value(&[]), 0);
        assert_eq!(value(&[5]), 5);
        assert_eq!(value(&[8, 15, 3, 7]), 22 - 11);
        assert_eq!(value(&[-2, -1, 1, 1, 1, -1]), 1);
        assert_eq!(
            fused_value(&[-2, -1, 1, 1, 1, -1], |x, y, z| y > x && y > z),
            -1
        );
    }

    #[test]
    fn blocks_are_odd_and_tile_the_board() {
        let values = [3, 9, 1, 2, -4, -4, 0, 7, 7, 1];
        let valley = blocks(&values);
        assert!(valley.iter().all(|b| b.len % 2 == 1));
        assert_eq!(valley.iter().map(|b| b.len).sum::<usize>(), values.len());
        let fused: Vec<i64> = valley.iter().map(|b| b.value).collect();
        assert_eq!(valley_value(&fused), value(&values));
    }

    #[test]
    fn lines_take_whole_blocks_from_one_end() {
        let line = |values: &[i64]| value_and_line(values).1.to_string();
        // Blocks `0 0 -1` and `0`: the larger end block first, then the rest.
        assert_eq!(value_and_line(&[0, 0, -1, 0]).0, 1);
        assert_eq!(line(&[0, 0, -1, 0]), "R L L L");
        assert_eq!(line(&[-100, -100, -100, 0]), "R L L L");
        assert_eq!(line(&[8, 15, 3, 7]), "R L L L");
        assert_eq!(line(&[]), "-");
    }

    #[test]
    fn extreme_values_do_not_wrap() {
        let m = i64::MAX;
        assert_eq!(value(&[m]), m);
        assert_eq!(value(&[-m]), -m);
        let half = m / 2;
        // Fusing (-half, half, -1) reaches -m, the bound itself.
        assert_eq!(value(&[-half, half, -1]), -m);
        assert_eq!(value(&[half, -half, 1]), -1);
    }
}

//! The spans of the fills, the cells of one diagonal in one tile, for any
//! width of lane ([`Lane`]), by loops the compiler vectorizes: the fills'
//! (value.rs) and the walk's (walk.rs).

use super::record::{coins_options, numbergame_options, stonegame7_options, Lane};

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

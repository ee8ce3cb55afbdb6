//! The rules whose positions remember the moves before them
//! (`docs/rules.md`): history-dependent counts (`take=a..Km`, LeetCode
//! 1140) and put-back moves (`putback`, LeetCode 1872). Both are one-ended
//! lines without deletes.
//!
//! `take=a..Km`: a position is the values left and the bound M (the
//! largest take so far, 1 at the start; M above n changes nothing, so it is
//! held up to n). Three solvers: [`search`], the plain exhaustive search
//! over `Game::capped`'s moves and [`Row::play`] (minimax calls it), a
//! top-down memo over (values left, M) (memo calls it), and the table
//! (generic calls it), bottom-up over the same states: (n + 1)^2 states, each trying the
//! counts a..=min(K*M, values left), O(K n^3) moves at worst.
//!
//! `putback`: a position is still an interval (`Row::play` says how the put
//! back value is held), so minimax and memo solve it as any rule set; the
//! table (generic's) is the O(n * finite counts) suffix fill: from the suffix
//! with its end value at l, a take of x scores the prefix sum up to l + x
//! and leaves the suffix at l + x - 1; an unbounded tail `k..` is a running
//! maximum, as in the generic one-ended fill.
//!
//! Moves at the right end are solved as the left-end game on the reversed
//! board, the line mirrored.

use super::Cost;
use coinline_game::play::{Game, Kind, Line, Move, Row, Side};
use coinline_game::rules::{Ends, Memory};
use std::collections::HashMap;

/// The longest `take=a..Km` board the table takes: (n + 1)^2 values of 8
/// bytes, 32 MB here.
pub const BOUND_LIMIT: usize = 2_000;

/// The longest `putback` board: the fill keeps 8 bytes per value and its
/// line 8 more.
pub const PUT_BACK_LIMIT: usize = 10_000_000;

/// The value of the start position of a `take=a..Km` game by exhaustive
/// search, and its first optimal move (canonical order).
pub fn search(game: Game, v: &[i64]) -> (i64, Option<Move>) {
    let row = Row::new(game, v);
    best(game, &row, 0, v.len(), 1)
}

fn best(game: Game, row: &Row, left: usize, right: usize, m: usize) -> (i64, Option<Move>) {
    let mut out: (i64, Option<Move>) = (0, None);
    for mv in game.capped(m).moves(right - left) {
        let (gain, l, r) = row.play(mv, left, right);
        let value = gain - best(game, row, l, r, game.next_bound(m, mv.count)).0;
        if out.1.is_none() || value > out.0 {
            out = (value, Some(mv));
        }
    }
    out
}

/// The optimal line of a `take=a..Km` game, each move the first optimal
/// one by `value_of` (the value of a position: values left at `[l, r)`
/// and bound M).
fn walk(game: Game, row: &Row, mut value_of: impl FnMut(usize, usize, usize) -> i64) -> Line {
    let (mut left, mut right, mut m) = (0, row.values().len(), 1);
    let mut line = Line::default();
    loop {
        let target = value_of(left, right, m);
        let found = game.capped(m).moves(right - left).find(|&mv| {
            let (gain, l, r) = row.play(mv, left, right);
            gain - value_of(l, r, game.next_bound(m, mv.count)) == target
        });
        let Some(mv) = found else { break };
        line.moves.push(mv);
        (_, left, right) = row.play(mv, left, right);
        m = game.next_bound(m, mv.count);
    }
    line
}

/// Minimax's line of a `take=a..Km` game: each step searched again.
pub fn search_line(game: Game, v: &[i64]) -> (i64, Line) {
    let row = Row::new(game, v);
    let line = walk(game, &row, |l, r, m| best(game, &row, l, r, m).0);
    (search(game, v).0, line)
}

/// The memo of a `take=a..Km` game: the values of the positions reached
/// from the start, by (values left, M); one-ended, the values left say
/// where the position is.
struct Memo<'a> {
    game: Game,
    row: Row<'a>,
    known: HashMap<(usize, usize), i64>,
}

impl Memo<'_> {
    fn value(&mut self, left: usize, right: usize, m: usize) -> i64 {
        let n = self.row.values().len();
        let key = (right - left, m.min(n));
        if let Some(&v) = self.known.get(&key) {
            return v;
        }
        let mut out = None;
        for mv in self.game.capped(m).moves(right - left) {
            let (gain, l, r) = self.row.play(mv, left, right);
            let child = self.value(l, r, self.game.next_bound(m, mv.count));
            out = out.max(Some(gain - child));
        }
        let v = out.unwrap_or(0);
        self.known.insert(key, v);
        v
    }
}

/// Memo's value and line of a `take=a..Km` game. The recursion is as deep
/// as the line is long: memo's limit for these games keeps it short.
pub fn memo_line(game: Game, v: &[i64]) -> (i64, Line) {
    let mut memo = Memo {
        game,
        row: Row::new(game, v),
        known: HashMap::new(),
    };
    let value = memo.value(0, v.len(), 1);
    let row = Row::new(game, v);
    let line = walk(game, &row, |l, r, m| memo.value(l, r, m));
    (value, line)
}

/// The value of every position of a `take=a..Km` game on a board: the
/// table generic solves with, open to the drivers that price moves
/// (`coinline-core`'s value table). One-ended, a position is the number of
/// values left and the bound M; moves at the right end are solved on the
/// reversed board, so the number of values left names the same position
/// at either end.
#[derive(Clone, Debug)]
pub struct BoundValues {
    n: usize,
    d: Vec<i64>,
}

impl BoundValues {
    /// Fills the table of `game` (a `take=a..Km` rule set, one-ended) on
    /// `v` (admitted by `game`, at most [`BOUND_LIMIT`] values): (n + 1)^2
    /// positions, O(K n^3) moves at worst.
    pub fn new(game: Game, v: &[i64]) -> Self {
        let (game, v, _) = left_ended(game, v);
        BoundValues {
            n: v.len(),
            d: bound_table(game, &v),
        }
    }

    /// The mover's best difference with `count` values left and bound `m`
    /// (M above n changes nothing: it is read as n).
    pub fn value(&self, count: usize, m: usize) -> i64 {
        if count == 0 {
            return 0;
        }
        self.d[count * (self.n + 1) + m.min(self.n)]
    }
}

/// The `take=a..Km` table on `v`, moves at the left end: `d[k * (n + 1) +
/// m]` is the mover's best difference with k values left and bound m.
fn bound_table(game: Game, v: &[i64]) -> Vec<i64> {
    let n = v.len();
    let row = Row::new(game, v);
    let mut d = vec![0i64; (n + 1) * (n + 1)];
    for k in 1..=n {
        let l = n - k;
        for m in 1..=n {
            let mut best = None;
            for mv in game.capped(m).moves(k) {
                let (gain, _, _) = row.play(mv, l, n);
                let child = d[(k - mv.count) * (n + 1) + m.max(mv.count)];
                best = best.max(Some(gain - child));
            }
            d[k * (n + 1) + m] = best.unwrap_or(0);
        }
    }
    d
}

/// The put-back fill on `v`, moves at the left end: `d[l]` is the mover's
/// best difference on the suffix whose end value is at l, and `choice[l]`
/// its first optimal take (0: none).
fn put_back_table(game: Game, v: &[i64]) -> (Vec<i64>, Vec<usize>) {
    let n = v.len();
    let row = Row::new(game, v);
    let mut d = vec![0i64; n.max(1)];
    let mut choice = vec![0usize; n.max(1)];
    let finite: Vec<usize> = game.take.finite().take_while(|&c| c <= n).collect();
    let tail = game.take.open_tail();
    // The best over j >= l + tail - 1 of (score to j, less d[j]), and its j.
    let mut tail_best: Option<(i128, usize)> = None;
    for l in (0..n.saturating_sub(1)).rev() {
        let stones = n - l;
        let mut best: Option<(i128, usize)> = None;
        for &x in finite.iter().take_while(|&&x| x <= stones) {
            let (gain, j, _) = row.play(Move::take(Side::Left, x), l, n);
            let value = i128::from(gain) - i128::from(d[j]);
            if best.is_none_or(|(b, _)| value > b) {
                best = Some((value, x));
            }
        }
        if let Some(k) = tail {
            if l + k <= n {
                // The take of k from l leaves the suffix at l + k - 1.
                let j = l + k - 1;
                let value = i128::from(row.sum(0, j + 1)) - i128::from(d[j]);
                // Ties keep the shorter take, the earlier in canonical order.
                if tail_best.is_none_or(|(b, _)| value >= b) {
                    tail_best = Some((value, j));
                }
            }
            if let Some((value, j)) = tail_best {
                if best.is_none_or(|(b, _)| value > b) {
                    best = Some((value, j + 1 - l));
                }
            }
        }
        if let Some((value, x)) = best {
            // A difference of totals of an admitted board: it fits.
            d[l] = value as i64;
            choice[l] = x;
        }
    }
    (d, choice)
}

/// `game` at the left end, and `v` as that game sees it: reversed when
/// the moves are at the right end.
fn left_ended(game: Game, v: &[i64]) -> (Game, Vec<i64>, bool) {
    let mirrored = game.ends == Ends::Right;
    let mut values = v.to_vec();
    if mirrored {
        values.reverse();
    }
    (
        Game {
            ends: Ends::Left,
            ..game
        },
        values,
        mirrored,
    )
}

/// The moves of `line` at the other end.
fn mirror(line: &mut Line) {
    let side = |side| match side {
        Side::Left => Side::Right,
        Side::Right => Side::Left,
    };
    let moves = line.moves.iter().map(|mv| Move {
        side: side(mv.side),
        ..mv
    });
    line.moves = moves.collect();
}

/// The table's value and line: generic's for these games.
pub fn solve(game: Game, v: &[i64]) -> (i64, Line) {
    let (game, v, mirrored) = left_ended(game, v);
    let n = v.len();
    let mut line = Line::default();
    let value = match game.memory {
        Memory::Bound(_) => {
            let table = BoundValues {
                n,
                d: bound_table(game, &v),
            };
            let row = Row::new(game, &v);
            line = walk(game, &row, |l, r, m| table.value(r - l, m));
            table.value(n, 1)
        }
        Memory::PutBack | Memory::None => {
            let (d, choice) = put_back_table(game, &v);
            let mut l = 0;
            while l < n && choice[l] != 0 {
                line.moves.push(Move {
                    kind: Kind::Take,
                    side: Side::Left,
                    count: choice[l],
                });
                l += choice[l] - 1;
            }
            d[0]
        }
    };
    if mirrored {
        mirror(&mut line);
    }
    (value, line)
}

/// The longest board the table takes for `game` (generic's limit there).
pub fn limit(game: Game) -> usize {
    match game.memory {
        Memory::Bound(_) => BOUND_LIMIT,
        Memory::PutBack | Memory::None => PUT_BACK_LIMIT,
    }
}

/// What the table costs on `n` values (generic's cost there).
pub fn cost(game: Game, n: usize) -> Cost {
    match game.memory {
        Memory::Bound(k) => {
            // With j values left and bound m, min(K m, j) moves.
            let k = k as usize;
            let moves: f64 = (0..=n)
                .map(|j| {
                    let t = (j / k).min(n);
                    (k * t * (t + 1) / 2 + (n - t) * j) as f64
                })
                .sum();
            // A value per count left and bound: (n + 1)^2.
            Cost::of(moves, 10.0).holding(8.0 * (n as f64 + 1.0).powi(2))
        }
        Memory::PutBack | Memory::None => {
            let per = game.take.finite_upto(n) + usize::from(game.take.is_unbounded());
            Cost::of(n as f64 * per.max(1) as f64, 3.0).holding(24.0 * n as f64)
        }
    }
}

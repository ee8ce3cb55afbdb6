//! `generic`: the bottom-up interval table for every game (rule set).
//!
//! The fill works in `i128` (its running maxima hold sums of prefix sums);
//! the value it returns fits `i64` for every board the game admits
//! ([`Game::admit`]).
//!
//! The table fills intervals `[l, r)` with r ascending and l descending, so
//! every child of an interval is known when it is reached. Finite counts
//! are tried one by one; an unbounded tail of counts (`take=k..`) is
//! folded into running maxima, one per (side, kind), so a fill costs
//! O(n^2 * finite counts) whatever the tail. A circle is solved on the
//! board written twice: every line left after the first move is an
//! interval of it shorter than n.
//!
//! A one-ended game (`ends=left` or `ends=right`, no circle) has only
//! n + 1 positions, the suffixes (left) or prefixes (right) of the board,
//! so it gets its own fill (`one_ended`): O(n * finite counts) time and
//! O(n) memory, the unbounded tails folded into running maxima as above,
//! up to [`ONE_ENDED_LIMIT`] values. A right-ended game is solved as the
//! left-ended game on the reversed board, its moves mirrored.
//!
//! The rules that remember their moves (`take=a..Km`, `putback`) are
//! filled by the tables of [`crate::history`].

use super::{intervals, Cost, Solver};
use coinline_game::board::Board;
use coinline_game::play::{Game, Kind, Line, Move, Row, Side};
use coinline_game::rules::{Ends, Memory, Score};

/// The longest board the interval table accepts (games with both ends or a
/// circle): its interval values take 16 bytes each, n(n+1)/2 of them (about
/// 72 MB here); a circle, solved on the board written twice, accepts half
/// as many. One-ended games have [`ONE_ENDED_LIMIT`].
pub const TABLE_LIMIT: usize = 3_000;

/// The longest board of a one-ended game (see the module documentation):
/// the fill keeps 16 bytes per value (its values and prefix sums), 20 with
/// a line, about 200 MB here; it takes well under a second.
pub const ONE_ENDED_LIMIT: usize = 10_000_000;

/// Whether `game` is solved by the one-ended fill: moves use one end only
/// and the board is no circle, so the positions are the n + 1 suffixes
/// (or prefixes) of the board.
pub fn is_one_ended(game: Game) -> bool {
    game.ends != Ends::Both && !game.circle
}

/// A move recorded by the one-ended fill: its count, with [`DELETE_BIT`]
/// set for a delete; 0 where no move is legal.
type Choice = u32;
const DELETE_BIT: Choice = 1 << 31;

/// The one-ended fill on `v`, moves at the left end: `d[l]` is the mover's
/// best score difference on the suffix `[l, n)`, and, when `record` is set,
/// `choice[l]` its first optimal move in [`Game::moves`] order (takes
/// before deletes, counts ascending). Finite counts are tried one by one;
/// an unbounded tail `k..` reaches every suffix from `l + k` on, so a
/// running maximum over them, extended by one suffix per step, covers it
/// (ties keep the shorter move, the earlier in canonical order). Terms are
/// computed in `i128`; the values stored fit `i64` on admitted boards.
fn one_ended(game: Game, v: &[i64], record: bool) -> (Vec<i64>, Vec<Choice>) {
    let n = v.len();
    let mut sums = Vec::with_capacity(n + 1);
    sums.push(0i64);
    for &x in v {
        // Prefix sums are bounded by the board's absolute sum: no overflow.
        sums.push(sums[sums.len() - 1] + x);
    }
    let s = |i: usize| i128::from(sums[i]);
    let total = s(n);
    let kinds = [(Kind::Take, game.take), (Kind::Delete, game.delete)];
    // Per kind: the finite counts (all below its tail, folded in below).
    let finite: Vec<Vec<usize>> = kinds
        .iter()
        .map(|&(_, counts)| counts.finite().take_while(|&c| c <= n).collect())
        .collect();
    // What a move of `kind` to suffix j scores, plus the part that depends
    // on l alone (added back when the move is used from l).
    let term = |kind: Kind, j: usize, d_j: i64| -> i128 {
        let d_j = i128::from(d_j);
        match (kind, game.score) {
            (Kind::Delete, _) => -d_j,
            (Kind::Take, Score::Taken) => s(j) - d_j,
            (Kind::Take, Score::Rest) => -s(j) - d_j,
        }
    };
    let from_l = |kind: Kind, l: usize| -> i128 {
        match (kind, game.score) {
            (Kind::Delete, _) => 0,
            (Kind::Take, Score::Taken) => -s(l),
            (Kind::Take, Score::Rest) => total,
        }
    };
    let mut d = vec![0i64; n + 1];
    let mut choice = if record { vec![0; n + 1] } else { Vec::new() };
    // Running maxima of the tails and the suffix reaching each.
    let mut tail_best = [(NONE, 0usize); 2];
    for l in (0..n).rev() {
        let len = n - l;
        let mut best = NONE;
        let mut chosen: Choice = 0;
        for (slot, &(kind, counts)) in kinds.iter().enumerate() {
            let bit = if kind == Kind::Delete { DELETE_BIT } else { 0 };
            for &c in &finite[slot] {
                if c > len {
                    break;
                }
                let value = from_l(kind, l) + term(kind, l + c, d[l + c]);
                if value > best {
                    best = value;
                    chosen = c as Choice | bit;
                }
            }
            if let Some(k) = counts.open_tail() {
                if l + k <= n {
                    let j = l + k;
                    let t = term(kind, j, d[j]);
                    if t >= tail_best[slot].0 {
                        tail_best[slot] = (t, j);
                    }
                }
                if tail_best[slot].0 != NONE {
                    let value = from_l(kind, l) + tail_best[slot].0;
                    if value > best {
                        best = value;
                        chosen = (tail_best[slot].1 - l) as Choice | bit;
                    }
                }
            }
        }
        // A difference of the two players' totals on part of an admitted
        // board: it fits i64.
        d[l] = if best == NONE { 0 } else { best as i64 };
        if record {
            choice[l] = chosen;
        }
    }
    (d, choice)
}

/// The value and, when `want_line` is set, the optimal line of a one-ended
/// game ([`is_one_ended`]).
fn solve_one_ended(game: Game, values: &[i64], want_line: bool) -> (i64, Option<Line>) {
    let side = if game.ends == Ends::Right {
        Side::Right
    } else {
        Side::Left
    };
    let reversed: Vec<i64>;
    let row = if side == Side::Right {
        reversed = values.iter().rev().copied().collect();
        &reversed
    } else {
        values
    };
    let (d, choice) = one_ended(game, row, want_line);
    if !want_line {
        return (d[0], None);
    }
    let mut moves = Vec::new();
    let mut l = 0;
    // choice[n], the empty suffix's, is 0: the line ends there at the latest.
    while choice[l] != 0 {
        let count = (choice[l] & !DELETE_BIT) as usize;
        moves.push(if choice[l] & DELETE_BIT != 0 {
            Move::delete(side, count)
        } else {
            Move::take(side, count)
        });
        l += count;
    }
    (d[0], Some(Line::new(moves)))
}

/// Prefix sums of a row as `i128`: the fill's running maxima add and
/// subtract prefix sums of the board written twice, which `i64` does not
/// always hold.
struct Sums(Vec<i128>);

impl Sums {
    fn new(values: &[i64]) -> Self {
        let mut p = Vec::with_capacity(values.len() + 1);
        p.push(0i128);
        for &v in values {
            p.push(p[p.len() - 1] + i128::from(v));
        }
        Sums(p)
    }
}

/// Interval values of a row: `get(l, r)` is the mover's best score
/// difference on `[l, r)`.
struct Table {
    n: usize,
    values: Vec<i128>,
}

impl Table {
    fn get(&self, l: usize, r: usize) -> i128 {
        if l == r {
            0
        } else {
            self.values[super::tri_index(self.n, r - l, l)]
        }
    }
}

/// Running maxima of the unbounded tails, as the fill order needs them.
const NONE: i128 = i128::MIN;

fn fill(rules: &Game, row: &[i64], sums: &Sums, longest: usize) -> Table {
    let n = row.len();
    let mut t = Table {
        n,
        values: vec![0; super::tri_size(n)],
    };
    let left = rules.ends != coinline_game::rules::Ends::Right;
    let right = rules.ends != coinline_game::rules::Ends::Left;
    let tails = [
        (Kind::Take, rules.take.open_tail()),
        (Kind::Delete, rules.delete.open_tail()),
    ];
    // The finite counts, kind by kind (the tails are folded below).
    let finite: Vec<(Kind, usize)> = [(Kind::Take, rules.take), (Kind::Delete, rules.delete)]
        .into_iter()
        .flat_map(|(kind, counts)| {
            counts
                .finite()
                .take_while(move |&c| c <= n)
                .map(move |c| (kind, c))
        })
        .collect();
    // Right-side tails, per l: the best over j = r - c of the child [l, j).
    let mut right_best = [vec![NONE; n + 1], vec![NONE; n + 1]];
    for r in 1..=n {
        if right {
            for (slot, &(kind, tail)) in tails.iter().enumerate() {
                let Some(from) = tail else { continue };
                let Some(j) = r.checked_sub(from) else {
                    continue;
                };
                for (l, best) in right_best[slot].iter_mut().enumerate().take(j + 1) {
                    let child = t.get(l, j);
                    // Score of the take, less the terms of l and r added on use.
                    let term = match (kind, rules.score) {
                        (Kind::Delete, _) => -child,
                        (Kind::Take, Score::Taken) => -sums.0[j] - child,
                        (Kind::Take, Score::Rest) => sums.0[j] - child,
                    };
                    *best = (*best).max(term);
                }
            }
        }
        let mut left_best = [NONE; 2];
        for l in (r.saturating_sub(longest)..r).rev() {
            let len = r - l;
            let mut best = NONE;
            if left {
                for (slot, &(kind, tail)) in tails.iter().enumerate() {
                    let Some(from) = tail else { continue };
                    let j = l + from;
                    if j <= r {
                        let child = t.get(j, r);
                        let term = match (kind, rules.score) {
                            (Kind::Delete, _) => -child,
                            (Kind::Take, Score::Taken) => sums.0[j] - child,
                            (Kind::Take, Score::Rest) => -sums.0[j] - child,
                        };
                        left_best[slot] = left_best[slot].max(term);
                    }
                    if left_best[slot] != NONE {
                        let value = match (kind, rules.score) {
                            (Kind::Delete, _) => left_best[slot],
                            (Kind::Take, Score::Taken) => left_best[slot] - sums.0[l],
                            (Kind::Take, Score::Rest) => left_best[slot] + sums.0[r],
                        };
                        best = best.max(value);
                    }
                }
            }
            if right {
                // right_best[slot][l] is set only once a move of the tail
                // fits in [l, r): for some earlier or equal r.
                for (slot, &(kind, _)) in tails.iter().enumerate() {
                    if right_best[slot][l] == NONE {
                        continue;
                    }
                    let value = match (kind, rules.score) {
                        (Kind::Delete, _) => right_best[slot][l],
                        (Kind::Take, Score::Taken) => right_best[slot][l] + sums.0[r],
                        (Kind::Take, Score::Rest) => right_best[slot][l] - sums.0[l],
                    };
                    best = best.max(value);
                }
            }
            for &(kind, count) in &finite {
                if count > len {
                    continue;
                }
                let total = sums.0[r] - sums.0[l];
                if left {
                    let child = t.get(l + count, r);
                    let gain = match (kind, rules.score) {
                        (Kind::Delete, _) => 0,
                        (Kind::Take, Score::Taken) => sums.0[l + count] - sums.0[l],
                        (Kind::Take, Score::Rest) => total - (sums.0[l + count] - sums.0[l]),
                    };
                    best = best.max(gain - child);
                }
                if right {
                    let child = t.get(l, r - count);
                    let gain = match (kind, rules.score) {
                        (Kind::Delete, _) => 0,
                        (Kind::Take, Score::Taken) => sums.0[r] - sums.0[r - count],
                        (Kind::Take, Score::Rest) => total - (sums.0[r] - sums.0[r - count]),
                    };
                    best = best.max(gain - child);
                }
            }
            t.values[super::tri_index(n, len, l)] = if best == NONE { 0 } else { best };
        }
    }
    t
}

/// The value and, when `want_line` is set, one optimal line (the first
/// optimal move in canonical order at each step; on a circle, the first
/// start). Boards must be within [`Generic`]'s limit and admitted.
fn solve(game: Game, values: &[i64], want_line: bool) -> (i64, Option<Line>) {
    if is_one_ended(game) {
        solve_one_ended(game, values, want_line)
    } else {
        solve_intervals(game, values, want_line)
    }
}

/// The longest interval the table needs: the whole board, or on a circle
/// (the board written twice) the n - 1 values a first move leaves at most.
/// Filling longer intervals would only compute values no line reads.
fn longest_interval(n: usize, circle: bool) -> usize {
    if circle {
        n - 1
    } else {
        n
    }
}

/// [`solve`] by the interval table, for any game (the one-ended fill's
/// tests compare the two).
fn solve_intervals(game: Game, values: &[i64], want_line: bool) -> (i64, Option<Line>) {
    let n = values.len();
    let circle = game.circle && n > 0;
    let doubled: Vec<i64>;
    let row: &[i64] = if circle {
        doubled = values.iter().chain(values).copied().collect();
        &doubled
    } else {
        values
    };
    let sums = Sums::new(row);
    let t = fill(&game, row, &sums, longest_interval(n, circle));
    // Interval values fit i64 on admitted boards: each is a difference of
    // two players' totals on part of the board.
    let at = |l: usize, r: usize| t.get(l, r) as i64;
    let play = Row::new(game, values);
    let first = play
        .first_moves()
        .map(|(s, mv)| {
            let (gain, l, r) = play.play(mv, s, s + n);
            (gain - at(l, r), s, mv)
        })
        .fold(None, |best: Option<(i64, usize, Move)>, m| match best {
            Some(b) if b.0 >= m.0 => Some(b),
            _ => Some(m),
        });
    let Some((value, start, mv)) = first else {
        return (0, want_line.then(Line::default));
    };
    if !want_line {
        return (value, None);
    }
    let mut line = Line {
        start: circle.then_some(start),
        ..Line::new([mv])
    };
    let (_, mut l, mut r) = play.play(mv, start, start + n);
    while let Some((mv, l2, r2)) = game.moves(r - l).find_map(|mv| {
        let (gain, l2, r2) = play.play(mv, l, r);
        (gain - at(l2, r2) == at(l, r)).then_some((mv, l2, r2))
    }) {
        line.moves.push(mv);
        (l, r) = (l2, r2);
    }
    (value, Some(line))
}

/// The generic interval table. See the module documentation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Generic;

/// The moves one interval of a board of `n` tries: every finite count up
/// to n (through 63 the tails' counts too, as they were counted before
/// counts above 63), and a tail once.
fn per_interval(game: Game, n: usize) -> usize {
    use coinline_game::rules::MASK_COUNTS;
    let bounded = !game.take.is_unbounded() && !game.delete.is_unbounded();
    if bounded {
        return game.move_count(n).max(1);
    }
    let sides = if game.is_symmetric() { 2 } else { 1 };
    // The finite counts in 64..=n, run by run.
    let high =
        |c: coinline_game::rules::Counts| c.finite_upto(n) - c.finite_upto(MASK_COUNTS.min(n));
    (game.move_count(n.min(MASK_COUNTS)) + sides * (high(game.take) + high(game.delete))).max(1)
}

impl Solver for Generic {
    fn name(&self) -> &str {
        "generic"
    }

    fn limit(&self, game: Game) -> Option<usize> {
        // The rules that remember their moves have their own tables.
        if game.memory != Memory::None {
            return Some(crate::history::limit(game));
        }
        Some(if is_one_ended(game) {
            ONE_ENDED_LIMIT
        } else if game.circle {
            TABLE_LIMIT / 2
        } else {
            TABLE_LIMIT
        })
    }

    fn cost(&self, game: Game, n: usize) -> Option<Cost> {
        if game.memory != Memory::None {
            return Some(crate::history::cost(game, n));
        }
        if is_one_ended(game) {
            // Each suffix tries every finite count and each tail once.
            let finite = |counts: coinline_game::rules::Counts| {
                counts.finite_upto(n) + usize::from(counts.is_unbounded())
            };
            let per_suffix = (finite(game.take) + finite(game.delete)).max(1) as f64;
            let bytes = 24.0 * (n as f64 + 1.0);
            return Some(Cost::of((n as f64 + 1.0) * per_suffix, 3.0).holding(bytes));
        }
        // Each interval tries every finite count, and the tails once each;
        // an i128 per interval and as much again while it fills (of the
        // board written twice on a circle): 32 bytes, as measured.
        let per_interval = per_interval(game, n) as f64;
        let rows = if game.circle { 2.0 } else { 1.0 };
        let cost = Cost::of(rows * intervals(n) * per_interval, 8.0);
        Some(cost.holding(32.0 * intervals(rows as usize * n)))
    }

    fn difference(&self, game: Game, board: &Board) -> i64 {
        if game.memory != Memory::None {
            return crate::history::solve(game, board.values()).0;
        }
        solve(game, board.values(), false).0
    }

    fn line(&self, game: Game, board: &Board) -> Option<(i64, Line)> {
        if game.memory != Memory::None {
            return Some(crate::history::solve(game, board.values()));
        }
        let (value, line) = solve(game, board.values(), true);
        Some((value, line.unwrap_or_default()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Minimax, Table as Fast};
    use coinline_game::generate::SplitMix64;
    use coinline_game::play::replay;

    fn value(game: &str, values: &[i64]) -> i64 {
        let board = Board::new(values.to_vec()).unwrap();
        Generic.difference(game.parse().unwrap(), &board)
    }

    #[test]
    fn published_examples() {
        // LeetCode 1690 (Stone Game VII): the difference.
        assert_eq!(value("stonegame7", &[5, 3, 1, 4, 2]), 6);
        assert_eq!(value("stonegame7", &[7, 90, 5, 1, 100, 10, 10, 2]), 122);
        // LeetCode 1406 (Stone Game III): Bob, Alice, Tie.
        assert!(value("stonegame3", &[1, 2, 3, 7]) < 0);
        assert!(value("stonegame3", &[1, 2, 3, -9]) > 0);
        assert_eq!(value("stonegame3", &[1, 2, 3, 6]), 0);
        // The coins write-up's example and UVa 10891's.
        assert_eq!(value("coins", &[8, 15, 3, 7]), 11);
        assert_eq!(value("gameofsum", &[4, -10, -20, 7]), 7);
        assert_eq!(value("gameofsum", &[1, 2, 3, 4]), 10);
    }

    #[test]
    fn the_table_agrees_with_exhaustive_search_and_its_lines_replay() {
        let mut rng = SplitMix64::new(12);
        for _ in 0..1_500 {
            let game = coinline_game::generate::random_game(&mut rng);
            let n = (rng.below(9) as usize).min(Minimax.limit(game).unwrap());
            let values: Vec<i64> = (0..n).map(|_| rng.between(-9, 9)).collect();
            let board = Board::new(values).unwrap();
            let (value, line) = Generic.line(game, &board).unwrap();
            assert_eq!(value, Minimax.difference(game, &board), "{game}: {board}");
            let totals = replay(game, &board, &line)
                .unwrap_or_else(|e| panic!("{game}: {board}: {line}: {e}"));
            assert_eq!(totals.difference(), value, "{game}: {board}: {line}");
        }
    }

    #[test]
    fn the_kernels_agree_with_their_fast_table() {
        let mut rng = SplitMix64::new(3);
        for _ in 0..500 {
            let n = rng.below(40) as usize;
            let values: Vec<i64> = (0..n).map(|_| rng.between(-50, 50)).collect();
            let board = Board::new(values).unwrap();
            for game in Game::ALL.into_iter().filter(|g| g.kernel().is_some()) {
                assert_eq!(
                    Generic.difference(game, &board),
                    Fast.difference(game, &board),
                    "{game}: {board}"
                );
            }
        }
    }

    /// A random one-ended rule set: [`coinline_game::generate::random_game`] with
    /// its ends set to one side and no circle.
    fn one_ended_game(rng: &mut SplitMix64) -> Game {
        let game = coinline_game::generate::random_game(rng);
        Game {
            ends: if rng.chance(2) {
                Ends::Left
            } else {
                Ends::Right
            },
            circle: false,
            ..game
        }
    }

    #[test]
    fn the_one_ended_fill_matches_the_interval_table() {
        let mut rng = SplitMix64::new(77);
        for round in 0..600 {
            let game = one_ended_game(&mut rng);
            assert!(is_one_ended(game));
            let n = rng.below(if round % 10 == 0 { 200 } else { 40 }) as usize;
            let span = if rng.chance(4) { i64::MAX / 1024 } else { 30 };
            let values: Vec<i64> = (0..n).map(|_| rng.between(-span, span)).collect();
            let board = coinline_game::generate::admissible(game, Board::new(values).unwrap());
            let (fast, line) = solve_one_ended(game, board.values(), true);
            let (slow, _) = solve_intervals(game, board.values(), false);
            assert_eq!(fast, slow, "{game}: {board}");
            assert_eq!(solve(game, board.values(), false).0, fast);
            let line = line.unwrap();
            let totals = replay(game, &board, &line)
                .unwrap_or_else(|e| panic!("{game}: {board}: {line}: {e}"));
            assert_eq!(totals.difference(), fast, "{game}: {board}: {line}");
            // The line is the interval table's: the first optimal move each time.
            let (_, canonical) = solve_intervals(game, board.values(), true);
            assert_eq!(Some(line), canonical, "{game}: {board}");
        }
    }

    #[test]
    fn stone_game_three_solves_fifty_thousand_stones() {
        // LeetCode 1406 allows n = 50,000 and values -1000..1000.
        let game = Game::STONEGAME3;
        assert!(Generic.limit(game).unwrap() >= 50_000);
        assert!(Generic.cost(game, 50_000).unwrap().seconds < 0.01);
        let mut rng = SplitMix64::new(1406);
        let values: Vec<i64> = (0..50_000).map(|_| rng.between(-1000, 1000)).collect();
        let board = Board::new(values).unwrap();
        let solution = crate::solve(&Generic, game, &board, true).unwrap();
        let line = solution.line.unwrap();
        assert_eq!(
            replay(game, &board, &line).unwrap().difference(),
            solution.difference
        );
        // Mirrored: the same board reversed, played from the right.
        let right = Game {
            ends: Ends::Right,
            ..game
        };
        let mirror = Board::new(board.values().iter().rev().copied().collect()).unwrap();
        assert_eq!(Generic.difference(right, &mirror), solution.difference);
        // Unbounded takes and rest scoring at the same size.
        let open: Game = "ends=left take=2.. delete=1 score=rest".parse().unwrap();
        let (value, line) = Generic.line(open, &board).unwrap();
        assert_eq!(replay(open, &board, &line).unwrap().difference(), value);
    }

    #[test]
    fn the_first_player_gets_four_ninths_of_a_pizza() {
        // Cibulka, Kyncl, Meszaros, Stolar and Valtr: on any pizza of
        // non-negative slices the first player can get at least 4/9.
        let mut rng = SplitMix64::new(5);
        for _ in 0..2_000 {
            let n = rng.below(15) as usize;
            let values: Vec<i64> = (0..n).map(|_| rng.between(0, 20)).collect();
            let sum: i64 = values.iter().sum();
            let value = value("pizza", &values);
            // first = (sum + value) / 2 >= 4/9 sum.
            assert!(9 * (sum + value) >= 8 * sum, "{values:?}: {value}");
        }
    }

    #[test]
    fn values_near_the_admission_limit_do_not_overflow() {
        // Stone Game VII at the edge of admission: n * sum|v| just fits.
        let v = i64::MAX / 4 / 4;
        let board = Board::new(vec![v, -v, v, -v]).unwrap();
        Game::STONEGAME7.admit(&board).unwrap();
        let (value, line) = Generic.line(Game::STONEGAME7, &board).unwrap();
        assert_eq!(
            replay(Game::STONEGAME7, &board, &line)
                .unwrap()
                .difference(),
            value
        );
        let big = Board::new(vec![i64::MAX / 2, i64::MIN / 2 + 1]).unwrap();
        let (value, line) = Generic.line(Game::GAMEOFSUM, &big).unwrap();
        assert_eq!(value, i64::MAX - 1);
        assert_eq!(line.to_string(), "L L");
    }
}

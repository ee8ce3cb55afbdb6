//! Exact solvers for every rule set of [`crate::rules`]: exhaustive search
//! (the ground truth) and a bottom-up interval table.
//!
//! Arithmetic is `i128`: with `score=rest` a player scores up to n times
//! the board's absolute sum, which `i64` does not hold; `i128` holds it
//! for every board of `i64` values and any length a machine can store.
//!
//! The table fills intervals `[l, r)` with r ascending and l descending, so
//! every child of an interval is known when it is reached. Finite counts
//! are tried one by one; an unbounded tail of counts (`take=k..`) is
//! folded into running maxima, one per (side, kind), so a fill costs
//! O(n^2 * finite counts) whatever the tail. A circle is solved on the
//! board written twice: every line left after the first move is an
//! interval of it shorter than n.

use crate::rules::{Kind, RuleMove, RuleSet, Score, Side};
use std::fmt;

/// The longest board the table accepts: its interval values take 16 bytes
/// each, n(n+1)/2 of them (about 72 MB here); a circle, solved on the board
/// written twice, accepts half as many.
pub const TABLE_LIMIT: usize = 3_000;

/// The longest board the exhaustive search accepts for `rules`: the
/// largest n whose game tree has at most about 10^7 nodes.
pub fn exhaustive_limit(rules: &RuleSet) -> usize {
    (0..=64)
        .take_while(|&n| tree_nodes(rules, n) <= 1e7)
        .last()
        .unwrap_or(0)
}

/// Nodes of the game tree of a board of n values (the root included).
pub fn tree_nodes(rules: &RuleSet, n: usize) -> f64 {
    let mut line = vec![1.0f64; n + 1];
    for k in 1..=n {
        line[k] = 1.0 + rules.moves(k).map(|m| line[k - m.count]).sum::<f64>();
    }
    if rules.circle && n > 0 {
        // Every start of the first move, then a line.
        let first: f64 = first_on_circle(rules)
            .moves(n)
            .map(|m| line[n - m.count])
            .sum();
        1.0 + n as f64 * first
    } else {
        line[n]
    }
}

/// A line of play under a rule set; on a circle, `start` is where the
/// first move's run begins (0-based), and that move is a left move.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct RuleLine {
    /// The first move's start on a circle.
    pub start: Option<usize>,
    /// The moves.
    pub moves: Vec<RuleMove>,
}

impl fmt::Display for RuleLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.moves.is_empty() {
            return f.write_str("-");
        }
        for (i, mv) in self.moves.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            match (i, self.start) {
                (0, Some(s)) => write!(f, "{mv}@{}", s + 1)?,
                _ => write!(f, "{mv}")?,
            }
        }
        Ok(())
    }
}

/// The rules of a circle's first move: any run may be taken or deleted,
/// written as a left move from where the run starts.
fn first_on_circle(rules: &RuleSet) -> RuleSet {
    RuleSet {
        ends: crate::rules::Ends::Left,
        ..*rules
    }
}

/// Prefix sums of a row as `i128`.
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

    fn sum(&self, from: usize, to: usize) -> i128 {
        self.0[to] - self.0[from]
    }
}

/// The score of `mv` on `[l, r)` and the interval it leaves.
fn play(rules: &RuleSet, sums: &Sums, mv: RuleMove, l: usize, r: usize) -> (i128, usize, usize) {
    let (l2, r2) = match mv.side {
        Side::Left => (l + mv.count, r),
        Side::Right => (l, r - mv.count),
    };
    let gain = match (mv.kind, rules.score) {
        (Kind::Delete, _) => 0,
        (Kind::Take, Score::Taken) => sums.sum(l, r) - sums.sum(l2, r2),
        (Kind::Take, Score::Rest) => sums.sum(l2, r2),
    };
    (gain, l2, r2)
}

/// Replays `line` on `values`: every move legal, and the game over at its
/// end (no legal move left). Returns the two totals, or why the line fails.
pub fn replay(rules: &RuleSet, values: &[i64], line: &RuleLine) -> Result<(i128, i128), String> {
    let n = values.len();
    let rotated: Vec<i64> = match (rules.circle, line.start) {
        (true, Some(s)) if s < n => values[s..].iter().chain(&values[..s]).copied().collect(),
        (true, Some(s)) => return Err(format!("the first move starts at {} of {n}", s + 1)),
        (true, None) if line.moves.is_empty() => values.to_vec(),
        (true, None) => return Err("a circle's first move needs its start (@k)".into()),
        (false, Some(_)) => return Err("only a circle's first move has a start".into()),
        (false, None) => values.to_vec(),
    };
    let sums = Sums::new(&rotated);
    let (mut l, mut r) = (0, n);
    let mut totals = [0i128; 2];
    for (i, &mv) in line.moves.iter().enumerate() {
        if i == 0 && rules.circle && mv.side != Side::Left {
            return Err(format!(
                "move 1 ({mv}): a circle's first move is written from the left"
            ));
        }
        let reason = if i == 0 && rules.circle {
            first_on_circle(rules).illegal_reason(mv, r - l)
        } else {
            rules.illegal_reason(mv, r - l)
        };
        if let Some(why) = reason {
            return Err(format!("move {} ({mv}): {why}", i + 1));
        }
        let (gain, l2, r2) = play(rules, &sums, mv, l, r);
        totals[i % 2] += gain;
        (l, r) = (l2, r2);
    }
    let next = if rules.circle && line.moves.is_empty() {
        first_on_circle(rules)
    } else {
        *rules
    };
    if next.moves(r - l).next().is_some() {
        return Err(format!(
            "the line stops with moves still possible ({} values left)",
            r - l
        ));
    }
    Ok((totals[0], totals[1]))
}

/// The value by exhaustive search (every line of play). Exponential: call
/// it only up to [`exhaustive_limit`].
pub fn exhaustive(rules: &RuleSet, values: &[i64]) -> i128 {
    fn search(rules: &RuleSet, sums: &Sums, l: usize, r: usize) -> i128 {
        rules
            .moves(r - l)
            .map(|mv| {
                let (gain, l2, r2) = play(rules, sums, mv, l, r);
                gain - search(rules, sums, l2, r2)
            })
            .max()
            .unwrap_or(0)
    }
    let n = values.len();
    if !rules.circle || n == 0 {
        return search(rules, &Sums::new(values), 0, n);
    }
    (0..n)
        .filter_map(|s| {
            let rotated: Vec<i64> = values[s..].iter().chain(&values[..s]).copied().collect();
            let sums = Sums::new(&rotated);
            first_on_circle(rules)
                .moves(n)
                .map(|mv| {
                    let (gain, l2, r2) = play(rules, &sums, mv, 0, n);
                    gain - search(rules, &sums, l2, r2)
                })
                .max()
        })
        .max()
        .unwrap_or(0)
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

fn fill(rules: &RuleSet, row: &[i64], sums: &Sums, longest: usize) -> Table {
    let n = row.len();
    let mut t = Table {
        n,
        values: vec![0; super::tri_size(n)],
    };
    let left = rules.ends != crate::rules::Ends::Right;
    let right = rules.ends != crate::rules::Ends::Left;
    let tails = [
        (Kind::Take, rules.take.open_tail()),
        (Kind::Delete, rules.delete.open_tail()),
    ];
    // The finite counts, kind by kind (the tails are folded below).
    let finite: Vec<(Kind, usize)> = [(Kind::Take, rules.take), (Kind::Delete, rules.delete)]
        .into_iter()
        .flat_map(|(kind, counts)| {
            let below = counts.open_tail().unwrap_or(usize::MAX);
            counts
                .up_to(crate::rules::MAX_COUNT.min(n))
                .filter(move |&c| c < below)
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
                for (slot, &(kind, tail)) in tails.iter().enumerate() {
                    if tail.is_none() || right_best[slot][l] == NONE || r - l < tail.unwrap_or(0) {
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

/// The value and one optimal line (the first optimal move in canonical
/// order at each step; on a circle, the first start). `None` above
/// [`TABLE_LIMIT`].
pub fn table_line(rules: &RuleSet, values: &[i64]) -> Option<(i128, RuleLine)> {
    let n = values.len();
    if n > TABLE_LIMIT || (rules.circle && 2 * n > TABLE_LIMIT) {
        return None;
    }
    let (row, start) = if rules.circle && n > 0 {
        let doubled: Vec<i64> = values.iter().chain(values).copied().collect();
        (doubled, true)
    } else {
        (values.to_vec(), false)
    };
    let sums = Sums::new(&row);
    let longest = if start { n.saturating_sub(1) } else { n };
    let t = fill(rules, &row, &sums, longest);
    let walk = |mut l: usize, mut r: usize, moves: &mut Vec<RuleMove>| {
        while let Some((mv, l2, r2)) = rules.moves(r - l).find_map(|mv| {
            let (gain, l2, r2) = play(rules, &sums, mv, l, r);
            (gain - t.get(l2, r2) == t.get(l, r)).then_some((mv, l2, r2))
        }) {
            moves.push(mv);
            (l, r) = (l2, r2);
        }
    };
    if !start {
        let mut moves = Vec::new();
        walk(0, n, &mut moves);
        return Some((t.get(0, n), RuleLine { start: None, moves }));
    }
    let mut best: Option<(i128, usize, RuleMove)> = None;
    for s in 0..n {
        for mv in first_on_circle(rules).moves(n) {
            let (gain, l2, r2) = play(rules, &sums, mv, s, s + n);
            let value = gain - t.get(l2, r2);
            if best.is_none_or(|(b, _, _)| value > b) {
                best = Some((value, s, mv));
            }
        }
    }
    let Some((value, s, first)) = best else {
        return Some((0, RuleLine::default()));
    };
    let mut moves = vec![first];
    let (_, l2, r2) = play(rules, &sums, first, s, s + n);
    walk(l2, r2, &mut moves);
    Some((
        value,
        RuleLine {
            start: Some(s),
            moves,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::SplitMix64;
    use crate::rules::{Counts, Ends};

    fn rules(text: &str) -> RuleSet {
        text.parse().unwrap()
    }

    #[test]
    fn published_examples() {
        // LeetCode 1690 (Stone Game VII): the difference.
        let sg7 = rules("stonegame7");
        assert_eq!(table_line(&sg7, &[5, 3, 1, 4, 2]).unwrap().0, 6);
        assert_eq!(
            table_line(&sg7, &[7, 90, 5, 1, 100, 10, 10, 2]).unwrap().0,
            122
        );
        // LeetCode 1406 (Stone Game III): Bob, Alice, Tie.
        let sg3 = rules("stonegame3");
        assert!(table_line(&sg3, &[1, 2, 3, 7]).unwrap().0 < 0);
        assert!(table_line(&sg3, &[1, 2, 3, -9]).unwrap().0 > 0);
        assert_eq!(table_line(&sg3, &[1, 2, 3, 6]).unwrap().0, 0);
        // The coins write-up's example and UVa 10891's.
        assert_eq!(table_line(&rules("coins"), &[8, 15, 3, 7]).unwrap().0, 11);
        assert_eq!(
            table_line(&rules("gameofsum"), &[4, -10, -20, 7])
                .unwrap()
                .0,
            7
        );
        assert_eq!(
            table_line(&rules("gameofsum"), &[1, 2, 3, 4]).unwrap().0,
            10
        );
    }

    /// A random rule set: each part drawn so that small and unbounded
    /// counts, one-sided ends, deletes, rest-scoring and circles occur.
    fn random_rules(rng: &mut SplitMix64) -> RuleSet {
        let counts = |rng: &mut SplitMix64| match rng.below(5) {
            0 => Counts::exactly(1),
            1 => Counts::exactly(rng.below(3) as usize + 1),
            2 => Counts::range(1, rng.below(3) as usize + 1),
            3 => Counts::from(rng.below(3) as usize + 1),
            _ => "1,3".parse().unwrap(),
        };
        RuleSet {
            ends: [Ends::Both, Ends::Left, Ends::Right][rng.below(3) as usize],
            take: counts(rng),
            delete: if rng.below(3) == 0 {
                counts(rng)
            } else {
                Counts::NONE
            },
            score: if rng.below(3) == 0 {
                Score::Rest
            } else {
                Score::Taken
            },
            circle: rng.below(4) == 0,
        }
    }

    #[test]
    fn the_table_agrees_with_exhaustive_search_and_its_lines_replay() {
        let mut rng = SplitMix64::new(12);
        for _ in 0..1_500 {
            let rules = random_rules(&mut rng);
            let n = (rng.below(9) as usize).min(exhaustive_limit(&rules));
            let values: Vec<i64> = (0..n).map(|_| rng.between(-9, 9)).collect();
            let (value, line) = table_line(&rules, &values).unwrap();
            assert_eq!(value, exhaustive(&rules, &values), "{rules}: {values:?}");
            let (first, second) = replay(&rules, &values, &line)
                .unwrap_or_else(|e| panic!("{rules}: {values:?}: {line}: {e}"));
            assert_eq!(first - second, value, "{rules}: {values:?}: {line}");
        }
    }

    #[test]
    fn the_built_in_games_are_their_aliases() {
        use crate::solve::{Solver, Table as Fast};
        use crate::Game;
        let mut rng = SplitMix64::new(3);
        for _ in 0..500 {
            let n = rng.below(40) as usize;
            let values: Vec<i64> = (0..n).map(|_| rng.between(-50, 50)).collect();
            let board = crate::Board::new(values.clone()).unwrap();
            for game in Game::ALL {
                let rules = rules(game.name());
                assert_eq!(
                    table_line(&rules, &values).unwrap().0,
                    i128::from(Fast.difference(game, &board)),
                    "{game}: {board}"
                );
            }
        }
    }

    #[test]
    fn the_first_player_gets_four_ninths_of_a_pizza() {
        // Cibulka, Kyncl, Meszaros, Stolar and Valtr: on any pizza of
        // non-negative slices the first player can get at least 4/9.
        let pizza = rules("pizza");
        let mut rng = SplitMix64::new(5);
        for _ in 0..2_000 {
            let n = rng.below(15) as usize;
            let values: Vec<i64> = (0..n).map(|_| rng.between(0, 20)).collect();
            let sum: i128 = values.iter().map(|&v| i128::from(v)).sum();
            let value = table_line(&pizza, &values).unwrap().0;
            // first = (sum + value) / 2 >= 4/9 sum.
            assert!(9 * (sum + value) >= 8 * sum, "{values:?}: {value}");
        }
    }

    #[test]
    fn illegal_or_unfinished_lines_are_refused() {
        let coins = rules("coins");
        let line = |moves: &str, start| RuleLine {
            start,
            moves: moves
                .split_whitespace()
                .map(|m| m.parse().unwrap())
                .collect(),
        };
        assert_eq!(
            replay(&coins, &[8, 15, 3, 7], &line("R L L L", None)),
            Ok((22, 11))
        );
        assert!(replay(&coins, &[8, 15, 3, 7], &line("R L", None)).is_err());
        assert!(replay(&coins, &[8, 15, 3, 7], &line("L2 L L", None)).is_err());
        let pizza = rules("pizza");
        assert_eq!(
            replay(&pizza, &[1, 5, 2], &line("L R L", Some(1))),
            Ok((7, 1))
        );
        assert!(replay(&pizza, &[1, 5, 2], &line("L R L", None)).is_err());
        // take=2 on three values: one take, then the last value is left.
        assert_eq!(
            replay(&rules("take=2"), &[1, 2, 3], &line("R2", None)),
            Ok((5, 0))
        );
        assert_eq!(line("L2 R", Some(4)).to_string(), "L2@5 R");
    }

    #[test]
    fn exhaustive_limits_follow_the_branching_factor() {
        assert!(exhaustive_limit(&rules("coins")) >= 20);
        assert!(exhaustive_limit(&rules("gameofsum")) < exhaustive_limit(&rules("coins")));
        assert!(exhaustive_limit(&rules("pizza")) < exhaustive_limit(&rules("coins")));
    }
}

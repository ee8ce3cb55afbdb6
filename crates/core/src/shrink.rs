//! Shrinking: make a failing board smaller while it still fails the same way.
//!
//! Candidates are tried from the most to the least drastic: drop chunks of
//! values (halves, quarters, ... single values), halve every value at once
//! (so a board of huge values shrinks in a few dozen steps, not one value at
//! a time), then move single values toward zero (to zero, halfway, one step). A candidate is kept when the caller's
//! predicate says it still fails; the search restarts from it until no
//! candidate helps or the budget of predicate calls runs out.
//!
//! [`shrink_case`] shrinks the rule set too: a failure found in
//! `take=1..3 delete=2` that also fails in `take=1` is reported in
//! `take=1`. It tries the simpler rule sets of [`simplifications`] (most
//! drastic first; each lowers [`complexity`], so it ends) on
//! the board, keeps the first that still fails, restarts from it, then
//! shrinks the board in the rule set reached, and repeats while either
//! shrank. Every driver that shrinks a failure (compare, the fuzz targets)
//! calls it.

use crate::board::Board;
use crate::case::Case;
use crate::rules::{Counts, Ends, Game, Memory, Score, MASK_COUNTS};

/// Shrinks a failing case, rule set first, then board (see the module
/// documentation), while `still_fails(game, board)` holds, calling it at
/// most `budget` times in all. Only rule sets that admit the board
/// ([`Game::admit`]) are tried. Returns the simplest failing case found
/// (`case` itself if none).
pub fn shrink_case(
    case: &Case,
    budget: usize,
    mut still_fails: impl FnMut(Game, &Board) -> bool,
) -> Case {
    let (mut game, mut board) = (case.game, case.board.clone());
    let mut calls = 0;
    loop {
        let rules_before = game;
        'rules: loop {
            for candidate in simplifications(&game) {
                if calls >= budget {
                    break 'rules;
                }
                if candidate.admit(&board).is_err() {
                    continue;
                }
                calls += 1;
                if still_fails(candidate, &board) {
                    game = candidate;
                    continue 'rules;
                }
            }
            break;
        }
        let mut used = 0;
        let smaller = shrink(&board, budget.saturating_sub(calls), |b| {
            used += 1;
            still_fails(game, b)
        });
        calls += used;
        let board_shrank = smaller != board;
        board = smaller;
        if (game == rules_before && !board_shrank) || calls >= budget {
            break;
        }
    }
    Case::new(game, board)
}

/// How far `game` is from the simplest rule set, `take=1` (coins): one for
/// each of `ends=left|right`, `score=rest` and `circle`, and per set of
/// counts (take, delete) the sum of its finite counts plus 64 + k for a
/// tail `k..`, less one for the take of 1 every rule set could have; one
/// more for a memory (`take=a..Km`, `putback`).
/// `take=1` is 0; every other rule set is above it. Shrinking the rules
/// ([`simplifications`]) only ever lowers it, so it ends.
pub fn complexity(game: &Game) -> usize {
    fn weight(counts: Counts) -> usize {
        // Summed run by run: a run may reach 10^8.
        let finite: usize = counts
            .runs()
            .map(|(lo, hi)| (lo + hi) * (hi - lo + 1) / 2)
            .sum();
        finite + counts.open_tail().map_or(0, |k| 64 + k)
    }
    let Game {
        ends,
        take,
        delete,
        score,
        circle,
        memory,
    } = *game;
    usize::from(memory != Memory::None)
        + usize::from(ends != Ends::Both)
        + usize::from(score == Score::Rest)
        + usize::from(circle)
        + weight(take)
        + weight(delete)
        - 1
}

/// Rule sets simpler than `game`, most drastic first, for shrinking a
/// failure: the simplest, `take=1`; then one change at a time: no deletes,
/// no circle, `score=taken`, `ends=both`, `take=1`; one count dropped from
/// the takes, then from the deletes; a tail `k..` cut to `k`; a count `c`
/// lowered to `c - 1`. Only candidates of lower [`complexity`] are listed,
/// each once, so repeated shrinking ends (at `take=1` at the latest).
///
/// Every candidate names every rule (no `..game`), so a new kind of rule
/// does not compile here until its simplification is written.
pub fn simplifications(game: &Game) -> Vec<Game> {
    let Game {
        ends,
        take,
        delete,
        score,
        circle,
        memory,
    } = *game;
    let mut out: Vec<Game> = vec![
        Game::COINS,
        Game {
            ends,
            take,
            delete,
            score,
            circle,
            memory: Memory::None,
        },
        Game {
            ends,
            take,
            delete: Counts::NONE,
            score,
            circle,
            memory,
        },
        Game {
            ends,
            take,
            delete,
            score,
            circle: false,
            memory,
        },
        Game {
            ends,
            take,
            delete,
            score: Score::Taken,
            circle,
            memory,
        },
        Game {
            ends: Ends::Both,
            take,
            delete,
            score,
            circle,
            memory,
        },
        Game {
            ends,
            take: Counts::exactly(1),
            delete,
            score,
            circle,
            memory,
        },
    ];
    for (is_take, counts) in [(true, take), (false, delete)] {
        let with = |counts: Counts| {
            if is_take {
                Game {
                    ends,
                    take: counts,
                    delete,
                    score,
                    circle,
                    memory,
                }
            } else {
                Game {
                    ends,
                    take,
                    delete: counts,
                    score,
                    circle,
                    memory,
                }
            }
        };
        fewer_counts(counts, with, &mut out);
    }
    let own = complexity(game);
    let mut seen = Vec::new();
    out.retain(|g| {
        let keep = !g.take.is_empty()
            && g.memory_conflict().is_none()
            && complexity(g) < own
            && !seen.contains(g);
        if keep {
            seen.push(*g);
        }
        keep
    });
    out
}

/// The simplifications of one count set (`with` puts a set back into the
/// rule set): one count dropped, a tail `k..` cut to `k`, a count lowered
/// by one; for sets with counts above 63, the ends of each run instead.
fn fewer_counts(counts: Counts, with: impl Fn(Counts) -> Game, out: &mut Vec<Game>) {
    if counts.has_high() {
        // Runs may be long: drop or lower their ends, not each count.
        for (lo, hi) in counts.runs() {
            out.extend(
                [counts.without(lo), counts.without(hi)]
                    .into_iter()
                    .flatten()
                    .map(&with),
            );
            if lo > 1 {
                let others = counts.runs().filter(|&r| r != (lo, hi));
                let from = counts.open_tail().unwrap_or(0);
                let lowered = Counts::from_runs(others.chain([(lo - 1, hi - 1)]), from);
                out.extend(lowered.map(&with));
            }
        }
        if let Some(from) = counts.open_tail() {
            let cut = Counts::from_runs(counts.runs().chain([(from, from)]), 0);
            out.extend(cut.map(&with));
        }
        return;
    }
    let (mask, from) = counts.parts();
    let finite: Vec<usize> = counts.finite().collect();
    for &k in &finite {
        out.push(with(Counts::from_parts(mask & !(1 << k), from)));
    }
    if counts.is_unbounded() {
        out.push(with(
            Counts::from_parts(mask, 0).union(Counts::exactly(from.min(MASK_COUNTS))),
        ));
    }
    for &k in finite.iter().filter(|&&k| k > 1) {
        let lowered = Counts::from_parts(mask & !(1 << k), from).union(Counts::exactly(k - 1));
        out.push(with(lowered));
    }
}

/// Shrinks `board` while `still_fails` holds, calling it at most `budget`
/// times. Returns the smallest failing board found (`board` itself if none).
pub fn shrink(board: &Board, budget: usize, mut still_fails: impl FnMut(&Board) -> bool) -> Board {
    let mut best = board.clone();
    let mut calls = 0;
    'restart: loop {
        let current = best.clone();
        for candidate in candidates(&current) {
            if calls >= budget {
                break 'restart;
            }
            calls += 1;
            if still_fails(&candidate) {
                best = candidate;
                continue 'restart;
            }
        }
        break;
    }
    best
}

/// Smaller neighbours of `board`, most drastic first. Every candidate is
/// strictly smaller: fewer values, or the same values with one moved toward
/// zero.
fn candidates(board: &Board) -> impl Iterator<Item = Board> + '_ {
    let v = board.values();
    let n = v.len();
    let mut chunk_sizes = Vec::new();
    let mut size = n / 2;
    while size >= 1 {
        chunk_sizes.push(size);
        size /= 2;
    }
    if n == 1 {
        chunk_sizes.push(1);
    }
    // Pairs too, so that a failure needing an odd (or even) length can still
    // lose values: from 7 values, chunks of 3 and 1 only reach even lengths.
    if n >= 3 && !chunk_sizes.contains(&2) {
        chunk_sizes.push(2);
        chunk_sizes.sort_unstable_by(|a, b| b.cmp(a));
    }
    let removals = chunk_sizes.into_iter().flat_map(move |size| {
        (0..=n - size).step_by(size).map(move |start| {
            let mut w = v[..start].to_vec();
            w.extend_from_slice(&v[start + size..]);
            w
        })
    });
    let halved = v
        .iter()
        .any(|&x| x / 2 != x)
        .then(|| v.iter().map(|x| x / 2).collect::<Vec<i64>>());
    let smaller_values = (0..n).flat_map(move |i| {
        let x = v[i];
        let mut targets = vec![0, x / 2, x - x.signum()];
        targets.dedup();
        targets.into_iter().filter(move |&t| t != x).map(move |t| {
            let mut w = v.to_vec();
            w[i] = t;
            w
        })
    });
    removals
        .chain(halved)
        .chain(smaller_values)
        .filter_map(|values| Board::new(values).ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shrinks_to_a_minimal_failing_board() {
        // Fails while some value is at least 10 and the board has >= 2 values.
        let board = Board::parse("3 -7 25 4 18 0 9 11").unwrap();
        let fails = |b: &Board| b.len() >= 2 && b.values().iter().any(|&x| x >= 10);
        let small = shrink(&board, 10_000, fails);
        assert_eq!(small.len(), 2);
        assert!(fails(&small));
        assert_eq!(small.values().iter().filter(|&&x| x != 0).count(), 1);
        assert!(small.values().contains(&10));
    }

    #[test]
    fn keeps_the_parity_of_the_length_when_the_failure_needs_it() {
        let board = Board::parse("5 4 3 2 1 0 7").unwrap();
        let fails = |b: &Board| b.len() % 2 == 1 && b.len() >= 3;
        assert_eq!(shrink(&board, 10_000, fails).len(), 3);
    }

    #[test]
    fn huge_values_shrink_within_a_small_budget() {
        // Fails while the sum exceeds 2^31: a 32-bit overflow bug.
        let board = Board::parse("1000000000 999999999 1000000000 7").unwrap();
        let fails = |b: &Board| b.values().iter().sum::<i64>() > i64::from(i32::MAX);
        let small = shrink(&board, 200, fails);
        assert!(fails(&small));
        assert!(small.len() <= 3, "{small}");
        assert!(small.values().iter().all(|&x| x <= 1_100_000_000));
    }

    #[test]
    fn the_rule_set_shrinks_where_the_failure_persists() {
        // Fails whenever a take of one is allowed and n >= 3: reported on
        // take=1 with three values, whatever it was found on.
        let found = Case::new(
            "take=1..3 delete=2 score=rest".parse().unwrap(),
            Board::parse("4 -2 9 7 1 8").unwrap(),
        );
        let fails = |g: Game, b: &Board| g.take.contains(1) && b.len() >= 3;
        let small = shrink_case(&found, 1_000, fails);
        assert_eq!(small.game, Game::COINS);
        assert_eq!(small.board.len(), 3);
        // A failure that needs deletes keeps them, and loses the rest.
        let needs_deletes = |g: Game, b: &Board| !g.delete.is_empty() && b.len() >= 2;
        let small = shrink_case(&found, 1_000, needs_deletes);
        assert_eq!(small.game.rule_text(), "take=1 delete=1");
        assert_eq!(small.board.len(), 2);
        // No budget, no shrinking; a failure nowhere else stays as found.
        assert_eq!(shrink_case(&found, 0, fails), found);
        let only_there = |g: Game, b: &Board| g == found.game && b == &found.board;
        assert_eq!(shrink_case(&found, 1_000, only_there), found);
    }

    fn candidate_values(text: &str) -> Vec<Vec<i64>> {
        let board = Board::parse(text).unwrap();
        candidates(&board).map(Board::into_values).collect()
    }

    /// The candidates of `text` as boards, written as `coinline` writes
    /// boards, `|` between them.
    fn candidate_texts(text: &str) -> String {
        let board = Board::parse(text).unwrap();
        let all: Vec<String> = candidates(&board).map(|b| b.to_string()).collect();
        all.join(" | ")
    }

    #[test]
    fn candidates_come_in_their_exact_order() {
        // Chunks of 2 (added so an odd length can stay odd), then single
        // values; every value halved (rounding toward zero); then each
        // value to zero, halfway and one step toward zero.
        assert_eq!(
            candidate_texts("4 -3 6"),
            "6 | -3 6 | 4 6 | 4 -3 | 2 -1 3 | 0 -3 6 | 2 -3 6 | 3 -3 6 | \
             4 0 6 | 4 -1 6 | 4 -2 6 | 4 -3 0 | 4 -3 3 | 4 -3 5"
        );
        // Halves and quarters of eight values, no extra pairs.
        let eight = candidate_values("1 1 1 1 1 1 1 1");
        let lengths: Vec<usize> = eight.iter().map(Vec::len).collect();
        assert_eq!(&lengths[..2], &[4, 4]);
        assert_eq!(lengths.iter().filter(|&&l| l == 6).count(), 4);
        assert_eq!(lengths.iter().filter(|&&l| l == 7).count(), 8);
        assert_eq!(lengths.len(), 2 + 4 + 8 + 1 + 8);
    }

    #[test]
    fn a_single_value_can_shrink_to_nothing_and_zero_is_final() {
        assert_eq!(
            candidate_values("5"),
            vec![vec![], vec![2], vec![0], vec![2], vec![4]]
        );
        assert_eq!(candidate_values("-1"), vec![vec![], vec![0], vec![0]]);
        assert_eq!(candidate_values("0"), vec![Vec::<i64>::new()]);
        assert_eq!(candidate_values("0 0"), vec![vec![0], vec![0]]);
        let gone = shrink(&Board::parse("5").unwrap(), 100, |_| true);
        assert!(gone.is_empty());
        // The largest values halve without overflow.
        let max = i64::MAX;
        assert_eq!(
            candidate_values(&format!("{max}")),
            vec![vec![], vec![max / 2], vec![0], vec![max / 2], vec![max - 1]]
        );
        // Nothing is smaller than the empty board.
        assert_eq!(candidate_values(""), Vec::<Vec<i64>>::new());
    }

    #[test]
    fn respects_the_budget() {
        let board = Board::parse("5 5 5 5").unwrap();
        let mut calls = 0;
        shrink(&board, 3, |_| {
            calls += 1;
            true
        });
        assert_eq!(calls, 3);
    }

    #[test]
    fn counts_above_63_shrink_by_the_ends_of_their_runs() {
        let game: Game = "take=1,70..100000000".parse().unwrap();
        let names: Vec<String> = simplifications(&game)
            .iter()
            .map(|g| g.rule_text())
            .collect();
        for expected in [
            "take=1",
            "take=70..100000000",
            "take=1,71..100000000",
            "take=1,70..99999999",
            "take=1,69..99999999",
        ] {
            assert!(
                names.contains(&expected.to_string()),
                "{expected}: {names:?}"
            );
        }
        // Every candidate is simpler, so shrinking ends.
        for g in simplifications(&game) {
            assert!(complexity(&g) < complexity(&game), "{g}");
        }
    }

    #[test]
    fn complexity_weighs_each_rule() {
        // Finite counts weigh their sum, a tail `k..` 64 + k; one end, rest
        // scoring and a circle 1 each; take=1 is 0.
        let cases = [
            ("take=1", 0),
            ("take=1 delete=2", 2),
            ("take=1..", 64),
            ("take=1 circle", 1),
            ("take=1 ends=left", 1),
            ("take=1 score=rest", 1),
            ("take=1..3 delete=2", 7),
            ("take=2,3 delete=1 circle ends=right score=rest", 8),
            ("take=1,4.. delete=2..", 1 + 68 + 66 - 1),
            ("take=1..100", 5050 - 1),
        ];
        for (text, expected) in cases {
            let game: Game = text.parse().unwrap();
            assert_eq!(complexity(&game), expected, "{text}");
        }
    }

    /// The simplifications of `text`, by `name`, `|` between them.
    fn simplified(text: &str, name: fn(&Game) -> String) -> String {
        let game: Game = text.parse().unwrap();
        let names: Vec<String> = simplifications(&game).iter().map(name).collect();
        names.join(" | ")
    }

    #[test]
    fn simplifications_of_a_rule_set_in_their_order() {
        assert_eq!(
            simplified("take=1..3 delete=2 circle", Game::to_string),
            "coins | take=1..3 circle | take=1..3 delete=2 | take=1 delete=2 circle | \
             take=2,3 delete=2 circle | take=1,3 delete=2 circle | take=1,2 delete=2 circle | \
             take=1..3 delete=1 circle"
        );
        assert_eq!(simplified("take=1", Game::to_string), "");
    }

    #[test]
    fn simplifications_lower_the_complexity_and_end_at_take_one() {
        assert_eq!(complexity(&Game::COINS), 0);
        assert!(simplifications(&Game::COINS).is_empty());
        assert_eq!(
            simplified("take=1..3 delete=2", Game::rule_text),
            "take=1 | take=1..3 | take=1 delete=2 | take=2,3 delete=2 | take=1,3 delete=2 | \
             take=1,2 delete=2 | take=1..3 delete=1"
        );
        assert_eq!(
            simplified("ends=left take=2.. score=rest circle", Game::rule_text),
            "take=1 | ends=left take=2.. score=rest | ends=left take=2.. circle | \
             take=2.. score=rest circle | ends=left take=1 score=rest circle | \
             ends=left take=2 score=rest circle"
        );
        // Every chain of simplifications ends, at take=1 when always taken.
        let mut rng = crate::generate::SplitMix64::new(12);
        for _ in 0..500 {
            let mut game = crate::generate::random_game(&mut rng);
            let mut steps = 0;
            while let Some(&next) = {
                let all = simplifications(&game);
                let pick = rng.below(all.len().max(1) as u64) as usize;
                all.get(pick).copied().as_ref()
            } {
                assert!(complexity(&next) < complexity(&game), "{game} -> {next}");
                game = next;
                steps += 1;
                assert!(steps < 400);
            }
            assert_eq!(game, Game::COINS);
        }
    }
}

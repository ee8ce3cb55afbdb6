//! Property tests (quickcheck) over odd and even n, negative values and ties.
//!
//! Each property takes a [`Seeded`] case: quickcheck draws a 64-bit seed and
//! the board is derived from it with the project's own SplitMix64, so a
//! failure prints a seed and the board, and
//! `Seeded::from_seed(SEED)` rebuilds exactly that case.

use coinline::check::{check_builtin, CheckConfig};
use coinline::generate::SplitMix64;
use coinline::solve::{solve, solvers_for, totals_from_difference, Table};
use coinline::strategy::{evaluate, heuristics, Parity};
use coinline::{Board, Game, Solver};
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};
use std::fmt;

#[derive(Clone)]
struct Seeded {
    seed: u64,
    game: Game,
    board: Board,
}

impl Seeded {
    /// Lengths 0..=12 (odd and even), values drawn from a mix of ranges so
    /// ties, negatives and large magnitudes all occur.
    fn from_seed(seed: u64) -> Seeded {
        let mut rng = SplitMix64::new(seed);
        let game = Game::ALL[rng.below(3) as usize];
        let n = rng.below(13) as usize;
        let (lo, hi) = match rng.below(4) {
            0 => (-2, 2),
            1 => (0, 9),
            2 => (-1000, 1000),
            _ => (-(i64::MAX / 16), i64::MAX / 16),
        };
        let values = (0..n).map(|_| rng.between(lo, hi)).collect();
        Seeded {
            seed,
            game,
            board: Board::new(values).unwrap(),
        }
    }
}

impl fmt::Debug for Seeded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seed {} -> {}: {}", self.seed, self.game, self.board)
    }
}

impl Arbitrary for Seeded {
    fn arbitrary(g: &mut Gen) -> Self {
        Seeded::from_seed(u64::arbitrary(g))
    }
}

fn quickcheck<F: quickcheck::Testable>(property: F) {
    QuickCheck::new().tests(300).quickcheck(property);
}

#[test]
fn the_check_passes_for_every_game() {
    fn property(case: Seeded) -> bool {
        let report = check_builtin(case.game, &case.board, &CheckConfig::default());
        report.is_ok()
    }
    quickcheck(property as fn(Seeded) -> bool);
}

#[test]
fn all_exact_solvers_agree() {
    fn property(case: Seeded) -> bool {
        let values: Vec<i64> = solvers_for(case.game)
            .map(|s| solve(s, case.game, &case.board, false).unwrap().difference)
            .collect();
        values.len() >= 3 && values.windows(2).all(|w| w[0] == w[1])
    }
    quickcheck(property as fn(Seeded) -> bool);
}

#[test]
fn reversing_the_board_keeps_the_value() {
    fn property(case: Seeded) -> bool {
        let forward = Table.difference(case.game, &case.board);
        forward == Table.difference(case.game, &case.board.reversed())
    }
    quickcheck(property as fn(Seeded) -> bool);
}

#[test]
fn every_optimal_line_replays_to_the_reported_totals() {
    fn property(case: Seeded) -> bool {
        solvers_for(case.game).all(|s| {
            let sol = solve(s, case.game, &case.board, true).unwrap();
            let line = sol.line.expect("built-in solvers build lines");
            let replayed = coinline::game::replay(case.game, &case.board, &line).unwrap();
            // For games that score everything, the line's totals must also be
            // the ones the difference implies.
            let implied = totals_from_difference(&case.board, sol.difference);
            replayed.difference() == sol.difference
                && (!case.game.scores_everything() || replayed == implied)
        })
    }
    quickcheck(property as fn(Seeded) -> bool);
}

#[test]
fn totals_add_up_to_the_sum_where_everything_is_scored() {
    fn property(case: Seeded) -> TestResult {
        if !case.game.scores_everything() {
            return TestResult::discard();
        }
        let sol = solve(&Table, case.game, &case.board, true).unwrap();
        let t = sol.totals.unwrap();
        TestResult::from_bool(
            i128::from(t.first) + i128::from(t.second) == i128::from(case.board.sum()),
        )
    }
    quickcheck(property as fn(Seeded) -> TestResult);
}

#[test]
fn no_heuristic_beats_optimal_play() {
    fn property(case: Seeded) -> bool {
        let optimal = Table.difference(case.game, &case.board);
        heuristics()
            .iter()
            .all(|h| match evaluate(*h, case.game, &case.board) {
                Ok(p) => p.difference <= optimal,
                Err(_) => true,
            })
    }
    quickcheck(property as fn(Seeded) -> bool);
}

#[test]
fn parity_never_loses_and_never_beats_optimal_with_even_n() {
    fn property(case: Seeded) -> TestResult {
        if case.board.len() % 2 == 1 {
            return TestResult::discard();
        }
        let p = evaluate(&Parity, Game::Coins, &case.board).unwrap();
        let optimal = Table.difference(Game::Coins, &case.board);
        TestResult::from_bool(p.totals.first >= p.totals.second && optimal >= p.difference)
    }
    quickcheck(property as fn(Seeded) -> TestResult);
}

#[test]
fn adding_a_constant_shifts_the_first_total_by_c_times_ceil_half_n() {
    fn property(case: Seeded, c: i8) -> TestResult {
        let c = i64::from(c);
        let shifted: Option<Vec<i64>> = case
            .board
            .values()
            .iter()
            .map(|v| v.checked_add(c))
            .collect();
        let Some(Ok(shifted)) = shifted.map(Board::new) else {
            return TestResult::discard();
        };
        let first = |b: &Board| {
            solve(&Table, Game::Coins, b, false)
                .unwrap()
                .totals
                .unwrap()
                .first
        };
        let n = case.board.len() as i64;
        TestResult::from_bool(
            i128::from(first(&shifted)) - i128::from(first(&case.board))
                == i128::from(c * ((n + 1) / 2)),
        )
    }
    quickcheck(property as fn(Seeded, i8) -> TestResult);
}

#[test]
fn seeds_rebuild_the_same_case() {
    let a = Seeded::from_seed(42);
    let b = Seeded::from_seed(42);
    assert_eq!(format!("{a:?}"), format!("{b:?}"));
    // The generator covers odd and even lengths and negative values.
    let cases: Vec<Seeded> = (0..200).map(Seeded::from_seed).collect();
    assert!(cases.iter().any(|c| c.board.len() % 2 == 1));
    assert!(cases
        .iter()
        .any(|c| c.board.len() % 2 == 0 && !c.board.is_empty()));
    assert!(cases
        .iter()
        .any(|c| c.board.values().iter().any(|&v| v < 0)));
}

//! What a check costs: an estimate from the solvers' and heuristics' stated
//! costs, for the budgets of long runs (`compare --budget`) and their notes.

use crate::board::Board;
use crate::check::{invariants, CheckConfig, Invariant};
use crate::play::Game;
use crate::solve::{Cost, Solver};
use crate::strategy::Heuristic;

/// About how many seconds one check of a board of `n` values takes in
/// `game` (on one core; from the solvers' and heuristics' stated costs):
/// each solver that would run, each heuristic, and the invariants' solves
/// with the cheapest solver. A solver stating no cost counts as free, so
/// this is a lower estimate, for budgets and the notes of long runs.
pub fn estimated_seconds(
    game: Game,
    n: usize,
    solvers: &[&dyn Solver],
    heuristics: &[&dyn Heuristic],
    config: &CheckConfig,
) -> f64 {
    let ran: Vec<f64> = (ran(game, n, solvers, config)).map(|c| c.seconds).collect();
    let cheapest = ran.iter().copied().fold(f64::INFINITY, f64::min);
    // Reversal and the rest identity solve once; a shift twice (up and down).
    let invariant_solves = (invariants(game).iter())
        .map(|i| match i {
            Invariant::Reversal | Invariant::RestIdentity => 1.0,
            Invariant::Shift => 2.0,
            Invariant::EvenTotals | Invariant::OddBound => 0.0,
        })
        .sum::<f64>();
    let invariants = match config.invariants && cheapest.is_finite() {
        true => invariant_solves * cheapest,
        false => 0.0,
    };
    // Whether a heuristic applies depends on the length (parity needs an
    // even one), not on the values: asked of a board of zeros.
    let zeros = Board::new(vec![0; n]).ok();
    let heuristics: f64 = (heuristics.iter())
        .filter(|h| zeros.as_ref().is_some_and(|b| h.policy(game, b).is_ok()))
        .map(|h| h.cost(game, n).seconds)
        .sum();
    ran.iter().sum::<f64>() + invariants + heuristics
}

/// The stated costs of the solvers one check of `n` values runs in `game`
/// (a solver stating none is free).
fn ran<'a>(
    game: Game,
    n: usize,
    solvers: &'a [&dyn Solver],
    config: &'a CheckConfig,
) -> impl Iterator<Item = Cost> + 'a {
    (solvers.iter())
        .filter(move |s| s.supports(game) && s.limit(game).is_none_or(|limit| n <= limit))
        .filter(move |s| !(s.is_ground_truth() && n > config.minimax_limit(game)))
        .map(move |s| s.cost(game, n).unwrap_or(Cost::of(0.0, 0.0)))
}

/// About how many bytes one check of a board of `n` values in `game`
/// holds at once: its largest solver's (they run one after the other).
pub fn estimated_bytes(game: Game, n: usize, solvers: &[&dyn Solver], config: &CheckConfig) -> f64 {
    ran(game, n, solvers, config)
        .map(|c| c.bytes)
        .fold(0.0, f64::max)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::exact_solvers;
    use crate::strategy::heuristics;

    #[test]
    fn a_check_costs_what_its_solvers_and_heuristics_state() {
        let config = CheckConfig::default();
        let cost = |s: &&dyn Solver, n| s.cost(Game::COINS, n).map_or(0.0, |c| c.seconds);
        // Without heuristics and invariants: the solvers that take the length.
        let bare = CheckConfig {
            invariants: false,
            ..CheckConfig::default()
        };
        let at = |n| estimated_seconds(Game::COINS, n, exact_solvers(), &[], &bare);
        let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * b.abs();
        let taking = |n: usize| {
            (exact_solvers().iter())
                .filter(|s| s.supports(Game::COINS) && !s.is_ground_truth())
                .filter(|s| s.limit(Game::COINS).is_none_or(|l| n <= l))
                .map(|s| cost(s, n))
                .sum::<f64>()
        };
        assert!(close(at(5_000), taking(5_000)));
        assert!(taking(5_000) > 0.0 && at(5_000) > at(500));
        // Minimax counts only up to the check's limit.
        let minimax = (exact_solvers().iter())
            .find(|s| s.is_ground_truth())
            .unwrap();
        assert!(close(at(10), taking(10) + cost(minimax, 10)));
        // Minimax counts only up to the check's limit (16 in coins), though it takes 20.
        assert!(close(at(16), taking(16) + cost(minimax, 16)));
        assert!(close(at(20), taking(20)));
        // The invariants solve again with the cheapest solver: the reversal
        // once, the shift twice.
        let full = estimated_seconds(Game::COINS, 5_000, exact_solvers(), &[], &config);
        let cheapest = (exact_solvers().iter())
            .filter(|s| s.supports(Game::COINS) && !s.is_ground_truth())
            .map(|s| cost(s, 5_000))
            .fold(f64::INFINITY, f64::min);
        assert!(close(full, at(5_000) + 3.0 * cheapest));
        // Greedy's best-response evaluation on a long game of sum is minutes:
        // the estimate holds it; parity, which needs coins, is not counted.
        let greedy = (heuristics().iter())
            .find(|h| h.name() == "greedy")
            .unwrap();
        let parity = (heuristics().iter())
            .find(|h| h.name() == "parity")
            .unwrap();
        let sum = estimated_seconds(
            Game::GAMEOFSUM,
            5_000,
            exact_solvers(),
            heuristics(),
            &config,
        );
        let solvers = estimated_seconds(Game::GAMEOFSUM, 5_000, exact_solvers(), &[], &config);
        assert!(close(
            sum,
            solvers + greedy.cost(Game::GAMEOFSUM, 5_000).seconds
        ));
        assert!(sum > 60.0, "{sum}");
        let coins = estimated_seconds(Game::COINS, 5_000, exact_solvers(), &[*parity], &config);
        assert!(coins > full);
    }

    #[test]
    fn a_check_holds_its_largest_solvers_memory() {
        use crate::solve::{Generic, Memo};
        let config = CheckConfig::default();
        let bytes = |s: &dyn Solver, n| s.cost(Game::COINS, n).unwrap().bytes;
        let held = |n| estimated_bytes(Game::COINS, n, exact_solvers(), &config);
        assert_eq!(held(2_000), bytes(&Generic, 2_000));
        // Past generic's limit, memo's table is the largest.
        assert!(bytes(&Generic, 5_000) > bytes(&Memo, 5_000));
        assert_eq!(held(5_000), bytes(&Memo, 5_000));
    }
}

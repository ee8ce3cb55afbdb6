//! The check must report what is wrong, not skip it: wrong solvers and
//! heuristics plugged into `check::check` are each caught with the right
//! violation. The wrong values live in `coinline::mutants`.

use coinline::check::{check, CheckConfig, Violation};
use coinline::mutants::{BadLine, GreedyAsExact, Inflated, TakesTwo};
use coinline::solve::{exact_solvers, Table};
use coinline::strategy::{Greedy, Heuristic};
use coinline::{Board, Game, Solver};

fn board(text: &str) -> Board {
    text.parse().unwrap()
}

#[test]
fn an_illegal_heuristic_is_reported_not_skipped() {
    let b = board("1 2 3 4");
    let heuristics: [&dyn Heuristic; 1] = [&TakesTwo];
    let report = check(
        Game::COINS,
        &b,
        &[&Table],
        &heuristics,
        &CheckConfig::default(),
    );
    match report.violation {
        Some(Violation::BadLine { who, problem }) => {
            assert_eq!(who, "takes-two");
            assert!(
                problem.contains("a take of 2 is not allowed by coins"),
                "{problem}"
            );
        }
        other => panic!("expected a bad line, got {other:?}"),
    }
}

#[test]
fn greedy_presented_as_exact_is_caught() {
    let b = board("8 15 3 7");
    let solvers: [&dyn Solver; 2] = [&Table, &GreedyAsExact];
    let report = check(Game::COINS, &b, &solvers, &[], &CheckConfig::default());
    assert_eq!(
        report.violation,
        Some(Violation::Disagree {
            solver: "greedy-as-exact".into(),
            difference: -3,
            reference: "table".into(),
            expected: 11,
        })
    );
}

#[test]
fn a_line_that_does_not_reach_the_value_is_caught() {
    // Always taking the left end of 8 15 3 7 scores 8 + 3 against 15 + 7.
    let b = board("8 15 3 7");
    let report = check(Game::COINS, &b, &[&BadLine], &[], &CheckConfig::default());
    match report.violation {
        Some(Violation::BadLine { who, problem }) => {
            assert_eq!(who, "bad-line");
            assert!(problem.contains("= -11, not 11"), "{problem}");
        }
        other => panic!("expected a bad line, got {other:?}"),
    }
}

#[test]
fn the_built_in_solvers_pass_where_the_wrong_ones_fail() {
    let b = board("8 15 3 7");
    let report = check(
        Game::COINS,
        &b,
        exact_solvers(),
        &[&Greedy],
        &CheckConfig::default(),
    );
    assert!(report.is_ok(), "{:?}", report.violation);
}

#[test]
fn a_lone_solver_above_the_odd_n_bound_is_caught() {
    // 1 5 1: value -3 and bound min(2 - 5, 5 - 2 + 2) = -3, tight.
    let report = check(
        Game::COINS,
        &board("1 5 1"),
        &[&Inflated],
        &[],
        &CheckConfig::default(),
    );
    assert_eq!(
        report.violation,
        Some(Violation::AboveOddBound {
            value: -1,
            bound: -3
        })
    );
}

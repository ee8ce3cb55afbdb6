//! Boundaries: extreme values, empty and one-value boards, long boards.
//! Tests run with overflow checks on (the dev profile), so any wrap panics.

use coinline_core::check::{check_builtin, CheckConfig};
use coinline_core::generate::admissible;
use coinline_core::solve::{solve, Memo};
use coinline_core::{Board, Game};

use crate::support::Coinline;

const M: i64 = i64::MAX;

#[test]
fn extreme_values_pass_the_check_in_every_game() {
    let boards: Vec<Vec<i64>> = vec![
        vec![],
        vec![M],
        vec![-M],
        vec![M / 2, -(M / 2)],
        vec![-(M / 3), M / 3, -(M / 3)],
        vec![M / 4, 1, -(M / 4), -1, M / 4 - 2],
        vec![-(M / 5); 5],
        vec![M / 7, 0, 0, -(M / 7), 0, M / 7, 3],
        vec![
            -(M / 9),
            M / 9,
            -(M / 9),
            M / 9,
            -(M / 9),
            M / 9,
            -(M / 9),
            M / 9,
            -(M / 9),
        ],
    ];
    for values in boards {
        let board = Board::new(values).unwrap();
        for game in Game::ALL {
            // Stone Game VII scores what remains: its boards are scaled to fit.
            let board = admissible(game, board.clone());
            let report = check_builtin(game, &board, &CheckConfig::default());
            assert_eq!(report.violation, None, "{game}: {board}");
            assert_eq!(
                report
                    .solvers
                    .iter()
                    .filter(|s| s.difference.is_some())
                    .count(),
                coinline_core::solve::solvers_for(game).count()
            );
        }
    }
}

#[test]
fn the_empty_board_has_value_zero() {
    let report = check_builtin(Game::COINS, &Board::default(), &CheckConfig::default());
    assert_eq!(report.value, Some(0));
}

#[test]
fn memo_needs_no_deep_thread_stack() {
    // A recursive memo would need thousands of frames here; run it on a
    // thread with a deliberately small stack.
    let board = Board::new((0..3000).map(|i| (i * 7919) % 201 - 100).collect()).unwrap();
    let handle = std::thread::Builder::new()
        .stack_size(128 * 1024)
        .spawn(move || {
            let memo = solve(&Memo, Game::NUMBERGAME, &board, false).unwrap();
            let table = solve(
                &coinline_core::solve::Table,
                Game::NUMBERGAME,
                &board,
                false,
            )
            .unwrap();
            (memo.difference, table.difference)
        })
        .unwrap();
    let (memo, table) = handle.join().unwrap();
    assert_eq!(memo, table);
}

#[test]
fn regret_beyond_i64_is_printed_exactly() {
    // Greedy takes the 1 and loses everything: its regret is about 2^64.
    let out = Coinline::new([
        "solve",
        "--format",
        "csv",
        "1",
        "9223372036854775804",
        "2",
        "0",
    ])
    .run();
    assert_eq!(out.code, 0, "{out:?}");
    let text = out.stdout;
    assert!(
        text.contains(
            "greedy,heuristic,-9223372036854775801,3,9223372036854775804,18446744073709551602,"
        ),
        "{text}"
    );
}

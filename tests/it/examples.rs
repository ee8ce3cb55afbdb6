//! The worked examples in tests/data/worked_examples.txt, at least one for
//! every alias, checked through the library (every solver, the check, the
//! optimal line replayed) and through `coinline solve --format csv --line`.

use crate::support::Coinline;
use coinline_core::check::{check_builtin, CheckConfig};
use coinline_core::play::{replay, Line};
use coinline_core::solve::{solve, solvers_for};
use coinline_core::{Board, Game};

struct Example {
    line: usize,
    game: Game,
    board: Board,
    value: i64,
    first: Option<i64>,
    /// The canonical optimal line.
    play: Line,
}

fn examples() -> Vec<Example> {
    let text = include_str!("../data/worked_examples.txt");
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            let fields: Vec<&str> = l.split('|').map(str::trim).collect();
            assert_eq!(fields.len(), 5, "line {}: {l}", i + 1);
            let dash_is_empty = |f: &'static str| if f == "-" { "" } else { f };
            let board = dash_is_empty(fields[1]);
            let play = dash_is_empty(fields[4]);
            Example {
                line: i + 1,
                game: fields[0].parse().unwrap(),
                board: board.parse().unwrap(),
                value: fields[2].parse().unwrap(),
                first: (fields[3] != "-").then(|| fields[3].parse().unwrap()),
                play: play
                    .parse()
                    .unwrap_or_else(|e| panic!("line {}: {e}", i + 1)),
            }
        })
        .collect()
}

#[test]
fn every_alias_has_a_worked_example() {
    let all = examples();
    for (name, game, _) in coinline_core::rules::ALIASES {
        assert!(
            all.iter().any(|ex| ex.game == game && !ex.board.is_empty()),
            "no worked example of {name}"
        );
    }
}

#[test]
fn worked_examples_hold_for_every_solver() {
    let all = examples();
    assert!(all.len() >= 10);
    for ex in all {
        let report = check_builtin(ex.game, &ex.board, &CheckConfig::default());
        assert_eq!(report.violation, None, "line {}", ex.line);
        let ran: Vec<_> = report
            .solvers
            .iter()
            .filter(|s| s.difference.is_some())
            .collect();
        assert_eq!(ran.len(), solvers_for(ex.game).count(), "line {}", ex.line);
        for s in ran {
            assert_eq!(
                s.difference,
                Some(ex.value),
                "line {}: {}",
                ex.line,
                s.solver
            );
        }
        if let Some(first) = ex.first {
            assert_eq!(
                report.optimal_totals().unwrap().first,
                first,
                "line {}",
                ex.line
            );
        }
    }
}

#[test]
fn worked_lines_are_optimal_and_the_solvers_lines() {
    for ex in examples() {
        // The line is legal, ends the game and scores the value.
        let totals = replay(ex.game, &ex.board, &ex.play)
            .unwrap_or_else(|e| panic!("line {}: {e}", ex.line));
        assert_eq!(totals.difference(), ex.value, "line {}", ex.line);
        if let Some(first) = ex.first {
            assert_eq!(totals.first, first, "line {}", ex.line);
        }
        let mut lines = 0;
        for solver in solvers_for(ex.game) {
            let solution = solve(solver, ex.game, &ex.board, true).unwrap();
            if let Some(line) = solution.line {
                assert_eq!(line, ex.play, "line {}: {}", ex.line, solver.name());
                lines += 1;
            }
        }
        assert!(lines > 0, "line {}: no solver builds lines", ex.line);
    }
}

#[test]
fn worked_examples_through_the_command_line() {
    for ex in examples().into_iter().filter(|e| !e.board.is_empty()) {
        let out = Coinline::new(["solve", "--format", "csv", "--line", "--game"])
            .args([ex.game.name(), "--board".into(), ex.board.to_string()])
            .run();
        assert_eq!(out.code, 0, "line {}: {out:?}", ex.line);
        let mut rows = csv::Reader::from_reader(out.stdout.as_bytes());
        let mut exact = 0;
        for row in rows.records() {
            let row = row.unwrap();
            if &row[1] != "exact" {
                continue;
            }
            exact += 1;
            assert_eq!(row[2].parse::<i64>().unwrap(), ex.value, "line {}", ex.line);
            if let Some(first) = ex.first {
                assert_eq!(row[3].parse::<i64>().unwrap(), first, "line {}", ex.line);
            }
            assert_eq!(
                &row[6],
                ex.play.to_string(),
                "line {}: {}",
                ex.line,
                &row[0]
            );
        }
        assert_eq!(
            exact,
            solvers_for(ex.game).count(),
            "line {}: {}",
            ex.line,
            out.stdout
        );
    }
}

//! The worked examples in tests/data/worked_examples.txt, checked through the
//! library (every solver, the check) and through `coinline solve --format csv`.

use coinline_core::check::{check_builtin, CheckConfig};
use coinline_core::solve::solvers_for;
use coinline_core::{Board, Game};
use std::process::Command;

struct Example {
    line: usize,
    game: Game,
    board: Board,
    value: i64,
    first: Option<i64>,
}

fn examples() -> Vec<Example> {
    let text = include_str!("../data/worked_examples.txt");
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            let fields: Vec<&str> = l.split('|').map(str::trim).collect();
            assert_eq!(fields.len(), 4, "line {}: {l}", i + 1);
            let board = if fields[1] == "-" { "" } else { fields[1] };
            Example {
                line: i + 1,
                game: fields[0].parse().unwrap(),
                board: board.parse().unwrap(),
                value: fields[2].parse().unwrap(),
                first: (fields[3] != "-").then(|| fields[3].parse().unwrap()),
            }
        })
        .collect()
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
fn worked_examples_through_the_command_line() {
    for ex in examples().into_iter().filter(|e| !e.board.is_empty()) {
        let out = Command::new(env!("CARGO_BIN_EXE_coinline"))
            .args([
                "solve",
                "--format",
                "csv",
                "--game",
                &ex.game.name(),
                "--board",
            ])
            .arg(ex.board.to_string())
            .output()
            .unwrap();
        assert!(out.status.success(), "line {}: {:?}", ex.line, out);
        let stdout = String::from_utf8(out.stdout).unwrap();
        let mut rows = csv::Reader::from_reader(stdout.as_bytes());
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
        }
        assert_eq!(
            exact,
            solvers_for(ex.game).count(),
            "line {}: {stdout}",
            ex.line
        );
    }
}

//! The cases of tests/data/cases.toml, boards whose values come from judges,
//! published examples and hand counts, run through every exact solver that
//! accepts them, through the check, and through `coinline solve`.

use crate::support::Coinline;
use coinline_core::check::{check_builtin, CheckConfig};
use coinline_core::play::{replay, Line};
use coinline_core::solve::{admit, exact_solvers, solve, solvers_for};
use coinline_core::{Board, Game};
use serde::Deserialize;
use std::collections::BTreeMap;

/// One `[[case]]` of the data file (its header says what each key means).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    rules: String,
    board: String,
    value: i64,
    first: Option<i64>,
    line: Option<String>,
    #[serde(default)]
    heuristics: BTreeMap<String, i64>,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CaseFile {
    case: Vec<Case>,
}

impl Case {
    fn game(&self) -> Game {
        self.rules.parse().unwrap_or_else(|e| panic!("{self}: {e}"))
    }

    fn board(&self) -> Board {
        self.board.parse().unwrap_or_else(|e| panic!("{self}: {e}"))
    }

    fn line(&self) -> Option<Line> {
        let text = self.line.as_deref()?;
        Some(text.parse().unwrap_or_else(|e| panic!("{self}: {e}")))
    }
}

impl std::fmt::Display for Case {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "case {}: {} ({})", self.rules, self.board, self.source)
    }
}

fn cases() -> Vec<Case> {
    let text = include_str!("../data/cases.toml");
    toml::from_str::<CaseFile>(text)
        .expect("tests/data/cases.toml")
        .case
}

/// What one case disagrees with: every exact solver that admits the board
/// (value, first player's total, line), the check's report (no violation,
/// the value, the heuristics' differences) and the line's replay.
fn disagreements(case: &Case) -> Vec<String> {
    let (game, board, line) = (case.game(), case.board(), case.line());
    let mut found = Vec::new();
    let mut differ = |who: &str, what: &str, got: String, expected: String| {
        if got != expected {
            found.push(format!("{case}: {who} gives {what} {got}, not {expected}"));
        }
    };
    let first = case.first.map(|f| format!("{f:?}"));
    for &solver in exact_solvers() {
        if admit(solver, game, &board).is_err() {
            continue;
        }
        let name = solver.name();
        let solution = solve(solver, game, &board, true).unwrap();
        differ(
            name,
            "the value",
            solution.difference.to_string(),
            case.value.to_string(),
        );
        if let Some(first) = &first {
            let totals = solution.totals.map(|t| t.first);
            differ(
                name,
                "the first total",
                format!("{totals:?}"),
                format!("Some({first})"),
            );
        }
        if let (Some(expected), Some(got)) = (&line, &solution.line) {
            differ(name, "the line", got.to_string(), expected.to_string());
        }
    }
    let report = check_builtin(game, &board, &CheckConfig::default());
    differ(
        "the check",
        "the violation",
        format!("{:?}", report.violation),
        "None".into(),
    );
    differ(
        "the check",
        "the value",
        format!("{:?}", report.value),
        format!("Some({})", case.value),
    );
    for (heuristic, expected) in &case.heuristics {
        let got = report.performance_of(heuristic).map(|p| p.difference);
        differ(
            heuristic,
            "the difference",
            format!("{got:?}"),
            format!("Some({expected})"),
        );
    }
    if let Some(line) = &line {
        match replay(game, &board, line) {
            Ok(totals) => {
                differ(
                    "the line",
                    "the value",
                    totals.difference().to_string(),
                    case.value.to_string(),
                );
                if let Some(first) = &first {
                    differ(
                        "the line",
                        "the first total",
                        totals.first.to_string(),
                        first.clone(),
                    );
                }
            }
            Err(e) => found.push(format!("{case}: the line does not replay: {e}")),
        }
    }
    found
}

#[test]
fn every_case_holds_for_every_solver_and_the_check() {
    let all = cases();
    assert!(all.len() >= 40, "{} cases", all.len());
    let found: Vec<String> = all.iter().flat_map(disagreements).collect();
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn every_alias_has_a_case() {
    let all = cases();
    for (name, game, _) in coinline_core::rules::ALIASES {
        assert!(
            all.iter()
                .any(|c| c.game() == game && !c.board().is_empty()),
            "no case of {name}"
        );
    }
}

#[test]
fn cases_through_the_command_line() {
    for case in cases().into_iter().filter(|c| !c.board.is_empty()) {
        let game = case.game();
        let out = Coinline::new(["solve", "--format", "csv", "--line", "--game"])
            .args([game.name(), "--board".into(), case.board.clone()])
            .run();
        assert_eq!(out.code, 0, "{case}: {out:?}");
        let mut rows = csv::Reader::from_reader(out.stdout.as_bytes());
        let mut exact = 0;
        for row in rows.records() {
            let row = row.unwrap();
            if &row[1] != "exact" {
                continue;
            }
            exact += 1;
            assert_eq!(row[2].parse::<i64>().unwrap(), case.value, "{case}");
            if let Some(first) = case.first {
                assert_eq!(row[3].parse::<i64>().unwrap(), first, "{case}");
            }
            if let Some(line) = &case.line {
                assert_eq!(&row[6], line, "{case}: {}", &row[0]);
            }
        }
        assert_eq!(exact, solvers_for(game).count(), "{case}: {}", out.stdout);
    }
}

//! The matrix of drivers by rule kinds (issue 42): every command that takes
//! `--game` (solve, compare, explain, play, the terminal game in plain mode,
//! judge and stress through a small problem file, judge on an interactive
//! one, a study file) and the fuzz entry point, against every kind of rule
//! (each alias, a parameter, `take=a..Km` at either end, put-back, counts
//! above 63, a circle with deletes), each on a tiny board. Every cell agrees
//! with `coinline solve`'s exact value and, where the driver has a line,
//! replays solve's line; a refusal is allowed only where [`REFUSALS`] lists
//! it with its reason. Under `take=a..Km` `coinline play` must also call a
//! take over the bound illegal.

use crate::support::{refusal, workdir, Coinline, Run};
use coinline_core::case::RawCase;
use coinline_core::play::{replay, Game, Line};
use coinline_core::rules::{Ends, Memory, Param, Params, RuleSet};
use coinline_core::solve::exact_solvers;
use coinline_core::Board;
use coinline_harness::fuzzing::check_solvers_agree;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A kind of rule: a name for the matrix, the rule text, the parameters it
/// binds and a board.
struct Rule {
    name: &'static str,
    text: &'static str,
    params: &'static [(&'static str, usize)],
    board: String,
}

fn rules() -> Vec<Rule> {
    let rule = |name, text, params, board: &str| Rule {
        name,
        text,
        params,
        board: board.to_string(),
    };
    // 65 values: a take of 64 is a move of the first position.
    let long: Vec<String> = (0..65).map(|i| ((i * 7) % 11 - 5).to_string()).collect();
    vec![
        rule("coins", "coins", &[], "3 9 1 2 7"),
        rule("numbergame", "numbergame", &[], "5 -3 2 8 1 -4"),
        rule("gameofsum", "gameofsum", &[], "3 -1 4 1 -5 9 2"),
        rule("stonegame7", "stonegame7", &[], "5 3 1 4 2"),
        rule("stonegame3", "stonegame3", &[], "1 2 3 7 -4 6"),
        rule("pizza", "pizza", &[], "2 1 3 1 2"),
        rule(
            "parameter",
            "ends=left take=1..k",
            &[("k", 2)],
            "3 1 4 1 5 9 2",
        ),
        rule("bound", "ends=left take=1..2m", &[], "2 7 9 4 4"),
        rule(
            "bound-right",
            "ends=right take=1..3m",
            &[],
            "4 -1 6 2 8 3 5",
        ),
        rule("putback", "ends=left take=2.. putback", &[], "-1 2 -3 4 -5"),
        rule(
            "counts-over-63",
            "ends=left take=1,64",
            &[],
            &long.join(" "),
        ),
        rule(
            "circle-deletes",
            "take=1 delete=2 circle",
            &[],
            "4 -2 7 1 -3 5",
        ),
    ]
}

/// The drivers: each command that takes `--game`, and the fuzz entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Driver {
    Solve,
    Compare,
    Explain,
    Human,
    Play,
    Judge,
    JudgePlay,
    Stress,
    Study,
    Fuzz,
}

const DRIVERS: [Driver; 10] = [
    Driver::Solve,
    Driver::Compare,
    Driver::Explain,
    Driver::Human,
    Driver::Play,
    Driver::Judge,
    Driver::JudgePlay,
    Driver::Stress,
    Driver::Study,
    Driver::Fuzz,
];

/// The only refusals allowed: a driver, a rule, why, and what the one-line
/// refusal (status 2) says.
const REFUSALS: &[(Driver, &str, &str, &str)] = &[
    (
        Driver::Explain,
        "pizza",
        "explain draws a row's interval table; a circle has none",
        "is a circle",
    ),
    (
        Driver::Explain,
        "circle-deletes",
        "explain draws a row's interval table; a circle has none",
        "is a circle",
    ),
    (
        Driver::Human,
        "pizza",
        "the terminal game is played on a row",
        "is a circle",
    ),
    (
        Driver::Human,
        "circle-deletes",
        "the terminal game is played on a row",
        "is a circle",
    ),
    (
        Driver::Explain,
        "bound",
        "a take=a..Km position is the values left and M: no interval table (docs/explain.md)",
        "take=a..Km",
    ),
    (
        Driver::Explain,
        "bound-right",
        "a take=a..Km position is the values left and M: no interval table (docs/explain.md)",
        "take=a..Km",
    ),
    (
        Driver::Explain,
        "counts-over-63",
        "the board is over explain's drawing size (30 values)",
        "at most 30 values",
    ),
    (
        Driver::Human,
        "counts-over-63",
        "the board is over the terminal's drawing size (60 values)",
        "at most 60 values",
    ),
    (
        Driver::Study,
        "parameter",
        "studies refuse parameters",
        "parameter",
    ),
];

/// What `coinline solve` says of a rule's board: the exact value and the
/// generic solver's line.
struct Solved {
    game: Game,
    board: Board,
    value: i64,
    line: Line,
}

fn game_args(rule: &Rule) -> Vec<String> {
    let mut args = vec!["--game".to_string(), rule.text.to_string()];
    for (name, value) in rule.params {
        args.push("--param".into());
        args.push(format!("{name}={value}"));
    }
    args
}

fn run(args: &[String], stdin: &str) -> Run {
    Coinline::new(args)
        .stdin(stdin)
        .timeout(Duration::from_secs(60))
        .run()
}

fn args(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| w.to_string()).collect()
}

fn status(run: &Run, code: i32) -> Result<(), String> {
    if run.code == code {
        Ok(())
    } else {
        Err(format!(
            "status {}, not {code}: {}{}",
            run.code, run.stdout, run.stderr
        ))
    }
}

/// The game the rule text names once its parameters are bound.
fn bound_game(rule: &Rule) -> Game {
    let set: RuleSet = rule.text.parse().unwrap();
    let params = rule
        .params
        .iter()
        .map(|(n, v)| format!("{n}={v}").parse::<Param>().unwrap());
    set.bind(&Params::new(params).unwrap()).unwrap()
}

/// `coinline solve --line` on the rule's board: every exact solver agrees,
/// every line replays to the value; the generic solver's line is the one
/// the other drivers replay.
fn solve(rule: &Rule) -> Result<Solved, String> {
    let mut a = vec!["solve".to_string()];
    a.extend(game_args(rule));
    a.extend(args(&["--line", "-"]));
    let out = run(&a, &rule.board);
    status(&out, 0)?;
    let game = bound_game(rule);
    let board = Board::parse(&rule.board).unwrap();
    let mut value = None;
    let mut line = None;
    for row in out.stdout.lines().skip(2) {
        let words: Vec<&str> = row.split_whitespace().collect();
        if words.get(1) != Some(&"exact") {
            continue;
        }
        let v: i64 = words[2].parse().map_err(|_| format!("row {row:?}"))?;
        if value.is_some_and(|x| x != v) {
            return Err(format!("the exact solvers disagree:\n{}", out.stdout));
        }
        value = Some(v);
        let l: Line = words[6..].join(" ").parse().map_err(|e| format!("{e}"))?;
        let totals = replay(game, &board, &l).map_err(|e| format!("{row}: {e}"))?;
        if totals.difference() != v {
            return Err(format!("{row}: its line scores {}", totals.difference()));
        }
        if words[0] == "generic" {
            line = Some(l);
        }
    }
    match (value, line) {
        (Some(value), Some(line)) => Ok(Solved {
            game,
            board,
            value,
            line,
        }),
        _ => Err(format!("no generic row in\n{}", out.stdout)),
    }
}

/// The command line of the script that plays `line` (its arguments).
fn line_player(line: &Line) -> Vec<String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/play/line.sh");
    let mut words = vec!["sh".to_string(), script.to_str().unwrap().to_string()];
    words.extend(line.moves.iter().map(|mv| mv.to_string()));
    if let (Some(start), Some(first)) = (line.start, words.get_mut(2)) {
        *first = format!("{first}@{}", start + 1);
    }
    words
}

/// The fields of a CSV row (a field may be quoted, with `""` for a quote).
fn csv_fields(row: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let (mut quoted, mut chars) = (false, row.chars().peekable());
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                fields.last_mut().unwrap().push('"');
            }
            ('"', _) => quoted = !quoted,
            (',', false) => fields.push(String::new()),
            _ => fields.last_mut().unwrap().push(c),
        }
    }
    fields
}

/// The fields of the first row of `coinline play --out -`.
fn play_row(out: &str) -> Result<Vec<String>, String> {
    Ok(csv_fields(out.lines().nth(1).ok_or("no row")?))
}

/// A problem file of `rule`, interactive or not, in `dir`.
fn problem_file(dir: &Path, rule: &Rule, interactive: bool) -> PathBuf {
    let n = rule.board.split_whitespace().count();
    let case = if rule.params.is_empty() {
        "n values"
    } else {
        "n k values"
    };
    let mut text = format!(
        "name = \"matrix\"\nabout = \"the matrix test's problem\"\ngame = \"{}\"\n\n\
         [input]\ncases = \"one\"\ncase = \"{case}\"\n\n[answer]\nkind = \"difference\"\n\n\
         [limits]\nn = \"1..{n}\"\nvalues = \"-10..10\"\n",
        rule.text
    );
    if !rule.params.is_empty() {
        text.push_str("k = \"1..n\"\n");
    }
    if interactive {
        text.push_str(
            "\n[interaction]\nside = \"first\"\naccept = \"optimal\"\nprotocol = \"play\"\n",
        );
    }
    let path = dir.join(if interactive {
        "play.toml"
    } else {
        "answer.toml"
    });
    std::fs::write(&path, text).unwrap();
    path
}

/// The rule's board as the problem's input.
fn problem_input(rule: &Rule) -> String {
    let n = rule.board.split_whitespace().count();
    let params: String = rule.params.iter().map(|(_, v)| format!(" {v}")).collect();
    format!("{n}{params}\n{}\n", rule.board)
}

/// One cell: `driver` on `rule`, whose board `solved` says.
fn cell(driver: Driver, rule: &Rule, solved: &Solved, dir: &Path) -> Result<(), String> {
    let n = solved.board.len();
    let with_game = |words: &[&str]| {
        let mut a = args(&words[..1]);
        a.extend(game_args(rule));
        a.extend(args(&words[1..]));
        a
    };
    match driver {
        Driver::Solve => Ok(()),
        Driver::Compare => {
            let csv = dir.join("compare.csv");
            let out = run(
                &with_game(&[
                    "compare",
                    "--boards",
                    "40",
                    "--n",
                    &format!("1..{}", n.min(8)),
                    "--seed",
                    "1",
                    "--out",
                    csv.to_str().unwrap(),
                ]),
                "",
            );
            status(&out, 0)?;
            // A property, not a text: the game's summary line passes.
            if !out.stderr.lines().any(|l| l.contains(", all checks pass;")) {
                return Err(out.stderr);
            }
            Ok(())
        }
        Driver::Explain => {
            let page = dir.join("page.html");
            let out = run(
                &with_game(&["explain", "-", "--out", page.to_str().unwrap()]),
                &rule.board,
            );
            status(&out, 0)?;
            let html = std::fs::read_to_string(&page).map_err(|e| e.to_string())?;
            let start = format!("id=\"cell-0-{}\" data-value=\"{}\"", n - 1, solved.value);
            if !html.contains(&start) {
                return Err(format!("no {start:?} on the page"));
            }
            let moves: Vec<String> = (1..=solved.line.moves.len())
                .map(|s| {
                    let at = html
                        .find(&format!("id=\"step-{s}\" data-move=\""))
                        .unwrap_or(0);
                    let rest = &html[at..];
                    let mv = rest.split("data-move=\"").nth(1).unwrap_or("");
                    mv[..mv.find('"').unwrap_or(0)].to_string()
                })
                .collect();
            if moves.join(" ") != solved.line.to_string() {
                return Err(format!(
                    "the page's line {moves:?}, solve's {}",
                    solved.line
                ));
            }
            Ok(())
        }
        Driver::Human => {
            let typed: String = solved
                .line
                .moves
                .iter()
                .step_by(2)
                .map(|mv| format!("{mv}\n"))
                .collect();
            let mut a = vec!["play".to_string(), "--human".into()];
            a.extend(game_args(rule));
            a.extend(args(&["--board", &rule.board, "--first"]));
            let out = run(&a, &typed);
            status(&out, 0)?;
            let totals = replay(solved.game, &solved.board, &solved.line).unwrap();
            let moves = solved.line.moves.len();
            let plural = if moves == 1 { "move" } else { "moves" };
            let end = format!(
                "game over after {moves} {plural}: you {}, computer {}",
                totals.first, totals.second
            );
            let optimal = format!("optimal line from the start: {} (", solved.line);
            for want in [end, optimal] {
                if !out.stdout.contains(&want) {
                    return Err(format!("no {want:?} in\n{}", out.stdout));
                }
            }
            Ok(())
        }
        Driver::Play => {
            let player = line_player(&solved.line);
            let mut a = with_game(&[
                "play",
                "--board",
                &rule.board,
                "--opponent",
                &player.join(" "),
                "--out",
                "-",
                "--",
            ]);
            a.extend(player);
            let out = run(&a, "");
            status(&out, 0)?;
            let row = play_row(&out.stdout)?;
            let (achieved, best, regret, verdict) = (&row[5], &row[6], &row[7], &row[12]);
            let value = solved.value.to_string();
            if (achieved, best, regret.as_str(), verdict.as_str()) != (&value, &value, "0", "ok") {
                return Err(format!("{row:?}: solve's value is {value}"));
            }
            over_the_bound(rule, solved, &with_game)
        }
        Driver::Judge => {
            let file = problem_file(dir, rule, false);
            let out = run(
                &args(&["judge", "--problem-file", file.to_str().unwrap(), "-"]),
                &problem_input(rule),
            );
            status(&out, 0)?;
            if out.stdout.trim() != solved.value.to_string() {
                return Err(format!("judge says {:?}", out.stdout));
            }
            Ok(())
        }
        Driver::JudgePlay => {
            let file = problem_file(dir, rule, true);
            let input = dir.join("case.in");
            std::fs::write(&input, problem_input(rule)).unwrap();
            let mut a = args(&[
                "judge",
                "--problem-file",
                file.to_str().unwrap(),
                input.to_str().unwrap(),
                "--",
            ]);
            a.extend(line_player(&solved.line));
            let out = run(&a, "");
            status(&out, 0)?;
            let want = format!(
                "case 1 (first): accepted (achieved {v}, best {v})",
                v = solved.value
            );
            if !out.stdout.contains(&want) {
                return Err(format!("no {want:?} in {}", out.stdout));
            }
            Ok(())
        }
        Driver::Stress => {
            let file = problem_file(dir, rule, false);
            let file = file.to_str().unwrap();
            let out = run(
                &args(&[
                    "stress",
                    "--problem-file",
                    file,
                    "--seed",
                    "1",
                    "--runs",
                    "3",
                    "--n",
                    &format!("{n}..{n}"),
                    "--",
                    crate::support::BIN,
                    "judge",
                    "--problem-file",
                    file,
                    "-",
                ]),
                "",
            );
            status(&out, 0)
        }
        Driver::Study => {
            let study = dir.join("study.toml");
            let formula = rule.board.clone();
            std::fs::write(
                &study,
                format!(
                    "name = \"matrix\"\ntitle = \"matrix\"\ngames = [\"{}\"]\n\n[source]\n\
                     kind = \"formula\"\nformula = \"{formula}\"\nk = \"1..1\"\n\n[[table]]\n\
                     name = \"value\"\nmeasure = \"value\"\naggregate = \"max\"\ngroup = \"n\"\n",
                    rule.text
                ),
            )
            .unwrap();
            let out_dir = dir.join("study");
            let out = run(
                &args(&[
                    "study",
                    "run",
                    study.to_str().unwrap(),
                    "--out",
                    out_dir.to_str().unwrap(),
                ]),
                "",
            );
            status(&out, 0)?;
            let csv =
                std::fs::read_to_string(out_dir.join("value.csv")).map_err(|e| e.to_string())?;
            let row = csv.lines().nth(1).ok_or("no row")?;
            // game, group, classes, boards, undefined, max, ...
            let max = csv_fields(row).swap_remove(5);
            if max != solved.value.to_string() {
                return Err(format!("the study's value row {row:?}"));
            }
            Ok(())
        }
        Driver::Fuzz => {
            let raw = RawCase {
                game: solved.game,
                values: solved.board.values().to_vec(),
            };
            check_solvers_agree(&raw, exact_solvers())
        }
    }
}

/// Under `take=a..Km`: a first take of the smallest count over K (M = 1),
/// allowed by the counts but not by the bound, is an illegal move (status 1).
fn over_the_bound(
    rule: &Rule,
    solved: &Solved,
    with_game: &dyn Fn(&[&str]) -> Vec<String>,
) -> Result<(), String> {
    let Memory::Bound(k) = solved.game.memory else {
        return Ok(());
    };
    let side = if solved.game.ends == Ends::Right {
        "R"
    } else {
        "L"
    };
    let over = format!("{side}{}", k + 1);
    let out = run(
        &with_game(&[
            "play",
            "--board",
            &rule.board,
            "--out",
            "-",
            "--",
            "sh",
            "-c",
            &format!("while read -r l; do [ \"$l\" = 'your move' ] && echo {over}; done"),
        ]),
        "",
    );
    status(&out, 1)?;
    let row = play_row(&out.stdout)?;
    if row[12] != "illegal-move" {
        return Err(format!("{over} at the start: {row:?}"));
    }
    Ok(())
}

#[test]
fn every_driver_agrees_with_solve_on_every_kind_of_rule() {
    let mut failures = String::new();
    let mut cells = 0;
    for rule in rules() {
        let solved = match solve(&rule) {
            Ok(s) => s,
            Err(e) => {
                let _ = writeln!(failures, "{} x solve: {e}", rule.name);
                continue;
            }
        };
        for driver in DRIVERS {
            cells += 1;
            let dir = workdir("matrix", &format!("{}-{driver:?}", rule.name));
            let refused = REFUSALS
                .iter()
                .find(|(d, r, _, _)| *d == driver && *r == rule.name);
            let outcome = match refused {
                Some(&(_, _, why, says)) => refuse(driver, &rule, says)
                    .map_err(|e| format!("should be refused ({why}): {e}")),
                None => cell(driver, &rule, &solved, &dir),
            };
            if let Err(e) = outcome {
                let _ = writeln!(failures, "{} x {driver:?}: {e}", rule.name);
            }
        }
    }
    assert_eq!(cells, 12 * DRIVERS.len());
    assert!(failures.is_empty(), "cells that fail:\n{failures}");
}

/// A listed refusal: one line, status 2, saying `says`.
fn refuse(driver: Driver, rule: &Rule, says: &str) -> Result<(), String> {
    let dir = workdir("matrix", &format!("{}-{driver:?}-refused", rule.name));
    let mut a = match driver {
        Driver::Explain => vec!["explain".to_string()],
        Driver::Human => vec!["play".to_string(), "--human".into()],
        Driver::Study => {
            let study = dir.join("study.toml");
            std::fs::write(
                &study,
                format!(
                    "name = \"matrix\"\ntitle = \"matrix\"\ngames = [\"{}\"]\n\n[source]\n\
                     kind = \"formula\"\nformula = \"{}\"\nk = \"1..1\"\n\n[[table]]\n\
                     name = \"value\"\nmeasure = \"value\"\naggregate = \"max\"\ngroup = \"n\"\n",
                    rule.text, rule.board
                ),
            )
            .unwrap();
            let out = run(
                &args(&[
                    "study",
                    "run",
                    study.to_str().unwrap(),
                    "--out",
                    dir.join("out").to_str().unwrap(),
                ]),
                "",
            );
            return one_line_refusal(&out, says);
        }
        other => return Err(format!("{other:?} refuses nothing")),
    };
    a.extend(game_args(rule));
    match driver {
        Driver::Explain => a.extend(args(&[
            "-",
            "--out",
            dir.join("page.html").to_str().unwrap(),
        ])),
        _ => a.extend(args(&["--board", &rule.board])),
    }
    one_line_refusal(&run(&a, &rule.board), says)
}

fn one_line_refusal(out: &Run, says: &str) -> Result<(), String> {
    refusal(out, says)?;
    if out.stderr.trim_end().lines().count() != 1 {
        return Err(format!("more than one line: {}", out.stderr));
    }
    Ok(())
}

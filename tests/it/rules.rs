//! The rule words of docs/rules.md through the command line: parameters
//! bound by `--param`, counts above 63, history-dependent counts and
//! put-back moves.

use crate::support::{assert_refused_alone, assert_status, Coinline};

/// The rows of `coinline solve` after its two header lines, as
/// (solver, difference, first, second).
fn solve(args: &[&str]) -> Vec<(String, i64, i64, i64)> {
    let run = Coinline::new(["solve"].iter().chain(args)).run();
    assert_status(&run, 0);
    run.stdout
        .lines()
        .skip(2)
        .map(|row| {
            let cells: Vec<&str> = row.split_whitespace().collect();
            let number = |i: usize| cells[i].parse::<i64>().unwrap();
            (cells[0].to_string(), number(2), number(3), number(4))
        })
        .collect()
}

/// The exact solvers' (solver, difference, first) of one solve.
fn exact(args: &[&str]) -> Vec<(String, i64, i64)> {
    let run = Coinline::new(["solve", "--solver", "all"].iter().chain(args)).run();
    assert_status(&run, 0);
    run.stdout
        .lines()
        .skip(2)
        .filter(|row| row.split_whitespace().nth(1) == Some("exact"))
        .map(|row| {
            let cells: Vec<&str> = row.split_whitespace().collect();
            (
                cells[0].to_string(),
                cells[2].parse().unwrap(),
                cells[3].parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn a_parameter_is_bound_by_param() {
    // take=1..k with k=3 is stonegame3, LeetCode 1406's first example.
    let bound = solve(&[
        "--game",
        "ends=left take=1..k",
        "--param",
        "k=3",
        "--",
        "1",
        "2",
        "3",
        "7",
    ]);
    let alias = solve(&["--game", "stonegame3", "--", "1", "2", "3", "7"]);
    assert_eq!(bound, alias);
    assert!(bound.iter().all(|row| row.1 == -1), "{bound:?}");
    // k=1: one value a move, each player alternately: 1 - 2 + 3 - 7.
    let one = solve(&[
        "--game",
        "ends=left take=1..k",
        "--param",
        "k=1",
        "1",
        "2",
        "3",
        "7",
    ]);
    assert!(one.iter().all(|row| row.1 == -5), "{one:?}");
}

#[test]
fn an_unbound_or_unused_parameter_is_a_usage_error() {
    for (args, message) in [
        (
            vec!["--game", "ends=left take=1..k", "1", "2"],
            "use the parameter k: give its value, as in --param k=5",
        ),
        (
            vec![
                "--game",
                "take=1..k",
                "--param",
                "k=2",
                "--param",
                "j=1",
                "1",
            ],
            "parameter \"j\" is not used",
        ),
        (
            vec!["--game", "take=1..k", "--param", "k=0", "1"],
            "its value must be a count from 1 to 100000000",
        ),
        (
            vec![
                "--game",
                "take=1..k",
                "--param",
                "k=2",
                "--param",
                "k=3",
                "1",
            ],
            "parameter \"k\" is bound twice",
        ),
    ] {
        let run = Coinline::new(["solve"].into_iter().chain(args.iter().copied())).run();
        assert_refused_alone(&run, message, &args);
    }
}

/// `--param` is taken wherever `--game` is: each command refuses the rules
/// with k unbound in one line and status 2 before any work, and runs them
/// with k bound.
#[test]
fn every_command_with_game_binds_parameters() {
    let dir = crate::support::workdir("rules", "param-everywhere");
    let rules = "ends=left take=1..k";
    let commands: [&[&str]; 6] = [
        &[
            "compare", "--boards", "5", "--n", "1..4", "--seed", "1", "--out", "-",
        ],
        &["explain", "--out", "page.html", "1", "2", "3"],
        &[
            "play",
            "--board",
            "1 2 3",
            "--",
            "sh",
            concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/play/greedy.sh"),
        ],
        &["judge", "--problem", "lines", "-"],
        &["solve", "1", "2", "3"],
        &[
            "stress",
            "--problem",
            "lines",
            "--runs",
            "2",
            "--seed",
            "1",
            "--",
            "true",
        ],
    ];
    for args in commands {
        // The options go before a program's `--`.
        let cut = args.iter().position(|a| *a == "--").unwrap_or(args.len());
        let with = |more: &[&'static str]| {
            let mut all: Vec<&str> = args[..cut].to_vec();
            all.extend(more);
            all.extend(&args[cut..]);
            all
        };
        let all = with(&["--game", rules]);
        let run = Coinline::new(&all).dir(&dir).stdin("1 2 3\n").run();
        assert_refused_alone(
            &run,
            "use the parameter k: give its value, as in --param k=5",
            &all,
        );
        let all = with(&["--game", rules, "--param", "k=2"]);
        let run = Coinline::new(&all).dir(&dir).stdin("1 2 3\n").run();
        insta::assert_snapshot!(crate::support::stable(&run.stderr));
        assert_ne!(run.code, 2, "{all:?}: {}", run.stderr);
    }
    // compare binds each --game with the parameters it uses.
    let run = Coinline::new([
        "compare", "--boards", "3", "--n", "1..3", "--seed", "1", "--out", "-", "--game", rules,
        "--game", "coins", "--param", "k=2", "--param", "j=1",
    ])
    .dir(&dir)
    .run();
    assert_refused_alone(
        &run,
        "parameter \"j\" is not used by any --game",
        &"compare j",
    );
    // judge takes --param only with --game.
    let run = Coinline::new(["judge", "--problem", "take-k", "--param", "k=2", "-"])
        .dir(&dir)
        .run();
    assert_refused_alone(
        &run,
        "--param binds the parameters of --game",
        &"judge --param",
    );
}

#[test]
fn counts_above_63_are_rules_like_any_other() {
    // 70 values: take=1..100 is gameofsum on this board, every count allowed.
    let values: Vec<String> = (0..70).map(|i| ((i * 37) % 11 - 5).to_string()).collect();
    let with = |game: &str| {
        let mut args = vec!["--game", game, "--"];
        args.extend(values.iter().map(String::as_str));
        exact(&args)
    };
    let wide = with("take=1..100");
    let sum = with("gameofsum");
    assert!(!wide.is_empty());
    assert!(wide.iter().all(|row| row.1 == sum[0].1), "{wide:?} {sum:?}");
    // The canonical text keeps the counts as written.
    let run = Coinline::new(["solve", "--game", "take=200,1,70", "3", "1"]).run();
    assert_status(&run, 0);
    assert!(
        run.stdout.starts_with("game take=1,70,200, n = 2"),
        "{}",
        run.stdout
    );
}

#[test]
fn the_remembering_words_refuse_what_they_do_not_combine_with() {
    for (game, message) in [
        ("take=1..2m", "needs ends=left or ends=right"),
        (
            "ends=left take=1 putback",
            "putback needs takes of at least 2",
        ),
        ("ends=left take=1..2m putback", "do not combine"),
    ] {
        let run = Coinline::new(["solve", "--game", game, "1", "2"]).run();
        assert_refused_alone(&run, message, &game);
    }
}

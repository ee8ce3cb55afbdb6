//! `coinline play` end to end with the bots of tests/data/play/bots.c: each
//! protocol verdict, greedy's shrunk board, the transcript, the saved game
//! and its replay, the reproduction line, and the same bytes whatever
//! `--jobs`.

use crate::support::{self, assert_refused, assert_status, coinline, Coinline, Run};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

/// The bots, built once per test run with the system's cc.
fn bots() -> &'static str {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT
        .get_or_init(|| support::compile_c("tests/data/play/bots.c", "bots"))
        .to_str()
        .expect("a UTF-8 path")
}

/// `coinline play ARGS -- bots MODE` in `dir`.
fn play(dir: &Path, args: &[&str], mode: &str) -> Run {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    all.extend(["--", bots(), mode]);
    coinline(dir, &all)
}

/// The CSV rows (without the header) of `run`'s standard output.
/// The CSV rows of `run`'s standard output, after a header starting with
/// `header`.
fn csv_after(run: &Run, header: &str) -> Vec<Vec<String>> {
    let mut lines = run.stdout.lines();
    assert!(
        lines.next().unwrap_or("").starts_with(header),
        "{}",
        run.stdout
    );
    lines
        .map(|l| l.split(',').map(str::to_string).collect())
        .collect()
}

fn rows(run: &Run) -> Vec<Vec<String>> {
    csv_after(run, "index,game,board,side")
}

#[test]
fn the_optimal_bot_plays_perfectly_on_either_side_against_anyone() {
    let dir = support::workdir("play", "optimal");
    for args in [
        vec!["--first"],
        vec!["--second"],
        vec!["--opponent", "greedy"],
        vec!["--second", "--opponent", "greedy"],
    ] {
        let mut all = vec!["--runs", "40", "--seed", "3", "--out", "-"];
        all.extend_from_slice(&args);
        let run = play(&dir, &all, "optimal");
        assert_status(&run, 0);
        let rows = rows(&run);
        assert_eq!(rows.len(), 40, "{args:?}");
        for row in &rows {
            // achieved, best, regret, verdict
            assert_eq!(
                (row[7].as_str(), row[12].as_str()),
                ("0", "ok"),
                "{args:?}: {row:?}"
            );
            if args.len() == 1 {
                assert_eq!(
                    row[5], row[6],
                    "against perfect play it gets the best: {row:?}"
                );
            }
        }
        insta::assert_snapshot!(crate::support::stable(&run.stderr));
    }
    // Another program as the opponent: the greedy bot.
    let greedy = format!("{} greedy", bots());
    let run = play(
        &dir,
        &["--runs", "20", "--seed", "3", "--opponent", &greedy],
        "optimal",
    );
    assert_status(&run, 0);
}

#[test]
fn greedy_is_shrunk_to_a_small_board_saved_and_replayed() {
    let dir = support::workdir("play", "greedy");
    let run = play(
        &dir,
        &["--runs", "50", "--seed", "1", "--save", "saved"],
        "greedy",
    );
    assert_status(&run, 1);
    let err = &run.stderr;
    let board = support::shrunk_board(&run);
    let values = board.to_string();
    assert!(board.len() <= 4, "{board}");
    // Greedy really errs there: the library's judge agrees.
    assert!(support::greedy_judged(&board).regret > 0, "{board}");
    assert!(
        err.contains("first suboptimal move: L with values 1..4 left (move 1) costs"),
        "{err}"
    );
    // The transcript, both ways.
    for line in [
        "  > game coins",
        &format!("  > board {} {values}", board.len()),
        "  > side first",
        "  > your move",
        "  < L",
        "  > end ",
    ] {
        assert!(err.contains(line), "{line:?} missing: {err}");
    }
    let saved: Vec<PathBuf> = std::fs::read_dir(dir.join("saved"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(saved.len(), 1, "{saved:?}");
    let text = std::fs::read_to_string(&saved[0]).unwrap();
    assert!(text.contains(&format!("case coins: {values}")), "{text}");
    let reproduce = err
        .lines()
        .find_map(|l| l.strip_prefix("reproduce: "))
        .unwrap();
    assert!(
        reproduce.starts_with("coinline play --replay saved -- "),
        "{reproduce}"
    );
    // The replay still fails; the optimal bot passes it.
    let again = play(
        &dir,
        &["--runs", "0", "--replay", "saved", "--out", "-"],
        "greedy",
    );
    assert_status(&again, 1);
    insta::assert_snapshot!(crate::support::stable(&again.stderr));
    assert_eq!(rows(&again)[0][2], values);
    let fixed = play(&dir, &["--runs", "0", "--replay", "saved"], "optimal");
    assert_status(&fixed, 0);
    insta::assert_snapshot!(crate::support::stable(&fixed.stderr));
    // Without --save the one-line reproduction plays the shrunk board.
    let run = play(&dir, &["--runs", "50", "--seed", "1"], "greedy");
    let line = run
        .stderr
        .lines()
        .find_map(|l| l.strip_prefix("reproduce: "))
        .unwrap()
        .to_string();
    assert!(line.contains("--board"), "{line}");
    let rerun = Coinline::shell(&line).dir(&dir).run();
    assert_status(&rerun, 1);
    insta::assert_snapshot!(crate::support::stable(&rerun.stderr));
}

#[test]
fn each_protocol_breach_is_a_verdict_with_its_position() {
    let dir = support::workdir("play", "breaches");
    let cases = [
        // mode, extra arguments, verdict, words of the detail
        (
            "illegal",
            vec!["--n", "3..3"],
            "illegal-move",
            "L2: a take of 2 is not allowed by coins",
        ),
        (
            "garbage",
            vec![],
            "malformed-line",
            "hello\"\" is not a move",
        ),
        (
            "stall",
            vec!["--move-time", "0.3"],
            "time-limit",
            "no move within 0.3 s",
        ),
        (
            "early",
            vec![],
            "early-exit",
            "ended before the game did (exit status 3)",
        ),
        ("chatty", vec![], "extra-output", "gg\"\" after the end"),
        (
            "double",
            vec!["--n", "3..9"],
            "extra-output",
            "before its turn",
        ),
    ];
    for (mode, extra, verdict, detail) in cases {
        let mut args = vec!["--runs", "5", "--seed", "2", "--no-shrink", "--out", "-"];
        args.extend_from_slice(&extra);
        let run = play(&dir, &args, mode);
        assert_status(&run, 1);
        assert!(
            run.elapsed < Duration::from_secs(20),
            "{mode} took {:?}",
            run.elapsed
        );
        let rows = rows(&run);
        let row = rows.last().unwrap();
        assert_eq!(row[12], verdict, "{mode}: {row:?}");
        let line = run.stdout.lines().last().unwrap();
        assert!(line.contains(detail), "{mode}: {line}");
        insta::assert_snapshot!(crate::support::stable(&run.stderr));
    }
}

#[test]
fn the_bytes_do_not_depend_on_the_thread_count() {
    let dir = support::workdir("play", "jobs");
    let runs: Vec<Run> = ["1", "2", "3"]
        .iter()
        .map(|jobs| {
            play(
                &dir,
                &[
                    "--runs",
                    "30",
                    "--seed",
                    "9",
                    "--keep-going",
                    "--no-shrink",
                    "--jobs",
                    jobs,
                    "--out",
                    "-",
                ],
                "greedy",
            )
        })
        .collect();
    assert_status(&runs[0], 1);
    assert_eq!(rows(&runs[0]).len(), 30);
    for run in &runs[1..] {
        assert_eq!(run.stdout, runs[0].stdout);
    }
    // Against perfect play, the regret is the best minus the achieved.
    for row in rows(&runs[0]) {
        let n = |i: usize| row[i].parse::<i64>().unwrap();
        assert_eq!(n(7), n(6) - n(5), "{row:?}");
    }
}

#[test]
fn bad_usage_is_refused_in_one_line() {
    let dir = support::workdir("play", "usage");
    let cases: [(&[&str], &str); 4] = [
        (
            &["play", "--first", "--second", "--", "greedy"],
            "cannot be used with",
        ),
        (&["play", "--move-time", "0", "--", "greedy"], "--move-time"),
        (
            &["play", "--runs", "1", "--", "./no-such-bot"],
            "cannot start ./no-such-bot",
        ),
        (&["play", "--runs", "0", "--", "greedy"], "no game to play"),
    ];
    for (args, message) in cases {
        assert_refused(&coinline(&dir, args), message, &args);
    }
}

/// The CSV of a tournament: its rows by (first, second), as fields.
fn table(run: &Run) -> Vec<Vec<String>> {
    csv_after(run, "first,second,games,")
}

#[test]
fn a_tournament_prices_both_sides_of_every_pair() {
    let dir = support::workdir("play", "tournament");
    let optimal_bot = format!("{} optimal", bots());
    let greedy_bot = format!("{} greedy", bots());
    let base = [
        "play",
        "--tournament",
        "--player",
        "greedy",
        "--player",
        optimal_bot.as_str(),
        "--player",
        greedy_bot.as_str(),
        "--n",
        "2..8",
        "--runs",
        "40",
        "--seed",
        "7",
        "--out",
        "-",
    ];
    let runs: Vec<Run> = ["1", "3"]
        .iter()
        .map(|jobs| {
            let mut args = base.to_vec();
            args.extend(["--jobs", jobs]);
            coinline(&dir, &args)
        })
        .collect();
    assert_status(&runs[0], 0);
    assert_eq!(runs[0].stdout, runs[1].stdout, "the bytes depend on --jobs");
    // Spaces collapsed: the table's columns are as wide as the programs' paths.
    let report = crate::support::stable(&runs[0].stderr);
    let report: Vec<String> = (report.lines())
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    insta::assert_snapshot!(report.join("\n"));
    let rows = table(&runs[0]);
    // optimal, greedy, the two bots: 4 entrants, 12 ordered pairs.
    assert_eq!(rows.len(), 12, "{}", runs[0].stdout);
    let field = |row: &[String], i: usize| row[i].parse::<f64>().unwrap();
    for row in &rows {
        assert_eq!(row[2], "40", "{row:?}");
        let (wins, ties, losses) = (field(row, 5), field(row, 6), field(row, 7));
        assert_eq!(wins + ties + losses, 40.0, "{row:?}");
        for (side, name) in [(0, &row[0]), (1, &row[1])] {
            let mean = field(row, 3 + side);
            if name == "optimal" || *name == optimal_bot {
                // Optimal play, built in or a program, loses nothing.
                assert_eq!((mean, row[10 + 2 * side].as_str()), (0.0, ""), "{row:?}");
            }
        }
    }
    let pair = |first: &str, second: &str| {
        rows.iter()
            .find(|r| r[0] == first && r[1] == second)
            .unwrap_or_else(|| panic!("no row {first},{second}: {}", runs[0].stdout))
    };
    // Greedy errs on these boards, built in or a program, by the same amounts.
    let greedy = pair("greedy", "optimal");
    assert!(field(greedy, 3) > 0.0, "{greedy:?}");
    assert_eq!(&greedy[2..], &pair(&greedy_bot, "optimal")[2..]);
    // Its worst board really costs it that much: the library's judge agrees.
    let board: coinline_core::Board = greedy[11].parse().unwrap();
    let report = support::greedy_judged(&board);
    assert_eq!(report.regret.to_string(), greedy[10], "{greedy:?}");
    // Against optimal play the first player's wins are boards it won.
    let optimal_first = pair("optimal", "greedy");
    assert_eq!(field(optimal_first, 3), 0.0);
}

#[test]
fn a_tournament_refuses_what_it_cannot_play() {
    let dir = support::workdir("play", "tournament-usage");
    let cases: [(&[&str], &str); 4] = [
        (
            &["play", "--tournament", "--player", "parity", "--n", "3..3"],
            "parity on board 0 (3 values)",
        ),
        (
            &["play", "--tournament", "--player", "optimal"],
            "at least one strategy",
        ),
        (
            &["play", "--tournament", "--second", "--", "greedy"],
            "cannot be used with",
        ),
        (
            &["play", "--player", "greedy", "--", "greedy"],
            "--tournament",
        ),
    ];
    for (args, message) in cases {
        assert_refused(&coinline(&dir, args), message, &args);
    }
}

/// `sh tests/data/problems/even-coins-first.sh MODE` as program words.
fn coin_bot(mode: &str) -> Vec<String> {
    let script =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/problems/even-coins-first.sh");
    vec!["sh".into(), script.display().to_string(), mode.into()]
}

#[test]
fn an_interactive_problem_is_stressed_against_the_jury() {
    let dir = support::workdir("play", "interactive-stress");
    let stress = |mode: &str| {
        let mut args: Vec<String> = [
            "stress",
            "--problem",
            "even-coins-first",
            "--runs",
            "60",
            "--seed",
            "1",
            "--n",
            "2..12",
            "--out",
            "-",
            "--",
        ]
        .map(str::to_string)
        .to_vec();
        args.extend(coin_bot(mode));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        coinline(&dir, &args)
    };
    let good = stress("parity");
    assert_status(&good, 0);
    assert!(
        good.stderr
            .contains("60 of 60 games against the jury accepted (no-loss)"),
        "{}",
        good.stderr
    );
    let rows = rows(&good);
    assert_eq!(rows.len(), 60);
    for row in &rows {
        // Every board is even and within the limits, the bot first, no loss.
        let n = row[2].split(' ').count();
        assert!(n % 2 == 0 && (2..=12).contains(&n), "{row:?}");
        assert_eq!(
            (row[3].as_str(), row[12].as_str()),
            ("first", "ok"),
            "{row:?}"
        );
        assert!(row[5].parse::<i64>().unwrap() >= 0, "{row:?}");
    }
    let bad = stress("greedy");
    assert_status(&bad, 1);
    let err = &bad.stderr;
    // The shrunk board keeps the problem's limits, and greedy loses on it
    // against the jury: the library's judge agrees.
    let board = support::shrunk_board(&bad);
    assert!(
        board.len() <= 4
            && board.len() % 2 == 0
            && board.values().iter().all(|v| (1..=100).contains(v)),
        "{board}"
    );
    let report = support::greedy_judged(&board);
    assert!(report.achieved.unwrap() < 0, "{board}: {report:?}");
    // The reproduction plays the same game against the same jury.
    let line = err
        .lines()
        .find_map(|l| l.strip_prefix("reproduce: "))
        .unwrap();
    let again = Coinline::shell(line).dir(&dir).run();
    assert_status(&again, 1);
    assert!(
        again
            .stderr
            .contains(&format!("achieved {}", report.achieved.unwrap())),
        "{}",
        again.stderr
    );
    // Batch options are refused in one line.
    let args = [
        "stress",
        "--problem",
        "even-coins-first",
        "--batch",
        "3",
        "--",
        "sh",
        "x",
    ];
    assert_refused(
        &coinline(&dir, &args),
        "--batch is not for interactive problems",
        &args,
    );
}

#[test]
fn an_interactive_problem_is_judged_on_the_statements_example() {
    let dir = support::workdir("play", "interactive-judge");
    let example =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/problems/even-coins-first.in");
    let example = example.display().to_string();
    let judge = |mode: &str| {
        let mut args: Vec<String> = vec![
            "judge".into(),
            "--problem".into(),
            "even-coins-first".into(),
            example.clone(),
            "--".into(),
        ];
        args.extend(coin_bot(mode));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        coinline(&dir, &args)
    };
    // 18 20 15 30 10 14: the even places hold 20 + 30 + 14 = 64 of 107, so
    // parity takes the 14 first and ends 64 to 43 (the jury cannot do
    // better than the odd places).
    let good = judge("parity");
    assert_status(&good, 0);
    assert_eq!(
        good.stdout,
        "case 1 (first): accepted (achieved 21, best 21)\nevery case accepted\n"
    );
    // Greedy takes the 18 and loses, as the statement says.
    let bad = judge("greedy");
    assert_status(&bad, 1);
    assert!(
        bad.stdout
            .starts_with("case 1 (first): rejected (achieved -"),
        "{}",
        bad.stdout
    );
    assert!(
        bad.stdout
            .contains("first suboptimal move: L with values 1..6 left (move 1)"),
        "{}",
        bad.stdout
    );
    // Without a program: the best margin of the first player, as for any problem.
    let answers = coinline(&dir, &["judge", "--problem", "even-coins-first", &example]);
    assert_status(&answers, 0);
    assert_eq!(answers.stdout, "21\n");
}

/// Plays L@`start` (0-based) first, then always L: what tests/data/play/circle.sh does.
struct LeftFrom(usize);

impl coinline_core::strategy::Strategy for LeftFrom {
    fn name(&self) -> String {
        "left-from".into()
    }

    fn choose(
        &mut self,
        position: &coinline_core::strategy::player::Position<'_>,
    ) -> coinline_core::strategy::player::Answer<coinline_core::strategy::player::Choice> {
        let mv = "L".parse().unwrap();
        let start = position.needs_start().then_some(self.0);
        Ok(coinline_core::strategy::player::Choice { mv, start })
    }
}

/// `coinline play --game pizza ARGS -- sh tests/data/play/circle.sh BOT...`.
fn circle(dir: &Path, args: &[&str], bot: &[&str]) -> Run {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/play/circle.sh");
    let script = script.display().to_string();
    let mut all = vec!["play", "--game", "pizza", "--out", "-", "--no-shrink"];
    all.extend_from_slice(args);
    all.extend(["--", "sh", script.as_str()]);
    all.extend_from_slice(bot);
    coinline(dir, &all)
}

#[test]
fn a_circles_first_move_carries_its_start_both_ways() {
    let dir = support::workdir("play", "circle");
    let pizza: coinline_core::Game = "pizza".parse().unwrap();
    let board: coinline_core::Board = "2 1 3 1 2".parse().unwrap();
    // Each start, as the program plays it and as the library judges it.
    for start in 1..=5 {
        let k = start.to_string();
        let run = circle(&dir, &["--board", "2 1 3 1 2"], &["start", &k]);
        let row = &rows(&run)[0];
        let report = coinline_core::strategy::price_game(
            pizza,
            &board,
            coinline_core::strategy::Seat::First,
            &mut LeftFrom(start - 1),
            coinline_core::strategy::Adversary::Optimal,
        )
        .unwrap();
        assert_eq!(row[12], "ok", "L@{start}: {row:?}");
        assert_eq!(
            (row[5].clone(), row[6].clone(), row[7].clone()),
            (
                report.achieved.unwrap().to_string(),
                report.best.to_string(),
                report.regret.to_string()
            ),
            "L@{start}: {row:?}"
        );
        // The best start is the 3 (docs/rules.md): the others cost value,
        // and the first mistake names both moves with their starts.
        match start {
            3 => assert_eq!((row[5].as_str(), row[6].as_str()), ("3", "3")),
            _ => assert_eq!(
                (row[9].as_str(), row[11].as_str()),
                (format!("L@{start}").as_str(), "L@3"),
                "{row:?}"
            ),
        }
    }
    // Its transcript shows the start it wrote; as the second player it is
    // told the jury's first move with its start.
    let first = circle(&dir, &["--board", "2 1 3 1 2"], &["start", "1"]);
    assert_status(&first, 1);
    insta::assert_snapshot!(crate::support::stable(&first.stderr));
    let second = circle(
        &dir,
        &[
            "--second",
            "--runs",
            "20",
            "--seed",
            "4",
            "--n",
            "3..8",
            "--keep-going",
        ],
        &["start", "1"],
    );
    let rows = rows(&second);
    assert_eq!(rows.len(), 20);
    for row in &rows {
        assert_eq!(row[12], "ok", "{row:?}");
        let n = |i: usize| row[i].parse::<i64>().unwrap();
        assert_eq!(n(7), n(6) - n(5), "{row:?}");
    }
    let told = second
        .stderr
        .lines()
        .find(|l| l.starts_with("  > opponent "))
        .unwrap_or_else(|| panic!("no opponent line: {}", second.stderr));
    let start = told
        .strip_prefix("  > opponent L@")
        .unwrap_or_else(|| panic!("{told}"));
    assert!(start.parse::<usize>().is_ok_and(|s| s >= 1), "{told}");
}

#[test]
fn a_circles_bad_start_is_an_illegal_move() {
    let dir = support::workdir("play", "circle-illegal");
    let cases: [(&[&str], &str, &str); 3] = [
        (
            &["start", "9"],
            "illegal-move",
            "L@9: the start 9 is past the 5 values",
        ),
        (
            &["plain"],
            "illegal-move",
            "the first move needs its start, as in L@3",
        ),
        (
            &["start", "0"],
            "malformed-line",
            "the start after @ is a position from 1",
        ),
    ];
    for (bot, verdict, detail) in cases {
        let run = circle(&dir, &["--board", "2 1 3 1 2"], bot);
        assert_status(&run, 1);
        let row = &rows(&run)[0];
        assert_eq!(row[12], verdict, "{bot:?}: {row:?}");
        let line = run.stdout.lines().last().unwrap();
        assert!(line.contains(detail), "{bot:?}: {line}");
        assert!(
            run.stderr
                .contains(&format!("{verdict} with values 1..5 left, before any move")),
            "{bot:?}: {}",
            run.stderr
        );
    }
}

#[test]
fn an_interactive_problem_file_can_put_the_program_on_either_side() {
    let dir = support::workdir("play", "interactive-either");
    let file = |side: &str, accept: &str| {
        format!(
            "name = \"best-either\"\nabout = \"play either side, never below the best\"\ngame = \"coins\"\n\
             [input]\ncases = \"count\"\ncase = \"n values\"\n[answer]\nkind = \"difference\"\n\
             [limits]\nn = \"1..9\"\nvalues = \"-5..20\"\ncases = \"1..10\"\n\
             [interaction]\nside = \"{side}\"\naccept = \"{accept}\"\n"
        )
    };
    std::fs::write(dir.join("either.toml"), file("either", "optimal")).unwrap();
    let stress = |mode: &str| {
        let args = [
            "stress",
            "--problem-file",
            "either.toml",
            "--runs",
            "30",
            "--seed",
            "2",
            "--out",
            "-",
            "--",
            bots(),
            mode,
        ];
        coinline(&dir, &args)
    };
    let good = stress("optimal");
    assert_status(&good, 0);
    let seats: Vec<String> = rows(&good).iter().map(|r| r[3].clone()).collect();
    let alternating: Vec<&str> = (0..30).map(|i| ["first", "second"][i % 2]).collect();
    assert_eq!(seats, alternating);
    assert_status(&stress("greedy"), 1);
    // The jury chooses per case in judge too: the second case is played second.
    std::fs::write(dir.join("two.in"), "2\n2\n1 5\n3\n1 5 1\n").unwrap();
    let judged = coinline(
        &dir,
        &[
            "judge",
            "--problem-file",
            "either.toml",
            "two.in",
            "--",
            bots(),
            "optimal",
        ],
    );
    assert_status(&judged, 0);
    assert_eq!(
        judged.stdout,
        "case 1 (first): accepted (achieved 4, best 4)\ncase 2 (second): accepted (achieved 3, best 3)\nevery case accepted\n"
    );
    std::fs::write(dir.join("bad.toml"), file("both", "optimal")).unwrap();
    let args = ["stress", "--problem-file", "bad.toml", "--", "greedy"];
    assert_refused(
        &coinline(&dir, &args),
        "bad.toml: interaction.side: \"both\" is not one of",
        &args,
    );
}

#[test]
fn play_human_usage_errors_name_the_command_as_typed() {
    let dir = support::workdir("play", "human-usage");
    for args in [
        &["play", "--human", "--bogus"][..],
        &["play", "--human", "--first", "--second"],
        &["play", "--human", "--opponent"],
    ] {
        let run = coinline(&dir, args);
        assert_refused(&run, "(see 'coinline play --human --help')", &args);
        insta::assert_snapshot!(crate::support::stable(&run.stderr));
    }
    let help = coinline(&dir, &["play", "--human", "--help"]);
    assert_status(&help, 0);
    assert!(
        help.stdout
            .contains("Usage: coinline play --human [OPTIONS]"),
        "{}",
        help.stdout
    );
    assert!(!help.stdout.contains("play-human"), "{}", help.stdout);
    // A program's own --human, after `--`, is not the terminal mode.
    let args = ["play", "--bogus", "--", "./bot", "--human"];
    let run = coinline(&dir, &args);
    assert_refused(&run, "(see 'coinline play --help')", &args);
}

#[test]
fn a_tournament_table_replaces_only_what_coinline_wrote() {
    let dir = support::workdir("play", "tournament-out");
    let table = dir.join("table.csv");
    std::fs::write(&table, "my notes\n").unwrap();
    let args = [
        "play",
        "--tournament",
        "--player",
        "greedy",
        "--runs",
        "3",
        "--seed",
        "1",
        "--out",
        "table.csv",
    ];
    assert_refused(
        &coinline(&dir, &args),
        "--out table.csv: exists and was not written by coinline",
        &args,
    );
    assert_eq!(std::fs::read_to_string(&table).unwrap(), "my notes\n");
    // Play's own rows are not a tournament's table either.
    std::fs::write(&table, "index,game,board,side\n").unwrap();
    assert_refused(
        &coinline(&dir, &args),
        "exists and was not written by coinline",
        &args,
    );
    let mut forced = args.to_vec();
    forced.push("--force");
    assert_status(&coinline(&dir, &forced), 0);
    let written = std::fs::read_to_string(&table).unwrap();
    assert!(written.starts_with("first,second,games,"), "{written}");
    assert_eq!(written.lines().count(), 3, "{written}");
    // Its own table is replaced without --force, with the same bytes.
    assert_status(&coinline(&dir, &args), 0);
    assert_eq!(std::fs::read_to_string(&table).unwrap(), written);
}

//! Interactive problems in their statement's own protocol words
//! (`[interaction]` moves, start, turn, opponent, end: docs/problems.md):
//! the built-in even-coins-words, its bots in tests/data/problems/, and
//! the refusals of a table whose words do not fit together; and a user's
//! interactive problem whose rules read a parameter.

use crate::support::{self, assert_refused_alone, assert_status, coinline, Coinline};
use std::path::Path;

/// `sh tests/data/problems/even-coins-words.sh MODE` as program words.
fn bot(mode: &str) -> Vec<String> {
    let script =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/problems/even-coins-words.sh");
    vec!["sh".into(), script.display().to_string(), mode.into()]
}

fn with_bot(args: &[&str], mode: &str) -> Vec<String> {
    let mut all: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    all.push("--".into());
    all.extend(bot(mode));
    all
}

fn run(dir: &Path, args: &[String]) -> support::Run {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    coinline(dir, &args)
}

#[test]
fn stress_passes_the_parity_bot_and_shrinks_the_greedy_one_in_the_statements_words() {
    let dir = support::workdir("words", "stress");
    let stress = [
        "stress",
        "--problem",
        "even-coins-words",
        "--runs",
        "40",
        "--seed",
        "1",
        "--n",
        "2..12",
    ];
    let good = run(&dir, &with_bot(&stress, "parity"));
    assert_status(&good, 0);
    assert!(
        good.stderr
            .contains("40 of 40 games against the jury accepted (no-loss)"),
        "{}",
        good.stderr
    );
    let bad = run(&dir, &with_bot(&stress, "greedy"));
    assert_status(&bad, 1);
    let err = &bad.stderr;
    let board = support::shrunk_board(&bad);
    let (n, values) = (board.len(), board.to_string());
    assert!(n <= 4 && n % 2 == 0, "{err}");
    // The transcript is in the statement's words: n, the values, then
    // LEFT/RIGHT both ways, and none of play's lines.
    let transcript: Vec<&str> = err
        .lines()
        .skip_while(|l| !l.starts_with("transcript"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .collect();
    assert_eq!(
        transcript[..2],
        [format!("  > {n}"), format!("  > {values}")]
    );
    assert_eq!(transcript.len(), 2 + n, "{err}");
    for line in &transcript[2..] {
        assert!(
            ["  < LEFT", "  < RIGHT", "  > LEFT", "  > RIGHT"].contains(line),
            "{line:?} in {err}"
        );
    }
    // The reproduction plays the same board against the same jury.
    let line = err
        .lines()
        .find_map(|l| l.strip_prefix("reproduce: "))
        .unwrap();
    assert!(
        line.contains("coinline judge --problem even-coins-words -"),
        "{line}"
    );
    let again = Coinline::shell(line).dir(&dir).run();
    assert_status(&again, 1);
    assert!(
        again
            .stdout
            .starts_with("case 1 (first): rejected (achieved -"),
        "{}",
        again.stdout
    );
}

#[test]
fn judge_accepts_and_rejects_on_the_statements_example_and_l_is_not_left() {
    let dir = support::workdir("words", "judge");
    let example =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/problems/even-coins-first.in");
    let example = example.display().to_string();
    let judge = ["judge", "--problem", "even-coins-words", example.as_str()];
    let good = run(&dir, &with_bot(&judge, "parity"));
    assert_status(&good, 0);
    assert_eq!(
        good.stdout,
        "case 1 (first): accepted (achieved 21, best 21)\nevery case accepted\n"
    );
    let bad = run(&dir, &with_bot(&judge, "greedy"));
    assert_status(&bad, 1);
    assert!(
        bad.stdout
            .contains("first suboptimal move: L with values 1..6 left (move 1)"),
        "{}",
        bad.stdout
    );
    // The same moves in play's letters break the statement's protocol.
    let short = run(&dir, &with_bot(&judge, "short"));
    assert_status(&short, 1);
    assert!(
        short
            .stdout
            .starts_with("case 1 (first): rejected (malformed-line)\n")
            && short
                .stdout
                .contains("\"R\" is not a move (expected LEFT or RIGHT)"),
        "{}",
        short.stdout
    );
    // And the statement's words break play's: even-coins-first wants `L`.
    let first = ["judge", "--problem", "even-coins-first", example.as_str()];
    let wrong = run(&dir, &with_bot(&first, "parity"));
    assert_status(&wrong, 1);
    assert!(wrong.stdout.contains("rejected ("), "{}", wrong.stdout);
}

#[test]
fn words_that_do_not_fit_are_refused_naming_the_key() {
    let dir = support::workdir("words", "refused");
    let good = include_str!("../../problems/even-coins-words.toml");
    let moves = "moves = { left = \"LEFT\", right = \"RIGHT\" }";
    let cases = [
        (
            good.replace("end = \"\"", "ends = \"\""),
            "unknown field `ends`",
        ),
        (
            good.replace(moves, "moves = { left = \"LEFT\", rigth = \"RIGHT\" }"),
            "unknown field `rigth`",
        ),
        (
            good.replace(moves, "moves = { left = \"GO\", right = \"GO\" }"),
            "interaction.moves: left and right are both \"GO\"",
        ),
        (
            good.replace(moves, "moves = { left = \"TAKE LEFT\", right = \"R\" }"),
            "interaction.moves: left = \"TAKE LEFT\": a move is one word",
        ),
        (
            good.replace("game = \"coins\"", "game = \"take=1..2\""),
            "interaction.moves: game take=1,2 has moves other than L and R",
        ),
        (
            good.replace("start = \"n values\"", "start = \"values n\""),
            "interaction.start: \"values n\" is not one of",
        ),
        (
            good.replace("side = \"first\"", "side = \"either\""),
            "interaction.start: \"n values\" does not tell the program its side",
        ),
        (
            good.replace("opponent = \"{move}\"", "opponent = \"jury\""),
            "interaction.opponent: \"jury\" does not say {move}",
        ),
        (
            good.replace("opponent = \"{move}\"", "opponent = \"{move} {first}\""),
            "interaction.opponent: \"{move} {first}\" has a brace",
        ),
        (
            good.replace("turn = \"\"", "turn = \"your\\nmove\""),
            "interaction.turn: \"your\\nmove\" holds a line break",
        ),
        (
            good.replace("end = \"\"", "end = \"end\"\nprotocol = \"play\""),
            "interaction.protocol: \"play\" is docs/play.md's words as they are",
        ),
    ];
    for (k, (text, wanted)) in cases.into_iter().enumerate() {
        assert_ne!(text, good, "case {k} changed nothing");
        let name = format!("bad{k}.toml");
        std::fs::write(dir.join(&name), text).unwrap();
        let run = coinline(&dir, &["judge", "--problem-file", &name, "-"]);
        assert_refused_alone(&run, wanted, &name);
    }
}

#[test]
fn judge_takes_a_move_time_and_a_reproduction_keeps_stresss_timeout() {
    let dir = support::workdir("words", "move-time");
    let stress = [
        "stress",
        "--problem",
        "even-coins-words",
        "--runs",
        "20",
        "--seed",
        "1",
        "--n",
        "2..8",
        "--timeout",
        "0.8",
    ];
    let bad = run(&dir, &with_bot(&stress, "greedy"));
    assert_status(&bad, 1);
    let line = bad
        .stderr
        .lines()
        .find_map(|l| l.strip_prefix("reproduce: "))
        .unwrap_or_else(|| panic!("no reproduction: {}", bad.stderr));
    assert!(
        line.contains("coinline judge --problem even-coins-words --move-time 0.8 -"),
        "{line}"
    );
    assert_status(&Coinline::shell(line).dir(&dir).run(), 1);
    // A program silent past the move time is judged at that time.
    let example =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/problems/even-coins-first.in");
    let example = example.display().to_string();
    let judge = [
        "judge",
        "--problem",
        "even-coins-words",
        "--move-time",
        "0.3",
    ];
    let mut args: Vec<&str> = judge.to_vec();
    args.extend([example.as_str(), "--", "sh", "-c", "sleep 5"]);
    let slow = coinline(&dir, &args);
    assert_status(&slow, 1);
    assert!(slow.stdout.contains("within 0.3 s"), "{}", slow.stdout);
    // A batch problem has no moves to time.
    let batch = coinline(
        &dir,
        &[
            "judge",
            "--problem",
            "leetcode-486",
            "--move-time",
            "1",
            &example,
        ],
    );
    assert_refused_alone(
        &batch,
        "--move-time is for interactive problems; leetcode-486 is not one",
        &"batch",
    );
}

/// A user's interactive problem whose rules read `k` per case.
const TAKE_K_FIRST: &str = r#"name = "take-k-first"
about = "Interactive: take 1..k from the left, k per case; play first and reach the best total"
game = "ends=left take=1..k"
[input]
cases = "count"
case = "n k values"
[answer]
kind = "first"
[limits]
cases = "1..5"
n = "1..8"
k = "1..n"
values = "1..9"
[interaction]
side = "first"
accept = "optimal"
protocol = "play"
"#;

/// A play-protocol bot that answers every turn with `mv`.
fn always(mv: &str) -> String {
    format!("while read -r w rest; do [ \"$w\" = your ] && echo {mv}; done; exit 0")
}

#[test]
fn an_interactive_problems_parameters_are_bound_per_case_and_per_board() {
    let dir = support::workdir("words", "params");
    std::fs::write(dir.join("take-k.toml"), TAKE_K_FIRST).unwrap();
    std::fs::write(dir.join("in.txt"), "2\n3 3\n1 1 1\n3 2\n1 1 1\n").unwrap();
    // Taking three at once is the best move under k = 3 and illegal under 2.
    let l3 = always("L3");
    let judged = coinline(
        &dir,
        &[
            "judge",
            "--problem-file",
            "take-k.toml",
            "in.txt",
            "--",
            "sh",
            "-c",
            &l3,
        ],
    );
    assert_status(&judged, 1);
    let lines: Vec<&str> = judged.stdout.lines().collect();
    assert_eq!(lines[0], "case 1 (first): accepted (achieved 3, best 3)");
    assert_eq!(lines[1], "case 2 (first): rejected (illegal-move)");
    assert!(lines[2].ends_with("L3: a take of 3 is not allowed by ends=left take=1,2"));
    // Stress draws k for each board within 1..n, and keeps it there when
    // the board shrinks.
    let l1 = always("L");
    let stress = coinline(
        &dir,
        &[
            "stress",
            "--problem-file",
            "take-k.toml",
            "--runs",
            "30",
            "--seed",
            "1",
            "--keep-going",
            "--out",
            "games.csv",
            "--",
            "sh",
            "-c",
            &l1,
        ],
    );
    assert_status(&stress, 1);
    let text = std::fs::read_to_string(dir.join("games.csv")).unwrap();
    let mut games = std::collections::BTreeSet::new();
    for row in csv::Reader::from_reader(text.as_bytes()).records() {
        let row = row.unwrap();
        let game: coinline_core::Game = row[1].parse().unwrap();
        let n = row[2].split(' ').count();
        let bound = |k: usize| format!("ends=left take=1..{k}").parse::<coinline_core::Game>();
        assert!((1..=n).any(|k| bound(k).unwrap() == game), "{row:?}");
        games.insert(row[1].to_string());
    }
    assert!(games.len() > 2, "{games:?}");
    let board = support::shrunk_board(&stress);
    let told = stress
        .stderr
        .lines()
        .find_map(|l| l.strip_prefix("  > game "))
        .unwrap();
    let game: coinline_core::Game = told.parse().unwrap();
    let fits = (1..=board.len()).any(|k| {
        format!("ends=left take=1..{k}")
            .parse::<coinline_core::Game>()
            .unwrap()
            == game
    });
    assert!(fits, "{told} on {board}");
}

#[test]
fn an_interactive_failure_is_saved_as_an_input_and_replayed() {
    let dir = support::workdir("words", "save");
    std::fs::write(dir.join("take-k.toml"), TAKE_K_FIRST).unwrap();
    let stress = |bot: &str, extra: &[&str]| {
        let mut args = vec!["stress", "--problem-file", "take-k.toml", "--seed", "1"];
        args.extend(extra);
        args.extend(["--", "sh", "-c", bot]);
        coinline(&dir, &args)
    };
    let l1 = always("L");
    let found = stress(&l1, &["--runs", "30", "--save", "saved"]);
    assert_status(&found, 1);
    let saved = found
        .stderr
        .lines()
        .find_map(|l| l.strip_prefix("saved: "))
        .unwrap_or_else(|| panic!("nothing saved: {}", found.stderr));
    // The shrunk case as the problem's input: one case, its k in 1..n.
    let input = std::fs::read_to_string(dir.join(saved)).unwrap();
    let lines: Vec<&str> = input.lines().collect();
    let board = support::shrunk_board(&found);
    let (n, k) = lines[1].split_once(' ').unwrap();
    assert_eq!((lines[0], n.parse::<usize>().unwrap()), ("1", board.len()));
    assert!((1..=board.len()).contains(&k.parse().unwrap()), "{input}");
    assert_eq!(lines[2], board.to_string());
    // Replayed alone: the same bot fails it, a bot taking two passes it.
    let again = stress(&l1, &["--runs", "0", "--replay", "saved"]);
    assert_status(&again, 1);
    insta::assert_snapshot!(crate::support::stable(&again.stderr));
    let l2 = always("L2");
    let fixed = stress(&l2, &["--runs", "0", "--replay", "saved"]);
    assert_status(&fixed, 0);
    insta::assert_snapshot!(crate::support::stable(&fixed.stderr));
    // judge reads the saved file as any input of the problem.
    let judged = coinline(
        &dir,
        &[
            "judge",
            "--problem-file",
            "take-k.toml",
            saved,
            "--",
            "sh",
            "-c",
            &l2,
        ],
    );
    assert_status(&judged, 0);
    // Saving again over a file that is not this save is refused.
    std::fs::write(dir.join(saved), "1\n2 1\n5 5\n").unwrap();
    let clash = stress(&l1, &["--runs", "30", "--save", "saved"]);
    support::assert_refused(&clash, "is not an earlier save of this failure", &"clash");
    let kept = std::fs::read_to_string(dir.join(saved)).unwrap();
    assert_eq!(kept, "1\n2 1\n5 5\n");
}

#[test]
fn a_failure_that_does_not_come_back_is_reported_as_first_seen_and_called_unsteady() {
    // The bot breaks the protocol on its first game only (a marker file
    // remembers): every replay while shrinking, and the last one, passes.
    let dir = support::workdir("words", "unsteady");
    let marker = dir.join("played-once");
    let [sh, script, _] = <[String; 3]>::try_from(bot("parity")).unwrap();
    let once = format!(
        "if [ -e '{m}' ]; then exec {sh} '{script}' parity; fi; touch '{m}'; {sh} '{script}' parity; echo EXTRA",
        m = marker.display()
    );
    let run = coinline(
        &dir,
        &[
            "stress",
            "--problem",
            "even-coins-words",
            "--runs",
            "1",
            "--jobs",
            "1",
            "--seed",
            "3",
            "--",
            "sh",
            "-c",
            &once,
        ],
    );
    assert_status(&run, 1);
    let err = &run.stderr;
    assert!(
        err.contains("played again, it did not fail: the failure depends on timing or chance"),
        "{err}"
    );
    // The breach seen is the one shown, with its transcript.
    assert!(err.contains("extra-output with values"), "{err}");
    assert!(err.contains("printed \"EXTRA\" after the end"), "{err}");
    assert!(err.contains("  < EXTRA"), "{err}");
    assert!(!err.contains("shrunk to"), "{err}");
}

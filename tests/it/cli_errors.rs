//! Bad input on the command line: each case is (arguments, stdin, a phrase the
//! one-line error must contain). Every one must exit with status 2, print
//! exactly one line on stderr and nothing on stdout, and never panic.

use crate::support::{assert_refused_alone, Coinline, Run};

const REFUSED: &[(&[&str], &str, &str)] = &[
    (
        &["solve", "1", "x2", "3"],
        "",
        "token 2 \"x2\" is not an integer",
    ),
    (&["solve", "1.5"], "", "token 1 \"1.5\" is not an integer"),
    (
        &["solve", "99999999999999999999"],
        "",
        "within the 64-bit range",
    ),
    (
        &["solve", "--board", "1,,2,zz"],
        "",
        "token 2 \"\" is not an integer (nothing between two commas",
    ),
    (&["solve", "--board", "1,2,zz"], "", "token 3 \"zz\""),
    (&["solve"], "4 5\nseven\n", "token 3 \"seven\""),
    (
        &["solve", "9223372036854775807", "1"],
        "",
        "does not fit in a 64-bit integer",
    ),
    (
        &["solve", "--", "-9223372036854775808"],
        "",
        "does not fit in a 64-bit integer",
    ),
    (
        &["solve", "--game", "chess", "1"],
        "",
        "unknown game \"chess\"",
    ),
    (
        &["solve", "--solver", "magic", "1"],
        "",
        "unknown solver \"magic\"",
    ),
    (&["solve", "--format", "xml", "1"], "", "xml"),
    (&["solve", "--frobnicate", "1"], "", "--frobnicate"),
    (&["frobnicate"], "", "frobnicate"),
    (
        &["solve", "-", "4", "5"],
        "1 2 3",
        "`-` reads the board from standard input, so it must be the only value \
         (it was given with 2 other values)",
    ),
    (
        &["explain", "4", "-"],
        "1 2",
        "(it was given with 1 other value)",
    ),
    // A negative number reaches the option's own check (not clap's
    // "unexpected argument '-1'").
    (
        &[
            "stress",
            "--problem",
            "lines",
            "--timeout",
            "-1",
            "--",
            "cat",
        ],
        "",
        "'-1' for '--timeout <SECONDS>': \"-1\" is not more than 0 seconds",
    ),
    (
        &["compare", "--duration", "-1"],
        "",
        "'-1' for '--duration <SECONDS>'",
    ),
    (&["bench", "--max-n", "-1"], "", "'-1' for '--max-n <N>'"),
    (
        &["study", "decay", "--jobs", "-5"],
        "",
        "'-5' for '--jobs <N>'",
    ),
    (&["solve"], "", "no values given"),
    (
        &["solve", "--solver", "minimax", "--budget", "0.0001"],
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26",
        "minimax would take about",
    ),
    (
        &[
            "solve",
            "--solver",
            "greedy",
            "--budget",
            "1e-9",
            "--game",
            "gameofsum",
        ],
        "1 2 3 4 5 6 7 8 9 10",
        "over the budget of 0.000000001 s",
    ),
    (
        &["solve", "--budget", "0", "1"],
        "",
        "\"0\" is not more than 0 seconds",
    ),
    (&["solve", "--board", " , "], "", "token 1 \"\""),
    (
        &["solve", "--solver", "tabel", "1"],
        "",
        "unknown solver \"tabel\" (did you mean table? expected one of:",
    ),
    (&["solve", "--board", "  "], "", "no values given"),
    (
        &[
            "solve",
            "--solver",
            "minimax",
            "--board",
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28",
        ],
        "",
        "too large for solver minimax (at most 27)",
    ),
    (
        &["solve", "--solver", "parity", "1", "2", "3"],
        "",
        "parity strategy applies to coins with an even number",
    ),
];

fn run(args: &[&str], stdin: &str) -> Run {
    Coinline::new(args).stdin(stdin).run()
}

#[test]
fn bad_input_gets_one_line_and_status_2() {
    for (args, stdin, phrase) in REFUSED {
        assert_refused_alone(&run(args, stdin), phrase, args);
    }
}

/// Rule texts of about 80 KB given to `solve --game`: (what, the text, a
/// phrase of the one-line error). Built at run time, so beside [`REFUSED`].
fn long_rule_texts() -> Vec<(&'static str, String, String)> {
    let forty_ones = format!("take={}", "1,".repeat(18))
        .trim_end_matches(',')
        .to_string();
    vec![
        (
            "12,000 short words",
            "take=1 ".repeat(12_000),
            "rule \"take=1\": take is given twice".into(),
        ),
        (
            "a long set of counts",
            format!("take={}%", "1,".repeat(40_000)),
            format!("rule \"{forty_ones}...\" (80006 characters): \"1,1,"),
        ),
        (
            "a long unknown word",
            format!("take=1 {}", "w".repeat(80_000)),
            format!(
                "rule \"{}...\" (80000 characters): unknown word",
                "w".repeat(40)
            ),
        ),
        (
            "a long misspelt alias",
            "pizz".repeat(20_000),
            format!(
                "unknown game \"{}...\" (80000 characters)",
                "pizz".repeat(10)
            ),
        ),
    ]
}

#[test]
fn long_rule_texts_get_one_short_line_naming_their_length() {
    for (what, text, phrase) in long_rule_texts() {
        let run = run(&["solve", "--game", &text, "1", "2"], "");
        assert_refused_alone(&run, &phrase, &what);
        // Both quotes of the text (clap's and the rules') are cut: the
        // help the message carries is most of its 1,000 bytes.
        assert!(
            run.stderr.len() < 1_000,
            "{what}: {} bytes",
            run.stderr.len()
        );
    }
}

#[test]
fn large_boards_skip_minimax_with_a_note_when_all_solvers_run() {
    let board: Vec<String> = (1..=40).map(|v| v.to_string()).collect();
    let out = run(
        &["solve", "--format", "csv", "--board", &board.join(" ")],
        "",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    insta::assert_snapshot!(crate::support::stable(&out.stderr));
    assert!(!out.stdout.contains("minimax"));
    assert!(out.stdout.contains("table,exact,"));
}

#[test]
fn boards_come_from_arguments_option_or_stdin_alike() {
    let from_args = run(&["solve", "--format", "json", "--", "-3", "5", "-1"], "");
    let from_option = run(&["solve", "--format", "json", "--board", "-3,5,-1"], "");
    let from_stdin = run(&["solve", "--format", "json"], "-3\n5, -1\n");
    let from_negative_args = run(&["solve", "--format", "json", "-3", "5", "-1"], "");
    let from_dash = run(&["solve", "--format", "json", "-"], "-3 5 -1\n");
    for out in [
        &from_args,
        &from_option,
        &from_stdin,
        &from_negative_args,
        &from_dash,
    ] {
        assert_eq!(out.code, 0, "{out:?}");
        assert_eq!(out.stdout, from_args.stdout);
    }
    let json: serde_json::Value = serde_json::from_str(&from_args.stdout).unwrap();
    assert_eq!(json["board"], serde_json::json!([-3, 5, -1]));
    // -3 5 -1: whichever end the first player takes, the opponent takes 5,
    // leaving the first player -3 + -1 = -4 against 5.
    let results = json["results"].as_array().unwrap();
    let exact: Vec<_> = results.iter().filter(|r| r["kind"] == "exact").collect();
    assert_eq!(
        exact.len(),
        coinline_core::solve::solvers_for(coinline_core::Game::COINS).count()
    );
    assert!(exact
        .iter()
        .all(|r| r["difference"] == -9 && r["first"] == -4));
}

#[test]
fn line_option_prints_lines_that_replay() {
    let out = run(
        &[
            "solve",
            "--game",
            "numbergame",
            "--line",
            "--format",
            "csv",
            "--",
            "100",
            "-1000",
            "-1000",
            "100",
            "-1000",
            "-1000",
        ],
        "",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout
            .contains("table,exact,1100,-900,-2000,,L L DL2 L L"),
        "{}",
        out.stdout
    );
}

#[test]
fn games_lists_every_alias_with_its_rules_and_invariants() {
    let out = run(&["games"], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let text = out.stdout;
    for (name, game, rules) in coinline_core::rules::ALIASES {
        let line = text
            .lines()
            .find(|l| l.split_whitespace().next() == Some(name))
            .unwrap_or_else(|| panic!("{name} missing: {text}"));
        assert!(line.contains(rules), "{line}");
        assert_eq!(rules.parse::<coinline_core::Game>().unwrap(), game);
        let shift = coinline_core::check::invariants(game)
            .contains(&coinline_core::check::Invariant::Shift);
        assert_eq!(line.contains("shift"), shift, "{line}");
    }
}

/// Usage errors as clap words them, each the whole line after `coinline:
/// error: `: clap's message, its indented lines joined on, the help to read.
const USAGE_LINES: &[(&[&str], &str)] = &[
    (
        &["compare", "--sed", "1"],
        "unexpected argument '--sed' found; a similar argument exists: '--seed' \
         (see 'coinline compare --help')",
    ),
    (
        &["sovle"],
        "unrecognized subcommand 'sovle'; a similar subcommand exists: 'solve' \
         (see 'coinline --help')",
    ),
    (
        &["solve", "--format", "xml", "1"],
        "invalid value 'xml' for '--format <FORMAT>' [possible values: table, csv, json] \
         (see 'coinline solve --help')",
    ),
    (
        &["study", "odd-n", "--max-n", "x"],
        "unexpected argument '--max-n' found (see 'coinline study odd-n --help')",
    ),
    (
        &["stress"],
        "the following required arguments were not provided: --problem <NAME>, \
         <PROGRAM>... (see 'coinline stress --help')",
    ),
    (
        &["compare", "--shard", "1/2", "--only", "3"],
        "the argument '--shard <K/N>' cannot be used with '--only <INDEX>' \
         (see 'coinline compare --help')",
    ),
    (
        &["compare", "--timings=yes"],
        "unexpected value 'yes' for '--timings' found; no more were expected \
         (see 'coinline compare --help')",
    ),
    (
        &["compare", "--rows"],
        "a value is required for '--rows <WHICH>' but none was supplied \
         [possible values: all, failures] (see 'coinline compare --help')",
    ),
    (
        &["completions", "bsh"],
        "invalid value 'bsh' for '<SHELL>' [possible values: bash, elvish, fish, \
         powershell, zsh]; a similar value exists: 'bash' \
         (see 'coinline completions --help')",
    ),
    (
        &["stress", "--problme", "lines", "--", "cat"],
        "unexpected argument '--problme' found; a similar argument exists: \
         '--problem'; to pass '--problme' as a value, use '-- --problme' \
         (see 'coinline stress --help')",
    ),
    (
        &["stress", "--problem", "lines", "./prog"],
        "unexpected argument './prog' found; the program under test goes after `--` \
         (coinline stress --problem P -- ./prog) (see 'coinline stress --help')",
    ),
    (
        &["study", "oddn"],
        "unrecognized subcommand 'oddn'; a similar subcommand exists: 'odd-n' \
         (see 'coinline study --help')",
    ),
    (
        &["bench", "--max-n", "-1"],
        "invalid value '-1' for '--max-n <N>': invalid digit found in string \
         (see 'coinline bench --help')",
    ),
    (
        &["solve", "--game", "stonegame", "1"],
        "invalid value 'stonegame' for '--game <GAME>': unknown game \"stonegame\" \
         (did you mean stonegame7? expected one of: coins, numbergame, gameofsum, \
         stonegame7, stonegame3, pizza, or rules such as 'take=1..3 delete=2' \
         (see coinline games)) (see 'coinline solve --help')",
    ),
];

#[test]
fn usage_errors_are_clap_words_on_one_line_with_the_help_to_read() {
    for (args, line) in USAGE_LINES {
        let run = run(args, "");
        assert_refused_alone(&run, line, args);
        assert_eq!(run.stderr, format!("coinline: error: {line}\n"), "{args:?}");
    }
}

#[test]
fn what_the_user_typed_is_cut_wherever_clap_quotes_it() {
    let long = format!("--{}", "y".repeat(50));
    let cut = format!("--{}...", "y".repeat(38));
    let run = run(&["stress", "--problem", "lines", &long, "--", "cat"], "");
    let line = format!(
        "unexpected argument '{cut}' (52 characters) found; to pass '{cut}' (52 characters) \
         as a value, use '-- {cut}' (see 'coinline stress --help')"
    );
    assert_refused_alone(&run, &line, &"a long argument");
    let x = "x".repeat(60);
    let run = self::run(&["solve", "--game", &x, "1"], "");
    let value = format!(
        "'{}...' (60 characters) for '--game <GAME>'",
        "x".repeat(40)
    );
    assert_refused_alone(&run, &value, &"a long value");
    insta::assert_snapshot!(crate::support::stable(&run.stderr));
}

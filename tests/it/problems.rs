//! The built-in problems and problems written as files, end to end: each
//! new built-in problem passes `coinline stress` against a correct solution
//! written from its statement (tests/data/problems/solutions.c) and catches
//! a wrong one with a shrunk input; the README's problem file is stressed
//! and judged with no code; `coinline problems` lists and prints them.

use crate::support::{self, assert_refused_alone, coinline, Run};
use coinline_judge::{parse_input, spec, Problem};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The solutions program, built once per test run with the system's cc.
fn solutions() -> &'static Path {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(|| support::compile_c("tests/data/problems/solutions.c", "solutions"))
}

/// `coinline stress --problem NAME --runs RUNS --seed 1 [--save saved] -- solutions NAME [BUG]`.
fn stress(dir: &Path, problem: &[&str], runs: &str, program: &[&str]) -> Run {
    let exe = solutions().display().to_string();
    let mut args = vec!["stress"];
    args.extend_from_slice(problem);
    args.extend(["--runs", runs, "--seed", "1", "--save", "saved", "--"]);
    args.push(&exe);
    args.extend_from_slice(program);
    coinline(dir, &args)
}

/// The boards of the one failure saved in `dir/saved`.
fn saved_boards(dir: &Path, problem: &Problem) -> Vec<coinline_judge::Instance> {
    let inputs: Vec<PathBuf> = std::fs::read_dir(dir.join("saved"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    assert_eq!(inputs.len(), 1, "{inputs:?}");
    parse_input(problem, &std::fs::read_to_string(&inputs[0]).unwrap()).unwrap()
}

/// Each new problem: its name, the planted bug, and the longest board the
/// failure may shrink to.
const NEW_PROBLEMS: [(&str, &str, usize); 12] = [
    ("boj-11062", "greedy", 4),
    ("leetcode-486", "strict", 2),
    ("leetcode-877", "greedy", 6),
    ("leetcode-1690", "taken", 4),
    ("leetcode-1406", "two", 4),
    ("codeforces-381a", "optimal", 4),
    ("lightoj-1031", "left", 4),
    ("cards-in-a-line", "first", 4),
    ("lintcode-395", "tie", 4),
    ("leetcode-1140", "max", 8),
    ("leetcode-1872", "one", 4),
    ("take-k", "less", 4),
];

/// Each statement's examples, judged: the problem, the input, the output.
const EXAMPLES: [(&str, &str, &str); 12] = [
    (
        "lightoj-1031",
        "2\n\n4\n4 -10 -20 7\n\n4\n1 2 3 4\n",
        "Case 1: 7\nCase 2: 10\n",
    ),
    ("lintcode-395", "3\n1 2 2\n", "true\n"),
    ("lintcode-395", "3\n1 2 4\n", "false\n"),
    // Not the statement's, but its tie rule: 2 each is no win.
    ("lintcode-395", "3\n1 1 2\n", "false\n"),
    // 8 15 3 7: 22 against 11; 1 100 1: the second player's 100.
    ("cards-in-a-line", "4\n8 15 3 7\n", "22\n"),
    ("cards-in-a-line", "3\n1 100 1\n", "100\n"),
    ("leetcode-1140", "5\n2 7 9 4 4\n", "10\n"),
    ("leetcode-1140", "6\n1 2 3 4 5 100\n", "104\n"),
    ("leetcode-1872", "5\n-1 2 -3 4 -5\n", "5\n"),
    ("leetcode-1872", "7\n7 -6 5 10 5 -2 -6\n", "13\n"),
    ("leetcode-1872", "2\n-10 -12\n", "-22\n"),
    // Not a statement's (the problem is written here): 1 2 3 7 with k = 3
    // is LeetCode 1406's first example, 6 of 13 for the first player.
    ("take-k", "4 3\n1 2 3 7\n", "6\n"),
];

#[test]
fn the_statements_examples_are_judged_in_their_words() {
    let dir = support::workdir("problems", "examples");
    for (i, (name, input, output)) in EXAMPLES.iter().enumerate() {
        let file = format!("in{i}.txt");
        std::fs::write(dir.join(&file), input).unwrap();
        let run = coinline(&dir, &["judge", "--problem", name, &file]);
        assert_eq!(run.code, 0, "{name}: {}", run.stderr);
        assert_eq!(run.stdout, *output, "{name} on {input:?}");
        // The same answers as an expected file agree; one changed does not.
        std::fs::write(dir.join("out.txt"), output).unwrap();
        let agree = coinline(&dir, &["judge", "--problem", name, &file, "out.txt"]);
        assert_eq!(agree.code, 0, "{name}: {}", agree.stderr);
    }
    std::fs::write(dir.join("in.txt"), EXAMPLES[0].1).unwrap();
    std::fs::write(dir.join("out.txt"), "Case 1: 7\nCase 2: 11\n").unwrap();
    let differs = coinline(
        &dir,
        &["judge", "--problem", "lightoj-1031", "in.txt", "out.txt"],
    );
    assert_eq!(differs.code, 1, "{}", differs.stderr);
    std::fs::write(dir.join("out.txt"), "Case 1: 7\nCase 2 10\n").unwrap();
    let run = coinline(
        &dir,
        &["judge", "--problem", "lightoj-1031", "in.txt", "out.txt"],
    );
    assert_refused_alone(&run, "line 2: expected \"2:\"", &"Case 2 10");
}

/// A program that leaves a word out of the template is named at the first
/// token that differs, and the failure still shrinks to a small input.
#[test]
fn output_in_other_words_is_malformed_at_the_first_differing_token() {
    let dir = support::workdir("problems", "template");
    let run = stress(
        &dir,
        &["--problem", "lightoj-1031"],
        "50",
        &["lightoj-1031", "nocolon"],
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    insta::assert_snapshot!(crate::support::stable(&run.stderr));
    let boards = saved_boards(&dir, &Problem::by_name("lightoj-1031").unwrap());
    assert_eq!(boards.len(), 1, "{boards:?}");
    assert_eq!(boards[0].len(), 1, "{boards:?}");
}

#[test]
fn each_new_problem_passes_a_correct_solution() {
    for (name, _, _) in NEW_PROBLEMS {
        let dir = support::workdir("problems", &format!("pass-{name}"));
        let run = stress(&dir, &["--problem", name], "300", &[name]);
        assert_eq!(run.code, 0, "{name}:\n{}", run.stderr);
        insta::assert_snapshot!(crate::support::stable(&run.stderr));
    }
}

#[test]
fn each_new_problem_catches_its_planted_bug_with_a_shrunk_input() {
    for (name, bug, longest) in NEW_PROBLEMS {
        let dir = support::workdir("problems", &format!("catch-{name}"));
        let run = stress(&dir, &["--problem", name], "300", &[name, bug]);
        assert_eq!(run.code, 1, "{name} {bug}:\n{}", run.stderr);
        insta::assert_snapshot!(crate::support::stable(&run.stderr));
        let problem = Problem::by_name(name).unwrap();
        let boards = saved_boards(&dir, &problem);
        assert_eq!(boards.len(), 1, "{name}: narrowed to one case");
        let b = &boards[0];
        assert!(
            b.len() <= longest,
            "{name} {bug}: shrunk only to {b} (n = {})",
            b.len()
        );
        assert!(
            problem.limits().admits(b),
            "{name}: the shrunk board keeps the limits: {b}"
        );
        let breach = coinline_judge::instance::params_breach(problem.params(), b);
        assert_eq!(breach, None, "{name}: {b}");
        // k follows the board down (kept in 1..n) and is as low as shows
        // the bug: k = 1 cannot, k = 2 does.
        if name == "take-k" {
            assert_eq!(b.params.get("k"), Some(2), "{b}");
        }
    }
}

/// The README's walk-through: a problem written as a file, stressed and
/// judged with no code.
#[test]
fn a_problem_file_is_stressed_and_judged_with_no_code() {
    let dir = support::workdir("problems", "take-two");
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/problems/take-two.toml");
    let file = file.to_str().unwrap();
    let with_file = ["--problem-file", file];
    let run = stress(&dir, &with_file, "200", &["take-two"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let run = stress(&dir, &with_file, "200", &["take-two", "one"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr
            .contains(&format!("reproduce: coinline stress --problem-file {file}")),
        "{}",
        run.stderr
    );
    std::fs::write(dir.join("in.txt"), "4\n1 9\n2 3\n").unwrap();
    let judged = coinline(&dir, &["judge", "--problem-file", file, "in.txt"]);
    assert_eq!(judged.code, 0, "{}", judged.stderr);
    // Take 1 and 9 (10), the other takes 2 and 3: 10.
    assert_eq!(judged.stdout, "10\n");
}

#[test]
fn problem_files_with_mistakes_get_one_line_and_status_two() {
    let dir = support::workdir("problems", "bad-files");
    let good = spec::built_in_text("leetcode-1406").unwrap();
    let cases = [
        ("no-file.toml", None, "no-file.toml: "),
        (
            "typo.toml",
            Some(good.replace("kind = ", "knd = ")),
            "typo.toml: line ",
        ),
        (
            "words.toml",
            Some(good.replace("\"Tie\"]", "\"Alice\"]")),
            "answer.words: the words must differ",
        ),
        (
            "long.toml",
            Some(good.replace("1..50000", "1..200000")),
            "limits: length range 1..200000 goes above",
        ),
    ];
    for (name, text, wanted) in cases {
        if let Some(text) = text {
            std::fs::write(dir.join(name), text).unwrap();
        }
        let run = coinline(&dir, &["judge", "--problem-file", name, "-"]);
        assert_refused_alone(&run, wanted, &name);
    }
    for (args, wanted) in NOT_ONE_PROBLEM {
        assert_refused_alone(&coinline(&dir, args), wanted, args);
    }
}

/// A problem named twice, or not at all, and a phrase of the error line.
const NOT_ONE_PROBLEM: &[(&[&str], &str)] = &[
    (
        &[
            "judge",
            "--problem",
            "lines",
            "--problem-file",
            "x.toml",
            "-",
        ],
        "'--problem <NAME>' cannot be used with '--problem-file <FILE>'",
    ),
    (
        &["judge", "-"],
        "required arguments were not provided: --problem",
    ),
];

#[test]
fn problems_lists_every_built_in_and_show_prints_its_file() {
    let dir = support::workdir("problems", "list");
    let list = coinline(&dir, &["problems"]);
    assert_eq!(list.code, 0);
    for name in spec::built_in_names() {
        assert!(
            list.stdout
                .lines()
                .any(|l| l.starts_with(&format!("{name} "))),
            "{name} in:\n{}",
            list.stdout
        );
    }
    for name in spec::built_in_names() {
        let shown = coinline(&dir, &["problems", "show", name]);
        assert_eq!(shown.code, 0);
        assert_eq!(shown.stdout, spec::built_in_text(name).unwrap());
        // What show prints is a problem file: saved and used, it is the same
        // problem under another origin.
        std::fs::write(dir.join("copy.toml"), &shown.stdout).unwrap();
        let run = coinline(&dir, &["judge", "--problem-file", "copy.toml", "-"]);
        // The judge of an empty input: what it says names no file.
        insta::assert_snapshot!(crate::support::stable(&run.stderr));
    }
    let unknown = ["problems", "show", "leetcode-9999"];
    assert_refused_alone(&coinline(&dir, &unknown), "unknown problem", &unknown);
}

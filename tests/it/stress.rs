//! `coinline stress` and `coinline judge` against small solution programs
//! written by the tests: a correct one and one per kind of bug. Each planted
//! bug must be found, classified, narrowed and shrunk; the correct solution
//! must pass. The programs are awk and sh scripts (fast to start), written
//! independently of the library.

use crate::support::{self, assert_refused, assert_refused_alone, coinline, Coinline, Run};
use coinline_judge::{parse_answers, parse_input, Problem, Reply};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

/// A correct solution of every problem. `P` picks the format; `G` the game
/// for `lines`; `FIRST=1` prints the first player's total for `lines`;
/// `NODELETE=1` plants a bug: numbergame without its delete moves.
const SOLUTION: &str = r#"
function coins(n,   len, l, a, b) {
    for (l = 0; l <= n; l++) d[l] = 0
    for (len = 1; len <= n; len++)
        for (l = 0; l + len <= n; l++) {
            a = v[l] - d[l + 1]; b = v[l + len - 1] - d[l]
            d[l] = (a > b ? a : b)
        }
    return d[0]
}
function numbergame(n,   len, l, a, b, best) {
    for (l = 0; l <= n + 2; l++) { p1[l] = 0; p2[l] = 0; cur[l] = 0 }
    for (len = 1; len <= n; len++) {
        for (l = 0; l + len <= n; l++) {
            a = v[l] - p1[l + 1]; b = v[l + len - 1] - p1[l]
            best = (a > b ? a : b)
            if (len >= 2 && !NODELETE) {
                if (-p2[l + 2] > best) best = -p2[l + 2]
                if (-p2[l] > best) best = -p2[l]
            }
            cur[l] = best
        }
        for (l = 0; l <= n + 2; l++) { p2[l] = p1[l]; p1[l] = cur[l] }
    }
    return p1[0]
}
function gameofsum(n,   len, l, r, k, s, best, x) {
    for (len = 1; len <= n; len++)
        for (l = 0; l + len <= n; l++) {
            r = l + len; best = -1e300; s = 0
            for (k = l; k < r; k++) { s += v[k]; x = s - (k + 1 < r ? g[(k + 1) * 1000 + r] : 0); if (x > best) best = x }
            s = 0
            for (k = r - 1; k >= l; k--) { s += v[k]; x = s - (k > l ? g[l * 1000 + k] : 0); if (x > best) best = x }
            g[l * 1000 + r] = best
        }
    return g[n]
}
function total(n,   i, s) { s = 0; for (i = 0; i < n; i++) s += v[i]; return s }
{ for (i = 1; i <= NF; i++) t[nt++] = $i }
P == "lines" {
    n = NF; for (i = 0; i < n; i++) v[i] = $(i + 1) + 0
    r = (G == "numbergame" ? numbergame(n) : G == "gameofsum" ? gameofsum(n) : coins(n))
    printf "%.0f\n", (FIRST ? (total(n) + r) / 2 : r)
}
END {
    if (P == "lines") exit
    pos = 0
    if (P == "cses" || P == "atcoder") {
        n = t[pos++]
        for (i = 0; i < n; i++) v[i] = t[pos++] + 0
        r = coins(n)
        printf "%.0f\n", (P == "cses" ? (total(n) + r) / 2 : r)
    } else if (P == "algospot") {
        c = t[pos++]
        for (k = 0; k < c; k++) { n = t[pos++]; for (i = 0; i < n; i++) v[i] = t[pos++] + 0; printf "%.0f\n", numbergame(n) }
    } else if (P == "uva") {
        while ((n = t[pos++] + 0) != 0) { for (i = 0; i < n; i++) v[i] = t[pos++] + 0; printf "%.0f\n", gameofsum(n) }
    }
}
"#;

/// Greedy for CSES: take the larger end every turn; print the first total.
/// The README's example program, so the example is what the tests run.
const GREEDY: &str = include_str!("../../examples/stress/greedy.awk");

/// AtCoder's DP with every intermediate wrapped to a signed 32-bit integer,
/// as `int` arithmetic in C would.
const INT32: &str = r#"
function wrap(x,   y) { y = (x + 2147483648) % 4294967296; if (y < 0) y += 4294967296; return y - 2147483648 }
{ for (i = 1; i <= NF; i++) t[nt++] = $i }
END {
    n = t[0]
    for (l = 0; l <= n; l++) d[l] = 0
    for (len = 1; len <= n; len++)
        for (l = 0; l + len <= n; l++) {
            a = wrap(t[l + 1] - d[l + 1]); b = wrap(t[l + len] - d[l])
            d[l] = (a > b ? a : b)
        }
    printf "%.0f\n", d[0]
}
"#;

/// UVa solution that dies of SIGSEGV when any case has n = 1.
const CRASH_ON_ONE: &str = r#"
input=$(cat)
if printf '%s\n' "$input" | awk 'NR % 2 == 1 && $1 == 1 { found = 1 } END { exit !found }'; then
    kill -SEGV $$
fi
printf '%s\n' "$input" | awk -v P=uva -f "$(dirname "$0")/solution.awk"
"#;

/// CSES solution that, for n >= 3, starts a child holding its output and
/// waits for it far past any limit; the child's pid goes to `pids`.
const SLEEPY: &str = r#"
input=$(cat)
n=$(printf '%s\n' "$input" | head -n 1)
if [ "$n" -ge 3 ]; then
    # The pid as /proc has it (in a PID namespace, $! is the namespace's).
    sh -c 'read -r pid _ < /proc/self/stat; echo $pid >> "$1"; exec sleep 30' sh "$(dirname "$0")/pids" &
    wait
fi
printf '%s\n' "$input" | awk -v P=cses -f "$(dirname "$0")/solution.awk"
"#;

/// Prints text around each answer.
const GARBAGE: &str = r#"{ print "answer: " NF }"#;

/// A fresh folder holding the solution programs.
fn workdir(name: &str) -> support::Scratch {
    let dir = support::workdir("stress", name);
    for (file, text) in [
        ("solution.awk", SOLUTION),
        ("greedy.awk", GREEDY),
        ("int32.awk", INT32),
        ("crash.sh", CRASH_ON_ONE),
        ("sleepy.sh", SLEEPY),
        ("garbage.awk", GARBAGE),
    ] {
        std::fs::write(dir.join(file), text).unwrap();
    }
    dir
}

/// `coinline stress OPTIONS -- PROGRAM...`, the options split at spaces.
fn stress(dir: &Path, options: &str, program: &[&str]) -> Run {
    let mut args = vec!["stress"];
    args.extend(options.split_whitespace());
    args.push("--");
    args.extend_from_slice(program);
    coinline(dir, &args)
}

/// The boards of the one failure saved in `dir/saved` (NAME.in), checked
/// against its NAME.out (the trusted answers) and NAME.got.
fn saved_failure(dir: &Path, problem: &Problem) -> (Vec<coinline_judge::Instance>, String) {
    let saved = dir.join("saved");
    let inputs: Vec<PathBuf> = std::fs::read_dir(&saved)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    assert_eq!(inputs.len(), 1, "one saved failure in {}", saved.display());
    let input = &inputs[0];
    let boards = parse_input(problem, &std::fs::read_to_string(input).unwrap()).unwrap();
    let expected = std::fs::read_to_string(input.with_extension("out")).unwrap();
    let trusted: Vec<Reply> = boards
        .iter()
        .map(|b| problem.expected(b).unwrap())
        .collect();
    assert_eq!(
        parse_answers(problem.answer(), &expected, boards.len()).unwrap(),
        trusted
    );
    let got = std::fs::read_to_string(input.with_extension("got")).unwrap();
    (boards, got)
}

/// A failure found, its whole report pinned by a snapshot (named after the
/// test); `verdict` says which failure the test means, so a snapshot
/// accepted with another fails.
#[track_caller]
fn assert_found(run: &Run, verdict: &str) {
    let report = assert_verdict(run, verdict);
    insta::assert_snapshot!(crate::support::snapshot_name("found"), report);
}

/// A failure found with `verdict`, for a report the machine shapes (its
/// awk's messages, its pipe's size), so not pinned; the report, masked.
#[track_caller]
fn assert_verdict(run: &Run, verdict: &str) -> String {
    assert_eq!(run.code, 1, "{}", run.stderr);
    let report = crate::support::stable(&run.stderr);
    assert!(
        report.contains(verdict),
        "expected {verdict:?} in:\n{report}"
    );
    report
}

#[test]
fn the_correct_solution_passes_every_problem() {
    let dir = workdir("correct");
    let cases = [
        ("--problem cses-removal-game --n 1..30", "-v P=cses"),
        ("--problem atcoder-dp-l --n 1..30", "-v P=atcoder"),
        ("--problem algospot-numbergame", "-v P=algospot"),
        ("--problem uva-10891 --n 1..20", "-v P=uva"),
        ("--problem lines", "-v P=lines"),
        ("--problem lines --answer first", "-v P=lines -v FIRST=1"),
        (
            "--problem lines --game numbergame",
            "-v P=lines -v G=numbergame",
        ),
        (
            "--problem lines --game gameofsum --n 1..20",
            "-v P=lines -v G=gameofsum",
        ),
    ];
    for (problem, variables) in cases {
        let program = format!("awk {variables} -f solution.awk");
        let program: Vec<&str> = program.split_whitespace().collect();
        let run = stress(&dir, &format!("{problem} --runs 120 --seed 5"), &program);
        assert_eq!(run.code, 0, "{problem}\n{}", run.stderr);
        insta::assert_snapshot!(crate::support::stable(&run.stderr));
        // The report is standard error's; standard output carries only data.
        assert!(run.stdout.is_empty(), "{}", run.stdout);
    }
}

#[test]
fn greedy_is_found_and_shrunk_to_a_small_board() {
    let dir = workdir("greedy");
    let cses = "--problem cses-removal-game";
    let greedy = ["awk", "-f", "greedy.awk"];
    let run = stress(
        &dir,
        &format!("{cses} --runs 200 --seed 1 --save saved"),
        &greedy,
    );
    assert_found(&run, "wrong answer on case 1");
    let problem = Problem::by_name("cses-removal-game").unwrap();
    let (boards, got) = saved_failure(&dir, &problem);
    assert_eq!(boards.len(), 1);
    assert!(boards[0].len() <= 4, "shrunk to {:?}", boards[0]);
    let trusted = problem.expected(&boards[0]).unwrap();
    assert_ne!(got.trim(), trusted.to_string(), "still wrong");

    // The saved failure replays (and fails again) before any new board ...
    let replay_options = format!("{cses} --replay saved --runs 0 --no-shrink");
    let replay = stress(&dir, &replay_options, &greedy);
    assert_found(&replay, "FAIL replayed");
    // ... and passes with a correct solution.
    let correct = ["awk", "-v", "P=cses", "-f", "solution.awk"];
    let fixed = stress(&dir, &replay_options, &correct);
    assert_eq!(fixed.code, 0, "{}", fixed.stderr);
    insta::assert_snapshot!(crate::support::stable(&fixed.stderr));

    // --no-shrink reports the board as found.
    let plain = stress(
        &dir,
        &format!("{cses} --runs 200 --seed 1 --no-shrink"),
        &greedy,
    );
    assert_found(&plain, "wrong answer");
}

#[test]
fn thirty_two_bit_totals_are_found_on_large_values() {
    let dir = workdir("int32");
    let options = "--problem atcoder-dp-l --n 1..40 --runs 300 --seed 2 --save saved";
    let run = stress(&dir, options, &["awk", "-f", "int32.awk"]);
    assert_found(&run, "wrong answer");
    let problem = Problem::by_name("atcoder-dp-l").unwrap();
    let (boards, _) = saved_failure(&dir, &problem);
    assert!(boards[0].len() <= 10, "shrunk to {:?}", boards[0]);
    // The failure needs totals beyond 32 bits, within the problem's limits.
    assert!(boards[0].sum() > i64::from(i32::MAX));
    assert!(problem.limits().admits(&boards[0]));
}

#[test]
fn numbergame_without_deletes_is_narrowed_and_shrunk() {
    let dir = workdir("nodelete");
    let options = "--problem algospot-numbergame --runs 500 --seed 3 --save saved";
    let program = [
        "awk",
        "-v",
        "P=algospot",
        "-v",
        "NODELETE=1",
        "-f",
        "solution.awk",
    ];
    let run = stress(&dir, options, &program);
    assert_found(&run, "wrong answer on case");
    let problem = Problem::by_name("algospot-numbergame").unwrap();
    let (boards, _) = saved_failure(&dir, &problem);
    assert_eq!(boards.len(), 1, "narrowed to one case");
    // Deleting never helps on two values, so three is the least possible.
    let n = boards[0].len();
    assert!((3..=4).contains(&n), "shrunk to {:?}", boards[0]);
}

#[test]
fn a_crash_on_one_value_is_classified_narrowed_and_shrunk() {
    let dir = workdir("crash");
    let options = "--problem uva-10891 --n 1..20 --runs 200 --seed 4 --save saved --out runs.csv";
    let run = stress(&dir, options, &["sh", "crash.sh"]);
    assert_found(&run, "crash: killed by signal 11 (SIGSEGV)");
    let problem = Problem::by_name("uva-10891").unwrap();
    let (boards, got) = saved_failure(&dir, &problem);
    assert_eq!(boards.len(), 1);
    assert_eq!(boards[0].len(), 1);
    assert_eq!(got, "", "no output from a crash");
    let csv = std::fs::read_to_string(dir.join("runs.csv")).unwrap();
    assert!(csv.starts_with("source,seed,index,run,n,board,expected,answer,verdict"));
    assert!(csv.lines().skip(1).all(|l| l.contains(",crash,")), "{csv}");
    assert_eq!(csv.lines().count(), 1 + 50, "one row per board of the run");
}

#[test]
fn a_timeout_kills_the_whole_process_group() {
    let dir = workdir("sleepy");
    let options =
        "--problem cses-removal-game --n 1..12 --runs 20 --seed 6 --timeout 0.3 --save saved";
    let run = stress(&dir, options, &["sh", "sleepy.sh"]);
    assert_found(&run, "timeout: still running after 0.3s");
    // Each child sleeps 30 s holding stdout: only killing the group lets
    // the run end this soon.
    assert!(run.elapsed < Duration::from_secs(20), "{:?}", run.elapsed);
    let problem = Problem::by_name("cses-removal-game").unwrap();
    let (boards, _) = saved_failure(&dir, &problem);
    // Three values is the smallest board that sleeps (fewer may time out
    // too on a badly overloaded machine, never more).
    assert!(boards[0].len() <= 3, "shrunk to {:?}", boards[0]);
    #[cfg(target_os = "linux")]
    {
        let pids = std::fs::read_to_string(dir.join("pids")).unwrap();
        assert!(pids.lines().count() >= 2);
        // Killed children are reaped by init shortly after.
        std::thread::sleep(Duration::from_millis(300));
        for pid in pids.lines() {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            let state = stat.rsplit(") ").next().and_then(|s| s.chars().next());
            assert!(
                matches!(state, None | Some('Z') | Some('X')),
                "sleep {pid} still alive"
            );
        }
    }
}

#[test]
fn garbage_and_missing_output_are_classified() {
    let dir = workdir("garbage");
    let options = "--problem lines --game gameofsum --runs 100 --seed 1 --save saved";
    let run = stress(&dir, options, &["awk", "-f", "garbage.awk"]);
    assert_found(
        &run,
        "malformed output: line 1: \"answer:\" is not an integer",
    );
    let problem = Problem::by_name("lines").unwrap();
    let (boards, got) = saved_failure(&dir, &problem);
    assert_eq!(boards[0].len(), 1);
    assert!(got.starts_with("answer: "));

    let quick = "--problem lines --runs 10 --seed 1 --no-shrink";
    let silent = stress(&dir, quick, &["true"]);
    assert_found(&silent, "missing output: 0 answers for 10 cases");
    let crashed = stress(&dir, quick, &["false"]);
    assert_found(&crashed, "crash: exit status 1");
}

#[test]
fn a_program_that_stops_reading_early_is_judged_not_hung() {
    let dir = workdir("early");
    // 50 boards of 1000 values: far more than a pipe holds.
    let options = "--problem lines --n 1000..1000 --runs 50 --no-shrink";
    let program = ["sh", "-c", "head -c 10 > /dev/null; echo 0"];
    let run = stress(&dir, options, &program);
    assert_verdict(&run, "missing output: 1 answer for 50 cases");
}

#[cfg(target_os = "linux")]
#[test]
fn the_memory_limit_is_enforced_and_classified() {
    let dir = workdir("memory");
    let options = "--problem cses-removal-game --runs 1 --memory 64 --no-shrink";
    let program = ["awk", "BEGIN { s = \"x\"; while (1) s = s s }"];
    let run = stress(&dir, options, &program);
    assert_verdict(&run, "memory limit: ");
    assert_verdict(&run, " under the 64 MB limit");
}

#[test]
fn the_same_seed_gives_the_same_boards_whatever_the_batch() {
    let dir = workdir("seed");
    let csv_of = |batch: &str, file: &str| {
        let options = format!("--problem lines --runs 60 --seed 9 --batch {batch} --out {file}");
        let run = stress(
            &dir,
            &options,
            &["awk", "-v", "P=lines", "-f", "solution.awk"],
        );
        assert_eq!(run.code, 0, "{}", run.stderr);
        // Every column but the run number and the time.
        std::fs::read_to_string(dir.join(file))
            .unwrap()
            .lines()
            .map(|l| {
                let cols: Vec<&str> = l.split(',').collect();
                format!(
                    "{} {}",
                    cols[..3].join(","),
                    cols[4..cols.len() - 1].join(",")
                )
            })
            .collect::<Vec<_>>()
    };
    let whole = csv_of("50", "a.csv");
    assert_eq!(whole.len(), 61);
    assert_eq!(whole, csv_of("7", "b.csv"));
}

#[test]
fn judge_prints_and_checks_expected_answers() {
    let dir = workdir("judge");
    std::fs::write(dir.join("game.in"), "2\n3\n-1 2 3\n4\n8 15 3 7\n").unwrap();
    let run = coinline(
        &dir,
        &["judge", "--problem", "algospot-numbergame", "game.in"],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let problem = Problem::by_name("algospot-numbergame").unwrap();
    let boards = parse_input(&problem, "2\n3\n-1 2 3\n4\n8 15 3 7\n").unwrap();
    let trusted: Vec<String> = boards
        .iter()
        .map(|b| problem.expected(b).unwrap().to_string())
        .collect();
    assert_eq!(run.stdout, format!("{}\n", trusted.join("\n")));

    std::fs::write(dir.join("good.out"), &run.stdout).unwrap();
    let good = coinline(
        &dir,
        &[
            "judge",
            "--problem",
            "algospot-numbergame",
            "game.in",
            "good.out",
        ],
    );
    assert_eq!(good.code, 0);
    assert!(good.stdout.contains("all 2 cases agree"));

    std::fs::write(dir.join("bad.out"), format!("{}\n999\n", trusted[0])).unwrap();
    let bad = coinline(
        &dir,
        &[
            "judge",
            "--problem",
            "algospot-numbergame",
            "game.in",
            "bad.out",
        ],
    );
    assert_eq!(bad.code, 1);
    assert!(
        bad.stdout
            .contains("case 2 (input line 5): bad.out says 999"),
        "{}",
        bad.stdout
    );
    assert!(!bad.stdout.contains("case 1 "));

    std::fs::write(dir.join("broken.in"), "2\n3\n-1 2\n").unwrap();
    let broken = coinline(
        &dir,
        &["judge", "--problem", "algospot-numbergame", "broken.in"],
    );
    assert_eq!(broken.code, 2);
    assert_eq!(
        broken.stderr.trim(),
        "coinline: error: broken.in: line 3: expected the 3 values announced on line 2 (found 2), found the end of the input"
    );
}

/// Bad usage of `stress` and `judge` (in a folder holding `plain.txt`, not
/// a program), and a phrase of the error line.
const REFUSED: &[(&[&str], &str)] = &[
    (
        &[
            "stress",
            "--problem",
            "cses-removal-game",
            "--answer",
            "first",
            "--",
            "true",
        ],
        "--answer first is only for problems that let the user choose (lines)",
    ),
    (
        &["stress", "--problem", "codeforces", "--", "true"],
        "unknown problem",
    ),
    (&["stress", "--problem", "lines"], "<PROGRAM>"),
    (
        &["stress", "--problem", "lines", "--", "./no-such-program"],
        "cannot start",
    ),
    (
        &["stress", "--problem", "lines", "--", "./plain.txt"],
        "cannot start",
    ),
    (
        &[
            "stress",
            "--problem",
            "lines",
            "--game",
            "numbergame",
            "--answer",
            "first",
            "--",
            "true",
        ],
        "refused for numbergame",
    ),
    (
        &[
            "stress",
            "--problem",
            "algospot-numbergame",
            "--batch",
            "51",
            "--",
            "true",
        ],
        "--batch 51",
    ),
    (
        &[
            "stress",
            "--problem",
            "lines",
            "--timeout",
            "soon",
            "--",
            "true",
        ],
        "seconds",
    ),
    (&["judge", "--problem", "lines", "missing.in"], "missing.in"),
];

#[test]
fn bad_usage_exits_with_status_two() {
    let dir = workdir("usage");
    std::fs::write(dir.join("plain.txt"), "not a program").unwrap();
    for (args, message) in REFUSED {
        assert_refused(&coinline(&dir, args), message, args);
    }
}

/// Output options naming what cannot be written (in a folder holding the
/// file `afile` and the folder `adir`), and the start of the error.
const UNWRITABLE: &[(&str, &str)] = &[
    ("--out adir", "--out adir: is a directory"),
    (
        "--out afile/a.csv",
        "--out afile/a.csv: afile is not a directory",
    ),
    (
        "--save afile",
        "--save afile: exists and is not a directory",
    ),
    (
        "--save afile/sub",
        "--save afile/sub: afile is not a directory",
    ),
];

#[test]
fn unwritable_output_paths_are_refused_before_any_run() {
    let dir = workdir("outputs");
    std::fs::write(dir.join("afile"), "").unwrap();
    std::fs::create_dir(dir.join("adir")).unwrap();
    // The program leaves a mark, to show it never ran.
    let program = ["sh", "-c", "touch ran; echo 0"];
    for (option, message) in UNWRITABLE {
        let options = format!("--problem cses-removal-game --runs 5 --seed 1 {option}");
        let run = stress(&dir, &options, &program);
        assert_refused_alone(&run, message, option);
        // The message opens the line.
        assert!(
            run.stderr
                .starts_with(&format!("coinline: error: {message}")),
            "{option}: {}",
            run.stderr
        );
        insta::assert_snapshot!(crate::support::stable(&run.stderr));
        assert!(!dir.join("ran").exists(), "{option}: the program ran");
    }
    // A folder to be created is checked without being created (and no
    // board at all is nothing to check).
    let options = "--problem cses-removal-game --runs 0 --save new/sub";
    let run = stress(&dir, options, &program);
    assert_refused(&run, "nothing to check", &options);
    assert!(!dir.join("new").exists());
}

#[test]
fn late_write_errors_come_after_the_report_and_summary() {
    let dir = workdir("late");
    // A wrong program that puts a file where the failure is to be saved.
    let spoiler = ["sh", "-c", "rm -rf saved; touch saved; echo 0"];
    let options = "--problem cses-removal-game --runs 1 --seed 1 --no-shrink --save saved";
    let run = stress(&dir, options, &spoiler);
    assert_eq!(run.code, 2, "{}", run.stderr);
    insta::assert_snapshot!(crate::support::stable(&run.stderr));

    // A correct program that puts a folder where the CSV is to go.
    let program = "mkdir -p out.csv; awk -v P=cses -f solution.awk";
    let options = "--problem cses-removal-game --runs 3 --seed 1 --out out.csv";
    let run = stress(&dir, options, &["sh", "-c", program]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    insta::assert_snapshot!(crate::support::stable(&run.stderr));
}

/// A generator of CSES inputs: n in 1..6, values in 0..19, from the seed
/// argument coinline appends (`$1`).
const GENERATOR: &str = r#"awk -v s="$1" 'BEGIN { srand(s); n = 1 + int(rand() * 6); print n
    for (i = 0; i < n; i++) printf "%d%s", int(rand() * 20), (i + 1 < n ? " " : "\n") }'
"#;

/// A generator printing boards beyond CSES's value limits (up to 10^10).
const WIDE_GENERATOR: &str = r#"awk -v s="$1" 'BEGIN { srand(s); print 3; print int(rand() * 9) + 1, "10000000000", 7 }'
"#;

/// The report without its timings: every number followed by `s` or `ms`
/// (or a rate in runs/s) is replaced by `T`.
fn untimed(text: &str) -> String {
    let lines = text.lines().filter(|l| !l.starts_with("time: "));
    lines
        .map(|line| {
            let words: Vec<&str> = line.split(' ').collect();
            let mut out = Vec::new();
            for (i, w) in words.iter().enumerate() {
                let next = words.get(i + 1).copied().unwrap_or("");
                let number = !w.is_empty()
                    && w.trim_start_matches('(')
                        .chars()
                        .all(|c| c.is_ascii_digit() || c == '.');
                let timed = next.starts_with('s') || next.starts_with("ms") || next == "runs/s)";
                out.push(if number && timed { "T" } else { w });
            }
            out.join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A CSV without its time column.
fn untimed_csv(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| l.rsplit_once(',').unwrap().0.to_string())
        .collect()
}

#[test]
fn jobs_do_not_change_the_report_the_csv_or_the_saved_files() {
    let dir = workdir("jobs");
    let greedy = ["awk", "-f", "greedy.awk"];
    let crash = ["sh", "crash.sh"];
    let cases: [(&str, &[&str]); 3] = [
        // Several failures, each shrunk, and the runs between them.
        (
            "--problem cses-removal-game --runs 80 --seed 3 --max-failures 4",
            &greedy,
        ),
        // Runs of several cases: narrowing, and the per-case times.
        (
            "--problem uva-10891 --n 1..12 --runs 300 --batch 20 --seed 4 --max-failures 2",
            &crash,
        ),
        // Every failure, unshrunk.
        (
            "--problem cses-removal-game --runs 40 --seed 8 --keep-going --no-shrink",
            &greedy,
        ),
    ];
    for (options, program) in cases {
        let mut seen: Option<(String, Vec<String>, Vec<String>)> = None;
        for jobs in ["1", "2", "5"] {
            let saved = format!("saved-{jobs}");
            let run = stress(
                &dir,
                &format!("{options} --jobs {jobs} --out runs-{jobs}.csv --save {saved}"),
                program,
            );
            assert_eq!(run.code, 1, "{options} --jobs {jobs}\n{}", run.stderr);
            let report = untimed(&run.stderr).replace(&saved, "saved");
            let csv = untimed_csv(&dir.join(format!("runs-{jobs}.csv")));
            let mut files: Vec<String> = std::fs::read_dir(dir.join(&saved))
                .unwrap()
                .map(|e| {
                    let path = e.unwrap().path();
                    let name = path.file_name().unwrap().to_string_lossy().into_owned();
                    format!("{name}: {}", std::fs::read_to_string(&path).unwrap())
                })
                .collect();
            files.sort();
            match &seen {
                None => seen = Some((report, csv, files)),
                Some((r, c, f)) => {
                    assert_eq!(&report, r, "{options}: --jobs {jobs} against --jobs 1");
                    assert_eq!(&csv, c, "{options}: --jobs {jobs} CSV");
                    assert_eq!(&files, f, "{options}: --jobs {jobs} saved files");
                }
            }
        }
    }
}

#[test]
fn multi_case_runs_report_their_times_and_may_be_bounded_per_case() {
    let dir = workdir("case-time");
    let solution = ["awk", "-v", "P=uva", "-f", "solution.awk"];
    let run = stress(
        &dir,
        "--problem uva-10891 --n 1..10 --runs 100 --seed 2",
        &solution,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    insta::assert_snapshot!(crate::support::stable(&run.stderr));
    let cses = ["awk", "-v", "P=cses", "-f", "solution.awk"];
    let run = stress(&dir, "--problem cses-removal-game --runs 5 --seed 2", &cses);
    // One case per run: no time line (a property: the run may time out on a loaded machine).
    let report = crate::support::stable(&run.stderr);
    assert!(!report.lines().any(|l| l.starts_with("time: ")), "{report}");
    // Half a second for a run of two cases: past 2 x 0.1 s, within 10 s.
    std::fs::write(
        dir.join("slow.sh"),
        "sleep 0.5; awk -v P=uva -f \"$(dirname \"$0\")/solution.awk\"\n",
    )
    .unwrap();
    let slow = ["sh", "slow.sh"];
    let options = "--problem uva-10891 --runs 2 --batch 2 --seed 2 --timeout 10";
    let run = stress(&dir, options, &slow);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let run = stress(
        &dir,
        &format!("{options} --case-timeout 0.1 --no-shrink"),
        &slow,
    );
    assert_found(&run, "timeout: still running after 0.2s");
}

#[test]
fn a_reference_program_gives_the_expected_answers() {
    let dir = workdir("reference");
    let reference = "awk -v P=cses -f solution.awk";
    // The reference against itself.
    let run = coinline(
        &dir,
        &[
            "stress",
            "--problem",
            "cses-removal-game",
            "--n",
            "1..30",
            "--runs",
            "60",
            "--seed",
            "6",
            "--reference",
            reference,
            "--",
            "awk",
            "-v",
            "P=cses",
            "-f",
            "solution.awk",
        ],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    insta::assert_snapshot!(crate::support::stable(&run.stderr));
    // A correct reference catches greedy, shrunk, saved with its answers.
    let run = coinline(
        &dir,
        &[
            "stress",
            "--problem",
            "cses-removal-game",
            "--runs",
            "100",
            "--seed",
            "1",
            "--save",
            "saved",
            "--reference",
            reference,
            "--",
            "awk",
            "-f",
            "greedy.awk",
        ],
    );
    assert_found(&run, "wrong answer");
    let problem = Problem::by_name("cses-removal-game").unwrap();
    let (boards, _) = saved_failure(&dir, &problem);
    assert!(boards[0].len() <= 4, "{}", run.stderr);
    let reproduce = run
        .stderr
        .lines()
        .find_map(|l| l.trim().strip_prefix("reproduce: "))
        .unwrap();
    assert!(
        reproduce.contains("--reference 'awk -v P=cses -f solution.awk' --seed 1 --only"),
        "{reproduce}"
    );
    // The reproduce line, run as printed by a shell, finds the same failure.
    let again = Coinline::shell(reproduce).dir(&dir).run();
    assert_eq!(again.code, 1, "{}", again.stderr);
    let first_fail = |s: &str| {
        s.lines()
            .find(|l| l.starts_with("FAIL"))
            .map(str::to_string)
    };
    assert_eq!(first_fail(&again.stderr), first_fail(&run.stderr));
    // The saved input replays against the reference too.
    let replayed = coinline(
        &dir,
        &[
            "stress",
            "--problem",
            "cses-removal-game",
            "--replay",
            "saved",
            "--runs",
            "0",
            "--reference",
            reference,
            "--",
            "awk",
            "-f",
            "greedy.awk",
        ],
    );
    assert_found(&replayed, "FAIL replayed saved/");
    assert!(
        replayed
            .stderr
            .contains("--reference 'awk -v P=cses -f solution.awk' --replay saved --runs 0"),
        "{}",
        replayed.stderr
    );
}

/// References that fail (in a folder holding `words.awk`), and a phrase of
/// the error line, which names `--reference`.
const BROKEN_REFERENCES: &[(&str, &str)] = &[
    ("sh -c 'exit 3'", "exit status 3, on the input \""),
    (
        "awk -f words.awk",
        "its output is not 1 answers: line 1: \"five\" is not an integer",
    ),
    ("sh -c 'sleep 5'", "still running after 0.5s"),
    ("./no-such-brute", "cannot start ./no-such-brute"),
    ("'unclosed", "a single quote (') is not closed"),
];

#[test]
fn a_broken_reference_is_a_usage_error_naming_it_and_the_input() {
    let dir = workdir("bad-reference");
    std::fs::write(dir.join("words.awk"), "{ print \"five\" }\n").unwrap();
    for (reference, message) in BROKEN_REFERENCES {
        let run = coinline(
            &dir,
            &[
                "stress",
                "--problem",
                "cses-removal-game",
                "--runs",
                "5",
                "--seed",
                "1",
                "--timeout",
                "0.5",
                "--reference",
                reference,
                "--",
                "awk",
                "-v",
                "P=cses",
                "-f",
                "solution.awk",
            ],
        );
        assert_refused(&run, message, reference);
        let last = run.stderr.trim_end().lines().last().unwrap_or("");
        assert!(
            last.starts_with("coinline: error: --reference "),
            "{reference}: {last}"
        );
        insta::assert_snapshot!(crate::support::stable(&run.stderr));
    }
}

#[test]
fn a_reference_allows_problems_beyond_the_trusted_solver() {
    let dir = workdir("reference-limits");
    // Take 1 or 2 from either end, boards up to 5000 (the generic table
    // stops at 3000), first player's total.
    std::fs::write(
        dir.join("long.toml"),
        r#"name = "long-take-two"
about = "take 1 or 2 from either end"
game = "take=1..2"
[input]
cases = "one"
case = "n values"
[answer]
kind = "first"
[limits]
n = "1..5000"
values = "0..100"
"#,
    )
    .unwrap();
    let run = stress(&dir, "--problem-file long.toml --runs 1", &["true"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    insta::assert_snapshot!(crate::support::stable(&run.stderr));
    // A wrong reference (cses's coins) against itself on short boards:
    // coinline only generates and compares.
    let cses = "awk -v P=cses -f solution.awk";
    let run = coinline(
        &dir,
        &[
            "stress",
            "--problem-file",
            "long.toml",
            "--n",
            "1..20",
            "--runs",
            "30",
            "--seed",
            "1",
            "--reference",
            cses,
            "--",
            "awk",
            "-v",
            "P=cses",
            "-f",
            "solution.awk",
        ],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run
        .stderr
        .contains("every answer agrees with the reference"));
}

#[test]
fn a_generator_gives_the_inputs_and_failures_still_shrink() {
    let dir = workdir("generator");
    std::fs::write(dir.join("gen.sh"), GENERATOR).unwrap();
    std::fs::write(dir.join("wide.sh"), WIDE_GENERATOR).unwrap();
    let correct = ["awk", "-v", "P=cses", "-f", "solution.awk"];
    let with = |generator: &str, options: &str, program: &[&str]| {
        let mut args = vec![
            "stress",
            "--problem",
            "cses-removal-game",
            "--generator",
            generator,
        ];
        args.extend(options.split_whitespace());
        args.push("--");
        args.extend_from_slice(program);
        coinline(&dir, &args)
    };
    let run = with("sh gen.sh", "--runs 50 --seed 3", &correct);
    assert_eq!(run.code, 0, "{}", run.stderr);
    insta::assert_snapshot!(crate::support::stable(&run.stderr));
    let run = with(
        "sh gen.sh",
        "--runs 200 --seed 3 --save saved --out runs.csv",
        &["awk", "-f", "greedy.awk"],
    );
    assert_found(&run, "(generator seed ");
    let problem = Problem::by_name("cses-removal-game").unwrap();
    let (boards, _) = saved_failure(&dir, &problem);
    assert!(boards[0].len() <= 4);
    let reproduce = run
        .stderr
        .lines()
        .find_map(|l| l.trim().strip_prefix("reproduce: "))
        .unwrap();
    assert!(
        reproduce.contains("--generator 'sh gen.sh' --seed 3 --only "),
        "{reproduce}"
    );
    let csv = std::fs::read_to_string(dir.join("runs.csv")).unwrap();
    assert!(
        csv.lines().nth(1).unwrap().starts_with("generator,3,0,1,"),
        "{csv}"
    );
    // The same seed, the same inputs.
    let again = with(
        "sh gen.sh",
        "--runs 200 --seed 3 --no-shrink",
        &["awk", "-f", "greedy.awk"],
    );
    let first_fail = |s: &str| {
        s.lines()
            .find(|l| l.starts_with("FAIL"))
            .map(str::to_string)
    };
    assert_eq!(first_fail(&again.stderr), first_fail(&run.stderr));
    // Inputs beyond the limits: judged, with one warning.
    let run = with("sh wide.sh", "--runs 5 --seed 1", &correct);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stderr.matches("warning: the generator's input for run 0 breaks the limits (case 1: value 10000000000").count(), 1, "{}", run.stderr);
    // A broken generator, or options for coinline's own boards.
    for (generator, options, message) in [
        (
            "sh -c 'echo 3; echo 1 2'",
            "",
            "its output is not a cses-removal-game input",
        ),
        ("sh -c 'exit 4'", "", "exit status 4"),
        (
            "sh -c 'true'",
            "",
            "its output is not a cses-removal-game input",
        ),
        (
            "sh gen.sh",
            "--batch 5",
            "--batch is for coinline's own boards",
        ),
        ("sh gen.sh", "--n 1..3", "--n is for coinline's own boards"),
    ] {
        let run = with(generator, &format!("--runs 3 {options}"), &correct);
        assert_refused(&run, message, &generator);
    }
}

#[test]
fn an_interrupt_kills_every_program_of_every_job() {
    let dir = workdir("jobs-interrupt");
    let script = "read -r pid _ < /proc/self/stat; echo $pid >> pids; exec sleep 60";
    let child = Coinline::new([
        "stress",
        "--problem",
        "lines",
        "--runs",
        "10",
        "--seed",
        "1",
        "--timeout",
        "100",
        "--jobs",
        "3",
        "--batch",
        "1",
        "--",
        "sh",
        "-c",
        script,
    ])
    .dir(&dir)
    .stdout(Stdio::null())
    .spawn();
    let pids = || -> Vec<String> {
        std::fs::read_to_string(dir.join("pids"))
            .unwrap_or_default()
            .lines()
            .map(str::to_string)
            .collect()
    };
    let start = Instant::now();
    while pids().len() < 3 && start.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(pids().len(), 3, "three programs at once");
    child.signal("INT");
    let out = child.wait();
    assert_eq!(out.code, 130, "{}", out.stderr);
    for pid in pids() {
        // 10 s: on a loaded machine the kernel may take a while to reap the group.
        let gone = (0..500).any(|_| {
            let state = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            std::thread::sleep(Duration::from_millis(20));
            state.is_empty() || state.contains(") Z ")
        });
        assert!(gone, "program {pid} is still running");
    }
}

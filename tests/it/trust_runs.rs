//! Issue 27, the judge and stress items: a table of runs of the real
//! binary, like tests/it/trust.rs. Each row gives the set-up of a scratch
//! folder (shell commands), the command (coinline's arguments, or a shell
//! line where the row needs a pipe or a limit), the expected exit status,
//! a fragment of the expected message, and what must be true of files and
//! processes afterwards.

use crate::support::{path_with_coinline, refusal, workdir, Coinline};
use std::path::Path;
use std::time::Duration;

/// The test programs of tests/data/, by absolute path.
const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");

/// What a row runs.
enum Command {
    /// coinline with these arguments (`{data}` stands for [`DATA`]).
    Args(&'static [&'static str]),
    /// A bash line, with the coinline under test first on `PATH` (`{data}` as above).
    Shell(&'static str),
}

/// What must hold afterwards.
enum After {
    /// A file of this folder ends with this extension.
    AnyFile(&'static str, &'static str),
    /// Each file of this folder holds a pid, and none of those processes
    /// is still running (a zombie is not running).
    NoneRunning(&'static str),
    /// The file exists and contains this text.
    Contains(&'static str, &'static str),
    /// Nothing of this name exists.
    Absent(&'static str),
}

struct Row {
    name: &'static str,
    /// Programs the row needs on `PATH`; without one it is skipped (and says so).
    needs: &'static [&'static str],
    setup: &'static str,
    command: Command,
    status: i32,
    /// A fragment of the output (standard error, then standard output);
    /// with status 2, of the error line.
    message: &'static str,
    after: &'static [After],
}

/// A wrong solution of leetcode-1406: right except that a tie is "Alice".
const TIE: &str =
    "printf 'coinline judge --problem leetcode-1406 - | sed s/Tie/Alice/\\n' > tie.sh";
/// A wrong solution of lines: 0 for every board.
const ZERO: &str = "printf 'while read l; do echo 0; done\\n' > zero.sh";

#[rustfmt::skip]
fn rows() -> Vec<Row> {
    use After::*;
    use Command::*;
    vec![
        // 1. judge streams its input: a 300 MB token under a 100 MB address
        // space is refused by name, not by the allocator.
        Row { name: "judge-streams-a-huge-token", needs: &["yes", "tr", "head"], setup: "",
            command: Shell("ulimit -v 100000; yes 1 | tr -d '\\n' | head -c 300000000 | coinline judge --problem lines -"),
            status: 2, message: "standard input: the input has a token longer than 4096 bytes (line 1), the most coinline reads",
            after: &[] },
        // 2. judge's budget: a 10^6-value board is refused with the estimate.
        Row { name: "judge-refuses-past-its-budget", needs: &["awk"],
            setup: "awk 'BEGIN { print 1000000; for (i = 0; i < 1000000; i++) printf \"%d \", i % 7; print \"\" }' > big.in",
            command: Args(&["judge", "--problem", "cses-removal-game", "big.in"]),
            status: 2, message: "judging case 1 (line 2) with table would take about",
            after: &[] },
        Row { name: "judge-budget-names-its-option", needs: &[], setup: "printf '3\\n1 2 3\\n' > one.in",
            command: Args(&["judge", "--problem", "cses-removal-game", "--budget", "1e-12", "one.in"]),
            status: 2, message: "over the budget of 0.000000000001 s (raise --budget to run it)",
            after: &[] },
        // 3. Escaped children: each run leaves a setsid and a setpgid process.
        Row { name: "stress-kills-what-escaped", needs: &["setsid", "perl"], setup: "mkdir pids",
            command: Args(&["stress", "--problem", "lines", "--runs", "3", "--seed", "1", "--",
                            "sh", "{data}/escape.sh", "pids"]),
            status: 0, message: "warning: 2 processes left their program's process group (setsid or setpgid)",
            after: &[NoneRunning("pids")] },
        // 4. An interrupt while shrinking, once the program's 9th run has begun.
        Row { name: "stress-interrupt-while-shrinking", needs: &[], setup: "",
            command: Shell("coinline stress --problem lines --runs 5 --seed 3 --save saved -- sh {data}/interrupt.sh count 9 & until [ -f count.now ]; do sleep 0.01; done; kill -INT $!; wait $!"),
            status: 130, message: "shrinking cut short by an interrupt after 7 program runs: the smallest failing board found has n = 3 (from n = 4)",
            after: &[AnyFile("saved", ".in"), AnyFile("saved", ".got"), AnyFile("saved", ".out")] },
        // 5. Right status, right words.
        Row { name: "solve-score-rest-overflow-is-input", needs: &[], setup: "",
            command: Args(&["solve", "--game", "stonegame7", "--", "4611686018427387904", "1"]),
            status: 2, message: "scores what remains, so n * (sum of |values|) must fit in 64 bits",
            after: &[] },
        Row { name: "judge-score-rest-overflow-is-input", needs: &[], setup: "printf '4611686018427387904 1\\n' > big.in",
            command: Args(&["judge", "--problem", "lines", "--game", "stonegame7", "big.in"]),
            status: 2, message: "scores what remains, so n * (sum of |values|) must fit in 64 bits",
            after: &[] },
        Row { name: "stress-tie-shrinks-to-one-value", needs: &["sed"], setup: TIE,
            command: Args(&["stress", "--problem", "leetcode-1406", "--runs", "300", "--seed", "7", "--", "sh", "tie.sh"]),
            status: 1, message: "shrunk in 1 program run from n = 66 to n = 1, re-checked: wrong answer on case 1: expected Tie, got Alice",
            after: &[] },
        Row { name: "stress-counts-program-runs", needs: &[], setup: ZERO,
            command: Args(&["stress", "--problem", "lines", "--runs", "5", "--seed", "1", "--", "sh", "zero.sh"]),
            status: 1, message: "narrowed and shrunk in 12 program runs",
            after: &[] },
        // 6. stress --out keeps the error kind: a closed pipe is status 0, a
        // full file names --out.
        Row { name: "stress-out-full-names-the-option", needs: &[], setup: ZERO,
            command: Shell("trap '' XFSZ; ulimit -f 0; coinline stress --problem lines --runs 5 --seed 1 --no-shrink --out - -- sh zero.sh > o.txt"),
            status: 2, message: "--out: cannot write to standard output: File too large",
            after: &[] },
        Row { name: "stress-out-closed-pipe-is-quiet", needs: &["head"], setup: ZERO,
            command: Shell("coinline stress --problem lines --runs 500 --seed 1 --keep-going --no-shrink --out - -- sh zero.sh 2> err.txt | head -c 1 > one.txt; exit ${PIPESTATUS[0]}"),
            status: 0, message: "",
            after: &[Contains("one.txt", "s"), Contains("err.txt", "failing boards found")] },
        // 7. --save keeps what it did not save; --replay checks each pair.
        Row { name: "stress-save-again-replaces-its-own", needs: &[], setup: ZERO,
            command: Shell("coinline stress --problem lines --runs 5 --seed 1 --save saved -- sh zero.sh 2>/dev/null; coinline stress --problem lines --runs 5 --seed 1 --save saved -- sh zero.sh"),
            status: 1, message: "saved: saved/lines-wrong-answer-coins-n1-08326707b4eb37da.in with .out",
            after: &[Contains("saved/lines-wrong-answer-coins-n1-08326707b4eb37da.out", "1")] },
        Row { name: "stress-save-keeps-a-foreign-file", needs: &[], setup: ZERO,
            command: Shell("coinline stress --problem lines --runs 5 --seed 1 --save saved -- sh zero.sh 2>/dev/null; echo '9 9' > saved/lines-wrong-answer-coins-n1-08326707b4eb37da.in; coinline stress --problem lines --runs 5 --seed 1 --save saved -- sh zero.sh"),
            status: 2, message: "--save: saved/lines-wrong-answer-coins-n1-08326707b4eb37da.in: exists and is not an earlier save of this failure; give --force",
            after: &[Contains("saved/lines-wrong-answer-coins-n1-08326707b4eb37da.in", "9 9")] },
        Row { name: "stress-save-force-replaces", needs: &[], setup: ZERO,
            command: Shell("coinline stress --problem lines --runs 5 --seed 1 --save saved -- sh zero.sh 2>/dev/null; echo '9 9' > saved/lines-wrong-answer-coins-n1-08326707b4eb37da.got; rm saved/*.in; coinline stress --problem lines --runs 5 --seed 1 --save saved --force -- sh zero.sh"),
            status: 1, message: "saved: saved/lines-wrong-answer-coins-n1-08326707b4eb37da.in",
            after: &[Contains("saved/lines-wrong-answer-coins-n1-08326707b4eb37da.got", "0")] },
        Row { name: "stress-replay-refuses-a-pair-that-disagrees", needs: &[], setup: ZERO,
            command: Shell("coinline stress --problem lines --runs 5 --seed 1 --save saved -- sh zero.sh 2>/dev/null; echo 5 > saved/lines-wrong-answer-coins-n1-08326707b4eb37da.out; coinline stress --problem lines --runs 0 --replay saved -- sh zero.sh"),
            status: 2, message: "saved test saved/lines-wrong-answer-coins-n1-08326707b4eb37da.in and saved/lines-wrong-answer-coins-n1-08326707b4eb37da.out disagree",
            after: &[Contains("saved/lines-wrong-answer-coins-n1-08326707b4eb37da.out", "5")] },
        // 8. Words.
        Row { name: "stress-says-out-not-csv", needs: &[], setup: ZERO,
            command: Args(&["stress", "--problem", "lines", "--runs", "5", "--seed", "1", "--no-shrink", "--", "sh", "zero.sh"]),
            status: 1, message: "5 boards of this run have wrong answers (--out FILE writes a row for each)",
            after: &[] },
        Row { name: "judge-missing-answers-in-good-grammar", needs: &[], setup: "printf '1 2\\n' > one.in && : > empty.out",
            command: Args(&["judge", "--problem", "lines", "one.in", "empty.out"]),
            status: 2, message: "empty.out: 0 answers for 1 case",
            after: &[] },
        Row { name: "problem-file-names-the-heuristic-key", needs: &[],
            setup: "printf 'name = \"p\"\\nabout = \"x\"\\ngame = \"coins\"\\n[input]\\ncases = \"until-end\"\\ncase = \"values\"\\n[answer]\\nkind = \"play\"\\nheuristic = \"bogus\"\\n[limits]\\nn = \"1..10\"\\nvalues = \"-9..9\"\\n' > p.toml",
            command: Args(&["judge", "--problem-file", "p.toml", "x.in"]),
            status: 2, message: "answer.heuristic",
            after: &[] },
        Row { name: "stress-without-dashes-hints", needs: &[], setup: "",
            command: Args(&["stress", "--problem", "lines", "cat"]),
            status: 2, message: "unexpected argument 'cat' found; the program under test goes after `--`",
            after: &[] },
        Row { name: "judge-blank-lines-between-answers", needs: &[], setup: "printf '1 2\\n3\\n' > two.in && printf '1\\n\\n\\n3\\n' > two.out",
            command: Args(&["judge", "--problem", "lines", "two.in", "two.out"]),
            status: 0, message: "all 2 cases agree",
            after: &[] },
    ]
}

/// Writes a tiny study file t.toml.
macro_rules! study {
    () => {
        "printf 'name = \"t\"\\ngames = [\"coins\"]\\n[source]\\nkind = \"enumerate\"\\nn = \"1..3\"\\nalphabet = \"0..1\"\\n[[table]]\\nname = \"t\"\\nmeasure = \"loss\"\\naggregate = \"rate\"\\n' > t.toml"
    };
}
/// 2 MiB of text, twice the cap of a study, problem or template file.
macro_rules! big {
    () => {
        "yes 'a = 1' | head -c 2097152"
    };
}
/// The cap's message.
const OVER: &str =
    "over 1048576 bytes (1 MiB), the most coinline reads of a study, problem or template file";

#[rustfmt::skip]
fn bounded_rows() -> Vec<Row> {
    use After::*;
    use Command::*;
    vec![
        // Item 6: an endless token ends at its 4,097th byte, not at its end.
        Row { name: "solve-cuts-an-endless-token", needs: &["yes", "tr", "head"], setup: "",
            command: Shell("yes 1 | tr -d '\\n' | head -c 300000000 | coinline solve -"),
            status: 2, message: "the board has a token longer than 4096 bytes (line 1), the most coinline reads",
            after: &[] },
        Row { name: "judge-cuts-an-endless-token", needs: &["yes", "tr", "head"], setup: "",
            command: Shell("yes 1 | tr -d '\\n' | head -c 300000000 | coinline judge --problem cses-removal-game -"),
            status: 2, message: "the input has a token longer than 4096 bytes (line 1), the most coinline reads",
            after: &[] },
        // Item 7: study, problem and template files through a 1 MiB cap
        // whatever their kind; what is under it still reads from a pipe.
        Row { name: "study-file-over-the-cap", needs: &["yes", "head"], setup: "yes 'a = 1' | head -c 2097152 > big.toml",
            command: Args(&["study", "run", "big.toml", "--out", "out"]),
            status: 2, message: OVER, after: &[Absent("out")] },
        Row { name: "study-pipe-over-the-cap", needs: &["yes", "head"], setup: "",
            command: Shell(concat!(big!(), " | coinline study run - --out out")),
            status: 2, message: OVER, after: &[Absent("out")] },
        Row { name: "study-process-substitution-over-the-cap", needs: &["yes", "head"], setup: "",
            command: Shell(concat!("coinline study run <(", big!(), ") --out out")),
            status: 2, message: OVER, after: &[Absent("out")] },
        Row { name: "study-process-substitution-under-the-cap", needs: &[], setup: study!(),
            command: Shell("coinline study run <(cat t.toml) --out out"),
            status: 0, message: "wrote t.csv", after: &[Contains("out/t.csv", "n")] },
        Row { name: "problem-pipe-over-the-cap", needs: &["yes", "head"], setup: "printf '1\\n' > one.in",
            command: Shell(concat!(big!(), " | coinline judge --problem-file - one.in")),
            status: 2, message: OVER, after: &[] },
        Row { name: "template-over-the-cap", needs: &["yes", "head"], setup: concat!(study!(), " && ", big!(), " > big.md"),
            command: Args(&["study", "run", "t.toml", "--template", "big.md", "--out", "out"]),
            status: 2, message: OVER, after: &[Absent("out")] },
        // Item 7: the terminal game reads past a 200 MB line in pieces (in
        // a 200 MB address space) and says its length.
        Row { name: "human-long-line", needs: &["yes", "tr", "head"], setup: "",
            command: Shell("ulimit -v 200000; { yes 1 | tr -d '\\n' | head -c 200000000; echo; echo quit; } | coinline play --human --board '1 2 3 4'"),
            status: 0, message: "a line of 200000000 bytes is longer than the 1000 a move or command can be",
            after: &[] },
        // Item 2: a move line over 4,096 bytes in one piece is malformed.
        Row { name: "play-long-move-line", needs: &[], setup: "mkdir pids",
            command: Args(&["play", "--board", "1 2 3 4", "--no-shrink", "--", "sh", "-c",
                            "read -r pid _ < /proc/self/stat; echo $pid > pids/p; while read -r w rest; do [ \"$w\" = your ] && printf \"R%5000s\\n\" \"\"; done; exit 0"]),
            status: 1, message: "malformed-line with values 1..4 left, before any move: a line longer than 4096 bytes",
            after: &[NoneRunning("pids")] },
    ]
}

/// A study file s.toml with a `[[plot]]` that lacks its `y` (issue 43
/// item 15: the key's line is named).
macro_rules! plot_without_y {
    () => {
        concat!(
            study!(),
            " && printf '[[plot]]\\nname = \"p\"\\n' >> t.toml"
        )
    };
}

#[rustfmt::skip]
fn words_rows() -> Vec<Row> {
    use After::*;
    use Command::*;
    vec![
        // Item 5: a program's bytes are escaped in every message: its
        // output in stress's report, its lines in play's transcript.
        Row { name: "stress-escapes-program-output", needs: &[],
            setup: "printf 'while read l; do printf \"\\\\033[2J\\\\033]0;pwned\\\\0077\\\\n\"; done\\n' > esc.sh",
            command: Args(&["stress", "--problem", "lines", "--runs", "1", "--seed", "1", "--no-shrink", "--", "sh", "esc.sh"]),
            status: 1, message: "    \\x1b[2J\\x1b]0;pwned\\x077", after: &[] },
        Row { name: "play-escapes-the-transcript", needs: &[], setup: "",
            command: Args(&["play", "--board", "1 2 3 4", "--no-shrink", "--", "sh", "-c",
                            "while read -r w _; do [ \"$w\" = your ] && printf '\\033[2J\\033]0;pwned\\007L\\n'; done"]),
            status: 1, message: "< \\x1b[2J\\x1b]0;pwned\\x07L", after: &[] },
        // Item 13: a problem name over 64 bytes is refused as the file is
        // read, before any run, naming the file and the key.
        Row { name: "problem-name-over-64-bytes", needs: &["tr"],
            setup: "printf 'name = \"%s\"\nabout = \"x\"\ngame = \"coins\"\n[input]\ncases = \"until-end\"\ncase = \"values\"\n[answer]\nkind = \"first\"\n[limits]\nn = \"1..10\"\nvalues = \"-9..9\"\n' $(printf '%0230d' 0 | tr 0 a) > p.toml",
            command: Args(&["stress", "--problem-file", "p.toml", "--save", "saved", "--", "sh", "-c", "touch ran; echo 0"]),
            status: 2, message: "p.toml: name: \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...\" (230 characters) is not a name of 1 to 64 lowercase letters",
            after: &[Absent("ran"), Absent("saved")] },
        // Item 15: the words of messages.
        Row { name: "stress-says-each-row-is-in-out", needs: &[], setup: ZERO,
            command: Args(&["stress", "--problem", "lines", "--runs", "5", "--seed", "1", "--no-shrink", "--out", "rows.csv", "--", "sh", "zero.sh"]),
            status: 1, message: "5 boards of this run have wrong answers (each has its row in --out)",
            after: &[Contains("rows.csv", "wrong-answer")] },
        Row { name: "study-counts-in-words", needs: &[], setup: study!(),
            command: Args(&["study", "run", "t.toml", "--out", "out", "--jobs", "1"]),
            status: 0, message: "coinline study run: t, 1 thread", after: &[] },
        Row { name: "study-one-witness-checked", needs: &[], setup: "",
            command: Args(&["study", "run", "{data}/../../studies/examples/odd-n-small.toml", "--out", "out"]),
            status: 0, message: "1 witness checked", after: &[] },
        Row { name: "tournament-table-on-stdout", needs: &[], setup: "",
            command: Shell("coinline play --tournament --player greedy --n 2..2 --runs 2 --seed 1 2>/dev/null"),
            status: 0, message: "optimal  greedy", after: &[] },
        Row { name: "leetcode-1140-saved-by-its-problem", needs: &[], setup: "",
            command: Args(&["stress", "--problem", "leetcode-1140", "--runs", "1", "--seed", "1", "--no-shrink", "--save", "saved", "--", "sh", "-c", "echo 0"]),
            status: 1, message: "saved: saved/leetcode-1140-wrong-answer-n", after: &[AnyFile("saved", ".in")] },
        Row { name: "study-missing-key-names-its-line", needs: &[], setup: plot_without_y!(),
            command: Args(&["study", "run", "t.toml", "--out", "out"]),
            status: 2, message: "t.toml: line 11: plot[0]: missing field `y`", after: &[Absent("out")] },
        Row { name: "study-source-of-a-wrong-type", needs: &[], setup: "printf 'name = \"t\"\ngames = [\"coins\"]\nsource = 3\n' > t.toml",
            command: Args(&["study", "run", "t.toml", "--out", "out"]),
            status: 2, message: "t.toml: line 3: source: invalid type: integer `3`, expected a table or an array of tables",
            after: &[Absent("out")] },
    ]
}

/// Whether `program` is on `PATH`.
fn on_path(program: &str) -> bool {
    std::env::split_paths(&path_with_coinline()).any(|dir| dir.join(program).is_file())
}

/// Whether process `pid` runs (exists and is not a zombie).
fn running(pid: &str) -> bool {
    let stat = std::fs::read_to_string(format!("/proc/{}/stat", pid.trim())).unwrap_or_default();
    let state = stat
        .rsplit(')')
        .next()
        .and_then(|rest| rest.split_whitespace().next());
    matches!(state, Some(s) if s != "Z" && s != "X")
}

fn check_after(after: &After, dir: &Path, problems: &mut Vec<String>) {
    let files = |folder: &str| -> Vec<std::path::PathBuf> {
        std::fs::read_dir(dir.join(folder))
            .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default()
    };
    match after {
        After::AnyFile(folder, ext) => {
            if !files(folder)
                .iter()
                .any(|p| p.to_string_lossy().ends_with(ext))
            {
                problems.push(format!("no {ext} file in {folder}"));
            }
        }
        After::NoneRunning(folder) => {
            let pids: Vec<String> = files(folder)
                .iter()
                .filter_map(|p| std::fs::read_to_string(p).ok())
                .collect();
            if pids.is_empty() {
                problems.push(format!("no pid recorded in {folder}"));
            }
            for pid in pids.iter().filter(|p| running(p)) {
                problems.push(format!("process {} still runs", pid.trim()));
                // Not left behind by the test either.
                let _ = Coinline::shell(&format!("kill -9 {}", pid.trim())).run();
            }
        }
        After::Contains(name, text) => {
            let got = std::fs::read_to_string(dir.join(name)).unwrap_or_default();
            if !got.contains(text) {
                problems.push(format!("{name} does not hold {text:?}"));
            }
        }
        After::Absent(name) => {
            if dir.join(name).exists() {
                problems.push(format!("{name} exists"));
            }
        }
    }
}

#[test]
fn the_run_trust_table() {
    run_table(rows(), false);
}

/// Issue 43, every read is bounded: the endless token, the files over
/// 1 MiB (a file, a pipe, `<(...)`), the terminal game's long line and a
/// long move line. Each row's line holding its message is a snapshot.
#[test]
fn the_bounded_read_table() {
    run_table(bounded_rows(), true);
}

/// Issue 43, items 5, 13 and 15: a program's bytes escaped in messages,
/// problem names of bounded length, and the words of messages. Each row's
/// line holding its message is a snapshot.
#[test]
fn the_words_table() {
    run_table(words_rows(), true);
}

/// Runs each row and checks it, failing with every row that did not hold;
/// with `snapshot`, the output's first line holding the row's message is
/// a snapshot named by the row.
fn run_table(rows: Vec<Row>, snapshot: bool) {
    let mut failed = Vec::new();
    for row in rows {
        if let Some(missing) = row.needs.iter().find(|p| !on_path(p)) {
            println!("skipped {}: no {missing} on PATH", row.name);
            continue;
        }
        let dir = workdir("trust-runs", row.name);
        if !row.setup.is_empty() {
            let setup = Coinline::shell(row.setup).dir(&dir).run();
            assert_eq!(
                setup.code, 0,
                "{}: set-up failed: {}",
                row.name, setup.stderr
            );
        }
        let run = match &row.command {
            Command::Args(args) => {
                let args: Vec<String> = args.iter().map(|a| a.replace("{data}", DATA)).collect();
                Coinline::new(args).env("PATH", path_with_coinline())
            }
            Command::Shell(line) => Coinline::shell(&line.replace("{data}", DATA)),
        };
        let out = run.dir(&dir).timeout(Duration::from_secs(60)).run();
        let text = format!("{}{}", out.stderr, out.stdout);
        let mut problems = Vec::new();
        if out.code != row.status {
            problems.push(format!("status {}, expected {}", out.code, row.status));
        }
        if !text.contains(row.message) {
            problems.push(format!("no {:?} in the output", row.message));
        }
        if row.status == 2 {
            if let Err(reason) = refusal(&out, row.message) {
                problems.push(format!("not a refusal: {reason}"));
            }
        }
        if text.contains('\u{1b}') {
            problems.push("a raw escape character in the output".into());
        }
        if text.contains("panicked") {
            problems.push("a panic in the output".into());
        }
        for after in row.after {
            check_after(after, &dir, &mut problems);
        }
        let line = text.lines().find(|l| l.contains(row.message));
        if let (true, Some(line)) = (snapshot, line) {
            insta::assert_snapshot!(row.name, crate::support::stable(line));
        }
        if !problems.is_empty() {
            failed.push(format!("{}: {}\n{text}", row.name, problems.join("; ")));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n\n"));
}

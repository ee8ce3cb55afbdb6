//! Issue 42, step 1, "a run is a plan": every path a run reads or writes is
//! in its plan and checked before any work. A table of runs against the
//! real binary, each a path defect of main 55c6c45 that the plan makes
//! impossible: the run must be refused with one line (status 2, nothing
//! else said, so no work was done) and the files afterwards must be as the
//! row says. Each row failed on the old binary.

use crate::support::{refusal, workdir, Coinline};
use std::path::Path;
use std::time::Duration;

/// A file afterwards.
enum After {
    /// Holds exactly these bytes (as the set-up left it).
    Bytes(&'static str, &'static str),
    /// Does not exist.
    Absent(&'static str),
}

/// What a row runs.
enum Command {
    /// coinline with these arguments.
    Args(&'static [&'static str]),
    /// A bash line with the coinline under test first on `PATH`.
    Shell(&'static str),
}

struct Row {
    name: &'static str,
    /// Shell commands run in the scratch folder first.
    setup: &'static str,
    command: Command,
    /// A fragment of the one error line.
    message: &'static str,
    after: &'static [After],
}

/// A wrong solution of problem `lines`: 0 for every board.
const ZERO: &str = "printf 'while read l; do echo 0; done\\n' > zero.sh";
/// A saved input of `lines` in saved/.
const REPLAY: &str = "mkdir saved && printf '1\\n5\\n' > saved/1.in";
/// A failing game of greedy saved in saved/ (its name: coins-n4-...).
const SAVED_GAME: &str =
    "coinline play --board '8 15 3 7' --save saved -- greedy 2>/dev/null; ls saved/*.play";

/// A study file t.toml whose name is the shell word `$name`.
macro_rules! study_named {
    ($name:literal) => {
        concat!(
            "printf 'name = \"%s\"\\ngames = [\"coins\"]\\n[source]\\nkind = \"enumerate\"\\nn = \"1..2\"\\nalphabet = \"0..1\"\\n[[table]]\\nname = \"t\"\\nmeasure = \"loss\"\\naggregate = \"rate\"\\n' ",
            $name,
            " > t.toml"
        )
    };
}

#[rustfmt::skip]
fn rows() -> Vec<Row> {
    use After::*;
    use Command::*;
    vec![
        // The CSV of a run inside the folder it saves tests in could replace
        // one (here the very name of the test the run saves).
        Row { name: "stress-out-inside-its-save-folder", setup: ZERO,
            command: Args(&["stress", "--problem", "lines", "--runs", "3", "--seed", "1", "--no-shrink", "--save", "saved",
                            "--out", "saved/lines-wrong-answer-coins-n10-09c3d03e587ae034.out", "--", "sh", "zero.sh"]),
            message: "--out saved/lines-wrong-answer-coins-n10-09c3d03e587ae034.out: is inside --save saved",
            after: &[Absent("saved")] },
        Row { name: "play-out-inside-its-save-folder", setup: "",
            command: Args(&["play", "--runs", "20", "--seed", "1", "--save", "saved",
                            "--out", "saved/coins-n4-1d9153d031a064e4-first.play", "--", "greedy"]),
            message: "--out saved/coins-n4-1d9153d031a064e4-first.play: is inside --save saved",
            after: &[Absent("saved")] },
        // A replayed input, or a new file where the replay reads, is never an
        // output, whatever --force.
        Row { name: "stress-replayed-input-as-out-forced", setup: REPLAY,
            command: Args(&["stress", "--problem", "lines", "--runs", "1", "--seed", "1", "--replay", "saved",
                            "--out", "saved/1.in", "--force", "--", "cat"]),
            message: "--out saved/1.in: is inside --replay saved, whose files the run reads",
            after: &[Bytes("saved/1.in", "1\n5\n")] },
        Row { name: "stress-new-input-in-the-replay-folder-forced", setup: REPLAY,
            command: Args(&["stress", "--problem", "lines", "--runs", "1", "--seed", "1", "--replay", "saved",
                            "--out", "saved/X.in", "--force", "--", "cat"]),
            message: "--out saved/X.in: is inside --replay saved",
            after: &[Absent("saved/X.in"), Bytes("saved/1.in", "1\n5\n")] },
        Row { name: "play-out-in-the-replay-folder-forced", setup: SAVED_GAME,
            command: Args(&["play", "--runs", "0", "--replay", "saved", "--out", "saved/rows.play", "--force", "--", "greedy"]),
            message: "--out saved/rows.play: is inside --replay saved",
            after: &[Absent("saved/rows.play")] },
        // play checks --out and --save before it plays.
        Row { name: "play-checks-save-before-playing", setup: "printf 'mine\\n' > afile",
            command: Args(&["play", "--runs", "20", "--seed", "1", "--save", "afile", "--", "greedy"]),
            message: "--save afile: exists and is not a directory",
            after: &[Bytes("afile", "mine\n")] },
        Row { name: "play-checks-out-before-playing", setup: "printf 'mine\\n' > afile",
            command: Args(&["play", "--runs", "20", "--seed", "1", "--out", "afile/rows.csv", "--", "greedy"]),
            message: "--out afile/rows.csv: afile is not a directory",
            after: &[Bytes("afile", "mine\n")] },
        // An --out ending in / names a folder: refused up front.
        Row { name: "stress-out-ending-in-a-slash", setup: ZERO,
            command: Args(&["stress", "--problem", "lines", "--runs", "2", "--seed", "1", "--out", "new/", "--", "sh", "zero.sh"]),
            message: "--out new/: names a folder (it ends in /)",
            after: &[Absent("new")] },
        Row { name: "play-out-ending-in-a-slash", setup: "",
            command: Args(&["play", "--runs", "5", "--seed", "1", "--out", "new/", "--", "greedy"]),
            message: "--out new/: names a folder (it ends in /)",
            after: &[Absent("new")] },
        Row { name: "compare-out-ending-in-a-slash", setup: "",
            command: Args(&["compare", "--boards", "20", "--seed", "1", "--out", "new/"]),
            message: "--out new/: names a folder (it ends in /)",
            after: &[Absent("new")] },
        Row { name: "explain-out-ending-in-a-slash", setup: "",
            command: Args(&["explain", "--out", "new/", "1", "2", "3"]),
            message: "--out new/: names a folder (it ends in /)",
            after: &[Absent("new")] },
        // A study's report folder stays inside the folder the user named
        // (here the working folder: no --out).
        Row { name: "study-name-going-up", setup: study_named!("../esc"),
            command: Shell("mkdir in && cd in && exec coinline study run ../t.toml"),
            message: "../esc",
            after: &[Absent("esc")] },
        Row { name: "study-name-absolute", setup: study_named!("\"$PWD/abs\""),
            command: Args(&["study", "run", "t.toml"]),
            message: "must be letters, digits, - and _",
            after: &[Absent("abs")] },
        Row { name: "study-name-empty", setup: study_named!("''"),
            command: Args(&["study", "run", "t.toml"]),
            message: "\"\"",
            after: &[Absent("t.csv"), Absent(".coinline-study")] },
        Row { name: "study-name-dot", setup: study_named!("."),
            command: Args(&["study", "run", "t.toml"]),
            message: "\".\"",
            after: &[Absent("t.csv"), Absent(".coinline-study")] },
        Row { name: "study-name-with-a-terminal-escape", setup: study_named!("'x\\u001b[2J'"),
            command: Args(&["study", "run", "t.toml"]),
            message: "x\\u{1b}[2J",
            after: &[Absent("x\u{1b}[2J")] },
    ]
}

/// What is wrong with `row`'s run, if anything.
fn problems(row: &Row, dir: &Path) -> Vec<String> {
    let run = match &row.command {
        Command::Args(words) => Coinline::new(*words),
        Command::Shell(line) => Coinline::shell(line),
    };
    let run = run.dir(dir).timeout(Duration::from_secs(120)).run();
    let mut problems = Vec::new();
    if let Err(reason) = refusal(&run, row.message) {
        problems.push(reason);
    } else if run.stderr.lines().count() != 1 || !run.stdout.is_empty() {
        problems.push(format!("not refused before any work: {}", run.stderr));
    }
    for after in row.after {
        match after {
            After::Bytes(name, bytes) => {
                let now = std::fs::read(dir.join(name)).unwrap_or_default();
                if now != bytes.as_bytes() {
                    problems.push(format!("{name} changed"));
                }
            }
            After::Absent(name) => {
                if std::fs::symlink_metadata(dir.join(name)).is_ok() {
                    problems.push(format!("{name} exists"));
                }
            }
        }
    }
    problems
}

#[test]
fn the_plan_table() {
    let mut failed = Vec::new();
    for row in rows() {
        let dir = workdir("trust-plan", row.name);
        let setup = Coinline::shell(row.setup).dir(&dir).run();
        assert_eq!(
            setup.code, 0,
            "{}: set-up failed: {}",
            row.name, setup.stderr
        );
        let found = problems(&row, &dir);
        if !found.is_empty() {
            failed.push(format!("{}: {}", row.name, found.join("; ")));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

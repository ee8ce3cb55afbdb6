//! Issue 27, "a run's outputs are one transaction" and "no command
//! overwrites what it did not write" (docs/options.md, Outputs): a table of
//! runs against the real binary. Each row sets up a scratch folder, runs a
//! command (or a shell line), and gives the expected status, a fragment of
//! the one-line message, and what must be true of files afterwards: their
//! bytes from before the run, new contents, or absent. Every row also
//! requires that no temporary file (`.tmp`, `.old`) is left. The interrupt
//! windows are hit through the binary's test hook, which pauses a commit
//! after its first rename.

use crate::support::{refusal, workdir, Coinline, Run};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A file afterwards.
enum After {
    /// The bytes it had after the set-up (it must have existed).
    Old(&'static str),
    /// Exists and contains this text.
    Contains(&'static str, &'static str),
    /// Does not exist.
    Absent(&'static str),
}

/// What a row runs.
enum Command {
    Args(Vec<String>),
    /// A bash line with the coinline under test first on `PATH`.
    Shell(&'static str),
}

struct Case {
    name: &'static str,
    setup: String,
    command: Command,
    status: i32,
    /// A fragment of standard error; with status 2, of its last line.
    message: &'static str,
    after: Vec<After>,
}

fn args(words: &[&str]) -> Command {
    Command::Args(words.iter().map(|w| w.to_string()).collect())
}

/// Two shards of one compare run, a-1.csv and a-2.csv, with summaries.
const SHARDS: &str = "coinline compare --boards 30 --seed 1 --shard 1/2 --out a-1.csv 2>/dev/null \
    && coinline compare --boards 30 --seed 1 --shard 2/2 --out a-2.csv 2>/dev/null";
/// rows.csv and rows-summary.csv written by coinline.
const OWN_ROWS: &str = "coinline compare --boards 30 --seed 1 --out rows.csv 2>/dev/null";
/// A study t.toml run once with the template tpl.md into st.
const STUDY: &str = "printf 'name = \"t\"\\ngames = [\"coins\"]\\n[source]\\nkind = \"enumerate\"\\nn = \"1..2\"\\nalphabet = \"0..1\"\\n[[table]]\\nname = \"t\"\\nmeasure = \"loss\"\\naggregate = \"rate\"\\n' > t.toml \
    && echo 'Report {{name}}' > tpl.md && coinline study run t.toml --template tpl.md --out st 2>/dev/null";
/// A problem file and a program for stress.
const STRESS: &str =
    "coinline problems show lines > mine.toml && printf 'read n\\nread v\\necho 0\\n' > zero.sh";

fn cases() -> Vec<Case> {
    let long = |n: usize| format!("{}.csv", "x".repeat(n - 4));
    let (name255, name243, name248) = (long(255), long(243), long(248));
    let c = |name, setup: &str, command, status, message, after| Case {
        name,
        setup: setup.to_string(),
        command,
        status,
        message,
        after,
    };
    let compare = |rest: &[&str]| {
        let mut words = vec!["compare", "--boards", "30", "--seed", "2"];
        words.extend(rest);
        args(&words)
    };
    vec![
        // Two outputs of one run that are the same file.
        c("compare-same-outputs", "", compare(&["--out", "same.csv", "--summary", "same.csv"]), 2,
          "are the same file", vec![After::Absent("same.csv")]),
        c("compare-same-outputs-dotted", "", compare(&["--out", "same.csv", "--summary", "./same.csv"]), 2,
          "are the same file", vec![After::Absent("same.csv")]),
        c("merge-same-outputs", SHARDS, args(&["merge", "--out", "q.csv", "--summary", "q.csv", "a-1.csv", "a-2.csv"]), 2,
          "are the same file", vec![After::Absent("q.csv"), After::Old("a-1.csv")]),
        c("compare-summary-hard-link-to-rows", &format!("{OWN_ROWS} && ln rows.csv link.csv"),
          compare(&["--out", "rows.csv", "--summary", "link.csv"]), 2, "are the same file",
          vec![After::Old("rows.csv"), After::Old("rows-summary.csv")]),
        // Files coinline did not write.
        c("compare-foreign-out", "echo my notes > mine.csv", compare(&["--out", "mine.csv"]), 2,
          "mine.csv: exists and was not written by coinline", vec![After::Old("mine.csv"), After::Absent("mine-summary.csv")]),
        c("compare-foreign-summary", "echo my notes > notes.txt", compare(&["--out", "r.csv", "--summary", "notes.txt"]), 2,
          "notes.txt: exists and was not written by coinline", vec![After::Old("notes.txt"), After::Absent("r.csv")]),
        c("compare-foreign-out-forced", "echo my notes > mine.csv", compare(&["--out", "mine.csv", "--force"]), 0,
          "wrote mine.csv", vec![After::Contains("mine.csv", "seed,index,game")]),
        c("compare-own-out-replaced", OWN_ROWS, compare(&["--out", "rows.csv"]), 0, "wrote rows.csv",
          vec![After::Contains("rows.csv", "\n2,0,coins"), After::Contains("rows-summary.csv", "seed=2")]),
        c("compare-empty-out-replaced", "touch empty.csv", compare(&["--out", "empty.csv"]), 0, "wrote empty.csv",
          vec![After::Contains("empty.csv", "seed,index")]),
        c("merge-foreign-out", &format!("{SHARDS} && echo my notes > m.csv"), args(&["merge", "--out", "m.csv", "a-1.csv", "a-2.csv"]), 2,
          "m.csv: exists and was not written by coinline", vec![After::Old("m.csv"), After::Absent("m-summary.csv")]),
        c("merge-foreign-summary", &format!("{SHARDS} && echo my notes > s.txt"), args(&["merge", "--out", "m.csv", "--summary", "s.txt", "a-1.csv", "a-2.csv"]), 2,
          "s.txt: exists and was not written by coinline", vec![After::Old("s.txt"), After::Absent("m.csv")]),
        // Issue 43 item 10: a summary is checked whole against its rows and itself.
        c("merge-boards-and-agreed-raised", &format!("{SHARDS} && sed -i 's/^coins,3,1,1,/coins,3,1000000001,1000000001,/' a-1-summary.csv"),
          args(&["merge", "--out", "m.csv", "a-1.csv", "a-2.csv"]), 2, "a-1-summary.csv: coins n = 3: boards is 1000000001 but the rows of a-1.csv give 1",
          vec![After::Absent("m.csv"), After::Absent("m-summary.csv"), After::Old("a-1-summary.csv")]),
        c("merge-total-row-edited", &format!("{SHARDS} && sed -i 's/^coins,all,15,15,0,5,0,10,/coins,all,15,15,0,6,0,9,/' a-1-summary.csv"),
          args(&["merge", "--out", "m.csv", "a-1.csv", "a-2.csv"]), 2, "a-1-summary.csv: line 11: wins is \"6\" but the other figures give \"5\"",
          vec![After::Absent("m.csv"), After::Absent("m-summary.csv"), After::Old("a-1-summary.csv")]),
        c("merge-failures-rows-say-what-was-not-checked", &SHARDS.replace("--out", "--rows failures --out"),
          args(&["merge", "--out", "m.csv", "a-1.csv", "a-2.csv"]), 0, "note: rows=failures: the rows were checked against each summary's failures only",
          vec![After::Contains("m-summary.csv", "rows=failures")]),
        // Issue 43 item 12: a re-run says which earlier files it removes or keeps.
        c("study-rerun-without-template-removes-the-readme-and-says-so", STUDY, args(&["study", "run", "t.toml", "--out", "st"]), 0,
          "removed st/README.md: an earlier run wrote it, this one does not", vec![After::Absent("st/README.md")]),
        c("study-rerun-keeps-an-edited-readme-and-says-so", &format!("{STUDY} && echo mine >> st/README.md"), args(&["study", "run", "t.toml", "--out", "st"]), 0,
          "kept st/README.md: an earlier run wrote it, it changed since", vec![After::Old("st/README.md")]),
        c("merge-shard-by-hard-link", &format!("{SHARDS} && ln a-1.csv out.csv"), args(&["merge", "--out", "out.csv", "--force", "a-1.csv", "a-2.csv"]), 2,
          "is the input a-1.csv", vec![After::Old("a-1.csv"), After::Old("out.csv")]),
        c("explain-foreign-out", "echo '<p>mine</p>' > page.html", args(&["explain", "--out", "page.html", "1", "2", "3"]), 2,
          "page.html: exists and was not written by coinline", vec![After::Old("page.html")]),
        c("explain-own-out-replaced", "coinline explain --out page.html 1 2", args(&["explain", "--out", "page.html", "4", "5", "6"]), 0,
          "", vec![After::Contains("page.html", "coinline explain: coins 4 5 6")]),
        c("man-foreign-page", "mkdir man && echo mine > man/coinline-solve.1", args(&["man", "--out", "man"]), 2,
          "coinline-solve.1: exists and was not written by coinline", vec![After::Old("man/coinline-solve.1"), After::Absent("man/coinline.1")]),
        c("man-own-pages-replaced", "coinline man --out man 2>/dev/null", args(&["man", "--out", "man"]), 0,
          "man pages to man", vec![After::Contains("man/coinline-solve.1", ".TH coinline-solve")]),
        // Inputs of the run as outputs: refused whatever --force.
        c("stress-problem-file-as-out", STRESS, args(&["stress", "--problem-file", "mine.toml", "--runs", "2", "--out", "mine.toml", "--force", "--", "sh", "zero.sh"]), 2,
          "is the problem file mine.toml", vec![After::Old("mine.toml")]),
        c("stress-problem-file-by-hard-link", &format!("{STRESS} && ln mine.toml rows.csv"), args(&["stress", "--problem-file", "mine.toml", "--runs", "2", "--out", "rows.csv", "--force", "--", "sh", "zero.sh"]), 2,
          "is the problem file mine.toml", vec![After::Old("mine.toml")]),
        c("stress-program-by-symlink", &format!("{STRESS} && ln -s zero.sh runs.csv"), args(&["stress", "--problem", "lines", "--runs", "2", "--out", "runs.csv", "--force", "--", "sh", "zero.sh"]), 2,
          "is the program under test zero.sh", vec![After::Old("zero.sh")]),
        c("stress-generator-as-out", &format!("{STRESS} && cp zero.sh gen.sh"), args(&["stress", "--problem", "lines", "--runs", "2", "--generator", "sh gen.sh", "--out", "gen.sh", "--force", "--", "sh", "zero.sh"]), 2,
          "is the generator gen.sh", vec![After::Old("gen.sh")]),
        c("stress-foreign-out", &format!("{STRESS} && echo mine > runs.csv"), args(&["stress", "--problem", "lines", "--runs", "2", "--out", "runs.csv", "--", "sh", "zero.sh"]), 2,
          "runs.csv: exists and was not written by coinline", vec![After::Old("runs.csv")]),
        // Long names: the temporary name does not grow with the target's,
        // and a derived summary name too long is refused before any work.
        c("compare-255-byte-name", "", Command::Args(["compare", "--boards", "30", "--seed", "2", "--summary", "s.csv", "--out", &name255].map(String::from).to_vec()), 0,
          "wrote xxx", vec![After::Contains("s.csv", "rows_sha256")]),
        c("compare-243-byte-name-and-its-summary", "", Command::Args(["compare", "--boards", "30", "--seed", "2", "--out", &name243].map(String::from).to_vec()), 0,
          "-summary.csv", vec![]),
        c("compare-derived-summary-too-long", "", Command::Args(["compare", "--boards", "30", "--seed", "2", "--out", &name248].map(String::from).to_vec()), 2,
          "the summary beside --out, \"xxx", vec![]),
        // A full disk (the file-size limit): old files kept.
        c("compare-over-the-file-size-limit", OWN_ROWS,
          Command::Shell("trap '' XFSZ; ulimit -f 1; exec coinline compare --boards 300 --seed 2 --out rows.csv"), 2,
          "File too large", vec![After::Old("rows.csv"), After::Old("rows-summary.csv")]),
        // Streams: a closed pipe is status 0; an unwritable page is not.
        c("compare-rows-to-a-closed-pipe", "",
          Command::Shell("coinline compare --boards 20000 --seed 2 --out - | head -1 >/dev/null; exit ${PIPESTATUS[0]}"), 0,
          "coinline compare: seed 2", vec![]),
        c("merge-rows-to-a-closed-pipe",
          "coinline compare --boards 20000 --seed 1 --shard 1/2 --out a-1.csv 2>/dev/null && coinline compare --boards 20000 --seed 1 --shard 2/2 --out a-2.csv 2>/dev/null",
          Command::Shell("coinline merge --out - a-1.csv a-2.csv | head -1 >/dev/null; exit ${PIPESTATUS[0]}"), 0,
          "", vec![]),
        c("explain-page-over-the-file-size-limit", "",
          Command::Shell("trap '' XFSZ; ulimit -f 0; exec coinline explain 1 2 3 > page.html"), 2,
          "cannot write to standard output: File too large", vec![]),
    ]
}

/// Every file below `dir` (relative paths) with its bytes.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else {
                let bytes = std::fs::read(&path).unwrap_or_default();
                files.insert(path.strip_prefix(dir).unwrap().to_path_buf(), bytes);
            }
        }
    }
    files
}

/// The temporary files (`.tmp`, `.old`) below `dir`.
fn leftovers(dir: &Path) -> Vec<PathBuf> {
    (snapshot(dir).into_keys())
        .filter(|p| {
            let name = p.to_string_lossy();
            name.ends_with(".tmp") || name.ends_with(".old")
        })
        .collect()
}

/// The problems of `run` as `case` expects it; `before` is the folder
/// after the set-up.
fn judge(case: &Case, run: &Run, dir: &Path, before: &BTreeMap<PathBuf, Vec<u8>>) -> Vec<String> {
    let mut problems = Vec::new();
    if run.code != case.status {
        problems.push(format!("status {}, expected {}", run.code, case.status));
    }
    // The snapshot pins the whole text; the row's message says what it means.
    if !crate::support::stable(&run.stderr).contains(case.message) {
        problems.push(format!("no {:?} on standard error", case.message));
    }
    if case.status == 2 {
        if let Err(reason) = refusal(run, case.message) {
            problems.push(format!("not a one-line refusal: {reason}"));
        }
    }
    if crate::support::panicked(run) || run.stderr.lines().any(|l| l.contains("Broken pipe")) {
        problems.push("a panic or Broken pipe".into());
    }
    for after in &case.after {
        match after {
            After::Old(name) => match before.get(Path::new(name)) {
                None => problems.push(format!("{name} did not exist before (a bad row)")),
                Some(old) => {
                    if std::fs::read(dir.join(name)).ok().as_ref() != Some(old) {
                        problems.push(format!("{name} changed"));
                    }
                }
            },
            After::Contains(name, text) => {
                let got = std::fs::read_to_string(dir.join(name)).unwrap_or_default();
                if !got.contains(text) {
                    problems.push(format!("{name} does not hold {text:?}"));
                }
            }
            After::Absent(name) => {
                if std::fs::symlink_metadata(dir.join(name)).is_ok() {
                    problems.push(format!("{name} exists"));
                }
            }
        }
    }
    let left = leftovers(dir);
    if !left.is_empty() {
        problems.push(format!("temporary files left: {left:?}"));
    }
    problems
}

fn set_up(dir: &Path, setup: &str) {
    if !setup.is_empty() {
        let run = Coinline::shell(setup).dir(dir).run();
        assert_eq!(run.code, 0, "set-up {setup:?} failed: {}", run.stderr);
    }
}

#[test]
fn the_outputs_table() {
    let mut failed = Vec::new();
    for case in cases() {
        let dir = workdir("trust-outputs", case.name);
        set_up(&dir, &case.setup);
        let before = snapshot(&dir);
        let run = match &case.command {
            Command::Args(words) => Coinline::new(words),
            Command::Shell(line) => Coinline::shell(line),
        };
        let run = run.dir(&dir).timeout(Duration::from_secs(120)).run();
        let problems = judge(&case, &run, &dir, &before);
        insta::assert_snapshot!(case.name, crate::support::stable(&run.stderr));
        if !problems.is_empty() {
            failed.push(format!(
                "{}: {}\n{}",
                case.name,
                problems.join("; "),
                run.stderr
            ));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n\n"));
}

/// Waits until `ready` holds (polling), at most a minute.
fn wait_for(what: &str, ready: impl Fn() -> bool) {
    let started = Instant::now();
    while !ready() {
        assert!(started.elapsed() < Duration::from_secs(60), "never: {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A run with the test hook that pauses after the first rename of its
/// commit (`last`: after its last), interrupted there: every old file is
/// as it was (`last`: every file is new), nothing temporary is left, the
/// status is 130 and the message says what was and was not replaced.
fn interrupt_at_a_rename(name: &str, setup: &str, command: &[&str], files: &[&str], last: bool) {
    let dir = workdir("trust-outputs", name);
    set_up(&dir, setup);
    let before = snapshot(&dir);
    // Standard error goes to a file, read while the run pauses.
    let log = dir.with_extension("stderr");
    let child = Coinline::new(command)
        .env(
            "COINLINE_TEST_PAUSE_BETWEEN_RENAMES",
            if last { "last" } else { "1" },
        )
        .dir(&dir)
        .stderr(std::fs::File::create(&log).unwrap())
        .timeout(Duration::from_secs(120))
        .spawn();
    let said = || std::fs::read_to_string(&log).unwrap_or_default();
    let pause = [
        "test hook: paused after renaming",
        "test hook: paused after the last rename",
    ];
    wait_for(pause[usize::from(last)], || {
        said().contains(pause[usize::from(last)])
    });
    // The window is real: one file is already the new one.
    let changed = files
        .iter()
        .any(|f| std::fs::read(dir.join(f)).ok().as_ref() != before.get(Path::new(f)));
    assert!(
        changed,
        "{name}: no file was renamed before the pause: {}",
        said()
    );
    child.signal("INT");
    let run = child.wait();
    let stderr = &said();
    std::fs::remove_file(&log).unwrap();
    assert_eq!(run.code, 130, "{name}: {stderr}");
    let line = stderr.lines().last().unwrap_or("");
    assert!(line.contains("interrupted by SIGINT"), "{name}: {stderr}");
    let said = ["replaced no file; kept", "in full before the signal"];
    assert!(line.contains(said[usize::from(last)]), "{name}: {stderr}");
    for file in files {
        assert!(line.contains(file), "{name}: {file} not named: {line}");
        let now = std::fs::read(dir.join(file)).ok();
        assert!(
            last || now.as_ref() == before.get(Path::new(file)),
            "{name}: {file} changed"
        );
    }
    assert_eq!(leftovers(&dir), Vec::<PathBuf>::new(), "{name}");
}

#[test]
fn an_interrupt_between_the_renames_of_compare_keeps_every_old_file() {
    let command = [
        "compare", "--boards", "30", "--seed", "2", "--out", "rows.csv",
    ];
    let files = ["rows.csv", "rows-summary.csv"];
    interrupt_at_a_rename("int-compare", OWN_ROWS, &command, &files, false);
    // Issue 43 item 11: a signal once every file is renamed says so, and is 130.
    interrupt_at_a_rename("int-compare-last", OWN_ROWS, &command, &files, true);
}

#[test]
fn an_interrupt_between_the_renames_of_merge_keeps_every_old_file() {
    interrupt_at_a_rename(
        "int-merge",
        &format!("{SHARDS} && coinline merge --out m.csv --summary ms.csv a-2.csv a-1.csv 2>/dev/null && sed -n 1,3p a-1.csv > m.csv"),
        &["merge", "--out", "m.csv", "--summary", "ms.csv", "a-1.csv", "a-2.csv"],
        &["m.csv", "ms.csv"],
        false,
    );
}

#[test]
fn an_interrupt_between_the_renames_of_a_study_keeps_the_old_report() {
    // A tiny study file (t.toml, its template t.md), run over n = 1..2 and
    // then changed to 1..3, so that the new files differ from the old.
    let setup = "printf 'name = \"t\"\\ngames = [\"coins\"]\\n[source]\\nkind = \"enumerate\"\\nn = \"1..2\"\\nalphabet = \"0..1\"\\n[[table]]\\nname = \"t\"\\nmeasure = \"loss\"\\naggregate = \"rate\"\\n' > t.toml && printf 'Generated by a test\\n' > t.md && coinline study run t.toml --out st 2>/dev/null && sed -i s/1..2/1..3/ t.toml";
    let files = [
        "st/t.csv",
        "st/sources.csv",
        "st/README.md",
        "st/.coinline-study",
    ];
    let command = ["study", "run", "t.toml", "--out", "st"];
    interrupt_at_a_rename("int-study", setup, &command, &files, false);
    interrupt_at_a_rename("int-study-last", setup, &command, &files, true);
}

/// Issue 43 item 11: a hidden temporary file a killed run left is removed
/// by the next run that writes beside it; a user's file of a like name and
/// a live run's locked temporary file are not.
#[test]
fn a_killed_runs_temporary_file_is_removed_by_the_next_run() {
    let dir = workdir("trust-outputs", "stale-tmp");
    let child = (Coinline::new(["compare", "--boards", "100000000", "--out", "rows.csv"]))
        .dir(&dir)
        .timeout(Duration::from_secs(120))
        .spawn();
    let temporary =
        || (leftovers(&dir).into_iter()).find(|p| p.to_string_lossy().ends_with(".tmp"));
    wait_for("the killed run's temporary file", || temporary().is_some());
    child.signal("KILL");
    child.wait();
    let killed = temporary().unwrap();
    let mine = ["notes.tmp", ".coinline-mine.tmp", ".coinline-zzzzzz.tmp"];
    for name in mine {
        std::fs::write(dir.join(name), "mine").unwrap();
    }
    let aged = Coinline::shell("touch -d '2 minutes ago' .coinline-*.tmp")
        .dir(&dir)
        .run();
    assert_eq!(aged.code, 0, "{}", aged.stderr);
    let mut live = std::process::Command::new("flock")
        .args([".coinline-zzzzzz.tmp", "sleep", "60"])
        .current_dir(&dir)
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let run = Coinline::new(["compare", "--boards", "30", "--out", "rows.csv"])
        .dir(&dir)
        .run();
    live.kill().unwrap();
    live.wait().unwrap();
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!dir.join(&killed).exists(), "{killed:?} left");
    for name in mine {
        assert!(dir.join(name).exists(), "{name} removed");
    }
}

fn mkfifo(path: &Path) {
    let made = Coinline::shell("mkfifo \"$0\"").args([path]).run();
    assert_eq!(made.code, 0, "mkfifo: {}", made.stderr);
}

/// A FIFO with no reader: a note after a second, then the rows once a
/// reader comes; with none, Ctrl-C ends the wait with the interrupt status.
#[test]
fn a_fifo_without_a_reader_gets_a_note_and_honours_interrupts() {
    let dir = workdir("trust-outputs", "fifo");
    let fifo = dir.join("rows.fifo");
    mkfifo(&fifo);
    let compare = [
        "compare",
        "--boards",
        "20",
        "--seed",
        "1",
        "--summary",
        "s.csv",
        "--out",
        "rows.fifo",
    ];
    let child = Coinline::new(compare)
        .dir(&dir)
        .timeout(Duration::from_secs(60))
        .spawn();
    std::thread::sleep(Duration::from_millis(1500));
    // The reader opens late.
    let read = Coinline::shell("cat rows.fifo").dir(&dir).run();
    let run = child.wait();
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("note: waiting for a reader on FIFO rows.fifo"),
        "{}",
        run.stderr
    );
    assert!(
        read.stdout.starts_with("seed,index,game"),
        "{}",
        read.stdout
    );

    let child = Coinline::new(compare)
        .dir(&dir)
        .timeout(Duration::from_secs(60))
        .spawn();
    std::thread::sleep(Duration::from_millis(1500));
    child.signal("INT");
    let run = child.wait();
    assert_eq!(run.code, 130, "{}", run.stderr);
    insta::assert_snapshot!(crate::support::stable(&run.stderr));
}

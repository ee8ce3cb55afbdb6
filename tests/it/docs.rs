//! The documentation runs: every `console` block of README.md and docs/*.md
//! is a transcript, and each `$ ` command in it is run with bash from the
//! repository root (with the `coinline` under test first on PATH), its
//! stdout and stderr together compared with the lines that follow it.
//!
//! In the expected output `[..]` matches any text within a line (timings,
//! seeds from the clock, core counts) and a line `...` matches any number of
//! lines. A command must exit 0: a transcript that shows a failure ends the
//! command with `; echo "exit status $?"`, so the status is shown and checked.
//! A command line ending in `\` goes on on the next line.
//!
//! After every page has run, `git status` must be what it was before: an
//! example that writes into the checkout (rather than under target/ or a
//! temporary folder) fails here. Commands in other blocks (`sh`: builds,
//! installs, hour-long runs) are not run; a `coinline` command in one must
//! follow a `<!-- not run: REASON -->` line, so none is skipped by accident.
//!
//! `COINLINE_DOCS=docs/stress.md cargo test --test it docs::` runs one page.

use crate::support::Coinline;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// One `$ ` command of a transcript and what it must print.
#[derive(Debug)]
struct Step {
    page: String,
    line: usize,
    command: String,
    expected: Vec<String>,
}

/// The pages whose console blocks are run, README.md first.
fn pages(root: &Path) -> Vec<PathBuf> {
    let mut pages: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/ exists")
        .map(|e| e.expect("docs/ is readable").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    pages.insert(0, root.join("README.md"));
    pages
}

/// Marks a block whose `coinline` commands are deliberately not run.
const NOT_RUN: &str = "<!-- not run: ";

/// The steps of one page's console blocks, and the lines of its other
/// blocks that run `coinline` without a `NOT_RUN` note before the block.
fn parse(page: &str, text: &str) -> (Vec<Step>, Vec<String>) {
    let mut steps: Vec<Step> = Vec::new();
    let mut unmarked = Vec::new();
    let mut fence: Option<(String, bool)> = None;
    let mut previous = "";
    let mut continued = false;
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        match &fence {
            None => {
                if let Some(info) = line.strip_prefix("```") {
                    let marked = previous.trim_start().starts_with(NOT_RUN);
                    fence = Some((info.trim().to_string(), marked));
                    continued = false;
                }
            }
            Some(_) if line.starts_with("```") => fence = None,
            Some((info, _)) if info == "console" => {
                if continued {
                    let step = steps.last_mut().expect("a continued command");
                    step.command.push('\n');
                    step.command.push_str(line);
                    continued = line.ends_with('\\');
                } else if let Some(command) = line.strip_prefix("$ ") {
                    steps.push(Step {
                        page: page.to_string(),
                        line: number,
                        command: command.to_string(),
                        expected: Vec::new(),
                    });
                    continued = command.ends_with('\\');
                } else {
                    match steps.last_mut() {
                        Some(step) => step.expected.push(line.to_string()),
                        None => unmarked.push(format!("{page}:{number}: output before a command")),
                    }
                }
            }
            Some((info, marked)) => {
                // In a shell block every line is a command; elsewhere (output,
                // text) only a `$ ` line is.
                let shell = ["sh", "bash", "shell"].contains(&info.as_str());
                let text = line.trim_start();
                let command = text.strip_prefix("$ ").or(shell.then_some(text));
                if !marked && command.is_some_and(|c| c.starts_with("coinline ")) {
                    unmarked.push(format!(
                        "{page}:{number}: `{}` is in a block the doc test does not run",
                        line.trim()
                    ));
                }
            }
        }
        previous = line;
    }
    (steps, unmarked)
}

/// Whether `text` matches `pattern`, where `[..]` matches any text.
fn line_matches(pattern: &str, text: &str) -> bool {
    let mut parts = pattern.split("[..]");
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = text.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    for (k, part) in parts.iter().enumerate() {
        if k + 1 == parts.len() {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// Whether the output lines match the expected lines, where a line `...`
/// matches any number of lines.
fn lines_match(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=actual.len()).any(|skip| lines_match(rest, &actual[skip..]))
        }
        Some((first, rest)) => match actual.split_first() {
            Some((line, more)) => line_matches(first, line) && lines_match(rest, more),
            None => false,
        },
    }
}

/// What `git status` lists (changed and untracked files), or None without git.
fn git_status(root: &Path) -> Option<String> {
    let out = Command::new("git")
        .args(["status", "--porcelain", "--untracked-files=all"])
        .current_dir(root)
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Runs one step (for at most five minutes); returns its combined output
/// and exit status.
fn run(root: &Path, step: &Step) -> (String, Option<i32>) {
    let script = format!("{{\n{}\n}} 2>&1", step.command);
    let run = Coinline::shell(&script)
        .dir(root)
        .timeout(Duration::from_secs(300))
        .run();
    // What bash itself says (a command line it cannot parse) shows with the test.
    eprint!("{}", run.stderr);
    (run.stdout, Some(run.code).filter(|&code| code >= 0))
}

#[test]
fn console_blocks_run_as_written() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let only = std::env::var("COINLINE_DOCS").ok();
    let before = git_status(root);
    let mut problems = Vec::new();
    let mut ran = 0;
    for page in pages(root) {
        let name = page
            .strip_prefix(root)
            .expect("pages are in the repository")
            .display()
            .to_string();
        if only.as_ref().is_some_and(|o| *o != name) {
            continue;
        }
        let text = std::fs::read_to_string(&page).expect("the page reads");
        let (steps, unmarked) = parse(&name, &text);
        problems.extend(unmarked);
        for step in steps {
            let (output, status) = run(root, &step);
            ran += 1;
            let actual: Vec<&str> = output.lines().collect();
            if status != Some(0) {
                problems.push(format!(
                    "{}:{}: `{}` exited with {status:?} (a failing example ends with `; echo \"exit status $?\"`); it printed:\n{output}",
                    step.page, step.line, step.command
                ));
            } else if !lines_match(&step.expected, &actual) {
                problems.push(format!(
                    "{}:{}: `{}` printed:\n{output}--- but the page says:\n{}\n",
                    step.page,
                    step.line,
                    step.command,
                    step.expected.join("\n")
                ));
            }
        }
    }
    assert!(ran > 0 || only.is_some(), "no console block found");
    if let (Some(before), Some(after)) = (before, git_status(root)) {
        let new: Vec<&str> = after.lines().filter(|l| !before.contains(l)).collect();
        if !new.is_empty() {
            problems.push(format!(
                "following the docs changed the checkout (write under target/ or a temporary folder):\n{}",
                new.join("\n")
            ));
        }
    }
    assert!(
        problems.is_empty(),
        "{} problem(s) in the docs:\n\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn the_matcher_can_fail() {
    assert!(line_matches(
        "in [..] s ([..] boards/s)",
        "in 0.15 s (199 boards/s)"
    ));
    assert!(line_matches("[..]", ""));
    assert!(line_matches("a[..]b[..]c", "axxbyyc"));
    assert!(!line_matches("a[..]b", "axxc"));
    assert!(!line_matches("abc", "abcd"));
    assert!(!line_matches("[..]x", "xy"));
    let lines = |s: &[&str]| s.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(lines_match(
        &lines(&["a", "...", "d"]),
        &["a", "b", "c", "d"]
    ));
    assert!(lines_match(&lines(&["a", "..."]), &["a"]));
    assert!(!lines_match(&lines(&["a", "d"]), &["a", "b", "d"]));
    assert!(!lines_match(&lines(&["a"]), &[]));
    let (steps, unmarked) = parse(
        "x.md",
        "```console\n$ coinline a \\\n  --b\nout\n$ true\n```\n```sh\ncoinline c\n```\n\
         <!-- not run: slow -->\n```sh\ncoinline d\n```\n```\ncoinline output\n$ coinline e\n```\n",
    );
    assert_eq!(steps.len(), 2);
    assert_eq!(steps[0].command, "coinline a \\\n  --b");
    assert_eq!(steps[0].expected, ["out"]);
    assert_eq!(unmarked.len(), 2, "{unmarked:?}");
    assert!(unmarked[0].contains("coinline c"));
    assert!(unmarked[1].contains("coinline e"));
}

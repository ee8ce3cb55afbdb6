//! Issue 43 item 1, verdicts that do not depend on timing: every bot of tests/data/play, and the issue's two programs, give one verdict in 50 runs of 50 with the other core busy.
//!
//! A row is a program and the verdict it must get. `coinline play` plays 50
//! games of it (each a fresh program) on one board, and every CSV row must
//! be the same but for its index: the same verdict at the same position with
//! the same detail. The judge's row runs `coinline judge` 50 times, and every
//! report must be the same. The rows run one after the other while a
//! thread of this test keeps the other core busy; the two rows of a line
//! written twice run again under `COINLINE_SANDBOX=groups`. It bites: with the barrier before
//! each prompt taken out (`settle` in crates/judge/src/play/program.rs), the
//! rows of a second line written right after a move split their verdicts.

use crate::support::{workdir, Coinline, Run, Spawned};
use std::sync::atomic::{AtomicBool, Ordering};

/// Runs of each row.
const RUNS: usize = 50;

/// The test programs of tests/data/, by absolute path.
const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");

/// docs/play.md's example of extra output: a second line right after each
/// move (the issue's bot that writes its move twice and stops reading).
const TWICE: &str = r#"while read -r w r; do [ "$w" = your ] && { echo R; echo R; }; done"#;

/// A row: its name, what to play (options, then the program after `--`;
/// `{bots}` stands for the built bots of bots.c, `{data}` for [`DATA`]) and
/// the verdict every game must get.
type Row = (&'static str, &'static str, &'static str, &'static str);

#[rustfmt::skip]
const ROWS: [Row; 14] = [
    ("optimal", "", "{bots} optimal", "ok"),
    ("greedy", "", "{bots} greedy", "ok"),
    ("illegal", "", "{bots} illegal", "illegal-move"),
    ("garbage", "", "{bots} garbage", "malformed-line"),
    ("stall", "--move-time 0.2", "{bots} stall", "time-limit"),
    ("early", "", "{bots} early", "early-exit"),
    ("chatty", "", "{bots} chatty", "extra-output"),
    ("double", "", "{bots} double", "extra-output"),
    ("greedy.sh", "", "sh {data}/play/greedy.sh", "ok"),
    ("circle.sh start", "--game pizza", "sh {data}/play/circle.sh start 2", "ok"),
    ("circle.sh plain", "--game pizza", "sh {data}/play/circle.sh plain", "illegal-move"),
    ("line.sh", "", "sh {data}/play/line.sh L L L L L", "ok"),
    ("twice", "", "sh -c {twice}", "extra-output"),
    ("twice judged", "judge", "sh -c {twice}", "extra-output"),
];

/// The row's runs: one `coinline play` of [`RUNS`] games (8 at a time), or
/// [`RUNS`] runs of `coinline judge` (10 at a time).
fn runs(row: &Row, bots: &str, mode: &str) -> Vec<Run> {
    let (name, options, program, _) = *row;
    let program = (program.replace("{bots}", bots).replace("{data}", DATA))
        .replace("{twice}", &format!("'{TWICE}'"));
    let dir = workdir("verdicts", &format!("{name}-{mode}").replace(' ', "-"));
    let (line, times) = match options {
        "judge" => (format!("coinline judge --problem even-coins-first {DATA}/problems/even-coins-first.in -- {program}"), RUNS),
        _ => (format!("coinline play --runs {RUNS} --n 5..5 --values 5..5 --no-shrink --keep-going --jobs 8 --out - {options} -- {program}"), 1),
    };
    let mut runs = Vec::new();
    while runs.len() < times {
        let wave: Vec<Spawned> = (0..10.min(times - runs.len()))
            .map(|_| {
                Coinline::shell(&line)
                    .dir(&dir)
                    .env("COINLINE_SANDBOX", mode)
                    .spawn()
            })
            .collect();
        runs.extend(wave.into_iter().map(Spawned::wait));
    }
    runs
}

/// What differs between the runs of `row`, if anything, and whether the
/// verdict is the row's.
fn judge(row: &Row, runs: Vec<Run>) -> Option<String> {
    let (name, options, _, verdict) = *row;
    // Each game's outcome: a CSV row but its index, or a judge's report.
    let outcomes: Vec<String> = match options {
        "judge" => runs.iter().map(|r| r.stdout.clone()).collect(),
        _ => (runs[0].stdout.lines().skip(1))
            .map(|l| l.split_once(',').map_or(l, |(_, rest)| rest).to_string())
            .collect(),
    };
    let mut distinct = outcomes.clone();
    distinct.sort();
    distinct.dedup();
    let right = match options {
        "judge" => format!("rejected ({verdict})"),
        _ => format!(",{verdict},"),
    };
    match (outcomes.len(), &distinct[..]) {
        (RUNS, [one]) if one.contains(&right) => None,
        _ => Some(format!(
            "{name}: {} outcomes of {RUNS}, {} distinct (wanted {verdict}):\n{}\n{}",
            outcomes.len(),
            distinct.len(),
            distinct.join("\n"),
            runs[0].stderr
        )),
    }
}

#[test]
fn every_bot_gets_one_verdict_in_fifty_runs_with_the_other_core_busy() {
    if !cfg!(target_os = "linux") {
        eprintln!("verdicts: skipped (the barrier before a prompt reads Linux's /proc)");
        return;
    }
    let bots = crate::support::compile_c("tests/data/play/bots.c", "bots");
    let bots = bots.to_str().expect("a UTF-8 path");
    let busy = AtomicBool::new(true);
    let failures: Vec<String> = std::thread::scope(|s| {
        s.spawn(|| {
            while busy.load(Ordering::Relaxed) {
                std::hint::spin_loop();
            }
        });
        // The rows of a line written twice again in the sandbox's fallback.
        let twice = ROWS.iter().filter(|row| row.0.starts_with("twice"));
        let rows =
            (ROWS.iter().map(|row| (row, "namespace"))).chain(twice.map(|row| (row, "groups")));
        let failures = rows
            .filter_map(|(row, mode)| {
                judge(row, runs(row, bots, mode)).map(|f| format!("{mode}: {f}"))
            })
            .collect();
        busy.store(false, Ordering::Relaxed);
        failures
    });
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

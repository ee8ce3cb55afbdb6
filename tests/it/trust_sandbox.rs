//! Issue 43, "the sandbox holds": hostile programs against the sandbox, each row run both ways (PID namespace, and `COINLINE_SANDBOX=groups`).
//!
//! Each row gives a bash line (coinline first on `PATH`, run in a scratch
//! folder), the expected exit status and a fragment of the output, and
//! whether it holds without a PID namespace. Every process of the row
//! carries `COINLINE_ROW=<row>-<mode>` in its environment; afterwards none
//! may be running, and coinline must have ended within [`LIMIT`] (a
//! stopped coinline would not). A row with `kill` has coinline SIGKILLed
//! once its program made the file `started`.
//!
//! Each row bites: with process groups alone, `stops-its-parent` leaves
//! coinline stopped (state T); with the old setpgid instead of a session,
//! no parent-death signal, no kill by the init and no sweep, every other
//! row fails with its processes still running.

use crate::support::{path_with_coinline, workdir, Coinline};
use std::time::{Duration, Instant};

/// How long a row may run: a stopped coinline meets it.
const LIMIT: Duration = Duration::from_secs(60);

/// What every row's program does last: answer as `lines` wants.
struct Row {
    name: &'static str,
    script: &'static str,
    /// Kill coinline with SIGKILL once the file `started` exists.
    kill: bool,
    status: i32,
    message: &'static str,
    /// Why the row cannot hold with process groups alone, if it cannot.
    groups_cannot: Option<&'static str>,
}

#[rustfmt::skip]
const ROWS: [Row; 6] = [
    Row { name: "stops-its-parent",
        script: "coinline stress --problem lines --runs 3 --seed 1 -- sh -c 'kill -STOP $PPID; exec coinline judge --problem lines -'",
        kill: false, status: 0, message: "every answer agrees with the trusted solver",
        groups_cannot: Some("SIGSTOP cannot be caught: outside a PID namespace the program can stop coinline") },
    Row { name: "joins-coinline-group",
        script: "coinline stress --problem lines --runs 3 --seed 1 -- sh -c 'perl -e \"setpgrp(0, getpgrp(\\$ARGV[0])); exec q(sleep), 311\" $PPID </dev/null >/dev/null 2>&1 & sleep 0.2; exec coinline judge --problem lines -'",
        kill: false, status: 0, message: "every answer agrees with the trusted solver", groups_cannot: None },
    Row { name: "daemonizes",
        script: "coinline judge --problem even-coins-first {data}/problems/even-coins-first.in -- sh -c 'setsid sh -c \"sleep 312 & echo > daemon\" </dev/null >/dev/null 2>&1 & until [ -f daemon ]; do sleep 0.01; done; exec sh {data}/problems/even-coins-first.sh parity'",
        kill: false, status: 0, message: "every case accepted", groups_cannot: None },
    Row { name: "left-child-holds-output",
        script: "coinline judge --problem even-coins-first --move-time 0.5 {data}/problems/even-coins-first.in -- sh -c 'setsid sleep 315 & exec sh {data}/problems/even-coins-first.sh parity'",
        kill: false, status: 0, message: "warning: the program left 1 process running after its game; coinline killed it",
        groups_cannot: None },
    Row { name: "killed-stress-leaves-no-program",
        script: "exec coinline stress --problem lines --runs 3 --timeout 100 -- perl -e 'open F, \">started\"; close F; sleep 313'",
        kill: true, status: -1, message: "", groups_cannot: None },
    Row { name: "killed-stress-leaves-no-child",
        script: "exec coinline stress --problem lines --runs 3 --timeout 100 -- sh -c 'sleep 314 & touch started; wait'",
        kill: true, status: -1, message: "",
        groups_cannot: Some("without a PID namespace a program's own children outlive a SIGKILLed coinline (no death signal reaches them)") },
];

/// The test programs of tests/data/, by absolute path.
const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");

/// The processes (pid and command) whose environment holds `marker`.
fn marked(marker: &str) -> Vec<String> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.filter_map(|e| {
        let pid = e.ok()?.file_name().into_string().ok()?;
        let environ = std::fs::read(format!("/proc/{pid}/environ")).ok()?;
        environ
            .split(|&b| b == 0)
            .any(|v| v == marker.as_bytes())
            .then(|| {
                let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
                format!(
                    "{pid} {}",
                    String::from_utf8_lossy(&cmdline).replace('\0', " ")
                )
            })
    })
    .collect()
}

/// Runs `row` with `mode` (`None` for the default); the problems found.
fn check(row: &Row, mode: Option<&str>) -> Vec<String> {
    let marker = format!("COINLINE_ROW={}-{}", row.name, mode.unwrap_or("namespace"));
    let dir = workdir("trust_sandbox", row.name);
    let script = row.script.replace("{data}", DATA);
    let mut run = Coinline::shell(&script).dir(&dir).timeout(LIMIT);
    run = run.env("COINLINE_ROW", &marker["COINLINE_ROW=".len()..]);
    if let Some(mode) = mode {
        run = run.env("COINLINE_SANDBOX", mode);
    }
    let spawned = run.spawn();
    if row.kill {
        let start = Instant::now();
        while !dir.join("started").exists() && start.elapsed() < LIMIT {
            std::thread::sleep(Duration::from_millis(10));
        }
        spawned.signal("KILL");
    }
    let done = spawned.wait();
    let mut problems = Vec::new();
    let output = format!("{}{}", done.stderr, done.stdout);
    if done.code != row.status || !output.contains(row.message) {
        problems.push(format!(
            "status {} (not {}), output:\n{output}",
            done.code, row.status
        ));
    }
    // The killed die at once; give the kernel a moment to tear down.
    let start = Instant::now();
    let mut left = marked(&marker);
    while !left.is_empty() && start.elapsed() < Duration::from_secs(3) {
        std::thread::sleep(Duration::from_millis(20));
        left = marked(&marker);
    }
    for process in left {
        problems.push(format!("still running: {process}"));
        let pid = process.split(' ').next().unwrap_or_default();
        let _ = Coinline::shell(&format!("kill -9 {pid}")).run();
    }
    problems
}

#[test]
fn hostile_programs_leave_nothing_and_never_stop_coinline() {
    if !cfg!(target_os = "linux") || Coinline::shell("command -v perl setsid").run().code != 0 {
        eprintln!("trust_sandbox: skipped (needs Linux, perl and setsid)");
        return;
    }
    // Without namespaces here, the default is process groups too.
    let probe = Coinline::new(["stress", "--problem", "lines", "--runs", "1", "--", "true"])
        .env("PATH", path_with_coinline())
        .run();
    let namespaces = !probe.stderr.contains("no PID namespace");
    let mut failures = Vec::new();
    for mode in [None, Some("groups")] {
        for row in &ROWS {
            let grouped = mode.is_some() || !namespaces;
            if let (true, Some(why)) = (grouped, row.groups_cannot) {
                eprintln!(
                    "trust_sandbox: {} skipped in process groups: {why}",
                    row.name
                );
                continue;
            }
            for problem in check(row, mode) {
                failures.push(format!("{} ({mode:?}): {problem}", row.name));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

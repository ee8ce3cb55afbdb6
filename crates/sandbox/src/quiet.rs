//! The barrier before a prompt (Linux): waiting until every process of a program is asleep or gone, read from /proc.
//!
//! A program is *quiet* when every thread of every process of its tree (its
//! descendants by the parent links of /proc/PID/stat, and the members of
//! its process group) is asleep in the kernel (state `S`: reading its
//! input, waiting for a child, a thread, a signal or another pipe, or
//! blocked writing to a full pipe), stopped, or has exited; a thread that
//! is running or runnable (`R`), waiting for the disk (`D`), or asleep on a
//! timer (`nanosleep`, `clock_nanosleep`, as /proc/PID/task/TID/syscall has
//! it) will still do something by itself. Nothing quiet can write until
//! coinline writes to its input, so what it has written by then it wrote
//! before being told more: the rule of docs/play.md's extra output.
//!
//! Listing /proc costs milliseconds; a move should cost microseconds. So
//! the tree is kept between barriers, and each look reads only the
//! processes created since the last (the pids after the last one seen, up
//! to the kernel's last pid, /proc/sys/kernel/ns_last_pid: a process of the
//! tree is younger than its root); all of /proc only when pids wrapped or
//! more than [`RANGE`] were given out since.

use crate::escaped::{process, processes, Proc};
use std::time::{Duration, Instant};

/// More new pids than this since the last look: /proc is listed instead.
const RANGE: i32 = 4096;

/// The processes of one program, kept from one barrier to the next.
pub struct Tree {
    root: i32,
    /// Its processes, as the last barrier found them.
    members: Vec<i32>,
    /// Every pid after the root's up to this one was looked at.
    seen: i32,
}

impl Tree {
    /// The tree of the program whose first process (our child) is `root`.
    pub fn new(root: i32) -> Tree {
        Tree {
            root,
            members: Vec::new(),
            seen: root - 1,
        }
    }

    /// Waits up to `limit` until the program is quiet: seen so in two looks
    /// in a row with the same processes and threads, none of which ran in
    /// between (/proc/PID/task/TID/schedstat counts its turns on a CPU): a
    /// process forked while /proc was read had a parent that ran. `Some(false)`
    /// if it was still busy at the deadline, `None` where /proc does not show
    /// the kernel's last pid.
    pub fn settle(&mut self, limit: Duration) -> Option<bool> {
        let deadline = Instant::now() + limit;
        let mut pause = Duration::from_micros(20);
        let mut before = None;
        loop {
            let last = last_pid()?;
            let members = self.look(last);
            let turns: Option<Vec<Vec<u64>>> = members.iter().map(|&p| turns(p)).collect();
            let now = turns.map(|t| (members, t));
            if now.is_some() && now == before {
                (self.members, self.seen) = (now?.0, last);
                return Some(true);
            }
            if Instant::now() >= deadline {
                return Some(false);
            }
            if now.is_none() {
                std::thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_millis(1));
            }
            before = now;
        }
    }

    /// The tree's pids now: the members still alive, and those of the
    /// processes created after `seen` up to `last` that are the root, in its
    /// group or below a member.
    fn look(&self, last: i32) -> Vec<i32> {
        let (from, to) = (self.seen.saturating_add(1), last);
        let fresh: Vec<Proc> = match to.checked_sub(from) {
            Some(k) if k < RANGE => (from..=to).filter_map(process).collect(),
            None if last == self.seen => Vec::new(),
            _ => processes(),
        };
        let alive = |p: &i32| std::path::Path::new(&format!("/proc/{p}")).exists();
        let mut inside: Vec<i32> = self.members.iter().copied().filter(alive).collect();
        let mut grew = true;
        while grew {
            let before = inside.len();
            for p in &fresh {
                let joins = p.pid == self.root || p.pgrp == self.root || inside.contains(&p.ppid);
                if joins && !inside.contains(&p.pid) {
                    inside.push(p.pid);
                }
            }
            grew = inside.len() > before;
        }
        inside.sort_unstable();
        inside
    }
}

/// The last pid the kernel gave out (in this PID namespace, which holds the
/// programs' own).
fn last_pid() -> Option<i32> {
    let text = std::fs::read_to_string("/proc/sys/kernel/ns_last_pid").ok()?;
    text.trim().parse().ok()
}

/// If every thread of process `pid` is quiet, each one's id and turns on
/// a CPU so far (none for a process gone); `None` if one is busy.
fn turns(pid: i32) -> Option<Vec<u64>> {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return Some(Vec::new());
    };
    let mut turns = Vec::new();
    for task in tasks.flatten() {
        let dir = task.path();
        let read = |file: &str| std::fs::read_to_string(dir.join(file)).unwrap_or_default();
        let stat = read("stat");
        let state = (stat.rfind(')')).and_then(|i| stat[i + 1..].split_whitespace().next());
        let quiet = match state {
            Some("S") => !timer(&read("syscall")),
            Some(s) => matches!(s, "T" | "t" | "Z" | "X" | "I"),
            None => true,
        };
        if !quiet {
            return None;
        }
        let tid = task.file_name().to_str().and_then(|t| t.parse().ok());
        let schedstat = read("schedstat");
        let runs = schedstat
            .split_whitespace()
            .nth(2)
            .and_then(|n| n.parse().ok());
        turns.extend([tid.unwrap_or(0), runs.unwrap_or(0)]);
    }
    Some(turns)
}

/// Whether a /proc/PID/syscall line is a sleep on a timer.
fn timer(syscall: &str) -> bool {
    let number = (syscall.split_whitespace().next()).and_then(|n| n.parse::<libc::c_long>().ok());
    matches!(number, Some(n) if n == libc::SYS_nanosleep || n == libc::SYS_clock_nanosleep)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::{Command, Stdio};

    /// Whether `script` (under `sh -c`, its input an open pipe) settles
    /// within 200 ms, once it has had 100 ms to start.
    fn settles(script: &str) -> Option<bool> {
        use std::os::unix::process::CommandExt;
        let mut child = (Command::new("sh").args(["-c", script]))
            .env("COINLINE_TEST", "1")
            .stdin(Stdio::piped())
            .process_group(0)
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(100));
        let pid = rustix::process::Pid::from_child(&child);
        let settled = Tree::new(pid.as_raw_pid()).settle(Duration::from_millis(200));
        crate::unix::kill_group(pid);
        child.wait().unwrap();
        settled
    }

    #[test]
    fn a_program_is_quiet_reading_or_waiting_and_busy_running_or_on_a_timer() {
        let cases = [
            ("read -r line", true),
            // A shell waiting for its child, which reads; a pipeline.
            ("cat; true", true),
            ("cat | cat", true),
            ("while :; do :; done", false),
            ("sleep 5", false),
            // A child left running in the background is part of the tree.
            ("while :; do :; done & read -r line", false),
        ];
        for (script, quiet) in cases {
            assert_eq!(settles(script), Some(quiet), "{script}");
        }
    }
}

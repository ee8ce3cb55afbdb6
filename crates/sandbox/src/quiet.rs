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

use crate::escaped::{processes, Proc};
use std::time::{Duration, Instant};

/// Waits up to `limit` until the program led by `root` (our child) is
/// quiet, seen so twice in a row with the same processes (a process forked
/// while /proc was being listed is seen the second time). `Some(false)` if
/// it was still busy at the deadline, `None` where /proc does not show it.
pub fn settle(root: i32, limit: Duration) -> Option<bool> {
    let deadline = Instant::now() + limit;
    let mut pause = Duration::from_micros(20);
    let mut seen: Option<Vec<i32>> = None;
    loop {
        let tree = tree(root, &processes());
        if tree.is_empty() {
            return None;
        }
        if tree.iter().all(|p| quiet(p.pid)) {
            if seen.as_ref() == Some(&tree.iter().map(|p| p.pid).collect()) {
                return Some(true);
            }
            seen = Some(tree.iter().map(|p| p.pid).collect());
            continue;
        }
        seen = None;
        if Instant::now() >= deadline {
            return Some(false);
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(1));
    }
}

/// `root` and every process below it or in its process group, in pid
/// order (empty if `root` is not listed).
fn tree(root: i32, procs: &[Proc]) -> Vec<Proc> {
    let mut inside: Vec<i32> = vec![root];
    let mut grew = true;
    while grew {
        let before = inside.len();
        for p in procs {
            if !inside.contains(&p.pid) && (p.pgrp == root || inside.contains(&p.ppid)) {
                inside.push(p.pid);
            }
        }
        grew = inside.len() > before;
    }
    procs.iter().filter(|p| inside.contains(&p.pid)).copied().collect()
}

/// Whether every thread of process `pid` is quiet (gone: quiet).
fn quiet(pid: i32) -> bool {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return true;
    };
    tasks.flatten().all(|task| {
        let dir = task.path();
        let stat = std::fs::read_to_string(dir.join("stat")).unwrap_or_default();
        let state = stat.rfind(')').and_then(|i| stat[i + 1..].split_whitespace().next());
        match state {
            Some("S") => !timer(&std::fs::read_to_string(dir.join("syscall")).unwrap_or_default()),
            Some(s) => matches!(s, "T" | "t" | "Z" | "X" | "I"),
            None => true,
        }
    })
}

/// Whether a /proc/PID/syscall line is a sleep on a timer.
fn timer(syscall: &str) -> bool {
    let number = syscall.split_whitespace().next().and_then(|n| n.parse::<libc::c_long>().ok());
    matches!(number, Some(n) if n == libc::SYS_nanosleep || n == libc::SYS_clock_nanosleep)
}

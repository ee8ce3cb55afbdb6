//! Finding and killing the processes that escaped their program's process
//! group: this process's subtree, read from the parent links of
//! /proc/PID/stat (Linux; nothing is found where there is no /proc).

use rustix::process::{Pid, Signal, WaitOptions};
use std::collections::HashSet;
use std::time::Duration;

/// Rounds of [`sweep`] at most: killing a process re-parents its children
/// to us (the subreaper), where the next round finds them.
const ROUNDS: usize = 50;

/// The pause between rounds, for the killed to die.
const PAUSE: Duration = Duration::from_millis(2);

/// Kills every process below this one whose process group is not in
/// `spared` (the groups of running programs, and our own), and reaps those
/// that are our children; returns how many of those killed were in none of
/// the `ended` groups (of programs that ended: a member still dying of its
/// group's kill did not escape it).
pub(super) fn sweep(spared: &HashSet<i32>, ended: &HashSet<i32>) -> usize {
    let me = rustix::process::getpid().as_raw_pid();
    let mine = depth(me);
    let mut killed = HashSet::new();
    for _ in 0..ROUNDS {
        let procs = processes();
        let mut stray = Vec::new();
        let mut frontier = vec![me];
        while let Some(parent) = frontier.pop() {
            for p in procs.iter().filter(|p| p.ppid == parent) {
                if depth(p.pid) > mine {
                    // In a program's PID namespace, its init's business
                    // (an init whose outer process was killed first is
                    // re-parented to us for the moment it takes to die).
                    if p.ppid == me {
                        reap(p.pid);
                    }
                    continue;
                }
                frontier.push(p.pid);
                if !spared.contains(&p.pgrp) {
                    stray.push(*p);
                }
            }
        }
        if stray.is_empty() {
            break;
        }
        for p in &stray {
            let Some(pid) = Pid::from_raw(p.pid) else {
                continue;
            };
            let alive = !p.zombie && rustix::process::kill_process(pid, Signal::KILL).is_ok();
            if alive && !ended.contains(&p.pgrp) {
                killed.insert(p.pid);
            }
            if p.ppid == me {
                // Ours to reap; one still dying is reaped in a later round.
                reap(p.pid);
            }
        }
        std::thread::sleep(PAUSE);
    }
    killed.len()
}

/// Reaps our child `pid` if it has ended.
fn reap(pid: i32) {
    if let Some(pid) = Pid::from_raw(pid) {
        let _ = rustix::process::waitpid(Some(pid), WaitOptions::NOHANG);
    }
}

/// How deep in PID namespaces process `pid` is, as /proc has it (the
/// fields of its `NSpid` line; 0 where unknown).
fn depth(pid: i32) -> usize {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let line = status.lines().find(|l| l.starts_with("NSpid:"));
    line.map_or(0, |l| l.split_whitespace().count() - 1)
}

/// A process as /proc/PID/stat has it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Proc {
    pub(crate) pid: i32,
    pub(crate) ppid: i32,
    pub(crate) pgrp: i32,
    zombie: bool,
}

/// Every process /proc lists (none where there is no /proc).
pub(crate) fn processes() -> Vec<Proc> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.filter_map(|entry| process(entry.ok()?.file_name().to_str()?.parse().ok()?))
        .collect()
}

/// Process `pid` as /proc has it, if it is there.
pub(crate) fn process(pid: i32) -> Option<Proc> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    parse_stat(pid, &stat)
}

/// The fields of a stat line after the command name, which may hold spaces
/// and parentheses: the state, ppid and pgrp.
fn parse_stat(pid: i32, stat: &str) -> Option<Proc> {
    let mut fields = stat.get(stat.rfind(')')? + 1..)?.split_whitespace();
    let zombie = matches!(fields.next()?, "Z" | "X");
    let ppid = fields.next()?.parse().ok()?;
    let pgrp = fields.next()?.parse().ok()?;
    Some(Proc {
        pid,
        ppid,
        pgrp,
        zombie,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stat_lines_are_read_past_odd_names() {
        let p = parse_stat(7, "7 (a) b (c)) S 1 7 7 0 -1").unwrap();
        assert_eq!((p.ppid, p.pgrp, p.zombie), (1, 7, false));
        assert!(parse_stat(8, "8 (x) Z 3 4 4").unwrap().zombie);
        assert!(parse_stat(9, "9 (x").is_none());
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn this_process_is_listed_with_its_parent() {
        let me = rustix::process::getpid().as_raw_pid();
        let listed = processes().into_iter().find(|p| p.pid == me).unwrap();
        let parent = rustix::process::getppid().map_or(0, |p| p.as_raw_pid());
        assert_eq!(listed.ppid, parent);
        assert!(!listed.zombie);
        assert!(depth(me) >= 1);
    }
}

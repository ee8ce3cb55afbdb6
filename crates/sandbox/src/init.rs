//! The PID namespace of a program's run (Linux): coinline's own minimal init inside it, which forks the program and reaps everything.
//!
//! The process coinline starts (C) runs the chain between its fork and the
//! program's `exec`: it enters a new PID namespace (and a new user namespace
//! when it is not root), forks the namespace's init (I, pid 1 there), and
//! waits for it. I forks the program (P), which goes on to `exec`; when P
//! ends, I kills every process left in the namespace (`kill(-1)`), reaps
//! them, and writes P's wait status and how many it killed to a socket
//! coinline reads. Nothing inside can name coinline or C (their pids are
//! outside), nor stop I (an init ignores the signals it has no handler for);
//! C and I die with coinline (a parent-death signal each), and the kernel
//! kills a namespace whose init died. C and I only make raw system calls
//! (no allocation: everything is prepared before the fork).

use std::ffi::CStr;
use std::io::{self, Read, Write};
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::os::unix::net::UnixStream;
use std::sync::OnceLock;

use rustix::process::{Pid, Signal, WaitOptions};

/// What C needs to build the namespace, prepared before the fork.
pub struct Plan {
    /// `unshare` flags.
    flags: libc::c_int,
    /// The uid and gid maps to write (a new user namespace), if any.
    maps: Option<(Vec<u8>, Vec<u8>)>,
    /// I's end of the socket it writes its record to.
    record: OwnedFd,
    /// Only try the namespaces, then end (the probe).
    probe: bool,
}

/// The flags and maps of this process's namespaces: a PID namespace, and
/// a user namespace mapping our ids to themselves when we are not root.
fn plan(record: OwnedFd, probe: bool) -> Plan {
    let (uid, gid) = (rustix::process::geteuid(), rustix::process::getegid());
    let maps = (!uid.is_root()).then(|| {
        let map = |id: u32| format!("{id} {id} 1").into_bytes();
        (map(uid.as_raw()), map(gid.as_raw()))
    });
    let user = if maps.is_some() {
        libc::CLONE_NEWUSER
    } else {
        0
    };
    Plan {
        flags: libc::CLONE_NEWPID | user,
        maps,
        record,
        probe,
    }
}

/// Whether programs run in PID namespaces: not when `COINLINE_SANDBOX=groups`
/// asks for process groups, nor where the kernel refuses (said once on
/// standard error).
pub fn enabled() -> bool {
    static ENABLED: OnceLock<bool> = OnceLock::new();
    *ENABLED.get_or_init(|| {
        if std::env::var_os("COINLINE_SANDBOX").is_some_and(|v| v == "groups") {
            return false;
        }
        let refused = probe().err();
        if let Some(e) = &refused {
            let _ = writeln!(
                io::stderr(),
                "coinline: no PID namespace for programs here ({e}): they run in process groups and sessions of their own"
            );
        }
        refused.is_none()
    })
}

/// Starts a process that only enters the namespaces and ends.
#[allow(unsafe_code)] // pre_exec: see the SAFETY comment
fn probe() -> io::Result<()> {
    use std::os::unix::process::CommandExt;
    let (_, theirs) = UnixStream::pair()?;
    let plan = plan(theirs.into(), true);
    let mut command = std::process::Command::new("true");
    // SAFETY: `enter` makes only raw system calls, allocating nothing.
    unsafe { command.pre_exec(move || enter(&plan)) };
    let status = command.status()?;
    match status.success() {
        true => Ok(()),
        false => Err(io::Error::other(format!("the probe ended with {status}"))),
    }
}

/// A new record socket and the plan of a run, when namespaces are on.
pub fn prepare() -> io::Result<Option<(Plan, UnixStream)>> {
    if !enabled() {
        return Ok(None);
    }
    let (ours, theirs) = UnixStream::pair()?;
    ours.set_nonblocking(true)?;
    Ok(Some((plan(theirs.into(), false), ours)))
}

/// The program's wait status and how many processes its init killed, once
/// C is reaped (I wrote them before it ended); `None` if I was killed.
pub fn record(mut ours: &UnixStream) -> Option<(i32, usize)> {
    let mut bytes = [0u8; 8];
    ours.read_exact(&mut bytes).ok()?;
    let [a, b, c, d, e, f, g, h] = bytes;
    let killed = u32::from_ne_bytes([e, f, g, h]);
    Some((i32::from_ne_bytes([a, b, c, d]), killed as usize))
}

/// C's part, between fork and exec: enter the namespaces, fork I, wait for
/// it and end. Returns only in P (or with an error before the fork).
#[allow(unsafe_code)] // unshare and the raw fork: see the SAFETY comments
pub fn enter(plan: &Plan) -> io::Result<()> {
    // SAFETY: unshare changes only this (single-threaded) process's namespaces.
    if unsafe { libc::unshare(plan.flags) } != 0 {
        return Err(io::Error::last_os_error());
    }
    if let Some((uid_map, gid_map)) = &plan.maps {
        write_file(c"/proc/self/setgroups", b"deny")?;
        write_file(c"/proc/self/uid_map", uid_map)?;
        write_file(c"/proc/self/gid_map", gid_map)?;
    }
    if plan.probe {
        exit(0);
    }
    let init = fork()?;
    if init != 0 {
        close_range(0, RawFd::MAX);
        while let Err(rustix::io::Errno::INTR) =
            rustix::process::waitpid(Pid::from_raw(init), WaitOptions::empty())
        {}
        exit(0);
    }
    be_init(&plan.record)
}

/// I's part: fork P (which returns to exec), then reap everything and
/// write the record.
fn be_init(record: &OwnedFd) -> io::Result<()> {
    default_signals();
    rustix::process::setsid()?;
    rustix::process::set_parent_process_death_signal(Some(Signal::KILL))?;
    let program = fork()?;
    if program == 0 {
        return Ok(());
    }
    let fd = record.as_raw_fd();
    close_range(0, fd.saturating_sub(1));
    close_range(fd.saturating_add(1), RawFd::MAX);
    let (mut status, mut killed) = (None, 0u32);
    loop {
        match rustix::process::wait(WaitOptions::empty()) {
            Ok(Some((pid, how))) => {
                if status.is_some() && how.terminating_signal() == Some(libc::SIGKILL) {
                    killed += 1;
                }
                if pid.as_raw_nonzero().get() == program {
                    status = Some(how.as_raw());
                }
                if status.is_some() {
                    kill_all();
                }
            }
            Err(rustix::io::Errno::INTR) => {}
            _ => break,
        }
    }
    let [a, b, c, d] = status.unwrap_or(libc::SIGKILL).to_ne_bytes();
    let [e, f, g, h] = killed.to_ne_bytes();
    let _ = rustix::io::write(record, &[a, b, c, d, e, f, g, h]);
    exit(0)
}

/// Writes `bytes` to the file at `path` (a map of the user namespace).
fn write_file(path: &CStr, bytes: &[u8]) -> io::Result<()> {
    use rustix::fs::{Mode, OFlags};
    let file = rustix::fs::open(path, OFlags::WRONLY | OFlags::CLOEXEC, Mode::empty())?;
    rustix::io::write(&file, bytes)?;
    Ok(())
}

/// `fork` as the raw system call (no atfork handlers, no locks: this
/// process is a single-threaded child already): 0 in the child.
#[allow(unsafe_code)]
fn fork() -> io::Result<libc::pid_t> {
    // SAFETY: a clone with no shared memory nor stack is a fork; the child
    // makes only raw system calls until it execs or ends.
    match unsafe { libc::syscall(libc::SYS_clone, libc::SIGCHLD, 0, 0, 0, 0) } {
        -1 => Err(io::Error::last_os_error()),
        pid => Ok(pid as libc::pid_t),
    }
}

/// Closes the file descriptors `first..=last` (those that exist).
#[allow(unsafe_code)]
fn close_range(first: RawFd, last: RawFd) {
    if first <= last {
        // SAFETY: close_range closes descriptors only; this process is a
        // child that owns no Rust object using them from now on.
        unsafe { libc::syscall(libc::SYS_close_range, first as u32, last as u32, 0) };
    }
}

/// SIGKILL to every other process of the namespace (I is its init).
#[allow(unsafe_code)]
fn kill_all() {
    // SAFETY: kill takes no pointers.
    unsafe { libc::kill(-1, libc::SIGKILL) };
}

/// Every signal back to its default action: coinline's handlers are not
/// I's, and an init ignores the signals it does not handle.
#[allow(unsafe_code)]
fn default_signals() {
    for sig in 1..32 {
        // SAFETY: a zeroed sigaction is SIG_DFL with no flags; sigaction
        // is async-signal-safe and fails harmlessly for KILL and STOP.
        unsafe {
            let action: libc::sigaction = std::mem::zeroed();
            libc::sigaction(sig, &action, std::ptr::null_mut());
        }
    }
}

/// Ends this process at once (no exit handlers: it is a fork of coinline).
#[allow(unsafe_code)]
fn exit(code: i32) -> ! {
    // SAFETY: _exit runs nothing of this process's.
    unsafe { libc::_exit(code) }
}

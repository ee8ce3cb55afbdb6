//! The Unix system calls of the sandbox: limits, process groups, the
//! subreaper's sweep of escaped processes, and reaping with `wait4`.

use crate::Exit;
use rustix::io::Errno;
use rustix::process::{Pid, Resource, Rlimit, Signal, WaitId, WaitIdOptions};
use std::collections::HashSet;
use std::io;
use std::os::unix::net::UnixStream;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Limits this process's address space to `bytes` (called in the child
/// between fork and exec: one system call, no allocation).
pub fn limit_address_space(bytes: u64) -> io::Result<()> {
    let limit = Rlimit {
        current: Some(bytes),
        maximum: Some(bytes),
    };
    rustix::process::setrlimit(Resource::As, limit).map_err(io::Error::from)
}

pub fn open_files_limits() -> Option<(u64, u64)> {
    let limit = rustix::process::getrlimit(Resource::Nofile);
    let wide = |l: Option<u64>| l.unwrap_or(u64::MAX);
    Some((wide(limit.current), wide(limit.maximum)))
}

pub fn set_open_files_limit(soft: u64) -> io::Result<()> {
    let hard = rustix::process::getrlimit(Resource::Nofile).maximum;
    let narrow = |l: u64| (l != u64::MAX).then_some(l);
    let limit = Rlimit {
        current: narrow(soft),
        maximum: hard,
    };
    rustix::process::setrlimit(Resource::Nofile, limit).map_err(io::Error::from)
}

#[cfg(target_os = "linux")]
pub use crate::init::Plan;
/// No namespaces off Linux.
#[cfg(not(target_os = "linux"))]
pub struct Plan;

/// The socket a run's init reports on (none without a PID namespace).
pub type Record = Option<UnixStream>;

/// The namespace plan of a run and its record socket, where namespaces
/// are on.
pub fn prepare() -> io::Result<(Option<Plan>, Record)> {
    #[cfg(target_os = "linux")]
    return Ok(crate::init::prepare()?.map_or((None, None), |(p, r)| (Some(p), Some(r))));
    #[cfg(not(target_os = "linux"))]
    Ok((None, None))
}

/// The child's confinement between fork and exec: a session of its own
/// (so that it cannot join coinline's process group), on Linux death with
/// the thread that forked it and coinline's init in a PID namespace (see
/// init.rs), and the address-space limit. System calls only.
pub fn confine(parent: Pid, plan: Option<&Plan>, bytes: Option<u64>) -> io::Result<()> {
    rustix::process::setsid()?;
    #[cfg(target_os = "linux")]
    {
        rustix::process::set_parent_process_death_signal(Some(Signal::KILL))?;
        if rustix::process::getppid() != Some(parent) {
            // coinline died before the signal was armed.
            return Err(io::Error::from(Errno::SRCH));
        }
        if let Some(plan) = plan {
            crate::init::enter(plan)?;
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (parent, plan);
    match bytes {
        Some(bytes) => limit_address_space(bytes),
        None => Ok(()),
    }
}

/// Writes as much of `data` as the pipe takes now (it is set to
/// non-blocking); returns how much that was.
pub fn write_nonblocking(pipe: &std::process::ChildStdin, data: &[u8]) -> usize {
    if rustix::io::ioctl_fionbio(pipe, true).is_err() {
        return 0;
    }
    let mut done = 0;
    while done < data.len() {
        match rustix::io::write(pipe, &data[done..]) {
            Ok(0) => break,
            Ok(k) => done += k,
            Err(Errno::INTR) => continue,
            // Full (EAGAIN), or the program closed its input (EPIPE).
            Err(_) => break,
        }
    }
    done
}

/// Makes the pipe blocking again (for the thread that writes the rest).
pub fn set_blocking(pipe: &std::process::ChildStdin) {
    let _ = rustix::io::ioctl_fionbio(pipe, false);
}

/// The process (and group) id of a child we started.
pub fn pid_of(child: &std::process::Child) -> Pid {
    Pid::from_child(child)
}

pub fn kill_group(pgid: Pid) {
    // A group that is already gone only makes it fail with ESRCH.
    let _ = rustix::process::kill_process_group(pgid, Signal::KILL);
}

/// The process groups of the programs running now (several with
/// `stress --jobs`), so that an interrupted coinline can kill them
/// ([`crate::kill_running`]), and whether it has: a program started by
/// another thread after that is killed as soon as it is listed.
static LIVE: Mutex<(Vec<Pid>, bool)> = Mutex::new((Vec::new(), false));

/// A running program's group, listed while this guard lives.
pub struct Live(Pid);

impl Live {
    /// Starts `program` ([`crate::prepared`]) and lists its group, holding
    /// the list meanwhile: an interrupt between the start and the listing
    /// would otherwise find nothing to kill and leave the program running.
    pub fn spawn(
        program: &crate::Program,
        memory_mb: Option<u64>,
    ) -> Result<(std::process::Child, Live, Record), crate::SandboxError> {
        become_subreaper();
        let started = crate::prepared(program, memory_mb).and_then(|(mut command, record)| {
            let mut live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
            let child = command.spawn()?;
            let pgid = pid_of(&child);
            live.0.push(pgid);
            if live.1 {
                kill_group(pgid);
            }
            Ok((child, Live(pgid), record))
        });
        started.map_err(|e| program.cannot_start(e))
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        let mut live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
        live.0.retain(|&g| g != self.0);
        let mut ended = ENDED.lock().unwrap_or_else(|e| e.into_inner());
        if ended.len() >= ENDED_KEPT {
            ended.remove(0);
        }
        ended.push(self.0.as_raw_pid());
    }
}

/// The groups of the programs that ended last (at most [`ENDED_KEPT`]):
/// a member of one, killed with its group but not yet gone, is killed
/// again by a sweep but did not escape.
static ENDED: Mutex<Vec<i32>> = Mutex::new(Vec::new());
const ENDED_KEPT: usize = 1024;

/// Kills every listed group, and every group listed from now on;
/// returns how many there were.
pub fn kill_running() -> usize {
    let mut live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
    live.1 = true;
    for &pgid in live.0.iter() {
        kill_group(pgid);
    }
    sweep_locked(&live.0);
    live.0.len()
}

pub fn interrupted() -> bool {
    LIVE.lock().unwrap_or_else(|e| e.into_inner()).1
}

/// Makes this process the reaper of its orphaned descendants (Linux),
/// once: a program's child that leaves its group (setsid, setpgid)
/// and outlives it is then re-parented to us, not to init, and stays in
/// our subtree, where [`sweep`] finds it.
pub fn become_subreaper() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    #[cfg(target_os = "linux")]
    ONCE.call_once(|| {
        let _ = rustix::process::set_child_subreaper(Some(rustix::process::getpid()));
    });
    #[cfg(not(target_os = "linux"))]
    ONCE.call_once(|| {});
}

/// Processes killed by [`sweep`] so far: they had left the process
/// group of their program.
pub static ESCAPED: AtomicUsize = AtomicUsize::new(0);

/// Kills every process of our subtree that is in no running program's
/// group (it escaped its group and outlived its run), and reaps those
/// re-parented to us; returns how many were killed.
pub fn sweep() -> usize {
    let live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
    sweep_locked(&live.0)
}

/// [`sweep`], the list of running groups held (so that no program is
/// between its fork and its own group while we look); returns how many
/// of those killed had left their group.
fn sweep_locked(live: &[Pid]) -> usize {
    // Our own group is not a program's (each starts in a group of its
    // own): what is in it was started otherwise, and is left alone.
    let mut spared: HashSet<i32> = live.iter().map(|p| p.as_raw_pid()).collect();
    spared.insert(rustix::process::getpgrp().as_raw_pid());
    let ended: HashSet<i32> = ENDED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .copied()
        .collect();
    let escaped = crate::escaped::sweep(&spared, &ended);
    ESCAPED.fetch_add(escaped, Ordering::Relaxed);
    escaped
}

/// Waits for the leader to exit, kills the rest of its group while the
/// unreaped leader still holds the group id, then reaps it. With a
/// `record`, the leader was the namespace's outer process: the program's
/// status is the one its init reports (and those it killed are counted).
#[allow(unsafe_code)] // wait4: see the SAFETY comment
pub fn reap(pid: Pid, record: Record) -> io::Result<(Exit, Option<u64>)> {
    let flags = WaitIdOptions::EXITED | WaitIdOptions::NOWAIT;
    rustix::io::retry_on_intr(|| rustix::process::waitid(WaitId::Pid(pid), flags))?;
    kill_group(pid);
    // What escaped the group is killed too (this group is still listed).
    sweep();
    let raw = pid.as_raw_pid();
    let (status, usage) = loop {
        // SAFETY: rusage is a plain C struct for which all-zero bytes
        // are a valid value; wait4 reaps our own child and writes only
        // `status` and `usage`, which are valid, writable and outlive
        // the call. (rustix wraps no wait4: its waits give no rusage.)
        let (got, status, usage) = unsafe {
            let mut status = 0;
            let mut usage: libc::rusage = std::mem::zeroed();
            let got = libc::wait4(raw, &mut status, 0, &mut usage);
            (got, status, usage)
        };
        if got == raw {
            break (status, usage);
        }
        let err = io::Error::last_os_error();
        if err.kind() != io::ErrorKind::Interrupted {
            return Err(err);
        }
    };
    #[cfg(target_os = "linux")]
    let status = match record.as_ref().map(crate::init::record) {
        Some(Some((status, killed))) => {
            ESCAPED.fetch_add(killed, Ordering::Relaxed);
            status
        }
        Some(None) => libc::SIGKILL,
        None => status,
    };
    #[cfg(not(target_os = "linux"))]
    let _ = record;
    let exit = if libc::WIFSIGNALED(status) {
        Exit::Signal(libc::WTERMSIG(status))
    } else {
        Exit::Code(libc::WEXITSTATUS(status))
    };
    // ru_maxrss is in KiB on Linux and in bytes on macOS.
    let max_rss = u64::try_from(usage.ru_maxrss).ok();
    let peak_kb = if cfg!(target_os = "macos") {
        max_rss.map(|b| b / 1024)
    } else {
        max_rss
    };
    Ok((exit, peak_kb))
}

pub fn signal_name(sig: i32) -> Option<&'static str> {
    Some(match sig {
        libc::SIGHUP => "SIGHUP",
        libc::SIGINT => "SIGINT",
        libc::SIGQUIT => "SIGQUIT",
        libc::SIGILL => "SIGILL",
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGKILL => "SIGKILL",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGTERM => "SIGTERM",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGXFSZ => "SIGXFSZ",
        _ => return None,
    })
}

//! The process sandbox of `coinline stress`: start a program in its own
//! process group with optional limits, feed its input, drain its output,
//! wait for it (with `wait4`, for its peak memory) and kill its whole group.
//!
//! The input is written from a separate thread and the output drained by
//! two more, so a program that stops reading early or floods its output
//! cannot block the runner. On a timeout the whole group is killed, so a
//! script's children cannot keep the pipes open; the group is also killed
//! after a normal exit, which clears anything left in the background.
//! `--memory` sets `RLIMIT_AS` in the child before `exec`. The groups of
//! running programs are listed, so that an interrupted coinline kills them
//! ([`kill_running`]). Unix only.
//!
//! A process that leaves its program's group (`setsid`, `setpgid`) escapes
//! the group kill. On Linux this process becomes the subreaper of its
//! programs' descendants (`PR_SET_CHILD_SUBREAPER`), so such a process stays
//! in our subtree when its parent dies; at the end of each run (and of a
//! session, and on an interrupt) every process of our subtree that is in no
//! running program's group, nor in our own, is killed and reaped, walking
//! the parent links of /proc/PID/stat ([`sweep_escaped`], counted by
//! [`escaped_total`]).
//!
//! The system calls go through rustix's safe wrappers (process groups and
//! signals, resource limits, `waitid`, non-blocking pipe writes). Two
//! `unsafe` blocks remain, each with a `// SAFETY:` comment:
//! `CommandExt::pre_exec` (unsafe by its nature: the hook runs between
//! `fork` and `exec`), which sets `RLIMIT_AS` for `--memory`, and `wait4`,
//! which rustix does not wrap and which alone reports the peak memory of
//! the one child reaped. Architecture invariant: every `unsafe` block of
//! the judge lives in this file.

use coinline_core::error::{Error, Result};
use coinline_core::shell::shell_word;
use std::fmt;
use std::io::{self, Read, Write};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The most output kept from one run; more is a malformed output.
pub const STDOUT_CAP: usize = 16 << 20;
/// The most standard error kept from one run (for the failure report).
pub const STDERR_CAP: usize = 64 << 10;
/// How long to wait for the pipes to close once the program has been reaped
/// and its process group killed (only a process that left the group can
/// hold them longer).
const PIPE_GRACE: Duration = Duration::from_secs(1);

/// The program under test: a command and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    /// The command (a path, or a name looked up in `PATH`).
    pub command: String,
    /// Its arguments.
    pub args: Vec<String>,
}

impl Program {
    /// The program from its words (command first).
    pub fn new(words: &[String]) -> Result<Program> {
        let (command, args) = words
            .split_first()
            .ok_or_else(|| Error::usage("no program given (write it after --)"))?;
        Ok(Program {
            command: command.clone(),
            args: args.to_vec(),
        })
    }

    /// The program from one command string (`--reference 'python3 brute.py'`),
    /// split into words as a POSIX shell would, without expansions:
    /// whitespace separates words, `'...'` keeps everything literally,
    /// `"..."` keeps everything literally except that `\"`, `\\`, `\$` and
    /// `` \` `` stand for their second character, and a backslash outside
    /// quotes keeps the next character. `option` names the
    /// option in errors.
    pub fn from_command_line(option: &str, text: &str) -> Result<Program> {
        let words = split_words(text)
            .map_err(|why| Error::usage(format!("{option} {}: {why}", shell_word(text))))?;
        if words.is_empty() {
            return Err(Error::usage(format!(
                "{option}: the command is empty (give a program and its arguments, such as {option} 'python3 brute.py')"
            )));
        }
        Program::new(&words)
    }

    /// `self` with one more argument.
    pub fn with_arg(&self, arg: String) -> Program {
        let mut program = self.clone();
        program.args.push(arg);
        program
    }
}

/// `text` split into words as a POSIX shell splits a command line, without
/// expansions (see [`Program::from_command_line`]); the error says why not.
///
/// Not `shlex::split`: it answers `None` without saying which quote is open
/// (the refusal names it), and it reads a `#` that starts a word as the start
/// of a comment, where a program's argument may be `#1`.
pub fn split_words(text: &str) -> std::result::Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => words.extend(word.take()),
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => w.push(c),
                        None => return Err("a single quote (') is not closed".to_string()),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '$' | '`')) => w.push(c),
                            Some(c) => {
                                w.push('\\');
                                w.push(c);
                            }
                            None => return Err("a double quote (\") is not closed".to_string()),
                        },
                        Some(c) => w.push(c),
                        None => return Err("a double quote (\") is not closed".to_string()),
                    }
                }
            }
            '\\' => match chars.next() {
                Some(c) => word.get_or_insert_with(String::new).push(c),
                None => return Err("it ends with a backslash".to_string()),
            },
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Ok(words)
}

impl fmt::Display for Program {
    /// The command line, quoted for a POSIX shell.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&shell_word(&self.command))?;
        for arg in &self.args {
            write!(f, " {}", shell_word(arg))?;
        }
        Ok(())
    }
}

/// Limits on one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunLimits {
    /// Wall-clock time limit of a run, whatever its cases.
    pub timeout: Duration,
    /// A time limit per case: a run of k cases is also bounded by k times
    /// this (`--case-timeout`), if given.
    pub case_timeout: Option<Duration>,
    /// Address-space limit in MiB (`RLIMIT_AS`), if any.
    pub memory_mb: Option<u64>,
}

impl RunLimits {
    /// The limits of a run of `cases` cases: the time limit is the smaller
    /// of `timeout` and `cases` times `case_timeout`.
    pub fn for_cases(&self, cases: usize) -> RunLimits {
        let timeout = match self.case_timeout {
            Some(per_case) => {
                let k = u32::try_from(cases.max(1)).unwrap_or(u32::MAX);
                per_case.saturating_mul(k).min(self.timeout)
            }
            None => self.timeout,
        };
        RunLimits {
            timeout,
            case_timeout: None,
            memory_mb: self.memory_mb,
        }
    }
}

/// How a process ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// It exited with this status.
    Code(i32),
    /// A signal killed it.
    Signal(i32),
}

impl fmt::Display for Exit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Exit::Code(code) => write!(f, "exit status {code}"),
            Exit::Signal(sig) => match signal_name(sig) {
                Some(name) => write!(f, "killed by signal {sig} ({name})"),
                None => write!(f, "killed by signal {sig}"),
            },
        }
    }
}

/// What one execution of the program did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Execution {
    /// How it ended (for a timeout: by our SIGKILL).
    pub exit: Exit,
    /// Whether it ran past the time limit and was killed.
    pub timed_out: bool,
    /// Wall-clock time from start to exit.
    pub elapsed: Duration,
    /// Its standard output (at most [`STDOUT_CAP`] bytes).
    pub stdout: Vec<u8>,
    /// Whether the output went beyond [`STDOUT_CAP`].
    pub stdout_truncated: bool,
    /// The start of its standard error (at most [`STDERR_CAP`] bytes).
    pub stderr: String,
    /// Its peak resident memory in KiB, where the system reports it.
    pub peak_memory_kb: Option<u64>,
}

/// `program` set up to run in a process group of its own, its three
/// streams piped, its address space limited to `memory_mb` MiB if given.
#[cfg(unix)]
fn prepared(program: &Program, memory_mb: Option<u64>) -> std::process::Command {
    use std::os::unix::process::CommandExt;
    use std::process::{Command, Stdio};
    let mut command = Command::new(&program.command);
    command
        .args(&program.args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    if let Some(mb) = memory_mb {
        let bytes = mb.saturating_mul(1 << 20);
        // SAFETY: between fork and exec the hook only calls setrlimit
        // (through rustix: the one system call), which is
        // async-signal-safe, and allocates nothing (`bytes` is computed
        // before the fork, and an error is an OS error code).
        unsafe {
            command.pre_exec(move || unix::limit_address_space(bytes));
        }
    }
    command
}

/// Runs `program` once on `input`. Fails only when the program cannot be
/// started; everything it does once started is in the [`Execution`].
#[cfg(unix)]
pub fn execute(program: &Program, input: Vec<u8>, limits: &RunLimits) -> Result<Execution> {
    let mut command = prepared(program, limits.memory_mb);
    unix::become_subreaper();
    let start = Instant::now();
    let (mut child, _live) = unix::Live::spawn(&mut command)
        .map_err(|e| Error::usage(format!("cannot start {}: {e}", program.command)))?;
    let pid = unix::pid_of(&child);
    let (Some(mut stdin), Some(stdout), Some(stderr)) =
        (child.stdin.take(), child.stdout.take(), child.stderr.take())
    else {
        unix::kill_group(pid);
        return Err(Error::internal("the program's pipes could not be opened"));
    };
    // What fits in the pipe is written at once, without blocking; a thread
    // writes the rest (if any), so a program that reads late cannot block
    // us. A program that stops reading early makes the write fail; that is
    // fine.
    let written = unix::write_nonblocking(&stdin, &input);
    if written < input.len() {
        unix::set_blocking(&stdin);
        std::thread::spawn(move || {
            let _ = stdin.write_all(&input[written..]);
        });
    } else {
        // The end of the input.
        drop(stdin);
    }
    let out = drain(stdout, STDOUT_CAP);
    let err = drain(stderr, STDERR_CAP);
    let (done_tx, done) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = done_tx.send(unix::reap(pid));
    });
    let (ended, timed_out) = match done.recv_timeout(limits.timeout) {
        Ok(ended) => (ended, false),
        Err(_) => {
            unix::kill_group(pid);
            let ended = done
                .recv()
                .map_err(|_| Error::internal("lost track of the program's process"))?;
            (ended, true)
        }
    };
    let elapsed = start.elapsed();
    let (exit, peak_memory_kb) =
        ended.map_err(|e| Error::internal(format!("cannot wait for the program: {e}")))?;
    let deadline = Instant::now() + PIPE_GRACE;
    let (stdout, stdout_truncated) = collect(&out, deadline);
    let (stderr, _) = collect(&err, deadline);
    Ok(Execution {
        exit,
        timed_out,
        elapsed,
        stdout,
        stdout_truncated,
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
        peak_memory_kb,
    })
}

/// Runs `program` once on `input` (not available off Unix).
#[cfg(not(unix))]
pub fn execute(program: &Program, input: Vec<u8>, limits: &RunLimits) -> Result<Execution> {
    let _ = (program, input, limits);
    Err(Error::unsupported(
        "coinline stress runs programs only on Unix systems",
    ))
}

#[cfg(unix)]
mod escaped;
#[cfg(unix)]
pub mod session;

#[cfg(unix)]
mod unix {
    use super::Exit;
    use rustix::io::Errno;
    use rustix::process::{Pid, Resource, Rlimit, Signal, WaitId, WaitIdOptions};
    use std::collections::HashSet;
    use std::io;
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
    /// ([`super::kill_running`]), and whether it has: a program started by
    /// another thread after that is killed as soon as it is listed.
    static LIVE: Mutex<(Vec<Pid>, bool)> = Mutex::new((Vec::new(), false));

    /// A running program's group, listed while this guard lives.
    pub struct Live(Pid);

    impl Live {
        /// Starts `command` and lists its group, holding the list meanwhile:
        /// an interrupt between the start and the listing would otherwise
        /// find nothing to kill and leave the program running.
        pub fn spawn(
            command: &mut std::process::Command,
        ) -> io::Result<(std::process::Child, Live)> {
            let mut live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
            let child = command.spawn()?;
            let pgid = pid_of(&child);
            live.0.push(pgid);
            if live.1 {
                kill_group(pgid);
            }
            Ok((child, Live(pgid)))
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
        let escaped = super::escaped::sweep(&spared, &ended);
        ESCAPED.fetch_add(escaped, Ordering::Relaxed);
        escaped
    }

    /// Waits for the leader to exit, kills the rest of its group while the
    /// unreaped leader still holds the group id, then reaps it.
    pub fn reap(pid: Pid) -> io::Result<(Exit, Option<u64>)> {
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
}

/// Kills the process group of every program running now (on an interrupt
/// of coinline itself: the programs run in groups of their own, so the
/// terminal's Ctrl-C does not reach them), and of every program started
/// after this call (by another `--jobs` thread, before coinline exits).
/// Returns how many were running.
pub fn kill_running() -> usize {
    #[cfg(unix)]
    return unix::kill_running();
    #[cfg(not(unix))]
    0
}

/// Whether [`kill_running`] was called (coinline is being interrupted):
/// no program started from now on runs.
pub fn interrupted() -> bool {
    #[cfg(unix)]
    return unix::interrupted();
    #[cfg(not(unix))]
    false
}

/// Kills what is left of finished programs: every process below this one
/// that is in no running program's process group (it left its group with
/// `setsid` or `setpgid`), found through /proc on Linux, where this process
/// is their subreaper. Returns how many were killed. Each run's end does it
/// already; a session's end does it once more for the last run.
pub fn sweep_escaped() -> usize {
    #[cfg(unix)]
    return unix::sweep();
    #[cfg(not(unix))]
    0
}

/// How many processes every sweep of this process has killed so far (see
/// [`sweep_escaped`]).
pub fn escaped_total() -> usize {
    #[cfg(unix)]
    return unix::ESCAPED.load(std::sync::atomic::Ordering::Relaxed);
    #[cfg(not(unix))]
    0
}

/// This process's (soft, hard) limits on open files, `u64::MAX` for no
/// limit; `None` where they cannot be read (or off Unix).
pub fn open_files_limits() -> Option<(u64, u64)> {
    #[cfg(unix)]
    return unix::open_files_limits();
    #[cfg(not(unix))]
    None
}

/// Sets this process's soft limit on open files to `soft` (at most the hard
/// limit).
pub fn set_open_files_limit(soft: u64) -> io::Result<()> {
    #[cfg(unix)]
    return unix::set_open_files_limit(soft);
    #[cfg(not(unix))]
    {
        let _ = soft;
        Err(io::Error::new(
            io::ErrorKind::Unsupported,
            "no limits on open files here",
        ))
    }
}

/// The name of signal `sig` (`SIGSEGV`), where known.
pub fn signal_name(sig: i32) -> Option<&'static str> {
    #[cfg(unix)]
    return unix::signal_name(sig);
    #[cfg(not(unix))]
    {
        let _ = sig;
        None
    }
}

enum Piece {
    Data(Vec<u8>),
    Truncated,
}

/// Reads a pipe to its end on its own thread, passing on at most `cap`
/// bytes and discarding the rest (so a flood cannot fill memory).
fn drain(mut pipe: impl Read + Send + 'static, cap: usize) -> mpsc::Receiver<Piece> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut kept = 0;
        let mut told = false;
        let mut buf = vec![0u8; 1 << 16];
        loop {
            match pipe.read(&mut buf) {
                Ok(0) => break,
                Ok(k) => {
                    let take = k.min(cap - kept);
                    if take > 0 && tx.send(Piece::Data(buf[..take].to_vec())).is_err() {
                        break;
                    }
                    kept += take;
                    if take < k && !told {
                        told = true;
                        let _ = tx.send(Piece::Truncated);
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
    });
    rx
}

/// What a [`drain`] passed on by `deadline` (or its end, if sooner).
fn collect(rx: &mpsc::Receiver<Piece>, deadline: Instant) -> (Vec<u8>, bool) {
    let (mut bytes, mut truncated) = (Vec::new(), false);
    while let Ok(piece) = rx.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
        match piece {
            Piece::Data(d) => bytes.extend_from_slice(&d),
            Piece::Truncated => truncated = true,
        }
    }
    (bytes, truncated)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines_split_like_a_shell() {
        let words = |t: &str| split_words(t).unwrap();
        assert_eq!(words("python3  brute.py"), ["python3", "brute.py"]);
        assert_eq!(
            words(" awk -f 'my brute.awk' "),
            ["awk", "-f", "my brute.awk"]
        );
        assert_eq!(
            words(r#"sh -c "echo \"a\" \$x \n""#),
            ["sh", "-c", r#"echo "a" $x \n"#]
        );
        assert_eq!(words(r"a\ b ''"), ["a b", ""]);
        assert_eq!(words("it''s"), ["its"]);
        assert!(words("   ").is_empty());
        for bad in ["'open", "\"open", "end\\"] {
            assert!(split_words(bad).is_err(), "{bad}");
        }
        // A program's own quoting splits back into its words.
        let program = Program::from_command_line("--reference", r"awk -f 'a b.awk' it\'s").unwrap();
        assert_eq!(program.args, ["-f", "a b.awk", "it's"]);
        let again = Program::from_command_line("--reference", &program.to_string()).unwrap();
        assert_eq!(again, program);
        assert!(Program::from_command_line("--generator", " ").is_err());
        assert!(Program::from_command_line("--generator", "'x").is_err());
    }
}

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
//! On Linux a program runs, where the kernel allows, in a PID namespace
//! of its own with coinline's minimal init (init.rs): it cannot signal or
//! stop coinline, and nothing it started outlives its run or coinline.
//! Elsewhere, or with `COINLINE_SANDBOX=groups`, it runs in a session of
//! its own (so that it cannot join coinline's process group), and on Linux
//! dies with coinline (a parent-death signal).
//!
//! The system calls go through rustix's safe wrappers (process groups and
//! signals, resource limits, `waitid`, non-blocking pipe writes). The
//! `unsafe` blocks left, each with a `// SAFETY:` comment:
//! `CommandExt::pre_exec` (unsafe by its nature: the hook runs between
//! `fork` and `exec`), which confines the child and sets `RLIMIT_AS` for
//! `--memory`; `wait4`, which rustix does not wrap and which alone reports
//! the peak memory of the one child reaped; and init.rs's raw calls.
//! Architecture invariant: every `unsafe` block of the drivers lives in
//! this crate.

#![warn(missing_docs)]
// Unsafe code only on the functions ARCHITECTURE.md lists.
#![deny(unsafe_code)]
#![allow(clippy::disallowed_methods)] // it starts the program under test

use coinline_core::error::Result;
use coinline_core::shell::shell_word;
use std::fmt;
use std::sync::Arc;

mod error;
pub use error::{SandboxError, SplitFault};
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
        let (command, args) = words.split_first().ok_or(SandboxError::NoProgram)?;
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
        let option = option.to_string();
        let words = split_words(text).map_err(|fault| SandboxError::Unsplittable {
            option: option.clone(),
            text: text.to_string(),
            fault,
        })?;
        if words.is_empty() {
            Err(SandboxError::EmptyCommand { option })?;
        }
        Program::new(&words)
    }

    /// The error of a failed start of this program.
    fn cannot_start(&self, source: io::Error) -> SandboxError {
        let command = self.command.clone();
        let source = Arc::new(source);
        SandboxError::CannotStart { command, source }
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
pub fn split_words(text: &str) -> std::result::Result<Vec<String>, SplitFault> {
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
                        None => return Err(SplitFault::OpenSingleQuote),
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
                            None => return Err(SplitFault::OpenDoubleQuote),
                        },
                        Some(c) => w.push(c),
                        None => return Err(SplitFault::OpenDoubleQuote),
                    }
                }
            }
            '\\' => match chars.next() {
                Some(c) => word.get_or_insert_with(String::new).push(c),
                None => return Err(SplitFault::EndsInBackslash),
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

/// `program` set up to run in a session of its own (and, where the kernel
/// allows, a PID namespace with coinline's init: init.rs), killed when
/// coinline dies, its three streams piped, its address space limited to
/// `memory_mb` MiB if given; with the socket its init reports on.
#[cfg(unix)]
#[allow(unsafe_code)] // pre_exec: see the SAFETY comment
fn prepared(
    program: &Program,
    memory_mb: Option<u64>,
) -> io::Result<(std::process::Command, unix::Record)> {
    use std::os::unix::process::CommandExt;
    use std::process::{Command, Stdio};
    let mut command = Command::new(&program.command);
    command
        .args(&program.args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let bytes = memory_mb.map(|mb| mb.saturating_mul(1 << 20));
    let (plan, record) = unix::prepare()?;
    let parent = rustix::process::getpid();
    // SAFETY: between fork and exec the hook makes only system calls
    // (through rustix, and init's raw ones), which are async-signal-safe,
    // and allocates nothing (the limit and the namespace plan are made
    // before the fork, and an error is an OS error code).
    unsafe {
        command.pre_exec(move || unix::confine(parent, plan.as_ref(), bytes));
    }
    Ok((command, record))
}

/// Runs `program` once on `input`. Fails only when the program cannot be
/// started; everything it does once started is in the [`Execution`].
#[cfg(unix)]
pub fn execute(program: &Program, input: Vec<u8>, limits: &RunLimits) -> Result<Execution> {
    let start = Instant::now();
    let (mut child, _live, record) = unix::Live::spawn(program, limits.memory_mb)?;
    let pid = unix::pid_of(&child);
    let (Some(mut stdin), Some(stdout), Some(stderr)) =
        (child.stdin.take(), child.stdout.take(), child.stderr.take())
    else {
        unix::kill_group(pid);
        Err(SandboxError::NoPipes)?
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
        let _ = done_tx.send(unix::reap(pid, record));
    });
    let (ended, timed_out) = match done.recv_timeout(limits.timeout) {
        Ok(ended) => (ended, false),
        Err(_) => {
            unix::kill_group(pid);
            let ended = done.recv().map_err(|_| SandboxError::LostTrack)?;
            (ended, true)
        }
    };
    let elapsed = start.elapsed();
    let (exit, peak_memory_kb) = ended.map_err(cannot_wait)?;
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

/// The error of a failed wait for a program.
#[cfg(unix)]
fn cannot_wait(source: io::Error) -> SandboxError {
    let source = Arc::new(source);
    SandboxError::CannotWait { source }
}

/// Runs `program` once on `input` (not available off Unix).
#[cfg(not(unix))]
pub fn execute(program: &Program, input: Vec<u8>, limits: &RunLimits) -> Result<Execution> {
    let _ = (program, input, limits);
    Err(SandboxError::NotUnix.into())
}

#[cfg(unix)]
pub mod conversation;
#[cfg(unix)]
mod escaped;
#[cfg(target_os = "linux")]
mod init;
#[cfg(target_os = "linux")]
mod quiet;

#[cfg(unix)]
mod unix;

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
        let open = [
            ("'open", SplitFault::OpenSingleQuote),
            ("\"open", SplitFault::OpenDoubleQuote),
            ("\"a\\", SplitFault::OpenDoubleQuote),
            ("end\\", SplitFault::EndsInBackslash),
        ];
        for (bad, fault) in open {
            assert_eq!(split_words(bad), Err(fault), "{bad}");
        }
        // A program's own quoting splits back into its words.
        let program = Program::from_command_line("--reference", r"awk -f 'a b.awk' it\'s").unwrap();
        assert_eq!(program.args, ["-f", "a b.awk", "it's"]);
        let again = Program::from_command_line("--reference", &program.to_string()).unwrap();
        assert_eq!(again, program);
        let refused = |t: &str| Program::from_command_line("--generator", t).unwrap_err();
        let empty = refused(" ");
        assert!(matches!(
            empty.layer::<SandboxError>(),
            Some(SandboxError::EmptyCommand { option }) if option == "--generator"
        ));
        let open = refused("'x");
        assert!(matches!(
            open.layer::<SandboxError>(),
            Some(SandboxError::Unsplittable {
                fault: SplitFault::OpenSingleQuote,
                ..
            })
        ));
        // The wording is what the user reads: the option, the text as typed, why.
        assert_eq!(
            open.to_string(),
            "--generator \"'x\": a single quote (') is not closed"
        );
    }
}

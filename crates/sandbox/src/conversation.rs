//! An outside program in conversation: lines written to its input and read
//! from its output one at a time, each read bounded by a time limit, for
//! `coinline play`. It runs as [`super::execute`]'s programs do: in its own
//! process group, listed for an interrupt, its whole group killed and
//! reaped at the end (and whatever escaped the group swept), its standard
//! error drained on a thread so that it cannot block.
//!
//! Reads and writes wait in `poll` on this thread, with no thread between
//! the program and the judge: a move costs two pipe transfers, which is
//! what keeps an instant program at tens of thousands of moves a second.

use super::unix::{self, Live};
use super::{cannot_wait, SandboxError};
use super::{collect, drain, Exit, Piece, Program, PIPE_GRACE, STDERR_CAP};
use coinline_core::error::Result;
use rustix::event::{poll, PollFd, PollFlags, Timespec};
use rustix::io::Errno;
use rustix::process::Pid;
use std::process::{ChildStdin, ChildStdout};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// What a read of one line found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Heard {
    /// A line, without its newline (and without a carriage return before it).
    Line(Vec<u8>),
    /// The output ended (the program closed it or exited); what came after
    /// the last newline, if anything.
    Ended(Vec<u8>),
    /// Nothing complete within the time limit; what had come so far.
    Silent(Vec<u8>),
    /// A line longer than the cap allows.
    TooLong,
}

/// How the program ended, after [`Conversation::finish`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ended {
    /// Its exit.
    pub exit: Exit,
    /// Whether it had to be killed (it outlived the grace period).
    pub killed: bool,
    /// What it wrote after its input was closed (at most the cap of a line).
    pub extra: Vec<u8>,
    /// The start of its standard error.
    pub stderr: String,
}

/// A running program and its two pipes.
pub struct Conversation {
    pid: Pid,
    stdin: Option<ChildStdin>,
    stdout: ChildStdout,
    // Bytes read but not yet returned as lines.
    buf: Vec<u8>,
    start: usize,
    eof: bool,
    err: mpsc::Receiver<Piece>,
    reaped: bool,
    record: unix::Record,
    #[cfg(target_os = "linux")]
    tree: crate::quiet::Tree,
    _live: Live,
    _child: std::process::Child,
}

/// A `poll` timeout of `d`.
fn timespec(d: Duration) -> Timespec {
    Timespec {
        tv_sec: d.as_secs().try_into().unwrap_or(i64::MAX),
        tv_nsec: d.subsec_nanos().into(),
    }
}

impl Conversation {
    /// Starts `program` (its address space limited to `memory_mb` MiB if
    /// given). Fails only when it cannot be started.
    pub fn start(program: &Program, memory_mb: Option<u64>) -> Result<Conversation> {
        let (mut child, live, record) = Live::spawn(program, memory_mb)?;
        let pid = unix::pid_of(&child);
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            unix::kill_group(pid);
            Err(SandboxError::NoPipes)?
        };
        // Writes never block: a program that stops reading meets the time
        // limit instead.
        if rustix::io::ioctl_fionbio(&stdin, true).is_err() {
            unix::kill_group(pid);
            Err(SandboxError::BlockingInput)?
        }
        Ok(Conversation {
            pid,
            stdin: Some(stdin),
            stdout,
            buf: Vec::new(),
            start: 0,
            eof: false,
            err: drain(stderr, STDERR_CAP),
            reaped: false,
            record,
            #[cfg(target_os = "linux")]
            tree: crate::quiet::Tree::new(pid.as_raw_pid()),
            _live: live,
            _child: child,
        })
    }

    /// Writes `text` to the program's input within `limit`. False if the
    /// program does not take it in time, or closed its input.
    pub fn send(&mut self, text: &[u8], limit: Duration) -> bool {
        let Some(stdin) = &self.stdin else {
            return false;
        };
        let deadline = Instant::now() + limit;
        let mut done = 0;
        while done < text.len() {
            match rustix::io::write(stdin, &text[done..]) {
                Ok(k) => done += k,
                Err(Errno::INTR) => {}
                Err(Errno::AGAIN) => {
                    let left = deadline.saturating_duration_since(Instant::now());
                    let mut fds = [PollFd::new(stdin, PollFlags::OUT)];
                    if left.is_zero() || poll(&mut fds, Some(&timespec(left))).unwrap_or(0) == 0 {
                        return false;
                    }
                }
                Err(_) => return false,
            }
        }
        true
    }

    /// Waits up to `limit` until every process of the program is asleep or
    /// has exited (quiet.rs; Linux, where /proc shows them: at once
    /// elsewhere). What it has written by then, it wrote before it was told
    /// more. False if it was still busy at the deadline.
    pub fn settle(&mut self, limit: Duration) -> bool {
        #[cfg(target_os = "linux")]
        return self.tree.settle(limit) != Some(false);
        #[cfg(not(target_os = "linux"))]
        {
            let _ = limit;
            true
        }
    }

    /// Whether output is waiting to be read now (a line the program wrote
    /// out of turn).
    pub fn has_output(&mut self) -> bool {
        if self.start < self.buf.len() {
            return true;
        }
        if self.eof {
            return false;
        }
        let mut fds = [PollFd::new(&self.stdout, PollFlags::IN)];
        if poll(&mut fds, Some(&timespec(Duration::ZERO))).unwrap_or(0) == 0 {
            return false;
        }
        // A hang-up alone is an exit, not output: the next read reports it.
        self.fill(Duration::ZERO);
        self.start < self.buf.len()
    }

    /// Reads more output within `limit`: false on silence; at the end of
    /// the output, true with `eof` set.
    fn fill(&mut self, limit: Duration) -> bool {
        let mut fds = [PollFd::new(&self.stdout, PollFlags::IN)];
        match poll(&mut fds, Some(&timespec(limit))) {
            Ok(0) => return false,
            Ok(_) => {}
            Err(Errno::INTR) => return true,
            Err(_) => {
                self.eof = true;
                return true;
            }
        }
        if self.start > 0 && self.start == self.buf.len() {
            self.buf.clear();
            self.start = 0;
        }
        let old = self.buf.len();
        self.buf.resize(old + (1 << 16), 0);
        let got = loop {
            match rustix::io::read(&self.stdout, &mut self.buf[old..]) {
                Err(Errno::INTR) => continue,
                other => break other.unwrap_or(0),
            }
        };
        self.buf.truncate(old + got);
        if got == 0 {
            self.eof = true;
        }
        true
    }

    /// The next line of output within `limit`, at most `cap` bytes long.
    pub fn read_line(&mut self, limit: Duration, cap: usize) -> Heard {
        let deadline = Instant::now() + limit;
        let mut searched = self.start;
        loop {
            if let Some(k) = self.buf[searched..].iter().position(|&b| b == b'\n') {
                let end = searched + k;
                // Over `cap` whether it came in one piece or several.
                if end - self.start > cap {
                    return Heard::TooLong;
                }
                let mut line = self.buf[self.start..end].to_vec();
                self.start = end + 1;
                if line.last() == Some(&b'\r') {
                    line.pop();
                }
                return Heard::Line(line);
            }
            if self.buf.len() - self.start > cap {
                return Heard::TooLong;
            }
            if self.eof {
                let rest = self.buf[self.start..].to_vec();
                self.start = self.buf.len();
                return Heard::Ended(rest);
            }
            searched = self.buf.len();
            let left = deadline.saturating_duration_since(Instant::now());
            // `fill` may move the unread bytes to the front.
            let before = self.start;
            if left.is_zero() || !self.fill(left) {
                return Heard::Silent(self.buf[self.start..].to_vec());
            }
            searched -= before - self.start;
        }
    }

    /// Closes the program's input, waits up to `grace` for it to end
    /// (killing its group after that), reaps it and keeps what it wrote
    /// meanwhile (at most `cap` bytes). The output is read until it ends,
    /// or until 1 s after the reaping (which kills what is left
    /// of the program): a process it left behind holding its output delays
    /// nothing.
    pub fn finish(mut self, grace: Duration, cap: usize) -> Result<Ended> {
        self.stdin = None;
        let mut deadline = Instant::now() + grace;
        let mut extra = self.buf[self.start..].to_vec();
        let (pid, record) = (self.pid, self.record.take());
        let (tx, done) = mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(unix::reap(pid, record));
        });
        let mut reaped = None;
        while !self.eof && extra.len() <= cap {
            if reaped.is_none() {
                reaped = done.try_recv().ok();
                deadline = reaped
                    .as_ref()
                    .map_or(deadline, |_| Instant::now() + PIPE_GRACE);
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            self.buf.clear();
            self.start = 0;
            if self.fill(left.min(Duration::from_millis(10))) {
                extra.extend_from_slice(&self.buf);
            }
        }
        extra.truncate(cap);
        let left = deadline.saturating_duration_since(Instant::now());
        let (ended, killed) = match reaped.map_or_else(|| done.recv_timeout(left), Ok) {
            Ok(ended) => (ended, false),
            Err(_) => {
                unix::kill_group(pid);
                let ended = done.recv().map_err(|_| SandboxError::LostTrack)?;
                (ended, true)
            }
        };
        self.reaped = true;
        let (exit, _) = ended.map_err(cannot_wait)?;
        let (stderr, _) = collect(&self.err, Instant::now() + PIPE_GRACE);
        Ok(Ended {
            exit,
            killed,
            extra,
            stderr: String::from_utf8_lossy(&stderr).into_owned(),
        })
    }
}

impl Drop for Conversation {
    /// A session left unfinished (a breach): its group killed and reaped.
    fn drop(&mut self) {
        if !self.reaped {
            self.stdin = None;
            unix::kill_group(self.pid);
            let _ = unix::reap(self.pid, self.record.take());
        }
    }
}

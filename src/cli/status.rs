//! What a command reports back, and every write of the binary to the
//! standard streams. A message goes to standard error through [`say!`]: if
//! standard error itself fails there is nowhere left to report, so the
//! line is dropped and the exit status alone says what happened. A
//! command's result goes to standard output through [`print()`],
//! [`to_stdout`] or [`Lines`]: a failed write is an error (exit status 2,
//! `cannot write to standard output: ...`), a closed pipe a quiet end
//! (status 0), never a panic's backtrace.

use coinline_core::error::{Error, ErrorKind, Result};
use std::io::Write;

/// What a command reports back to `main`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Everything checked out.
    Ok,
    /// A failure (disagreement, wrong answer ...) was found.
    FailureFound,
}

impl Status {
    /// `FailureFound` when a failure was `found`, `Ok` otherwise.
    pub fn failure_if(found: bool) -> Status {
        match found {
            true => Status::FailureFound,
            false => Status::Ok,
        }
    }
}

/// `eprintln!` that cannot panic: one line to standard error, dropped if
/// standard error fails (see [`say_line`]).
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::cli::status::say_line(format_args!($($arg)*))
    };
}
pub(crate) use say;

/// Writes `line` and a newline to standard error in one write. A failure
/// is dropped: there is nowhere to report it, and the exit status still
/// says what happened.
pub fn say_line(line: std::fmt::Arguments<'_>) {
    let mut text = line.to_string();
    text.push('\n');
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}

/// Standard error as a writer for a library's report (stress's): every
/// write succeeds, what standard error refuses is dropped (see [`say_line`]).
pub struct Report;

impl Write for Report {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let _ = std::io::stderr().write_all(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let _ = std::io::stderr().flush();
        Ok(())
    }
}

/// The error of a failed write to standard output ([`ErrorKind::BrokenPipe`]
/// for a closed pipe, which `main` turns into a quiet status 0).
fn stdout_error(err: &std::io::Error) -> Error {
    Error::output("standard output", err)
}

/// Standard output that keeps its first failed write, so the error a
/// library returns for it (which names what it was writing, or hides a
/// closed pipe in its own words) becomes the error of standard output.
struct Recording<'a> {
    out: std::io::StdoutLock<'a>,
    failed: Option<std::io::Error>,
}

impl Recording<'_> {
    fn keep<T>(&mut self, result: std::io::Result<T>) -> std::io::Result<T> {
        if let Err(e) = &result {
            if self.failed.is_none() {
                self.failed = Some(match e.raw_os_error() {
                    Some(code) => std::io::Error::from_raw_os_error(code),
                    None => std::io::Error::new(e.kind(), e.to_string()),
                });
            }
        }
        result
    }
}

impl Write for Recording<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let written = self.out.write(buf);
        self.keep(written)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let flushed = self.out.flush();
        self.keep(flushed)
    }
}

/// Runs `fill` on standard output, then flushes it. A failed write is the
/// error, whatever `fill` made of it: `cannot write to standard output:
/// REASON`, or for a closed pipe the quiet end.
pub fn to_stdout<T>(fill: impl FnOnce(&mut dyn Write) -> Result<T>) -> Result<T> {
    let mut out = Recording {
        out: std::io::stdout().lock(),
        failed: None,
    };
    let result = fill(&mut out);
    let flushed = out.flush();
    match out.failed {
        Some(e) => Err(stdout_error(&e)),
        None => match flushed {
            Ok(()) => result,
            Err(e) => Err(stdout_error(&e)),
        },
    }
}

/// Writes `text` to standard output and flushes it; a failed write is an
/// error (a closed pipe ends the command quietly, see [`super::main`]).
pub fn print(text: &str) -> Result<()> {
    to_stdout(|w| w.write_all(text.as_bytes()).map_err(|e| stdout_error(&e)))
}

/// Lines to standard output as they come, from code that cannot stop on a
/// failed write (a callback): after the first failure nothing more is
/// written, and [`Lines::check`] returns it.
#[derive(Default)]
pub struct Lines {
    failed: std::cell::RefCell<Option<Error>>,
}

impl Lines {
    /// Writes `text` and a newline, flushed, unless a write failed before.
    pub fn say(&self, text: &str) {
        let mut failed = self.failed.borrow_mut();
        if failed.is_none() {
            *failed = print(&format!("{text}\n")).err();
        }
    }

    /// The first failed write, if any.
    pub fn check(&self) -> Result<()> {
        self.failed.borrow().clone().map_or(Ok(()), Err)
    }
}

/// The exit status of a command's outcome (docs/options.md, Exit
/// statuses); 128 + a signal is the interrupt handler's.
pub fn exit_status(outcome: &Result<Status>) -> u8 {
    let err = match outcome {
        Ok(Status::Ok) => return 0,
        Ok(Status::FailureFound) => return 1,
        Err(err) => err,
    };
    match err.root_kind() {
        // A closed standard output (`| head`): the reader has what it wanted.
        ErrorKind::BrokenPipe => 0,
        ErrorKind::BadToken { .. }
        | ErrorKind::Overflow
        | ErrorKind::TooLarge { .. }
        | ErrorKind::UnknownName { .. }
        | ErrorKind::TooManyValues { .. }
        | ErrorKind::LongToken { .. }
        | ErrorKind::NotACase(_)
        | ErrorKind::Within { .. }
        | ErrorKind::Io { .. }
        | ErrorKind::Layer(_) => 2,
        // ErrorKind is non_exhaustive: a kind added later is bad usage or
        // input until it is placed above.
        _ => 2,
    }
}

/// Ends the process's run: the error of `outcome`, unless it exits 0, as
/// one line on standard error, and its exit status.
pub fn finish(outcome: Result<Status>) -> std::process::ExitCode {
    let status = exit_status(&outcome);
    match &outcome {
        Err(err) if status != 0 => say!("coinline: error: {err}"),
        _ => {}
    }
    std::process::ExitCode::from(status)
}

/// A panic when standard output fails (a `println!` somewhere below the
/// binary) becomes the one-line error (exit 2), or for a closed pipe a
/// quiet exit 0, never a backtrace.
pub fn quiet_stdout_panics() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if let Some(reason) = message.strip_prefix("failed printing to stdout: ") {
            if reason.contains("Broken pipe") {
                std::process::exit(0);
            }
            let reason = reason.split(" (os error").next().unwrap_or(reason);
            say!("coinline: error: cannot write to standard output: {reason}");
            std::process::exit(2);
        }
        default(info);
    }));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::error::{RunError, UsageError};

    #[test]
    fn lines_keep_the_first_failure() {
        let lines = Lines::default();
        assert_eq!(lines.check(), Ok(()));
        let first = Error::new(ErrorKind::Overflow);
        *lines.failed.borrow_mut() = Some(first.clone());
        lines.say("not written");
        assert_eq!(lines.check(), Err(first));
    }

    #[test]
    fn all_well_exits_0() {
        assert_eq!(exit_status(&Ok(Status::Ok)), 0);
    }

    #[test]
    fn a_failure_found_exits_1() {
        assert_eq!(exit_status(&Ok(Status::FailureFound)), 1);
    }

    #[test]
    fn a_closed_standard_output_exits_0_within_a_context() {
        let pipe = std::io::Error::from(std::io::ErrorKind::BrokenPipe);
        assert_eq!(exit_status(&Err(stdout_error(&pipe))), 0);
        assert_eq!(exit_status(&Err(stdout_error(&pipe).within("--out"))), 0);
    }

    #[test]
    fn every_other_error_exits_2() {
        let full = std::io::Error::from_raw_os_error(27); // EFBIG
        let error = stdout_error(&full);
        assert_eq!(
            error.to_string(),
            "cannot write to standard output: File too large"
        );
        let usage = Error::from(UsageError::NoBoards).within("compare");
        let run = Error::from(RunError::NoRowsWritten { command: "merge" });
        let overflow = Error::new(ErrorKind::Overflow);
        for err in [error, usage, run, overflow] {
            assert_eq!(exit_status(&Err(err.clone())), 2, "{err}");
        }
    }
}

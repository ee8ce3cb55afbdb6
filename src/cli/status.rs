//! What a command reports back, and its writes to standard output: a
//! failed write is an error (exit status 2), a closed pipe a quiet end
//! (status 0), never a panic's backtrace.

use coinline_core::error::{Error, Result};
use std::io::Write;

/// What a command reports back to `main`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Everything checked out.
    Ok,
    /// A failure (disagreement, wrong answer ...) was found.
    FailureFound,
}

/// Writes `text` to standard output and flushes it; a failed write is an
/// error (a closed pipe ends the command quietly, see [`super::main`]).
pub fn print(text: &str) -> Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| Error::output("standard output", &e))
}

/// `println!` panics when standard output fails; that panic becomes the
/// one-line error (exit 2), or for a closed pipe a quiet exit 0, never a
/// backtrace.
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
            eprintln!("coinline: error: cannot write to standard output: {reason}");
            std::process::exit(2);
        }
        default(info);
    }));
}

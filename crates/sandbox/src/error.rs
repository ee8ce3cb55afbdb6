//! The sandbox's errors: a program that cannot be named, started or waited for.

// A field is what its variant's message names: no doc of its own.
#![allow(missing_docs)]

use coinline_core::shell::shell_word;
use std::sync::Arc;

/// Why a program could not be run.
#[derive(Debug, Clone, thiserror::Error)]
pub enum SandboxError {
    /// No words where the program should be.
    #[error("no program given (write it after --)")]
    NoProgram,
    /// The command line of `option` does not split into words.
    #[error("{option} {}: {fault}", shell_word(text))]
    Unsplittable {
        option: String,
        text: String,
        #[source]
        fault: SplitFault,
    },
    /// The command line of `option` holds no word.
    #[error("{option}: the command is empty (give a program and its arguments, such as {option} 'python3 brute.py')")]
    EmptyCommand { option: String },
    /// The operating system refused to start `command`.
    #[error("cannot start {command}: {source}")]
    CannotStart {
        command: String,
        source: Arc<std::io::Error>,
    },
    /// A started program came without its pipes.
    #[error("the program's pipes could not be opened")]
    NoPipes,
    /// The program's input cannot be written without blocking.
    #[error("the program's input cannot be made non-blocking")]
    BlockingInput,
    /// The thread that waits for the program went away.
    #[error("lost track of the program's process")]
    LostTrack,
    /// Waiting for the program failed.
    #[error("cannot wait for the program: {source}")]
    CannotWait { source: Arc<std::io::Error> },
    /// Programs run only on Unix.
    #[error("coinline stress runs programs only on Unix systems")]
    NotUnix,
}

/// Why a command line does not split into words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SplitFault {
    /// A `'` opens a quote that no `'` closes.
    #[error("a single quote (') is not closed")]
    OpenSingleQuote,
    /// A `"` opens a quote that no `"` closes.
    #[error("a double quote (\") is not closed")]
    OpenDoubleQuote,
    /// The last character is a backslash, escaping nothing.
    #[error("it ends with a backslash")]
    EndsInBackslash,
}

coinline_core::error::layer_errors!(SandboxError);

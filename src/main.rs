//! The `coinline` binary: the command line over the library. It parses
//! arguments, draws progress, prints and maps outcomes to exit statuses;
//! the work is done by the library crates (`coinline_core`,
//! `coinline_harness`).

#![forbid(unsafe_code)]
// The command line exits and touches files: see ARCHITECTURE.md. It prints
// only through cli::status, never with the print macros.
#![allow(clippy::disallowed_methods)]

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}

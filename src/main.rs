//! The `coinline` binary: the command line over the library. It parses
//! arguments, draws progress, prints and maps outcomes to exit statuses;
//! the work is done by the `coinline` library.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}

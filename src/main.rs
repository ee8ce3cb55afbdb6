//! The `coinline` binary: everything lives in the library's `cli` module.

fn main() -> std::process::ExitCode {
    coinline::cli::main()
}

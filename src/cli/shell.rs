//! `coinline completions SHELL` and `coinline man --out DIR`: shell
//! completions and man pages generated from the clap definitions, so they
//! cannot drift from the options.

use super::status::Status;
use crate::cli::status::say;
use clap::Args;
use coinline_core::error::{Error, Result};
use coinline_harness::output::{self, check_writable};
use std::path::PathBuf;

/// Arguments of `coinline completions`.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  coinline completions bash > ~/.local/share/bash-completion/completions/coinline
  coinline completions zsh > ~/.zfunc/_coinline
  coinline completions fish > ~/.config/fish/completions/coinline.fish

Exit status: 0 written, 2 bad usage or a failed write.")]
pub struct CompletionsArgs {
    /// The shell: bash, elvish, fish, powershell or zsh.
    #[arg(value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

/// Arguments of `coinline man`.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  coinline man --out target/man && man target/man/coinline-compare.1
  coinline man --out ~/.local/share/man/man1

Exit status: 0 written, 2 bad usage or a folder that cannot be written.")]
pub struct ManArgs {
    /// Directory the pages are written to (coinline.1, coinline-solve.1, ...).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
}

/// Prints the completion script of `args.shell` for `command` (coinline's
/// definition) on standard output.
pub fn completions(args: &CompletionsArgs, mut command: clap::Command) -> Result<Status> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "coinline", &mut script);
    super::status::print(&String::from_utf8_lossy(&script))?;
    Ok(Status::Ok)
}

/// Writes one man page per command and subcommand of `command`
/// (coinline's definition) into `args.out`.
pub fn man(args: &ManArgs, mut command: clap::Command) -> Result<Status> {
    check_writable("--out", &args.out, true)?;
    std::fs::create_dir_all(&args.out).map_err(|e| Error::io(&args.out, &e))?;
    command.build();
    let mut written = Vec::new();
    write_pages(&command, "coinline", args, &mut written)?;
    say!(
        "wrote {} to {}",
        super::text::plural(written.len() as u64, "man page"),
        args.out.display()
    );
    Ok(Status::Ok)
}

fn write_pages(
    command: &clap::Command,
    name: &str,
    args: &ManArgs,
    written: &mut Vec<String>,
) -> Result<()> {
    let file = format!("{name}.1");
    let page = clap_mangen::Man::new(command.clone().name(name.to_string()));
    let path = args.out.join(&file);
    output::write(&path, |w| page.render(w))?;
    written.push(file);
    for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
        write_pages(sub, &format!("{name}-{}", sub.get_name()), args, written)?;
    }
    Ok(())
}

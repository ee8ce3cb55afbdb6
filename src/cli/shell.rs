//! `coinline completions SHELL` and `coinline man --out DIR`: shell
//! completions and man pages generated from the clap definitions, so they
//! cannot drift from the options.

use super::options::ForceArg;
use super::status::Status;
use crate::cli::status::say;
use clap::Args;
use coinline_core::error::{Error, Result};
use coinline_output::{Kind, Plan, Transaction};
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

Exit status: 0 written, 2 bad usage or a folder that cannot be written.
Outputs: the pages land together or not at all, and an existing page coinline
did not write is replaced only with --force (see docs/options.md, Outputs).")]
pub struct ManArgs {
    /// Directory the pages are written to (coinline.1, coinline-solve.1, ...).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    #[command(flatten)]
    pub force: ForceArg,
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
/// (coinline's definition) into `args.out`, as one transaction, after
/// checking that every page it replaces is coinline's.
pub fn man(args: &ManArgs, mut command: clap::Command) -> Result<Status> {
    command.build();
    let mut pages = Vec::new();
    collect_pages(&command, "coinline", &mut pages);
    // Every page's path, checked before any is written.
    let files = (pages.iter()).map(|(file, _)| (file.clone(), Kind::ManPage));
    Plan::new(args.force.force)
        .folder_of("--out", &args.out, files.collect())
        .check()?;
    std::fs::create_dir_all(&args.out).map_err(|e| Error::io(&args.out, &e))?;
    let mut transaction = Transaction::new();
    for (file, page) in &pages {
        transaction.stage_io(&args.out.join(file), |w| page.render(w))?;
    }
    transaction.commit()?;
    say!(
        "wrote {} to {}",
        coinline_core::error::plural(pages.len() as u64, "man page"),
        args.out.display()
    );
    Ok(Status::Ok)
}

/// The man page of `command` and of each subcommand, with its file name.
fn collect_pages(command: &clap::Command, name: &str, pages: &mut Vec<(String, clap_mangen::Man)>) {
    let page = clap_mangen::Man::new(command.clone().name(name.to_string()));
    pages.push((format!("{name}.1"), page));
    for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
        collect_pages(sub, &format!("{name}-{}", sub.get_name()), pages);
    }
}

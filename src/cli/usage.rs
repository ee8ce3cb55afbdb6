//! Usage errors: each of clap's errors as one line on standard error, in
//! clap's own words (its rendering without styles and without the usage,
//! its indented lines joined), then the help of the (sub)command it is about:
//!
//! ```text
//! coinline: error: unexpected argument '--sed' found; a similar argument exists: '--seed' (see 'coinline compare --help')
//! ```
//!
//! A value the user typed is cut as every message cuts what it quotes
//! ([`cut_text`]: 40 characters, then `...`, and the length after clap's
//! quotes), so a huge argument is never echoed in full.

use crate::cli::status::{finish, say};
use clap::error::ContextKind::{self, InvalidArg, InvalidSubcommand, InvalidValue};
use clap::error::{ContextValue, ErrorKind};
use coinline_core::error::{cut_text, Error};
use std::borrow::Cow;
use std::process::ExitCode;

/// Prints help and version as clap does; turns every other clap error into
/// one line and exit status 2. `command` is coinline's definition, whose
/// subcommands the line's help names.
pub fn usage_error(err: clap::Error, command: &clap::Command) -> ExitCode {
    match err.kind() {
        // The help on standard output: a failed write is an error, a closed
        // pipe (`--help | head`) a quiet end.
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => match err.print() {
            Err(e) => finish(Err(Error::output("standard output", &e))),
            Ok(()) => ExitCode::SUCCESS,
        },
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            // On standard error: if that fails, the status still says it.
            let _ = err.print();
            ExitCode::from(2)
        }
        _ => {
            // Lossy: an argument that is not UTF-8 is itself the error.
            let args: Vec<String> = std::env::args_os()
                .map(|a| a.to_string_lossy().into_owned())
                .collect();
            say!("coinline: error: {}", one_line(err, command, &args));
            ExitCode::from(2)
        }
    }
}

/// A clap error as one line: clap's message, the lines it indents under it
/// (a list it announces, the valid values, `tip:`s) joined on, and the help
/// of the (sub)command of `command` that `args` name.
pub fn one_line(mut err: clap::Error, command: &clap::Command, args: &[String]) -> String {
    err.remove(ContextKind::Usage);
    let mut rendered = err.render().to_string();
    // What the user typed, wherever clap quotes it (tips too), cut short.
    for kind in [InvalidArg, InvalidValue, InvalidSubcommand] {
        if let Some(ContextValue::String(typed)) = err.get(kind) {
            if let Cow::Owned(cut) = cut_text(typed) {
                // As the library quotes: `...` inside the quotes, the length after.
                let chars = typed.chars().count();
                rendered = rendered
                    .replace(
                        &format!("'{typed}'"),
                        &format!("'{cut}' ({chars} characters)"),
                    )
                    .replace(typed.as_str(), &cut);
            }
        }
    }
    let mut lines = rendered.lines().filter(|l| !l.is_empty());
    let first = lines.next().unwrap_or_default();
    let mut line = first.strip_prefix("error: ").unwrap_or(first).to_string();
    let listing = line.ends_with(':');
    // Indented: the rest of the message; "For more information" is not.
    for more in lines.map_while(|l| l.strip_prefix("  ")) {
        let (sep, more) = match more.strip_prefix("tip: ") {
            Some(tip) => ("; ", tip),
            None if listing && !line.ends_with(':') => (", ", more),
            None => (" ", more),
        };
        line = format!("{line}{sep}{more}");
    }
    let path = subcommand_path(command, args);
    // `stress --problem P ./prog`: the program's words go after `--`.
    let stray = matches!(err.get(InvalidArg), Some(ContextValue::String(a)) if !a.starts_with('-'));
    if err.kind() == ErrorKind::UnknownArgument && stray && path == "coinline stress" {
        line += "; the program under test goes after `--` (coinline stress --problem P -- ./prog)";
    }
    format!("{line} (see '{path} --help')")
}

/// The (sub)command the arguments name: `coinline study odd-n`, or
/// `coinline play --human` as typed.
fn subcommand_path(mut command: &clap::Command, args: &[String]) -> String {
    let mut path = vec!["coinline".to_string()];
    for arg in args.iter().skip(1) {
        let Some(sub) = command.find_subcommand(arg) else {
            break;
        };
        path.push(arg.clone());
        command = sub;
    }
    // The terminal game is named as typed: `play --human` (before `--`).
    let human = args
        .iter()
        .take_while(|a| *a != "--")
        .any(|a| a == "--human");
    if human && path == ["coinline", "play"] {
        path.push("--human".into());
    }
    path.join(" ")
}

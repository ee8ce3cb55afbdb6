//! Usage errors: each of clap's errors as one line on standard error, built
//! from the error's structured context (its kind, the argument and value at
//! fault, the valid values, clap's suggestions) rather than from its
//! rendered text, then the help of the (sub)command it is about:
//!
//! ```text
//! coinline: error: unexpected argument '--sed' found; a similar argument exists: '--seed' (see 'coinline compare --help')
//! ```
//!
//! The words are clap's own (the same sentences its rendering prints), so a
//! message reads as clap's everywhere. A value the user typed is cut to
//! [`QUOTED_CHARS`] characters, so a huge argument is never echoed in full.

use crate::cli::status::say;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use coinline_core::error::QUOTED_CHARS;
use std::process::ExitCode;

/// Prints help and version as clap does; turns every other clap error into
/// one line and exit status 2. `command` is coinline's definition, whose
/// subcommands the line's help names.
pub fn usage_error(err: clap::Error, command: &clap::Command) -> ExitCode {
    match err.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => match err.print() {
            // The help on standard output: a failed write is an error, a
            // closed pipe (`--help | head`) a quiet end.
            Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                say!(
                    "coinline: error: {}",
                    coinline_core::error::Error::output("standard output", &e)
                );
                ExitCode::from(2)
            }
            _ => ExitCode::SUCCESS,
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
            say!("coinline: error: {}", one_line(&err, command, &args));
            ExitCode::from(2)
        }
    }
}

/// A clap error as one line: the message (with the list it announces, and
/// an enumerated option's choices), clap's "did you mean" tips, and the
/// help of the (sub)command of `command` that `args` name.
pub fn one_line(err: &clap::Error, command: &clap::Command, args: &[String]) -> String {
    let mut line = message(err);
    for tip in tips(err) {
        line += "; ";
        line += &tip;
    }
    let path = subcommand_path(command, args);
    // `stress --problem P ./prog`: the program's words go after `--`.
    let stray = text(err, ContextKind::InvalidArg).is_some_and(|a| !a.starts_with('-'));
    if err.kind() == ErrorKind::UnknownArgument && stray && path == "coinline stress" {
        line += "; the program under test goes after `--` (coinline stress --problem P -- ./prog)";
    }
    format!("{line} (see '{path} --help')")
}

/// The context of `kind` when it is one string.
fn text(err: &clap::Error, kind: ContextKind) -> Option<&str> {
    match err.get(kind) {
        Some(ContextValue::String(s)) => Some(s),
        _ => None,
    }
}

/// The context of `kind` when it is a list of strings.
fn strings(err: &clap::Error, kind: ContextKind) -> Option<&[String]> {
    match err.get(kind) {
        Some(ContextValue::Strings(s)) => Some(s),
        _ => None,
    }
}

/// The context of `kind` when it is a number.
fn number(err: &clap::Error, kind: ContextKind) -> Option<isize> {
    match err.get(kind) {
        Some(ContextValue::Number(n)) => Some(*n),
        _ => None,
    }
}

/// The message of `err`, in clap's words, on one line.
fn message(err: &clap::Error) -> String {
    let arg = text(err, ContextKind::InvalidArg).map(shorten);
    let value = text(err, ContextKind::InvalidValue).map(shorten);
    let built = match (err.kind(), arg, value) {
        (ErrorKind::InvalidValue, Some(arg), Some(value)) => {
            let mut message = if value.is_empty() {
                format!("a value is required for '{arg}' but none was supplied")
            } else {
                format!("invalid value '{value}' for '{arg}'")
            };
            if let Some(valid) = strings(err, ContextKind::ValidValue).filter(|v| !v.is_empty()) {
                let valid: Vec<String> = valid.iter().map(|v| escape(v)).collect();
                message += &format!(" [possible values: {}]", valid.join(", "));
            }
            Some(message)
        }
        (ErrorKind::ValueValidation, Some(arg), Some(value)) => {
            Some(match std::error::Error::source(err) {
                Some(why) => format!("invalid value '{value}' for '{arg}': {why}"),
                None => format!("invalid value '{value}' for '{arg}'"),
            })
        }
        (ErrorKind::TooManyValues, Some(arg), Some(value)) => Some(format!(
            "unexpected value '{value}' for '{arg}' found; no more were expected"
        )),
        (ErrorKind::UnknownArgument, Some(arg), _) => {
            Some(format!("unexpected argument '{arg}' found"))
        }
        (ErrorKind::NoEquals, Some(arg), _) => Some(format!(
            "equal sign is needed when assigning values to '{arg}'"
        )),
        (ErrorKind::TooFewValues, Some(arg), _) => {
            let (least, given) = (
                number(err, ContextKind::MinValues),
                number(err, ContextKind::ActualNumValues),
            );
            least.zip(given).map(|(least, given)| {
                format!(
                    "{least} values required by '{arg}'; only {given}{}",
                    provided(given)
                )
            })
        }
        (ErrorKind::WrongNumberOfValues, Some(arg), _) => {
            let (wanted, given) = (
                number(err, ContextKind::ExpectedNumValues),
                number(err, ContextKind::ActualNumValues),
            );
            wanted.zip(given).map(|(wanted, given)| {
                format!(
                    "{wanted} values required for '{arg}' but {given}{}",
                    provided(given)
                )
            })
        }
        (ErrorKind::ArgumentConflict, _, _) => Some(conflict(err)),
        (ErrorKind::InvalidSubcommand, _, _) => text(err, ContextKind::InvalidSubcommand)
            .map(|sub| format!("unrecognized subcommand '{}'", shorten(sub))),
        (ErrorKind::MissingRequiredArgument, _, _) => {
            strings(err, ContextKind::InvalidArg).map(|missing| {
                format!(
                    "the following required arguments were not provided: {}",
                    missing.join(", ")
                )
            })
        }
        (ErrorKind::MissingSubcommand, _, _) => {
            text(err, ContextKind::InvalidSubcommand).map(|command| {
                format!(
                    "'{}' requires a subcommand but one was not provided",
                    shorten(command)
                )
            })
        }
        _ => None,
    };
    // Without context (clap's raw messages, which coinline does not make):
    // what the kind says.
    built.unwrap_or_else(
        || match (err.kind().as_str(), std::error::Error::source(err)) {
            (Some(said), _) => said.to_string(),
            (None, Some(why)) => why.to_string(),
            (None, None) => "invalid arguments".to_string(),
        },
    )
}

/// "the argument 'A' cannot be used with 'B'" (or with several, or twice).
fn conflict(err: &clap::Error) -> String {
    let prior = err.get(ContextKind::PriorArg);
    let (mut message, prior) = match (text(err, ContextKind::InvalidArg), prior) {
        (Some(arg), Some(ContextValue::String(same))) if same == arg => (
            format!(
                "the argument '{}' cannot be used multiple times",
                shorten(arg)
            ),
            None,
        ),
        (Some(arg), prior) => (
            format!("the argument '{}' cannot be used with", shorten(arg)),
            prior,
        ),
        (None, prior) => match text(err, ContextKind::InvalidSubcommand) {
            Some(sub) => (
                format!("the subcommand '{}' cannot be used with", shorten(sub)),
                prior,
            ),
            None => (
                ErrorKind::ArgumentConflict
                    .as_str()
                    .unwrap_or("")
                    .to_string(),
                prior,
            ),
        },
    };
    match prior {
        Some(ContextValue::Strings(others)) => message += &format!(": {}", others.join(", ")),
        Some(ContextValue::String(other)) => message += &format!(" '{}'", shorten(other)),
        Some(_) => message += " one or more of the other specified arguments",
        None => {}
    }
    message
}

/// " was provided" or " were provided", as clap words a count.
fn provided(count: isize) -> &'static str {
    if count > 1 {
        " were provided"
    } else {
        " was provided"
    }
}

/// A possible value as clap lists it: in double quotes when empty or
/// holding a space.
fn escape(value: &str) -> String {
    if value.is_empty() || value.contains(char::is_whitespace) {
        format!("{value:?}")
    } else {
        value.to_string()
    }
}

/// clap's tips: a similar subcommand, argument or value, then its other
/// suggestions (how to pass a value that looks like an option ...).
fn tips(err: &clap::Error) -> Vec<String> {
    let mut tips = Vec::new();
    for (kind, what) in [
        (ContextKind::SuggestedSubcommand, "subcommand"),
        (ContextKind::SuggestedArg, "argument"),
        (ContextKind::SuggestedValue, "value"),
    ] {
        let similar: Vec<String> = match err.get(kind) {
            Some(ContextValue::String(one)) => vec![one.clone()],
            Some(ContextValue::Strings(some)) => some.clone(),
            _ => continue,
        };
        let quoted: Vec<String> = similar
            .iter()
            .map(|s| format!("'{}'", shorten(s)))
            .collect();
        tips.push(match quoted.len() {
            1 => format!("a similar {what} exists: {}", quoted[0]),
            _ => format!("some similar {what}s exist: {}", quoted.join(", ")),
        });
    }
    if let Some(ContextValue::StyledStrs(suggested)) = err.get(ContextKind::Suggested) {
        // These come as clap's sentences, which quote the user's argument
        // ("to pass '-x' as a value, use '-- -x'").
        tips.extend(suggested.iter().map(|s| shorten_quoted(&s.to_string())));
    }
    tips
}

/// The (sub)command the arguments name: `coinline study odd-n`.
fn subcommand_path(command: &clap::Command, args: &[String]) -> String {
    let mut command = command;
    let mut path = vec!["coinline".to_string()];
    for arg in args.iter().skip(1) {
        match command.find_subcommand(arg) {
            Some(sub) => {
                path.push(arg.clone());
                command = sub;
            }
            None => break,
        }
    }
    // `play --human` is the hidden `play-human` (cli::arguments): name it as typed.
    let before_program = args.iter().take_while(|a| *a != "--");
    if path.len() == 2 && path[1] == "play" && before_program.into_iter().any(|a| a == "--human") {
        path.push("--human".into());
    }
    path.join(" ")
}

/// `text` cut to [`QUOTED_CHARS`] characters, with the length of the whole.
fn shorten(text: &str) -> String {
    match text.char_indices().nth(QUOTED_CHARS) {
        Some((cut, _)) => format!("{}... ({} characters)", &text[..cut], text.chars().count()),
        None => text.to_string(),
    }
}

/// Cuts each '...'-quoted value in one of clap's sentences with [`shorten`].
fn shorten_quoted(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(open) = rest.find('\'') {
        out.push_str(&rest[..=open]);
        rest = &rest[open + 1..];
        // A closing quote ends a word: the end, a space or punctuation
        // follows it.
        let closes = |(i, c): &(usize, char)| {
            *c == '\''
                && rest[i + 1..]
                    .chars()
                    .next()
                    .is_none_or(|next| " :,;)".contains(next))
        };
        let Some((close, _)) = rest.char_indices().find(closes) else {
            break;
        };
        out.push_str(&shorten(&rest[..close]));
        out.push('\'');
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::FromArgMatches;

    fn error(args: &[&str]) -> String {
        let command = crate::cli::command();
        let err = command
            .clone()
            .try_get_matches_from(args)
            .and_then(|m| crate::cli::Cli::from_arg_matches(&m))
            .expect_err("bad usage");
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        one_line(&err, &command, &args)
    }

    #[test]
    fn usage_errors_are_one_line_with_tips_and_the_subcommands_help() {
        let e = error(&["coinline", "compare", "--sed", "1"]);
        assert!(e.contains("'--sed'"), "{e}");
        assert!(e.contains("a similar argument exists: '--seed'"), "{e}");
        assert!(e.ends_with("(see 'coinline compare --help')"), "{e}");
        let e = error(&["coinline", "sovle"]);
        assert!(e.contains("'solve'"), "{e}");
        assert!(e.ends_with("(see 'coinline --help')"), "{e}");
        let e = error(&["coinline", "solve", "--format", "xml", "1"]);
        assert_eq!(
            e,
            "invalid value 'xml' for '--format <FORMAT>' [possible values: table, csv, json] \
             (see 'coinline solve --help')"
        );
        let e = error(&["coinline", "study", "odd-n", "--max-n", "x"]);
        assert!(e.ends_with("(see 'coinline study odd-n --help')"), "{e}");
        for e in [e, error(&["coinline", "stress"])] {
            assert!(!e.contains('\n'), "{e}");
        }
        // The library's message follows whole.
        let e = error(&["coinline", "solve", "--game", "stonegame", "1"]);
        assert!(
            e.contains("for '--game <GAME>': unknown game \"stonegame\""),
            "{e}"
        );
        assert!(
            e.contains("'take=1..3 delete=2' (see coinline games)"),
            "{e}"
        );
        assert!(!e.contains("characters)"), "{e}");
        let long = "x".repeat(60);
        let e = error(&["coinline", "solve", "--game", &long, "1"]);
        assert!(e.contains("invalid value 'xxxxxxxx"), "{e}");
        assert!(
            e.contains("... (60 characters)' for '--game <GAME>'"),
            "{e}"
        );
    }

    #[test]
    fn each_kind_of_usage_error_reads_as_clap_words_it() {
        let cases: [(&[&str], &str); 8] = [
            (
                &["coinline", "stress"],
                "the following required arguments were not provided: --problem <NAME>, \
                 <PROGRAM>... (see 'coinline stress --help')",
            ),
            (
                &["coinline", "compare", "--shard", "1/2", "--only", "3"],
                "the argument '--shard <K/N>' cannot be used with '--only <INDEX>' \
                 (see 'coinline compare --help')",
            ),
            (
                &["coinline", "compare", "--timings=yes"],
                "unexpected value 'yes' for '--timings' found; no more were expected \
                 (see 'coinline compare --help')",
            ),
            (
                &["coinline", "compare", "--rows"],
                "a value is required for '--rows <WHICH>' but none was supplied \
                 [possible values: all, failures] (see 'coinline compare --help')",
            ),
            (
                &["coinline", "completions", "bsh"],
                "invalid value 'bsh' for '<SHELL>' [possible values: bash, elvish, fish, \
                 powershell, zsh]; a similar value exists: 'bash' \
                 (see 'coinline completions --help')",
            ),
            (
                &["coinline", "stress", "--problme", "lines", "--", "cat"],
                "unexpected argument '--problme' found; a similar argument exists: \
                 '--problem'; to pass '--problme' as a value, use '-- --problme' \
                 (see 'coinline stress --help')",
            ),
            (
                &["coinline", "study", "oddn"],
                "unrecognized subcommand 'oddn'; a similar subcommand exists: 'odd-n' \
                 (see 'coinline study --help')",
            ),
            (
                &["coinline", "bench", "--max-n", "-1"],
                "invalid value '-1' for '--max-n <N>': invalid digit found in string \
                 (see 'coinline bench --help')",
            ),
        ];
        for (args, line) in cases {
            assert_eq!(error(args), line, "{args:?}");
        }
    }

    #[test]
    fn a_quoted_value_is_cut_at_its_own_closing_quote() {
        let long = "y".repeat(50);
        let tip = format!("to pass '--{long}' as a value, use '-- --{long}'");
        let cut = shorten_quoted(&tip);
        assert!(
            cut.contains(&format!("'--{}... (52 characters)'", &long[..38])),
            "{cut}"
        );
        assert!(cut.contains("... (55 characters)'"), "{cut}");
        assert_eq!(shorten_quoted("'it's' here"), "'it's' here");
    }
}

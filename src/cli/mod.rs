//! The `coinline` command line: argument definitions and dispatch.
//!
//! Architecture invariant: this layer (with the report writers) is the only
//! code that touches files, standard streams and exit codes. Each
//! subcommand lives in its own file with its `clap` arguments and a `run`
//! function that calls the library.
//!
//! Exit codes: 0 all well (also when standard output is closed early, as
//! by `| head`), 1 a failure was found, 2 bad usage or input (including
//! nothing to check, and a failed write), 128 + the signal when
//! interrupted (130 SIGINT, 143 SIGTERM, 129 SIGHUP).

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use coinline_core::error::{Error, ErrorKind, Result};
use std::io::Write;
use std::process::ExitCode;

pub mod bench;
pub mod compare;
pub mod decay;
pub mod explain;
pub mod games;
pub mod judge;
pub mod merge;
pub mod options;
pub mod outcomes;
pub mod problems;
pub mod shell;
pub mod solve;
pub mod stress;
pub mod study;

/// Verification and fuzzing harness for take-from-the-ends games.
#[derive(Debug, Parser)]
#[command(name = "coinline", version, about, long_about = None, after_help = AFTER_HELP)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

const AFTER_HELP: &str = "\
Examples:
  coinline solve 8 15 3 7
  coinline compare --game all --boards 3000 --seed 42 --out target/compare.csv
  coinline stress --problem cses-removal-game -- ./my-solution

Every command writes its result (a table, rows, answers, a page) to standard
output and its report (progress, notes, failures, what it wrote) to standard
error. Exit status: 0 all well, 1 a failure was found, 2 bad usage or input,
128 + the signal when interrupted. The manual: docs/README.md.";

/// The command line's definition: clap's, with the help texts that are
/// computed (the solver and heuristic names of `solve --help`).
pub fn command() -> clap::Command {
    Cli::command().mut_subcommand("solve", |c| c.after_help(solve::after_help()))
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve one board with every exact solver and heuristic.
    Solve(solve::SolveArgs),
    /// Check generated boards with every solver and heuristic; write CSV reports.
    Compare(compare::CompareArgs),
    /// Join the CSV outputs of `compare --shard K/N` runs.
    Merge(merge::MergeArgs),
    /// Run your own solution against the trusted solver on generated judge inputs.
    Stress(stress::StressArgs),
    /// Print the trusted answers of a judge input, or check expected answers.
    Judge(judge::JudgeArgs),
    /// Studies that answer a question with a report (odd-n, decay, outcomes).
    Study(study::StudyArgs),
    /// Time every exact solver on growing boards.
    Bench(bench::BenchArgs),
    /// Write one board as a self-contained HTML page: table, line, greedy's mistake.
    Explain(explain::ExplainArgs),
    /// List the built-in games (aliases of rule sets) and the invariants checked in each.
    Games(games::GamesArgs),
    /// List the built-in judge problems, or print one's problem file.
    Problems(problems::ProblemsArgs),
    /// Print a shell completion script for coinline.
    Completions(shell::CompletionsArgs),
    /// Write coinline's man pages (coinline.1 and one per subcommand).
    Man(shell::ManArgs),
}

/// What a command reports back to `main`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Everything checked out.
    Ok,
    /// A failure (disagreement, wrong answer ...) was found.
    FailureFound,
}

/// Parses the process arguments, runs the command and maps the outcome to
/// an exit code, printing any error as one line on stderr.
pub fn main() -> ExitCode {
    quiet_stdout_panics();
    let cli = match command()
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m))
    {
        Ok(cli) => cli,
        Err(err) => return usage_error(err),
    };
    interrupts::install(cli.command.name());
    let result = match cli.command {
        Command::Solve(args) => solve::run(&args),
        Command::Compare(args) => compare::run(&args),
        Command::Merge(args) => merge::run(&args),
        Command::Stress(args) => stress::run(&args),
        Command::Judge(args) => judge::run(&args),
        Command::Study(args) => study::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Explain(args) => explain::run(&args),
        Command::Games(args) => games::games(&args),
        Command::Problems(args) => problems::run(&args),
        Command::Completions(args) => shell::completions(&args),
        Command::Man(args) => shell::man(&args),
    };
    // What is still buffered must reach standard output too, or fail loudly.
    let result = result.and_then(|status| {
        std::io::stdout()
            .flush()
            .map_err(|e| Error::output("standard output", &e))?;
        Ok(status)
    });
    match result {
        Ok(Status::Ok) => ExitCode::SUCCESS,
        Ok(Status::FailureFound) => ExitCode::from(1),
        Err(err) if *err.kind() == ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("coinline: error: {err}");
            ExitCode::from(2)
        }
    }
}

impl Command {
    /// The subcommand's name, for messages.
    pub fn name(&self) -> &'static str {
        match self {
            Command::Solve(_) => "solve",
            Command::Compare(_) => "compare",
            Command::Merge(_) => "merge",
            Command::Stress(_) => "stress",
            Command::Judge(_) => "judge",
            Command::Study(_) => "study",
            Command::Bench(_) => "bench",
            Command::Explain(_) => "explain",
            Command::Games(_) => "games",
            Command::Problems(_) => "problems",
            Command::Completions(_) => "completions",
            Command::Man(_) => "man",
        }
    }
}

/// Writes `text` to standard output and flushes it; a failed write is an
/// error (a closed pipe ends the command quietly, see [`main`]).
pub fn print(text: &str) -> Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| Error::output("standard output", &e))
}

/// `println!` panics when standard output fails; that panic becomes the
/// one-line error (exit 2), or for a closed pipe a quiet exit 0, never a
/// backtrace.
fn quiet_stdout_panics() {
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

/// A rate as a whole number with thousands separators: `46,010`.
pub fn thousands(rate: f64) -> String {
    let digits = format!("{:.0}", rate.max(0.0));
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Refuses `-` (the board from standard input) among other values, which
/// would otherwise be read as a value and called "not an integer".
pub fn stdin_dash_alone(values: &[String]) -> Result<()> {
    if values.len() > 1 && values.iter().any(|v| v == "-") {
        return Err(Error::invalid(format!(
            "`-` reads the board from standard input, so it must be the only value \
             (it was given with {})",
            plural(values.len() as u64 - 1, "other value")
        )));
    }
    Ok(())
}

/// `count` and `noun`, with an `s` unless the count is 1.
pub fn plural(count: u64, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

/// Parses a non-negative number option; a negative one gets a message
/// naming the option and its range, not clap's "unexpected argument".
pub fn non_negative<T: std::str::FromStr>(
    option: &'static str,
    range: &'static str,
) -> impl Fn(&str) -> std::result::Result<T, String> + Clone + Send + Sync + 'static {
    move |text: &str| {
        text.trim().parse::<T>().map_err(|_| {
            let shown = quote_token(text);
            if text.trim().starts_with('-') {
                format!("{option} cannot be negative ({shown}); it takes a whole number in {range}")
            } else {
                format!("{option} takes a whole number in {range}; {shown} is not one")
            }
        })
    }
}

/// A token of the user's input quoted for a message: at most 40
/// characters of it, with the length of the rest.
pub fn quote_token(token: &str) -> String {
    coinline_core::error::quote_token(token)
}

/// Ctrl-C, SIGTERM and SIGHUP: kill the programs under test, remove the
/// temporary files being written (so every previous output stays as it
/// was), say so in one line and exit with 128 + the signal.
mod interrupts {
    #[cfg(unix)]
    pub fn install(command: &'static str) {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
            return;
        };
        std::thread::spawn(move || {
            if let Some(signal) = signals.forever().next() {
                let name = match signal {
                    SIGINT => "SIGINT",
                    SIGTERM => "SIGTERM",
                    _ => "SIGHUP",
                };
                let killed = coinline_harness::judge::sandbox::kill_running();
                let kept = coinline_harness::output::abandon_pending();
                let mut said = vec![format!("coinline {command}: interrupted by {name}")];
                if killed > 0 {
                    said.push("killed the program under test".into());
                }
                said.push(if kept.is_empty() {
                    "no output was being written".to_string()
                } else {
                    let names: Vec<String> = kept.iter().map(|p| p.display().to_string()).collect();
                    format!(
                        "removed the unfinished output; kept {} as it was",
                        names.join(", ")
                    )
                });
                eprintln!("{}", said.join("; "));
                std::process::exit(128 + signal);
            }
        });
    }

    #[cfg(not(unix))]
    pub fn install(_command: &'static str) {}
}

/// Prints help and version as clap does; turns every other clap error into
/// one line and exit status 2.
fn usage_error(err: clap::Error) -> ExitCode {
    use clap::error::ErrorKind as K;
    match err.kind() {
        K::DisplayHelp | K::DisplayVersion | K::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = err.print();
            if err.kind() == K::DisplayHelpOnMissingArgumentOrSubcommand {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            }
        }
        _ => {
            eprintln!("coinline: error: {}", one_line(&err.render().to_string()));
            ExitCode::from(2)
        }
    }
}

/// A clap error as one line: the message, a list it announces with a
/// colon, clap's "did you mean" tip, and the help of the (sub)command the
/// error is about.
fn one_line(text: &str) -> String {
    one_line_for(text, &std::env::args().collect::<Vec<_>>())
}

/// The (sub)command the arguments name: `coinline study odd-n`.
fn subcommand_path(args: &[String]) -> String {
    let mut command = command();
    let mut path = vec!["coinline".to_string()];
    for arg in args.iter().skip(1) {
        match command.find_subcommand(arg) {
            Some(sub) => {
                path.push(arg.clone());
                command = sub.clone();
            }
            None => break,
        }
    }
    path.join(" ")
}

fn one_line_for(text: &str, args: &[String]) -> String {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let first = lines.next().unwrap_or("invalid arguments");
    let first = shorten_quoted(first.strip_prefix("error: ").unwrap_or(first));
    let rest: Vec<&str> = lines.collect();
    // "...were not provided:" is followed by an indented list; keep it.
    let listed: Vec<&str> = match first.ends_with(':') {
        true => rest
            .iter()
            .take_while(|l| l.starts_with(' '))
            .map(|l| l.trim())
            .collect(),
        false => Vec::new(),
    };
    let mut message = [first.as_str(), &listed.join(", ")].join(" ");
    let message_len = message.trim_end().len();
    message.truncate(message_len);
    // An enumerated option's choices ("  [possible values: a, b]").
    for values in rest
        .iter()
        .map(|l| l.trim())
        .filter(|l| l.starts_with("[possible values:"))
    {
        message += &format!(" {values}");
    }
    for tip in rest.iter().filter_map(|l| l.trim().strip_prefix("tip: ")) {
        message += &format!("; {}", shorten_quoted(tip));
    }
    let command = subcommand_path(args);
    format!("{message} (see '{command} --help')")
}

/// Cuts each '...'-quoted value in a clap message to 40 characters, so a
/// huge argument is never echoed in full.
fn shorten_quoted(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(open) = rest.find('\'') {
        out.push_str(&rest[..=open]);
        rest = &rest[open + 1..];
        // A closing quote ends a word: the end, a space or punctuation
        // follows it (clap writes `'--game <GAME>':`).
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
        let quoted = &rest[..close];
        match quoted
            .char_indices()
            .nth(coinline_core::error::QUOTED_CHARS)
        {
            Some((cut, _)) => {
                let total = quoted.chars().count();
                out.push_str(&format!("{}... ({total} characters)", &quoted[..cut]));
            }
            None => out.push_str(quoted),
        }
        out.push('\'');
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// Parses a command-line value with the library's `FromStr`, for clap's
/// `value_parser`; the library's error becomes clap's message.
pub fn parse_with<T: std::str::FromStr<Err = Error>>(s: &str) -> Result<T, String> {
    s.parse::<T>().map_err(|e| e.to_string())
}

/// A terminal progress bar (indicatif) behind the library's
/// [`coinline_core::progress::Progress`]; draws nothing when stderr is not a
/// terminal.
pub struct Bar(indicatif::ProgressBar);

impl Bar {
    /// A bar with rate and ETA on a terminal, hidden otherwise.
    pub fn new(total: u64, unit: &str) -> Self {
        let bar = Bar(indicatif::ProgressBar::hidden());
        coinline_core::progress::Progress::start(&bar, total, unit);
        bar
    }

    /// A bar that is drawn only once a stage starts.
    pub fn idle() -> Self {
        Bar(indicatif::ProgressBar::hidden())
    }
}

impl coinline_core::progress::Progress for Bar {
    fn start(&self, total: u64, unit: &str) {
        use std::io::IsTerminal;
        if !std::io::stderr().is_terminal() {
            return;
        }
        self.0
            .set_draw_target(indicatif::ProgressDrawTarget::stderr());
        self.0.set_length(total);
        self.0.set_position(0);
        let template = format!(
            "{{elapsed_precise}} [{{bar:40}}] {{human_pos}}/{{human_len}} {unit} ({{rate}}, ETA {{eta}})"
        );
        if let Ok(style) = indicatif::ProgressStyle::with_template(&template) {
            // indicatif's {per_sec} has four decimals; a rate needs none.
            let style = style.with_key(
                "rate",
                |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{}/s", thousands(state.per_sec()));
                },
            );
            self.0.set_style(style.progress_chars("=> "));
        }
    }

    fn advance(&self, done: u64) {
        self.0.inc(done);
    }

    fn finish(&self) {
        self.0.finish_and_clear();
    }

    fn suspend(&self, print: &mut dyn FnMut()) {
        self.0.suspend(print);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_have_no_decimals() {
        assert_eq!(thousands(46_010.552_4), "46,011");
        assert_eq!(thousands(999.4), "999");
        assert_eq!(thousands(1_234_567.0), "1,234,567");
    }

    fn error(args: &[&str]) -> String {
        let err = command()
            .try_get_matches_from(args)
            .and_then(|m| Cli::from_arg_matches(&m))
            .expect_err("bad usage");
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        one_line_for(&err.render().to_string(), &args)
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
        // Quoted text inside the library's message survives: each quoted
        // value ends at its own closing quote.
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
    fn every_help_ends_with_examples_and_exit_statuses() {
        fn walk(cmd: &mut clap::Command, path: &str, missing: &mut Vec<String>) {
            let name = format!("{path} {}", cmd.get_name()).trim().to_string();
            if cmd.has_subcommands() && cmd.get_name() != "coinline" {
                for sub in cmd.get_subcommands_mut() {
                    walk(sub, &name, missing);
                }
                return;
            }
            let help = cmd.render_long_help().to_string();
            if !help.contains("Examples:") || !help.contains("Exit status") {
                missing.push(name.clone());
            }
            for sub in cmd.get_subcommands_mut() {
                walk(sub, &name, missing);
            }
        }
        let mut missing = Vec::new();
        walk(&mut command(), "", &mut missing);
        missing.retain(|m| !m.ends_with(" help"));
        assert!(
            missing.is_empty(),
            "help without examples or exit statuses: {missing:?}"
        );
        let solve = command()
            .find_subcommand_mut("solve")
            .expect("solve exists")
            .render_long_help()
            .to_string();
        for name in coinline_core::solve::solver_names()
            .into_iter()
            .chain(coinline_core::strategy::heuristic_names())
        {
            assert!(solve.contains(name), "solve --help does not name {name}");
        }
    }
}

//! `coinline explain`: one board as a self-contained HTML page for teachers
//! and learners (the interval table, the optimal line, greedy's mistake).

use super::error::UsageError;
use super::options::{parse_with, stdin_dash_alone};
use super::options::{ForceArg, OutFileArg, ParamArg};
use super::status::Status;
use crate::cli::status::say;
use clap::Args;
use coinline_core::board::Board;
use coinline_core::error::{Error, Result};
use coinline_core::rules::RuleSet;
use coinline_harness::explain::{explain, render_html};
use coinline_output::{self as output, Kind, Plan};
use std::io::{IsTerminal, Read};

/// Arguments of `coinline explain`.
#[derive(Debug, Args)]
#[command(
    mut_arg("out", |a| a.help("Write the page to FILE (`-`: standard output, the default)")),
    after_help = "Examples:\n  coinline explain 8 15 3 7 > /tmp/page.html\n  \
    coinline explain --game numbergame --out /tmp/ng.html 100 -1000 -1000 100\n  \
    echo 3 9 1 2 | coinline explain - > /tmp/page.html\n\n\
    At most 30 values. Exit status: 0 page written, 2 bad input or a failed write.\n\
    Outputs: an existing file coinline did not write is replaced only with --force\n\
    (see docs/options.md, Outputs)."
)]
pub struct ExplainArgs {
    /// The board's values (negative numbers work); `-` or nothing reads them
    /// from standard input.
    #[arg(allow_negative_numbers = true, value_name = "VALUE")]
    pub values: Vec<String>,
    /// The game: an alias (see `coinline games`) or rules such as 'take=1..3 delete=2'.
    /// A count may be a parameter's name, bound by --param.
    #[arg(long, default_value = "coins", value_parser = parse_with::<RuleSet>)]
    pub game: RuleSet,
    #[command(flatten)]
    pub params: ParamArg,
    #[command(flatten)]
    pub out: OutFileArg,
    #[command(flatten)]
    pub force: ForceArg,
}

/// The mark of a page coinline explain wrote (its title).
const PAGE: Kind = Kind::Page("<title>coinline explain:");

fn read_board(args: &ExplainArgs) -> Result<Board> {
    stdin_dash_alone(&args.values)?;
    let from_stdin = args.values.is_empty() || args.values == ["-"];
    let board = if from_stdin {
        let mut stdin = std::io::stdin();
        if stdin.is_terminal() {
            say!("coinline: reading a board from standard input (end with Ctrl-D)");
        }
        let mut text = String::new();
        stdin
            .read_to_string(&mut text)
            .map_err(|e| Error::read_failed("standard input", &e))?;
        Board::parse(&text)?
    } else {
        Board::from_tokens(&args.values)?
    };
    if board.is_empty() {
        return Err(UsageError::NoValuesToExplain.into());
    }
    Ok(board)
}

/// Runs `coinline explain`.
pub fn run(args: &ExplainArgs) -> Result<Status> {
    let out = args.out.out.as_ref().filter(|p| p.as_os_str() != "-");
    // The run's one output path, checked before any work.
    let mut plan = Plan::new(args.force.force);
    if let Some(path) = out {
        plan.output("--out", path, PAGE);
    }
    plan.check()?;
    let board = read_board(args)?;
    let page = render_html(&explain(args.params.bind(&args.game)?, &board)?);
    match out {
        Some(path) => output::write(path, |w| w.write_all(page.as_bytes()))?,
        // A failed write is an error; a closed pipe (`| head`) a quiet end.
        None => super::status::print(&page)?,
    }
    Ok(Status::Ok)
}

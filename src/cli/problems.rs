//! `coinline problems`: the built-in judge problems, and one printed as the
//! problem file it is, ready to copy and edit.

use super::status::Status;
use clap::{Args, Subcommand};
use coinline_core::error::Result;
use coinline_judge::spec;

/// Arguments of `coinline problems`.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  coinline problems
  coinline problems show leetcode-1406
  coinline problems show lines > mine.toml    # edit, then --problem-file mine.toml

Exit status: 0 printed, 2 bad usage or an unknown problem.")]
pub struct ProblemsArgs {
    #[command(subcommand)]
    pub show: Option<Show>,
}

/// `coinline problems show NAME`.
#[derive(Debug, Subcommand)]
pub enum Show {
    /// Print a built-in problem's file (TOML).
    #[command(after_help = "\
Examples:
  coinline problems show codeforces-381a
  coinline problems show lines > mine.toml

Exit status: 0 printed, 2 bad usage or an unknown problem.")]
    Show {
        /// The problem's name.
        name: String,
    },
}

/// Lists the built-in problems, or prints one's file.
pub fn run(args: &ProblemsArgs) -> Result<Status> {
    if let Some(Show::Show { name }) = &args.show {
        super::status::print(spec::built_in_text(name)?)?;
        return Ok(Status::Ok);
    }
    let problems = spec::built_ins();
    let width = problems.iter().map(|p| p.name().len()).max().unwrap_or(0);
    let rules: Vec<String> = problems.iter().map(|p| p.rules().to_string()).collect();
    let rules_width = rules.iter().map(String::len).max().unwrap_or(0);
    let mut out = String::new();
    for (problem, rules) in problems.iter().zip(&rules) {
        out += &format!(
            "{:<width$}  {rules:<rules_width$}  {}\n",
            problem.name(),
            problem.about()
        );
    }
    out += "A problem of your own: `coinline problems show lines > mine.toml`, edit it, then --problem-file mine.toml.\n";
    super::status::print(&out)?;
    Ok(Status::Ok)
}

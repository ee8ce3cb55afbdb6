//! `coinline study`: the studies that answer a question with a report
//! directory (CSV files, SVG plots and the findings), one file each:
//! [`odd_n`], [`decay`], [`outcomes`]. What they share (the report folder's
//! manifest, the thread pool) is in [`common`],
//! which imports none of them: the modules form a tree.

use crate::cli::status::Status;
use clap::{Args, Subcommand};
use coinline_core::error::Result;

pub mod common;
pub mod decay;
pub mod odd_n;
pub mod outcomes;
pub mod run;

/// Arguments of `coinline study`.
#[derive(Debug, Args)]
pub struct StudyArgs {
    /// Which study.
    #[command(subcommand)]
    pub study: StudyCommand,
}

/// The studies.
#[derive(Debug, Subcommand)]
pub enum StudyCommand {
    /// Coins with odd n: does the classic table work, is greedy optimal, can
    /// the first player lose? The built-in study odd-n run by the engine:
    /// writes its CSV tables, SVG plots and README.md; the defaults
    /// reproduce the committed report in reports/odd-n.
    OddN(odd_n::OddNArgs),
    /// How fast the odd-n first player's chances and greedy's optimality
    /// vanish as n grows: log grids of random boards, fitted laws. Writes
    /// CSV files, SVG plots and README.md; the defaults reproduce the
    /// committed report in reports/decay.
    Decay(decay::DecayArgs),
    /// Any rule set: who wins by parity of n, greedy against optimal play,
    /// smallest counterexamples, the first player's worst share. Writes
    /// one folder per rule set (its tables and README.md) and a summary
    /// README.md; the committed reports are in
    /// reports/outcomes.
    Outcomes(outcomes::OutcomesArgs),
    /// A study file (TOML) or a built-in study, run by the exploration
    /// engine: rule sets x a board source x tables. Writes one CSV file per
    /// table, their witnesses, sources.csv, checks.csv and README.md.
    Run(run::RunArgs),
    /// The built-in studies.
    List(run::ListArgs),
}

/// Runs `coinline study`.
pub fn run(args: &StudyArgs) -> Result<Status> {
    match &args.study {
        StudyCommand::OddN(args) => odd_n::run(args),
        StudyCommand::Decay(args) => decay::run(args),
        StudyCommand::Outcomes(args) => outcomes::run(args),
        StudyCommand::Run(args) => run::run(args),
        StudyCommand::List(args) => run::list(args),
    }
}

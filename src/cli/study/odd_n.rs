//! `coinline study odd-n`: the built-in study `odd-n` (studies/odd-n.toml
//! and its template studies/odd-n.md) run by the engine, as
//! `coinline study run odd-n` does, into reports/odd-n by default.

use super::run::RunArgs;
use crate::cli::options::{JobsArg, ShardArg};
use crate::cli::status::Status;
use clap::Args;
use coinline_core::error::Result;
use std::path::PathBuf;

const ODD_N_HELP: &str = "\
Examples:
  coinline study odd-n                     # the committed report, about 2 minutes
  coinline study odd-n --out target/odd-n

The boards and tables are those of the built-in study file
(`coinline study list`; studies/odd-n.toml in the repository): to ask the
same questions of other boards, copy it and run `coinline study run FILE`.

Sharded (Slurm array tasks, GNU parallel, or by hand): each part writes
DIR/part-K-of-N.json; --merge joins them into the same report as one run:
  for k in 1 2 3; do coinline study odd-n --shard $k/3 --out target/parts; done
  coinline study odd-n --merge target/parts --out target/odd-n

Exit status: 0 the report was written and every check passed, 1 a check
failed, 2 bad usage or a file in --out not the study's.";

/// The folder of the committed report.
pub const DEFAULT_OUT: &str = "reports/odd-n";

/// Arguments of `coinline study odd-n`.
#[derive(Debug, Args)]
#[command(after_help = ODD_N_HELP)]
pub struct OddNArgs {
    /// Directory the report is written to; checked before any work.
    #[arg(long, value_name = "DIR", default_value = DEFAULT_OUT)]
    pub out: PathBuf,
    /// Join the parts written by --shard runs (the part-K-of-N.json files
    /// in these directories, every part once) into the report.
    #[arg(long, value_name = "DIR", num_args = 1.., conflicts_with = "shard")]
    pub merge: Vec<PathBuf>,
    #[command(flatten)]
    pub shard: ShardArg,
    #[command(flatten)]
    pub jobs: JobsArg,
    /// Overwrite files in --out that coinline study did not write (not
    /// listed in its manifest, DIR/.coinline-study; see docs/options.md,
    /// Outputs).
    #[arg(long)]
    pub force: bool,
}

/// Runs `coinline study odd-n`.
pub fn run(args: &OddNArgs) -> Result<Status> {
    super::run::run(&RunArgs {
        study: "odd-n".to_string(),
        out: Some(args.out.clone()),
        template: None,
        merge: args.merge.clone(),
        shard: args.shard.clone(),
        jobs: args.jobs.clone(),
        force: args.force,
    })
}

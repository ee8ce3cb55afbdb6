//! `coinline study decay`: the built-in study `decay` (studies/decay.toml),
//! the same run as `coinline study run decay --out reports/decay`.

use super::run::{run as run_study, RunArgs};
use crate::cli::options::{JobsArg, OutDirArg, ShardArg};
use crate::cli::status::Status;
use clap::Args;
use coinline_core::error::Result;

/// Arguments of `coinline study decay`.
#[derive(Debug, Args)]
#[command(
    mut_arg("out", |a| a.default_value("reports/decay")),
    after_help = "\
Examples:
  coinline study decay                      # the committed report, about 20 minutes
  coinline study decay --out target/decay

The boards, sample sizes, tables and fits are those of the built-in study
file (studies/decay.toml): for a smaller run copy it, lower its lengths or
[source.sample] caps, and run `coinline study run FILE`. Its sources stop
by their own counts, so it has no --shard.

Exit status: 0 the report was written and every check passed, 1 a check
failed, 2 bad usage or a file in --out not the study's.",
)]
pub struct DecayArgs {
    #[command(flatten)]
    pub out: OutDirArg,
    #[command(flatten)]
    pub jobs: JobsArg,
    /// Overwrite files in --out that coinline study did not write (not
    /// listed in its manifest, DIR/.coinline-study; see docs/options.md,
    /// Outputs).
    #[arg(long)]
    pub force: bool,
}

/// Runs `coinline study decay`.
pub fn run(args: &DecayArgs) -> Result<Status> {
    run_study(&RunArgs {
        study: "decay".into(),
        out: Some(args.out.out.clone()),
        template: None,
        merge: Vec::new(),
        shard: ShardArg { shard: None },
        jobs: args.jobs.clone(),
        force: args.force,
    })
}

//! `coinline merge`: join the outputs of `compare --shard K/N` runs into the
//! output of the whole run.

use super::compare::check_writable;
use super::Status;
use crate::compare::{merge_rows, summary_path, Summary};
use crate::error::{Error, Result};
use crate::report::write_atomic;
use clap::Args;
use std::path::{Path, PathBuf};

/// Arguments of `coinline merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The row files of the shards; each one's NAME-summary.csv must be
    /// beside it.
    #[arg(required = true, value_name = "SHARD.csv")]
    pub inputs: Vec<PathBuf>,
    /// The merged row file; its summary goes beside it as NAME-summary.csv.
    #[arg(long, value_name = "FILE", default_value = "reports/compare.csv")]
    pub out: PathBuf,
}

fn read(path: &Path) -> Result<(String, Vec<u8>)> {
    let bytes = std::fs::read(path).map_err(|e| Error::io(path, &e))?;
    Ok((path.display().to_string(), bytes))
}

/// Runs `coinline merge`.
pub fn run(args: &MergeArgs) -> Result<Status> {
    let inputs = args
        .inputs
        .iter()
        .map(|p| read(p))
        .collect::<Result<Vec<_>>>()?;
    let mut summary: Option<Summary> = None;
    for input in &args.inputs {
        let (name, bytes) = read(&summary_path(input))?;
        let part = Summary::parse_csv(&name, &bytes)?;
        match &mut summary {
            Some(s) => s
                .merge(part)
                .map_err(|e| Error::invalid(format!("{name}: {e}")))?,
            None => summary = Some(part),
        }
    }
    let summary = summary.ok_or_else(|| Error::invalid("merge needs at least one row file"))?;
    let rows = merge_rows(&inputs)?;
    let summary_out = summary_path(&args.out);
    check_writable(&args.out)?;
    check_writable(&summary_out)?;
    write_atomic(&args.out, |w| w.write_all(&rows))?;
    write_atomic(&summary_out, |w| summary.write_csv(w))?;
    let boards = (summary.groups.values()).fold(0u64, |sum, t| sum.saturating_add(t.boards));
    eprintln!(
        "merged {} files ({boards} checks) -> {} and {}",
        inputs.len(),
        args.out.display(),
        summary_out.display()
    );
    Ok(Status::Ok)
}

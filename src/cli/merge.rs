//! `coinline merge`: join the outputs of `compare --shard K/N` runs into the
//! output of the whole run.

use super::Status;
use clap::Args;
use coinline::compare::{merge_rows, summary_path, Summary};
use coinline::error::{Error, Result};
use coinline::generate::Shard;
use coinline::output::check_writable;
use coinline::output::write_atomic;
use std::collections::BTreeMap;
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
    if let Some(p) = (args.inputs.iter()).find(|p| p.to_string_lossy().ends_with("-summary.csv")) {
        return Err(Error::invalid(format!(
            "{}: is a summary; give the row files (their summaries are read from beside them)",
            p.display()
        )));
    }
    let inputs = args
        .inputs
        .iter()
        .map(|p| read(p))
        .collect::<Result<Vec<_>>>()?;
    // Rows are checked first: a broken row file says more than its summary.
    let rows = merge_rows(&inputs)?;
    let mut summary: Option<(String, Summary)> = None;
    // Which file holds each part K of N.
    let mut parts: BTreeMap<u64, String> = BTreeMap::new();
    for input in &args.inputs {
        let (name, bytes) = read(&summary_path(input))?;
        let part = Summary::parse_csv(&name, &bytes)?;
        if part.groups.is_empty() {
            return Err(Error::invalid(format!(
                "{name}: has no rows, so its run cannot be identified"
            )));
        }
        let shard = part.shard;
        if let Some(first) = parts.insert(shard.part(), name.clone()) {
            return Err(Error::invalid(format!(
                "{name} and {first} are both shard {shard}"
            )));
        }
        match &mut summary {
            Some((first, s)) => {
                if s.shard.count() != shard.count() {
                    return Err(Error::invalid(format!(
                        "{name} is shard {shard} but {first} is shard {}: different splits",
                        s.shard
                    )));
                }
                s.merge(part)
                    .map_err(|e| Error::invalid(format!("{first} and {name}: {e}")))?
            }
            None => summary = Some((name, part)),
        }
    }
    let (_, mut summary) =
        summary.ok_or_else(|| Error::invalid("merge needs at least one row file"))?;
    let count = summary.shard.count();
    let missing: Vec<String> = (1..=count)
        .filter(|k| !parts.contains_key(k))
        .map(|k| format!("{k}/{count}"))
        .collect();
    if !missing.is_empty() {
        return Err(Error::invalid(format!(
            "shard {} missing: merge needs all {count} shards of the run",
            missing.join(", ")
        )));
    }
    summary.shard = Shard::WHOLE;
    let summary_out = summary_path(&args.out);
    check_writable("--out", &args.out, false)?;
    check_writable("--out", &summary_out, false)?;
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

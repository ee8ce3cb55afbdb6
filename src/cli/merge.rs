//! `coinline merge`: join the outputs of `compare --shard K/N` runs into the
//! output of the whole run.

use super::compare::{summary_out, ROWS, SUMMARY};
use super::error::{RunError, UsageError};
use super::options::{ForceArg, OutFileArg};
use super::status::Status;
use crate::cli::status::say;
use clap::Args;
use coinline_core::error::{Error, Result};
use coinline_core::generate::Shard;
use coinline_harness::compare::{
    check_tallies, merge_row_streams, summary_path, CompareSummary, StreamedInput,
};
use coinline_output::{self as output, is_stdout, Plan};
use coinline_sandbox as sandbox;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Arguments of `coinline merge`.
#[derive(Debug, Args)]
#[command(
    mut_arg("out", |a| a.default_value("reports/compare.csv").help(
        "The merged row file (`-`: standard output); its summary goes beside it as \
         NAME-summary.csv, or to --summary")),
    after_help = "\
Examples:
  coinline merge --out target/merged.csv target/shard-*-of-3.csv
  coinline merge --out - --summary target/merged-summary.csv target/shard-*-of-8.csv

Exit status: 0 merged, 2 bad usage, a missing, duplicate or foreign shard,
or a row file that does not match its summary.
Outputs: the rows and the summary land together or not at all, and an
existing file coinline did not write is replaced only with --force (see
docs/options.md, Outputs).",
)]
pub struct MergeArgs {
    /// The row files of the shards; each one's NAME-summary.csv must be
    /// beside it.
    #[arg(required = true, value_name = "SHARD.csv")]
    pub inputs: Vec<PathBuf>,
    #[command(flatten)]
    pub out: OutFileArg,
    /// Where the merged summary goes (`-`: standard output). Default:
    /// beside --out; nowhere when --out is `-`.
    #[arg(long, value_name = "FILE")]
    pub summary: Option<PathBuf>,
    #[command(flatten)]
    pub force: ForceArg,
}

fn read(path: &Path) -> Result<(String, Vec<u8>)> {
    let bytes = std::fs::read(path).map_err(|e| Error::io(path, &e))?;
    Ok((path.display().to_string(), bytes))
}

/// Runs `coinline merge`.
pub fn run(args: &MergeArgs) -> Result<Status> {
    let out = args
        .out
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("reports/compare.csv"));
    if let Some(p) = (args.inputs.iter()).find(|p| p.to_string_lossy().ends_with("-summary.csv")) {
        return Err(UsageError::SummaryAsRowFile { path: p.clone() }.into());
    }
    // Every input must open, as a file, each given once, before anything else.
    let mut seen: std::collections::HashMap<PathBuf, &Path> = Default::default();
    for input in &args.inputs {
        if is_stdout(input) {
            return Err(UsageError::MergeFromStdin.into());
        }
        let file = std::fs::File::open(input).map_err(|e| Error::io(input, &e))?;
        if file.metadata().is_ok_and(|m| m.is_dir()) {
            return Err(UsageError::DirectoryAsRowFile {
                path: input.clone(),
            }
            .into());
        }
        let canonical = std::fs::canonicalize(input).map_err(|e| Error::io(input, &e))?;
        if let Some(earlier) = seen.insert(canonical, input) {
            return Err(UsageError::ShardGivenTwice {
                path: input.clone(),
                earlier: earlier.to_path_buf(),
            }
            .into());
        }
    }
    let summary_out = summary_out(&out, args.summary.as_ref())?;
    // Every path of the run, checked before any work: the shards and their
    // summaries are inputs, never outputs, whatever --force.
    let mut plan = Plan::new(args.force.force);
    for input in &args.inputs {
        plan.input("input", input)
            .input("input", summary_path(input));
    }
    plan.output("--out", &out, ROWS);
    if let Some(path) = &summary_out {
        plan.output("--summary", path, SUMMARY);
    }
    plan.check()?;
    // The rows stream from the shards into the output, so a refusal can
    // come after part of it is written: into a temporary file that is then
    // removed. Standard output, a FIFO or a device cannot take rows back,
    // so for them a first pass writes nowhere and checks everything.
    if !matches!(output::target(&out)?, output::Target::Replace(_)) {
        merge_checked(&args.inputs, &mut std::io::sink())?;
    }
    // One transaction: the rows are renamed into place only with their
    // summary, which holds their digest, and the summary last.
    let mut transaction = output::Transaction::new();
    let mut merged = None;
    if is_stdout(&out) {
        // A failed write is the error of standard output, a closed pipe
        // (`| head -1`) a quiet end.
        merged = Some(super::status::to_stdout(|w| {
            merge_checked(&args.inputs, w)
        })?);
    } else {
        transaction.stage(&out, |w| {
            merged = Some(merge_checked(&args.inputs, w)?);
            Ok(())
        })?;
    }
    let summary = merged.ok_or(RunError::NoRowsWritten { command: "merge" })?;
    if let Some(path) = &summary_out {
        transaction.stage_io(path, |w| summary.write_csv(w))?;
    }
    transaction.commit()?;
    if !summary.rows_all() {
        say!("note: rows=failures: the rows were checked against each summary's failures only; its boards, agreed, wins, ties, losses and heuristic columns could not be");
    }
    let boards = (summary.groups.values()).fold(0u64, |sum, t| sum.saturating_add(t.boards));
    let shown = |p: &Path| match is_stdout(p) {
        true => "standard output".to_string(),
        false => p.display().to_string(),
    };
    say!(
        "merged {} ({boards} checks) -> {} and {}",
        coinline_core::error::plural(args.inputs.len() as u64, "file"),
        shown(&out),
        summary_out
            .as_deref()
            .map_or("no summary (give --summary FILE)".to_string(), shown)
    );
    Ok(Status::Ok)
}

/// Merges the row files `inputs` into `out` and checks them against their
/// summaries: the merged summary, or why the files are not the shards of
/// one run. Rows are checked first: a broken row file says more than its
/// summary.
fn merge_checked(inputs: &[PathBuf], out: &mut dyn Write) -> Result<CompareSummary> {
    make_room_for_open_files(inputs.len())?;
    let files = inputs
        .iter()
        .map(|p| {
            let file = std::fs::File::open(p).map_err(|e| Error::io(p, &e))?;
            Ok((p.display().to_string(), file))
        })
        .collect::<Result<Vec<_>>>()?;
    let streamed = merge_row_streams(files, out)?;
    let mut summary: Option<(String, CompareSummary)> = None;
    // Which file holds each part K of N.
    let mut parts: BTreeMap<u64, String> = BTreeMap::new();
    for (input, rows) in inputs.iter().zip(&streamed.inputs) {
        let (name, bytes) = read(&summary_path(input))?;
        let part = CompareSummary::parse_csv(&name, &bytes)?;
        check_rows(&input.display().to_string(), rows, &name, &part)?;
        part.check_written(&name, &bytes)?;
        if part.groups.is_empty() {
            return Err(RunError::ShardWithoutRows { file: name }.into());
        }
        let shard = part.shard;
        if let Some(first) = parts.insert(shard.part(), name.clone()) {
            return Err(RunError::ShardTwice {
                file: name,
                first,
                shard,
            }
            .into());
        }
        match &mut summary {
            Some((first, s)) => {
                if s.shard.count() != shard.count() {
                    return Err(RunError::DifferentSplits {
                        file: name,
                        shard,
                        first: first.clone(),
                        first_shard: s.shard,
                    }
                    .into());
                }
                s.merge(part)
                    .map_err(|e| e.within(format!("{first} and {name}")))?
            }
            None => summary = Some((name, part)),
        }
    }
    let (_, mut summary) = summary.ok_or(UsageError::NoRowFiles)?;
    let count = summary.shard.count();
    let missing = summary.shard.missing(|k| parts.contains_key(&k));
    if !missing.is_empty() {
        return Err(RunError::ShardsMissing { missing, count }.into());
    }
    summary.shard = Shard::WHOLE;
    summary.rows_digest = streamed.digest;
    Ok(summary)
}

/// Refuses a row file that does not hold what its summary records: its
/// rows per game and length, and the digest of its bytes (as the merge
/// read them).
fn check_rows(
    name: &str,
    read: &StreamedInput,
    summary_name: &str,
    summary: &CompareSummary,
) -> Result<()> {
    let counts = &read.counts;
    let keys: std::collections::BTreeSet<_> = counts.keys().chain(summary.rows.keys()).collect();
    for key in keys {
        let (found, recorded) = (
            counts.get(key).copied().unwrap_or(0),
            summary.rows.get(key).copied().unwrap_or(0),
        );
        if found != recorded {
            return Err(RunError::RowCountChanged {
                file: name.to_string(),
                found,
                game: key.0,
                n: key.1,
                summary: summary_name.to_string(),
                recorded,
            }
            .into());
        }
    }
    let digest = &read.digest;
    if *digest != summary.rows_digest {
        let short = |d: &str| d[..16.min(d.len())].to_string();
        return Err(RunError::DigestChanged {
            file: name.to_string(),
            digest: short(digest),
            summary: summary_name.to_string(),
            recorded: short(&summary.rows_digest),
        }
        .into());
    }
    check_tallies(name, &read.tallies, summary_name, summary)
}

/// Merge reads every row file at once, so a run of more shards than the soft
/// limit on open files (often 1,024) would fail part-way with "Too many open
/// files". Raise the soft limit as far as needed, up to the hard one, or
/// refuse before anything is opened.
fn make_room_for_open_files(row_files: usize) -> Result<()> {
    // Besides the row files: standard streams, the output's temporary file,
    // a summary being read, and some to spare.
    let needed = (row_files as u64).saturating_add(32);
    let Some((soft, hard)) = sandbox::open_files_limits() else {
        return Ok(()); // unknown: opening the files reports any shortage
    };
    if soft >= needed {
        return Ok(());
    }
    if hard < needed {
        return Err(RunError::OpenFilesOverHardLimit { row_files, hard }.into());
    }
    sandbox::set_open_files_limit(needed).map_err(|source| {
        let error = RunError::OpenFilesNotRaised {
            row_files,
            soft,
            source,
        };
        error.into()
    })
}

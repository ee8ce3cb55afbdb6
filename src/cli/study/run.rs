//! `coinline study run` and `coinline study list`: a study file (TOML, see
//! docs/study.md) or a built-in study run by the engine
//! (`coinline_study::engine`), its CSV tables and report written
//! to a folder; `--shard` writes one part, `--merge` joins the parts.

use crate::cli::error::{RunError, UsageError};
use crate::cli::judge::read_text;
use crate::cli::options::{BudgetArg, JobsArg, ShardArg};
use crate::cli::outputs;
use crate::cli::progress::Bar;
use crate::cli::status::{print, say, Status};
use clap::Args;
use coinline_core::error::{plural, Error, Result};
use coinline_core::{generate::Shard, play::Game, progress::Progress};
use coinline_output::folder::{by_folder, write_folders, Folder};
use coinline_study::engine::{self, builtin, spec::Query, Part, Templates};
use std::path::{Path, PathBuf};
use std::time::Instant;

const RUN_HELP: &str = include_str!("help/run.txt");

/// Arguments of `coinline study run`.
#[derive(Debug, Args)]
#[command(after_help = RUN_HELP)]
pub struct RunArgs {
    /// A study file (TOML) or the name of a built-in study (see `coinline
    /// study list`).
    #[arg(value_name = "STUDY")]
    pub study: String,
    /// Directory the tables are written to [default: the study's name].
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// A Markdown template for README.md (see docs/study.md); a built-in
    /// study has its own.
    #[arg(long, value_name = "FILE")]
    pub template: Option<PathBuf>,
    #[command(flatten)]
    pub parts: PartsArgs,
    #[command(flatten)]
    pub write: WriteArgs,
    /// The rule sets in place of the study's (`study outcomes --game`).
    #[arg(skip)]
    pub games: Vec<Game>,
}

/// `--merge` and `--shard`: a sharded run's parts.
#[derive(Debug, Clone, Default, Args)]
pub struct PartsArgs {
    /// Join the parts written by --shard runs (the part-K-of-N.json files
    /// in these directories, every part once) and write the tables of the
    /// whole run.
    #[arg(long, value_name = "DIR", num_args = 1.., conflicts_with = "shard")]
    pub merge: Vec<PathBuf>,
    #[command(flatten)]
    pub shard: ShardArg,
}

/// `--jobs`, `--budget` and `--force`: how a study is run and written.
#[derive(Debug, Clone, Args)]
pub struct WriteArgs {
    #[command(flatten)]
    pub jobs: JobsArg,
    #[command(flatten)]
    pub budget: BudgetArg,
    /// Overwrite files in --out that coinline study did not write (not
    /// listed in its manifest, DIR/.coinline-study; see docs/options.md,
    /// Outputs).
    #[arg(long)]
    pub force: bool,
}

const LIST_HELP: &str = include_str!("help/list.txt");

/// Arguments of `coinline study list`.
#[derive(Debug, Args)]
#[command(after_help = LIST_HELP)]
pub struct ListArgs {}

/// The parts of a sharded run: the part-K-of-N.json files in `dirs`, by name.
fn read_parts(dirs: &[PathBuf]) -> Result<Vec<Part>> {
    let mut parts = Vec::new();
    for dir in dirs {
        let io = |path: &Path, e| Error::io(path, &e);
        let entries = std::fs::read_dir(dir).map_err(|e| io(dir, e))?;
        let paths = entries.map(|e| e.map(|e| e.path()).map_err(|e| io(dir, e)));
        let mut found = paths.collect::<Result<Vec<PathBuf>>>()?;
        let name = |p: &PathBuf| p.file_name().and_then(|n| n.to_str()).map(str::to_string);
        found.retain(|p| name(p).is_some_and(|n| n.starts_with("part-") && n.ends_with(".json")));
        if found.is_empty() {
            return Err(UsageError::NoParts { dir: dir.clone() }.into());
        }
        found.sort();
        for path in found {
            let text = std::fs::read_to_string(&path).map_err(|e| io(&path, e))?;
            let part = serde_json::from_str(&text);
            parts.push(part.map_err(|source| RunError::NotAStudyPart { path, source })?);
        }
    }
    Ok(parts)
}

/// The study's text, its template and its summary's.
fn load(args: &RunArgs) -> Result<(String, Option<String>, Option<String>)> {
    let path = Path::new(&args.study);
    // A built-in's name is the study even where a folder of that name
    // (its default --out) exists.
    let builtin = builtin::find(&args.study).filter(|_| !path.is_file());
    let (text, mut template, summary) = match builtin {
        Some(b) => {
            let (text, template) = b.file;
            let summary = b.summary.map(str::to_string);
            (text.to_string(), Some(template.to_string()), summary)
        }
        None if path.exists() || args.study == "-" => {
            // A template beside the file (NAME.md for NAME.toml) is its report's.
            let beside = path.with_extension("md");
            let template = (beside.is_file() && beside != path).then(|| read_text(&beside));
            (read_text(path)?, template.transpose()?, None)
        }
        None => {
            let study = args.study.clone();
            return Err(UsageError::UnknownStudy { study }.into());
        }
    };
    if let Some(file) = &args.template {
        template = Some(read_text(file)?);
    }
    Ok((text, template, summary))
}

/// Runs `coinline study run`.
pub fn run(args: &RunArgs) -> Result<Status> {
    let (text, template, summary) = load(args)?;
    let mut query = Query::parse(&text, &args.study)?;
    if !args.games.is_empty() {
        query = query.with_games(args.games.clone())?;
    }
    let fingerprint = engine::fingerprint(&text);
    let (report, summary) = (template.as_deref(), summary.as_deref());
    let templates = Templates { report, summary };
    // Before any work: the templates, filled in from the tables without
    // rows (an error names the file), and the estimate within --budget.
    let file = (args.template.clone()).unwrap_or(Path::new(&args.study).with_extension("md"));
    let within = |e: Error| e.within(file.display().to_string());
    engine::finish(&query, Part::empty(&query), templates).map_err(within)?;
    let shard = args.parts.shard.shard.unwrap_or(Shard::WHOLE);
    let jobs = args.write.jobs.jobs;
    let pool = (rayon::ThreadPoolBuilder::new().num_threads(jobs)).build();
    let pool = pool.map_err(|source| RunError::ThreadPool { jobs, source })?;
    let threads = pool.current_num_threads();
    let estimate = engine::estimate(&query, shard, threads)?;
    if args.parts.merge.is_empty() {
        args.write.budget.allow(estimate, threads)?;
    }
    // Every path, checked before any work; a sharded run writes its part.
    let part_file =
        (args.parts.shard.shard).map(|s| format!("part-{}-of-{}.json", s.part(), s.count()));
    let planned = part_file
        .clone()
        .map_or_else(|| engine::planned_files(&query, templates), |p| vec![p]);
    let (named, force) = ((args.out.as_deref(), query.name.as_str()), args.write.force);
    let out = outputs::study(named, &args.study, args.template.as_deref(), planned, force)?;
    let start = Instant::now();
    let part = if !args.parts.merge.is_empty() {
        engine::merge(&query, read_parts(&args.parts.merge)?)?
    } else {
        let (name, bar) = (&query.name, Bar::new(estimate.states as u64, "boards"));
        let part = (part_file.as_ref()).map_or(String::new(), |_| format!(", part {shard}"));
        let threads = plural(threads as u64, "thread");
        say!("coinline study run: {name}{part}, {threads}");
        let part = pool.install(|| engine::run_part(&query, &fingerprint, shard, &bar))?;
        bar.finish();
        if let Some(name) = part_file {
            let json =
                serde_json::to_string(&part).map_err(|source| RunError::EncodePart { source })?;
            let folder = (out.clone(), vec![(name.as_str(), json)]);
            write_and_say(&[folder], args.write.force, false)?;
            return Ok(Status::Ok);
        }
        part
    };
    if part.fingerprint != fingerprint {
        let (study, part, file) = (query.name.clone(), part.fingerprint, fingerprint);
        return Err(UsageError::StalePart { study, part, file }.into());
    }
    let outcome = pool.install(|| engine::finish(&query, part, templates))?;
    // One transaction for every folder: the top one and each rule set's.
    let files = (outcome.files.iter()).map(|(name, text)| (name.as_str(), text.clone()));
    write_and_say(&by_folder(&out, files), args.write.force, true)?;
    let checked: u64 = outcome.witnesses_checked.iter().sum();
    let seconds = start.elapsed().as_secs_f64();
    say!("{} checked, {seconds:.2} s", plural(checked, "witness"));
    for failure in outcome.failures.iter().take(10) {
        say!("failure: {failure}");
    }
    Ok(Status::failure_if(!outcome.failures.is_empty()))
}

/// Writes the folders as one transaction (see [`write_folders`]) and says so.
fn write_and_say(folders: &[Folder<'_, String>], force: bool, replace: bool) -> Result<()> {
    let earlier = write_folders(folders, force, replace)?;
    for (dir, files) in folders {
        let names: Vec<&str> = files.iter().map(|(name, _)| *name).collect();
        say!("wrote {} to {}", names.join(", "), dir.display());
    }
    earlier.lines().iter().for_each(|line| say!("{line}"));
    Ok(())
}

/// Runs `coinline study list`.
pub fn list(_args: &ListArgs) -> Result<Status> {
    let mut text = String::new();
    let width = (builtin::BUILTINS.iter()).map(|b| b.name.len()).max();
    let width = width.unwrap_or(0);
    for b in builtin::BUILTINS {
        let (name, about, how) = (b.name, b.about, b.how);
        text += &format!("{name:<width$} {about}\n{:<width$} run: {how}\n", "");
    }
    print(&text)?;
    Ok(Status::Ok)
}

//! `coinline study odd-n`: the odd-n investigation, written as a report
//! directory (CSV files, SVG plots and the findings).

use super::common::{
    check_owned, read_files, tell_failures, thread_pool, write_owned, BoardSetArgs,
};
use crate::cli::options::{non_negative, shard_in, JobsArg, OutDirArg, ShardArg, U64};
use crate::cli::progress::Bar;
use crate::cli::status::say;
use crate::cli::status::Status;
use crate::cli::text::plural;
use clap::Args;
use coinline_core::error::{Error, Result};
use coinline_core::generate::{enumeration_size, Shard};
use coinline_harness::output::check_writable;
use coinline_harness::study::{self, exact, sampled, shard, Bars, Config, Study};
use std::path::{Path, PathBuf};

/// The default `--budget` in seconds: the default study (about 15
/// minutes estimated on a 2-core machine) fits; `--max-n 13` does not.
pub const DEFAULT_BUDGET: u64 = 3600;

/// Nanoseconds per unit of work (see [`estimate`]), measured on the 2-core
/// machine of the README with a release build (7.1 s for the 282 million
/// units of `--max-n 8`'s enumeration).
const NANOS_PER_UNIT: f64 = 30.0;

/// The files the study writes (checked against the manifest before any
/// work; the names actually written are checked again).
const REPORT_FILES: [&str; 7] = [
    "exact.csv",
    "sampled.csv",
    "smallest.csv",
    "family.csv",
    "loss-rate.svg",
    "greedy-optimal-rate.svg",
    "README.md",
];

const ODD_N_HELP: &str = "\
Examples:
  coinline study odd-n                     # the committed report, about 2 minutes
  coinline study odd-n --max-n 7 --sizes 11,12 --boards 100 --out target/odd-n
  coinline study odd-n --render-only --out target/odd-n

Sharded (Slurm array tasks, GNU parallel, or by hand): each part writes
DIR/shard-K-of-N.json; --merge joins them into the same report as one run:
  for k in 1 2 3; do coinline study odd-n --max-n 7 --shard $k/3 --out target/parts; done
  coinline study odd-n --merge target/parts --out target/odd-n
  sbatch --array=1-64 --wrap 'coinline study odd-n --shard auto --out parts'

Exit status: 0 the report was written and every check passed, 1 a check
failed, 2 bad usage, over --budget, or a file in --out not the study's.";

/// Units of work of a study: an enumerated board of length n costs 2^n
/// (minimax) + n^2, a random board n^2 (+ 2^n up to n = 16, minimax).
fn estimate(config: &Config) -> f64 {
    let mut units = 0.0;
    for &alphabet in &config.alphabets {
        for n in 1..=config.max_n {
            let count = enumeration_size(n, alphabet).map_or(f64::MAX, |c| c as f64);
            units += count * (2f64.powi(n as i32) + (n * n) as f64);
        }
    }
    let per_size = config.boards as f64 * config.values.len() as f64;
    for &n in &config.sizes {
        let minimax = if n <= 16 { 2f64.powi(n as i32) } else { 0.0 };
        units += per_size * ((n * n) as f64 + minimax);
    }
    units
}

/// Seconds, written for a person.
fn duration(seconds: f64) -> String {
    match seconds {
        s if s < 120.0 => format!("{s:.0} s"),
        s if s < 7200.0 => format!("{:.0} min", s / 60.0),
        s if s < 172_800.0 => format!("{:.0} hours", s / 3600.0),
        s if s < 1e9 => format!("{:.0} days", s / 86400.0),
        s => format!("{s:.1e} s"),
    }
}

/// The help of `study odd-n --shard`.
const SHARD_HELP: &str = "Do part K of N (1-based) of the enumerated and random boards (board \
    i of each group goes to part i % N + 1) and write it to --out as shard-K-of-N.json, for \
    --merge. `auto` reads K and N from a Slurm array task (SLURM_ARRAY_TASK_*), `auto/N` also \
    from GNU parallel (PARALLEL_SEQ)";

/// Arguments of `coinline study odd-n`.
#[derive(Debug, Args)]
#[command(
    mut_arg("seed", |a| a.default_value(study::DEFAULT_SEED.to_string())
        .help("Seed of the random boards (board i of length n is keyed by seed, n, i); the default reproduces the committed report")),
    mut_arg("out", |a| a.default_value(study::DEFAULT_OUT)),
    mut_arg("max_n", |a| a.default_value(study::DEFAULT_MAX_N.to_string())),
    mut_arg("boards", |a| a.default_value(study::DEFAULT_BOARDS.to_string())),
    mut_arg("sizes", |a| a.help("Lengths of random boards: numbers and LO..HI ranges, comma-separated \
        [default: 11..20,25,26,49,50,99,100,199,200,499,500,999,1000]")),
    mut_args(shard_in(&["render_only", "merge"], Some(SHARD_HELP))),
    after_help = ODD_N_HELP,
)]
pub struct OddNArgs {
    #[command(flatten)]
    pub board_set: BoardSetArgs,
    #[command(flatten)]
    pub out: OutDirArg,
    #[command(flatten)]
    pub jobs: JobsArg,
    /// Refuse a run estimated to take longer than this many seconds (the
    /// estimate is printed before any work).
    #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_BUDGET,
          allow_hyphen_values = true, value_parser = non_negative::<u64>("--budget", U64))]
    pub budget: u64,
    /// Overwrite files in --out that coinline study did not write (not
    /// listed in its manifest, DIR/.coinline-study; see docs/options.md,
    /// Outputs).
    #[arg(long)]
    pub force: bool,
    /// Compute nothing: re-render the plots and README.md from the CSV
    /// files already in --out. The command quoted in README.md is read from
    /// the CSV files; the other options are ignored.
    #[arg(long)]
    pub render_only: bool,
    #[command(flatten)]
    pub shard: ShardArg,
    /// Merge the shard files (shard-K-of-N.json) in these directories into
    /// the report in --out, the same bytes as one run of the study; every
    /// part must be there. The study's options are read from the shard
    /// files; the other options are ignored.
    #[arg(long, value_name = "DIR", num_args = 1.., conflicts_with = "render_only")]
    pub merge: Vec<PathBuf>,
}

impl OddNArgs {
    /// The study's configuration, defaults filled in and validated.
    pub fn config(&self) -> Result<Config> {
        self.board_set.config(Config::default())
    }
}

/// Runs `coinline study odd-n`.
pub fn run(args: &OddNArgs) -> Result<Status> {
    let config = args.config()?;
    if args.render_only {
        return render_only(args);
    }
    if !args.merge.is_empty() {
        return merge(args);
    }
    let part = args.shard.shard.unwrap_or(Shard::WHOLE);
    let shard_file = args.shard.shard.map(shard::file_name);
    // Minutes of work must not end in an unwritable directory, nor in
    // overwriting a file the study does not own.
    check_writable("--out", &args.out.out, true)?;
    match &shard_file {
        Some(name) => check_owned(&args.out.out, &[name.as_str()], args.force)?,
        None => check_owned(&args.out.out, &REPORT_FILES, args.force)?,
    }
    let pool = thread_pool(&args.jobs)?;
    let (enumerated, random) = (
        exact::part_boards(&config, part),
        sampled::part_boards(&config, part),
    );
    let threads = pool.current_num_threads();
    let seconds = estimate(&config) * NANOS_PER_UNIT * 1e-9 * 2.0
        / threads.max(1) as f64
        / part.count() as f64;
    let of = match args.shard.shard {
        Some(s) => format!(", shard {s}"),
        None => String::new(),
    };
    say!(
        "coinline study odd-n: seed {}{of}, {enumerated} enumerated and {random} random boards, {threads} threads; estimated {} (budget {} s)",
        config.seed,
        duration(seconds),
        args.budget
    );
    if seconds > args.budget as f64 {
        return Err(Error::limit(format!(
            "the study is estimated to take {}, above the budget of {} s; raise --budget to run it, or lower --max-n, --sizes or --boards",
            duration(seconds),
            args.budget
        )));
    }
    let bars = Bars {
        exact: &Bar::new(enumerated, "enumerated boards"),
        sampled: &Bar::new(random, "random boards"),
    };
    let result = pool.install(|| study::run_part(&config, part, &bars));
    for (phase, elapsed) in &result.elapsed {
        say!("  {phase}: {:.1} s", elapsed.as_secs_f64());
    }
    match shard_file {
        Some(name) => {
            let text = shard::to_json(&config, part, &result)?;
            write_owned(&args.out.out, &[(name.as_str(), text)], args.force)?;
            Ok(Status::Ok)
        }
        None => report(args, &config, study::finish(result)),
    }
}

/// Writes the report of `result` into --out and says whether every check
/// passed.
fn report(args: &OddNArgs, config: &Config, result: Study) -> Result<Status> {
    let files = study::files(&result.tables(), &config.command_line(), is_committed(args))?;
    write_files(args, &files)?;
    Ok(tell_failures(&result.failures()))
}

/// `--merge DIR...`: the report of the study whose parts are the shard
/// files in the directories.
fn merge(args: &OddNArgs) -> Result<Status> {
    let mut paths = Vec::new();
    for dir in &args.merge {
        let entries = std::fs::read_dir(dir).map_err(|e| Error::io(dir, &e))?;
        for entry in entries {
            let entry = entry.map_err(|e| Error::io(dir, &e))?;
            if shard::is_file_name(&entry.file_name().to_string_lossy()) {
                paths.push(entry.path());
            }
        }
    }
    paths.sort();
    let dirs = || {
        let shown: Vec<String> = args.merge.iter().map(|d| d.display().to_string()).collect();
        shown.join(", ")
    };
    if paths.is_empty() {
        return Err(Error::usage(format!(
            "--merge {}: no shard files (shard-K-of-N.json) there",
            dirs()
        )));
    }
    check_writable("--out", &args.out.out, true)?;
    check_owned(&args.out.out, &REPORT_FILES, args.force)?;
    // Each part read, checked against the first, and kept by K.
    let mut first: Option<(String, Config, Shard)> = None;
    let mut parts: std::collections::BTreeMap<u64, (String, study::Part)> = Default::default();
    for path in &paths {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| Error::io(path, &e))?;
        let loaded = shard::from_json(&name, &text)?;
        let (shard, config) = (loaded.shard, loaded.config);
        match &first {
            Some((first, c, s)) => {
                if *c != config {
                    return Err(Error::format(format!(
                        "{name} and {first} are parts of different studies ({} and {})",
                        config.command_line(),
                        c.command_line()
                    )));
                }
                if s.count() != shard.count() {
                    return Err(Error::format(format!(
                        "{name} is shard {shard} but {first} is shard {s}: different splits"
                    )));
                }
            }
            None => first = Some((name.clone(), config, shard)),
        }
        if let Some((other, _)) = parts.get(&shard.part()) {
            return Err(Error::format(format!(
                "{name} and {other} are both shard {shard}"
            )));
        }
        parts.insert(shard.part(), (name, loaded.part));
    }
    let Some((_, config, shard)) = first else {
        return Err(Error::usage("--merge found no shard file"));
    };
    let count = shard.count();
    let missing = shard.missing(|k| parts.contains_key(&k));
    if !missing.is_empty() {
        return Err(Error::usage(format!(
            "--merge {}: shard {} missing: the report needs all {count} parts",
            dirs(),
            missing.join(", ")
        )));
    }
    let mut merged: Option<study::Part> = None;
    for (_, (name, part)) in parts {
        match &mut merged {
            Some(m) => m.merge(part).map_err(|e| e.within(name.as_str()))?,
            None => merged = Some(part),
        }
    }
    let merged = merged.ok_or_else(|| Error::usage("--merge found no shard file"))?;
    say!(
        "coinline study odd-n: merging {} of seed {}",
        plural(count, "shard"),
        config.seed
    );
    report(args, &config, study::finish(merged))
}

fn write_files(args: &OddNArgs, files: &[(&str, String)]) -> Result<()> {
    write_owned(&args.out.out, files, args.force)
}

/// Whether `--out` is the committed report's directory (whose files a test
/// compares with what the committed CSV files render to).
fn is_committed(args: &OddNArgs) -> bool {
    args.out.out == Path::new(study::DEFAULT_OUT)
}

fn render_only(args: &OddNArgs) -> Result<Status> {
    let texts = read_files(&args.out.out, study::CSV_FILES)?;
    let tables = study::Tables::from_csv([&texts[0], &texts[1], &texts[2], &texts[3]])?;
    // The CSV files, not this command line, say what produced them.
    let config = Config::from_tables(&tables)?;
    let files = study::files(&tables, &config.command_line(), is_committed(args))?;
    let rendered: Vec<(&str, String)> = files
        .into_iter()
        .filter(|(name, _)| !study::CSV_FILES.contains(name))
        .collect();
    write_files(args, &rendered)?;
    Ok(Status::Ok)
}

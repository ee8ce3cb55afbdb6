//! `coinline study odd-n`: the odd-n investigation, written as a report
//! directory (CSV files, SVG plots and the findings).

use super::options::{JobsArg, OutDirArg, SeedArg, U64};
use super::Bar;
use super::{non_negative, parse_with, Status};
use clap::{Args, Subcommand};
use coinline_core::error::{Error, Result};
use coinline_core::generate::{enumeration_size, Shard, Span, Values};
use coinline_harness::output::{self, check_writable};
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

/// The manifest of a report directory: the files coinline study wrote
/// there, which it may overwrite.
pub const MANIFEST: &str = ".coinline-study";

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

/// Refuses to overwrite a file in `dir` that the manifest does not list,
/// unless `force`.
pub(crate) fn check_owned(dir: &Path, names: &[&str], force: bool) -> Result<()> {
    if force {
        return Ok(());
    }
    let listed = std::fs::read_to_string(dir.join(MANIFEST)).unwrap_or_default();
    let owned: Vec<&str> = listed.lines().skip(1).map(str::trim).collect();
    for name in names {
        let path = dir.join(name);
        if std::fs::symlink_metadata(&path).is_ok() && !owned.contains(name) {
            return Err(Error::invalid(format!(
                "--out {}: {} exists and was not written by coinline study (it is not listed in {}); give --force to overwrite it",
                dir.display(),
                path.display(),
                dir.join(MANIFEST).display()
            )));
        }
    }
    Ok(())
}

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
    /// the first player lose? Writes exact.csv, sampled.csv, smallest.csv,
    /// family.csv, SVG plots and README.md. The defaults reproduce the
    /// committed report.
    OddN(OddNArgs),
    /// How fast the odd-n first player's chances and greedy's optimality
    /// vanish as n grows: log grids of random boards, fitted laws. Writes
    /// CSV files, SVG plots and README.md; the defaults reproduce the
    /// committed report in reports/decay.
    Decay(super::decay::DecayArgs),
    /// Any rule set: who wins by parity of n, greedy against optimal play,
    /// smallest counterexamples, the first player's worst share. Writes
    /// one folder per rule set (exact.csv, sampled.csv, smallest.csv,
    /// README.md) and a summary README.md; the committed reports are in
    /// reports/outcomes.
    Outcomes(super::outcomes::OutcomesArgs),
}

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
    /// listed in its manifest, DIR/.coinline-study).
    #[arg(long)]
    pub force: bool,
    /// Compute nothing: re-render the plots and README.md from the CSV
    /// files already in --out. The command quoted in README.md is read from
    /// the CSV files; the other options are ignored.
    #[arg(long)]
    pub render_only: bool,
    /// Do part K of N (1-based) of the enumerated and random boards (board
    /// i of each group goes to part i % N + 1) and write it to --out as
    /// shard-K-of-N.json, for --merge. `auto` reads K and N from a Slurm
    /// array task (SLURM_ARRAY_TASK_*), `auto/N` also from GNU parallel
    /// (PARALLEL_SEQ).
    #[arg(long, value_name = "K/N", value_parser = super::compare::parse_shard,
          conflicts_with_all = ["render_only", "merge"])]
    pub shard: Option<Shard>,
    /// Merge the shard files (shard-K-of-N.json) in these directories into
    /// the report in --out, the same bytes as one run of the study; every
    /// part must be there. The study's options are read from the shard
    /// files; the other options are ignored.
    #[arg(long, value_name = "DIR", num_args = 1.., conflicts_with = "render_only")]
    pub merge: Vec<PathBuf>,
}

/// The boards of a study, enumerated and random: the options `study odd-n`
/// and `study outcomes` share. Each command sets the defaults of --max-n
/// and --boards and the help of --sizes (`mut_arg`); the lists left empty
/// take the defaults of the study's [`Config`].
#[derive(Debug, Args)]
pub struct BoardSetArgs {
    /// Enumerate every board of length 1..=N over each alphabet.
    #[arg(long, value_name = "N", allow_hyphen_values = true,
          value_parser = non_negative::<usize>("--max-n", "0..=20"))]
    pub max_n: Option<usize>,
    /// An alphabet LO..HI to enumerate; repeat or give a comma-separated
    /// list [default: 0..4,-2..2].
    #[arg(long = "alphabet", value_name = "LO..HI", value_delimiter = ',',
          allow_hyphen_values = true, value_parser = parse_with::<Span<i64>>)]
    pub alphabets: Vec<Span<i64>>,
    /// Lengths of random boards: numbers and LO..HI ranges, comma-separated.
    #[arg(long, allow_hyphen_values = true, value_name = "LIST", value_delimiter = ',',
          value_parser = parse_with::<Span<usize>>)]
    pub sizes: Vec<Span<usize>>,
    /// Random boards per length and distribution.
    #[arg(long, value_name = "N", allow_hyphen_values = true,
          value_parser = non_negative::<u64>("--boards", U64))]
    pub boards: Option<u64>,
    /// A distribution of random values (LO..HI, small, spiky, sorted,
    /// zigzag, palindrome, extreme); repeat or give a comma-separated list
    /// [default: 0..4,-2..2,1..100,-100..100].
    #[arg(long = "values", value_name = "DIST", value_delimiter = ',',
          allow_hyphen_values = true, value_parser = parse_with::<Values>)]
    pub values: Vec<Values>,
    #[command(flatten)]
    pub seed: SeedArg,
}

impl BoardSetArgs {
    /// The study's configuration: what was given, the rest from `default`;
    /// validated.
    pub fn config(&self, default: Config) -> Result<Config> {
        let given = Config {
            max_n: self.max_n.unwrap_or(default.max_n),
            alphabets: self.alphabets.clone(),
            sizes: Vec::new(),
            values: self.values.clone(),
            boards: self.boards.unwrap_or(default.boards),
            seed: self.seed.seed.unwrap_or(study::DEFAULT_SEED),
        };
        config_with_defaults(given, &self.sizes, default)
    }
}

impl OddNArgs {
    /// The study's configuration, defaults filled in and validated.
    pub fn config(&self) -> Result<Config> {
        self.board_set.config(Config::default())
    }
}

/// A study's configuration from the options given: empty lists take
/// `default`'s, `sizes` ranges are expanded (after a range check, so a huge
/// range is refused before it is allocated); validated.
fn config_with_defaults(given: Config, sizes: &[Span<usize>], default: Config) -> Result<Config> {
    if let Some(s) = sizes
        .iter()
        .find(|s| s.lo == 0 || s.hi > coinline_core::strategy::LIMIT)
    {
        return Err(Error::invalid(format!(
            "random board lengths {s} are out of range 1..{}",
            coinline_core::strategy::LIMIT
        )));
    }
    let sizes: Vec<usize> = sizes.iter().flat_map(|s| s.lo..=s.hi).collect();
    let config = Config {
        alphabets: if given.alphabets.is_empty() {
            default.alphabets
        } else {
            given.alphabets
        },
        sizes: if sizes.is_empty() {
            default.sizes
        } else {
            sizes
        },
        values: if given.values.is_empty() {
            default.values
        } else {
            given.values
        },
        ..given
    };
    config.validate()?;
    Ok(config)
}

/// Runs `coinline study`.
pub fn run(args: &StudyArgs) -> Result<Status> {
    match &args.study {
        StudyCommand::OddN(args) => run_odd_n(args),
        StudyCommand::Decay(args) => super::decay::run(args),
        StudyCommand::Outcomes(args) => super::outcomes::run(args),
    }
}

fn run_odd_n(args: &OddNArgs) -> Result<Status> {
    let config = args.config()?;
    if args.render_only {
        return render_only(args);
    }
    if !args.merge.is_empty() {
        return merge(args);
    }
    let part = args.shard.unwrap_or(Shard::WHOLE);
    let shard_file = args.shard.map(shard::file_name);
    // Minutes of work must not end in an unwritable directory, nor in
    // overwriting a file the study does not own.
    check_writable("--out", &args.out.out, true)?;
    match &shard_file {
        Some(name) => check_owned(&args.out.out, &[name.as_str()], args.force)?,
        None => check_owned(&args.out.out, &REPORT_FILES, args.force)?,
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.jobs)
        .build()
        .map_err(|e| Error::invalid(format!("cannot start {} threads: {e}", args.jobs.jobs)))?;
    let (enumerated, random) = (
        exact::part_boards(&config, part),
        sampled::part_boards(&config, part),
    );
    let threads = pool.current_num_threads();
    let seconds = estimate(&config) * NANOS_PER_UNIT * 1e-9 * 2.0
        / threads.max(1) as f64
        / part.count() as f64;
    let of = match args.shard {
        Some(s) => format!(", shard {s}"),
        None => String::new(),
    };
    eprintln!(
        "coinline study odd-n: seed {}{of}, {enumerated} enumerated and {random} random boards, {threads} threads; estimated {} (budget {} s)",
        config.seed,
        duration(seconds),
        args.budget
    );
    if seconds > args.budget as f64 {
        return Err(Error::invalid(format!(
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
        eprintln!("  {phase}: {:.1} s", elapsed.as_secs_f64());
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
    let failures = result.failures();
    for failure in failures.iter().take(10) {
        eprintln!("failure: {failure}");
    }
    if failures.is_empty() {
        Ok(Status::Ok)
    } else {
        eprintln!(
            "{} groups with failures (see the agreed column)",
            failures.len()
        );
        Ok(Status::FailureFound)
    }
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
        return Err(Error::invalid(format!(
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
                    return Err(Error::invalid(format!(
                        "{name} and {first} are parts of different studies ({} and {})",
                        config.command_line(),
                        c.command_line()
                    )));
                }
                if s.count() != shard.count() {
                    return Err(Error::invalid(format!(
                        "{name} is shard {shard} but {first} is shard {s}: different splits"
                    )));
                }
            }
            None => first = Some((name.clone(), config, shard)),
        }
        if let Some((other, _)) = parts.get(&shard.part()) {
            return Err(Error::invalid(format!(
                "{name} and {other} are both shard {shard}"
            )));
        }
        parts.insert(shard.part(), (name, loaded.part));
    }
    let Some((_, config, shard)) = first else {
        return Err(Error::invalid("--merge found no shard file"));
    };
    let count = shard.count();
    let missing = shard.missing(|k| parts.contains_key(&k));
    if !missing.is_empty() {
        return Err(Error::invalid(format!(
            "--merge {}: shard {} missing: the report needs all {count} parts",
            dirs(),
            missing.join(", ")
        )));
    }
    let mut merged: Option<study::Part> = None;
    for (_, (name, part)) in parts {
        match &mut merged {
            Some(m) => m
                .merge(part)
                .map_err(|e| Error::invalid(format!("{name}: {e}")))?,
            None => merged = Some(part),
        }
    }
    let merged = merged.ok_or_else(|| Error::invalid("--merge found no shard file"))?;
    eprintln!(
        "coinline study odd-n: merging {} of seed {}",
        super::plural(count, "shard"),
        config.seed
    );
    report(args, &config, study::finish(merged))
}

fn write_files(args: &OddNArgs, files: &[(&str, String)]) -> Result<()> {
    write_owned(&args.out.out, files, args.force)
}

/// Writes a study's `files` into `dir`, refusing (unless `force`) to
/// overwrite a file the folder's manifest does not list as the study's, and
/// listing every file written in the manifest before writing it.
pub(crate) fn write_owned(dir: &Path, files: &[(&str, String)], force: bool) -> Result<()> {
    let names: Vec<&str> = files.iter().map(|(name, _)| *name).collect();
    check_owned(dir, &names, force)?;
    // The manifest first: a file is listed before it exists, never after.
    let listed = std::fs::read_to_string(dir.join(MANIFEST)).unwrap_or_default();
    let mut owned: Vec<String> = listed
        .lines()
        .skip(1)
        .map(|l| l.trim().to_string())
        .collect();
    owned.extend(names.iter().map(|n| n.to_string()));
    owned.sort();
    owned.dedup();
    let manifest = format!(
        "Generated by `coinline study`: the files it wrote here and may overwrite\n{}\n",
        owned.join("\n")
    );
    output::write(&dir.join(MANIFEST), |w| w.write_all(manifest.as_bytes()))?;
    for (name, text) in files {
        output::write(&dir.join(name), |w| w.write_all(text.as_bytes()))?;
    }
    eprintln!("wrote {} to {}", names.join(", "), dir.display());
    Ok(())
}

/// Whether `--out` is the committed report's directory (whose files a test
/// compares with what the committed CSV files render to).
fn is_committed(args: &OddNArgs) -> bool {
    args.out.out == Path::new(study::DEFAULT_OUT)
}

fn render_only(args: &OddNArgs) -> Result<Status> {
    let texts = study::CSV_FILES
        .map(|name| {
            let path = args.out.out.join(name);
            std::fs::read_to_string(&path).map_err(|e| Error::io(&path, &e))
        })
        .into_iter()
        .collect::<Result<Vec<String>>>()?;
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

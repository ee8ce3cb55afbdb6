//! `coinline study odd-n`: the odd-n investigation, written as a report
//! directory (CSV files, SVG plots and the findings).

use super::Bar;
use super::{parse_with, Status};
use clap::{Args, Subcommand};
use coinline::error::{Error, Result};
use coinline::generate::{Span, Values};
use coinline::report::{check_writable, write_atomic};
use coinline::study::{self, exact, sampled, Bars, Config};
use std::path::{Path, PathBuf};

/// The most worker threads `--jobs` accepts: far more than any machine the
/// study runs on, and few enough that starting them cannot hang.
pub const MAX_JOBS: usize = 256;

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
}

/// Arguments of `coinline study odd-n`.
#[derive(Debug, Args)]
pub struct OddNArgs {
    /// Enumerate every board of length 1..=N over each alphabet.
    #[arg(long, value_name = "N", default_value_t = study::DEFAULT_MAX_N)]
    pub max_n: usize,
    /// An alphabet LO..HI to enumerate; repeat or give a comma-separated
    /// list [default: 0..4,-2..2].
    #[arg(long = "alphabet", value_name = "LO..HI", value_delimiter = ',',
          allow_hyphen_values = true, value_parser = parse_with::<Span<i64>>)]
    pub alphabets: Vec<Span<i64>>,
    /// Lengths of random boards: numbers and LO..HI ranges, comma-separated
    /// [default: 11..20,25,26,49,50,99,100,199,200,499,500,999,1000].
    #[arg(long, value_name = "N|LO..HI", value_delimiter = ',',
          value_parser = parse_with::<Span<usize>>)]
    pub sizes: Vec<Span<usize>>,
    /// Random boards per length and distribution.
    #[arg(long, value_name = "COUNT", default_value_t = study::DEFAULT_BOARDS)]
    pub boards: u64,
    /// A distribution of random values (LO..HI, small, spiky, sorted,
    /// zigzag, palindrome, extreme); repeat or give a comma-separated list
    /// [default: 0..4,-2..2,1..100,-100..100].
    #[arg(long = "values", value_name = "DIST", value_delimiter = ',',
          allow_hyphen_values = true, value_parser = parse_with::<Values>)]
    pub values: Vec<Values>,
    /// Seed of the random boards (board i of length n is keyed by seed, n, i).
    #[arg(long, default_value_t = study::DEFAULT_SEED)]
    pub seed: u64,
    /// Directory the report is written to.
    #[arg(long, value_name = "DIR", default_value = study::DEFAULT_OUT)]
    pub out: PathBuf,
    /// Worker threads (0: one per core; at most 256). The output does not
    /// depend on it.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub jobs: usize,
    /// Compute nothing: re-render the plots and README.md from the CSV
    /// files already in --out. The command quoted in README.md is read from
    /// the CSV files; the other options are ignored.
    #[arg(long)]
    pub render_only: bool,
}

impl OddNArgs {
    /// The study's configuration, defaults filled in and validated.
    pub fn config(&self) -> Result<Config> {
        let default = Config::default();
        // Check the ranges before expanding them: a huge range must not be
        // allocated only to be refused.
        if let Some(s) = self
            .sizes
            .iter()
            .find(|s| s.lo == 0 || s.hi > coinline::strategy::LIMIT)
        {
            return Err(Error::invalid(format!(
                "random board lengths {s} are out of range 1..{}",
                coinline::strategy::LIMIT
            )));
        }
        let sizes: Vec<usize> = self.sizes.iter().flat_map(|s| s.lo..=s.hi).collect();
        let config = Config {
            max_n: self.max_n,
            alphabets: if self.alphabets.is_empty() {
                default.alphabets
            } else {
                self.alphabets.clone()
            },
            sizes: if sizes.is_empty() {
                default.sizes
            } else {
                sizes
            },
            values: if self.values.is_empty() {
                default.values
            } else {
                self.values.clone()
            },
            boards: self.boards,
            seed: self.seed,
        };
        config.validate()?;
        Ok(config)
    }
}

/// Runs `coinline study`.
pub fn run(args: &StudyArgs) -> Result<Status> {
    match &args.study {
        StudyCommand::OddN(args) => run_odd_n(args),
        StudyCommand::Decay(args) => super::decay::run(args),
    }
}

fn run_odd_n(args: &OddNArgs) -> Result<Status> {
    let config = args.config()?;
    if args.jobs > MAX_JOBS {
        return Err(Error::invalid(format!(
            "--jobs {} is more than {MAX_JOBS} threads",
            args.jobs
        )));
    }
    if args.render_only {
        return render_only(args);
    }
    // Minutes of work must not end in an unwritable directory.
    check_writable("--out", &args.out, true)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs)
        .build()
        .map_err(|e| Error::invalid(format!("cannot start {} threads: {e}", args.jobs)))?;
    let (enumerated, random) = (exact::total_boards(&config), sampled::total_boards(&config));
    eprintln!(
        "coinline study odd-n: seed {}, {enumerated} enumerated and {random} random boards, {} threads",
        config.seed,
        pool.current_num_threads()
    );
    let bars = Bars {
        exact: &Bar::new(enumerated, "enumerated boards"),
        sampled: &Bar::new(random, "random boards"),
    };
    let result = pool.install(|| study::run(&config, &bars));
    for (phase, elapsed) in &result.elapsed {
        eprintln!("  {phase}: {:.1} s", elapsed.as_secs_f64());
    }
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

fn write_files(args: &OddNArgs, files: &[(&str, String)]) -> Result<()> {
    for (name, text) in files {
        write_atomic(&args.out.join(name), |w| w.write_all(text.as_bytes()))?;
    }
    let names: Vec<&str> = files.iter().map(|(name, _)| *name).collect();
    println!("wrote {} to {}", names.join(", "), args.out.display());
    Ok(())
}

/// Whether `--out` is the committed report's directory (whose files a test
/// compares with what the committed CSV files render to).
fn is_committed(args: &OddNArgs) -> bool {
    args.out == Path::new(study::DEFAULT_OUT)
}

fn render_only(args: &OddNArgs) -> Result<Status> {
    let texts = study::CSV_FILES
        .map(|name| {
            let path = args.out.join(name);
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

//! `coinline study decay`: how fast the odd-n first player's chances and
//! greedy's optimality vanish, written as a report directory.

use super::common::{read_files, thread_pool, write_owned};
use crate::cli::options::{parse_with, JobsArg, OutDirArg, SeedArg};
use crate::cli::progress::Bar;
use crate::cli::status::say;
use crate::cli::status::Status;
use clap::Args;
use coinline_core::error::Result;
use coinline_core::generate::Values;
use coinline_harness::output::check_writable;
use coinline_harness::study::decay::{self, DecayBars, DecayConfig, DecayTables};
use std::time::Instant;

/// Arguments of `coinline study decay`.
#[derive(Debug, Args)]
#[command(
    mut_arg("seed", |a| a.default_value(DecayConfig::default().seed.to_string())
        .help("Seed of the boards (board i of length n is keyed by seed, n, i, as in study odd-n); the default reproduces the committed report")),
    mut_arg("out", |a| a.default_value(decay::DEFAULT_OUT)),
    after_help = "\
Examples:
  coinline study decay                      # the committed report, about 18 minutes
  coinline study decay --max-n 101 --max-boards 20000 --out target/decay
  coinline study decay --render-only --out target/decay

Exit status: 0 the report was written, 2 bad usage or a file in --out not the study's.",
)]
pub struct DecayArgs {
    /// A distribution of random values; repeat or give a comma-separated
    /// list [default: 0..4,-2..2,1..100,-100..100].
    #[arg(long = "values", value_name = "DIST", value_delimiter = ',',
          allow_hyphen_values = true, value_parser = parse_with::<Values>)]
    pub values: Vec<Values>,
    #[command(flatten)]
    pub seed: SeedArg,
    /// The first length of the grid.
    #[arg(long, allow_negative_numbers = true, value_name = "N", default_value_t = DecayConfig::default().start)]
    pub start: usize,
    /// Grid lengths per factor of 10.
    #[arg(long, allow_negative_numbers = true, value_name = "N", default_value_t = DecayConfig::default().per_decade)]
    pub per_decade: usize,
    /// No series goes past this length.
    #[arg(long, allow_negative_numbers = true, value_name = "N", default_value_t = DecayConfig::default().max_n)]
    pub max_n: usize,
    /// Boards of a point's first batch.
    #[arg(long, allow_negative_numbers = true, value_name = "N", default_value_t = DecayConfig::default().min_boards)]
    pub min_boards: u64,
    /// The most boards of a point.
    #[arg(long, allow_negative_numbers = true, value_name = "N", default_value_t = DecayConfig::default().max_boards)]
    pub max_boards: u64,
    /// A share point gets at most WORK / n boards, a greedy point WORK / n^1.5
    /// (but at least --min-boards).
    #[arg(long, allow_negative_numbers = true, value_name = "N", default_value_t = DecayConfig::default().work)]
    pub work: u64,
    /// A point stops adding boards once this many are hits.
    #[arg(long, allow_negative_numbers = true, value_name = "N", default_value_t = DecayConfig::default().target)]
    pub target: u64,
    /// A series ends after a point that reached its most boards with fewer hits.
    #[arg(long, allow_negative_numbers = true, value_name = "N", default_value_t = DecayConfig::default().floor)]
    pub floor: u64,
    /// The most boards of a regret point.
    #[arg(long, allow_negative_numbers = true, value_name = "N", default_value_t = DecayConfig::default().regret_boards)]
    pub regret_boards: u64,
    /// A regret point of length n gets at most this / n^2 boards (at least 100).
    #[arg(long, allow_negative_numbers = true, value_name = "N", default_value_t = DecayConfig::default().regret_cells)]
    pub regret_cells: u64,
    /// Regret series stop past this length.
    #[arg(long, allow_negative_numbers = true, value_name = "N", default_value_t = DecayConfig::default().regret_max_n)]
    pub regret_max_n: usize,
    #[command(flatten)]
    pub out: OutDirArg,
    /// Overwrite files in --out that coinline study did not write (not
    /// listed in its manifest, DIR/.coinline-study; see docs/options.md,
    /// Outputs).
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub jobs: JobsArg,
    /// Compute nothing: re-render the plots and README.md from the CSV
    /// files already in --out (settings.csv says what produced them).
    #[arg(long)]
    pub render_only: bool,
}

impl DecayArgs {
    /// The configuration, defaults filled in and validated.
    pub fn config(&self) -> Result<DecayConfig> {
        let config = DecayConfig {
            values: if self.values.is_empty() {
                DecayConfig::default().values
            } else {
                self.values.clone()
            },
            seed: self.seed.seed.unwrap_or(DecayConfig::default().seed),
            start: self.start,
            per_decade: self.per_decade,
            max_n: self.max_n,
            min_boards: self.min_boards,
            max_boards: self.max_boards,
            work: self.work,
            target: self.target,
            floor: self.floor,
            regret_boards: self.regret_boards,
            regret_cells: self.regret_cells,
            regret_max_n: self.regret_max_n,
        };
        config.validate()?;
        Ok(config)
    }
}

/// Runs `coinline study decay`.
pub fn run(args: &DecayArgs) -> Result<Status> {
    let config = args.config()?;
    if args.render_only {
        let texts = read_files(&args.out.out, decay::CSV_FILES)?;
        let tables = DecayTables::from_csv([&texts[0], &texts[1], &texts[2], &texts[3]])?;
        let files: Vec<_> = decay::files(&tables)?
            .into_iter()
            .filter(|(name, _)| !decay::CSV_FILES.contains(name))
            .collect();
        return write_files(args, &files);
    }
    check_writable("--out", &args.out.out, true)?;
    let pool = thread_pool(&args.jobs)?;
    say!(
        "coinline study decay: seed {}, {} threads",
        config.seed,
        pool.current_num_threads()
    );
    let (share, greedy, regret) = (Bar::idle(), Bar::idle(), Bar::idle());
    let bars = DecayBars {
        share: &share,
        greedy: &greedy,
        regret: &regret,
    };
    let start = Instant::now();
    let mut log = |p: &decay::Point| {
        let line = format!(
            "  {:7.1} s  n = {:6}  {:>10}  {:>9} boards  {:>9} hits",
            start.elapsed().as_secs_f64(),
            p.n,
            p.values.to_string(),
            p.counts.boards,
            p.counts.hits.max(p.counts.a)
        );
        coinline_core::progress::Progress::suspend(&share, &mut || say!("{line}"));
    };
    // Each bar shows one point at a time: its boards times n.
    let result = pool.install(|| decay::run(&config, &bars, &mut log));
    say!("  total: {:.1} s", start.elapsed().as_secs_f64());
    let files = decay::files(&result.tables(&config))?;
    write_files(args, &files)
}

fn write_files(args: &DecayArgs, files: &[(&str, String)]) -> Result<Status> {
    write_owned(&args.out.out, files, args.force)?;
    Ok(Status::Ok)
}

//! `coinline study decay`: how fast the odd-n first player's chances and
//! greedy's optimality vanish, written as a report directory.

use super::{parse_with, Bar, Status};
use clap::Args;
use coinline::error::{Error, Result};
use coinline::generate::Values;
use coinline::output::check_writable;
use coinline::study::decay::{self, DecayBars, DecayConfig, DecayTables};
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `coinline study decay`.
#[derive(Debug, Args)]
pub struct DecayArgs {
    /// A distribution of random values; repeat or give a comma-separated
    /// list [default: 0..4,-2..2,1..100,-100..100].
    #[arg(long = "values", value_name = "DIST", value_delimiter = ',',
          allow_hyphen_values = true, value_parser = parse_with::<Values>)]
    pub values: Vec<Values>,
    /// Seed of the boards (board i of length n is keyed by seed, n, i, as in
    /// `study odd-n`).
    #[arg(long, default_value_t = DecayConfig::default().seed)]
    pub seed: u64,
    /// The first length of the grid.
    #[arg(long, value_name = "N", default_value_t = DecayConfig::default().start)]
    pub start: usize,
    /// Grid lengths per factor of 10.
    #[arg(long, value_name = "K", default_value_t = DecayConfig::default().per_decade)]
    pub per_decade: usize,
    /// No series goes past this length.
    #[arg(long, value_name = "N", default_value_t = DecayConfig::default().max_n)]
    pub max_n: usize,
    /// Boards of a point's first batch.
    #[arg(long, value_name = "COUNT", default_value_t = DecayConfig::default().min_boards)]
    pub min_boards: u64,
    /// The most boards of a point.
    #[arg(long, value_name = "COUNT", default_value_t = DecayConfig::default().max_boards)]
    pub max_boards: u64,
    /// A share point gets at most WORK / n boards, a greedy point WORK / n^1.5
    /// (but at least --min-boards).
    #[arg(long, value_name = "WORK", default_value_t = DecayConfig::default().work)]
    pub work: u64,
    /// A point stops adding boards once this many are hits.
    #[arg(long, value_name = "COUNT", default_value_t = DecayConfig::default().target)]
    pub target: u64,
    /// A series ends after a point that reached its most boards with fewer hits.
    #[arg(long, value_name = "COUNT", default_value_t = DecayConfig::default().floor)]
    pub floor: u64,
    /// The most boards of a regret point.
    #[arg(long, value_name = "COUNT", default_value_t = DecayConfig::default().regret_boards)]
    pub regret_boards: u64,
    /// A regret point of length n gets at most this / n^2 boards (at least 100).
    #[arg(long, value_name = "COUNT", default_value_t = DecayConfig::default().regret_cells)]
    pub regret_cells: u64,
    /// Regret series stop past this length.
    #[arg(long, value_name = "N", default_value_t = DecayConfig::default().regret_max_n)]
    pub regret_max_n: usize,
    /// Directory the report is written to.
    #[arg(long, value_name = "DIR", default_value = decay::DEFAULT_OUT)]
    pub out: PathBuf,
    /// Overwrite files in --out that coinline study did not write.
    #[arg(long)]
    pub force: bool,
    /// Worker threads (0: one per core; at most 256). The output does not
    /// depend on it.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub jobs: usize,
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
            seed: self.seed,
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
    if args.jobs > super::study::MAX_JOBS {
        return Err(Error::invalid(format!(
            "--jobs {} is more than {} threads",
            args.jobs,
            super::study::MAX_JOBS
        )));
    }
    if args.render_only {
        let texts = decay::CSV_FILES
            .map(|name| {
                let path = args.out.join(name);
                std::fs::read_to_string(&path).map_err(|e| Error::io(&path, &e))
            })
            .into_iter()
            .collect::<Result<Vec<String>>>()?;
        let tables = DecayTables::from_csv([&texts[0], &texts[1], &texts[2], &texts[3]])?;
        let files: Vec<_> = decay::files(&tables)?
            .into_iter()
            .filter(|(name, _)| !decay::CSV_FILES.contains(name))
            .collect();
        return write_files(args, &files);
    }
    check_writable("--out", &args.out, true)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs)
        .build()
        .map_err(|e| Error::invalid(format!("cannot start {} threads: {e}", args.jobs)))?;
    eprintln!(
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
        coinline::progress::Progress::suspend(&share, &mut || eprintln!("{line}"));
    };
    // Each bar shows one point at a time: its boards times n.
    let result = pool.install(|| decay::run(&config, &bars, &mut log));
    eprintln!("  total: {:.1} s", start.elapsed().as_secs_f64());
    let files = decay::files(&result.tables(&config))?;
    write_files(args, &files)
}

fn write_files(args: &DecayArgs, files: &[(&str, String)]) -> Result<Status> {
    super::study::write_owned(&args.out, files, args.force)?;
    Ok(Status::Ok)
}

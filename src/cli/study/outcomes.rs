//! `coinline study outcomes`: the outcome study of one or more rule sets,
//! one report folder each and a summary.

use super::common::{
    check_owned, read_files, tell_failures, thread_pool, write_owned, BoardSetArgs,
};
use crate::cli::options::{parse_with, GameChoice, JobsArg, OutDirArg};
use crate::cli::progress::Bar;
use crate::cli::status::say;
use crate::cli::status::Status;
use clap::{ArgAction, Args};
use coinline_core::error::{Error, Result};
use coinline_core::play::Game;
use coinline_harness::output::check_writable;
use coinline_harness::study::outcomes;
use coinline_harness::study::{self, exact, sampled, Bars, Config};
use std::time::Instant;

const OUTCOMES_HELP: &str = "\
Examples:
  coinline study outcomes --game all --game 'take=1..2' --game 'take=1..3'   # the committed reports
  coinline study outcomes --game numbergame --max-n 5 --sizes 11,12 --boards 50 --out target/outcomes

Exit status: 0 every report was written and every check passed, 1 a check
failed, 2 bad usage or a file in --out not the study's.";

/// The files of one rule set's folder.
const REPORT_FILES: [&str; 4] = ["exact.csv", "sampled.csv", "smallest.csv", "README.md"];

/// Arguments of `coinline study outcomes`.
#[derive(Debug, Args)]
#[command(
    mut_arg("seed", |a| a.default_value(study::DEFAULT_SEED.to_string())
        .help("Seed of the random boards (board i of length n is keyed by seed, n, i); the default reproduces the committed reports")),
    mut_arg("out", |a| a.default_value(outcomes::DEFAULT_OUT)),
    mut_arg("max_n", |a| a.default_value(outcomes::DEFAULT_MAX_N.to_string())),
    mut_arg("boards", |a| a.default_value(outcomes::DEFAULT_BOARDS.to_string())),
    mut_arg("sizes", |a| a.help("Lengths of random boards: numbers and LO..HI ranges, comma-separated \
        [default: 11..16,49,50,99,100]")),
    after_help = OUTCOMES_HELP,
)]
pub struct OutcomesArgs {
    /// The rule set: an alias (see `coinline games`), rules such as
    /// 'take=1..3 delete=2', or all (every alias). Repeatable; each gets
    /// a folder of --out named after it.
    #[arg(long, value_name = "GAME", required = true, action = ArgAction::Append,
          value_parser = parse_with::<GameChoice>)]
    pub game: Vec<GameChoice>,
    #[command(flatten)]
    pub board_set: BoardSetArgs,
    #[command(flatten)]
    pub out: OutDirArg,
    #[command(flatten)]
    pub jobs: JobsArg,
    /// Overwrite files in --out that coinline study did not write (not
    /// listed in its manifest, DIR/.coinline-study; see docs/options.md,
    /// Outputs).
    #[arg(long)]
    pub force: bool,
    /// Compute nothing: re-render each README.md and the summary from the
    /// CSV files already in the folders of --out (the other options are
    /// ignored; each report's command is read from its CSV files).
    #[arg(long)]
    pub render_only: bool,
}

impl OutcomesArgs {
    /// The configuration, defaults filled in and validated.
    pub fn config(&self) -> Result<Config> {
        self.board_set.config(outcomes::default_config())
    }

    /// The rule sets given, in order, each once (rules that name a
    /// parameter are refused: the study takes no --param).
    fn games(&self) -> Result<Vec<Game>> {
        let mut games: Vec<Game> = Vec::new();
        for rules in self.game.iter().flat_map(|choice| &choice.0) {
            let game = rules.bind(&Default::default())?;
            if !games.contains(&game) {
                games.push(game);
            }
        }
        Ok(games)
    }
}

/// Runs `coinline study outcomes`.
pub fn run(args: &OutcomesArgs) -> Result<Status> {
    let config = args.config()?;
    let games = args.games()?;
    let out = &args.out.out;
    if args.render_only {
        return render_only(args, &games);
    }
    // Minutes of work must not end in an unwritable folder, nor in
    // overwriting a file the study does not own.
    check_writable("--out", out, true)?;
    if games.len() > 1 {
        check_owned(out, &["README.md"], args.force)?;
    }
    for &game in &games {
        let dir = out.join(outcomes::folder(game));
        if dir.exists() {
            check_owned(&dir, &REPORT_FILES, args.force)?;
        }
    }
    let pool = thread_pool(&args.jobs)?;
    let (enumerated, random) = (exact::total_boards(&config), sampled::total_boards(&config));
    say!(
        "coinline study outcomes: seed {}, {} rule set{}, {enumerated} enumerated and {random} random boards each, {} threads",
        config.seed,
        games.len(),
        if games.len() == 1 { "" } else { "s" },
        pool.current_num_threads()
    );
    let mut all_tables = Vec::new();
    let mut failures = Vec::new();
    for &game in &games {
        let start = Instant::now();
        let bars = Bars {
            exact: &Bar::new(enumerated, &format!("{} enumerated boards", game.name())),
            sampled: &Bar::new(random, &format!("{} random boards", game.name())),
        };
        let result = pool.install(|| outcomes::run(game, &config, &bars));
        let phases: Vec<String> = result
            .elapsed
            .iter()
            .map(|(phase, t)| format!("{phase} {:.1} s", t.as_secs_f64()))
            .collect();
        say!(
            "{}: {:.1} s ({})",
            game.name(),
            start.elapsed().as_secs_f64(),
            phases.join(", ")
        );
        let tables = result.tables();
        let dir = out.join(outcomes::folder(game));
        std::fs::create_dir_all(&dir).map_err(|e| Error::io(&dir, &e))?;
        write_owned(&dir, &outcomes::files(&tables)?, args.force)?;
        failures.extend(result.failures());
        all_tables.push(tables);
    }
    write_summary(out, &all_tables, args.force)?;
    Ok(tell_failures(&failures))
}

/// Re-renders the READMEs of `games` and the summary from the CSV files in
/// their folders of --out.
fn render_only(args: &OutcomesArgs, games: &[Game]) -> Result<Status> {
    let mut all = Vec::new();
    for &game in games {
        let dir = args.out.out.join(outcomes::folder(game));
        let texts = read_files(&dir, outcomes::CSV_FILES)?;
        let tables = outcomes::Tables::from_csv([&texts[0], &texts[1], &texts[2]])?;
        if tables.game()? != game {
            return Err(Error::format(format!(
                "{}: the CSV files are of another rule set",
                dir.display()
            )));
        }
        let files: Vec<(&str, String)> = outcomes::files(&tables)?
            .into_iter()
            .filter(|(name, _)| !outcomes::CSV_FILES.contains(name))
            .collect();
        write_owned(&dir, &files, args.force)?;
        all.push(tables);
    }
    write_summary(&args.out.out, &all, args.force)?;
    Ok(Status::Ok)
}

/// Writes the summary across rule sets into `out`, when the run has more
/// than one (a run of one rule set leaves the summary of an earlier run of
/// several alone).
fn write_summary(out: &std::path::Path, tables: &[outcomes::Tables], force: bool) -> Result<()> {
    if tables.len() < 2 {
        return Ok(());
    }
    write_owned(out, &[("README.md", outcomes::summary(tables)?)], force)
}

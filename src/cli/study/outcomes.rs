//! `coinline study outcomes`: the built-in study `outcomes`
//! (studies/outcomes.toml) run for the rule sets given, one report folder
//! each and, for several, a summary beside them.

use super::common::thread_pool;
use super::run::{check_outputs_first, finish_and_write};
use crate::cli::options::{parse_with, GameChoice, JobsArg, OutDirArg};
use crate::cli::status::{say, Status};
use clap::{ArgAction, Args};
use coinline_core::error::{Error, Result};
use coinline_core::generate::Shard;
use coinline_core::play::Game;
use coinline_harness::output::check_writable;
use coinline_harness::study::engine::{self, builtin, spec::Query, Templates};
use std::time::Instant;

const OUTCOMES_HELP: &str = "\
Examples:
  coinline study outcomes --game all --game 'take=1..2' --game 'take=1..3'   # the committed reports
  coinline study outcomes --game numbergame --out target/outcomes

The boards and tables are those of the built-in study file
(`coinline study list`; studies/outcomes.toml in the repository): to ask
them of other boards, copy it and run `coinline study run FILE`.

Exit status: 0 every report was written and every check passed, 1 a check
failed, 2 bad usage or a file in --out not the study's.";

/// The folder of the committed reports.
pub const DEFAULT_OUT: &str = "reports/outcomes";

/// Arguments of `coinline study outcomes`.
#[derive(Debug, Args)]
#[command(
    mut_arg("out", |a| a.default_value(DEFAULT_OUT)),
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
    pub out: OutDirArg,
    #[command(flatten)]
    pub jobs: JobsArg,
    /// Overwrite files in --out that coinline study did not write (not
    /// listed in its manifest, DIR/.coinline-study; see docs/options.md,
    /// Outputs).
    #[arg(long)]
    pub force: bool,
}

impl OutcomesArgs {
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
    let games = args.games()?;
    let b = builtin::find("outcomes")
        .ok_or_else(|| Error::internal("the built-in study outcomes is missing"))?;
    let (text, template) = b
        .file
        .ok_or_else(|| Error::internal("the built-in study outcomes has no file"))?;
    let query = Query::parse(text, "outcomes")?.with_games(games)?;
    let out = &args.out.out;
    // Minutes of work must not end in an unwritable folder.
    check_writable("--out", out, true)?;
    let templates = Templates {
        report: Some(template),
        summary: b.summary,
    };
    check_outputs_first(&query, templates, (out, args.force), &[])?;
    let pool = thread_pool(&args.jobs)?;
    say!(
        "coinline study outcomes: {} rule set{}, {} threads",
        query.games.len(),
        if query.games.len() == 1 { "" } else { "s" },
        pool.current_num_threads()
    );
    let start = Instant::now();
    let fingerprint = engine::fingerprint(text);
    let part = pool.install(|| engine::run_part(&query, &fingerprint, Shard::WHOLE))?;
    finish_and_write(&query, part, templates, (out, args.force), &pool, start)
}

//! `coinline study`: the studies that answer a question with a report
//! directory (CSV files, SVG plots and the findings). Every one is run by
//! the engine ([`run`](mod@run)); `odd-n`, `decay` and `outcomes` are built-in
//! studies with commands of their own, whose `--out` defaults to the
//! committed report. The report folder's manifest is the output layer's
//! (`coinline_output::folder`).

use crate::cli::options::{parse_with, GameChoice, OutDirArg};
use crate::cli::status::Status;
use clap::{ArgAction, Args, Subcommand};
use coinline_core::error::Result;
use coinline_core::play::Game;
use coinline_core::rules::RuleSet;
use run::{PartsArgs, WriteArgs};

pub mod run;

/// Arguments of `coinline study`.
#[derive(Debug, Args)]
pub struct StudyArgs {
    /// Which study.
    #[command(subcommand)]
    pub study: StudyCommand,
}

// The commands' help after the options (prose, in help/).
const ODD_N_HELP: &str = include_str!("help/odd-n.txt");
const DECAY_HELP: &str = include_str!("help/decay.txt");
const OUTCOMES_HELP: &str = include_str!("help/outcomes.txt");

/// The options of a built-in study's own command: `--out` (its default
/// the committed report's folder, set by each command), `--jobs`, `--force`.
#[derive(Debug, Args)]
pub struct BuiltinArgs {
    #[command(flatten)]
    out: OutDirArg,
    #[command(flatten)]
    write: WriteArgs,
}

/// The studies.
#[derive(Debug, Subcommand)]
pub enum StudyCommand {
    /// Coins with odd n: does the classic table work, is greedy optimal, can
    /// the first player lose? The built-in study odd-n run by the engine:
    /// writes its CSV tables, SVG plots and README.md; the defaults
    /// reproduce the committed report in reports/odd-n.
    #[command(after_help = ODD_N_HELP,
              mut_arg("out", |a| a.default_value("reports/odd-n")))]
    OddN {
        #[command(flatten)]
        args: BuiltinArgs,
        #[command(flatten)]
        parts: PartsArgs,
    },
    /// How fast the odd-n first player's chances and greedy's optimality
    /// vanish as n grows: log grids of random boards, fitted laws. Writes
    /// CSV files, SVG plots and README.md; the defaults reproduce the
    /// committed report in reports/decay.
    #[command(after_help = DECAY_HELP,
              mut_arg("out", |a| a.default_value("reports/decay")))]
    Decay(BuiltinArgs),
    /// Any rule set: who wins by parity of n, greedy against optimal play,
    /// smallest counterexamples, the first player's worst share. Writes
    /// one folder per rule set (its tables and README.md) and a summary
    /// README.md; the committed reports are in reports/outcomes.
    #[command(after_help = OUTCOMES_HELP,
              mut_arg("out", |a| a.default_value("reports/outcomes")))]
    Outcomes {
        /// The rule set: an alias (see `coinline games`), rules such as
        /// 'take=1..3 delete=2', or all (every alias). Repeatable; each gets
        /// a folder of --out named after it.
        #[arg(long, value_name = "GAME", required = true, action = ArgAction::Append,
              value_parser = parse_with::<GameChoice>)]
        game: Vec<GameChoice>,
        #[command(flatten)]
        args: BuiltinArgs,
    },
    /// A study file (TOML) or a built-in study, run by the exploration
    /// engine: rule sets x a board source x tables. Writes one CSV file per
    /// table, their witnesses, sources.csv, checks.csv and README.md.
    Run(run::RunArgs),
    /// The built-in studies.
    List(run::ListArgs),
}

/// Runs the built-in study `name` as `coinline study run` does.
fn builtin(name: &str, args: &BuiltinArgs, parts: PartsArgs, games: Vec<Game>) -> Result<Status> {
    run::run(&run::RunArgs {
        study: name.to_string(),
        out: Some(args.out.out.clone()),
        template: None,
        parts,
        write: args.write.clone(),
        games,
    })
}

/// Runs `coinline study`.
pub fn run(args: &StudyArgs) -> Result<Status> {
    match &args.study {
        StudyCommand::OddN { args, parts } => builtin("odd-n", args, parts.clone(), Vec::new()),
        StudyCommand::Decay(args) => builtin("decay", args, PartsArgs::default(), Vec::new()),
        StudyCommand::Outcomes { game, args } => {
            // A rule naming a parameter is refused: the study takes no --param.
            let bind =
                |rules: &[RuleSet]| rules.iter().map(|r| r.bind(&Default::default())).collect();
            let games = GameChoice::distinct(game, bind)?;
            builtin("outcomes", args, PartsArgs::default(), games)
        }
        StudyCommand::Run(args) => run::run(args),
        StudyCommand::List(args) => run::list(args),
    }
}

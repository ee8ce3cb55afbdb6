//! `coinline games`: the built-in aliases, their rule text, and the check's
//! invariants that apply to each.

use super::status::Status;
use clap::Args;
use coinline_core::check::invariants;
use coinline_core::error::Result;
use coinline_core::rules::ALIASES;

/// Arguments of `coinline games` (none).
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  coinline games
  coinline solve --game stonegame7 5 3 1 4 2
  coinline solve --game 'take=1..3 delete=2' 4 -1 7 2

Exit status: 0 printed, 2 bad usage.")]
pub struct GamesArgs {}

/// Prints one line per alias: name, rule text, invariants checked.
pub fn games(_: &GamesArgs) -> Result<Status> {
    let mut out = String::from("alias       rules                 invariants checked\n");
    for (name, game, text) in ALIASES {
        let names: Vec<&str> = invariants(game).iter().map(|i| i.name()).collect();
        out += &format!("{name:<11} {text:<21} {}\n", names.join(" "));
    }
    out += "Any rule set works wherever a game is named: --game 'ends=left take=1,3 delete=2 score=rest circle'.\n";
    super::status::print(&out)?;
    Ok(Status::Ok)
}

//! `coinline play --tournament`: the listed strategies and optimal play
//! against each other on the same seeded boards, as a table.

use super::error::UsageError;
use super::play::PlayArgs;
use super::status::{say, Status};
use coinline_core::error::Result;
use coinline_core::generate::Span;
use coinline_judge::play::tournament::{self, TournamentConfig};
use coinline_judge::play::Contestant;
use coinline_output as output;

/// The entrants: each `--player`, then the program after `--` (if any).
fn listed(args: &PlayArgs) -> Result<Vec<Contestant>> {
    let mut players = args
        .player
        .iter()
        .map(|text| Contestant::parse("--player", text))
        .collect::<Result<Vec<_>>>()?;
    if !args.program.is_empty() {
        players.push(super::play::player(&args.program)?);
    }
    if players.iter().all(|p| matches!(p, Contestant::Optimal)) {
        return Err(UsageError::TournamentOfOptimalOnly.into());
    }
    Ok(players)
}

/// Runs `coinline play --tournament`.
pub fn run(args: &PlayArgs) -> Result<Status> {
    // Every path of the run, checked before any work.
    super::play::plan(args).check()?;
    if args.runs.runs == 0 {
        return Err(UsageError::TournamentWithoutRuns.into());
    }
    let config = TournamentConfig {
        game: args.params.bind(&args.game)?,
        entrants: TournamentConfig::entrants(listed(args)?),
        lengths: args.lengths.n.unwrap_or(Span { lo: 1, hi: 10 }),
        values: args.values,
        seed: args.seed.or_clock(),
        runs: args.runs.runs,
        jobs: args.jobs.threads(),
        limits: super::play::terms(args),
    };
    let names: Vec<String> = config.entrants.iter().map(|p| p.to_string()).collect();
    say!(
        "tournament: {}; game {}, seed {}, {} boards per pair (n {}, values {}), move time {}s",
        names.join(", "),
        config.game,
        config.seed,
        config.runs,
        config.lengths,
        config.values,
        args.move_time.as_secs_f64()
    );
    let records = tournament::run(&config)?;
    if coinline_sandbox::interrupted() {
        loop {
            std::thread::park();
        }
    }
    // The table is the result, on standard output, unless `--out -` puts
    // the CSV there.
    let table = tournament::text(&records);
    match args.out.out.as_deref().is_some_and(output::is_stdout) {
        true => say!("{}", table.trim_end()),
        false => super::status::print(&table)?,
    }
    if let Some(out) = &args.out.out {
        let csv = tournament::csv(&records);
        output::write(out, |w| w.write_all(csv.as_bytes()))?;
    }
    let breached = records
        .iter()
        .any(|r| r.sides.iter().any(|s| s.breaches > 0));
    Ok(Status::failure_if(breached))
}

//! The outcome study (`coinline study outcomes`): for any rule set, who
//! wins under optimal play by parity of n, how often greedy is optimal and
//! what it costs, the smallest counterexamples and the first player's
//! smallest share of the sum.
//!
//! It reuses the odd-n study's parts, run on the rule set: enumeration
//! ([`super::exact::run_game`]), random boards ([`super::sampled::run_game`]),
//! the counterexample search ([`super::smallest::search_game`]) and the
//! per-group figures ([`super::stats`]); every board counted went through
//! the full check with every applicable exact solver. The findings are
//! rendered from the three CSV tables alone ([`findings`]), so the
//! committed reports can be re-rendered from their CSV files and compared
//! byte for byte. Like the odd-n study it writes no files, and its bytes do
//! not depend on the number of threads.

pub mod findings;
mod notes;
mod summary;

use super::exact::{self, ExactGroup};
use super::sampled::{self, SampledGroup};
use super::smallest::{self, Domain, Found, Limits, Question};
use super::stats::{cells, Stats, Worst};
use super::table::CsvTable;
use super::{Bars, Config};
use coinline_core::check::CheckConfig;
use coinline_core::error::{Error, Result};
use coinline_core::generate::{Span, Values};
use coinline_core::play::Game;
use std::time::{Duration, Instant};

/// The default lengths of random boards.
pub const DEFAULT_SIZES: [usize; 10] = [11, 12, 13, 14, 15, 16, 49, 50, 99, 100];
/// Random boards per length and distribution by default.
pub const DEFAULT_BOARDS: u64 = 200;
/// Exhaustive enumeration covers lengths 1..=this by default.
pub const DEFAULT_MAX_N: usize = 8;
/// The directory of the committed reports, relative to the repository.
pub const DEFAULT_OUT: &str = "reports/outcomes";
/// The limits of the counterexample searches.
pub const SEARCH_LIMITS: Limits = Limits {
    max_n: 10,
    max_value: 6,
    budget: 400_000,
};
/// The limits of the searches over values 0 and 1, which reach longer
/// boards.
pub const BINARY_LIMITS: Limits = Limits {
    max_n: 16,
    max_value: 1,
    budget: 400_000,
};
/// The rule sets of the committed reports besides the aliases: take one to
/// k values from either end, for k = 2 and 3.
pub const EXTRA_GAMES: [&str; 2] = ["take=1..2", "take=1..3"];

/// The odd-n configuration with the outcome study's defaults.
pub fn default_config() -> Config {
    Config {
        max_n: DEFAULT_MAX_N,
        sizes: DEFAULT_SIZES.to_vec(),
        boards: DEFAULT_BOARDS,
        ..Config::default()
    }
}

/// The folder of a rule set's report inside the output folder: its alias,
/// or its canonical text with `=` as `-` and spaces as `_`.
pub fn folder(game: Game) -> String {
    game.name().replace('=', "-").replace(' ', "_")
}

/// `--game` as a command line quotes it: an alias bare, a rule text always
/// quoted (`--game 'take=1..3'`).
pub fn game_arg(game: Game) -> String {
    match game.alias() {
        Some(alias) => alias.to_string(),
        None => coinline_core::shell::quoted_word(&game.rule_text()),
    }
}

/// The command that reproduces one rule set's report with `config`.
pub fn command_line(game: Game, config: &Config) -> String {
    format!(
        "coinline study outcomes --game {}{}",
        game_arg(game),
        config.options_differing_from(&default_config())
    )
}

/// The searches of a rule set's report: the first player losing and
/// greedy worse than optimal, for odd and even n in every domain; where
/// every value is scored, the first player getting at most half with
/// values >= 0 and >= 1; the first player losing (and getting at most
/// half) with values 0 and 1 reaches longer boards.
pub fn searches(game: Game) -> Vec<(Question, Domain, bool)> {
    let mut out = Vec::new();
    for question in [Question::FirstLoses, Question::GreedyWorse] {
        for odd in [true, false] {
            for domain in Domain::ALL {
                out.push((question, domain, odd));
            }
            if question == Question::FirstLoses {
                out.push((question, Domain::Binary, odd));
            }
        }
    }
    if game.scores_everything() {
        for odd in [true, false] {
            for domain in [Domain::NonNegative, Domain::Positive, Domain::Binary] {
                out.push((Question::NotAhead, domain, odd));
            }
        }
    }
    out
}

/// Everything the study computed for one rule set.
#[derive(Clone, Debug)]
pub struct Outcomes {
    /// The rule set.
    pub game: Game,
    /// One group per alphabet and length.
    pub exact: Vec<ExactGroup>,
    /// One group per length and distribution.
    pub sampled: Vec<SampledGroup>,
    /// The counterexample searches.
    pub smallest: Vec<Found>,
    /// Wall time of each phase, for the command's log (not in any file).
    pub elapsed: Vec<(&'static str, Duration)>,
}

/// The three tables of a rule set's report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tables {
    /// `exact.csv`.
    pub exact: CsvTable,
    /// `sampled.csv`.
    pub sampled: CsvTable,
    /// `smallest.csv`.
    pub smallest: CsvTable,
}

/// The CSV files of a report, by file name.
pub const CSV_FILES: [&str; 3] = ["exact.csv", "sampled.csv", "smallest.csv"];

impl Tables {
    /// Reads the tables from the CSV texts of [`CSV_FILES`], in order.
    pub fn from_csv(texts: [&str; 3]) -> Result<Tables> {
        Ok(Tables {
            exact: CsvTable::from_csv(texts[0], CSV_FILES[0])?,
            sampled: CsvTable::from_csv(texts[1], CSV_FILES[1])?,
            smallest: CsvTable::from_csv(texts[2], CSV_FILES[2])?,
        })
    }

    /// The rule set named in the `game` column of exact.csv.
    pub fn game(&self) -> Result<Game> {
        let cell = self
            .exact
            .records()
            .next()
            .map(|r| r.get("game").to_string())
            .ok_or_else(|| Error::format("exact.csv: no rows"))?;
        cell.parse()
            .map_err(|_| Error::format(format!("exact.csv: unknown game {cell:?}")))
    }

    /// The configuration that produced the tables (read from their columns,
    /// as [`Config::from_tables`] does for odd-n).
    pub fn config(&self) -> Result<Config> {
        Config::from_tables(&super::Tables {
            exact: self.exact.clone(),
            sampled: self.sampled.clone(),
            smallest: CsvTable::default(),
            family: CsvTable::default(),
        })
    }
}

/// The check of enumerated boards: minimax on every one (up to its refusal
/// limit), as in odd-n.
pub fn exact_check(game: Game, config: &Config) -> CheckConfig {
    let default = CheckConfig::default();
    default.with_minimax_max(config.max_n.max(default.minimax_limit(game)))
}

/// Runs the study of `game` on the current rayon pool. `config` must be
/// valid ([`Config::validate`]).
pub fn run(game: Game, config: &Config, bars: &Bars<'_>) -> Outcomes {
    let mut elapsed = Vec::new();
    let start = Instant::now();
    let exact = exact::run_game(game, config, &exact_check(game, config), bars.exact);
    bars.exact.finish();
    elapsed.push(("exact", start.elapsed()));
    let start = Instant::now();
    let sampled = sampled::run_game(game, config, &CheckConfig::default(), bars.sampled);
    bars.sampled.finish();
    elapsed.push(("sampled", start.elapsed()));
    let start = Instant::now();
    let searches = searches(game);
    let smallest = {
        use rayon::prelude::*;
        searches
            .par_iter()
            .map(|&(q, d, odd)| {
                let limits = match d {
                    Domain::Binary => BINARY_LIMITS,
                    _ => SEARCH_LIMITS,
                };
                smallest::search_game(game, q, d, odd, limits)
            })
            .collect()
    };
    elapsed.push(("smallest", start.elapsed()));
    Outcomes {
        game,
        exact,
        sampled,
        smallest,
        elapsed,
    }
}

/// The columns of the odd-n cells the outcome tables keep: the parity
/// strategy and the odd-n bound belong to coins and its own report.
fn kept(name: &str) -> bool {
    !name.starts_with("parity_") && !name.starts_with("bound_")
}

/// The share columns of a group.
fn share_cells(stats: &Stats, worst: Worst) -> Vec<(&'static str, String)> {
    let s = &stats.share;
    let worst_cells = match &s.worst {
        Some((first, sum, key, board)) => [
            format!("{:.6}", *first as f64 / *sum as f64),
            first.to_string(),
            sum.to_string(),
            match worst {
                Worst::Board => board.to_string(),
                Worst::Index => key.to_string(),
            },
        ],
        None => Default::default(),
    };
    let [share, first, sum, where_] = worst_cells;
    let shown = |v: u64| {
        if s.checked == 0 {
            String::new()
        } else {
            v.to_string()
        }
    };
    vec![
        ("share_boards", shown(s.checked)),
        ("at_most_half", shown(s.at_most_half)),
        ("min_share", share),
        ("min_share_first", first),
        ("min_share_sum", sum),
        (
            match worst {
                Worst::Board => "min_share_board",
                Worst::Index => "min_share_index",
            },
            where_,
        ),
    ]
}

fn exact_row(game: Game, g: &ExactGroup) -> Vec<(&'static str, String)> {
    let mut out = vec![
        ("game", game.name()),
        ("n", g.n.to_string()),
        ("parity", super::parity_name(g.n).to_string()),
        ("alphabet", g.alphabet.to_string()),
    ];
    out.extend(
        cells(&g.stats, g.n, false, Worst::Board)
            .into_iter()
            .filter(|(name, _)| kept(name)),
    );
    out.extend(share_cells(&g.stats, Worst::Board));
    out
}

fn sampled_row(game: Game, g: &SampledGroup) -> Vec<(&'static str, String)> {
    let mut out = vec![
        ("game", game.name()),
        ("n", g.n.to_string()),
        ("parity", super::parity_name(g.n).to_string()),
        ("values", g.values.to_string()),
        ("seed", g.seed.to_string()),
    ];
    out.extend(
        cells(&g.stats, g.n, true, Worst::Index)
            .into_iter()
            .filter(|(name, _)| kept(name)),
    );
    out.extend(share_cells(&g.stats, Worst::Index));
    out
}

impl Outcomes {
    /// The report's tables.
    pub fn tables(&self) -> Tables {
        let game = self.game;
        let exact_example = ExactGroup {
            n: 1,
            alphabet: Span { lo: 0, hi: 0 },
            stats: Stats::default(),
        };
        let sampled_example = SampledGroup {
            n: 1,
            values: Values::Small,
            seed: 0,
            stats: Stats::default(),
        };
        Tables {
            exact: CsvTable::from_items(&exact_example, &self.exact, |g| exact_row(game, g)),
            sampled: CsvTable::from_items(&sampled_example, &self.sampled, |g| {
                sampled_row(game, g)
            }),
            smallest: smallest::found_table(game, &self.smallest),
        }
    }

    /// Every failed check, one printable line each.
    pub fn failures(&self) -> Vec<String> {
        let exact = self
            .exact
            .iter()
            .map(|g| (format!("n = {}, alphabet {}", g.n, g.alphabet), &g.stats));
        let sampled = self.sampled.iter().map(|g| {
            (
                format!("n = {}, values {}, seed {}", g.n, g.values, g.seed),
                &g.stats,
            )
        });
        exact
            .chain(sampled)
            .filter_map(|(group, stats)| {
                let (key, text) = stats.failure.as_ref()?;
                Some(format!("{}: {group}, board #{key}: {text}", self.game))
            })
            .collect()
    }
}

/// Every file of one rule set's report, by name: the CSV files and the
/// findings rendered from them.
pub fn files(tables: &Tables) -> Result<Vec<(&'static str, String)>> {
    let mut out = vec![
        (CSV_FILES[0], tables.exact.to_csv()),
        (CSV_FILES[1], tables.sampled.to_csv()),
        (CSV_FILES[2], tables.smallest.to_csv()),
    ];
    out.push(("README.md", findings::render(tables)?));
    Ok(out)
}

/// The summary across rule sets (`README.md` of the output folder), from
/// each report's tables, in the order given.
pub fn summary(reports: &[Tables]) -> Result<String> {
    summary::summary(reports)
}

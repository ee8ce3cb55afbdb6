//! The decay study's configuration: what it covers, how `settings.csv`
//! records it, the command that reproduces it, and the grid of lengths.

use super::CSV_FILES;
use crate::study::table::CsvTable;
use coinline_core::error::{Error, Result};
use coinline_core::generate::Values;

/// What the decay study covers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecayConfig {
    /// Distributions of the values.
    pub values: Vec<Values>,
    /// Seed of the boards.
    pub seed: u64,
    /// The first length of the grid.
    pub start: usize,
    /// Grid lengths per factor of 10.
    pub per_decade: usize,
    /// No series goes past this length.
    pub max_n: usize,
    /// The first batch of a point.
    pub min_boards: u64,
    /// The most boards of a point.
    pub max_boards: u64,
    /// The work of a point: a share point gets at most `work / n` boards, a
    /// greedy point `work / n^1.5` (but at least `min_boards`).
    pub work: u64,
    /// A point stops adding batches once it has this many hits.
    pub target: u64,
    /// A series stops after a point that used its [`cap`](super::cap) with
    /// fewer hits.
    pub floor: u64,
    /// The most boards of a regret point.
    pub regret_boards: u64,
    /// Regret points cost O(n^2) per board: a point gets at most
    /// `regret_cells / n^2` boards (but at least 100).
    pub regret_cells: u64,
    /// Regret series stop past this length.
    pub regret_max_n: usize,
}

impl Default for DecayConfig {
    fn default() -> Self {
        DecayConfig {
            values: crate::study::DEFAULT_VALUES
                .iter()
                .map(|v| v.parse().expect("valid default"))
                .collect(),
            seed: crate::study::DEFAULT_SEED,
            start: 11,
            per_decade: 8,
            max_n: 4_000,
            min_boards: 100_000,
            max_boards: 10_000_000,
            work: 1_000_000_000,
            target: 400,
            floor: 10,
            regret_boards: 20_000,
            regret_cells: 200_000_000,
            regret_max_n: 2_000,
        }
    }
}

/// The settings as (name, value) pairs, in the order of `settings.csv`.
pub(super) fn settings(c: &DecayConfig) -> Vec<(&'static str, String)> {
    let values: Vec<String> = c.values.iter().map(|v| v.to_string()).collect();
    vec![
        ("values", values.join(" ")),
        ("seed", c.seed.to_string()),
        ("start", c.start.to_string()),
        ("per_decade", c.per_decade.to_string()),
        ("max_n", c.max_n.to_string()),
        ("min_boards", c.min_boards.to_string()),
        ("max_boards", c.max_boards.to_string()),
        ("work", c.work.to_string()),
        ("target", c.target.to_string()),
        ("floor", c.floor.to_string()),
        ("regret_boards", c.regret_boards.to_string()),
        ("regret_cells", c.regret_cells.to_string()),
        ("regret_max_n", c.regret_max_n.to_string()),
    ]
}

impl DecayConfig {
    /// Refuses settings the study cannot run, naming the problem.
    pub fn validate(&self) -> Result<()> {
        if self.values.is_empty() {
            return Err(Error::usage("give at least one --values distribution"));
        }
        for (i, v) in self.values.iter().enumerate() {
            if self.values[..i].contains(v) {
                return Err(Error::usage(format!("distribution {v} is given twice")));
            }
        }
        if self.start < 2 || self.start > self.max_n {
            return Err(Error::usage(format!(
                "--start {} must be at least 2 and at most --max-n {}",
                self.start, self.max_n
            )));
        }
        if self.max_n > 1_000_000 {
            return Err(Error::usage(format!(
                "--max-n {} is more than 1000000",
                self.max_n
            )));
        }
        if !(1..=100).contains(&self.per_decade) {
            return Err(Error::usage("--per-decade must be in 1..=100"));
        }
        if self.min_boards == 0 || self.min_boards > self.max_boards {
            return Err(Error::usage(format!(
                "--min-boards {} must be at least 1 and at most --max-boards {}",
                self.min_boards, self.max_boards
            )));
        }
        if self.max_boards > 1_000_000_000_000 {
            return Err(Error::usage("--max-boards is more than 10^12"));
        }
        if self.work == 0 || self.regret_cells == 0 {
            return Err(Error::usage("--work and --regret-cells must be at least 1"));
        }
        if self.regret_boards == 0 || self.regret_boards > 1_000_000_000_000 {
            return Err(Error::usage("--regret-boards must be in 1..=10^12"));
        }
        if self.regret_max_n > coinline_core::strategy::LIMIT {
            return Err(Error::usage(format!(
                "--regret-max-n {} is more than {}",
                self.regret_max_n,
                coinline_core::strategy::LIMIT
            )));
        }
        Ok(())
    }

    /// The configuration recorded in `settings.csv`.
    pub fn from_settings(table: &CsvTable) -> Result<DecayConfig> {
        let bad = |what: &str| Error::usage(format!("{}: bad or missing {what}", CSV_FILES[0]));
        let record = table.records().next().ok_or_else(|| bad("row"))?;
        let num = |name: &str| record.num::<u64>(name).ok_or_else(|| bad(name));
        let size = |name: &str| record.num::<usize>(name).ok_or_else(|| bad(name));
        let values = record
            .get("values")
            .split(' ')
            .map(|v| v.parse::<Values>())
            .collect::<Result<Vec<_>>>()
            .map_err(|_| bad("values"))?;
        let config = DecayConfig {
            values,
            seed: num("seed")?,
            start: size("start")?,
            per_decade: size("per_decade")?,
            max_n: size("max_n")?,
            min_boards: num("min_boards")?,
            max_boards: num("max_boards")?,
            work: num("work")?,
            target: num("target")?,
            floor: num("floor")?,
            regret_boards: num("regret_boards")?,
            regret_cells: num("regret_cells")?,
            regret_max_n: size("regret_max_n")?,
        };
        config.validate()?;
        Ok(config)
    }

    /// The command that reproduces this configuration (options at their
    /// defaults are left out).
    pub fn command_line(&self) -> String {
        let mut cmd = String::from("coinline study decay");
        let default = settings(&DecayConfig::default());
        for ((name, value), (_, default)) in settings(self).into_iter().zip(default) {
            if value != default {
                let option = name.replace('_', "-");
                let value = value.replace(' ', ",");
                cmd += &format!(" --{option}={value}");
            }
        }
        cmd
    }
}

/// The grid: odd lengths near `start * 10^(k / per_decade)`, k = 0, 1, ..,
/// up to `max_n`, without repeats.
pub fn grid(config: &DecayConfig) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::new();
    for k in 0.. {
        let x = config.start as f64 * 10f64.powf(k as f64 / config.per_decade as f64);
        let mut n = x.round() as usize;
        if n % 2 == 0 {
            n += 1;
        }
        if n > config.max_n {
            break;
        }
        if out.last() != Some(&n) {
            out.push(n);
        }
    }
    out
}

//! The report's tables: one CSV row per point of each measurement, and the
//! settings.

use super::config::{settings, DecayConfig};
use super::sample::{Counts, Decay, Point};
use super::CSV_FILES;
use crate::study::table::CsvTable;
use coinline_core::error::Result;
use coinline_core::generate::Values;
use coinline_core::summary::wilson_interval;

fn rate(x: f64) -> String {
    format!("{x:.9}")
}

fn keys(p: &Point, config: &DecayConfig) -> Vec<(&'static str, String)> {
    vec![
        ("n", p.n.to_string()),
        ("parity", crate::study::parity_name(p.n).to_string()),
        ("values", p.values.to_string()),
        ("seed", config.seed.to_string()),
        ("boards", p.counts.boards.to_string()),
    ]
}

fn with_interval(
    out: &mut Vec<(&'static str, String)>,
    names: [&'static str; 3],
    hits: u64,
    boards: u64,
) {
    let (lo, hi) = wilson_interval(hits, boards);
    out.push((names[0], rate(hits as f64 / boards.max(1) as f64)));
    out.push((names[1], rate(lo)));
    out.push((names[2], rate(hi)));
}

fn share_row(p: &Point, config: &DecayConfig) -> Vec<(&'static str, String)> {
    let c = &p.counts;
    let mut out = keys(p, config);
    out.push(("wins", c.a.to_string()));
    out.push(("ties", c.b.to_string()));
    out.push(("not_lost", c.hits.to_string()));
    with_interval(
        &mut out,
        ["share", "share_low", "share_high"],
        c.hits,
        c.boards,
    );
    out
}

fn greedy_row(p: &Point, config: &DecayConfig) -> Vec<(&'static str, String)> {
    let c = &p.counts;
    let mut out = keys(p, config);
    out.push(("screened_in", c.a.to_string()));
    out.push(("greedy_optimal", c.hits.to_string()));
    with_interval(
        &mut out,
        ["rate", "rate_low", "rate_high"],
        c.hits,
        c.boards,
    );
    out
}

/// The regret share (sum of regrets over sum of absolute sums) and its
/// standard error (ratio estimator, delta method).
pub fn regret_share(c: &Counts) -> (f64, f64) {
    if c.total == 0 || c.boards < 2 {
        return (0.0, 0.0);
    }
    let b = c.boards as f64;
    let share = c.regret as f64 / c.total as f64;
    let mean_t = c.total as f64 / b;
    let (r2, t2, rt) = (
        c.regret2 as f64 / b,
        c.total2 as f64 / b,
        c.cross as f64 / b,
    );
    let var = (r2 - 2.0 * share * rt + share * share * t2).max(0.0) * b / (b - 1.0);
    (share, (var / b).sqrt() / mean_t)
}

fn regret_row(p: &Point, config: &DecayConfig) -> Vec<(&'static str, String)> {
    let c = &p.counts;
    let mut out = keys(p, config);
    out.push(("greedy_optimal", c.a.to_string()));
    out.push(("regret_sum", c.regret.to_string()));
    out.push(("abs_sum", c.total.to_string()));
    let (share, se) = regret_share(c);
    out.push(("regret_share", rate(share)));
    out.push(("regret_share_se", rate(se)));
    out
}

/// The report's tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecayTables {
    /// `settings.csv`: the configuration, one row.
    pub settings: CsvTable,
    /// `share.csv`.
    pub share: CsvTable,
    /// `greedy.csv`.
    pub greedy: CsvTable,
    /// `regret.csv`.
    pub regret: CsvTable,
}

impl DecayTables {
    /// The tables with their file names, in [`CSV_FILES`] order.
    pub fn named(&self) -> [(&'static str, &CsvTable); 4] {
        [
            (CSV_FILES[0], &self.settings),
            (CSV_FILES[1], &self.share),
            (CSV_FILES[2], &self.greedy),
            (CSV_FILES[3], &self.regret),
        ]
    }

    /// Reads the tables from the CSV texts of [`CSV_FILES`], in order.
    pub fn from_csv(texts: [&str; 4]) -> Result<DecayTables> {
        Ok(DecayTables {
            settings: CsvTable::from_csv(texts[0], CSV_FILES[0])?,
            share: CsvTable::from_csv(texts[1], CSV_FILES[1])?,
            greedy: CsvTable::from_csv(texts[2], CSV_FILES[2])?,
            regret: CsvTable::from_csv(texts[3], CSV_FILES[3])?,
        })
    }
}

impl Decay {
    /// The report's tables.
    pub fn tables(&self, config: &DecayConfig) -> DecayTables {
        let example = Point {
            n: 1,
            values: Values::Small,
            counts: Counts::default(),
        };
        DecayTables {
            settings: CsvTable::from_pairs(
                settings(config).iter().map(|(k, _)| *k).collect(),
                vec![settings(config)],
            ),
            share: CsvTable::from_items(&example, &self.share, |p| share_row(p, config)),
            greedy: CsvTable::from_items(&example, &self.greedy, |p| greedy_row(p, config)),
            regret: CsvTable::from_items(&example, &self.regret, |p| regret_row(p, config)),
        }
    }
}

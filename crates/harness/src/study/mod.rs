//! The odd-n study (`coinline study odd-n`): does the classic coins table
//! work for odd n, is greedy optimal, can the first player lose, how badly
//! can greedy do, and does a bound on the value hold.
//!
//! The study is a driver of [`coinline_core::check`]: every board it counts went
//! through the full check. It computes four tables ([`Tables`]): exhaustive
//! enumeration ([`exact`]), random boards ([`sampled`]), smallest
//! counterexamples ([`smallest`]) and the greedy-share families
//! ([`family`]). Plots ([`plots`]) and the findings ([`findings`]) are
//! rendered from those tables alone, so they can be re-rendered from the
//! committed CSV files and compared byte for byte.
//!
//! Architecture invariant: the study never writes files; the CLI writes
//! what [`files`] returns. Its output bytes depend on the [`Config`] only,
//! never on the number of threads.

pub mod engine;
pub mod exact;
pub mod family;
pub mod findings;
#[cfg(feature = "plots")]
pub mod plots;
pub mod sampled;
pub mod shard;
pub mod smallest;
pub mod stats;
pub mod table;

use coinline_core::error::{Error, Result};
use coinline_core::generate::{enumeration_size, Shard, Span, Values};
use coinline_core::progress::{Progress, Quiet};
use coinline_core::strategy;
use std::time::{Duration, Instant};
use table::CsvTable;

/// The seed of the committed report.
pub const DEFAULT_SEED: u64 = 20_240_605;
/// Exhaustive enumeration covers lengths 1..=this by default.
pub const DEFAULT_MAX_N: usize = 10;
/// The default enumeration alphabets.
pub const DEFAULT_ALPHABETS: [&str; 2] = ["0..4", "-2..2"];
/// The default lengths of random boards, odd and even in pairs.
pub const DEFAULT_SIZES: [usize; 22] = [
    11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 25, 26, 49, 50, 99, 100, 199, 200, 499, 500, 999, 1000,
];
/// The default distributions of random boards.
pub const DEFAULT_VALUES: [&str; 4] = ["0..4", "-2..2", "1..100", "-100..100"];
/// Random boards per length and distribution by default.
pub const DEFAULT_BOARDS: u64 = 500;
/// The directory of the committed report, relative to the repository.
pub const DEFAULT_OUT: &str = "reports/odd-n";

/// What the study covers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Exhaustive enumeration of lengths 1..=max_n.
    pub max_n: usize,
    /// Alphabets enumerated.
    pub alphabets: Vec<Span<i64>>,
    /// Lengths of random boards.
    pub sizes: Vec<usize>,
    /// Distributions of random boards.
    pub values: Vec<Values>,
    /// Random boards per length and distribution.
    pub boards: u64,
    /// Seed of the random boards.
    pub seed: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            max_n: DEFAULT_MAX_N,
            alphabets: DEFAULT_ALPHABETS
                .iter()
                .map(|a| a.parse().expect("valid default"))
                .collect(),
            sizes: DEFAULT_SIZES.to_vec(),
            values: DEFAULT_VALUES
                .iter()
                .map(|v| v.parse().expect("valid default"))
                .collect(),
            boards: DEFAULT_BOARDS,
            seed: DEFAULT_SEED,
        }
    }
}

impl Config {
    /// Refuses settings the study cannot run, naming the problem.
    pub fn validate(&self) -> Result<()> {
        if self.max_n == 0 || self.max_n > strategy::LIMIT {
            return Err(Error::usage(format!(
                "--max-n {} is out of range 1..{}",
                self.max_n,
                strategy::LIMIT
            )));
        }
        if self.alphabets.is_empty() {
            return Err(Error::usage("give at least one --alphabet"));
        }
        for (i, a) in self.alphabets.iter().enumerate() {
            if self.alphabets[..i].contains(a) {
                return Err(Error::usage(format!("alphabet {a} is given twice")));
            }
            let largest = a.lo.unsigned_abs().max(a.hi.unsigned_abs());
            let fits = largest
                .checked_mul(self.max_n as u64)
                .is_some_and(|s| s <= i64::MAX as u64);
            if !fits || enumeration_size(self.max_n, *a).is_none() {
                return Err(Error::usage(format!(
                    "alphabet {a} with --max-n {} gives too many boards or too large sums to enumerate",
                    self.max_n
                )));
            }
        }
        if exact::checked_total_boards(self).is_none() {
            return Err(Error::usage(format!(
                "the alphabets with --max-n {} give too many boards to enumerate",
                self.max_n
            )));
        }
        if self.boards == 0 {
            return Err(Error::usage("--boards must be at least 1"));
        }
        if sampled::checked_total_boards(self).is_none() {
            return Err(Error::usage(format!(
                "--boards {} over every length and distribution gives too many boards",
                self.boards
            )));
        }
        if self.values.is_empty() {
            return Err(Error::usage("give at least one --values distribution"));
        }
        if let Some(&n) = self.sizes.iter().find(|&&n| n == 0 || n > strategy::LIMIT) {
            return Err(Error::usage(format!(
                "random board length {n} is out of range 1..{}",
                strategy::LIMIT
            )));
        }
        Ok(())
    }

    /// The configuration that produced `tables`, read from the columns of
    /// exact.csv (`n`, `alphabet`) and sampled.csv (`n`, `values`, `seed`,
    /// `boards`), so a re-rendered report quotes the command that made its
    /// CSV files.
    pub fn from_tables(tables: &Tables) -> Result<Config> {
        let bad = |file: &str, what: &str| {
            Error::format(format!("{file}: cannot tell the {what} that produced it"))
        };
        /// The distinct values of a column, parsed, in order of appearance.
        fn distinct<T: std::str::FromStr + PartialEq>(
            table: &CsvTable,
            column: &str,
        ) -> Option<Vec<T>> {
            let mut out: Vec<T> = Vec::new();
            for record in table.records() {
                let value = record.num::<T>(column)?;
                if !out.contains(&value) {
                    out.push(value);
                }
            }
            (!out.is_empty()).then_some(out)
        }
        let (exact, sampled) = (&tables.exact, &tables.sampled);
        let max_n = distinct::<usize>(exact, "n")
            .and_then(|ns| ns.into_iter().max())
            .ok_or_else(|| bad(CSV_FILES[0], "--max-n"))?;
        let alphabets =
            distinct(exact, "alphabet").ok_or_else(|| bad(CSV_FILES[0], "--alphabet"))?;
        let sizes = distinct(sampled, "n").ok_or_else(|| bad(CSV_FILES[1], "--sizes"))?;
        let values = distinct(sampled, "values").ok_or_else(|| bad(CSV_FILES[1], "--values"))?;
        let single = |column: &str, option: &str| match distinct::<u64>(sampled, column).as_deref()
        {
            Some(&[one]) => Ok(one),
            _ => Err(bad(CSV_FILES[1], option)),
        };
        Ok(Config {
            max_n,
            alphabets,
            sizes,
            values,
            boards: single("boards", "--boards")?,
            seed: single("seed", "--seed")?,
        })
    }

    /// The command that reproduces this configuration (options at their
    /// defaults are left out).
    pub fn command_line(&self) -> String {
        format!(
            "coinline study odd-n{}",
            self.options_differing_from(&Config::default())
        )
    }

    /// The options of this configuration that differ from `default`, each
    /// with a leading space, in the order of the options' table.
    pub fn options_differing_from(&self, default: &Config) -> String {
        let mut cmd = String::new();
        let list = |items: Vec<String>| items.join(",");
        if self.max_n != default.max_n {
            cmd += &format!(" --max-n {}", self.max_n);
        }
        if self.alphabets != default.alphabets {
            let a = list(self.alphabets.iter().map(|a| a.to_string()).collect());
            cmd += &format!(" --alphabet={a}");
        }
        if self.sizes != default.sizes {
            cmd += &format!(
                " --sizes {}",
                list(self.sizes.iter().map(|n| n.to_string()).collect())
            );
        }
        if self.values != default.values {
            let v = list(self.values.iter().map(|v| v.to_string()).collect());
            cmd += &format!(" --values={v}");
        }
        if self.boards != default.boards {
            cmd += &format!(" --boards {}", self.boards);
        }
        if self.seed != default.seed {
            cmd += &format!(" --seed {}", self.seed);
        }
        cmd
    }
}

/// "odd" or "even".
pub fn parity_name(n: usize) -> &'static str {
    if n % 2 == 1 {
        "odd"
    } else {
        "even"
    }
}

/// Progress of the two long phases.
#[derive(Clone, Copy)]
pub struct Bars<'a> {
    /// Advances by the enumerated boards checked.
    pub exact: &'a dyn Progress,
    /// Advances by the random boards checked.
    pub sampled: &'a dyn Progress,
}

impl Bars<'static> {
    /// Progress that goes nowhere.
    pub fn hidden() -> Self {
        Bars {
            exact: &Quiet,
            sampled: &Quiet,
        }
    }
}

/// Everything the study computed.
#[derive(Clone, Debug)]
pub struct Study {
    /// One group per alphabet and length.
    pub exact: Vec<exact::ExactGroup>,
    /// One group per length and distribution.
    pub sampled: Vec<sampled::SampledGroup>,
    /// The counterexample searches.
    pub smallest: Vec<smallest::Found>,
    /// The greedy-share families.
    pub family: CsvTable,
    /// Wall time of each phase, for the command's log (not in any file).
    pub elapsed: Vec<(&'static str, Duration)>,
}

/// The four tables of the report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tables {
    /// `exact.csv`.
    pub exact: CsvTable,
    /// `sampled.csv`.
    pub sampled: CsvTable,
    /// `smallest.csv`.
    pub smallest: CsvTable,
    /// `family.csv`.
    pub family: CsvTable,
}

/// The CSV files of the report, by file name.
pub const CSV_FILES: [&str; 4] = ["exact.csv", "sampled.csv", "smallest.csv", "family.csv"];

impl Tables {
    /// The tables with their file names, in [`CSV_FILES`] order.
    pub fn named(&self) -> [(&'static str, &CsvTable); 4] {
        [
            (CSV_FILES[0], &self.exact),
            (CSV_FILES[1], &self.sampled),
            (CSV_FILES[2], &self.smallest),
            (CSV_FILES[3], &self.family),
        ]
    }

    /// Reads the tables from the CSV texts of [`CSV_FILES`], in order.
    pub fn from_csv(texts: [&str; 4]) -> Result<Tables> {
        Ok(Tables {
            exact: CsvTable::from_csv(texts[0], CSV_FILES[0])?,
            sampled: CsvTable::from_csv(texts[1], CSV_FILES[1])?,
            smallest: CsvTable::from_csv(texts[2], CSV_FILES[2])?,
            family: CsvTable::from_csv(texts[3], CSV_FILES[3])?,
        })
    }
}

/// Runs the whole study on the current rayon pool. `config` must be valid
/// ([`Config::validate`]).
pub fn run(config: &Config, bars: &Bars<'_>) -> Study {
    finish(run_part(config, Shard::WHOLE, bars))
}

/// The part of a study that `--shard` splits: the enumerated and the random
/// groups, over one part's boards (see [`exact::run_part`] and
/// [`sampled::run_part`]). The parts of all shards [`Part::merge`] into the
/// part of the whole run.
#[derive(Clone, Debug)]
pub struct Part {
    /// One group per alphabet and length.
    pub exact: Vec<exact::ExactGroup>,
    /// One group per length and distribution.
    pub sampled: Vec<sampled::SampledGroup>,
    /// Wall time of each phase, for the command's log (not in any file).
    pub elapsed: Vec<(&'static str, Duration)>,
}

/// Runs part `shard` of the enumerated and random boards on the current
/// rayon pool. `config` must be valid ([`Config::validate`]).
pub fn run_part(config: &Config, shard: Shard, bars: &Bars<'_>) -> Part {
    let start = Instant::now();
    let exact = exact::run_part(config, shard, bars.exact);
    bars.exact.finish();
    let mut elapsed = vec![("exact", start.elapsed())];
    let start = Instant::now();
    let sampled = sampled::run_part(config, shard, bars.sampled);
    bars.sampled.finish();
    elapsed.push(("sampled", start.elapsed()));
    Part {
        exact,
        sampled,
        elapsed,
    }
}

impl Part {
    /// Merges the part of other boards of the same study, group by group.
    /// Refuses a part whose groups are not the same.
    pub fn merge(&mut self, other: Part) -> Result<()> {
        let same = self.exact.len() == other.exact.len()
            && self.sampled.len() == other.sampled.len()
            && (self.exact.iter().zip(&other.exact))
                .all(|(a, b)| (a.n, a.alphabet) == (b.n, b.alphabet))
            && (self.sampled.iter().zip(&other.sampled))
                .all(|(a, b)| (a.n, a.values, a.seed) == (b.n, b.values, b.seed));
        if !same {
            return Err(Error::format(
                "the parts have different groups: not parts of one study",
            ));
        }
        for (a, b) in self.exact.iter_mut().zip(other.exact) {
            a.stats.merge(b.stats);
        }
        for (a, b) in self.sampled.iter_mut().zip(other.sampled) {
            a.stats.merge(b.stats);
        }
        for (phase, time) in other.elapsed {
            match self.elapsed.iter_mut().find(|(p, _)| *p == phase) {
                Some((_, sum)) => *sum += time,
                None => self.elapsed.push((phase, time)),
            }
        }
        Ok(())
    }
}

/// The whole study from the merged part of all its boards: the
/// counterexample searches and the families, which `--shard` does not
/// split, are computed here.
pub fn finish(part: Part) -> Study {
    let mut elapsed = part.elapsed;
    let mut timed = |name: &'static str, start: Instant| elapsed.push((name, start.elapsed()));
    let start = Instant::now();
    let smallest = smallest::search_all();
    timed("smallest", start);
    let start = Instant::now();
    let family = family::table();
    timed("family", start);
    Study {
        exact: part.exact,
        sampled: part.sampled,
        smallest,
        family,
        elapsed,
    }
}

impl Study {
    /// The report's tables.
    pub fn tables(&self) -> Tables {
        Tables {
            exact: exact::table(&self.exact),
            sampled: sampled::table(&self.sampled),
            smallest: smallest::table(&self.smallest, &self.exact),
            family: self.family.clone(),
        }
    }

    /// Every failed check and broken bound, one printable line each.
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
        let mut out = Vec::new();
        for (group, stats) in exact.chain(sampled) {
            if let Some((key, text)) = &stats.failure {
                out.push(format!("{group}, board #{key}: {text}"));
            }
            if let Some((key, board)) = &stats.bound.broken {
                out.push(format!(
                    "{group}, board #{key}: {board} breaks the odd-n bound"
                ));
            }
        }
        out
    }
}

/// Every file of the report, by name: the CSV files, the plots and the
/// findings, rendered from `tables`; `command` is the command that
/// reproduces them, quoted in the findings; `committed` says the report is
/// the committed one in [`DEFAULT_OUT`], which a test re-renders.
pub fn files(
    tables: &Tables,
    command: &str,
    committed: bool,
) -> Result<Vec<(&'static str, String)>> {
    let mut out: Vec<(&'static str, String)> = tables
        .named()
        .iter()
        .map(|(name, table)| (*name, table.to_csv()))
        .collect();
    #[cfg(feature = "plots")]
    out.extend(plots::render(tables)?);
    out.push(("README.md", findings::render(tables, command, committed)?));
    Ok(out)
}

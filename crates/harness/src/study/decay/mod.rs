//! The decay study (`coinline study decay`): how fast, as n grows, the
//! share of odd boards the first player does not lose falls, and how fast
//! greedy stops being optimal.
//!
//! Three measurements, each on a log grid of lengths ([`grid`]) and for
//! each value distribution, on random boards keyed like the odd-n study's
//! (board i of length n is [`super::sampled::board`]`(seed, n, i)`, so the
//! first 500 boards of a length are the odd-n study's boards of that
//! length):
//!
//! - **share** (odd n): boards whose value, by the O(n) [`linear`] solver,
//!   is >= 0, i.e. the first player does not lose.
//! - **greedy** (odd and even n): boards on which greedy (take the larger
//!   end, a tie goes left) playing first against a best-responding opponent
//!   achieves the value. Exact; see [`greedy_is_optimal`] for how most
//!   boards are settled in O(n) per move.
//! - **regret** (odd and even n): greedy's regret (value minus what greedy
//!   achieves against a best response, O(n^2) per board by
//!   [`greedy_against_best_reply`]) summed over the boards, divided by the
//!   sum of the boards' absolute values.
//!
//! A point runs in batches (the first of `min_boards` boards, each next one
//! as large as all before it, up to its [`cap`] in all) until it has
//! `target` hits; a series stops after a point that used its cap and still
//! had fewer than `floor` hits, or at `max_n` (regret: `regret_max_n`). Every figure is an integer count or a
//! ratio of integer sums, so no figure depends on the number of threads.
//!
//! Architecture invariant, as for the odd-n study: nothing here writes
//! files; the CLI writes what [`files`] returns.

pub mod findings;
pub mod fit;
#[cfg(feature = "plots")]
pub mod plots;

use super::sampled::board;
use super::table::CsvTable;
use coinline_core::error::{Error, Result};
use coinline_core::generate::Values;
use coinline_core::progress::Progress;
use coinline_core::solve::linear;
use coinline_core::summary::wilson_interval;
use rayon::prelude::*;

/// The directory of the committed report, relative to the repository.
pub const DEFAULT_OUT: &str = "reports/decay";

/// The CSV files of the report, by file name.
pub const CSV_FILES: [&str; 4] = ["settings.csv", "share.csv", "greedy.csv", "regret.csv"];

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
    /// A series stops after a point that used its [`cap`] with fewer hits.
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
            values: super::DEFAULT_VALUES
                .iter()
                .map(|v| v.parse().expect("valid default"))
                .collect(),
            seed: super::DEFAULT_SEED,
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
fn settings(c: &DecayConfig) -> Vec<(&'static str, String)> {
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
            return Err(Error::invalid("give at least one --values distribution"));
        }
        for (i, v) in self.values.iter().enumerate() {
            if self.values[..i].contains(v) {
                return Err(Error::invalid(format!("distribution {v} is given twice")));
            }
        }
        if self.start < 2 || self.start > self.max_n {
            return Err(Error::invalid(format!(
                "--start {} must be at least 2 and at most --max-n {}",
                self.start, self.max_n
            )));
        }
        if self.max_n > 1_000_000 {
            return Err(Error::invalid(format!(
                "--max-n {} is more than 1000000",
                self.max_n
            )));
        }
        if !(1..=100).contains(&self.per_decade) {
            return Err(Error::invalid("--per-decade must be in 1..=100"));
        }
        if self.min_boards == 0 || self.min_boards > self.max_boards {
            return Err(Error::invalid(format!(
                "--min-boards {} must be at least 1 and at most --max-boards {}",
                self.min_boards, self.max_boards
            )));
        }
        if self.max_boards > 1_000_000_000_000 {
            return Err(Error::invalid("--max-boards is more than 10^12"));
        }
        if self.work == 0 || self.regret_cells == 0 {
            return Err(Error::invalid(
                "--work and --regret-cells must be at least 1",
            ));
        }
        if self.regret_boards == 0 || self.regret_boards > 1_000_000_000_000 {
            return Err(Error::invalid("--regret-boards must be in 1..=10^12"));
        }
        if self.regret_max_n > coinline_core::strategy::LIMIT {
            return Err(Error::invalid(format!(
                "--regret-max-n {} is more than {}",
                self.regret_max_n,
                coinline_core::strategy::LIMIT
            )));
        }
        Ok(())
    }

    /// The configuration recorded in `settings.csv`.
    pub fn from_settings(table: &CsvTable) -> Result<DecayConfig> {
        let bad = |what: &str| Error::invalid(format!("{}: bad or missing {what}", CSV_FILES[0]));
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

/// What greedy achieves, playing first (the larger end, a tie goes left),
/// against an opponent who knows it and minimizes greedy's margin: greedy's
/// total minus the opponent's. O(n^2) time, O(n) memory; the same number as
/// [`coinline_core::strategy::evaluate`] with [`coinline_core::strategy::Greedy`] (a test
/// compares them), without its tables.
pub fn greedy_against_best_reply(v: &[i64]) -> i64 {
    let n = v.len();
    // mine[l] / theirs[l]: the interval [l, l + len) with greedy / the
    // opponent to move, for the current len; both hold greedy's margin.
    let mut mine = vec![0i64; n + 1];
    let mut theirs = vec![0i64; n + 1];
    let mut next_mine = vec![0i64; n + 1];
    let mut next_theirs = vec![0i64; n + 1];
    for len in 1..=n {
        for l in 0..=n - len {
            let r = l + len - 1;
            next_mine[l] = if v[l] >= v[r] {
                v[l] + theirs[l + 1]
            } else {
                v[r] + theirs[l]
            };
            next_theirs[l] = (mine[l + 1] - v[l]).min(mine[l] - v[r]);
        }
        std::mem::swap(&mut mine, &mut next_mine);
        std::mem::swap(&mut theirs, &mut next_theirs);
    }
    mine[0]
}

/// Whether greedy, playing first against a best-responding opponent,
/// achieves `value`, the value of `v`.
///
/// First a necessary condition, in O(n) per move: along the line where the
/// opponent plays an optimal move (the left one when both are), every move
/// of greedy must be optimal. (If greedy achieves the value from a
/// position, its move there is optimal, and so is what it achieves after
/// any optimal reply: the reply cannot leave greedy more than the value of
/// what is left, and the opponent's best response gives greedy at most
/// that.) Most boards fail it within a few moves. Boards that pass are
/// settled by [`greedy_against_best_reply`]. Returns (passed the screen,
/// greedy optimal).
pub fn greedy_is_optimal(v: &[i64], value: i64) -> (bool, bool) {
    let (mut l, mut r) = (0, v.len());
    let mut target = value; // the value of [l, r) for the player to move
    while l < r {
        // Greedy moves.
        let (gain, nl, nr) = if v[l] >= v[r - 1] {
            (v[l], l + 1, r)
        } else {
            (v[r - 1], l, r - 1)
        };
        let rest = linear::value(&v[nl..nr]);
        if gain - rest != target {
            return (false, false);
        }
        (l, r, target) = (nl, nr, rest);
        if l == r {
            break;
        }
        // The opponent plays an optimal move.
        let after_left = linear::value(&v[l + 1..r]);
        if v[l] - after_left == target {
            (l, target) = (l + 1, after_left);
        } else {
            (r, target) = (r - 1, v[r - 1] - target);
        }
    }
    (true, greedy_against_best_reply(v) == value)
}

/// The counts of one point (one length and distribution) of a measurement.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Boards.
    pub boards: u64,
    /// share: wins; greedy: boards that passed the screen; regret: greedy optimal.
    pub a: u64,
    /// share: ties.
    pub b: u64,
    /// The hits: share: not lost; greedy: greedy optimal.
    pub hits: u64,
    /// regret: sum of regrets.
    pub regret: u128,
    /// regret: sum of absolute sums.
    pub total: u128,
    /// regret: sums of squares and of products, for the standard error.
    pub regret2: u128,
    /// regret: sum of squared absolute sums.
    pub total2: u128,
    /// regret: sum of regret times absolute sum.
    pub cross: u128,
}

impl Counts {
    fn merge(mut self, o: Counts) -> Counts {
        self.boards += o.boards;
        self.a += o.a;
        self.b += o.b;
        self.hits += o.hits;
        // Squares of values near the overflow limit can exceed u128 when
        // summed: those sums saturate (only the standard error uses them).
        self.regret = self.regret.saturating_add(o.regret);
        self.total = self.total.saturating_add(o.total);
        self.regret2 = self.regret2.saturating_add(o.regret2);
        self.total2 = self.total2.saturating_add(o.total2);
        self.cross = self.cross.saturating_add(o.cross);
        self
    }
}

/// The three measurements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// Odd n: the first player does not lose.
    Share,
    /// Greedy achieves the value.
    Greedy,
    /// Greedy's regret.
    Regret,
}

/// Measures one board.
pub fn measure(what: Measure, v: &[i64]) -> Counts {
    let value = linear::value(v);
    let mut c = Counts {
        boards: 1,
        ..Counts::default()
    };
    match what {
        Measure::Share => {
            c.a = u64::from(value > 0);
            c.b = u64::from(value == 0);
            c.hits = u64::from(value >= 0);
        }
        Measure::Greedy => {
            let (passed, optimal) = greedy_is_optimal(v, value);
            c.a = u64::from(passed);
            c.hits = u64::from(optimal);
        }
        Measure::Regret => {
            // Both margins are bounded by the absolute sum, which fits in
            // i64; their difference may not, so it is taken in i128.
            let regret = i128::from(value) - i128::from(greedy_against_best_reply(v));
            let total: u64 = v.iter().map(|x| x.unsigned_abs()).sum();
            let (r, t) = (regret.unsigned_abs(), u128::from(total));
            c.a = u64::from(regret == 0);
            c.regret = r;
            c.total = t;
            c.regret2 = r.saturating_mul(r);
            c.total2 = t * t;
            c.cross = r.saturating_mul(t);
        }
    }
    c
}

/// One point of a measurement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Point {
    /// The length.
    pub n: usize,
    /// The distribution.
    pub values: Values,
    /// The counts.
    pub counts: Counts,
}

/// Boards `from..to` of length n, measured in parallel on the current rayon
/// pool; `progress` advances by boards times n.
fn batch(
    what: Measure,
    config: &DecayConfig,
    n: usize,
    values: Values,
    from: u64,
    to: u64,
    progress: &dyn Progress,
) -> Counts {
    (from..to)
        .into_par_iter()
        .fold(Counts::default, |acc, index| {
            let b = board(config.seed, n, index, values);
            let c = measure(what, b.values());
            if index % 64 == 0 {
                progress.advance(64 * n as u64);
            }
            acc.merge(c)
        })
        .reduce(Counts::default, Counts::merge)
}

/// The most boards of a point of length n: the share and greedy points
/// cost about n and n^1.5 per board, regret points n^2.
pub fn cap(what: Measure, config: &DecayConfig, n: usize) -> u64 {
    let n = n.max(1) as f64;
    match what {
        Measure::Share => {
            ((config.work as f64 / n) as u64).clamp(config.min_boards, config.max_boards)
        }
        Measure::Greedy => {
            ((config.work as f64 / n.powf(1.5)) as u64).clamp(config.min_boards, config.max_boards)
        }
        Measure::Regret => ((config.regret_cells as f64 / (n * n)) as u64)
            .clamp(100, config.regret_boards.max(100)),
    }
}

/// Runs one point: batches until the target (share and greedy) or the
/// fixed count (regret).
fn point(
    what: Measure,
    config: &DecayConfig,
    n: usize,
    values: Values,
    progress: &dyn Progress,
) -> Point {
    let mut counts = Counts::default();
    if what == Measure::Regret {
        let boards = cap(what, config, n);
        progress.start(boards * n as u64, &format!("values (n = {n}, {values})"));
        counts = batch(what, config, n, values, 0, boards, progress);
    } else {
        let (mut size, most) = (config.min_boards, cap(what, config, n));
        loop {
            let from = counts.boards;
            let to = (from + size).min(most);
            progress.start(
                (to - from) * n as u64,
                &format!("values (n = {n}, {values})"),
            );
            counts = counts.merge(batch(what, config, n, values, from, to, progress));
            if counts.hits >= config.target || counts.boards >= most {
                break;
            }
            size = counts.boards;
        }
    }
    Point { n, values, counts }
}

/// Everything the study measured.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Decay {
    /// share: odd n.
    pub share: Vec<Point>,
    /// greedy: odd and even n.
    pub greedy: Vec<Point>,
    /// regret: odd and even n.
    pub regret: Vec<Point>,
}

/// The progress of each measurement (advanced by boards times n).
#[derive(Clone, Copy)]
pub struct DecayBars<'a> {
    /// The share measurement.
    pub share: &'a dyn Progress,
    /// The greedy measurement.
    pub greedy: &'a dyn Progress,
    /// The regret measurement.
    pub regret: &'a dyn Progress,
}

/// One series of a measurement: points on the grid (shifted by `shift`, 0
/// for odd n, 1 for even) until the series ends; `log` is told each point.
fn series(
    what: Measure,
    config: &DecayConfig,
    values: Values,
    shift: usize,
    progress: &dyn Progress,
    log: &mut dyn FnMut(&Point),
) -> Vec<Point> {
    let mut out = Vec::new();
    for n in grid(config).into_iter().map(|n| n + shift) {
        if what == Measure::Regret && n > config.regret_max_n {
            break;
        }
        let p = point(what, config, n, values, progress);
        log(&p);
        let done = p.counts.boards >= cap(what, config, n) && p.counts.hits < config.floor;
        out.push(p);
        if what != Measure::Regret && done {
            break;
        }
    }
    out
}

/// Runs the study on the current rayon pool; `log` is told each point as
/// it is finished (the command prints them). `config` must be valid.
pub fn run(config: &DecayConfig, bars: &DecayBars<'_>, log: &mut dyn FnMut(&Point)) -> Decay {
    let mut decay = Decay::default();
    for &v in &config.values {
        decay
            .share
            .extend(series(Measure::Share, config, v, 0, bars.share, log));
    }
    bars.share.finish();
    for shift in [0, 1] {
        for &v in &config.values {
            decay
                .greedy
                .extend(series(Measure::Greedy, config, v, shift, bars.greedy, log));
        }
    }
    bars.greedy.finish();
    for shift in [0, 1] {
        for &v in &config.values {
            decay
                .regret
                .extend(series(Measure::Regret, config, v, shift, bars.regret, log));
        }
    }
    bars.regret.finish();
    decay
}

fn rate(x: f64) -> String {
    format!("{x:.9}")
}

fn keys(p: &Point, config: &DecayConfig) -> Vec<(&'static str, String)> {
    vec![
        ("n", p.n.to_string()),
        ("parity", super::parity_name(p.n).to_string()),
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

/// Every file of the report, by name: the CSV files, the plots and the
/// findings, rendered from `tables` alone.
pub fn files(tables: &DecayTables) -> Result<Vec<(&'static str, String)>> {
    let config = DecayConfig::from_settings(&tables.settings)?;
    let mut out: Vec<(&'static str, String)> = tables
        .named()
        .iter()
        .map(|(name, table)| (*name, table.to_csv()))
        .collect();
    #[cfg(feature = "plots")]
    out.extend(plots::render(tables)?);
    out.push((
        "README.md",
        findings::render(tables, &config.command_line())?,
    ));
    Ok(out)
}

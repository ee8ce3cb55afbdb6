//! The sampling driver: each board measured, points run in batches until
//! their target or cap, series along the grid, the three measurements in
//! turn.

use super::config::{grid, DecayConfig};
use super::greedy::{greedy_against_best_reply, greedy_is_optimal};
use crate::study::sampled::board;
use coinline_core::generate::Values;
use coinline_core::progress::Progress;
use coinline_core::solve::linear;
use rayon::prelude::*;

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
    /// regret: sum of squared regrets (this and the next two are for the
    /// standard error).
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

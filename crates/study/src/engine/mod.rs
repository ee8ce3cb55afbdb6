//! The exploration engine: a study is a query (a TOML study file, see
//! [`spec`]): rule sets x a board source x tables, each table one measure
//! aggregated over groups of boards. [`run_part`] evaluates the boards of a
//! shard on every core into mergeable aggregates ([`Part`]); [`merge`]
//! joins the parts of a sharded run; [`finish`] puts every witness through
//! the full check and renders the CSV tables (and a report from a
//! template, [`template`]). A run's bytes depend on the query alone: not on
//! the thread count, nor on how it was sharded.

pub mod aggregate;
pub mod builtin;
pub mod certificate;
pub mod fit;
pub mod formula;
pub mod measure;
pub mod plot;
pub mod quantity;
mod report;
pub mod sample;
pub mod search;
pub mod source;
pub mod spec;
pub mod template;

pub use report::{finish, folder, planned_files, Outcome, Templates};

use crate::{PartOf, StudyError};
use aggregate::{State, Witness};
use coinline_core::board::Board;
use coinline_core::check::{check_builtin, CheckConfig};
use coinline_core::error::Result;
use coinline_core::generate::{mix64, Shard};
use coinline_core::{play::Game, progress::Progress, solve::Cost};
use measure::{Eval, Evaluator, Num};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use spec::{Measure, Query, Source, Symmetry};

/// The boards of one length of one rule set: how many classes stand for
/// how many boards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SourceRow {
    /// The rule set's index in the query.
    pub game: usize,
    /// The source's index in the query.
    #[serde(default)]
    pub source: usize,
    /// The length.
    pub n: usize,
    /// The symmetry used.
    pub symmetry: Symmetry,
    /// Classes evaluated.
    pub classes: u64,
    /// Boards they stand for.
    pub boards: u64,
}

/// What the full check found on one rule set's boards.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checked {
    /// Sampled boards checked.
    pub sampled: u64,
    /// The solvers that ran on them.
    pub solvers: Vec<String>,
}

/// A failure: the check disagreed with the engine, or a bound was broken.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Failure {
    /// The rule set's index.
    pub game: usize,
    /// The source's index.
    #[serde(default)]
    pub source: usize,
    /// The board's length and ordinal.
    pub n: usize,
    /// See `n`.
    pub ordinal: u64,
    /// What went wrong.
    pub what: String,
}

/// The aggregates of one shard (or of a whole run, or of one batch).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Part {
    /// The study's name.
    pub study: String,
    /// A digest of the query, so that parts of different studies never merge.
    pub fingerprint: String,
    /// Which parts this holds, K of N (all of them after a merge).
    pub parts: Vec<u64>,
    /// N.
    pub count: u64,
    /// One row per rule set and length.
    pub sources: Vec<SourceRow>,
    /// One state per measure of each table, table after table (see [`slots`]).
    pub tables: Vec<State>,
    /// Per rule set.
    pub checked: Vec<Checked>,
    /// Sorted.
    pub failures: Vec<Failure>,
}

/// A digest of the study file's text: its SHA-256's first 8 bytes, in hex.
pub fn fingerprint(text: &str) -> String {
    coinline_output::folder::sha256_hex(text.as_bytes())[..16].to_string()
}

/// The measures of the tables covering source `only` (every table: `None`),
/// and every search's objective.
pub(crate) fn measures_of(query: &Query, only: Option<usize>) -> Vec<Measure> {
    let covers = |t: &&spec::Table| only.is_none_or(|s| t.reads(&query.sources[s].label));
    let objectives = (query.sources.iter()).filter_map(|s| match s.source {
        Source::Search { objective, .. } => Some(objective),
        _ => None,
    });
    let measures = (query.tables.iter().filter(covers)).flat_map(|t| t.measures.clone());
    measures.chain(objectives).collect()
}

/// The aggregate states of a query: one per measure of each table, as
/// (table, measure), in order.
pub fn slots(query: &Query) -> Vec<(&spec::Table, Measure)> {
    (query.tables.iter())
        .flat_map(|t| t.measures.iter().map(move |&m| (t, m)))
        .collect()
}

/// Whether `eval` is what the full check finds on `values`: `None` if so,
/// else what differs. The solvers that ran are added to `solvers`.
pub fn cross_check(
    game: Game,
    values: &[i64],
    eval: &Eval,
    solvers: &mut Vec<String>,
) -> Option<String> {
    let board = match Board::new(values.to_vec()) {
        Ok(board) => board,
        Err(e) => return Some(format!("the check cannot take the board: {e}")),
    };
    let report = check_builtin(game, &board, &CheckConfig::default());
    let ran = report.solvers.iter().filter(|s| s.difference.is_some());
    add_new(solvers, ran.map(|s| s.solver.clone()).collect());
    if let Some(v) = &report.violation {
        return Some(format!("the check failed: {}", v.signature()));
    }
    if report.value != Some(eval.value) {
        let (mine, theirs) = (eval.value, report.value);
        let what = format!("the engine's value {mine} is not the check's {theirs:?}");
        return Some(what);
    }
    let name = |h: usize| spec::heuristic(h).name();
    let theirs = |h: usize| report.performance_of(name(h)).map(|p| p.difference);
    let wrong = |&&(h, optimal): &&(usize, bool)| (theirs(h) == Some(eval.value)) != optimal;
    if let Some(&(h, optimal)) = eval.optimal.iter().find(wrong) {
        let name = name(h);
        let what = format!("{name} optimal: {optimal} in the engine, not in the check");
        return Some(what);
    }
    let &(h, value) = (eval.heuristics.iter()).find(|&&(h, v)| theirs(h) != Some(v))?;
    let (name, theirs) = (name(h), theirs(h));
    let what = format!("{name} scores {value} in the engine, {theirs:?} in the check");
    Some(what)
}

/// The boards of one length of one source, on one rule set: those of `row`.
struct Length<'a> {
    query: &'a Query,
    ev: &'a Evaluator,
    row: SourceRow,
}

impl Length<'_> {
    /// Adds board `ordinal` of the source's order, of a class of `weight`
    /// boards, to `out`, a part of this length's row alone.
    fn observe(&self, ordinal: u64, values: &[i64], weight: u64, out: &mut Part) -> Result<()> {
        let (query, game, from, n) = (self.query, self.row.game, self.row.source, self.row.n);
        let eval = self.ev.eval(values)?;
        out.sources[0].classes += 1;
        out.sources[0].boards += weight;
        let label = &query.sources[from].label;
        for ((table, measure), state) in slots(query).into_iter().zip(&mut out.tables) {
            if !table.covers(query.games[game]) || !table.reads(label) {
                continue;
            }
            let witness = || Witness {
                source: from,
                n,
                ordinal,
                values: values.to_vec(),
                weight,
            };
            let num = match (eval.measure(measure), table.holds) {
                (Num::Ratio(r), Some((cmp, x))) => Num::Bool(cmp.test(r, x)),
                (num, _) => num,
            };
            state.add(table, game, witness, (from, n), weight, num);
        }
        // The checked sample: one board in `check_every`, by a hash of its place,
        // the same whatever shard or thread meets the board.
        let place = ordinal ^ ((n as u64) << 48) ^ ((from as u64) << 58);
        if mix64(place) % query.check_every == 0 {
            let checked = &mut out.checked[game];
            checked.sampled += 1;
            let found = cross_check(query.games[game], values, &eval, &mut checked.solvers);
            if let Some(what) = found {
                let what = format!("sampled board {}: {what}", measure::board_text(values));
                (out.failures).push(Failure {
                    game,
                    source: from,
                    n,
                    ordinal,
                    what,
                });
            }
        }
        Ok(())
    }

    /// One batch: `boards` visits each board with its ordinal and weight.
    fn batch(&self, boards: impl FnOnce(&mut dyn FnMut(u64, &[i64], u64))) -> Result<Part> {
        let (mut out, mut done) = (Part::empty(self.query), Ok(()));
        out.sources = vec![self.row.clone()];
        boards(&mut |ordinal, values, weight| {
            if done.is_ok() {
                done = self.observe(ordinal, values, weight, &mut out);
            }
        });
        done.map(|()| out)
    }

    /// The batches of this length that `shard` holds (of a random source:
    /// among the boards of `range`), each evaluated on the current pool, in
    /// the source's order.
    fn batches(&self, shard: Shard, range: std::ops::Range<u64>) -> Result<Vec<Part>> {
        let (n, symmetry) = (self.row.n, self.row.symmetry);
        let source = &self.query.sources[self.row.source].source;
        match source {
            Source::Enumerate { alphabet, .. } => {
                let k = (alphabet.hi - alphabet.lo + 1) as u8;
                let tasks = source::tasks(n, k, symmetry);
                (tasks.par_iter().enumerate())
                    .filter(|(t, _)| shard.contains(*t as u64))
                    .map(|piece| {
                        self.batch(|visit| source::run_piece(piece, n, *alphabet, symmetry, visit))
                    })
                    .collect()
            }
            Source::Random { seed, values, .. } => {
                let chunks: Vec<u64> = range.clone().step_by(source::BATCH).collect();
                (chunks.par_iter())
                    .map(|&first| {
                        let mine = (first..(first + source::BATCH as u64).min(range.end))
                            .filter(|&i| shard.contains(i));
                        let board = |i| source::random_values(*seed, n, i, *values);
                        self.batch(|visit| mine.for_each(|i| visit(i, &board(i), 1)))
                    })
                    .collect()
            }
            Source::Formula { boards, .. } => {
                let mine = (boards.iter().enumerate())
                    .filter(|(i, (_, b))| b.len() == n && shard.contains(*i as u64));
                let batch = self.batch(|visit| mine.for_each(|(i, (_, b))| visit(i as u64, b, 1)));
                Ok(vec![batch?])
            }
            Source::Search { .. } => {
                let walks = search::walks(source, self.ev, n, shard)?;
                let batch = self.batch(|visit| walks.iter().for_each(|(r, b)| visit(*r, b, 1)));
                Ok(vec![batch?])
            }
        }
    }
}

/// About how many boards (classes) of `shard` are evaluated, in how many
/// seconds of one core, holding how many bytes on `threads`: each at its
/// rule set's evaluator's cost ([`Evaluator::cost`]).
pub fn estimate(query: &Query, shard: Shard, threads: usize) -> Result<Cost> {
    let (mut total, part) = (Cost::of(0.0, 0.0), shard.count() as f64);
    for &game in &query.games {
        let ev = Evaluator::new(game, query.longest(), &measures_of(query, None))?;
        for (named, &n) in (query.sources.iter()).flat_map(|s| s.n.iter().map(move |n| (s, n))) {
            let (boards, cost) = (named.source.boards(game, n) / part, ev.cost(n));
            total.states += boards;
            total.seconds += boards * cost.seconds;
            total.bytes = total.bytes.max(cost.bytes * threads as f64);
        }
    }
    Ok(total)
}

/// Evaluates the boards of `shard` on the current rayon pool, telling
/// `bar` of each batch.
pub fn run_part(
    query: &Query,
    fingerprint: &str,
    shard: Shard,
    bar: &dyn Progress,
) -> Result<Part> {
    let adaptive = |s: &spec::Named| matches!(&s.source, Source::Random { sample: Some(x), .. } if x.until.is_some());
    if shard.count() > 1 && query.sources.iter().any(adaptive) {
        return Err(StudyError::UntilSharded.into());
    }
    let mut part = Part {
        study: query.name.clone(),
        fingerprint: fingerprint.to_string(),
        parts: vec![shard.part()],
        count: shard.count(),
        ..Part::empty(query)
    };
    // A heuristic breaks ties by side (left first), so its result on a
    // board and on the board's reflection may differ: only the optimal
    // measures may be taken once per class.
    let invariant = (measures_of(query, None).iter()).all(|m| m.heuristic().is_none());
    for (game, &rules) in query.games.iter().enumerate() {
        for (source, named) in query.sources.iter().enumerate() {
            // Each source evaluates only what its tables read.
            let ev = &Evaluator::new(rules, query.longest(), &measures_of(query, Some(source)))?;
            let symmetry = match named.source {
                Source::Enumerate { symmetry, .. } => Symmetry::of(rules, symmetry && invariant),
                _ => Symmetry::None,
            };
            for &n in &named.n {
                let (mut range, cap, sample) = match &named.source {
                    Source::Random { boards, sample, .. } => {
                        let cap = sample.as_ref().map_or(*boards, |s| s.cap(n, *boards));
                        let until = sample.as_ref().filter(|s| s.until.is_some());
                        (0..until.map_or(cap, |_| *boards), cap, until)
                    }
                    _ => (0..1, 1, None),
                };
                let row = SourceRow {
                    game,
                    source,
                    n,
                    symmetry,
                    classes: 0,
                    boards: 0,
                };
                part.sources.push(row.clone());
                let length = Length { query, ev, row };
                // Whether the source stops after this length.
                let ended = loop {
                    for batch in length.batches(shard, range.clone())? {
                        bar.advance(batch.sources[0].classes);
                        part.absorb(batch, query);
                    }
                    let Some(s) = sample else { break false };
                    let hits = until_hits(query, &part, s, &length.row)?;
                    if hits >= s.hits || range.end >= cap {
                        break range.end >= cap && hits < s.floor;
                    }
                    range = range.end..(2 * range.end).min(cap);
                };
                if ended {
                    break;
                }
            }
        }
    }
    Ok(part)
}

impl Part {
    /// A part of `query` that holds no boards.
    pub fn empty(query: &Query) -> Part {
        Part {
            tables: vec![State::default(); slots(query).len()],
            checked: vec![Checked::default(); query.games.len()],
            ..Part::default()
        }
    }

    /// Adds the aggregates of other boards: of the same rows, or of this
    /// part's last row alone (a batch).
    fn absorb(&mut self, other: Part, query: &Query) {
        let last = self.sources.len() - other.sources.len();
        for (mine, theirs) in self.sources[last..].iter_mut().zip(other.sources) {
            mine.classes += theirs.classes;
            mine.boards += theirs.boards;
        }
        let tables = self.tables.iter_mut().zip(other.tables);
        for ((state, theirs), (table, _)) in tables.zip(slots(query)) {
            state.merge(theirs, table);
        }
        for (mine, theirs) in self.checked.iter_mut().zip(other.checked) {
            mine.sampled += theirs.sampled;
            add_new(&mut mine.solvers, theirs.solvers);
        }
        self.failures.extend(other.failures);
    }
}

/// Appends the names of `more` that `names` does not hold yet.
pub(crate) fn add_new(names: &mut Vec<String>, more: Vec<String>) {
    for s in more {
        if !names.contains(&s) {
            names.push(s);
        }
    }
}

/// Joins the parts of one sharded run: every part of the same study and
/// the same N, each once.
pub fn merge(query: &Query, mut parts: Vec<Part>) -> Result<Part> {
    // A part file may have been edited: refuse any that does not have the
    // run's shape rather than add counts that do not line up.
    for p in &parts {
        let bad_part = |k: &u64| *k == 0 || *k > p.count;
        let shape = (p.tables.len(), p.checked.len());
        if p.parts.is_empty()
            || p.parts.iter().any(bad_part)
            || shape != (slots(query).len(), query.games.len())
        {
            return Err(StudyError::PartShape {
                study: p.study.clone(),
                parts: p.parts.clone(),
                count: p.count,
                tables: p.tables.len(),
                rule_sets: p.checked.len(),
            }
            .into());
        }
    }
    parts.sort_by_key(|p| p.parts.first().copied());
    let mut parts = parts.into_iter();
    let mut whole = parts.next().ok_or(StudyError::NoParts)?;
    for p in parts {
        if p.fingerprint != whole.fingerprint || p.count != whole.count {
            let of = |p: &Part| PartOf {
                part: p.parts[0],
                count: p.count,
                study: p.study.clone(),
                digest: p.fingerprint.clone(),
            };
            let (this, first) = (of(&p), of(&whole));
            return Err(StudyError::OtherRun { this, first }.into());
        }
        if let Some(k) = p.parts.iter().find(|k| whole.parts.contains(k)) {
            let (part, count) = (*k, p.count);
            return Err(StudyError::PartTwice { part, count }.into());
        }
        let (theirs, mine) = (p.sources.len(), whole.sources.len());
        if theirs != mine {
            return Err(StudyError::SourceRows {
                part: p.parts[0],
                first: whole.parts[0],
                count: p.count,
                rows: theirs,
                first_rows: mine,
            }
            .into());
        }
        whole.parts.extend(&p.parts);
        whole.absorb(p, query);
    }
    whole.parts.sort_unstable();
    let missing = Shard::new(1, whole.count)?.missing(|k| whole.parts.contains(&k));
    if !missing.is_empty() {
        return Err(StudyError::PartsMissing { missing }.into());
    }
    Ok(whole)
}

/// The boards of `row` (a length of a source) on which the rate table named
/// by `sample.until` holds so far (a `[source.sample]` with `until`).
fn until_hits(query: &Query, part: &Part, sample: &sample::Sample, row: &SourceRow) -> Result<u64> {
    let name = sample.until.as_deref().unwrap_or_default();
    let slots = slots(query);
    let at = (slots.iter())
        .position(|(t, _)| t.name == name && t.aggregate == spec::Aggregate::Rate)
        .ok_or_else(|| StudyError::UntilTableMissing { table: name.into() })?;
    let key = aggregate::group_key(slots[at].0, row.source, row.n);
    Ok((part.tables[at].cells.iter())
        .find(|c| c.game == row.game && c.key == key)
        .map_or(0, |c| c.hit_boards))
}

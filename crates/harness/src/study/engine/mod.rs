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

use aggregate::{State, Witness};
use coinline_core::board::Board;
use coinline_core::check::{check_builtin, CheckConfig};
use coinline_core::error::{Error, Result};
use coinline_core::generate::{mix64, Shard};
use coinline_core::play::Game;
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

/// The aggregates of one shard (or of a whole run).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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

/// A digest of the study file's text.
pub fn fingerprint(text: &str) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(text.as_bytes());
    digest.iter().take(8).map(|b| format!("{b:02x}")).collect()
}

/// The measures of the tables covering source `only` (every table: `None`),
/// and every search's objective.
pub(crate) fn measures_of(query: &Query, only: Option<usize>) -> Vec<Measure> {
    let covers = |t: &&spec::Table| {
        only.is_none_or(|s| {
            (t.sources.as_ref()).is_none_or(|v| v.contains(&query.sources[s].label))
        })
    };
    let mut all: Vec<Measure> = (query.tables.iter().filter(covers))
        .flat_map(|t| t.measures.clone())
        .collect();
    for s in &query.sources {
        if let Source::Search { objective, .. } = s.source {
            all.push(objective);
        }
    }
    all
}

/// The aggregate states of a query: one per measure of each table, as
/// (table, measure), in order.
pub fn slots(query: &Query) -> Vec<(&spec::Table, Measure)> {
    (query.tables.iter())
        .flat_map(|t| t.measures.iter().map(move |&m| (t, m)))
        .collect()
}

/// One batch's aggregates.
struct BatchOut {
    tables: Vec<State>,
    classes: u64,
    boards: u64,
    sampled: u64,
    solvers: Vec<String>,
    failures: Vec<Failure>,
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
    for s in &report.solvers {
        if s.difference.is_some() && !solvers.contains(&s.solver) {
            solvers.push(s.solver.clone());
        }
    }
    if let Some(v) = &report.violation {
        return Some(format!("the check failed: {}", v.signature()));
    }
    if report.value != Some(eval.value) {
        return Some(format!(
            "the engine's value {} is not the check's {:?}",
            eval.value, report.value
        ));
    }
    for &(h, optimal) in &eval.optimal {
        let name = spec::heuristic(h).name();
        let theirs = report.performance_of(name).map(|p| p.difference);
        if (theirs == Some(eval.value)) != optimal {
            return Some(format!(
                "{name} optimal: {optimal} in the engine, not in the check"
            ));
        }
    }
    for &(h, value) in &eval.heuristics {
        let name = spec::heuristic(h).name();
        let theirs = report.performance_of(name).map(|p| p.difference);
        if theirs != Some(value) {
            return Some(format!(
                "{name} scores {value} in the engine, {theirs:?} in the check"
            ));
        }
    }
    None
}

impl BatchOut {
    fn new(query: &Query) -> BatchOut {
        BatchOut {
            tables: vec![State::default(); slots(query).len()],
            classes: 0,
            boards: 0,
            sampled: 0,
            solvers: Vec::new(),
            failures: Vec::new(),
        }
    }
}

/// Whether the board of length `n` at `ordinal` is in the checked sample:
/// one in `every`, by a hash of its place, so that the sample is the same
/// whatever shard or thread meets the board.
fn sampled(source: usize, n: usize, ordinal: u64, every: u64) -> bool {
    mix64(ordinal ^ ((n as u64) << 48) ^ ((source as u64) << 58)) % every == 0
}

/// One board of a source, with its place in the source's order.
struct Seen<'a> {
    source: usize,
    n: usize,
    ordinal: u64,
    values: &'a [i64],
    weight: u64,
    sampled: bool,
}

impl<'a> Seen<'a> {
    /// Board `ordinal` of length `n` of source `source`, weighing `weight`.
    fn new(
        source: usize,
        n: usize,
        ordinal: u64,
        values: &'a [i64],
        weight: u64,
        every: u64,
    ) -> Self {
        let sampled = sampled(source, n, ordinal, every);
        Seen {
            source,
            n,
            ordinal,
            values,
            weight,
            sampled,
        }
    }
}

fn observe(
    query: &Query,
    game: usize,
    ev: &Evaluator,
    seen: Seen<'_>,
    out: &mut BatchOut,
) -> Result<()> {
    let eval = ev.eval(seen.values)?;
    out.classes += 1;
    out.boards += seen.weight;
    for ((table, measure), state) in slots(query).into_iter().zip(&mut out.tables) {
        let label = &query.sources[seen.source].label;
        let other = table.sources.as_ref().is_some_and(|s| !s.contains(label));
        if !table.covers(query.games[game]) || other {
            continue;
        }
        let witness = || Witness {
            source: seen.source,
            n: seen.n,
            ordinal: seen.ordinal,
            values: seen.values.to_vec(),
            weight: seen.weight,
        };
        let num = match (eval.measure(measure), table.holds) {
            (Num::Ratio(r), Some((cmp, x))) => Num::Bool(cmp.test(r, x)),
            (num, _) => num,
        };
        state.add(
            table,
            game,
            witness,
            (seen.source, seen.n),
            seen.weight,
            num,
        );
    }
    if seen.sampled {
        out.sampled += 1;
        if let Some(what) = cross_check(query.games[game], seen.values, &eval, &mut out.solvers) {
            out.failures.push(Failure {
                game,
                source: seen.source,
                n: seen.n,
                ordinal: seen.ordinal,
                what: format!("sampled board {}: {what}", measure::board_text(seen.values)),
            });
        }
    }
    Ok(())
}

/// The batches of one rule set and one length that `shard` holds, each
/// evaluated on the current pool, in the source's order.
fn batches(
    query: &Query,
    (game, from): (usize, usize),
    ev: &Evaluator,
    n: usize,
    symmetry: Symmetry,
    (shard, range): (Shard, std::ops::Range<u64>),
) -> Result<Vec<BatchOut>> {
    let every = query.check_every;
    let source = &query.sources[from].source;
    match source {
        Source::Enumerate { alphabet, .. } => {
            let k = (alphabet.hi - alphabet.lo + 1) as u8;
            let tasks = source::tasks(n, k, symmetry);
            let mine: Vec<(usize, &source::Task)> = tasks
                .iter()
                .enumerate()
                .filter(|(t, _)| shard.contains(*t as u64))
                .collect();
            mine.par_iter()
                .map(|&(t, task)| {
                    let mut out = BatchOut::new(query);
                    let mut values = vec![0i64; n];
                    let (mut local, mut failed) = (0u64, None);
                    source::run_task(task, n, k, symmetry, |digits, weight| {
                        if failed.is_some() {
                            return;
                        }
                        for (v, &d) in values.iter_mut().zip(digits) {
                            *v = alphabet.lo + i64::from(d);
                        }
                        let ordinal = source::ordinal(t, local);
                        let seen = Seen::new(from, n, ordinal, &values, weight, every);
                        failed = observe(query, game, ev, seen, &mut out).err();
                        local += 1;
                    });
                    failed.map_or(Ok(out), Err)
                })
                .collect()
        }
        Source::Random { seed, values, .. } => {
            let batch = source::BATCH as u64;
            let chunks: Vec<u64> = range.clone().step_by(batch as usize).collect();
            chunks
                .par_iter()
                .map(|&first| {
                    let mut out = BatchOut::new(query);
                    for index in first..(first + batch).min(range.end) {
                        if !shard.contains(index) {
                            continue;
                        }
                        let board = source::random_values(*seed, n, index, *values);
                        let seen = Seen::new(from, n, index, &board, 1, every);
                        observe(query, game, ev, seen, &mut out)?;
                    }
                    Ok(out)
                })
                .collect()
        }
        Source::Formula { boards, .. } => {
            let mut out = BatchOut::new(query);
            let mine = (boards.iter().enumerate())
                .filter(|(i, (_, b))| b.len() == n && shard.contains(*i as u64));
            for (i, (_, board)) in mine {
                let seen = Seen::new(from, n, i as u64, board, 1, every);
                observe(query, game, ev, seen, &mut out)?;
            }
            Ok(vec![out])
        }
        Source::Search { .. } => {
            let mut out = BatchOut::new(query);
            for item in search::walks(source, ev, n, shard)? {
                let seen = Seen::new(from, n, item.ordinal, &item.values, 1, every);
                observe(query, game, ev, seen, &mut out)?;
            }
            Ok(vec![out])
        }
    }
}

/// Evaluates the boards of `shard` on the current rayon pool.
pub fn run_part(query: &Query, fingerprint: &str, shard: Shard) -> Result<Part> {
    let mut part = Part {
        study: query.name.clone(),
        fingerprint: fingerprint.to_string(),
        parts: vec![shard.part()],
        count: shard.count(),
        sources: Vec::new(),
        tables: vec![State::default(); slots(query).len()],
        checked: vec![Checked::default(); query.games.len()],
        failures: Vec::new(),
    };
    let all_measures = measures_of(query, None);
    let adaptive = |s: &spec::Named| matches!(&s.source, Source::Random { sample: Some(x), .. } if x.until.is_some());
    if shard.count() > 1 && query.sources.iter().any(adaptive) {
        return Err(Error::usage(
            "a source whose [source.sample] has until stops by its own counts: it cannot be sharded",
        ));
    }
    // A heuristic breaks ties by side (left first), so its result on a
    // board and on the board's reflection may differ: only the optimal
    // measures may be taken once per class.
    let invariant = all_measures.iter().all(|m| m.heuristic().is_none());
    for (g, &game) in query.games.iter().enumerate() {
        for (from, named) in query.sources.iter().enumerate() {
            // Each source evaluates only what its tables read.
            let ev = Evaluator::new(game, query.longest(), &measures_of(query, Some(from)))?;
            let mut ended = false;
            for &n in named.source.lengths() {
                if ended {
                    break;
                }
                let symmetry = match named.source {
                    Source::Enumerate { symmetry, .. } => Symmetry::of(game, symmetry && invariant),
                    _ => Symmetry::None,
                };
                let mut row = SourceRow {
                    game: g,
                    source: from,
                    n,
                    symmetry,
                    classes: 0,
                    boards: 0,
                };
                let (mut range, cap, sample) = match &named.source {
                    Source::Random { boards, sample, .. } => {
                        let cap = sample.as_ref().map_or(*boards, |s| s.cap(n, *boards));
                        let until = sample.as_ref().filter(|s| s.until.is_some());
                        (0..until.map_or(cap, |_| *boards), cap, until)
                    }
                    _ => (0..1, 1, None),
                };
                loop {
                    let outs = batches(query, (g, from), &ev, n, symmetry, (shard, range.clone()))?;
                    for out in outs {
                        fold(&mut part, &mut row, g, out, query);
                    }
                    let Some(s) = sample else { break };
                    let hits = until_hits(query, &part, s, (g, from, n))?;
                    if hits >= s.hits || range.end >= cap {
                        ended = range.end >= cap && hits < s.floor;
                        break;
                    }
                    range = range.end..(2 * range.end).min(cap);
                }
                part.sources.push(row);
            }
        }
    }
    Ok(part)
}

fn fold(part: &mut Part, row: &mut SourceRow, game: usize, out: BatchOut, query: &Query) {
    merge_states(&mut part.tables, out.tables, query);
    row.classes += out.classes;
    row.boards += out.boards;
    let checked = &mut part.checked[game];
    checked.sampled += out.sampled;
    add_new(&mut checked.solvers, out.solvers);
    part.failures.extend(out.failures);
}

/// Appends the names of `more` that `names` does not hold yet.
pub(crate) fn add_new(names: &mut Vec<String>, more: Vec<String>) {
    for s in more {
        if !names.contains(&s) {
            names.push(s);
        }
    }
}

/// Folds the states of other boards into `states`, slot by slot.
fn merge_states(states: &mut [State], theirs: Vec<State>, query: &Query) {
    for ((state, theirs), (table, _)) in states.iter_mut().zip(theirs).zip(slots(query)) {
        state.merge(theirs, table);
    }
}

/// Joins the parts of one sharded run: every part of the same study and
/// the same N, each once.
pub fn merge(query: &Query, mut parts: Vec<Part>) -> Result<Part> {
    // A part file may have been edited: refuse any that does not have the
    // run's shape rather than add counts that do not line up.
    for p in &parts {
        let tables = slots(query).len();
        let bad_part = |k: &u64| *k == 0 || *k > p.count;
        if p.parts.is_empty()
            || p.parts.iter().any(bad_part)
            || p.tables.len() != tables
            || p.checked.len() != query.games.len()
        {
            return Err(Error::input(format!(
                "a part of study {} is not of this study's shape (parts {:?} of {}, {} tables, {} rule sets)",
                p.study, p.parts, p.count, p.tables.len(), p.checked.len()
            )));
        }
    }
    parts.sort_by_key(|p| p.parts.first().copied());
    let mut whole = parts
        .first()
        .cloned()
        .ok_or_else(|| Error::usage("no parts to merge"))?;
    for p in &parts[1..] {
        if p.fingerprint != whole.fingerprint || p.count != whole.count {
            return Err(Error::usage(format!(
                "part {}/{} is of another run (study {}, digest {}) than part {}/{} (study {}, digest {})",
                p.parts[0], p.count, p.study, p.fingerprint, whole.parts[0], whole.count, whole.study, whole.fingerprint
            )));
        }
        if let Some(k) = p.parts.iter().find(|k| whole.parts.contains(k)) {
            return Err(Error::usage(format!("part {k}/{} is given twice", p.count)));
        }
        whole.parts.extend(&p.parts);
        if p.sources.len() != whole.sources.len() {
            return Err(Error::input(format!(
                "part {}/{} has {} source rows where part {}/{} has {}",
                p.parts[0],
                p.count,
                p.sources.len(),
                whole.parts[0],
                whole.count,
                whole.sources.len()
            )));
        }
        for (mine, theirs) in whole.sources.iter_mut().zip(&p.sources) {
            mine.classes += theirs.classes;
            mine.boards += theirs.boards;
        }
        merge_states(&mut whole.tables, p.tables.clone(), query);
        for (mine, theirs) in whole.checked.iter_mut().zip(&p.checked) {
            mine.sampled += theirs.sampled;
            mine.solvers.extend(theirs.solvers.iter().cloned());
        }
        whole.failures.extend(p.failures.iter().cloned());
    }
    whole.parts.sort_unstable();
    let missing = Shard::new(1, whole.count)?.missing(|k| whole.parts.contains(&k));
    if !missing.is_empty() {
        return Err(Error::usage(format!(
            "parts missing: {}",
            missing.join(", ")
        )));
    }
    Ok(whole)
}

/// The boards of length n of source `from` on which the rate table named
/// by `sample.until` holds so far (a `[source.sample]` with `until`).
fn until_hits(
    query: &Query,
    part: &Part,
    sample: &sample::Sample,
    (game, from, n): (usize, usize, usize),
) -> Result<u64> {
    let name = sample.until.as_deref().unwrap_or_default();
    let at = (slots(query).iter())
        .position(|(t, _)| t.name == name && t.aggregate == spec::Aggregate::Rate)
        .ok_or_else(|| Error::usage(format!("source.sample.until: no rate table {name}")))?;
    let table = slots(query)[at].0;
    let key = aggregate::group_key(table, from, n);
    Ok((part.tables[at].cells.iter())
        .find(|c| c.game == game && c.key == key)
        .map_or(0, |c| c.hit_boards))
}

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
pub mod measure;
pub mod search;
pub mod source;
pub mod spec;
pub mod template;

use crate::study::table::CsvTable;
use aggregate::{State, Witness};
use coinline_core::board::Board;
use coinline_core::check::{check_builtin, CheckConfig};
use coinline_core::error::{Error, Result};
use coinline_core::generate::{mix64, Shard};
use coinline_core::play::Game;
use measure::{Eval, Evaluator};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use spec::{Measure, Query, Source, Symmetry};

/// The boards of one length of one rule set: how many classes stand for
/// how many boards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SourceRow {
    /// The rule set's index in the query.
    pub game: usize,
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
    /// One state per table.
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

/// Every measure the query's tables and source read.
fn measures(query: &Query) -> Vec<Measure> {
    let mut all: Vec<Measure> = query.tables.iter().map(|t| t.measure).collect();
    if let Source::Search { objective, .. } = query.source {
        all.push(objective);
    }
    all
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

/// Values as a board's text.
fn board_text(values: &[i64]) -> String {
    let text: Vec<String> = values.iter().map(i64::to_string).collect();
    text.join(" ")
}

/// Whether `eval` is what the full check finds on `values`: `None` if so,
/// else what differs. The solvers that ran are added to `solvers`.
fn cross_check(
    game: Game,
    values: &[i64],
    eval: &Eval,
    solvers: &mut Vec<String>,
) -> Option<String> {
    let board = Board::new(values.to_vec()).ok()?;
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
            tables: vec![State::default(); query.tables.len()],
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
fn sampled(n: usize, ordinal: u64, every: u64) -> bool {
    mix64(ordinal ^ ((n as u64) << 48)) % every == 0
}

/// One board of a source, with its place in the source's order.
struct Seen<'a> {
    n: usize,
    ordinal: u64,
    values: &'a [i64],
    weight: u64,
    sampled: bool,
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
    for (table, state) in query.tables.iter().zip(&mut out.tables) {
        let witness = || Witness {
            n: seen.n,
            ordinal: seen.ordinal,
            values: seen.values.to_vec(),
            weight: seen.weight,
        };
        state.add(
            table,
            game,
            witness,
            seen.n,
            seen.weight,
            eval.measure(table.measure),
        );
    }
    if seen.sampled {
        out.sampled += 1;
        if let Some(what) = cross_check(query.games[game], seen.values, &eval, &mut out.solvers) {
            out.failures.push(Failure {
                game,
                n: seen.n,
                ordinal: seen.ordinal,
                what: format!("sampled board {}: {what}", board_text(seen.values)),
            });
        }
    }
    Ok(())
}

/// The batches of one rule set and one length that `shard` holds, each
/// evaluated on the current pool, in the source's order.
fn batches(
    query: &Query,
    game: usize,
    ev: &Evaluator,
    n: usize,
    symmetry: Symmetry,
    shard: Shard,
) -> Result<Vec<BatchOut>> {
    let every = query.check_every;
    match &query.source {
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
                        let seen = Seen {
                            n,
                            ordinal: source::ordinal(t, local),
                            values: &values,
                            weight,
                            sampled: sampled(n, source::ordinal(t, local), every),
                        };
                        failed = observe(query, game, ev, seen, &mut out).err();
                        local += 1;
                    });
                    failed.map_or(Ok(out), Err)
                })
                .collect()
        }
        Source::Random {
            boards,
            seed,
            values,
            ..
        } => {
            let chunks: Vec<u64> = (0..boards.div_ceil(source::BATCH as u64)).collect();
            chunks
                .par_iter()
                .map(|&c| {
                    let mut out = BatchOut::new(query);
                    let from = c * source::BATCH as u64;
                    for index in from..(from + source::BATCH as u64).min(*boards) {
                        if !shard.contains(index) {
                            continue;
                        }
                        let board = source::random_values(*seed, n, index, *values);
                        let seen = Seen {
                            n,
                            ordinal: index,
                            values: &board,
                            weight: 1,
                            sampled: sampled(n, index, every),
                        };
                        observe(query, game, ev, seen, &mut out)?;
                    }
                    Ok(out)
                })
                .collect()
        }
        Source::Search { .. } => {
            let mut out = BatchOut::new(query);
            for item in search::walks(&query.source, ev, n, shard)? {
                let seen = Seen {
                    n,
                    ordinal: item.ordinal,
                    values: &item.values,
                    weight: 1,
                    sampled: sampled(n, item.ordinal, every),
                };
                observe(query, game, ev, seen, &mut out)?;
            }
            Ok(vec![out])
        }
    }
}

/// Evaluates the boards of `shard` on the current rayon pool.
pub fn run_part(query: &Query, fingerprint: &str, shard: Shard) -> Result<Part> {
    let lengths = query.source.lengths();
    let mut part = Part {
        study: query.name.clone(),
        fingerprint: fingerprint.to_string(),
        parts: vec![shard.part()],
        count: shard.count(),
        sources: Vec::new(),
        tables: vec![State::default(); query.tables.len()],
        checked: vec![Checked::default(); query.games.len()],
        failures: Vec::new(),
    };
    let all_measures = measures(query);
    for (g, &game) in query.games.iter().enumerate() {
        let ev = Evaluator::new(game, lengths.hi, &all_measures)?;
        for n in lengths.lo..=lengths.hi {
            // A heuristic breaks ties by side (left first), so its result
            // on a board and on the board's reflection may differ: only the
            // optimal measures may be taken once per class.
            let invariant = all_measures.iter().all(|m| m.heuristic().is_none());
            let symmetry = match query.source {
                Source::Enumerate { symmetry, .. } => Symmetry::of(game, symmetry && invariant),
                _ => Symmetry::None,
            };
            let mut row = SourceRow {
                game: g,
                n,
                symmetry,
                classes: 0,
                boards: 0,
            };
            for out in batches(query, g, &ev, n, symmetry, shard)? {
                fold(&mut part, &mut row, g, out, query);
            }
            part.sources.push(row);
        }
    }
    Ok(part)
}

fn fold(part: &mut Part, row: &mut SourceRow, game: usize, out: BatchOut, query: &Query) {
    for ((state, theirs), table) in part.tables.iter_mut().zip(out.tables).zip(&query.tables) {
        state.merge(theirs, table);
    }
    row.classes += out.classes;
    row.boards += out.boards;
    let checked = &mut part.checked[game];
    checked.sampled += out.sampled;
    for s in out.solvers {
        if !checked.solvers.contains(&s) {
            checked.solvers.push(s);
        }
    }
    part.failures.extend(out.failures);
}

/// Joins the parts of one sharded run: every part of the same study and
/// the same N, each once.
pub fn merge(query: &Query, mut parts: Vec<Part>) -> Result<Part> {
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
        for (mine, theirs) in whole.sources.iter_mut().zip(&p.sources) {
            mine.classes += theirs.classes;
            mine.boards += theirs.boards;
        }
        for ((state, theirs), table) in whole
            .tables
            .iter_mut()
            .zip(p.tables.clone())
            .zip(&query.tables)
        {
            state.merge(theirs, table);
        }
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

/// A finished run: its files (name, text) and its failures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Each CSV table (and the report, when a template was given), in order.
    pub files: Vec<(String, String)>,
    /// Every failure, one line each.
    pub failures: Vec<String>,
    /// The witnesses put through the full check, per rule set.
    pub witnesses_checked: Vec<u64>,
}

/// Checks every witness, then renders the tables of a whole run (a part
/// holding every shard), and the report when `template` is given.
pub fn finish(query: &Query, mut part: Part, template: Option<&str>) -> Result<Outcome> {
    let all_measures = measures(query);
    let lengths = query.source.lengths();
    let mut witnesses_checked = vec![0u64; query.games.len()];
    let mut witness_solvers = vec![Vec::new(); query.games.len()];
    for (g, &game) in query.games.iter().enumerate() {
        let ev = Evaluator::new(game, lengths.hi, &all_measures)?;
        let mut witnesses: Vec<&Witness> = part
            .tables
            .iter()
            .flat_map(|s| {
                s.cells
                    .iter()
                    .filter(|c| c.game == g)
                    .flat_map(|c| &c.witnesses)
            })
            .collect();
        witnesses.sort_by_key(|w| (w.n, w.ordinal));
        witnesses.dedup_by_key(|w| (w.n, w.ordinal));
        let results: Vec<(Option<String>, Vec<String>, &Witness)> = witnesses
            .par_iter()
            .map(|w| {
                let mut solvers = Vec::new();
                let what = match ev.eval(&w.values) {
                    Ok(eval) => cross_check(game, &w.values, &eval, &mut solvers),
                    Err(e) => Some(e.to_string()),
                };
                (what, solvers, *w)
            })
            .collect();
        for (what, solvers, w) in results {
            witnesses_checked[g] += 1;
            for s in solvers {
                if !witness_solvers[g].contains(&s) {
                    witness_solvers[g].push(s);
                }
            }
            if let Some(what) = what {
                part.failures.push(Failure {
                    game: g,
                    n: w.n,
                    ordinal: w.ordinal,
                    what: format!("witness {}: {what}", w.board()),
                });
            }
        }
    }
    let mut failures: Vec<String> = Vec::new();
    part.failures.sort();
    part.failures.dedup();
    for f in &part.failures {
        failures.push(format!("{} n={}: {}", query.games[f.game], f.n, f.what));
    }
    let mut files = Vec::new();
    let mut rendered = Vec::new();
    for (table, state) in query.tables.iter().zip(&part.tables) {
        if let Some(floor) = table.floor {
            for cell in state.cells.iter().filter(|c| c.below_floor > 0) {
                failures.push(format!(
                    "table {} {} {}: {} boards below the proven bound {floor} (a solver bug)",
                    table.name, query.games[cell.game], cell.label, cell.below_floor
                ));
            }
        }
        let csv = aggregate::render(table, state, &query.games);
        files.push((format!("{}.csv", table.name), csv.to_csv()));
        rendered.push((table.name.clone(), csv));
        if table.aggregate != spec::Aggregate::Rate {
            let csv = aggregate::render_witnesses(table, state, &query.games);
            files.push((format!("{}-witnesses.csv", table.name), csv.to_csv()));
            rendered.push((format!("{}-witnesses", table.name), csv));
        }
    }
    let sources = sources_table(query, &part);
    files.push(("sources.csv".to_string(), sources.to_csv()));
    rendered.push(("sources".to_string(), sources));
    let checks = checks_table(query, &part, &witness_solvers, &witnesses_checked);
    files.push(("checks.csv".to_string(), checks.to_csv()));
    rendered.push(("checks".to_string(), checks));
    if let Some(template) = template {
        let text = template::render(template, query, &rendered, &failures)?;
        files.push(("README.md".to_string(), text));
    }
    Ok(Outcome {
        files,
        failures,
        witnesses_checked,
    })
}

fn sources_table(query: &Query, part: &Part) -> CsvTable {
    let header = ["game", "n", "symmetry", "classes", "boards"];
    let rows = part
        .sources
        .iter()
        .map(|r| {
            vec![
                query.games[r.game].to_string(),
                r.n.to_string(),
                r.symmetry.name().to_string(),
                r.classes.to_string(),
                r.boards.to_string(),
            ]
        })
        .collect();
    CsvTable {
        header: header.into_iter().map(String::from).collect(),
        rows,
    }
}

fn checks_table(
    query: &Query,
    part: &Part,
    witness_solvers: &[Vec<String>],
    witnesses: &[u64],
) -> CsvTable {
    let header = [
        "game",
        "values_by",
        "classes",
        "sampled_checked",
        "witnesses_checked",
        "check_solvers",
    ];
    let lengths = query.source.lengths();
    let mut rows = Vec::new();
    for (g, &game) in query.games.iter().enumerate() {
        let by = Evaluator::new(game, lengths.hi, &[])
            .map_or(String::new(), |e| e.solver_name().to_string());
        let classes: u64 = part
            .sources
            .iter()
            .filter(|r| r.game == g)
            .map(|r| r.classes)
            .sum();
        let mut solvers: Vec<String> = part.checked[g].solvers.clone();
        solvers.extend(witness_solvers[g].iter().cloned());
        solvers.sort();
        solvers.dedup();
        rows.push(vec![
            game.to_string(),
            by,
            classes.to_string(),
            part.checked[g].sampled.to_string(),
            witnesses[g].to_string(),
            solvers.join(" "),
        ]);
    }
    CsvTable {
        header: header.into_iter().map(String::from).collect(),
        rows,
    }
}

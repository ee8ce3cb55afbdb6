//! The end of a run: every witness through the full check, the tables
//! rendered, the report filled in from its template; with `per_game`,
//! each rule set's rows in a folder of its own, with the report there and
//! a summary over every rule set beside the folders.

use super::aggregate::{self, Witness};
use super::measure::Evaluator;
use super::spec::{self, Query};
use super::{cross_check, measures_of, template, Failure, Part};
use crate::table::CsvTable;
use coinline_core::error::Result;
use coinline_core::play::Game;
use rayon::prelude::*;

/// A finished run: its files (name, text) and its failures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Each CSV table (and the report, when a template was given), in
    /// order; with `per_game`, named FOLDER/NAME, and the summary README.md.
    pub files: Vec<(String, String)>,
    /// Every failure, one line each.
    pub failures: Vec<String>,
    /// The witnesses put through the full check, per rule set.
    pub witnesses_checked: Vec<u64>,
}

/// The templates of a report.
#[derive(Clone, Copy, Debug, Default)]
pub struct Templates<'a> {
    /// README.md (of each rule set's folder, with `per_game`).
    pub report: Option<&'a str>,
    /// With `per_game`, the README.md beside the folders, over every rule set.
    pub summary: Option<&'a str>,
}

/// The folder of a rule set's rows: its name, with `=` and spaces replaced.
pub fn folder(game: Game) -> String {
    game.name().replace('=', "-").replace(' ', "_")
}

/// Puts every witness of rule set `g` through the full check: failures
/// go to `part`, the solvers that ran to its checked ones; returns how
/// many were checked.
fn check_witnesses(query: &Query, part: &mut Part, g: usize) -> Result<u64> {
    let game = query.games[g];
    let ev = Evaluator::new(game, query.longest(), &measures_of(query, None))?;
    let mut witnesses: Vec<&Witness> = (part.tables.iter().flat_map(|s| &s.cells))
        .filter(|c| c.game == g)
        .flat_map(|c| &c.witnesses)
        .collect();
    witnesses.sort_by_key(|w| w.key());
    witnesses.dedup_by_key(|w| w.key());
    let results: Vec<(Option<Failure>, Vec<String>)> = (witnesses.par_iter())
        .map(|w| {
            let mut solvers = Vec::new();
            let what = match ev.eval(&w.values) {
                Ok(eval) => cross_check(game, &w.values, &eval, &mut solvers),
                Err(e) => Some(e.to_string()),
            };
            let failure = what.map(|what| Failure {
                game: g,
                source: w.source,
                n: w.n,
                ordinal: w.ordinal,
                what: format!("witness {}: {what}", w.board()),
            });
            (failure, solvers)
        })
        .collect();
    let checked = results.len() as u64;
    for (failure, solvers) in results {
        super::add_new(&mut part.checked[g].solvers, solvers);
        part.failures.extend(failure);
    }
    Ok(checked)
}

/// Checks every witness, then renders the tables of a whole run (a part
/// holding every shard), and the report when a template is given. A part
/// of no shard ([`Part::empty`]) is the check before a run: the templates
/// are filled in `dry` ([`template::render`]).
pub fn finish(query: &Query, mut part: Part, templates: Templates<'_>) -> Result<Outcome> {
    let dry = part.parts.is_empty();
    let witnesses_checked = (0..query.games.len())
        .map(|g| check_witnesses(query, &mut part, g))
        .collect::<Result<Vec<u64>>>()?;
    part.failures.sort();
    part.failures.dedup();
    let several = query.sources.len() > 1;
    let mut failures: Vec<String> = (part.failures.iter())
        .map(|f| {
            let from = several.then(|| format!(" {}", query.sources[f.source].label));
            let (game, from) = (query.games[f.game], from.unwrap_or_default());
            format!("{game}{from} n={}: {}", f.n, f.what)
        })
        .collect();
    let mut rendered = Vec::new();
    // One state per measure of each table, table after table.
    let mut states = part.tables.iter();
    for table in &query.tables {
        let states: Vec<&aggregate::State> = states.by_ref().take(table.measures.len()).collect();
        if let Some(floor) = table.floor {
            for cell in states[0].cells.iter().filter(|c| c.below_floor > 0) {
                failures.push(format!(
                    "table {} {} {}: {} boards below the proven bound {floor} (a solver bug)",
                    table.name, query.games[cell.game], cell.label, cell.below_floor
                ));
            }
        }
        rendered.push((table.name.clone(), aggregate::render(table, &states, query)));
        if table.has_witnesses() {
            let csv = aggregate::render_witnesses(table, states[0], query);
            rendered.push((format!("{}-witnesses", table.name), csv));
        }
        if table.certify {
            let (csv, failed) = super::certificate::render(table, states[0], query);
            rendered.push((format!("{}-certificates", table.name), csv));
            failures.extend(failed);
        }
    }
    for f in &query.fits {
        rendered.push((f.name.clone(), super::fit::render(f, &rendered)?));
    }
    rendered.push(("sources".to_string(), sources_table(query, &part)));
    let checks = checks_table(query, &part, &witnesses_checked);
    rendered.push(("checks".to_string(), checks));
    let mut files = Vec::new();
    for folder in folders(query) {
        let folder = folder_files(query, (&rendered, &failures), (templates, dry), folder)?;
        files.extend(folder);
    }
    if let Some(summary) = summary(query, templates) {
        let text = template::render(summary, query, &rendered, &failures, dry)?;
        files.push(("README.md".to_string(), text));
    }
    Ok(Outcome {
        files,
        failures,
        witnesses_checked,
    })
}

/// The summary's template, if the run writes one.
fn summary<'a>(query: &Query, templates: Templates<'a>) -> Option<&'a str> {
    (templates.summary).filter(|_| query.per_game && query.games.len() > 1)
}

/// The folders of a run, each its prefix of --out and its rule set: each
/// rule set's with `per_game`, else the one.
fn folders(query: &Query) -> Vec<(String, Option<Game>)> {
    let each = query.games.iter().map(|&g| (folder(g) + "/", Some(g)));
    match query.per_game {
        true => each.collect(),
        false => vec![(String::new(), None)],
    }
}

/// Whether the table file `t` belongs to tables of other rule sets only,
/// so has no file in `game`'s folder.
fn elsewhere(query: &Query, game: Game, t: &str) -> bool {
    (query.tables.iter()).any(|table| !table.covers(game) && table.files().iter().any(|f| f == t))
}

/// Every file a run of `query` may write (paths relative to --out), known
/// before any work so that the folder's ownership is checked first.
pub fn planned_files(query: &Query, templates: Templates<'_>) -> Vec<String> {
    let tables = spec::table_files(&query.tables, &query.fits);
    let mut files = Vec::new();
    for (prefix, game) in folders(query) {
        let mine = (tables.iter()).filter(|t| game.is_none_or(|g| !elsewhere(query, g, t)));
        files.extend(mine.map(|t| format!("{prefix}{t}.csv")));
        files.extend((query.plots.iter()).map(|plot| format!("{prefix}{}.svg", plot.name)));
        files.extend(templates.report.map(|_| format!("{prefix}README.md")));
    }
    files.extend(summary(query, templates).map(|_| "README.md".into()));
    files
}

/// The files of a folder: the tables (with `game`, the rows whose first
/// column, the rule set, is that one), the plots and the report.
fn folder_files(
    query: &Query,
    (rendered, failures): (&[(String, CsvTable)], &[String]),
    (templates, dry): (Templates<'_>, bool),
    (prefix, game): (String, Option<Game>),
) -> Result<Vec<(String, String)>> {
    let (mut query, mut rendered) = (query.clone(), rendered.to_vec());
    let mut failures = failures.to_vec();
    if let Some(game) = game {
        let name = game.to_string();
        rendered.retain(|(t, _)| !elsewhere(&query, game, t));
        for (_, csv) in &mut rendered {
            csv.rows.retain(|r| r.first() == Some(&name));
        }
        failures.retain(|f| f.starts_with(&format!("{name} ")));
        query = query.with_games(vec![game])?;
    }
    let mut files: Vec<(String, String)> = (rendered.iter())
        .map(|(name, csv)| (format!("{prefix}{name}.csv"), csv.to_csv()))
        .collect();
    for plot in &query.plots {
        if let Some(svg) = super::plot::render(plot, &rendered)? {
            files.push((format!("{prefix}{}.svg", plot.name), svg));
        }
    }
    if let Some(template) = templates.report {
        let text = template::render(template, &query, &rendered, &failures, dry)?;
        files.push((format!("{prefix}README.md"), text));
    }
    Ok(files)
}

/// The boards of each rule set and length; by source when there are several.
fn sources_table(query: &Query, part: &Part) -> CsvTable {
    let rows = (part.sources.iter())
        .map(|r| {
            let mut row = vec![query.games[r.game].to_string()];
            row.push(query.sources[r.source].label.clone());
            row.extend([r.n.to_string(), r.symmetry.name().to_string()]);
            row.extend([r.classes, r.boards].map(|c| c.to_string()));
            row
        })
        .collect();
    let header = "game,source,n,symmetry,classes,boards".split(',');
    let header = header.map(String::from).collect();
    let mut table = CsvTable { header, rows };
    if query.sources.len() == 1 {
        for row in std::iter::once(&mut table.header).chain(&mut table.rows) {
            row.remove(1);
        }
    }
    table
}

/// What checked each rule set's values: the solver, the sample, the witnesses.
fn checks_table(query: &Query, part: &Part, witnesses: &[u64]) -> CsvTable {
    let rows = (query.games.iter().enumerate())
        .map(|(g, &game)| {
            let by = Evaluator::new(game, query.longest(), &[])
                .map_or(String::new(), |e| e.solver_name().to_string());
            let classes: u64 = (part.sources.iter())
                .filter(|r| r.game == g)
                .map(|r| r.classes)
                .sum();
            let mut solvers = part.checked[g].solvers.clone();
            solvers.sort();
            solvers.dedup();
            let counts = [classes, part.checked[g].sampled, witnesses[g]];
            let mut row = vec![game.to_string(), by];
            row.extend(counts.map(|c| c.to_string()));
            row.push(solvers.join(" "));
            row
        })
        .collect();
    let header = "game,values_by,classes,sampled_checked,witnesses_checked,check_solvers";
    let header = header.split(',').map(String::from).collect();
    CsvTable { header, rows }
}

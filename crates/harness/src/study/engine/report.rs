//! The end of a run: every witness through the full check, the tables
//! rendered, the report filled in from its template; with `per_game`,
//! each rule set's rows in a folder of its own, with the report there and
//! a summary over every rule set beside the folders.

use super::aggregate::{self, Witness};
use super::measure::Evaluator;
use super::spec::{self, Query};
use super::{cross_check, measures_of, template, Failure, Part};
use crate::study::table::CsvTable;
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
/// go to `part`; returns how many and the solvers that ran.
fn check_witnesses(query: &Query, part: &mut Part, g: usize) -> Result<(u64, Vec<String>)> {
    let game = query.games[g];
    let ev = Evaluator::new(game, query.longest(), &measures_of(query, None))?;
    let mut witnesses: Vec<&Witness> = (part.tables.iter())
        .flat_map(|s| {
            (s.cells.iter())
                .filter(|c| c.game == g)
                .flat_map(|c| &c.witnesses)
        })
        .collect();
    witnesses.sort_by_key(|w| w.key());
    witnesses.dedup_by_key(|w| w.key());
    let results: Vec<(Option<Failure>, Vec<String>)> = witnesses
        .par_iter()
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
    let (checked, mut all) = (results.len() as u64, Vec::new());
    for (failure, solvers) in results {
        super::add_new(&mut all, solvers);
        part.failures.extend(failure);
    }
    Ok((checked, all))
}

/// Checks every witness, then renders the tables of a whole run (a part
/// holding every shard), and the report when a template is given.
pub fn finish(query: &Query, mut part: Part, templates: Templates<'_>) -> Result<Outcome> {
    let mut witnesses_checked = vec![0u64; query.games.len()];
    let mut witness_solvers = vec![Vec::new(); query.games.len()];
    for g in 0..query.games.len() {
        (witnesses_checked[g], witness_solvers[g]) = check_witnesses(query, &mut part, g)?;
    }
    part.failures.sort();
    part.failures.dedup();
    let mut failures: Vec<String> = (part.failures.iter())
        .map(|f| {
            let from = match query.sources.len() {
                1 => String::new(),
                _ => format!(" {}", query.sources[f.source].label),
            };
            format!("{}{from} n={}: {}", query.games[f.game], f.n, f.what)
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
        let csv = super::fit::render(f, &rendered)?;
        rendered.push((f.name.clone(), csv));
    }
    rendered.push(("sources".to_string(), sources_table(query, &part)));
    let checks = checks_table(query, &part, &witness_solvers, &witnesses_checked);
    rendered.push(("checks".to_string(), checks));
    let mut files = Vec::new();
    if query.per_game {
        for &game in &query.games {
            let name = game.to_string();
            // The rows whose first column (the rule set) is this one.
            let mine: Vec<(String, CsvTable)> = (rendered.iter())
                .filter(|(t, _)| !elsewhere(query, game, t))
                .map(|(t, csv)| {
                    let mut csv = csv.clone();
                    csv.rows.retain(|r| r.first() == Some(&name));
                    (t.clone(), csv)
                })
                .collect();
            let theirs: Vec<String> = (failures.iter())
                .filter(|f| f.starts_with(&format!("{name} ")))
                .cloned()
                .collect();
            let one = query.clone().with_games(vec![game])?;
            let prefix = format!("{}/", folder(game));
            files.extend(report_files(
                &one,
                &mine,
                &theirs,
                templates.report,
                &prefix,
            )?);
        }
        if let (Some(summary), true) = (templates.summary, query.games.len() > 1) {
            let text = template::render(summary, query, &rendered, &failures)?;
            files.push(("README.md".to_string(), text));
        }
    } else {
        files = report_files(query, &rendered, &failures, templates.report, "")?;
    }
    Ok(Outcome {
        files,
        failures,
        witnesses_checked,
    })
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
    let folder_files = |prefix: &str, game: Option<Game>| {
        let mine = (tables.iter()).filter(|t| game.is_none_or(|g| !elsewhere(query, g, t)));
        let mut files: Vec<String> = mine.map(|t| format!("{prefix}{t}.csv")).collect();
        for plot in &query.plots {
            files.push(format!("{prefix}{}.svg", plot.name));
        }
        files.extend(templates.report.map(|_| format!("{prefix}README.md")));
        files
    };
    if !query.per_game {
        return folder_files("", None);
    }
    let mut files: Vec<String> = (query.games.iter())
        .flat_map(|&g| folder_files(&format!("{}/", folder(g)), Some(g)))
        .collect();
    if templates.summary.is_some() && query.games.len() > 1 {
        files.push("README.md".into());
    }
    files
}

fn report_files(
    query: &Query,
    rendered: &[(String, CsvTable)],
    failures: &[String],
    template: Option<&str>,
    prefix: &str,
) -> Result<Vec<(String, String)>> {
    let mut files: Vec<(String, String)> = (rendered.iter())
        .map(|(name, csv)| (format!("{prefix}{name}.csv"), csv.to_csv()))
        .collect();
    for plot in &query.plots {
        if let Some(svg) = super::plot::render(plot, rendered)? {
            files.push((format!("{prefix}{}.svg", plot.name), svg));
        }
    }
    if let Some(template) = template {
        let text = template::render(template, query, rendered, failures)?;
        files.push((format!("{prefix}README.md"), text));
    }
    Ok(files)
}

fn sources_table(query: &Query, part: &Part) -> CsvTable {
    let several = query.sources.len() > 1;
    let mut header = vec!["game"];
    if several {
        header.push("source");
    }
    header.extend(["n", "symmetry", "classes", "boards"]);
    let rows = (part.sources.iter())
        .map(|r| {
            let mut row = vec![query.games[r.game].to_string()];
            if several {
                row.push(query.sources[r.source].label.clone());
            }
            row.extend([r.n.to_string(), r.symmetry.name().to_string()]);
            row.extend([r.classes, r.boards].map(|c| c.to_string()));
            row
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
    let header = "game,values_by,classes,sampled_checked,witnesses_checked,check_solvers";
    let mut rows = Vec::new();
    for (g, &game) in query.games.iter().enumerate() {
        let by = Evaluator::new(game, query.longest(), &[])
            .map_or(String::new(), |e| e.solver_name().to_string());
        let classes: u64 = (part.sources.iter())
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
        header: header.split(',').map(String::from).collect(),
        rows,
    }
}

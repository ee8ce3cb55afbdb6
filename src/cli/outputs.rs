//! What the plans of paths (`coinline_output::Plan`) of the
//! commands share, each built from a command's arguments and checked
//! before any work: the kinds of rows, the folders of saved runs
//! (`--replay`, `--save`) with `--out`, and a study's report folder.

use coinline_core::error::Result;
use coinline_output::{Kind, Plan};
use std::path::{Path, PathBuf};

/// What stress's row file starts with.
pub const STRESS_ROWS: Kind = Kind::Csv("source,seed,index,run,n,board");

/// What the rows of `coinline play` (and of stress on an interactive
/// problem) start with.
pub const PLAY_ROWS: Kind = Kind::Csv("index,game,board,side");

/// What the table of `play --tournament` starts with.
pub const TOURNAMENT_ROWS: Kind = Kind::Csv("first,second,games");

/// Adds a run's `--replay` folder (read), `--save` folder (written into)
/// and `--out` file (rows of `kind`) to `plan`.
pub fn runs(
    plan: &mut Plan,
    replay: Option<&Path>,
    save: Option<&Path>,
    out: Option<&Path>,
    kind: Kind,
) {
    if let Some(dir) = replay {
        plan.input_folder("--replay", dir);
    }
    if let Some(dir) = save {
        plan.saves_into("--save", dir);
    }
    if let Some(out) = out {
        plan.output("--out", out, kind);
    }
}

/// Checks the plan of a study run: its report folder (`out`, or the
/// study's `name` in the working folder, which must stay inside it) with
/// the files `planned` there, never the study file `study`, the template
/// beside it or `template`; returns the folder.
pub fn study(
    (out, name): (Option<&Path>, &str),
    study: &str,
    template: Option<&Path>,
    planned: Vec<String>,
    force: bool,
) -> Result<PathBuf> {
    let mut plan = Plan::new(force);
    match out {
        Some(out) => plan.report("--out", out, None, planned),
        None => plan.report("study name", ".", Some(name), planned),
    };
    let beside = Path::new(study).with_extension("md");
    for input in [Path::new(study), &beside].into_iter().chain(template) {
        plan.input("input", input);
    }
    plan.check()?;
    Ok(plan.report_folder().unwrap_or_default())
}

//! Saved failing tests: a failure's minimal input saved as NAME.in with
//! NAME.out (the expected output) and NAME.got (the program's), and the
//! saved inputs of a folder read back for `--replay`. The only module of
//! the judge that touches files.

// saved tests are files: see ARCHITECTURE.md
#![allow(clippy::disallowed_methods)]

use crate::catalogue::built_in_names;
use crate::error::JudgeError;
use crate::input::text_of;
use crate::instance::Instance;
use crate::problem::Problem;
use crate::stream::parse_cases;
use crate::verdict::Judged;
use coinline_core::board::Board;
use coinline_core::case::Case;
use coinline_core::error::{plural, Error, Result};
use coinline_output as output;
use std::path::{Path, PathBuf};

/// Saves NAME.in, NAME.out and NAME.got in `dir` for the failing `boards`
/// of `problem`; returns DIR/NAME. NAME is the problem, the verdict's kind
/// and the stem of the boards joined into one. Files of those names are
/// replaced only when they are an earlier save of the same failure (the
/// same NAME.in) or with `force`.
pub(super) fn save(
    dir: &Path,
    problem: &Problem,
    boards: &[Instance],
    judged: &Judged,
    force: bool,
) -> Result<PathBuf> {
    let base = dir.join(stem(problem, boards, judged.verdict.kind()));
    let input = problem.write_input(boards);
    let expected = problem.write_answers(&judged.expected);
    if !force {
        check_owned_save(&base, input.as_bytes())?;
    }
    // One transaction, the input last: `--replay` reads the `.in` files,
    // so a saved test is whole or absent.
    let mut saved = output::Transaction::new();
    saved.stage_io(&base.with_extension("out"), |w| {
        w.write_all(expected.as_bytes())
    })?;
    saved.stage_io(&base.with_extension("got"), |w| {
        w.write_all(&judged.execution.stdout)
    })?;
    saved.stage_io(&base.with_extension("in"), |w| {
        w.write_all(input.as_bytes())
    })?;
    saved.commit()?;
    Ok(base)
}

/// The name of a saved test: the problem, the verdict's kind and the stem
/// of the boards joined into one: under 150 bytes, as a problem name is
/// at most [`crate::error::MAX_NAME_BYTES`] and the rest is short.
fn stem(problem: &Problem, boards: &[Instance], kind: &str) -> String {
    let values: Vec<i64> = boards.iter().flat_map(|b| b.values().to_vec()).collect();
    let joined = Board::new(values).unwrap_or_else(|_| boards[0].board.clone());
    // The first case's game, so a parameter's value changes the name too.
    let game = (boards.first())
        .and_then(|b| problem.game_of(&b.params).ok())
        .unwrap_or(problem.game());
    // A game with no alias is named by the problem, not by "rules".
    let case = Case::new(game, joined).file_stem();
    let case = case.strip_prefix("rules-").unwrap_or(&case);
    format!("{}-{kind}-{case}", problem.name())
}

/// Saves the failing `case` of an interactive `problem` (the program
/// failed it with a verdict of `kind`) as NAME.in in `dir`, the problem's
/// input of that one case, and returns DIR/NAME.in; replaced only when it
/// is an earlier save of the same failure, or with `force`.
pub fn save_input(
    dir: &Path,
    problem: &Problem,
    case: &Instance,
    kind: &str,
    force: bool,
) -> Result<PathBuf> {
    let boards = std::slice::from_ref(case);
    let file = dir.join(stem(problem, boards, kind)).with_extension("in");
    let input = problem.write_input(boards);
    if !force {
        check_owned_save(&file, input.as_bytes())?;
    }
    let mut saved = output::Transaction::new();
    saved.stage_io(&file, |w| w.write_all(input.as_bytes()))?;
    saved.commit()?;
    Ok(file)
}

/// Refuses to save over files named like the saved test at `base` unless
/// they are an earlier save of it: NAME.in holds `input` (NAME.out and
/// NAME.got are then its companions). The names hold a digest of the
/// boards, so a clash is almost always the same failure found again.
fn check_owned_save(base: &Path, input: &[u8]) -> Result<()> {
    let same_test = std::fs::read(base.with_extension("in")).is_ok_and(|old| old == input);
    if same_test {
        return Ok(());
    }
    for extension in ["in", "out", "got"] {
        let path = base.with_extension(extension);
        if std::fs::symlink_metadata(&path).is_ok() {
            Err(JudgeError::SaveInTheWay { path })?
        }
    }
    Ok(())
}

/// Refuses a saved test whose NAME.out (the expected output saved with
/// it) is not the expected output of its NAME.in now: one of the pair was
/// edited, or the reference has changed. A NAME.in alone is fine.
pub(super) fn check_pair(problem: &Problem, file: &Path, judged: &Judged) -> Result<()> {
    let out = file.with_extension("out");
    let Ok(saved) = std::fs::read(&out) else {
        return Ok(());
    };
    if saved == problem.write_answers(&judged.expected).as_bytes() {
        return Ok(());
    }
    let (input, out) = (file.to_path_buf(), out.to_path_buf());
    Err(JudgeError::SavedTestDisagrees { input, out })?
}

/// The saved inputs (`*.in`) in `dir`, numbers in their names in order of
/// value (2.in before 10.in).
fn saved_inputs(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| Error::io(dir, &e))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    files.sort_by_cached_key(|p| natural_key(&p.to_string_lossy()));
    Ok(files)
}

/// A saved input read back for `problem`.
enum Saved {
    /// Its boards.
    Boards(Vec<Instance>),
    /// Saved for another built-in problem (named), so not read.
    OtherProblem(&'static str),
    /// Not an input of the problem (why).
    NotAnInput(Error),
    /// An input of no cases.
    NoCases,
}

/// The saved inputs of `dir` to replay, once it is said how many there are.
pub(crate) fn replay_files(dir: &Path, say: &mut dyn FnMut(&str)) -> Result<Vec<PathBuf>> {
    let files = saved_inputs(dir)?;
    let inputs = plural(files.len() as u64, "saved input");
    say(&format!("replay: {inputs} in {}", dir.display()));
    Ok(files)
}

/// The cases of the saved input `file`, or `None` once it is said why the
/// file is skipped (saved for another problem, not an input, no cases).
pub(crate) fn replayable(
    problem: &Problem,
    file: &Path,
    say: &mut dyn FnMut(&str),
) -> Result<Option<Vec<Instance>>> {
    let why = match read_saved(problem, file)? {
        Saved::Boards(boards) => return Ok(Some(boards)),
        Saved::OtherProblem(other) => format!("saved for problem {other}"),
        Saved::NotAnInput(e) => format!("not a {problem} input ({e})"),
        Saved::NoCases => "no cases".to_string(),
    };
    say(&format!("  {}: {why}, skipped", file.display()));
    Ok(None)
}

/// Reads the saved input `file` as an input of `problem`; fails only when
/// the file cannot be read.
fn read_saved(problem: &Problem, file: &Path) -> Result<Saved> {
    let name = file
        .file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned());
    // Saved for another built-in problem (and not for this one, whose name
    // may start with another's).
    let this = problem.name();
    let other = built_in_names()
        .into_iter()
        .filter(|f| name.starts_with(&format!("{f}-")))
        .max_by_key(|f| f.len())
        .filter(|f| *f != this && !name.starts_with(&format!("{this}-")));
    if let Some(other) = other {
        return Ok(Saved::OtherProblem(other));
    }
    let bytes = std::fs::read(file).map_err(|e| Error::io(file, &e))?;
    let cases = match text_of(&bytes).and_then(|text| parse_cases(problem, text)) {
        Ok(cases) => cases,
        Err(e) => return Ok(Saved::NotAnInput(e)),
    };
    let boards: Vec<Instance> = (cases.into_iter())
        .map(|c| Instance::new(c.params, c.board))
        .collect();
    Ok(match boards.is_empty() {
        true => Saved::NoCases,
        false => Saved::Boards(boards),
    })
}

/// A sort key that orders numbers inside names by value (2.in before
/// 10.in).
fn natural_key(name: &str) -> Vec<(String, u128)> {
    let mut key = Vec::new();
    let mut text = String::new();
    let mut chars = name.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            let mut number = String::from(c);
            while let Some(d) = chars.next_if(char::is_ascii_digit) {
                number.push(d);
            }
            let value = number.parse::<u128>().unwrap_or(u128::MAX);
            key.push((std::mem::take(&mut text), value));
        } else {
            text.push(c);
        }
    }
    key.push((text, 0));
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_in_names_sort_by_value() {
        let mut names = vec!["10.in", "2.in", "a-1.in", "1.in", "a-01b.in"];
        names.sort_by_key(|n| natural_key(n));
        assert_eq!(names, ["1.in", "2.in", "10.in", "a-1.in", "a-01b.in"]);
    }
}

//! A run's plan of paths: every file and folder a run reads or writes,
//! listed from its arguments and checked as one list before any work
//! ([`Plan::check`]), so that no path problem is found after the work.
//!
//! The rules, in the order they are checked:
//!
//! 1. a report folder, and every file planned in it, stays inside the folder
//!    the user named (a name of plain parts: no `..`, no root, no control
//!    characters);
//! 2. an output file path names a file: not one ending in `/`, not an
//!    existing folder; each output can be written, its name not too long
//!    ([`check_writable`]);
//! 3. an input of the run is never an output, whatever `--force`: neither
//!    an input file (by device and inode) nor a file inside an input folder
//!    (such as `--replay DIR`, whose files the run reads);
//! 4. an output file is not inside a folder another output of the run
//!    writes its own files into (`--save DIR`): it could replace one;
//! 5. no two outputs are the same file;
//! 6. an existing file is replaced only where coinline wrote it, or with
//!    `--force` (the rule of the owner module, and for a report folder its
//!    manifest's, [`super::folder`]).

use super::folder::check_folder;
use super::owner::{check_owned, refuse_inputs, refuse_same_outputs, Kind};
use super::{check_writable, is_stdout, resolve_links, Leaves, OutputError};
use coinline_core::error::Result;
use std::path::{Component, Path, PathBuf};

/// What an output folder of a run holds.
#[derive(Clone, Debug)]
enum Holds {
    /// Files the run names only when it writes them (`--save DIR`, a
    /// corpus folder): each is checked then.
    Saved,
    /// These files (name, what coinline writes there), all known now.
    Files(Vec<(String, Kind)>),
    /// A report folder with its manifest: the files planned there, as
    /// [`super::folder::check_folder`] takes them.
    Report(Vec<String>),
}

/// An output folder: the option, the folder the user named, the part below
/// it the run adds (a study's name), and what the run writes there.
#[derive(Clone, Debug)]
struct Folder {
    option: String,
    named: PathBuf,
    below: Option<String>,
    holds: Holds,
}

/// Every path of one run, checked before any work by [`Plan::check`].
#[derive(Clone, Debug)]
pub struct Plan {
    force: bool,
    /// Files the run reads: (what it is, its path).
    inputs: Vec<(String, PathBuf)>,
    /// Folders whose files the run reads: (the option, the folder).
    input_folders: Vec<(String, PathBuf)>,
    /// Output files: (the option, the path, what coinline writes there).
    files: Vec<(String, PathBuf, Kind)>,
    folders: Vec<Folder>,
}

impl Plan {
    /// An empty plan; `force` is the run's `--force`.
    pub fn new(force: bool) -> Plan {
        Plan {
            force,
            inputs: Vec::new(),
            input_folders: Vec::new(),
            files: Vec::new(),
            folders: Vec::new(),
        }
    }

    /// A file the run reads (`what`: "problem file", "input" ...).
    pub fn input(&mut self, what: &str, path: impl Into<PathBuf>) -> &mut Plan {
        self.inputs.push((what.to_string(), path.into()));
        self
    }

    /// A folder whose files the run reads (`--replay DIR`).
    pub fn input_folder(&mut self, option: &str, path: impl Into<PathBuf>) -> &mut Plan {
        self.input_folders.push((option.to_string(), path.into()));
        self
    }

    /// An output file of `option`, which coinline writes as `kind`.
    pub fn output(&mut self, option: &str, path: impl Into<PathBuf>, kind: Kind) -> &mut Plan {
        self.files.push((option.to_string(), path.into(), kind));
        self
    }

    /// A folder the run saves files into, named only as it writes them
    /// (`--save DIR`): no other output file may sit in it.
    pub fn saves_into(&mut self, option: &str, path: impl Into<PathBuf>) -> &mut Plan {
        self.folders.push(Folder {
            option: option.to_string(),
            named: path.into(),
            below: None,
            holds: Holds::Saved,
        });
        self
    }

    /// A folder of files all known now (man pages): each a `kind`.
    pub fn folder_of(
        &mut self,
        option: &str,
        path: impl Into<PathBuf>,
        files: Vec<(String, Kind)>,
    ) -> &mut Plan {
        self.folders.push(Folder {
            option: option.to_string(),
            named: path.into(),
            below: None,
            holds: Holds::Files(files),
        });
        self
    }

    /// A report folder with a manifest (a study's): `named` is the folder
    /// the user named, `below` the name the run adds under it (a study's
    /// name when no `--out` is given), `planned` its files (`NAME` or
    /// `FOLDER/NAME`). Each must stay inside `named`.
    pub fn report(
        &mut self,
        option: &str,
        named: impl Into<PathBuf>,
        below: Option<&str>,
        planned: Vec<String>,
    ) -> &mut Plan {
        self.folders.push(Folder {
            option: option.to_string(),
            named: named.into(),
            below: below.map(str::to_string),
            holds: Holds::Report(planned),
        });
        self
    }

    /// The folder of the report added last with [`Plan::report`] (the
    /// folder the user named, with the part the run adds).
    pub fn report_folder(&self) -> Option<PathBuf> {
        (self.folders.iter().rev())
            .find(|f| matches!(f.holds, Holds::Report(_)))
            .map(Folder::path)
    }

    /// Every output file, those of folders of known files included.
    fn output_files(&self) -> Vec<(&str, PathBuf, Kind)> {
        let mut all: Vec<(&str, PathBuf, Kind)> = (self.files.iter())
            .map(|(o, p, k)| (o.as_str(), p.clone(), *k))
            .collect();
        for folder in &self.folders {
            if let Holds::Files(files) = &folder.holds {
                let path = folder.path();
                all.extend(
                    files
                        .iter()
                        .map(|(n, k)| (folder.option.as_str(), path.join(n), *k)),
                );
            }
        }
        all
    }

    /// Checks every rule of the module documentation, in its order; the
    /// first broken one is a usage error of one line naming the option and
    /// the path.
    pub fn check(&self) -> Result<()> {
        for folder in &self.folders {
            folder.check_inside()?;
        }
        for (option, path, _) in &self.files {
            check_file_path(option, path)?;
            check_writable(option, path, false)?;
        }
        for folder in &self.folders {
            check_writable(&folder.option, &folder.path(), true)?;
        }
        let files = self.output_files();
        let outputs: Vec<(&str, &Path)> = files.iter().map(|(o, p, _)| (*o, p.as_path())).collect();
        let inputs: Vec<(&str, &Path)> = (self.inputs.iter())
            .map(|(w, p)| (w.as_str(), p.as_path()))
            .collect();
        refuse_inputs(&outputs, &inputs)?;
        self.refuse_in_folders(&outputs)?;
        refuse_same_outputs(&outputs)?;
        for (option, path, kind) in &files {
            check_owned(option, path, *kind, self.force)?;
        }
        let input_paths: Vec<PathBuf> = (self.inputs.iter()).map(|(_, p)| p.clone()).collect();
        for folder in &self.folders {
            if let Holds::Report(planned) = &folder.holds {
                check_folder(&folder.path(), planned, &input_paths, self.force)?;
            }
        }
        Ok(())
    }

    /// Refuses an output file inside an input folder (whatever `--force`)
    /// or inside a folder another output writes its own files into, at any
    /// depth.
    fn refuse_in_folders(&self, outputs: &[(&str, &Path)]) -> Result<()> {
        let mine = |folder: &Folder, path: &Path| match &folder.holds {
            Holds::Files(files) => files.iter().any(|(n, _)| folder.path().join(n) == path),
            _ => false,
        };
        for (option, path) in outputs.iter().filter(|(_, p)| !is_stdout(p)) {
            let Some(home) = home_of(path) else {
                continue;
            };
            for (input, dir) in &self.input_folders {
                if home.starts_with(place(dir)) {
                    return Err(OutputError::InInputFolder {
                        option: option.to_string(),
                        path: path.into(),
                        input: input.clone(),
                        dir: dir.to_path_buf(),
                    }
                    .into());
                }
            }
            for folder in self.folders.iter().filter(|f| !mine(f, path)) {
                let dir = folder.path();
                if home.starts_with(place(&dir)) {
                    return Err(OutputError::InOutputFolder {
                        option: option.to_string(),
                        path: path.into(),
                        owner: folder.option.clone(),
                        dir,
                    }
                    .into());
                }
            }
        }
        Ok(())
    }
}

impl Folder {
    /// The folder: the one the user named, with the part the run adds.
    fn path(&self) -> PathBuf {
        match &self.below {
            // The working folder's `name` is shown as `name`, not `./name`.
            Some(name) if self.named == Path::new(".") => PathBuf::from(name),
            Some(name) => self.named.join(name),
            None => self.named.clone(),
        }
    }

    /// Refuses a folder of the run, or a file planned in it, that would
    /// not be inside the folder the user named.
    fn check_inside(&self) -> Result<()> {
        if let Some(name) = &self.below {
            if let Some(why) = leaves(name) {
                let working = self.named.as_os_str().is_empty() || self.named == Path::new(".");
                return Err(OutputError::FolderLeaves {
                    option: self.option.clone(),
                    name: name.clone(),
                    why,
                    base: (!working).then(|| self.named.clone()),
                }
                .into());
            }
        }
        if let Holds::Report(planned) = &self.holds {
            for name in planned {
                if let Some(why) = leaves(name) {
                    return Err(OutputError::FileLeaves {
                        option: self.option.clone(),
                        folder: self.path(),
                        name: name.clone(),
                        why,
                    }
                    .into());
                }
            }
        }
        Ok(())
    }
}

/// Why `name`, joined to a folder, would not name something inside it, or
/// `None` when it would: it must be plain parts (no root, no `.` or `..`
/// part) with no control character.
fn leaves(name: &str) -> Option<Leaves> {
    if name.is_empty() {
        return Some(Leaves::Empty);
    }
    if name.chars().any(char::is_control) {
        return Some(Leaves::ControlCharacter);
    }
    let path = Path::new(name);
    if path.has_root() {
        return Some(Leaves::Absolute);
    }
    let parts: Vec<Component> = path.components().collect();
    if parts.iter().any(|c| matches!(c, Component::ParentDir)) {
        return Some(Leaves::GoesUp);
    }
    let plain = parts.iter().all(|c| matches!(c, Component::Normal(_)));
    if !plain || parts.is_empty() || name.split('/').any(|p| p == ".") {
        return Some(Leaves::NotPlain);
    }
    None
}

/// Refuses an output file path that names a folder: one ending in `/` (or
/// `/.`, or whose last part is `.` or `..`). An existing folder is
/// refused by [`check_writable`].
fn check_file_path(option: &str, path: &Path) -> Result<()> {
    if is_stdout(path) {
        return Ok(());
    }
    let text = path.as_os_str().to_string_lossy();
    let last = path.components().next_back();
    let folder = text.ends_with('/')
        || text.ends_with("/.")
        || text == "."
        || !matches!(last, Some(Component::Normal(_)));
    if folder {
        let ending = match last {
            Some(Component::ParentDir) => "..",
            _ if text.ends_with('.') => ".",
            _ => "/",
        };
        let (option, path) = (option.to_string(), path.into());
        return Err(OutputError::NamesFolder {
            option,
            path,
            ending,
        }
        .into());
    }
    Ok(())
}

/// The folder an output file `path` is written in (through symlinks), as
/// [`place`] gives it; `None` for what has no folder.
fn home_of(path: &Path) -> Option<PathBuf> {
    let real = resolve_links(path).ok()?;
    let parent = real.parent()?;
    Some(place(parent))
}

/// `path` made absolute and comparable: the part of it that exists
/// resolved through symlinks, the rest joined as written (`.` dropped, `..`
/// going up), so that two spellings of one folder, existing or not yet,
/// are equal.
fn place(path: &Path) -> PathBuf {
    let path = match path.as_os_str().is_empty() {
        true => Path::new("."),
        false => path,
    };
    let start = match path.is_absolute() {
        true => PathBuf::from("/"),
        false => std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/")),
    };
    let mut at = std::fs::canonicalize(&start).unwrap_or(start);
    let mut existing = true;
    for part in path.components() {
        match part {
            Component::Normal(name) => {
                at.push(name);
                if existing {
                    match std::fs::canonicalize(&at) {
                        Ok(real) => at = real,
                        Err(_) => existing = false,
                    }
                }
            }
            Component::ParentDir => {
                at.pop();
            }
            Component::CurDir | Component::RootDir | Component::Prefix(_) => {}
        }
    }
    at
}

#[cfg(test)]
mod tests {
    use super::super::tests::scratch;
    use super::*;
    use crate::Unwritable;

    const ROWS: Kind = Kind::Csv("seed,index,");

    fn refused(plan: &Plan) -> OutputError {
        let err = plan.check().unwrap_err();
        err.layer::<OutputError>()
            .cloned()
            .expect("an output error")
    }

    #[test]
    fn names_that_leave_their_folder_are_refused() {
        for (name, why) in [
            ("", Leaves::Empty),
            ("/tmp/x", Leaves::Absolute),
            ("../x", Leaves::GoesUp),
            ("a/../../x", Leaves::GoesUp),
            (".", Leaves::NotPlain),
            ("a/./b", Leaves::NotPlain),
            ("x\u{1b}[31m", Leaves::ControlCharacter),
            ("a\nb", Leaves::ControlCharacter),
        ] {
            assert_eq!(leaves(name), Some(why), "{name:?}");
        }
        for name in ["x", "odd-n", "a/b", "take-1..3", "..x", "x.."] {
            assert_eq!(leaves(name), None, "{name:?}");
        }
    }

    #[test]
    fn a_report_folder_stays_inside_the_folder_named() {
        let dir = scratch("plan-inside");
        let mut plan = Plan::new(true);
        plan.report(
            "study name",
            dir.to_path_buf(),
            Some("../out"),
            vec!["t.csv".into()],
        );
        let err = refused(&plan);
        assert!(
            matches!(&err, OutputError::FolderLeaves { name, why: Leaves::GoesUp, base: Some(b), .. } if name == "../out" && *b == *dir),
            "{err}"
        );
        let mut plan = Plan::new(true);
        plan.report("study name", ".", Some("\u{1b}[2J"), vec![]);
        let err = refused(&plan);
        assert!(
            matches!(err, OutputError::FolderLeaves { base: None, .. }),
            "{err}"
        );
        assert!(
            !err.to_string().contains('\u{1b}'),
            "the name is quoted: {err:?}"
        );
        let mut plan = Plan::new(true);
        plan.report("--out", dir.join("r"), None, vec!["../../x.csv".into()]);
        assert!(matches!(
            refused(&plan),
            OutputError::FileLeaves { name, why: Leaves::GoesUp, .. } if name == "../../x.csv"
        ));
        let mut plan = Plan::new(false);
        plan.report(
            "study name",
            dir.to_path_buf(),
            Some("r"),
            vec!["t.csv".into(), "g/t.csv".into()],
        );
        plan.check().unwrap();
        assert_eq!(plan.report_folder(), Some(dir.join("r")));
        assert!(!dir.join("r").exists(), "nothing is made");
    }

    #[test]
    fn an_output_file_is_a_file_path() {
        let dir = scratch("plan-file");
        for path in [dir.join("new/"), dir.join("x/."), dir.join("x/..")] {
            let mut plan = Plan::new(true);
            plan.output("--out", path.clone(), ROWS);
            let err = refused(&plan);
            assert!(
                matches!(&err, OutputError::NamesFolder { option, path: p, .. } if option == "--out" && *p == path),
                "{err}"
            );
        }
        let mut plan = Plan::new(true);
        plan.output("--out", dir.to_path_buf(), ROWS);
        assert!(matches!(
            refused(&plan),
            OutputError::Unwritable {
                why: Unwritable::IsADirectory,
                ..
            }
        ));
        let mut plan = Plan::new(false);
        plan.output("--out", "-", ROWS)
            .output("--out", dir.join("x.csv"), ROWS);
        plan.check().unwrap();
    }

    #[test]
    fn outputs_inside_input_and_save_folders_are_refused() {
        let dir = scratch("plan-folders");
        std::fs::create_dir_all(dir.join("saved")).unwrap();
        std::fs::write(dir.join("saved/a.in"), "1\n").unwrap();
        // An input folder's file, existing or new, whatever --force.
        for name in ["a.in", "new.in"] {
            let mut plan = Plan::new(true);
            plan.input_folder("--replay", dir.join("saved"));
            plan.output("--out", dir.join("saved").join(name), ROWS);
            let err = refused(&plan);
            assert!(matches!(err, OutputError::InInputFolder { .. }), "{err}");
        }
        // A save folder, not made yet, spelt another way.
        let mut plan = Plan::new(true);
        plan.saves_into("--save", dir.join("fresh"));
        plan.output("--out", dir.join("./fresh/../fresh/x.out"), ROWS);
        let err = refused(&plan);
        assert!(
            matches!(&err, OutputError::InOutputFolder { owner, .. } if owner == "--save"),
            "{err}"
        );
        // Below it too; beside it is fine, and so is one folder both read
        // and saved into.
        let mut plan = Plan::new(false);
        plan.saves_into("--save", dir.join("saved"));
        plan.output("--out", dir.join("saved/deeper/rows.csv"), ROWS);
        assert!(matches!(refused(&plan), OutputError::InOutputFolder { .. }));
        let mut plan = Plan::new(false);
        plan.saves_into("--save", dir.join("saved"));
        plan.input_folder("--replay", dir.join("saved"));
        plan.output("--out", dir.join("rows.csv"), ROWS);
        plan.output("--summary", dir.join("saved-too.csv"), ROWS);
        plan.check().unwrap();
        // A folder's own files are not "inside another output".
        let mut plan = Plan::new(false);
        let pages = vec![("coinline.1".to_string(), Kind::ManPage)];
        plan.folder_of("--out", dir.join("man"), pages);
        plan.check().unwrap();
    }

    #[test]
    fn inputs_same_files_and_ownership_are_checked_in_one_plan() {
        let dir = scratch("plan-rules");
        std::fs::write(dir.join("in.toml"), "x").unwrap();
        std::fs::write(dir.join("mine.csv"), "my notes").unwrap();
        let mut plan = Plan::new(true);
        plan.input("problem file", dir.join("in.toml"));
        plan.output("--out", dir.join("in.toml"), ROWS);
        assert!(matches!(
            refused(&plan),
            OutputError::IsInput { what, .. } if what == "problem file"
        ));
        let mut plan = Plan::new(true);
        plan.output("--out", dir.join("a.csv"), ROWS);
        plan.output("--summary", dir.join("a.csv"), ROWS);
        assert!(matches!(refused(&plan), OutputError::SameOutputs { .. }));
        let mut plan = Plan::new(false);
        plan.output("--out", dir.join("mine.csv"), ROWS);
        assert!(matches!(
            refused(&plan),
            OutputError::NotOwned { kind: ROWS, .. }
        ));
        let pages = vec![("mine.csv".to_string(), Kind::ManPage)];
        let mut plan = Plan::new(false);
        plan.folder_of("--out", dir.to_path_buf(), pages);
        assert!(matches!(
            refused(&plan),
            OutputError::NotOwned {
                kind: Kind::ManPage,
                ..
            }
        ));
    }
}

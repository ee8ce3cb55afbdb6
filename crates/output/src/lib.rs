//! The one output function of coinline: every command that writes a file
//! (compare, merge, study, stress `--csv`/`--save`, [`corpus`]) goes
//! through [`write()`] (or [`write_checked`]), whose rules are:
//!
//! - `-` is standard output;
//! - a new path, or an existing **regular file**: the contents go to a
//!   temporary file beside it, renamed over it only when complete (and,
//!   for the several files of one run, only when all are complete: see
//!   [`Transaction`]);
//! - an existing **symlink** is resolved and these rules apply to its
//!   target (the link itself survives);
//! - an existing **non-regular file** (character device, FIFO, socket) is
//!   opened and written straight into: no temporary file, no rename;
//! - a directory is refused.
//!
//! Temporary files in progress are listed, so that an interrupted coinline
//! removes them and leaves every previous output as it was
//! ([`abandon_pending`]). Before any work, [`check_writable`] checks a
//! path and its name's length, and the ownership rule ([`check_owned`],
//! [`refuse_inputs`], [`refuse_same_outputs`]) keeps a command from
//! replacing what coinline did not write; a report folder's manifest
//! does the same for the files of a folder ([`folder`]). A command lists
//! every path of its run in one [`Plan`], whose [`Plan::check`] applies all
//! of these before any work.
//!
//! Architecture invariant: nothing half-written is ever left at an output
//! path.

#![warn(missing_docs)]
#![forbid(unsafe_code)]
#![allow(clippy::disallowed_methods)] // the output layer: see ARCHITECTURE.md

pub mod corpus;

mod error;
mod fifo;
pub mod folder;
mod owner;
mod plan;
mod transaction;

pub use error::{Leaves, OutputError, Unlisted, Unwritable};
pub use fifo::{set_notes, waiting_for_reader};
pub use owner::{
    check_name_length, check_owned, refuse_inputs, refuse_same_outputs, Kind, NAME_MAX,
};
pub use plan::Plan;
pub use transaction::{abandon_pending, set_after_first_rename, Transaction, Undone};

use coinline_core::error::{Error, IoSource, Result};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Where [`write()`] puts the bytes for a path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// `-`: standard output.
    Stdout,
    /// A new path or a regular file (a symlink's target, resolved):
    /// temporary file beside it, then rename.
    Replace(PathBuf),
    /// An existing character device, FIFO or socket (resolved): written
    /// straight into.
    Straight(PathBuf),
}

/// Whether `path` means standard output.
pub fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Follows `path` through any chain of symlinks to the path that is not a
/// link (which need not exist).
pub(crate) fn resolve_links(path: &Path) -> Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = std::fs::read_link(&current).map_err(|e| Error::io(&current, &e))?;
                // Relative to the link's folder; `join` keeps an absolute
                // link as it is.
                current = match current.parent() {
                    Some(parent) => parent.join(link),
                    None => link,
                };
            }
            _ => return Ok(current),
        }
    }
    Err(OutputError::TooManyLinks { path: path.into() }.into())
}

/// How [`write()`] will treat `path` (see the module documentation).
pub fn target(path: &Path) -> Result<Target> {
    if is_stdout(path) {
        return Ok(Target::Stdout);
    }
    let real = resolve_links(path)?;
    match std::fs::metadata(&real) {
        Ok(meta) if meta.is_dir() => Err(OutputError::IsADirectory { path: path.into() }.into()),
        Ok(meta) if !meta.is_file() => Ok(Target::Straight(real)),
        _ => Ok(Target::Replace(real)),
    }
}

/// Writes `path` alone, as a transaction of one file (see
/// [`Transaction`]): `fill` writes the contents. Missing parent directories
/// of a new file are created. On error nothing half-written is left: the
/// temporary file is removed and the previous file kept.
pub fn write(path: &Path, fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>) -> Result<()> {
    let mut transaction = Transaction::new();
    transaction.stage_io(path, fill)?;
    transaction.commit()
}

/// [`write()`] for a `fill` that can fail for reasons other than I/O, such as
/// a merge that finds bad input after writing part of its output: an error
/// of `fill` is returned as it is (its kind kept), with nothing
/// half-written left at `path`.
pub fn write_checked(path: &Path, fill: impl FnOnce(&mut dyn Write) -> Result<()>) -> Result<()> {
    let mut transaction = Transaction::new();
    transaction.stage(path, fill)?;
    transaction.commit()
}

/// Checks before any work that `path` can be written, so a long run does
/// not end at an unwritable path: `-` and existing devices, FIFOs and
/// sockets are taken as they are; a file path must not be a directory; a
/// directory path (`dir`) must not be a file; and the directory to write
/// in, or its nearest existing ancestor, must take new files (a probe file
/// is written and removed). Symlinks are followed. Creates nothing. Errors
/// read `OPTION PATH: why`.
pub fn check_writable(option: &str, path: &Path, dir: bool) -> Result<()> {
    let fail = |why| -> Error {
        let (option, path) = (option.to_string(), path.into());
        OutputError::Unwritable { option, path, why }.into()
    };
    if is_stdout(path) {
        if dir {
            return Err(fail(Unwritable::StdoutFolder));
        }
        return Ok(());
    }
    let real = resolve_links(path).map_err(|e| fail(Unwritable::Links(e)))?;
    check_name_length(option, path)?;
    if dir && real.exists() && !real.is_dir() {
        return Err(fail(Unwritable::NotADirectory));
    }
    if !dir {
        match target(path).map_err(|_| fail(Unwritable::IsADirectory))? {
            Target::Replace(_) => {}
            _ => return Ok(()),
        }
    }
    let folder = if dir {
        Some(real.as_path())
    } else {
        real.parent()
    };
    let existing = folder
        .into_iter()
        .flat_map(Path::ancestors)
        .find(|a| a.as_os_str().is_empty() || a.exists())
        .map_or(Path::new("."), |a| {
            if a.as_os_str().is_empty() {
                Path::new(".")
            } else {
                a
            }
        });
    if !existing.is_dir() {
        return Err(fail(Unwritable::AncestorNotDirectory(existing.into())));
    }
    let probe = existing.join(format!(".coinline-probe.{}.tmp", std::process::id()));
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
        .map_err(|e| {
            let (dir, cause) = (existing.into(), IoSource(std::sync::Arc::new(e)));
            fail(Unwritable::Probe { dir, cause })
        })?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// Whether `a` and `b` are the same file (same device and inode), through
/// any symlinks; `false` when either does not exist.
pub fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (std::fs::metadata(a), std::fs::metadata(b)) {
            (Ok(x), Ok(y)) => x.dev() == y.dev() && x.ino() == y.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        same_file_not_unix(a, b)
    }
}

/// [`same_file`] where there are no inodes: the same canonical path.
/// (Compiled only off Unix, so cargo-mutants' mutants of it cannot be
/// tested here: `.cargo/mutants.toml` excludes them.)
#[cfg(not(unix))]
fn same_file_not_unix(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}

/// What the tests share (this crate's and tests/it's, through the
/// `test-support` feature): not part of coinline's interface.
#[cfg(any(test, feature = "test-support"))]
#[doc(hidden)]
pub mod test_support {
    use std::path::Path;

    /// A fresh, empty scratch folder, removed with everything in it when
    /// dropped (a failed test's too); it derefs to its path.
    pub struct Scratch(tempfile::TempDir);

    impl std::ops::Deref for Scratch {
        type Target = Path;
        fn deref(&self) -> &Path {
            self.0.path()
        }
    }

    impl AsRef<Path> for Scratch {
        fn as_ref(&self) -> &Path {
            self.0.path()
        }
    }

    /// A fresh scratch folder `coinline-MODULE-NAME-XXXXXX` in the temporary
    /// directory (the name says whose it is while it lives).
    pub fn workdir(module: &str, name: &str) -> Scratch {
        let dir = tempfile::Builder::new()
            .prefix(&format!("coinline-{module}-{name}-"))
            .tempdir()
            .expect("a scratch folder");
        Scratch(dir)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(super) use crate::test_support::Scratch;

    pub(super) fn scratch(name: &str) -> Scratch {
        crate::test_support::workdir("output", name)
    }

    /// The output error `err` carries.
    pub(super) fn refusal(err: &Error) -> &OutputError {
        err.layer().expect("an output error")
    }

    #[test]
    fn failed_writes_leave_nothing_behind() {
        let dir = scratch("failed");
        let path = dir.join("sub/out.csv");
        write(&path, |w| w.write_all(b"a,b\n")).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"a,b\n");
        let err = write(&path, |w| {
            w.write_all(b"half")?;
            Err(std::io::Error::other("disk full"))
        });
        assert!(err.is_err());
        assert_eq!(std::fs::read(&path).unwrap(), b"a,b\n", "old file kept");
        let leftovers = std::fs::read_dir(dir.join("sub")).unwrap().count();
        assert_eq!(leftovers, 1, "no temporary file left");
        // (Only this write's entry: other tests write in parallel.)
        assert!(!transaction::is_pending(&path));
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_survives_and_its_target_is_replaced() {
        let dir = scratch("link");
        std::fs::create_dir(dir.join("real")).unwrap();
        std::fs::write(dir.join("real/out.csv"), b"old").unwrap();
        std::os::unix::fs::symlink("real/out.csv", dir.join("link.csv")).unwrap();
        write(&dir.join("link.csv"), |w| w.write_all(b"new")).unwrap();
        let meta = std::fs::symlink_metadata(dir.join("link.csv")).unwrap();
        assert!(meta.file_type().is_symlink());
        assert_eq!(std::fs::read(dir.join("real/out.csv")).unwrap(), b"new");
        assert_eq!(std::fs::read_dir(dir.join("real")).unwrap().count(), 1);
    }

    #[test]
    fn targets_by_kind_of_path() {
        let dir = scratch("targets");
        let file = dir.join("rows.csv");
        std::fs::write(&file, b"old").unwrap();
        assert!(is_stdout(Path::new("-")));
        assert!(!is_stdout(Path::new("./-")));
        assert!(!is_stdout(&file));
        let new = dir.join("new/rows.csv");
        assert_eq!(target(&new).unwrap(), Target::Replace(new.clone()));
        assert_eq!(target(&file).unwrap(), Target::Replace(file.clone()));
        #[cfg(unix)]
        assert_eq!(
            target(Path::new("/dev/null")).unwrap(),
            Target::Straight(PathBuf::from("/dev/null"))
        );
        assert_eq!(
            target(&dir).unwrap_err().to_string(),
            format!("{}: is a directory, not a file path", dir.display())
        );
    }

    #[cfg(unix)]
    #[test]
    fn links_resolve_relative_to_their_folder_and_loops_end() {
        use std::os::unix::fs::symlink;
        let dir = scratch("links");
        std::fs::create_dir(dir.join("real")).unwrap();
        std::fs::write(dir.join("real/out.csv"), b"old").unwrap();
        // A relative link, a link to it, and an absolute link to a new file.
        symlink("real/out.csv", dir.join("one.csv")).unwrap();
        symlink("one.csv", dir.join("two.csv")).unwrap();
        symlink(dir.join("real/fresh.csv"), dir.join("abs.csv")).unwrap();
        let real = dir.join("real/out.csv");
        assert_eq!(
            target(&dir.join("two.csv")).unwrap(),
            Target::Replace(real.clone())
        );
        assert_eq!(
            target(&dir.join("abs.csv")).unwrap(),
            Target::Replace(dir.join("real/fresh.csv"))
        );
        assert!(same_file(&dir.join("two.csv"), &real));
        // A loop is refused, by the path given.
        symlink("b", dir.join("a")).unwrap();
        symlink("a", dir.join("b")).unwrap();
        let looped = dir.join("a");
        assert_eq!(
            target(&looped).unwrap_err().to_string(),
            format!("{}: too many levels of symbolic links", looped.display())
        );
        assert_eq!(
            check_writable("--out", &looped, false)
                .unwrap_err()
                .to_string(),
            format!(
                "--out {0}: {0}: too many levels of symbolic links",
                looped.display()
            )
        );
    }

    /// The files in `dir` whose names end with `ext`.
    fn ending(dir: &Path, ext: &str) -> Vec<String> {
        std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(ext))
            .collect()
    }

    #[test]
    fn the_temporary_file_sits_beside_the_output_with_a_short_name() {
        let dir = scratch("pending");
        // The longest name the file system takes: the temporary name must
        // not grow with it.
        let path = dir.join("r".repeat(NAME_MAX));
        write(&path, |w| {
            assert!(transaction::is_pending(&path));
            let tmp = ending(&dir, ".tmp");
            assert_eq!(tmp.len(), 1, "{tmp:?}");
            assert!(tmp[0].starts_with(".coinline-"), "{tmp:?}");
            assert_eq!(tmp[0].len(), ".coinline-XXXXXX.tmp".len(), "{tmp:?}");
            w.write_all(b"done")
        })
        .unwrap();
        assert!(!transaction::is_pending(&path));
        assert!(ending(&dir, ".tmp").is_empty());
        assert_eq!(std::fs::read(&path).unwrap(), b"done");
    }

    #[test]
    fn a_transaction_renames_only_when_every_file_is_complete() {
        let dir = scratch("transaction");
        let (rows, summary) = (dir.join("rows.csv"), dir.join("rows-summary.csv"));
        std::fs::write(&rows, b"old rows").unwrap();
        std::fs::write(&summary, b"old summary").unwrap();
        // The second file fails: the first, complete, is not renamed.
        let mut t = Transaction::new();
        t.stage_io(&rows, |w| w.write_all(b"new rows")).unwrap();
        let failed = t.stage_io(&summary, |w| {
            w.write_all(b"half")?;
            Err(std::io::Error::other("disk full"))
        });
        assert!(failed.is_err());
        drop(t);
        assert_eq!(std::fs::read(&rows).unwrap(), b"old rows");
        assert_eq!(std::fs::read(&summary).unwrap(), b"old summary");
        assert_eq!(
            std::fs::read_dir(&dir).unwrap().count(),
            2,
            "no temporary left"
        );
        // Both complete: both renamed, no temporary or old link left.
        let mut t = Transaction::new();
        t.stage_io(&rows, |w| w.write_all(b"new rows")).unwrap();
        t.stage_io(&summary, |w| w.write_all(b"new summary"))
            .unwrap();
        assert_eq!(
            std::fs::read(&rows).unwrap(),
            b"old rows",
            "not before the commit"
        );
        t.commit().unwrap();
        assert_eq!(std::fs::read(&rows).unwrap(), b"new rows");
        assert_eq!(std::fs::read(&summary).unwrap(), b"new summary");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
    }

    #[test]
    fn a_failed_rename_puts_back_what_was_renamed() {
        let dir = scratch("rollback");
        let (rows, summary) = (dir.join("rows.csv"), dir.join("sub/summary.csv"));
        std::fs::write(&rows, b"old rows").unwrap();
        let mut t = Transaction::new();
        t.stage_io(&rows, |w| w.write_all(b"new rows")).unwrap();
        t.stage_io(&summary, |w| w.write_all(b"new summary"))
            .unwrap();
        // The summary's folder goes away before the commit: its rename fails.
        std::fs::remove_dir_all(dir.join("sub")).unwrap();
        let err = t.commit().unwrap_err().to_string();
        assert!(err.contains("replaced no file; kept"), "{err}");
        assert!(err.contains("rows.csv"), "{err}");
        assert_eq!(std::fs::read(&rows).unwrap(), b"old rows");
        assert_eq!(
            std::fs::read_dir(&dir).unwrap().count(),
            1,
            "{:?}",
            ending(&dir, "")
        );
    }

    #[test]
    fn names_longer_than_the_file_system_takes_are_refused_before_work() {
        let dir = scratch("long");
        let ok = dir.join("r".repeat(NAME_MAX));
        check_writable("--out", &ok, false).unwrap();
        let long = dir.join("r".repeat(NAME_MAX + 1));
        let err = check_writable("--summary", &long, false).unwrap_err();
        assert!(
            matches!(refusal(&err), OutputError::NameTooLong { len: 256, .. }),
            "{err}"
        );
        assert!(err.to_string().len() < 200, "one short line: {err}");
    }

    #[test]
    fn ownership_same_outputs_and_inputs() {
        let dir = scratch("owner");
        let (rows, other, input) = (
            dir.join("rows.csv"),
            dir.join("mine.txt"),
            dir.join("in.toml"),
        );
        std::fs::write(&rows, b"seed,index,game\n1,2,coins\n").unwrap();
        std::fs::write(&other, b"my notes").unwrap();
        std::fs::write(&input, b"name = 'x'").unwrap();
        let csv = Kind::Csv("seed,index,");
        check_owned("--out", &rows, csv, false).unwrap();
        check_owned("--out", &dir.join("new.csv"), csv, false).unwrap();
        let err = check_owned("--out", &other, csv, false).unwrap_err();
        assert!(
            matches!(refusal(&err), OutputError::NotOwned { .. }),
            "{err}"
        );
        check_owned("--out", &other, csv, true).unwrap();
        // Same outputs: by name when new, by inode when they exist.
        let new = dir.join("same.csv");
        let dotted = dir.join(".").join("same.csv");
        assert!(refuse_same_outputs(&[("--out", &new), ("--summary", &dotted)]).is_err());
        std::fs::hard_link(&rows, dir.join("hard.csv")).unwrap();
        let hard = dir.join("hard.csv");
        let err = refuse_same_outputs(&[("--out", &rows), ("--summary", &hard)]).unwrap_err();
        assert!(
            matches!(refusal(&err), OutputError::SameOutputs { first, .. } if first == "--out"),
            "{err}"
        );
        refuse_same_outputs(&[("--out", &rows), ("--summary", &other)]).unwrap();
        let null = Path::new("/dev/null");
        refuse_same_outputs(&[("--out", null), ("--summary", null)]).unwrap();
        // Inputs: by inode, through a symlink, whatever the name.
        std::os::unix::fs::symlink(&input, dir.join("link.csv")).unwrap();
        let link = dir.join("link.csv");
        let err = refuse_inputs(&[("--out", &link)], &[("problem file", &input)]).unwrap_err();
        assert!(
            matches!(refusal(&err), OutputError::IsInput { what, .. } if what == "problem file"),
            "{err}"
        );
        refuse_inputs(&[("--out", &rows)], &[("problem file", &input)]).unwrap();
    }

    #[test]
    fn writability_is_checked_with_exact_reasons() {
        let dir = scratch("writable");
        let file = dir.join("rows.csv");
        std::fs::write(&file, b"old").unwrap();
        let err = |option: &str, path: &Path, as_dir: bool| {
            check_writable(option, path, as_dir)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            err("--out", Path::new("-"), true),
            "--out -: standard output cannot hold a directory of files"
        );
        assert_eq!(
            err("--out", &dir, false),
            format!("--out {}: is a directory, not a file path", dir.display())
        );
        assert_eq!(
            err("--dir", &file, true),
            format!("--dir {}: exists and is not a directory", file.display())
        );
        let under_file = file.join("x.csv");
        assert_eq!(
            err("--out", &under_file, false),
            format!(
                "--out {}: {} is not a directory",
                under_file.display(),
                file.display()
            )
        );
        // Writable: new files and folders below an existing one, an existing
        // file, the folder itself, standard output and a device. Nothing is
        // created and no probe is left.
        check_writable("--out", &dir.join("a/b/rows.csv"), false).unwrap();
        check_writable("--dir", &dir.join("a/b"), true).unwrap();
        check_writable("--dir", &dir, true).unwrap();
        check_writable("--out", &file, false).unwrap();
        check_writable("--out", Path::new("-"), false).unwrap();
        #[cfg(unix)]
        check_writable("--out", Path::new("/dev/null"), false).unwrap();
        let left: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(left, vec![std::ffi::OsString::from("rows.csv")]);
    }

    #[test]
    fn same_file_compares_identity_not_contents() {
        let dir = scratch("same");
        let (a, b) = (dir.join("a"), dir.join("b"));
        std::fs::write(&a, b"x").unwrap();
        std::fs::write(&b, b"x").unwrap();
        assert!(same_file(&a, &a));
        assert!(same_file(
            &a,
            &dir.join("../").join(dir.file_name().unwrap()).join("a")
        ));
        assert!(!same_file(&a, &b));
        assert!(!same_file(&a, &dir.join("missing")));
    }

    /// `abandon_pending` as the interrupt handler calls it, in the middle of
    /// a write. It keeps the list locked for good, so the write runs in a
    /// child process: this test binary again, running only this test.
    #[test]
    #[allow(clippy::disallowed_macros)] // the child reports to the parent on stdout
    fn abandoning_removes_the_temporary_file_and_names_the_destination() {
        const CHILD: &str = "COINLINE_ABANDON_CHILD";
        if let Some(dir) = std::env::var_os(CHILD) {
            let dir = PathBuf::from(dir);
            let path = dir.join("out.csv");
            let _ = write(&path, |w| {
                w.write_all(b"half")?;
                let undone = abandon_pending();
                let gone = ending(&dir, ".tmp").is_empty();
                println!("{}, temporary file gone: {gone}", undone.sentence());
                std::process::exit(0)
            });
            return;
        }
        let dir = scratch("abandon");
        std::fs::write(dir.join("out.csv"), b"old").unwrap();
        let child = std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "tests::abandoning_removes_the_temporary_file_and_names_the_destination",
                "--nocapture",
            ])
            .env(CHILD, dir.as_os_str())
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&child.stdout);
        let expected = format!(
            "replaced no file; kept {} as it was, temporary file gone: true",
            dir.join("out.csv").display()
        );
        assert!(stdout.contains(&expected), "{stdout}");
        assert_eq!(std::fs::read(dir.join("out.csv")).unwrap(), b"old");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    }

    #[test]
    fn write_checked_writes_and_keeps_the_error_kind() {
        let dir = scratch("checked");
        let path = dir.join("rows.csv");
        write_checked(&path, |w| {
            w.write_all(b"a,b\n").map_err(|e| Error::output("rows", &e))
        })
        .unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"a,b\n");
        let err = write_checked(&path, |w| {
            w.write_all(b"half").unwrap();
            Err(OutputError::TooManyLinks {
                path: "fill".into(),
            }
            .into())
        })
        .unwrap_err();
        assert!(
            matches!(refusal(&err), OutputError::TooManyLinks { .. }),
            "{err:?}"
        );
        assert_eq!(std::fs::read(&path).unwrap(), b"a,b\n");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    }

    #[test]
    fn ownership_reasons_empty_files_and_names_in_other_folders() {
        let dir = scratch("owner-words");
        let mine = dir.join("mine.csv");
        std::fs::write(&mine, b"my,own\n").unwrap();
        let csv = Kind::Csv("seed,index,");
        let err = check_owned("--out", &mine, csv, false).unwrap_err();
        let words = "(its first line is not the header coinline writes)";
        assert!(err.to_string().contains(words), "{err}");
        let page = check_owned("--out", &mine, Kind::Page("coinline"), false).unwrap_err();
        assert!(
            page.to_string()
                .contains("(it is not a page coinline wrote)"),
            "{page}"
        );
        let man = check_owned("--out", &mine, Kind::ManPage, false).unwrap_err();
        assert!(
            man.to_string()
                .contains("(it is not a man page coinline wrote)"),
            "{man}"
        );
        // An empty file is free to replace.
        let empty = dir.join("empty.csv");
        std::fs::write(&empty, b"").unwrap();
        check_owned("--out", &empty, csv, false).unwrap();
        // Two new files of one name in two folders are two outputs.
        std::fs::create_dir_all(dir.join("a")).unwrap();
        std::fs::create_dir_all(dir.join("b")).unwrap();
        let (a, b) = (dir.join("a").join("x.csv"), dir.join("b").join("x.csv"));
        refuse_same_outputs(&[("--out", &a), ("--summary", &b)]).unwrap();
    }

    /// The paths the after-first-rename hook was called with, and whether
    /// as the last rename.
    static RENAMED_FIRST: std::sync::Mutex<Vec<(PathBuf, bool)>> =
        std::sync::Mutex::new(Vec::new());

    #[test]
    fn the_hook_runs_after_the_first_of_two_renames_and_after_the_last() {
        set_after_first_rename(|path, last| {
            RENAMED_FIRST
                .lock()
                .unwrap()
                .push((path.to_path_buf(), last))
        });
        let dir = scratch("hook");
        let (rows, summary) = (dir.join("rows.csv"), dir.join("summary.csv"));
        // A commit of one file has no "between".
        let alone = dir.join("alone.csv");
        let mut one = Transaction::new();
        one.stage_io(&alone, |w| w.write_all(b"alone")).unwrap();
        one.commit().unwrap();
        let mut both = Transaction::new();
        both.stage_io(&rows, |w| w.write_all(b"rows")).unwrap();
        both.stage_io(&summary, |w| w.write_all(b"summary"))
            .unwrap();
        both.commit().unwrap();
        let mut seen = RENAMED_FIRST.lock().unwrap().clone();
        seen.retain(|(p, _)| p.starts_with(&dir));
        assert_eq!(seen, [(alone, true), (rows, false), (summary, true)]);
    }

    #[test]
    fn directories_are_refused_and_dash_is_stdout() {
        let dir = scratch("dir");
        assert!(write(&dir, |w| w.write_all(b"x")).is_err());
        assert_eq!(target(Path::new("-")).unwrap(), Target::Stdout);
        assert!(check_writable("--out", Path::new("-"), false).is_ok());
        assert!(check_writable("--out", Path::new("-"), true).is_err());
    }
}

//! The ownership rule of a report folder (a study's `--out`): a manifest,
//! [`MANIFEST`], lists the files coinline wrote there, each with its
//! SHA-256. A file of the folder that it does not list, or whose bytes
//! changed since, is the user's: it is replaced only with `--force`. The
//! folders of one run are written as one [`Transaction`], each manifest
//! after its files; a rerun that no longer writes a file it listed removes
//! it (unless it was edited since).

use super::{same_file, OutputError, Transaction, Unlisted};
use coinline_core::error::{Error, Result};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The manifest's name, in every folder a run writes to.
pub const MANIFEST: &str = ".coinline-study";

/// The files of one folder: (name, contents).
pub type Folder<'a, T> = (PathBuf, Vec<(&'a str, T)>);

/// The SHA-256 of `bytes`, in hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(bytes);
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// The files a manifest lists, each with its digest if it has one.
fn listed(dir: &Path) -> BTreeMap<String, Option<String>> {
    let text = std::fs::read_to_string(dir.join(MANIFEST)).unwrap_or_default();
    let entry = |line: &str| {
        let mut words = line.split_whitespace();
        let name = words.next()?.to_string();
        let digest = (words.next()).and_then(|w| w.strip_prefix("sha256:"));
        Some((name, digest.map(str::to_string)))
    };
    text.lines().skip(1).filter_map(entry).collect()
}

/// The files of a run under `out` (each `NAME` or `FOLDER/NAME`), by folder,
/// in order of first appearance.
pub fn by_folder<'a, T>(
    out: &Path,
    files: impl IntoIterator<Item = (&'a str, T)>,
) -> Vec<Folder<'a, T>> {
    let mut folders: Vec<Folder<'a, T>> = Vec::new();
    for (name, text) in files {
        let (dir, file) = match name.rsplit_once('/') {
            Some((dir, file)) => (out.join(dir), file),
            None => (out.to_path_buf(), name),
        };
        match folders.iter_mut().find(|(d, _)| *d == dir) {
            Some((_, files)) => files.push((file, text)),
            None => folders.push((dir, vec![(file, text)])),
        }
    }
    folders
}

/// Refuses, before any work, a run that would write one of `inputs` (by
/// device and inode) or a file of `out` that coinline did not write there
/// (unless `force`). `planned` names the run's files as [`by_folder`] takes them.
pub fn check_folder(out: &Path, planned: &[String], inputs: &[PathBuf], force: bool) -> Result<()> {
    for name in planned {
        let path = out.join(name);
        if let Some(input) = inputs.iter().find(|i| same_file(i, &path)) {
            let (out, input) = (out.into(), input.clone());
            return Err(OutputError::OverwritesInput { out, input }.into());
        }
    }
    for (dir, files) in by_folder(out, planned.iter().map(|p| (p.as_str(), ()))) {
        let names: Vec<&str> = files.iter().map(|(n, _)| *n).collect();
        check_listed(&dir, &names, force)?;
    }
    Ok(())
}

/// Refuses an existing file of `names` in `dir` that the manifest does not
/// list, or that changed since it was written, unless `force`.
fn check_listed(dir: &Path, names: &[&str], force: bool) -> Result<()> {
    if force {
        return Ok(());
    }
    let owned = listed(dir);
    for name in names {
        let path = dir.join(name);
        if std::fs::symlink_metadata(&path).is_err() {
            continue;
        }
        let manifest = dir.join(MANIFEST);
        let why = match owned.get(*name) {
            None => Unlisted::NotListed { manifest },
            Some(None) => continue,
            Some(Some(digest)) => match std::fs::read(&path) {
                Ok(bytes) if sha256_hex(&bytes) == *digest => continue,
                _ => Unlisted::Changed { manifest },
            },
        };
        let dir = dir.to_path_buf();
        return Err(OutputError::NotInManifest { dir, path, why }.into());
    }
    Ok(())
}

/// The files an earlier run wrote into a folder that this run does not
/// write (see [`write_folders`]).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Earlier {
    /// Removed: unchanged since the earlier run wrote them.
    pub removed: Vec<PathBuf>,
    /// Kept: changed since.
    pub kept: Vec<PathBuf>,
}

impl Earlier {
    /// A line for the removed files and one for the kept, if any.
    pub fn lines(&self) -> Vec<String> {
        let said = [
            ("removed", &self.removed, "this one does not"),
            ("kept", &self.kept, "it changed since"),
        ];
        (said.iter().filter(|s| !s.1.is_empty()))
            .map(|(done, paths, why)| {
                let paths: Vec<_> = paths.iter().map(|p| p.display().to_string()).collect();
                format!(
                    "{done} {}: an earlier run wrote it, {why}",
                    paths.join(", ")
                )
            })
            .collect()
    }
}

/// Writes `folders` as one transaction, each manifest after its files,
/// refusing first a file there that coinline did not write (the rule of
/// [`check_folder`]). With `replace`, a file a manifest listed that the
/// run does not write is removed, unless it changed since; which were
/// removed and which kept is returned, for the run to say.
pub fn write_folders(
    folders: &[Folder<'_, String>],
    force: bool,
    replace: bool,
) -> Result<Earlier> {
    for (dir, files) in folders {
        let names: Vec<&str> = files.iter().map(|(name, _)| *name).collect();
        check_listed(dir, &names, force)?;
    }
    let mut transaction = Transaction::new();
    let (mut stale, mut kept) = (Vec::new(), Vec::new());
    for (dir, files) in folders {
        let mut owned = listed(dir);
        if replace {
            let unchanged =
                |name: &str, digest: &Option<String>| match std::fs::read(dir.join(name)) {
                    Ok(bytes) => digest.as_ref() == Some(&sha256_hex(&bytes)),
                    Err(e) => e.kind() == std::io::ErrorKind::NotFound,
                };
            owned.retain(|name, digest| {
                let gone = !files.iter().any(|(f, _)| f == name) && unchanged(name, digest);
                match (gone, files.iter().any(|(f, _)| f == name)) {
                    (true, _) => stale.push(dir.join(name)),
                    (false, false) => kept.push(dir.join(name)),
                    _ => {}
                }
                !gone
            });
        }
        for (name, text) in files {
            owned.insert(name.to_string(), Some(sha256_hex(text.as_bytes())));
        }
        let lines: Vec<String> = (owned.iter())
            .map(|(name, digest)| match digest {
                Some(d) => format!("{name} sha256:{d}"),
                None => name.clone(),
            })
            .collect();
        let manifest = format!(
            "Generated by `coinline study`: the files it wrote here and may overwrite\n{}\n",
            lines.join("\n")
        );
        std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, &e))?;
        for (name, text) in files {
            transaction.stage_io(&dir.join(name), |w| w.write_all(text.as_bytes()))?;
        }
        transaction.stage_io(&dir.join(MANIFEST), |w| w.write_all(manifest.as_bytes()))?;
    }
    transaction.commit()?;
    let mut removed = Vec::new();
    for path in stale {
        match std::fs::remove_file(&path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(Error::io(&path, &e)),
            Err(_) => {}
            Ok(()) => removed.push(path),
        }
    }
    Ok(Earlier { removed, kept })
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refusal, scratch};
    use super::*;

    fn write(dir: &Path, files: &[(&'static str, &str)], force: bool) -> Result<Earlier> {
        let files = files.iter().map(|&(n, t)| (n, t.to_string())).collect();
        write_folders(&[(dir.to_path_buf(), files)], force, true)
    }

    fn read(path: PathBuf) -> String {
        std::fs::read_to_string(path).unwrap()
    }

    #[test]
    fn a_folder_is_rewritten_only_where_coinline_wrote_it() {
        let dir = scratch("folder-owned");
        write(&dir, &[("a.csv", "1\n"), ("b.csv", "2\n")], false).unwrap();
        let manifest = read(dir.join(MANIFEST));
        assert!(manifest.contains(&format!("a.csv sha256:{}", sha256_hex(b"1\n"))));
        // A rerun may replace what it wrote; a file the user wrote is refused.
        let earlier = write(&dir, &[("a.csv", "3\n")], false).unwrap();
        assert_eq!(earlier.removed, [dir.join("b.csv")]);
        assert_eq!(read(dir.join("a.csv")), "3\n");
        assert!(
            !dir.join("b.csv").exists(),
            "a file the run no longer writes goes"
        );
        std::fs::write(dir.join("mine.csv"), "notes\n").unwrap();
        let err = write(&dir, &[("mine.csv", "4\n")], false).unwrap_err();
        let why = err.layer::<OutputError>().map(|e| match e {
            OutputError::NotInManifest { why, .. } => why.clone(),
            other => panic!("{other}"),
        });
        let manifest = dir.join(MANIFEST);
        assert_eq!(why, Some(Unlisted::NotListed { manifest }), "{err}");
        assert_eq!(read(dir.join("mine.csv")), "notes\n");
        // An edited file is the user's, and stays when the run drops it.
        std::fs::write(dir.join("a.csv"), "edited\n").unwrap();
        let err = write(&dir, &[("a.csv", "5\n")], false).unwrap_err();
        assert!(
            matches!(
                refusal(&err),
                OutputError::NotInManifest {
                    why: Unlisted::Changed { .. },
                    ..
                }
            ),
            "{err}"
        );
        let earlier = write(&dir, &[("c.csv", "6\n")], false).unwrap();
        let said = format!(
            "kept {}: an earlier run wrote it, it changed since",
            dir.join("a.csv").display()
        );
        assert_eq!(earlier.lines(), [said]);
        assert_eq!(read(dir.join("a.csv")), "edited\n");
        assert!(read(dir.join(MANIFEST)).contains("a.csv sha256:"));
        write(&dir, &[("mine.csv", "7\n")], true).unwrap();
        assert_eq!(read(dir.join("mine.csv")), "7\n");
    }

    #[test]
    fn a_run_never_writes_its_input_and_checks_every_folder_first() {
        let dir = scratch("folder-inputs");
        std::fs::create_dir_all(dir.join("out/sub")).unwrap();
        std::fs::write(dir.join("study.md"), "# t\n").unwrap();
        std::fs::hard_link(dir.join("study.md"), dir.join("out/README.md")).unwrap();
        let inputs = [dir.join("study.md")];
        let planned = ["t.csv".to_string(), "README.md".to_string()];
        let err = check_folder(&dir.join("out"), &planned, &inputs, true).unwrap_err();
        assert!(
            matches!(refusal(&err), OutputError::OverwritesInput { input, .. } if *input == inputs[0]),
            "{err}"
        );
        std::fs::write(dir.join("out/sub/x.csv"), "mine\n").unwrap();
        let planned = ["t.csv".to_string(), "sub/x.csv".to_string()];
        let err = check_folder(&dir.join("out"), &planned, &[], false).unwrap_err();
        assert!(
            matches!(refusal(&err), OutputError::NotInManifest { path, .. } if path.ends_with("sub/x.csv")),
            "{err}"
        );
        check_folder(&dir.join("out"), &planned, &[], true).unwrap();
        let grouped = by_folder(Path::new("o"), [("a", 1), ("g/b", 2), ("c", 3)]);
        let expected = vec![
            (PathBuf::from("o"), vec![("a", 1), ("c", 3)]),
            (PathBuf::from("o/g"), vec![("b", 2)]),
        ];
        assert_eq!(grouped, expected);
    }
}

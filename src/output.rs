//! Writing outputs: atomic file writes.
//!
//! Architecture invariant: nothing half-written is ever left at an output
//! path. Every report is written to a temporary file beside its destination
//! and renamed into place only when complete.

use crate::case::Case;
use crate::error::{Error, Result};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes a file atomically: `fill` writes the contents into a temporary
/// file beside `path`, which is renamed to `path` only if `fill` succeeds.
/// Missing parent directories are created. On error the temporary file is
/// removed and `path` is left as it was.
pub fn write_atomic(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<()> {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(|e| Error::io(parent, &e))?;
    }
    if path.is_dir() {
        return Err(Error::invalid(format!(
            "{}: is a directory, not a file path",
            path.display()
        )));
    }
    let tmp = temporary_path(path);
    let result = (|| {
        let file = std::fs::File::create(&tmp)?;
        let mut writer = std::io::BufWriter::new(file);
        fill(&mut writer)?;
        let file = writer.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    result.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        Error::io(path, &e)
    })
}

fn temporary_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "output".into());
    path.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

/// Checks before any work that `path` can be written, so a long run does
/// not end at an unwritable path: a file path must not be a directory, a
/// directory path (`dir`) must not be a file, and the directory to write in,
/// or its nearest existing ancestor, must take new files (a probe file is
/// written and removed). Creates nothing. Errors read `OPTION PATH: why`.
pub fn check_writable(option: &str, path: &Path, dir: bool) -> Result<()> {
    let fail = |why: String| Error::invalid(format!("{option} {}: {why}", path.display()));
    if dir && path.exists() && !path.is_dir() {
        return Err(fail("exists and is not a directory".into()));
    }
    if !dir && path.is_dir() {
        return Err(fail("is a directory, not a file path".into()));
    }
    let folder = if dir { Some(path) } else { path.parent() };
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
        return Err(fail(format!("{} is not a directory", existing.display())));
    }
    let probe = existing.join(format!(".coinline-probe.{}.tmp", std::process::id()));
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
        .map_err(|e| {
            fail(format!(
                "cannot write in the directory {}: {}",
                existing.display(),
                io_reason(&e)
            ))
        })?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// An I/O error's message without the "(os error N)" suffix.
pub fn io_reason(err: &std::io::Error) -> String {
    let text = err.to_string();
    match text.find(" (os error") {
        Some(cut) => text[..cut].to_string(),
        None => text,
    }
}

/// Saves a shrunk failing case where the corpus replay of `cargo test`
/// finds it: `DIR/solvers_agree/<Case::file_stem()>`, holding
/// [`Case::to_bytes`]. Returns the path.
pub fn save_case(corpus: &Path, case: &Case) -> Result<PathBuf> {
    let path = corpus.join("solvers_agree").join(case.file_stem());
    write_atomic(&path, |w| w.write_all(&case.to_bytes()))?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failed_writes_leave_nothing_behind() {
        let dir = std::env::temp_dir().join(format!("coinline-report-{}", std::process::id()));
        let path = dir.join("sub/out.csv");
        write_atomic(&path, |w| w.write_all(b"a,b\n")).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"a,b\n");
        let err = write_atomic(&path, |w| {
            w.write_all(b"half")?;
            Err(std::io::Error::other("disk full"))
        });
        assert!(err.is_err());
        assert_eq!(std::fs::read(&path).unwrap(), b"a,b\n", "old file kept");
        let leftovers = std::fs::read_dir(dir.join("sub")).unwrap().count();
        assert_eq!(leftovers, 1, "no temporary file left");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

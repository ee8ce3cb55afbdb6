//! A run's outputs as one transaction. Each file is staged: written to a
//! temporary file beside its target and flushed to disk (fsync). Only when
//! every file of the run is staged does [`Transaction::commit`] rename them
//! into place, in the order they were staged (so the caller stages the
//! manifest, the file that vouches for the others, last). Before the first
//! rename a hard link keeps each old file; an error or an interrupt
//! ([`abandon_pending`]) before the last rename puts every old file back,
//! so a run's outputs land together or not at all.
//!
//! Temporary names are short and fixed-length (`.coinline-XXXXXX.tmp`, the
//! old file's link `.coinline-XXXXXX.old`), so any name the file system
//! allows for the target works. A temporary file is locked (`flock`) while
//! its run lives, so one a killed run left is known: the next run that
//! stages a file beside it removes it once no process holds it and it is a
//! minute old ([`STALE_AFTER`]).

use super::{fifo, target, Target};
use coinline_core::error::{Error, ErrorKind, IoAction, Result};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock};

/// Where a staged file stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Its temporary file is being written or is complete.
    Staged,
    /// Renamed over its target; the old file (if any) is at `backup`.
    Renamed,
}

/// One file of a transaction in progress.
#[derive(Debug)]
struct Entry {
    id: u64,
    tmp: PathBuf,
    dest: PathBuf,
    /// The old file, hard-linked before the first rename.
    backup: Option<PathBuf>,
    /// Whether there was an old file at `dest` when the commit began.
    existed: bool,
    state: State,
    /// The temporary file, open and locked until the entry goes.
    _lock: Option<std::fs::File>,
}

/// Every staged file of every transaction in progress.
static PENDING: Mutex<Vec<Entry>> = Mutex::new(Vec::new());

fn pending() -> MutexGuard<'static, Vec<Entry>> {
    PENDING.lock().unwrap_or_else(|e| e.into_inner())
}

static NEXT_ID: AtomicU64 = AtomicU64::new(1);

/// The targets of this process's finished commits, for an interrupt's message.
static WRITTEN: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// How old an unlocked temporary file of coinline's must be to be taken
/// for one a killed run left (a live run locks its own right after
/// creating it).
pub const STALE_AFTER: std::time::Duration = std::time::Duration::from_secs(60);

/// Takes `file`'s exclusive lock (`flock`) without waiting: false where
/// another process holds it, or where there are no such locks.
fn try_lock(file: &std::fs::File) -> bool {
    #[cfg(unix)]
    return rustix::fs::flock(file, rustix::fs::FlockOperation::NonBlockingLockExclusive).is_ok();
    #[cfg(not(unix))]
    false
}

/// Removes the temporary files (`.coinline-XXXXXX.tmp`) in `dir` that no
/// process holds and that are [`STALE_AFTER`] old; never another name.
fn remove_stale(dir: &Path) {
    let ours = |name: &str| {
        let code = name
            .strip_prefix(".coinline-")
            .and_then(|c| c.strip_suffix(".tmp"));
        code.is_some_and(|c| {
            c.len() == 6
                && c.bytes()
                    .all(|b| b.is_ascii_digit() || b.is_ascii_lowercase())
        })
    };
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        let old = |m: std::fs::Metadata| {
            m.is_file()
                && m.modified()
                    .is_ok_and(|t| t.elapsed().is_ok_and(|a| a >= STALE_AFTER))
        };
        if !entry.file_name().to_str().is_some_and(ours)
            || !std::fs::symlink_metadata(&path).is_ok_and(old)
        {
            continue;
        }
        if std::fs::File::open(&path).is_ok_and(|f| try_lock(&f)) {
            let _ = std::fs::remove_file(&path);
        }
    }
}

/// Called after the first rename of a commit of two or more files (`false`)
/// and once every rename is done (`true`), with the list unlocked: the
/// binary's test hook that pauses there, so a test can interrupt in these
/// windows without a race.
static AFTER_FIRST_RENAME: OnceLock<fn(&Path, bool)> = OnceLock::new();

/// Sets the hook called between the first and the second rename of a
/// commit, and after the last rename of every commit with `true` (the
/// binary sets it only for its tests).
pub fn set_after_first_rename(hook: fn(&Path, bool)) {
    let _ = AFTER_FIRST_RENAME.set(hook);
}

/// A fixed-length name beside `dest`: `.coinline-XXXXXX.EXT`, six base-36
/// digits from the process and a counter.
fn sibling(dest: &Path, ext: &str, attempt: u64) -> PathBuf {
    let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
    sibling_named_by(dest, ext, attempt, std::process::id(), id)
}

/// [`sibling`] for the process `pid` and the counter's value `id`: two
/// processes whose counters agree still start from different names.
fn sibling_named_by(dest: &Path, ext: &str, attempt: u64, pid: u32, id: u64) -> PathBuf {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut x = (u64::from(pid) << 20)
        .wrapping_add(id)
        .wrapping_add(attempt.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    // Scrambled so that names of one process do not share a prefix.
    x ^= x >> 31;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 29;
    let code: String = (0..6)
        .map(|i| DIGITS[((x >> (i * 6)) % 36) as usize] as char)
        .collect();
    dest.with_file_name(format!(".coinline-{code}.{ext}"))
}

/// A new file beside `dest` (created, never an existing one) and its path.
fn create_sibling(dest: &Path, ext: &str) -> std::io::Result<(PathBuf, std::fs::File)> {
    create_first_free(|attempt| sibling(dest, ext, attempt))
}

/// Creates the first of up to 16 names that does not exist yet; any error
/// but an existing file ends the search.
fn create_first_free(name: impl Fn(u64) -> PathBuf) -> std::io::Result<(PathBuf, std::fs::File)> {
    let mut last = None;
    for attempt in 0..16 {
        let path = name(attempt);
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(file) => return Ok((path, file)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no free temporary name")))
}

/// The outputs of one run, staged one by one and renamed into place
/// together by [`Transaction::commit`]. Dropped uncommitted, it removes its
/// temporary files and leaves every target as it was.
#[derive(Debug, Default)]
pub struct Transaction {
    ids: Vec<u64>,
    /// Paths as the user gave them, for messages, by id.
    shown: Vec<PathBuf>,
}

impl Transaction {
    /// An empty transaction.
    pub fn new() -> Transaction {
        Transaction::default()
    }

    /// Writes `path`'s contents with `fill`: standard output, a device or a
    /// FIFO straight away (they cannot wait for a rename); a file path into
    /// a temporary file beside it, flushed to disk, renamed at the commit.
    /// Missing parent folders are created. An error of `fill` is returned
    /// as it is, and nothing of this file is left.
    pub fn stage(
        &mut self,
        path: &Path,
        fill: impl FnOnce(&mut dyn Write) -> Result<()>,
    ) -> Result<()> {
        let real = match target(path)? {
            Target::Stdout => {
                let mut out = std::io::stdout().lock();
                fill(&mut out)?;
                return out
                    .flush()
                    .map_err(|e| Error::output("standard output", &e));
            }
            Target::Straight(real) => {
                let file = fifo::open_for_writing(path, &real)?;
                let mut writer = std::io::BufWriter::new(file);
                fill(&mut writer).map_err(|e| named(e, path))?;
                return writer.flush().map_err(|e| Error::io(path, &e));
            }
            Target::Replace(real) => real,
        };
        if let Some(parent) = real.parent() {
            if !parent.as_os_str().is_empty() {
                std::fs::create_dir_all(parent).map_err(|e| Error::io(parent, &e))?;
            }
            remove_stale(parent);
        }
        let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
        let file = {
            // Created and listed under the lock, so an interrupt removes it.
            let mut list = pending();
            let (tmp, file) = create_sibling(&real, "tmp").map_err(|e| Error::io(path, &e))?;
            let lock = file.try_clone().ok().filter(try_lock);
            list.push(Entry {
                _lock: lock,
                id,
                tmp,
                dest: real.clone(),
                backup: None,
                existed: false,
                state: State::Staged,
            });
            file
        };
        self.ids.push(id);
        self.shown.push(path.to_path_buf());
        let mut writer = std::io::BufWriter::new(file);
        let written = fill(&mut writer)
            .map_err(|e| named(e, path))
            .and_then(|()| {
                let file = writer
                    .into_inner()
                    .map_err(|e| Error::io(path, e.error()))?;
                file.sync_all().map_err(|e| Error::io(path, &e))
            });
        if written.is_err() {
            self.drop_entry(id);
        }
        written
    }

    /// [`Transaction::stage`] for a `fill` whose errors are I/O errors,
    /// reported as errors of `path`.
    pub fn stage_io(
        &mut self,
        path: &Path,
        fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
    ) -> Result<()> {
        let stdout = super::is_stdout(path);
        self.stage(path, |w| {
            fill(w).map_err(|e| match stdout {
                // Keeps a closed pipe's kind (a quiet end, status 0).
                true => Error::output("standard output", &e),
                false => Error::io(path, &e),
            })
        })
    }

    fn drop_entry(&mut self, id: u64) {
        let mut list = pending();
        if let Some(i) = list.iter().position(|e| e.id == id) {
            let entry = list.remove(i);
            let _ = std::fs::remove_file(&entry.tmp);
            if let Some(backup) = entry.backup {
                let _ = std::fs::remove_file(backup);
            }
        }
        if let Some(i) = self.ids.iter().position(|x| *x == id) {
            self.ids.remove(i);
            self.shown.remove(i);
        }
    }

    /// Renames every staged file into place, in the order staged. On a
    /// failed rename the files renamed before it are put back and the error
    /// names what was and was not replaced.
    pub fn commit(mut self) -> Result<()> {
        let ids = std::mem::take(&mut self.ids);
        let shown = std::mem::take(&mut self.shown);
        let mut list = pending();
        // The old files are kept first, so any rename can be undone.
        for entry in list.iter_mut().filter(|e| ids.contains(&e.id)) {
            entry.existed = std::fs::symlink_metadata(&entry.dest).is_ok();
            if entry.existed {
                if let Ok((backup, _)) = create_sibling(&entry.dest, "old") {
                    let _ = std::fs::remove_file(&backup);
                    if std::fs::hard_link(&entry.dest, &backup).is_ok() {
                        entry.backup = Some(backup);
                    }
                }
            }
        }
        for (k, id) in ids.iter().enumerate() {
            let Some(entry) = list.iter_mut().find(|e| e.id == *id) else {
                continue;
            };
            if let Err(e) = std::fs::rename(&entry.tmp, &entry.dest) {
                let error = Error::io(&shown[k], &e);
                let undone = roll_back(&mut list, &ids);
                return Err(error.within(undone.sentence()));
            }
            entry.state = State::Renamed;
            if k == 0 && ids.len() > 1 {
                if let Some(hook) = AFTER_FIRST_RENAME.get() {
                    let dest = entry.dest.clone();
                    drop(list);
                    hook(&dest, false);
                    list = pending();
                }
            }
        }
        let mut written = WRITTEN.lock().unwrap_or_else(|e| e.into_inner());
        list.retain(|e| {
            if !ids.contains(&e.id) {
                return true;
            }
            if let Some(backup) = &e.backup {
                let _ = std::fs::remove_file(backup);
            }
            written.push(e.dest.clone());
            false
        });
        if let (Some(hook), Some(last), false) = (
            AFTER_FIRST_RENAME.get(),
            written.last().cloned(),
            ids.is_empty(),
        ) {
            drop((list, written));
            hook(&last, true);
        }
        Ok(())
    }
}

impl Drop for Transaction {
    fn drop(&mut self) {
        for id in self.ids.clone() {
            self.drop_entry(id);
        }
    }
}

/// What undoing transactions did to their targets.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Undone {
    /// Targets left as they were (the new file never renamed in, or renamed
    /// in and then put back).
    pub kept: Vec<PathBuf>,
    /// Targets the new file replaced and that could not be put back.
    pub replaced: Vec<PathBuf>,
    /// Targets of this run's finished commits (for an interrupt).
    pub written: Vec<PathBuf>,
}

impl Undone {
    /// Whether no output was in progress (whatever was `written`).
    pub fn is_empty(&self) -> bool {
        self.kept.is_empty() && self.replaced.is_empty()
    }

    /// The words for a message: which files were and were not replaced.
    pub fn sentence(&self) -> String {
        let names = |paths: &[PathBuf]| {
            let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
            names.join(", ")
        };
        let was = |paths: &[PathBuf]| match paths.len() {
            1 => "as it was",
            _ => "as they were",
        };
        match self.replaced.is_empty() {
            true => format!(
                "replaced no file; kept {} {}",
                names(&self.kept),
                was(&self.kept)
            ),
            false if self.kept.is_empty() => format!(
                "replaced {} (its old version could not be put back)",
                names(&self.replaced)
            ),
            false => format!(
                "replaced {} (its old version could not be put back); kept {} {}",
                names(&self.replaced),
                names(&self.kept),
                was(&self.kept)
            ),
        }
    }
}

/// Undoes the entries of `list` that are `chosen`: temporary files removed,
/// renamed files put back (or removed when there was no old one).
fn roll_back_where(list: &mut Vec<Entry>, chosen: impl Fn(&Entry) -> bool) -> Undone {
    let mut undone = Undone::default();
    list.retain(|entry| {
        if !chosen(entry) {
            return true;
        }
        let restored = match (entry.state, &entry.backup) {
            (State::Staged, _) => {
                let _ = std::fs::remove_file(&entry.tmp);
                true
            }
            (State::Renamed, Some(backup)) => std::fs::rename(backup, &entry.dest).is_ok(),
            (State::Renamed, None) if !entry.existed => std::fs::remove_file(&entry.dest).is_ok(),
            (State::Renamed, None) => false,
        };
        if entry.state == State::Staged {
            if let Some(backup) = &entry.backup {
                let _ = std::fs::remove_file(backup);
            }
        }
        match restored {
            true => undone.kept.push(entry.dest.clone()),
            false => undone.replaced.push(entry.dest.clone()),
        }
        false
    });
    undone
}

fn roll_back(list: &mut Vec<Entry>, ids: &[u64]) -> Undone {
    roll_back_where(list, |e| ids.contains(&e.id))
}

/// A fill's failed write, which names the stream as the fill knows it
/// ("the rows"), named by the file it went to.
fn named(error: Error, path: &Path) -> Error {
    match error.kind() {
        ErrorKind::Io {
            action: IoAction::Write,
            source,
            ..
        } => Error::output(&path.display().to_string(), &source.0),
        _ => error,
    }
}

/// For an interrupt: undoes every transaction in progress (see
/// [`Undone`]). The list stays locked, so no rename can follow; call it
/// only right before the process exits.
pub fn abandon_pending() -> Undone {
    let mut guard = pending();
    let mut undone = roll_back_where(&mut guard, |_| true);
    undone.written = std::mem::take(&mut WRITTEN.lock().unwrap_or_else(|e| e.into_inner()));
    std::mem::forget(guard);
    undone
}

/// Whether a transaction has staged `dest` (for the module's tests).
#[cfg(test)]
pub(super) fn is_pending(dest: &Path) -> bool {
    pending().iter().any(|e| e.dest == dest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temporary_names_are_distinct_fixed_length_and_spread() {
        let dest = Path::new("/nowhere/rows.csv");
        let names: Vec<String> = (0..4000)
            .map(|_| {
                sibling(dest, "tmp", 0)
                    .file_name()
                    .unwrap()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        let distinct: std::collections::HashSet<&String> = names.iter().collect();
        assert_eq!(distinct.len(), names.len(), "two temporary names alike");
        assert!(
            names
                .iter()
                .all(|n| n.len() == ".coinline-XXXXXX.tmp".len()),
            "{names:?}"
        );
        // Names of one process do not share a prefix: their first digits
        // spread over the 36 a digit can take.
        let first: std::collections::HashSet<char> =
            names.iter().map(|n| n.chars().nth(10).unwrap()).collect();
        assert!(first.len() >= 30, "first digits {first:?}");
        // A retry names another file.
        assert_ne!(sibling(dest, "tmp", 1), sibling(dest, "tmp", 1));
    }

    use crate::tests::{scratch as output_scratch, Scratch};

    fn scratch(name: &str) -> Scratch {
        output_scratch(&format!("transaction-{name}"))
    }

    #[test]
    fn two_processes_start_from_different_names() {
        let dest = Path::new("/nowhere/rows.csv");
        // Every process's counter starts at 1: the process id tells them apart.
        for id in 1..200 {
            let a = sibling_named_by(dest, "tmp", 0, 4100, id);
            assert_ne!(a, sibling_named_by(dest, "tmp", 0, 4101, id), "id {id}");
            assert_ne!(a, sibling_named_by(dest, "tmp", 1, 4100, id), "id {id}");
        }
    }

    #[test]
    fn an_existing_name_is_skipped_and_any_other_error_ends_the_search() {
        let dir = scratch("first-free");
        let taken = dir.join("taken");
        std::fs::write(&taken, "theirs").unwrap();
        let names = |attempt: u64| match attempt {
            0 => taken.clone(),
            n => dir.join(format!("free-{n}")),
        };
        let (path, _) = create_first_free(names).unwrap();
        assert_eq!(path, dir.join("free-1"));
        assert_eq!(std::fs::read_to_string(&taken).unwrap(), "theirs");
        // A folder that does not exist is not a name to skip.
        let missing = |attempt: u64| match attempt {
            0 => dir.join("no-such-folder/x"),
            n => dir.join(format!("after-{n}")),
        };
        let error = create_first_free(missing).unwrap_err();
        assert_eq!(error.kind(), std::io::ErrorKind::NotFound);
        assert!(!dir.join("after-1").exists());
        // Sixteen names taken: the error says a file exists.
        let all_taken = create_first_free(|_| taken.clone()).unwrap_err();
        assert_eq!(all_taken.kind(), std::io::ErrorKind::AlreadyExists);
    }

    #[test]
    fn undone_says_whether_anything_was_in_progress_and_what() {
        let kept = Undone {
            kept: vec![PathBuf::from("a.csv")],
            ..Undone::default()
        };
        let replaced = Undone {
            replaced: vec![PathBuf::from("b.csv")],
            ..Undone::default()
        };
        assert!(Undone::default().is_empty());
        assert!(!kept.is_empty() && !replaced.is_empty());
        assert_eq!(kept.sentence(), "replaced no file; kept a.csv as it was");
        assert_eq!(
            replaced.sentence(),
            "replaced b.csv (its old version could not be put back)"
        );
        let both = Undone {
            kept: vec![PathBuf::from("a.csv"), PathBuf::from("c.csv")],
            replaced: vec![PathBuf::from("b.csv")],
            ..Undone::default()
        };
        assert_eq!(
            both.sentence(),
            "replaced b.csv (its old version could not be put back); kept a.csv, c.csv as they were"
        );
    }

    /// An entry of `dir` in `state`: `dest` holds "new" when renamed,
    /// "old" when staged over an old file; the temporary file holds "tmp".
    fn entry(dir: &Path, name: &str, state: State, backup: bool, existed: bool) -> Entry {
        let dest = dir.join(name);
        let tmp = dir.join(format!("{name}.tmp"));
        let old = dir.join(format!("{name}.old"));
        match state {
            State::Renamed => std::fs::write(&dest, "new").unwrap(),
            State::Staged => {
                std::fs::write(&tmp, "tmp").unwrap();
                if existed {
                    std::fs::write(&dest, "old").unwrap();
                }
            }
        }
        if backup {
            std::fs::write(&old, "old").unwrap();
        }
        Entry {
            id: 0,
            tmp,
            dest,
            backup: backup.then_some(old),
            existed,
            state,
            _lock: None,
        }
    }

    #[test]
    fn rolling_back_puts_each_target_back_as_its_state_allows() {
        let dir = scratch("roll-back");
        let mut list = vec![
            // Renamed over an old file that was kept: the old file returns.
            entry(&dir, "restored", State::Renamed, true, true),
            // Renamed where there was no file: the new file goes.
            entry(&dir, "created", State::Renamed, false, false),
            // Renamed over an old file that could not be kept: it stays.
            entry(&dir, "lost", State::Renamed, false, true),
            // Not renamed yet: the temporary file and the old file's link go.
            entry(&dir, "staged", State::Staged, true, true),
        ];
        let undone = roll_back_where(&mut list, |_| true);
        assert!(list.is_empty());
        let read = |name: &str| std::fs::read_to_string(dir.join(name)).ok();
        assert_eq!(read("restored").as_deref(), Some("old"));
        assert_eq!(read("created"), None);
        assert_eq!(read("lost").as_deref(), Some("new"));
        assert_eq!(read("staged").as_deref(), Some("old"));
        assert_eq!(read("staged.tmp"), None);
        assert_eq!(read("staged.old"), None, "the old file's link is left");
        assert_eq!(
            undone.kept,
            ["restored", "created", "staged"].map(|n| dir.join(n))
        );
        assert_eq!(undone.replaced, vec![dir.join("lost")]);
    }
}

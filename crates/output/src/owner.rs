//! The ownership rule of every output path, checked before any work: an
//! existing file is replaced only if coinline wrote it (its first bytes are
//! coinline's: a CSV header, a page's title, a man page's heading) or with
//! `--force`; an input of the run is never an output, whatever `--force`;
//! two outputs of one run are never the same file. Files are told apart by
//! device and inode, not by name, so a hard link or a symlink to an input
//! is caught too.

use super::{is_stdout, resolve_links, OutputError};
use coinline_core::error::{Error, Result};
use std::io::Read;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// What coinline writes at an output path, known by its first bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A CSV file whose header line starts with these column names.
    Csv(&'static str),
    /// An HTML page whose head holds this text.
    Page(&'static str),
    /// A man page by clap_mangen (its `.TH coinline` heading).
    ManPage,
}

impl Kind {
    /// Whether `head` (a file's first bytes) is what coinline writes.
    pub fn owns(self, head: &[u8]) -> bool {
        let text = String::from_utf8_lossy(head);
        match self {
            Kind::Csv(prefix) => text.starts_with(prefix),
            Kind::Page(marker) => text.contains(marker),
            Kind::ManPage => text.lines().take(5).any(|l| l.starts_with(".TH coinline")),
        }
    }

    pub(crate) fn words(self) -> &'static str {
        match self {
            Kind::Csv(_) => "its first line is not the header coinline writes",
            Kind::Page(_) => "it is not a page coinline wrote",
            Kind::ManPage => "it is not a man page coinline wrote",
        }
    }
}

/// The bytes read from an existing file to tell whether coinline wrote it.
const HEAD: u64 = 4096;

/// Refuses `path` (the output of `option`) when it is an existing, non-empty
/// regular file (through symlinks) that coinline did not write as `kind`,
/// unless `force`. A new path, an empty file, a device or a FIFO is fine.
pub fn check_owned(option: &str, path: &Path, kind: Kind, force: bool) -> Result<()> {
    if force || is_stdout(path) {
        return Ok(());
    }
    let real = resolve_links(path)?;
    let Ok(meta) = std::fs::metadata(&real) else {
        return Ok(());
    };
    if !meta.is_file() || meta.len() == 0 {
        return Ok(());
    }
    let mut head = Vec::new();
    std::fs::File::open(&real)
        .and_then(|f| f.take(HEAD).read_to_end(&mut head))
        .map_err(|e| Error::io(path, &e).within(option))?;
    if kind.owns(&head) {
        return Ok(());
    }
    let (option, path) = (option.to_string(), path.into());
    Err(OutputError::NotOwned { option, path, kind }.into())
}

/// Who a path is: an existing file by device and inode; a new one by its
/// folder's identity and its name.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Identity {
    Inode(u64, u64),
    New(PathBuf),
}

/// `path`'s identity, or `None` for standard output and for what is not a
/// regular file or a new path (two outputs may both be /dev/null).
fn identity(path: &Path) -> Option<Identity> {
    if is_stdout(path) {
        return None;
    }
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => Some(Identity::Inode(meta.dev(), meta.ino())),
        Ok(_) => None,
        Err(_) => {
            let real = resolve_links(path).ok()?;
            let name = real.file_name()?;
            let parent = real.parent().filter(|p| !p.as_os_str().is_empty());
            let folder = std::fs::canonicalize(parent.unwrap_or(Path::new(".")))
                .or_else(|_| std::env::current_dir().map(|d| d.join(parent.unwrap_or(&real))))
                .ok()?;
            Some(Identity::New(folder.join(name)))
        }
    }
}

/// Refuses, before any work, two outputs of one run that are the same file
/// (`--out same.csv --summary same.csv`, or a link to the other).
pub fn refuse_same_outputs(outputs: &[(&str, &Path)]) -> Result<()> {
    let known: Vec<_> = outputs.iter().map(|(o, p)| (o, p, identity(p))).collect();
    for (i, (option, path, id)) in known.iter().enumerate() {
        let Some(id) = id else { continue };
        if let Some((first, earlier, _)) = known[..i].iter().find(|k| k.2.as_ref() == Some(id)) {
            return Err(OutputError::SameOutputs {
                option: option.to_string(),
                path: path.into(),
                first: first.to_string(),
                earlier: earlier.into(),
            }
            .into());
        }
    }
    Ok(())
}

/// Refuses, whatever `--force`, an output that is an input of the same run
/// (the problem file, the program, a shard ...): `inputs` are (what it is,
/// its path).
pub fn refuse_inputs(outputs: &[(&str, &Path)], inputs: &[(&str, &Path)]) -> Result<()> {
    for (option, out) in outputs {
        let Ok(meta) = std::fs::metadata(out) else {
            continue;
        };
        if !meta.is_file() {
            continue;
        }
        for (what, input) in inputs {
            let same = std::fs::metadata(input)
                .is_ok_and(|m| m.dev() == meta.dev() && m.ino() == meta.ino());
            if same {
                return Err(OutputError::IsInput {
                    option: option.to_string(),
                    path: out.into(),
                    what: what.to_string(),
                    input: input.into(),
                }
                .into());
            }
        }
    }
    Ok(())
}

/// The longest file name (one path component) most file systems take.
pub const NAME_MAX: usize = 255;

/// Refuses a path whose file name is longer than [`NAME_MAX`] bytes
/// (before any work, so a derived name such as `NAME-summary.csv` that
/// grows past it is caught up front).
pub fn check_name_length(option: &str, path: &Path) -> Result<()> {
    use std::os::unix::ffi::OsStrExt;
    let Some(name) = path.file_name() else {
        return Ok(());
    };
    let len = name.as_bytes().len();
    if len > NAME_MAX {
        let (option, path) = (option.to_string(), path.into());
        return Err(OutputError::NameTooLong { option, path, len }.into());
    }
    Ok(())
}

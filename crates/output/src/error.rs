//! The output layer's own errors: a path a run may not write, and why.

// The fields are named by the messages their variants print.
#![allow(missing_docs)]

use crate::owner::Kind;
use crate::NAME_MAX;
use coinline_core::error::{io_reason, quote, Error, IoSource};
use std::path::PathBuf;

/// A refused output path; each names the option and the path.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OutputError {
    /// Following `path`'s symlinks did not end.
    #[error("{}: too many levels of symbolic links", .path.display())]
    TooManyLinks { path: PathBuf },
    /// A file path that is an existing directory.
    #[error("{}: is a directory, not a file path", .path.display())]
    IsADirectory { path: PathBuf },
    /// A path [`crate::check_writable`] finds cannot be written.
    #[error("{option} {}: {why}", .path.display())]
    Unwritable {
        option: String,
        path: PathBuf,
        why: Unwritable,
    },
    /// A file path that ends as a folder does (`/`, `.` or `..`).
    #[error("{option} {}: names a folder (it ends in {ending}), not a file: give a file path", .path.display())]
    NamesFolder {
        option: String,
        path: PathBuf,
        ending: &'static str,
    },
    /// A file name longer than [`NAME_MAX`] bytes.
    #[error("{option} {}: its file name is {len} bytes; the file system takes at most {NAME_MAX}", quote(&.path.display().to_string()))]
    NameTooLong {
        option: String,
        path: PathBuf,
        len: usize,
    },
    /// An existing file coinline did not write as `kind`, without `--force`.
    #[error("{option} {}: exists and was not written by coinline ({}); give --force to replace it (see docs/options.md, Outputs)", .path.display(), .kind.words())]
    NotOwned {
        option: String,
        path: PathBuf,
        kind: Kind,
    },
    /// Two outputs of one run that are the same file.
    #[error("{option} {} and {first} {} are the same file: each output of a run needs its own", .path.display(), .earlier.display())]
    SameOutputs {
        option: String,
        path: PathBuf,
        first: String,
        earlier: PathBuf,
    },
    /// An output that is an input (`what`) of the same run.
    #[error("{option} {}: is the {what} {} (the same file): an input of the run is never one of its outputs", .path.display(), .input.display())]
    IsInput {
        option: String,
        path: PathBuf,
        what: String,
        input: PathBuf,
    },
    /// An output file inside a folder the run reads (named by `input`).
    #[error("{option} {}: is inside {input} {}, whose files the run reads: an input of the run is never one of its outputs", .path.display(), .dir.display())]
    InInputFolder {
        option: String,
        path: PathBuf,
        input: String,
        dir: PathBuf,
    },
    /// An output file inside a folder another output (`owner`) fills.
    #[error("{option} {}: is inside {owner} {}, where the run writes files of its own (it could replace one); write it elsewhere", .path.display(), .dir.display())]
    InOutputFolder {
        option: String,
        path: PathBuf,
        owner: String,
        dir: PathBuf,
    },
    /// A folder the run adds below `base` (`None`: the working folder) that
    /// would not be inside it.
    #[error("{option} {}: as a folder it {why}; it must name a folder inside {} (or give --out DIR)", quote(.name), .base.as_ref().map_or("the working folder".into(), |b| b.display().to_string()))]
    FolderLeaves {
        option: String,
        name: String,
        why: Leaves,
        base: Option<PathBuf>,
    },
    /// A planned file of a report folder that would not be inside it.
    #[error("{option} {}: the file {} {why}; every file of the run must be inside the folder", .folder.display(), quote(.name))]
    FileLeaves {
        option: String,
        folder: PathBuf,
        name: String,
        why: Leaves,
    },
    /// A file of a report folder that is one of the run's inputs.
    #[error("--out {}: the run would overwrite its own input {}", .out.display(), .input.display())]
    OverwritesInput { out: PathBuf, input: PathBuf },
    /// A file of a report folder its manifest does not vouch for, without `--force`.
    #[error("--out {}: {} exists and was not written by coinline study ({why}); give --force to overwrite it", .dir.display(), .path.display())]
    NotInManifest {
        dir: PathBuf,
        path: PathBuf,
        why: Unlisted,
    },
}

/// Why [`crate::check_writable`] refuses a path.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Unwritable {
    /// `-` given where a directory is wanted.
    #[error("standard output cannot hold a directory of files")]
    StdoutFolder,
    /// Its symlinks could not be followed.
    #[error("{0}")]
    Links(#[source] Error),
    /// A directory path that is a file.
    #[error("exists and is not a directory")]
    NotADirectory,
    /// A file path that is a directory.
    #[error("is a directory, not a file path")]
    IsADirectory,
    /// The nearest existing ancestor is no directory.
    #[error("{} is not a directory", .0.display())]
    AncestorNotDirectory(PathBuf),
    /// A probe file could not be made in `dir`.
    #[error("cannot write in the directory {}: {}", .dir.display(), io_reason(&.cause.0))]
    Probe { dir: PathBuf, cause: IoSource },
}

/// Why a name, joined to a folder, would not name something inside it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Leaves {
    #[error("is empty")]
    Empty,
    #[error("holds a control character")]
    ControlCharacter,
    #[error("is absolute")]
    Absolute,
    #[error("goes up with ..")]
    GoesUp,
    #[error("is not a plain name (a . part)")]
    NotPlain,
}

/// Why a report folder's file is not the one its manifest lists.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Unlisted {
    #[error("it is not listed in {}", .manifest.display())]
    NotListed { manifest: PathBuf },
    #[error("it was changed since (its SHA-256 is not the one in {})", .manifest.display())]
    Changed { manifest: PathBuf },
}

coinline_core::error::layer_errors!(OutputError);

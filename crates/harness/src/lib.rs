//! The drivers of coinline, over [`coinline_core`]: the comparison harness
//! and the merge of its shards ([`compare`]), the studies ([`study`]), judge
//! problems and the stress runner with its process sandbox ([`judge`]), a
//! program judged move by move over a line protocol ([`play`]), the
//! page of `coinline explain` ([`explain`]), a person playing at the terminal
//! ([`human`]), solver timings ([`bench`](mod@bench)), the
//! one output function ([`output`]) and corpus saving ([`corpus`]), and,
//! with the `fuzzing` feature, the fuzz entry points (`fuzzing`).
//!
//! Only [`output`], [`corpus`] and the stress runner touch files; the
//! command line (the `coinline` binary) prints and exits.

#![warn(missing_docs)]
// Unsafe code only in the process sandbox, which allows it (judge/mod.rs).
#![deny(unsafe_code)]

pub mod bench;
pub mod compare;
pub mod corpus;
pub mod explain;
#[cfg(feature = "fuzzing")]
pub mod fuzzing;
pub mod human;
pub mod judge;
pub mod output;
pub mod play;
pub mod spec_file;
pub mod study;

//! The drivers of coinline that run no outside program, over
//! [`coinline_core`]: the comparison harness and the merge of its shards
//! ([`compare`]), the page of `coinline explain` ([`explain`]), a person
//! playing at the terminal ([`human`]), solver timings
//! ([`bench`](mod@bench)), and, with the `fuzzing` feature, the fuzz entry
//! points (`fuzzing`). Judging programs is `coinline-judge`'s, studies are
//! `coinline-study`'s, and every file goes through `coinline-output`.

#![warn(missing_docs)]
#![forbid(unsafe_code)]

pub mod bench;
pub mod compare;
mod error;
pub mod explain;
#[cfg(feature = "fuzzing")]
pub mod fuzzing;
pub mod human;

pub use error::{FileProblem, HarnessError, MergeError};

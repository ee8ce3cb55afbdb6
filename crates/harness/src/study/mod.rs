//! The studies: questions answered with a report folder (CSV tables, SVG
//! plots and the findings). Every study, the committed reports' included,
//! is a study file run by the exploration engine ([`engine`]).
//!
//! Architecture invariant: a study never writes files; the CLI writes what
//! it returns. Its output bytes depend on the study alone, never on the
//! number of threads.

pub mod engine;
pub mod table;

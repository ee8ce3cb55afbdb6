//! The studies: questions answered with a report folder (CSV tables, SVG
//! plots, findings), each a study file run by the engine ([`engine`]).
//!
//! Architecture invariant: a study never writes files; the CLI writes what
//! it returns, bytes that depend on the study alone, never on the threads.

#![warn(missing_docs)]
#![forbid(unsafe_code)]
pub mod engine;
mod error;
pub mod table;

pub use error::{
    AggregateMismatch, FitProblem, FormulaProblem, PartOf, PlotProblem, StudyError, TemplateProblem,
};

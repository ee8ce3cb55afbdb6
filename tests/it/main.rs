//! The integration tests, as one test binary (each file a module), so the
//! library and its dependencies are linked once instead of once per file.
//! Run one module with `cargo test --test it compare::`.

// Tests spawn the binary, print what they skip and make scratch files.
#![allow(clippy::disallowed_methods, clippy::disallowed_macros)]

mod architecture;
mod cdp;
mod cli_errors;
mod compare;
mod corpus;
mod decay;
mod docs;
mod examples;
mod explain;
mod explain_play;
mod human;
mod limits;
mod linear;
mod matrix;
mod outcomes;
mod play;
mod problems;
mod properties;
mod rules;
mod seeds;
mod stress;
mod study;
mod study_engine;
mod study_sources;
mod support;
mod trust;
mod trust_budgets;
mod trust_outputs;
mod trust_plan;
mod trust_runs;
mod trust_sandbox;
mod verdicts;
mod words;

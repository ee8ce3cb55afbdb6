//! Judge problems of this family: their input and output formats, their
//! limits, their trusted answers and seeded inputs within those limits,
//! and the `stress` runner that judges outside programs on them.
//!
//! - [`problem`]: the catalogue ([`Problem`] is a [`Format`], the [`Game`]
//!   it plays and the [`Answer`] it wants per board), its [`Limits`] and
//!   the trusted answer ([`Problem::expected`], the table solver's);
//! - [`input`]: each judge's exact input layout, written and read;
//! - [`answers`]: a program's output, read;
//! - [`sandbox`], [`verdict`], [`stress`]: running a program, judging one
//!   run, and a whole stress session.
//!
//! [`Game`]: crate::game::Game

pub mod answers;
pub mod input;
pub mod problem;
pub mod sandbox;
pub mod stress;
pub mod verdict;

pub use answers::{parse_answers, parse_answers_bytes, write_answers, OutputProblem};
pub use input::{parse_cases, parse_input, parse_input_bytes, text_of, InputCase};
pub use problem::{Answer, Format, Limits, Problem, MAX_N};

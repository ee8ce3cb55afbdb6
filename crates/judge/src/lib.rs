//! Judge problems of this family: their input and output formats, their
//! limits, their trusted answers and seeded inputs within those limits,
//! and the `stress` runner that judges outside programs on them.
//!
//! - [`problem`]: a problem as data ([`Problem`]: the [`Game`] it plays,
//!   its input [`Layout`], the [`Answer`] it wants per case, its [`InputLimits`])
//!   and the trusted answer ([`Problem::expected`]);
//! - [`catalogue`]: the built-in problems under `problems/`, embedded in
//!   the binary, by name;
//! - [`spec`]: problem files (TOML), the built-in ones and the user's;
//! - [`limits`]: a problem's constraints and the boards generated within;
//! - [`input`]: inputs in a problem's layout, written and read by tokens;
//! - [`instance`]: a case with the values of the rules' parameters, and
//!   where the input holds them;
//! - [`answers`]: a program's output, read by tokens;
//! - [`interaction`]: an interactive problem's `[interaction]` table;
//! - [`template`]: a case's output line in the judge's words;
//! - [`verdict`], [`stress`]: judging one run of a program (run by
//!   [`coinline_sandbox`]), and a whole stress session;
//! - [`play`]: a program judged move by move (`coinline play`), over the
//!   protocol words of [`words`];
//! - [`interactive`]: stress and judge on an interactive problem, its
//!   games played against the jury.
//!
//! [`Game`]: coinline_core::play::Game

#![warn(missing_docs)]
#![forbid(unsafe_code)]

pub mod answers;
pub mod catalogue;
pub mod error;
pub mod input;
pub mod instance;
pub mod interaction;
pub mod interactive;
pub mod limits;
pub mod play;
pub mod problem;
pub mod spec;
pub mod stream;
pub mod stress;
pub mod template;
pub mod verdict;
pub mod words;

pub use answers::{
    parse_answers, parse_answers_bytes, parse_answers_in, write_answers, write_answers_in,
    OutputProblem,
};
pub use input::{text_of, InputCase};
pub use instance::{Instance, ParamLimit, Upper};
pub use limits::{InputLimits, Parity, MAX_N};
pub use problem::{Answer, CaseLayout, Cases, Layout, Origin, Problem, Reply, Tie, Winner};
pub use stream::{parse_cases, parse_input, parse_input_bytes, CaseReader};
pub use template::Template;

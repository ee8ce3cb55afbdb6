//! coinline: a verification and fuzzing harness for "take from the ends of a
//! row" games.
//!
//! Three games share one set of rules ([`game`]): **coins** (take the leftmost
//! or rightmost value), **numbergame** (algospot NUMBERGAME: also delete two
//! values from an end without scoring) and **gameofsum** (UVa 10891: take any
//! number of values from one end). Every exact solver in [`solve`] computes
//! the same number, the game's value: first player's total minus second
//! player's total under optimal play. [`check`] compares them, replays their
//! lines, checks invariants and tests heuristics ([`strategy`]) against
//! optimal play, on boards from [`generate`] or anywhere else; [`shrink`]
//! makes failing boards small.
//!
//! ```
//! use coinline::{check::{check_builtin, CheckConfig}, Board, Game};
//!
//! let board: Board = "8 15 3 7".parse()?;
//! let report = check_builtin(Game::COINS, &board, &CheckConfig::default());
//! assert!(report.is_ok());
//! assert_eq!(report.optimal_totals().unwrap().first, 22);
//! # Ok::<(), coinline::Error>(())
//! ```

#![warn(missing_docs)]

pub mod bench;
pub mod board;
pub mod case;
pub mod check;
pub mod compare;
pub mod error;
pub mod explain;
pub mod fuzzing;
pub mod game;
pub mod generate;
pub mod judge;
pub mod mutants;
pub mod output;
pub mod progress;
pub mod rules;
pub mod shell;
pub mod shrink;
pub mod solve;
pub mod strategy;
pub mod study;
pub mod summary;

pub use board::Board;
pub use case::Case;
pub use error::{Error, ErrorKind, Result};
pub use game::{Game, Line, Move, Side, Totals};
pub use solve::{Solution, Solver};

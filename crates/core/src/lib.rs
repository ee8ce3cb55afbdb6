//! The pure layer of coinline, a verification and fuzzing harness for "take
//! from the ends of a row" games.
//!
//! A game is a rule set as data ([`rules`]: which ends, how many values a
//! move takes or deletes, what it scores, a row or a circle); six aliases
//! name common members (coins, numbergame, gameofsum, stonegame7,
//! stonegame3, pizza). [`play`] plays moves on a row and replays lines.
//! Every exact solver in [`solve`] computes the same number, the game's
//! value: the first player's total minus the second player's under optimal
//! play. [`check`] compares them, replays their lines, checks invariants and
//! tests heuristics ([`strategy`]) against optimal play, on boards from
//! [`generate`] or anywhere else; [`shrink`] makes failing cases small.
//!
//! This crate is the facade of the pure layer: it re-exports the game as data
//! (`coinline-game`: [`board`], [`rules`], [`play`], [`case`], [`generate`],
//! [`error`]) and the exact solvers (`coinline-solve`, as [`solve`]), and
//! holds what stands on them: the check, the heuristics, shrinking and
//! tallies. Nothing here touches a file, a process or a terminal: the drivers
//! that do are in `coinline-harness`, the command line in the `coinline`
//! binary.
//!
//! ```
//! use coinline_core::{check::{check_builtin, CheckConfig}, Board, Game};
//!
//! let board: Board = "8 15 3 7".parse()?;
//! let report = check_builtin(Game::COINS, &board, &CheckConfig::default());
//! assert!(report.is_ok());
//! assert_eq!(report.optimal_totals().unwrap().first, 22);
//! # Ok::<(), coinline_core::Error>(())
//! ```

#![warn(missing_docs)]
#![forbid(unsafe_code)]

pub use coinline_game::{board, case, error, generate, play, rules};
pub use coinline_solve as solve;

pub mod check;
pub mod cost;
#[cfg(any(test, feature = "planted"))]
pub mod mutants;
pub mod progress;
pub mod search;
pub mod shell;
pub mod shrink;
pub mod strategy;
pub mod summary;

pub use board::Board;
pub use case::Case;
pub use error::{Error, ErrorKind, Result};
pub use play::{Game, Line, Move, Side, Totals};
pub use solve::{Solution, Solver};

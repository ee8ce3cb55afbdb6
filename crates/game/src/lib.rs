//! The game as data, the lowest layer of coinline: boards ([`board`]), rule
//! sets and their text form ([`rules`]), moves and play on a row ([`game`]),
//! cases and their encodings ([`case`]), seeded generation ([`generate`]) and
//! the one error type ([`error`]).
//!
//! Nothing here knows a solver, the check or a driver: the crate graph says
//! so (`coinline-solve` and `coinline-core` sit above this crate).

#![warn(missing_docs)]
#![forbid(unsafe_code)]

pub mod board;
pub mod case;
pub mod error;
pub mod game;
pub mod generate;
pub mod rules;

pub use board::Board;
pub use case::Case;
pub use error::{Error, ErrorKind, Result};
pub use game::{Game, Line, Move, Side, Totals};

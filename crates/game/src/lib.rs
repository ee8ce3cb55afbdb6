//! The game as data, the lowest layer of coinline: boards ([`board`]), rule
//! sets, their text form and moves ([`rules`]), play on a row ([`play`]),
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
pub mod generate;
pub mod play;
pub mod rules;

pub use board::Board;
pub use case::Case;
pub use error::{Error, ErrorKind, Result};
pub use play::{Line, Totals};
pub use rules::{Game, Move, Side};

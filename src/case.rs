//! A case: a game and a board, with two stable encodings.
//!
//! - Text, one line: `coins: 8 15 3 7` (`coins: -` is the empty board).
//!   This is what failure messages print and what people paste.
//! - Bytes, the fuzz input layout, read by a hand-written
//!   [`arbitrary::Arbitrary`] impl that uses only raw bytes, so the layout
//!   is the project's own and does not change with the `arbitrary` crate's
//!   version. [`Case::to_bytes`] writes the exact inverse, which is how
//!   failures found by `compare` become corpus files.
//!
//! Byte layout: one byte selects the game (byte % [`Game::COUNT`], in [`Game::ALL`]
//! order); then each value is a tag byte followed by its payload:
//! tags 0..=191 are the value `tag - 96` itself (-96..=95), 192..=223 an
//! `i16`, 224..=247 an `i32`, 248..=255 an `i64`, payloads little-endian.
//! Decoding stops at the end of the input, at a truncated payload or at the
//! length cap the caller chooses.

use crate::board::Board;
use crate::error::{Error, Result};
use crate::game::Game;
use arbitrary::Unstructured;
use std::fmt;
use std::str::FromStr;

/// A game and a board.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Case {
    /// The game.
    pub game: Game,
    /// The board.
    pub board: Board,
}

/// Values decoded from bytes but not yet validated: the fuzz targets also
/// want to see boards the overflow rule refuses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawCase {
    /// The game.
    pub game: Game,
    /// The values, possibly breaking the overflow rule.
    pub values: Vec<i64>,
}

impl RawCase {
    /// Decodes at most `max_len` values from `u` (see the module docs).
    pub fn decode(u: &mut Unstructured<'_>, max_len: usize) -> RawCase {
        let game = Game::ALL[usize::from(u.bytes(1).map_or(0, |b| b[0])) % Game::COUNT];
        let mut values = Vec::new();
        while values.len() < max_len {
            let Ok(&[tag]) = u.bytes(1) else { break };
            let payload = match tag {
                0..=191 => Some(i64::from(tag) - 96),
                192..=223 => read::<2>(u).map(|b| i64::from(i16::from_le_bytes(b))),
                224..=247 => read::<4>(u).map(|b| i64::from(i32::from_le_bytes(b))),
                _ => read::<8>(u).map(i64::from_le_bytes),
            };
            match payload {
                Some(v) => values.push(v),
                None => break,
            }
        }
        RawCase { game, values }
    }

    /// Decodes a whole byte string (as `arbitrary_take_rest` would).
    pub fn from_bytes(bytes: &[u8], max_len: usize) -> RawCase {
        RawCase::decode(&mut Unstructured::new(bytes), max_len)
    }

    /// Validates the values into a [`Case`].
    pub fn validate(self) -> Result<Case> {
        Ok(Case {
            game: self.game,
            board: Board::new(self.values)?,
        })
    }
}

fn read<const N: usize>(u: &mut Unstructured<'_>) -> Option<[u8; N]> {
    u.bytes(N).ok().and_then(|b| b.try_into().ok())
}

impl Case {
    /// A case.
    pub fn new(game: Game, board: Board) -> Self {
        Case { game, board }
    }

    /// The byte encoding that [`RawCase::decode`] reads back to this case.
    pub fn to_bytes(&self) -> Vec<u8> {
        let game = Game::ALL.iter().position(|&g| g == self.game).unwrap_or(0);
        let mut out = vec![game as u8];
        for &v in self.board.values() {
            if (-96..=95).contains(&v) {
                out.push((v + 96) as u8);
            } else if let Ok(v) = i16::try_from(v) {
                out.push(192);
                out.extend_from_slice(&v.to_le_bytes());
            } else if let Ok(v) = i32::try_from(v) {
                out.push(224);
                out.extend_from_slice(&v.to_le_bytes());
            } else {
                out.push(248);
                out.extend_from_slice(&v.to_le_bytes());
            }
        }
        out
    }

    /// A short stable name for files holding this case (FNV-1a of its bytes).
    pub fn file_stem(&self) -> String {
        let hash = self
            .to_bytes()
            .iter()
            .fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| {
                (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
            });
        format!("{}-n{}-{hash:016x}", self.game, self.board.len())
    }
}

impl<'a> arbitrary::Arbitrary<'a> for Case {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        RawCase::decode(u, 64)
            .validate()
            .map_err(|_| arbitrary::Error::IncorrectFormat)
    }
}

impl fmt::Display for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.board.is_empty() {
            write!(f, "{}: -", self.game)
        } else {
            write!(f, "{}: {}", self.game, self.board)
        }
    }
}

/// Prints the pasteable text form, so fuzzers' crash reports can be pasted
/// into `coinline solve --game GAME ...`.
impl fmt::Debug for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl FromStr for Case {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        let (game, values) = s.split_once(':').ok_or_else(|| {
            Error::invalid(format!("{s:?} is not a case (expected GAME: VALUES)"))
        })?;
        let values = values.trim();
        let board = if values == "-" {
            Board::default()
        } else {
            Board::parse(values)?
        };
        Ok(Case {
            game: game.parse()?,
            board,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_round_trip() {
        for text in [
            "coins: 8 15 3 7",
            "numbergame: -1000 -1000 -3 -1000 -1000",
            "gameofsum: -",
            "coins: 95 -96 96 -97 32767 -32768 32768 2147483647 -2147483648 4611686018427387903",
        ] {
            let case: Case = text.parse().unwrap();
            assert_eq!(case.to_string(), text);
            let back = RawCase::from_bytes(&case.to_bytes(), usize::MAX)
                .validate()
                .unwrap();
            assert_eq!(back, case, "{text}");
        }
    }

    #[test]
    fn decoding_stops_at_truncation_and_cap() {
        let raw = RawCase::from_bytes(&[1, 96, 97, 192, 5], 10);
        assert_eq!(raw.game, Game::NumberGame);
        assert_eq!(raw.values, vec![0, 1]);
        assert_eq!(RawCase::from_bytes(&[2, 96, 96, 96], 2).values.len(), 2);
        assert_eq!(RawCase::from_bytes(&[], 2).values, Vec::<i64>::new());
    }
}

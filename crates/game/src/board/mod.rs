//! Boards: a row of 64-bit values, validated once.
//!
//! Architecture invariant: every `Board` satisfies the overflow rule (the sum
//! of the absolute values fits in `i64`). Every total, interval sum and score
//! difference of any line of play is bounded by that sum, so solvers can use
//! plain `i64` arithmetic without wrapping.
//!
//! The text of a board is read by the streaming scanner of `scan.rs`
//! ([`read_values`]: the rules every board input follows); this file holds
//! the board, its forms and the overflow rule.

mod scan;
mod tokens;

pub use scan::read_values;
pub use tokens::{Gap, NotValue, Token, Tokens, MAX_TOKEN_BYTES, QUOTE_CHARS};

use crate::error::{Error, ErrorKind, Result};
use scan::scan;
use std::fmt;
use std::io::BufRead;
use std::str::FromStr;

/// The longest board coinline reads: 10^8 values (800 MB of `i64`). A longer
/// input is refused as soon as its value number 10^8 + 1 starts, before the
/// rest is read.
pub const MAX_BOARD_LEN: usize = 100_000_000;

/// A validated row of values. Construct with [`Board::new`] or parse with
/// [`Board::parse`]; `Display` prints a form that parses back to the same board.
#[derive(Clone, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Board {
    values: Vec<i64>,
    /// The sum of the values, computed once on construction (it fits by
    /// the overflow rule).
    sum: i64,
}

impl Board {
    /// Validates `values` against the overflow rule.
    pub fn new(values: Vec<i64>) -> Result<Self> {
        if abs_sum(&values).is_none() {
            return Err(Error::new(ErrorKind::Overflow));
        }
        // The absolute sum fits, so the plain sum does and cannot wrap.
        let sum = values.iter().fold(0i64, |acc, &v| acc.wrapping_add(v));
        Ok(Board { values, sum })
    }

    /// Parses values separated by any mix of whitespace and commas (see
    /// [`read_values`] for the rules). An empty input is the empty board.
    pub fn parse(text: &str) -> Result<Self> {
        Board::read(text.as_bytes())
    }

    /// Reads a board from a stream with [`read_values`] (at most
    /// [`MAX_BOARD_LEN`] values), then checks the overflow rule.
    pub fn read(reader: impl BufRead) -> Result<Self> {
        // The scanner sums as it reads, so a long board is not walked again.
        let scanned = scan(reader, MAX_BOARD_LEN)?;
        if scanned.abs_total > i64::MAX as u128 {
            return Err(Error::new(ErrorKind::Overflow));
        }
        Ok(Board {
            values: scanned.values,
            sum: scanned.sum,
        })
    }

    /// Builds a board from tokens already split (for example command-line
    /// arguments); each token may itself hold several comma-separated values.
    /// The same rules as [`Board::parse`] of the tokens joined by spaces.
    pub fn from_tokens<S: AsRef<str>>(tokens: &[S]) -> Result<Self> {
        let joined: Vec<&str> = tokens.iter().map(|t| t.as_ref()).collect();
        Board::parse(&joined.join(" "))
    }

    /// The values, left to right.
    pub fn values(&self) -> &[i64] {
        &self.values
    }

    /// The number of values.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether no value is left.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The sum of all values (fits by the overflow rule).
    pub fn sum(&self) -> i64 {
        self.sum
    }

    /// The sums of the values at odd and at even positions, counted from 1
    /// (the first sum holds the first value). Both fit by the overflow rule.
    pub fn position_sums(&self) -> (i64, i64) {
        self.values
            .iter()
            .enumerate()
            .fold((0, 0), |(odd, even), (i, &v)| {
                if i % 2 == 0 {
                    (odd + v, even)
                } else {
                    (odd, even + v)
                }
            })
    }

    /// The sum of the absolute values (fits by the overflow rule).
    pub fn abs_sum(&self) -> i64 {
        abs_sum(&self.values).expect("checked on construction")
    }

    /// The same values in reverse order.
    pub fn reversed(&self) -> Board {
        let mut values = self.values.clone();
        values.reverse();
        Board {
            values,
            sum: self.sum,
        }
    }

    /// Every value negated: the same absolute sum, so the overflow rule
    /// holds (and no value is `i64::MIN`, whose negation would wrap).
    pub fn negated(&self) -> Board {
        Board {
            values: self.values.iter().map(|v| -v).collect(),
            sum: -self.sum,
        }
    }

    /// Consumes the board, returning its values.
    pub fn into_values(self) -> Vec<i64> {
        self.values
    }
}

/// The sum of absolute values, or `None` when it does not fit in `i64`.
pub fn abs_sum(values: &[i64]) -> Option<i64> {
    // Each |v| is below 2^64: its high and low 32-bit halves are summed
    // apart in u64 (no wrap for up to 2^32 values per chunk), a loop without
    // a branch per value that the compiler vectorizes (a board of 10^7
    // values is checked in a few milliseconds), then joined in u128.
    let mut total: u128 = 0;
    for chunk in values.chunks(1 << 31) {
        let (high, low) = chunk.iter().fold((0u64, 0u64), |(h, l), &v| {
            let a = v.unsigned_abs();
            (h + (a >> 32), l + (a & 0xffff_ffff))
        });
        total += (u128::from(high) << 32) + u128::from(low);
    }
    i64::try_from(total).ok()
}

impl TryFrom<Vec<i64>> for Board {
    type Error = Error;
    fn try_from(values: Vec<i64>) -> Result<Self> {
        Board::new(values)
    }
}

impl FromStr for Board {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        Board::parse(s)
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, v) in self.values.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{v}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board[{self}]")
    }
}

/// Boards are serialised as in every CSV file of coinline, `3 -1 4` (the
/// study's shard files hold them).
impl serde::Serialize for Board {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Board {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Board, D::Error> {
        let text = <String as serde::Deserialize>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_mixed_separators_and_prints_back() {
        let b = Board::parse(" 8,15\n3 \t7, -2 +4").unwrap();
        assert_eq!(b.values(), &[8, 15, 3, 7, -2, 4]);
        assert_eq!(Board::parse(&b.to_string()).unwrap(), b);
        assert!(Board::parse("").unwrap().is_empty());
    }

    #[test]
    fn a_board_knows_its_sums_length_and_forms() {
        let b = Board::parse("8 -15 3 7 -2").unwrap();
        assert_eq!(b.values(), &[8, -15, 3, 7, -2]);
        assert_eq!(b.len(), 5);
        assert!(!b.is_empty());
        assert_eq!(b.sum(), 1);
        // Positions counted from 1: 8 + 3 - 2 at odd ones, -15 + 7 at even.
        assert_eq!(b.position_sums(), (9, -8));
        assert_eq!(b.abs_sum(), 35);
        let r = b.reversed();
        assert_eq!(r.values(), &[-2, 7, 3, -15, 8]);
        assert_eq!(r.sum(), 1);
        assert_eq!(b.to_string(), "8 -15 3 7 -2");
        assert_eq!(format!("{b:?}"), "Board[8 -15 3 7 -2]");
        assert_eq!(Board::from_tokens(&["8,-15", "3", "7 -2"]).unwrap(), b);
        assert_eq!("8 -15 3 7 -2".parse::<Board>().unwrap(), b);
        assert_eq!(Board::try_from(vec![8, -15, 3, 7, -2]).unwrap(), b);
        assert_eq!(b.clone().into_values(), vec![8, -15, 3, 7, -2]);
        let empty = Board::default();
        assert_eq!((empty.len(), empty.is_empty(), empty.sum()), (0, true, 0));
        assert_eq!(empty.position_sums(), (0, 0));
        assert_eq!(empty.to_string(), "");
    }

    #[test]
    fn the_absolute_sum_is_exact_across_the_32_bit_halves() {
        let big = (1i64 << 32) + 1;
        assert_eq!(abs_sum(&[]), Some(0));
        assert_eq!(
            abs_sum(&[0xffff_ffff, -big, 3]),
            Some(0xffff_ffff + big + 3)
        );
        assert_eq!(abs_sum(&[i64::MAX]), Some(i64::MAX));
        assert_eq!(abs_sum(&[-i64::MAX]), Some(i64::MAX));
        assert_eq!(abs_sum(&[i64::MIN]), None);
        assert_eq!(abs_sum(&[i64::MAX, -1]), None);
        assert_eq!(abs_sum(&[i64::MAX - 5, 2, -3]), Some(i64::MAX));
        assert_eq!(
            Board::new(vec![i64::MAX - 5, 2, -3]).unwrap().sum(),
            i64::MAX - 6
        );
    }

    #[test]
    fn overflow_rule_is_enforced() {
        assert!(Board::new(vec![i64::MAX]).is_ok());
        assert!(Board::new(vec![-i64::MAX]).is_ok());
        assert_eq!(
            Board::new(vec![i64::MIN]).unwrap_err().kind(),
            &ErrorKind::Overflow
        );
        assert!(Board::new(vec![i64::MAX, 1]).is_err());
        assert!(Board::new(vec![i64::MAX / 2, -(i64::MAX / 2), 1]).is_ok());
    }

    #[test]
    fn reading_applies_the_overflow_rule_as_new_does() {
        // The reader sums as it goes (values of up to 18 digits on its
        // fast path, longer ones byte by byte); its verdicts and sums are
        // those of Board::new on the same values.
        let short = "900000000000000000 ";
        let texts = [
            "9223372036854775807".to_string(),
            "9223372036854775806 -1".to_string(),
            "9223372036854775807 1".to_string(),
            "-9223372036854775807 -1".to_string(),
            short.repeat(10),
            short.repeat(11),
            format!("{} -223372036854775807", short.repeat(10)),
            format!("{} -223372036854775808", short.repeat(10)),
        ];
        for text in &texts {
            let values: Vec<i64> = text
                .split_whitespace()
                .map(|t| t.parse().unwrap())
                .collect();
            let expected = Board::new(values)
                .map(|b| b.sum())
                .map_err(|e| e.kind().clone());
            let read = Board::parse(text)
                .map(|b| b.sum())
                .map_err(|e| e.kind().clone());
            assert_eq!(read, expected, "{text}");
        }
        // Exactly i64::MAX in absolute value is accepted, one more is not.
        assert_eq!(
            Board::parse("9223372036854775806 -1").unwrap().sum(),
            i64::MAX - 2
        );
        assert_eq!(
            Board::parse(&short.repeat(11)).unwrap_err().kind(),
            &ErrorKind::Overflow
        );
    }
}

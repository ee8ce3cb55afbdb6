//! Boards: a row of 64-bit values, validated once.
//!
//! Architecture invariant: every `Board` satisfies the overflow rule (the sum
//! of the absolute values fits in `i64`). Every total, interval sum and score
//! difference of any line of play is bounded by that sum, so solvers can use
//! plain `i64` arithmetic without wrapping.

use crate::error::{Error, ErrorKind, Result};
use std::fmt;
use std::str::FromStr;

/// A validated row of values. Construct with [`Board::new`] or parse with
/// [`Board::parse`]; `Display` prints a form that parses back to the same board.
#[derive(Clone, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Board {
    values: Vec<i64>,
}

impl Board {
    /// Validates `values` against the overflow rule.
    pub fn new(values: Vec<i64>) -> Result<Self> {
        if abs_sum(&values).is_none() {
            return Err(Error::new(ErrorKind::Overflow));
        }
        Ok(Board { values })
    }

    /// Parses values separated by any mix of whitespace and commas.
    /// An empty input is the empty board.
    pub fn parse(text: &str) -> Result<Self> {
        let values = text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
            .enumerate()
            .map(|(i, token)| parse_value(token, i + 1))
            .collect::<Result<Vec<_>>>()?;
        Board::new(values)
    }

    /// Builds a board from tokens already split (for example command-line
    /// arguments); each token may itself hold several comma-separated values.
    pub fn from_tokens<S: AsRef<str>>(tokens: &[S]) -> Result<Self> {
        let mut values = Vec::new();
        for token in tokens {
            for part in token.as_ref().split(',').filter(|t| !t.trim().is_empty()) {
                values.push(parse_value(part.trim(), values.len() + 1)?);
            }
        }
        Board::new(values)
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
        self.values.iter().sum()
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
        Board { values }
    }

    /// Consumes the board, returning its values.
    pub fn into_values(self) -> Vec<i64> {
        self.values
    }
}

/// The sum of absolute values, or `None` when it does not fit in `i64`.
pub fn abs_sum(values: &[i64]) -> Option<i64> {
    values
        .iter()
        .try_fold(0i64, |acc, &v| acc.checked_add(v.checked_abs()?))
}

fn parse_value(token: &str, position: usize) -> Result<i64> {
    let digits = token.strip_prefix('+').unwrap_or(token);
    digits.parse::<i64>().map_err(|_| {
        Error::new(ErrorKind::BadToken {
            token: token.to_string(),
            position,
            expected: if looks_integral(digits) {
                "an integer within the 64-bit range"
            } else {
                "an integer"
            },
        })
    })
}

fn looks_integral(token: &str) -> bool {
    let digits = token.strip_prefix('-').unwrap_or(token);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
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
    fn bad_tokens_are_named_with_their_position() {
        let err = Board::parse("1 2 x3").unwrap_err();
        assert_eq!(err.to_string(), "token 3 \"x3\" is not an integer");
        let err = Board::parse("1 99999999999999999999").unwrap_err();
        assert!(err.to_string().contains("64-bit range"), "{err}");
        assert!(Board::parse("1.5").is_err());
        assert!(Board::parse("--1").is_err());
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
}

//! Problems whose rules name parameters (`ends=left take=1..k`): one case
//! with the values of its parameters ([`Instance`]), where the input holds
//! each value and the range the statement allows it ([`ParamLimit`]), and
//! the seeded draw of the values within that range.
//!
//! A parameter is read per input (`input.params`: on the first line, before
//! anything else) or per case (`case = "n k values"`: after the case's
//! length). A value drawn per case depends on (seed, case index) alone, as
//! the board does; a value per input on (seed, the index of the input's
//! first case), so a run's reproduce line re-creates it.

use super::error::JudgeError;
use coinline_core::board::Board;
use coinline_core::error::Result;
use coinline_core::generate::{Span, SplitMix64};
use coinline_core::rules::{Params, MAX_COUNT};
use std::fmt;
use std::ops::Deref;

/// One case of a problem: its board and the values of the parameters its
/// rules name (none for most problems).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Instance {
    /// The parameters' values, the input's and the case's.
    pub params: Params,
    /// The board.
    pub board: Board,
}

impl Instance {
    /// A case with these parameters.
    pub fn new(params: Params, board: Board) -> Instance {
        Instance { params, board }
    }

    /// The same parameters on another board.
    pub fn with_board(&self, board: Board) -> Instance {
        Instance {
            params: self.params.clone(),
            board,
        }
    }
}

impl From<Board> for Instance {
    fn from(board: Board) -> Instance {
        Instance {
            params: Params::default(),
            board,
        }
    }
}

/// A case without parameters is its board.
impl PartialEq<Board> for Instance {
    fn eq(&self, board: &Board) -> bool {
        self.params.is_empty() && self.board == *board
    }
}

impl Deref for Instance {
    type Target = Board;
    fn deref(&self) -> &Board {
        &self.board
    }
}

impl fmt::Display for Instance {
    /// The board, after the parameters if there are any (`k=2: 5 3 1`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.params.is_empty() {
            true => write!(f, "{}", self.board),
            false => write!(f, "{}: {}", self.params, self.board),
        }
    }
}

/// The largest value of a parameter: a count, or the case's length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Upper {
    /// A fixed count.
    Count(usize),
    /// The case's n (`k = "1..n"`).
    N,
}

/// Where a parameter is read, and the range its limits allow.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParamLimit {
    /// The parameter's name in the rules.
    pub name: String,
    /// Read after each case's length (else once, first in the input).
    pub per_case: bool,
    /// The smallest value.
    pub lo: usize,
    /// The largest value.
    pub hi: Upper,
}

impl ParamLimit {
    /// The limit `text` (`"1..n"`, `"1..100"`, `"5"`) of the parameter
    /// `name`; a value per input cannot depend on a case's n.
    pub fn parse(name: &str, per_case: bool, text: &str) -> Result<ParamLimit> {
        let (lo, hi) = text
            .trim()
            .split_once("..")
            .unwrap_or((text.trim(), text.trim()));
        let count = |t: &str| -> Result<usize> {
            match t.trim().parse::<usize>() {
                Ok(k) if (1..=MAX_COUNT).contains(&k) => Ok(k),
                _ => Err(JudgeError::NotACount {
                    text: t.trim().to_string(),
                })?,
            }
        };
        let lo = count(lo)?;
        let hi = match hi.trim() {
            "n" if per_case => Upper::N,
            "n" => Err(JudgeError::OnceBoundedByN)?,
            other => Upper::Count(count(other)?),
        };
        if let Upper::Count(h) = hi {
            if h < lo {
                Err(JudgeError::EmptyRange { lo, hi: h })?
            }
        }
        Ok(ParamLimit {
            name: name.to_string(),
            per_case,
            lo,
            hi,
        })
    }

    /// The largest value on a board of `n` values (at least `lo`).
    pub fn hi_at(&self, n: usize) -> usize {
        match self.hi {
            Upper::Count(h) => h,
            Upper::N => n.max(self.lo),
        }
    }

    /// Whether `value` is within the limit on a board of `n` values.
    pub fn admits(&self, value: usize, n: usize) -> bool {
        (self.lo..=self.hi_at(n)).contains(&value)
    }

    /// A seeded value for a board of `n` values: the ends of the range
    /// often, as the lengths are drawn.
    pub fn draw(&self, rng: &mut SplitMix64, n: usize) -> usize {
        let (lo, hi) = (self.lo, self.hi_at(n));
        match rng.below(8) {
            0 => lo,
            1 => hi,
            _ => lo + rng.below((hi - lo) as u64 + 1) as usize,
        }
    }

    /// The range as the problem file writes it.
    pub fn range_text(&self) -> String {
        match self.hi {
            Upper::Count(h) if h == self.lo => h.to_string(),
            Upper::Count(h) => format!("{}..{h}", self.lo),
            Upper::N => format!("{}..n", self.lo),
        }
    }

    /// The widest binding: the largest value on boards of lengths `n`.
    pub fn widest(&self, n: Span<usize>) -> usize {
        self.hi_at(n.hi)
    }
}

/// The parameters of `boards`, drawn within `limits` from `seed` and the
/// index of each case (`first` is the first case's): the per-input values
/// once, from the first case.
pub fn draw_params(
    limits: &[ParamLimit],
    seed: u64,
    first: u64,
    boards: Vec<Board>,
) -> Vec<Instance> {
    if limits.is_empty() {
        return boards.into_iter().map(Instance::from).collect();
    }
    // A key of its own, so the boards' draws are unchanged.
    const KEY: u64 = 0x7061_7261_6d73;
    let mut input = Params::default();
    let mut rng = SplitMix64::keyed(&[seed, first, KEY]);
    for limit in limits.iter().filter(|l| !l.per_case) {
        input.set(&limit.name, limit.draw(&mut rng, 0));
    }
    boards
        .into_iter()
        .zip(first..)
        .map(|(board, index)| {
            let mut params = input.clone();
            let mut rng = SplitMix64::keyed(&[seed, index, KEY, 1]);
            for limit in limits.iter().filter(|l| l.per_case) {
                params.set(&limit.name, limit.draw(&mut rng, board.len()));
            }
            // Parameters in the order of the limits, whichever is drawn first.
            let mut ordered = Params::default();
            for limit in limits {
                ordered.set(&limit.name, params.get(&limit.name).unwrap_or(limit.lo));
            }
            Instance::new(ordered, board)
        })
        .collect()
}

/// The first parameter of `case` outside `limits`, as a message.
pub fn params_breach(limits: &[ParamLimit], case: &Instance) -> Option<String> {
    limits.iter().find_map(|limit| {
        let value = case.params.get(&limit.name)?;
        (!limit.admits(value, case.len())).then(|| {
            format!(
                "parameter {} is {value}, outside {} (n = {})",
                limit.name,
                limit.range_text(),
                case.len()
            )
        })
    })
}

/// `case` with each parameter moved into its limits for its board (a
/// shrunk board may be shorter than a `1..n` value).
pub fn clamp_params(limits: &[ParamLimit], case: &Instance) -> Instance {
    let mut out = case.clone();
    for limit in limits {
        if let Some(v) = case.params.get(&limit.name) {
            out.params
                .set(&limit.name, v.clamp(limit.lo, limit.hi_at(case.len())));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_read_draw_and_clamp() {
        let k = ParamLimit::parse("k", true, "1..n").unwrap();
        assert_eq!(k.hi, Upper::N);
        assert_eq!(k.range_text(), "1..n");
        assert!(ParamLimit::parse("k", false, "1..n").is_err());
        assert!(ParamLimit::parse("k", true, "0..3").is_err());
        assert!(ParamLimit::parse("k", true, "4..3").is_err());
        assert_eq!(
            ParamLimit::parse("k", false, "7").unwrap().range_text(),
            "7"
        );
        let boards: Vec<Board> = (1..=40).map(|n| Board::new(vec![1; n]).unwrap()).collect();
        let cases = draw_params(std::slice::from_ref(&k), 3, 0, boards.clone());
        assert!(cases
            .iter()
            .all(|c| params_breach(std::slice::from_ref(&k), c).is_none()));
        let values: Vec<usize> = cases.iter().map(|c| c.params.get("k").unwrap()).collect();
        assert!(
            values.contains(&1) && values.iter().any(|&v| v > 1),
            "{values:?}"
        );
        // The same seed draws the same values; per input, one value.
        assert_eq!(
            cases,
            draw_params(std::slice::from_ref(&k), 3, 0, boards.clone())
        );
        let once = ParamLimit::parse("k", false, "2..9").unwrap();
        let cases = draw_params(&[once], 3, 0, boards);
        assert!(cases.windows(2).all(|w| w[0].params == w[1].params));
        let long = Instance::new(cases[0].params.clone(), Board::new(vec![1]).unwrap());
        let mut big = long.clone();
        big.params.set("k", 9);
        assert!(params_breach(std::slice::from_ref(&k), &big).is_some());
        assert_eq!(clamp_params(&[k], &big).params.get("k"), Some(1));
    }
}

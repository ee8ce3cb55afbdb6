//! A problem's constraints on its inputs, and the seeded boards `stress`
//! generates within them.
//!
//! Architecture invariant: a generated board depends on (seed, board index)
//! alone, through [`coinline_core::generate`]; how boards are grouped into runs
//! never changes them, which is what lets `stress` narrow a failing run down
//! to one board and `--only` re-create it.

use super::error::JudgeError;
use coinline_core::board::Board;
use coinline_core::error::{Error, Result};
use coinline_core::generate::{Span, SplitMix64, Values};
use coinline_core::play::Game;
use std::collections::HashSet;
use std::fmt;
use std::str::FromStr;

/// The longest board a problem may allow: the trusted solvers take O(n^2)
/// time for most games, so far longer boards would only stall a run.
pub const MAX_N: usize = 100_000;

/// Even or odd.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Parity {
    /// Divisible by 2.
    Even,
    /// Not divisible by 2.
    Odd,
}

impl Parity {
    /// Whether `x` has this parity.
    pub fn holds(self, x: i128) -> bool {
        (x.rem_euclid(2) == 0) == (self == Parity::Even)
    }

    fn name(self) -> &'static str {
        match self {
            Parity::Even => "even",
            Parity::Odd => "odd",
        }
    }
}

impl fmt::Display for Parity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Parity {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        match s.trim() {
            "even" => Ok(Parity::Even),
            "odd" => Ok(Parity::Odd),
            other => Err(Error::unknown("parity", other, &["even", "odd"])),
        }
    }
}

/// Bounds of board lengths and values (inclusive), the number of cases in
/// one input, and the optional rules some statements add: a fixed parity of
/// n or of the sum, distinct values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct InputLimits {
    /// Lengths.
    pub n: Span<usize>,
    /// Values.
    pub values: Span<i64>,
    /// Cases in one input (1..1 for single-case layouts).
    pub cases: Span<usize>,
    /// The parity every n has, if the statement fixes one.
    pub n_parity: Option<Parity>,
    /// The parity every board's sum has, if the statement fixes one.
    pub sum_parity: Option<Parity>,
    /// Whether the values of a board are pairwise distinct.
    pub distinct: bool,
}

impl InputLimits {
    /// Plain bounds on lengths and values for one case per input, validated
    /// as [`InputLimits::validate`] does for `game`.
    pub fn new(n: Span<usize>, values: Span<i64>, game: Game) -> Result<InputLimits> {
        let limits = InputLimits {
            n,
            values,
            cases: Span { lo: 1, hi: 1 },
            n_parity: None,
            sum_parity: None,
            distinct: false,
        };
        limits.validate(game)?;
        Ok(limits)
    }

    /// Checks that boards within these limits exist and that every one of
    /// them is admitted by `game` (its totals fit 64 bits); the error names
    /// the bound at fault.
    pub fn validate(&self, game: Game) -> Result<()> {
        let InputLimits { n, values, .. } = *self;
        if n.lo == 0 {
            Err(JudgeError::LengthFromZero { n })?
        }
        if n.hi > MAX_N {
            Err(JudgeError::LengthAboveMax { n, max: MAX_N })?
        }
        if self.cases.lo == 0 {
            Err(JudgeError::CasesFromZero { cases: self.cases })?
        }
        let largest = i128::from(values.lo).abs().max(i128::from(values.hi).abs());
        // A score=rest game adds up to n sums of the rest: n^2 values.
        let terms = match game.score {
            coinline_core::rules::Score::Rest => n.hi as i128 * n.hi as i128,
            coinline_core::rules::Score::Taken => n.hi as i128,
        };
        if largest * terms > i128::from(i64::MAX) {
            let n = n.hi;
            Err(JudgeError::TotalsOverflow { n, values, game })?
        }
        if let Some(parity) = self.n_parity {
            if !(n.lo..=n.hi).any(|k| parity.holds(k as i128)) {
                let even = parity == Parity::Even;
                Err(JudgeError::NoLengthOfParity { n, even })?
            }
        }
        let range = i128::from(values.hi) - i128::from(values.lo) + 1;
        if self.distinct && range < n.hi as i128 {
            Err(JudgeError::DistinctDoNotFit { n: n.hi, values })?
        }
        if self.sum_parity.is_some() && range < 2 {
            Err(JudgeError::SumParityOneValue { values })?
        }
        if self.distinct && self.sum_parity.is_some() && range < n.hi as i128 + 1 {
            let n = n.hi;
            Err(JudgeError::DistinctParityRange { n, values, range })?
        }
        Ok(())
    }

    /// Why `board` breaks these limits, or `None` if it keeps them.
    pub fn violation(&self, board: &Board) -> Option<String> {
        let n = board.len();
        if n < self.n.lo || n > self.n.hi {
            return Some(format!("n = {n} is outside {}", self.n));
        }
        if let Some(parity) = self.n_parity {
            if !parity.holds(n as i128) {
                return Some(format!("n = {n} is not {parity}"));
            }
        }
        let (lo, hi) = (self.values.lo, self.values.hi);
        if let Some(i) = board.values().iter().position(|v| !(lo..=hi).contains(v)) {
            return Some(format!(
                "value {} (position {}) is outside {}",
                board.values()[i],
                i + 1,
                self.values
            ));
        }
        if let Some(parity) = self.sum_parity {
            let sum: i128 = board.values().iter().map(|&v| i128::from(v)).sum();
            if !parity.holds(sum) {
                return Some(format!("the sum {sum} is not {parity}"));
            }
        }
        if self.distinct {
            let mut seen = HashSet::new();
            if let Some(i) = board.values().iter().position(|v| !seen.insert(*v)) {
                return Some(format!(
                    "value {} (position {}) repeats an earlier value",
                    board.values()[i],
                    i + 1
                ));
            }
        }
        None
    }

    /// Whether `board` keeps these limits.
    pub fn admits(&self, board: &Board) -> bool {
        self.violation(board).is_none()
    }

    /// The generated board number `index` of the run with `seed`, drawn
    /// with [`coinline_core::generate`]'s random stream and value distributions.
    /// Lengths: the edges (shortest and longest) one time in ten each,
    /// otherwise mostly short boards with some of any length, the parity
    /// alternating with the index (or the one the limits fix). Values: a
    /// distribution of [`Values`] (uniform over the limits two times in
    /// eight; small values with ties, extreme, spiky, sorted, zigzag) or one
    /// extreme value repeated, each value then clamped into the limits (so
    /// extremes and spikes land on them); then, if the limits ask, repeated
    /// values are moved to the nearest free ones and one value is moved by
    /// one to fix the parity of the sum.
    pub fn board(&self, seed: u64, index: u64) -> Board {
        let mut rng = SplitMix64::keyed(&[seed, index]);
        let n = self.length(&mut rng, index);
        let (lo, hi) = (self.values.lo, self.values.hi);
        let values = match self.distribution(rng.below(8)) {
            // One value repeated: every move ties.
            None => vec![Values::Extreme.draw(&mut rng, 1)[0]; n],
            Some(distribution) => distribution.draw(&mut rng, n),
        };
        let mut values: Vec<i64> = values.into_iter().map(|v| v.clamp(lo, hi)).collect();
        if self.distinct {
            self.make_distinct(&mut values);
        }
        if let Some(parity) = self.sum_parity {
            let fixed = self.fix_sum_parity(&mut values, parity);
            debug_assert!(fixed, "validated: a value can always move by one");
        }
        Board::new(values).expect("InputLimits::validate bounds the sum of absolute values")
    }

    /// The distribution of the values of a board whose draw of 0..8 was
    /// `pick` ([`InputLimits::board`]'s mix); `None` is one extreme value repeated.
    fn distribution(&self, pick: u64) -> Option<Values> {
        Some(match pick {
            0 | 1 => Values::Uniform(self.values),
            2 => Values::Small,
            3 => Values::Extreme,
            4 => Values::Spiky,
            5 => Values::Sorted,
            6 => Values::Zigzag,
            _ => return None,
        })
    }

    /// Moves each repeated value to the nearest value not yet used (upward
    /// first); [`InputLimits::validate`] made sure there are enough.
    fn make_distinct(&self, values: &mut [i64]) {
        let (lo, hi) = (self.values.lo, self.values.hi);
        let mut used = HashSet::with_capacity(values.len());
        for v in values.iter_mut() {
            if used.insert(*v) {
                continue;
            }
            let free = (1..)
                .flat_map(|d: i64| [v.checked_add(d), v.checked_sub(d)])
                .flatten()
                .find(|c| (lo..=hi).contains(c) && !used.contains(c))
                .expect("validated: enough values for distinct boards");
            *v = free;
            used.insert(free);
        }
    }

    /// Moves one value by one, toward zero where it can (keeping the limits
    /// and distinctness), so the sum has `parity`; false if none can move.
    fn fix_sum_parity(&self, values: &mut [i64], parity: Parity) -> bool {
        let sum: i128 = values.iter().map(|&v| i128::from(v)).sum();
        if parity.holds(sum) {
            return true;
        }
        let (lo, hi) = (self.values.lo, self.values.hi);
        let taken: HashSet<i64> = values.iter().copied().collect();
        for i in (0..values.len()).rev() {
            let v = values[i];
            let toward_zero = if v > 0 { -1 } else { 1 };
            let moved = [v.checked_add(toward_zero), v.checked_sub(toward_zero)]
                .into_iter()
                .flatten()
                .find(|c| (lo..=hi).contains(c) && !(self.distinct && taken.contains(c)));
            if let Some(c) = moved {
                values[i] = c;
                return true;
            }
        }
        false
    }

    /// The board nearest `board` that keeps the parities these limits fix
    /// (dropping the last value for the length, moving one value by one for
    /// the sum), if it then keeps every limit. Shrinking goes through it, so
    /// a failure on a problem with fixed parities still shrinks: most
    /// smaller neighbours of a board break a parity.
    pub fn repair(&self, board: &Board) -> Option<Board> {
        let mut values = board.values().to_vec();
        if let Some(parity) = self.n_parity {
            if !parity.holds(values.len() as i128) {
                values.pop();
            }
        }
        if let Some(parity) = self.sum_parity {
            if !self.fix_sum_parity(&mut values, parity) {
                return None;
            }
        }
        let repaired = Board::new(values).ok()?;
        self.admits(&repaired).then_some(repaired)
    }

    fn length(&self, rng: &mut SplitMix64, index: u64) -> usize {
        let roll = rng.below(20);
        self.length_of(roll, |bound| rng.below(bound), index)
    }

    /// The length of board `index` for a `roll` of 0..20, drawing within a
    /// range with `below(k)` (0..k): the edges one time in ten each, else
    /// up to 9 or 99 past the shortest, or any length; then the parity.
    fn length_of(&self, roll: u64, mut below: impl FnMut(u64) -> u64, index: u64) -> usize {
        let Span { lo, hi } = self.n;
        let mut pick = |top: usize| lo + below((top - lo) as u64 + 1) as usize;
        let (n, edge) = match roll {
            0 => (lo, true),
            1 => (hi, true),
            2..=9 => (pick(hi.min(lo.saturating_add(9))), false),
            10..=15 => (pick(hi.min(lo.saturating_add(99))), false),
            _ => (pick(hi), false),
        };
        let wanted = match self.n_parity {
            Some(Parity::Even) => 0,
            Some(Parity::Odd) => 1,
            // The edges as drawn; otherwise the parity alternates.
            None if edge => return n,
            None => (index % 2) as usize,
        };
        match n {
            _ if n % 2 == wanted => n,
            _ if n < hi => n + 1,
            _ if n > lo => n - 1,
            _ => n,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn span<T>(lo: T, hi: T) -> Span<T> {
        Span { lo, hi }
    }

    #[test]
    fn limits_refuse_overflow_empty_boards_and_impossible_rules() {
        let coins = Game::COINS;
        assert!(InputLimits::new(span(0, 5), span(1, 2), coins).is_err());
        assert!(InputLimits::new(span(1, 10), span(-i64::MAX / 5, 1), coins).is_err());
        assert!(InputLimits::new(span(1, MAX_N + 1), span(0, 0), coins).is_err());
        // score=rest sums n rests: 10^5 * 10^5 * 10^9 does not fit.
        let rest = Game::STONEGAME7;
        assert!(InputLimits::new(span(1, 100_000), span(1, 1_000_000_000), rest).is_err());
        assert!(InputLimits::new(span(1, 100_000), span(1, 1_000_000_000), coins).is_ok());
        let mut limits = InputLimits::new(span(1, 1), span(0, 5), coins).unwrap();
        limits.n_parity = Some(Parity::Even);
        assert!(limits.validate(coins).is_err());
        let mut limits = InputLimits::new(span(1, 7), span(1, 6), coins).unwrap();
        limits.distinct = true;
        assert!(limits.validate(coins).is_err());
        limits.values.hi = 7;
        assert!(limits.validate(coins).is_ok());
        limits.sum_parity = Some(Parity::Odd);
        assert!(limits.validate(coins).is_err());
        let limits = InputLimits::new(span(2, 3), span(-1, 1), coins).unwrap();
        let why = limits.violation(&Board::parse("1 2").unwrap()).unwrap();
        assert_eq!(why, "value 2 (position 2) is outside -1..1");
        assert!(limits.violation(&Board::parse("1").unwrap()).is_some());
    }

    #[test]
    fn optional_rules_are_checked_and_generated() {
        let mut limits = InputLimits::new(span(2, 40), span(1, 60), Game::COINS).unwrap();
        limits.n_parity = Some(Parity::Even);
        limits.sum_parity = Some(Parity::Odd);
        limits.distinct = true;
        limits.validate(Game::COINS).unwrap();
        let board = |s: &str| Board::parse(s).unwrap();
        assert_eq!(
            limits.violation(&board("1 2 3")).unwrap(),
            "n = 3 is not even"
        );
        assert_eq!(
            limits.violation(&board("1 3")).unwrap(),
            "the sum 4 is not odd"
        );
        assert_eq!(
            limits.violation(&board("1 2 2 4")).unwrap(),
            "value 2 (position 3) repeats an earlier value"
        );
        assert!(limits.admits(&board("1 2 3 5")));
        for i in 0..500 {
            let b = limits.board(11, i);
            assert!(limits.admits(&b), "board {i}: {b}");
        }
        // Repair: drop the last value for an odd length, then move the
        // last value that can by one, toward zero, for the sum.
        let repaired = |s: &str| limits.repair(&board(s)).map(|b| b.to_string());
        assert_eq!(repaired("1 2 4").as_deref(), Some("1 2"));
        assert_eq!(repaired("3 5 8").as_deref(), Some("3 4"));
        assert_eq!(repaired("2 5").as_deref(), Some("2 5"));
        assert_eq!(repaired("5"), None);
        assert_eq!(repaired("7 7 1 2"), None);
    }

    #[test]
    fn generation_covers_edges_parities_and_limits() {
        let limits = InputLimits::new(span(1, 300), span(-50, 50), Game::COINS).unwrap();
        let generated: Vec<Board> = (0..400).map(|i| limits.board(7, i)).collect();
        assert!(generated.iter().all(|b| limits.admits(b)));
        let has = |f: &dyn Fn(&Board) -> bool| generated.iter().any(f);
        assert!(has(&|b| b.len() == 1));
        assert!(has(&|b| b.len() == 300));
        assert!(has(&|b| b.len() % 2 == 0 && b.len() > 1));
        assert!(has(&|b| b.len() % 2 == 1 && b.len() > 1));
        assert!(has(&|b| b.values().contains(&50)));
        assert!(has(&|b| b.values().contains(&-50)));
        let ties = |b: &Board| b.len() > 2 && b.values().iter().all(|&v| v == b.values()[0]);
        assert!(has(&ties));
        assert_eq!(limits.board(3, 9), limits.board(3, 9));
        assert_ne!(limits.board(3, 9), limits.board(4, 9));
    }

    #[test]
    fn every_bound_holds_at_its_edge() {
        let coins = Game::COINS;
        // The largest value times the terms of a total may be i64::MAX.
        assert!(InputLimits::new(span(1, 1), span(0, i64::MAX), coins).is_ok());
        assert!(InputLimits::new(span(1, 2), span(0, i64::MAX / 2), coins).is_ok());
        assert!(InputLimits::new(span(1, 2), span(0, i64::MAX / 2 + 1), coins).is_err());
        // n distinct values fit in a range of exactly n values, not n - 1.
        let mut distinct = InputLimits::new(span(1, 5), span(1, 5), coins).unwrap();
        distinct.distinct = true;
        assert!(distinct.validate(coins).is_ok());
        distinct.values.hi = 4;
        assert!(distinct.validate(coins).is_err());
        distinct.values.hi = 2;
        assert!(distinct.validate(coins).is_err());
        // A sum parity needs two values to move between.
        let mut parity = InputLimits::new(span(1, 3), span(0, 1), coins).unwrap();
        parity.sum_parity = Some(Parity::Odd);
        assert!(parity.validate(coins).is_ok());
        parity.values.hi = 0;
        assert!(parity.validate(coins).is_err());
        // With a sum parity too they need one more: n + 1 values.
        distinct.sum_parity = Some(Parity::Even);
        distinct.values.hi = 6;
        assert!(distinct.validate(coins).is_ok());
        distinct.values.hi = 5;
        assert!(distinct.validate(coins).is_err());
    }

    #[test]
    fn boards_draw_from_the_documented_mix() {
        let limits = InputLimits::new(span(1, 9), span(-7, 7), Game::COINS).unwrap();
        let picks: Vec<Option<Values>> = (0..8).map(|p| limits.distribution(p)).collect();
        let times = |d: Option<Values>| picks.iter().filter(|p| **p == d).count();
        assert_eq!(times(Some(Values::Uniform(span(-7, 7)))), 2);
        for other in [
            Values::Small,
            Values::Extreme,
            Values::Spiky,
            Values::Sorted,
            Values::Zigzag,
        ] {
            assert_eq!(times(Some(other)), 1, "{other}");
        }
        assert_eq!(times(None), 1);
    }

    #[test]
    fn the_sum_parity_moves_a_zero_up_first() {
        let mut limits = InputLimits::new(span(1, 9), span(-3, 3), Game::COINS).unwrap();
        limits.sum_parity = Some(Parity::Even);
        let fixed = |values: &[i64]| {
            let mut values = values.to_vec();
            assert!(limits.fix_sum_parity(&mut values, Parity::Even));
            values
        };
        // Toward zero is up for a zero (its "toward zero" is +1), then down.
        assert_eq!(fixed(&[1, 0]), [1, 1]);
        assert_eq!(fixed(&[1, -2]), [1, -1]);
        assert_eq!(fixed(&[2, 3]), [2, 2]);
        assert_eq!(fixed(&[2, 4]), [2, 4]);
        // Where toward zero leaves the range, the value moves away from it.
        let positive = InputLimits::new(span(1, 9), span(1, 3), Game::COINS).unwrap();
        let mut values = vec![2, 1];
        assert!(positive.fix_sum_parity(&mut values, Parity::Even));
        assert_eq!(values, [2, 2]);
    }

    #[test]
    fn lengths_come_from_the_documented_rolls() {
        let limits = InputLimits::new(span(3, 500), span(0, 9), Game::COINS).unwrap();
        let top = |bound: u64| bound - 1;
        let bottom = |_: u64| 0;
        // The edges, as drawn, whatever the index's parity.
        assert_eq!(limits.length_of(0, top, 0), 3);
        assert_eq!(limits.length_of(1, top, 1), 500);
        // Up to 9 past the shortest, the last of them reachable; up to 99;
        // any length.
        assert_eq!(limits.length_of(5, top, 0), 12);
        assert_eq!(limits.length_of(5, top, 1), 13);
        assert_eq!(limits.length_of(12, top, 1), 103);
        assert_eq!(limits.length_of(19, top, 0), 500);
        // Off the edges the parity alternates with the index: up by one,
        // or down at the longest.
        assert_eq!(limits.length_of(5, bottom, 2), 4);
        assert_eq!(limits.length_of(5, bottom, 3), 3);
        let short = InputLimits::new(span(3, 8), span(0, 9), Game::COINS).unwrap();
        assert_eq!(short.length_of(5, top, 1), 7);
        assert_eq!(short.length_of(5, top, 0), 8);
        let one = InputLimits::new(span(4, 4), span(0, 9), Game::COINS).unwrap();
        assert_eq!(one.length_of(5, top, 1), 4);
    }
}

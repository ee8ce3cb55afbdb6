//! What a table measures on one board ([`Measure`]) and the exact numbers
//! it measures in ([`Ratio`]), with the comparison that turns a number
//! into a yes or no ([`Cmp`]).

use crate::StudyError;
use coinline_core::error::{Error, Result};
use coinline_core::play::Game;
use coinline_core::strategy::{heuristic_by_name, Heuristic};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::fmt;

/// What is measured on one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Measure {
    /// The first player's total minus the second's.
    Value,
    /// The first player's total.
    First,
    /// The second player's total.
    Second,
    /// The first player's total over the board's sum (boards of positive sum).
    Share,
    /// The value over the board's sum of absolute values: defined for every
    /// rule set (boards not all zero), so extremes compare across games.
    ValueShare,
    /// The board's sum of absolute values (the denominator of the shares).
    AbsSum,
    /// The first player wins, ties, loses.
    Win,
    /// See [`Measure::Win`].
    Tie,
    /// See [`Measure::Win`].
    Loss,
    /// A heuristic's value against a best-responding opponent.
    Result(usize),
    /// The optimal value minus the heuristic's.
    Regret(usize),
    /// The regret over the board's sum of absolute values.
    RegretShare(usize),
    /// Whether the heuristic's regret is 0.
    Optimal(usize),
    /// Whether the heuristic loses a board optimal play does not lose.
    TurnedLoss(usize),
    /// The heuristic's total as the first player (a game scoring every value).
    HFirst(usize),
    /// That total over the board's sum (boards of positive sum).
    HShare(usize),
    /// Coins, odd n: min(O - E, E - O + 2 max(first, last)), O and E the
    /// sums at odd and even positions; an upper bound on the value.
    OddBound,
    /// The odd bound minus the value (0: tight; never below 0).
    OddBoundSlack,
}

/// The heuristics a measure may name, by index.
pub fn heuristic(index: usize) -> &'static dyn Heuristic {
    coinline_core::strategy::heuristics()[index]
}

impl Measure {
    /// Whether the measure is a yes or no (rates and smallest boards).
    pub fn is_bool(self) -> bool {
        matches!(
            self,
            Measure::Win
                | Measure::Tie
                | Measure::Loss
                | Measure::Optimal(_)
                | Measure::TurnedLoss(_)
        )
    }

    /// Whether the measure is a whole number on every board (a mean of
    /// it is exact).
    pub fn is_integer(self) -> bool {
        matches!(
            self,
            Measure::Value
                | Measure::AbsSum
                | Measure::First
                | Measure::Second
                | Measure::Result(_)
                | Measure::Regret(_)
                | Measure::HFirst(_)
        )
    }

    /// The heuristic the measure needs, if any.
    pub fn heuristic(self) -> Option<usize> {
        match self {
            Measure::Result(h)
            | Measure::Regret(h)
            | Measure::RegretShare(h)
            | Measure::Optimal(h)
            | Measure::TurnedLoss(h)
            | Measure::HFirst(h)
            | Measure::HShare(h) => Some(h),
            _ => None,
        }
    }

    /// Whether `game` defines the measure (totals and shares need a game
    /// that scores every value).
    pub fn defined_for(self, game: Game) -> bool {
        match self {
            Measure::OddBound | Measure::OddBoundSlack => game == Game::COINS,
            Measure::First | Measure::Second | Measure::Share => game.scores_everything(),
            Measure::HFirst(_) | Measure::HShare(_) => game.scores_everything(),
            _ => true,
        }
    }
}

/// The measures of no heuristic by name, in the order the refusal of an
/// unknown measure lists them.
const PLAIN: [(&str, Measure); 11] = [
    ("value", Measure::Value),
    ("value_share", Measure::ValueShare),
    ("abs_sum", Measure::AbsSum),
    ("first", Measure::First),
    ("second", Measure::Second),
    ("share", Measure::Share),
    ("win", Measure::Win),
    ("tie", Measure::Tie),
    ("loss", Measure::Loss),
    ("odd_bound", Measure::OddBound),
    ("odd_bound_slack", Measure::OddBoundSlack),
];

/// A measure of heuristic H, from H's index.
type OfHeuristic = fn(usize) -> Measure;

/// The measures of a heuristic H, by their name after `H.`.
const OF_HEURISTIC: [(&str, OfHeuristic); 7] = [
    ("result", Measure::Result),
    ("regret", Measure::Regret),
    ("regret_share", Measure::RegretShare),
    ("optimal", Measure::Optimal),
    ("turned_loss", Measure::TurnedLoss),
    ("first", Measure::HFirst),
    ("share", Measure::HShare),
];

impl std::str::FromStr for Measure {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        if let Some(&(_, m)) = PLAIN.iter().find(|(name, _)| *name == s) {
            return Ok(m);
        }
        let bad = || Error::from(StudyError::UnknownMeasure { measure: s.into() });
        let (name, what) = s.split_once('.').ok_or_else(bad)?;
        let found = heuristic_by_name(name)?;
        let index =
            (coinline_core::strategy::heuristics().iter()).position(|h| h.name() == found.name());
        let (_, of) = (OF_HEURISTIC.iter().find(|(w, _)| *w == what)).ok_or_else(bad)?;
        Ok(of(index.ok_or_else(bad)?))
    }
}

impl fmt::Display for Measure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(h) = self.heuristic() else {
            let (name, _) = PLAIN.iter().find(|(_, m)| m == self).expect("named");
            return f.write_str(name);
        };
        let (what, _) = (OF_HEURISTIC.iter().find(|(_, of)| of(h) == *self)).expect("named");
        write!(f, "{}.{what}", heuristic(h).name())
    }
}

/// A comparison that turns a number into a yes or no (`holds = "<= 1/2"`):
/// the orderings of the number against the bound for which it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cmp(&'static [Ordering]);

impl Cmp {
    /// Whether `a` compares so with `b`.
    pub fn test(self, a: Ratio, b: Ratio) -> bool {
        self.0.contains(&a.cmp(&b))
    }
}

/// `holds = "<= 1/2"`: a comparison and a number.
pub fn holds(text: &str) -> Result<(Cmp, Ratio)> {
    use Ordering::{Equal, Greater, Less};
    let t = text.trim();
    let cmps: [(&str, &'static [Ordering]); 5] = [
        ("<=", &[Less, Equal]),
        (">=", &[Greater, Equal]),
        ("<", &[Less]),
        (">", &[Greater]),
        ("=", &[Equal]),
    ];
    let (cmp, rest) = (cmps.iter())
        .find_map(|&(p, c)| t.strip_prefix(p).map(|r| (Cmp(c), r)))
        .ok_or_else(|| StudyError::BadHolds { text: text.into() })?;
    Ok((cmp, rest.trim().parse()?))
}

/// An exact fraction, `num / den` with `den > 0`, not necessarily
/// reduced: equality and order are those of the numbers, and it is shown
/// reduced.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
pub struct Ratio {
    /// Numerator.
    pub num: i128,
    /// Denominator, positive.
    pub den: i128,
}

impl Ratio {
    /// `num / den`, reduced; `None` unless `den > 0`.
    pub fn new(num: i128, den: i128) -> Option<Ratio> {
        // g divides den and is positive: den / g > 0 exactly when den > 0.
        let g = gcd(num.unsigned_abs(), den.unsigned_abs()).max(1) as i128;
        Ratio::unreduced(num / g, den / g)
    }

    /// `num / den` as it stands (no gcd on the hot path); `None` unless
    /// `den > 0`.
    pub fn unreduced(num: i128, den: i128) -> Option<Ratio> {
        (den > 0).then_some(Ratio { num, den })
    }

    /// This fraction in lowest terms.
    pub fn reduced(self) -> Ratio {
        Ratio::new(self.num, self.den).unwrap_or(self)
    }

    /// The decimal value, for reading.
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl PartialEq for Ratio {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Ratio {}

impl Ord for Ratio {
    fn cmp(&self, other: &Self) -> Ordering {
        // Denominators are at most a board's absolute sum, so the products fit.
        (self.num * other.den).cmp(&(other.num * self.den))
    }
}

impl PartialOrd for Ratio {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Ratio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = self.reduced();
        match r.den {
            1 => write!(f, "{}", r.num),
            _ => write!(f, "{}/{}", r.num, r.den),
        }
    }
}

impl std::str::FromStr for Ratio {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        let text = || s.to_string();
        let bad = || StudyError::NotARatio { text: text() };
        let (a, b) = s.split_once('/').unwrap_or((s, "1"));
        let a: i128 = a.trim().parse().map_err(|_| bad())?;
        let b: i128 = b.trim().parse().map_err(|_| bad())?;
        // Comparisons multiply across: 2^62 keeps every product in i128.
        if a.unsigned_abs().max(b.unsigned_abs()) > 1 << 62 {
            return Err(StudyError::RatioTooLarge { text: text() }.into());
        }
        Ok(Ratio::new(a, b).ok_or_else(bad)?)
    }
}

/// Refuses an output's name that is not a plain file name (letters,
/// digits, - and _): a name is never a path.
pub(crate) fn check_name(what: &'static str, name: &str) -> Result<()> {
    let plain = (name.chars()).all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if name.is_empty() || !plain {
        let name = name.to_string();
        return Err(StudyError::BadName { what, name }.into());
    }
    Ok(())
}

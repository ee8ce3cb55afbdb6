//! Rule sets: any member of the take-from-the-ends family, as data.
//!
//! A rule set says
//! - **ends**: which ends a move may use: both (the default), left or right;
//! - **take**: the counts a move may take from an end and score (`1`,
//!   `1,2,3`, `1..3`, or unbounded `1..`);
//! - **delete**: the counts a move may remove from an end without scoring
//!   (none by default; numbergame deletes 2);
//! - **score**: what a take scores: the values taken (`taken`, the default)
//!   or the sum of the values that remain after the move (`rest`, LeetCode
//!   1690 "Stone Game VII"); a delete scores nothing either way;
//! - **circle**: the board is a circle for the first move (the first move
//!   may start anywhere, wrapping around), a line from then on.
//!
//! The value of a board is the mover's score minus the other player's under
//! optimal play. A player with no legal move (values left, but fewer than
//! any allowed count) ends the game; the values left score nothing.
//!
//! Text form: words separated by spaces, e.g. `take=1 delete=2`,
//! `ends=left take=1..3`, `take=1 score=rest`, `take=1 circle`. Built-in
//! aliases name common members ([`ALIASES`]); [`RuleSet`]'s `Display` is the
//! canonical text, one spelling per rule set.

use crate::error::{Error, Result};
use std::fmt;
use std::str::FromStr;

/// The largest count a finite set of counts can name; larger counts are
/// reached only by an unbounded range (`k..`).
pub const MAX_COUNT: usize = 63;

/// Which ends a move may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ends {
    /// Either end.
    Both,
    /// The left end only.
    Left,
    /// The right end only.
    Right,
}

/// What a take scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Score {
    /// The sum of the values taken.
    Taken,
    /// The sum of the values that remain after the move.
    Rest,
}

/// A set of counts (each at least 1): a finite part (counts 1..=63) and,
/// optionally, every count from some `k` on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Counts {
    /// Bit k set: count k is allowed (bit 0 is never set).
    mask: u64,
    /// Every count >= `from` is allowed; 0 means none.
    from: usize,
}

impl Counts {
    /// No count at all.
    pub const NONE: Counts = Counts { mask: 0, from: 0 };

    /// Exactly `k` (1..=63).
    pub const fn exactly(k: usize) -> Counts {
        Counts {
            mask: 1 << k,
            from: 0,
        }
    }

    /// Every count from `k` on (k >= 1).
    pub const fn from(k: usize) -> Counts {
        Counts { mask: 0, from: k }
    }

    /// The counts `lo..=hi` (1 <= lo <= hi <= 63).
    pub fn range(lo: usize, hi: usize) -> Counts {
        let mut mask = 0u64;
        for k in lo..=hi {
            mask |= 1 << k;
        }
        Counts { mask, from: 0 }
    }

    /// Whether no count is allowed.
    pub fn is_empty(self) -> bool {
        self.mask == 0 && self.from == 0
    }

    /// Whether `k` is allowed.
    pub fn contains(self, k: usize) -> bool {
        (self.from > 0 && k >= self.from) || (k <= MAX_COUNT && self.mask & (1 << k) != 0)
    }

    /// The smallest allowed count.
    pub fn min(self) -> Option<usize> {
        let finite = (self.mask != 0).then(|| self.mask.trailing_zeros() as usize);
        match (finite, self.from) {
            (Some(f), 0) => Some(f),
            (Some(f), from) => Some(f.min(from)),
            (None, 0) => None,
            (None, from) => Some(from),
        }
    }

    /// Whether the set is unbounded (`k..`).
    pub fn is_unbounded(self) -> bool {
        self.from > 0
    }

    /// The counts from `from` on, if unbounded, with the finite counts
    /// below it that join it (so `1,2..` reads `1..`).
    fn open_start(self) -> Option<usize> {
        if self.from == 0 {
            return None;
        }
        let mut start = self.from;
        while start > 1 && start - 1 <= MAX_COUNT && self.mask & (1 << (start - 1)) != 0 {
            start -= 1;
        }
        Some(start)
    }

    /// The first count of the unbounded tail (`k` of `k..`), if any.
    pub fn open_tail(self) -> Option<usize> {
        (self.from > 0).then_some(self.from)
    }

    /// The allowed counts up to `max`, ascending: the finite ones below the
    /// tail, then the tail.
    pub fn up_to(self, max: usize) -> impl Iterator<Item = usize> {
        let tail_start = if self.from > 0 { self.from } else { usize::MAX };
        let mut bits = self.mask;
        let finite = std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let k = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(k)
        })
        .take_while(move |&k| k <= max && k < tail_start);
        let tail = (self.from > 0)
            .then_some(self.from..=max)
            .into_iter()
            .flatten();
        finite.chain(tail)
    }

    fn union(self, other: Counts) -> Counts {
        let from = match (self.from, other.from) {
            (0, f) | (f, 0) => f,
            (a, b) => a.min(b),
        };
        Counts {
            mask: self.mask | other.mask,
            from,
        }
    }
}

impl fmt::Display for Counts {
    /// Canonical: ascending; runs of three or more as `a..b`; an unbounded
    /// tail as `a..`; `none` for the empty set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("none");
        }
        let open = self.open_start();
        let finite_end = open.map_or(MAX_COUNT, |s| s - 1).min(MAX_COUNT);
        let mut parts = Vec::new();
        let mut k = 1;
        while k <= finite_end {
            if self.mask & (1 << k) == 0 {
                k += 1;
                continue;
            }
            let start = k;
            while k < finite_end && self.mask & (1 << (k + 1)) != 0 {
                k += 1;
            }
            match k - start {
                0 => parts.push(start.to_string()),
                1 => parts.push(format!("{start},{k}")),
                _ => parts.push(format!("{start}..{k}")),
            }
            k += 1;
        }
        if let Some(s) = open {
            parts.push(format!("{s}.."));
        }
        f.write_str(&parts.join(","))
    }
}

impl FromStr for Counts {
    type Err = Error;

    /// `k`, `a..b`, `a..`, comma-separated; `none` is the empty set.
    fn from_str(s: &str) -> Result<Self> {
        if s == "none" {
            return Ok(Counts::NONE);
        }
        let bad = |why: &str| {
            Error::invalid(format!(
                "{s:?} is not a set of counts ({why}; write k, a..b or a.. with counts from 1 to {MAX_COUNT}, separated by commas)"
            ))
        };
        let number = |t: &str| -> Result<usize> {
            match t.parse::<usize>() {
                Ok(k) if (1..=MAX_COUNT).contains(&k) => Ok(k),
                Ok(_) => Err(bad("a count is out of range")),
                Err(_) => Err(bad(&format!("{t:?} is not a count"))),
            }
        };
        let mut counts = Counts::NONE;
        for item in s.split(',') {
            let part = match item.split_once("..") {
                None => Counts::exactly(number(item)?),
                Some((lo, "")) => Counts::from(number(lo)?),
                Some((lo, hi)) => {
                    let (lo, hi) = (number(lo)?, number(hi)?);
                    if lo > hi {
                        return Err(bad("a range runs backwards"));
                    }
                    Counts::range(lo, hi)
                }
            };
            counts = counts.union(part);
        }
        if counts.is_empty() {
            return Err(bad("no count"));
        }
        Ok(counts)
    }
}

/// One member of the family. See the module documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RuleSet {
    /// Which ends moves use.
    pub ends: Ends,
    /// The counts a take may remove (never empty).
    pub take: Counts,
    /// The counts a delete may remove (often none).
    pub delete: Counts,
    /// What a take scores.
    pub score: Score,
    /// Whether the first move sees a circle.
    pub circle: bool,
}

/// The built-in aliases and their rule texts.
pub const ALIASES: [(&str, &str); 6] = [
    ("coins", "take=1"),
    ("numbergame", "take=1 delete=2"),
    ("gameofsum", "take=1.."),
    ("stonegame7", "take=1 score=rest"),
    ("stonegame3", "ends=left take=1..3"),
    ("pizza", "take=1 circle"),
];

const FORMS: &str = "ends=both|left|right, take=COUNTS, delete=COUNTS, score=taken|rest, circle; \
    COUNTS is k, a..b or a.. (commas join them); or an alias: coins, numbergame, gameofsum, \
    stonegame7, stonegame3, pizza";

impl RuleSet {
    /// Take one from either end: coins.
    pub const COINS: RuleSet = RuleSet {
        ends: Ends::Both,
        take: Counts::exactly(1),
        delete: Counts::NONE,
        score: Score::Taken,
        circle: false,
    };

    /// The alias naming this rule set, if any.
    pub fn alias(&self) -> Option<&'static str> {
        ALIASES
            .iter()
            .find(|(_, text)| text.parse::<RuleSet>().ok().as_ref() == Some(self))
            .map(|(name, _)| *name)
    }

    /// Whether both ends are allowed alike, so reversing the board keeps
    /// its value.
    pub fn is_symmetric(&self) -> bool {
        self.ends == Ends::Both
    }

    /// Whether every value is scored by one player or the other on every
    /// line, so that first + second = the board's sum: takes score what
    /// they take, nothing is deleted, and a take of one is always possible.
    pub fn scores_everything(&self) -> bool {
        self.score == Score::Taken && self.delete.is_empty() && self.take.contains(1)
    }

    /// Whether each move takes exactly one value and every value is
    /// scored: then the first player takes ceil(n/2) values on every line,
    /// so adding c to every value adds c * ceil(n/2) to the first total.
    pub fn takes_singles(&self) -> bool {
        self.scores_everything() && self.take == Counts::exactly(1)
    }

    /// The legal moves from a line position with `remaining` values, in
    /// canonical order: takes (left counts ascending, then right), then
    /// deletes likewise.
    pub fn moves(&self, remaining: usize) -> impl Iterator<Item = RuleMove> + '_ {
        let sides: &'static [Side] = match self.ends {
            Ends::Both => &[Side::Left, Side::Right],
            Ends::Left => &[Side::Left],
            Ends::Right => &[Side::Right],
        };
        let takes = sides.iter().flat_map(move |&side| {
            self.take
                .up_to(remaining)
                .map(move |count| RuleMove::take(side, count))
        });
        let deletes = sides.iter().flat_map(move |&side| {
            self.delete
                .up_to(remaining)
                .map(move |count| RuleMove::delete(side, count))
        });
        takes.chain(deletes)
    }

    /// Why `mv` is not legal with `remaining` values left, if it is not.
    pub fn illegal_reason(&self, mv: RuleMove, remaining: usize) -> Option<String> {
        let (counts, kind) = match mv.kind {
            Kind::Take => (self.take, "take"),
            Kind::Delete => (self.delete, "delete"),
        };
        if mv.count == 0 {
            Some(format!("a {kind} removes at least one value"))
        } else if !counts.contains(mv.count) {
            Some(format!("a {kind} of {} is not allowed by {self}", mv.count))
        } else if mv.count > remaining {
            Some(format!(
                "removes {} values but {remaining} are left",
                mv.count
            ))
        } else if !self.is_symmetric() && mv.side != self.allowed_side() {
            Some(format!(
                "{self} allows moves at the {} end only",
                self.allowed_side()
            ))
        } else {
            None
        }
    }

    fn allowed_side(&self) -> Side {
        match self.ends {
            Ends::Right => Side::Right,
            Ends::Both | Ends::Left => Side::Left,
        }
    }
}

impl fmt::Display for RuleSet {
    /// The canonical text: fields in a fixed order, defaults left out.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut words = Vec::new();
        match self.ends {
            Ends::Both => {}
            Ends::Left => words.push("ends=left".to_string()),
            Ends::Right => words.push("ends=right".to_string()),
        }
        words.push(format!("take={}", self.take));
        if !self.delete.is_empty() {
            words.push(format!("delete={}", self.delete));
        }
        if self.score == Score::Rest {
            words.push("score=rest".to_string());
        }
        if self.circle {
            words.push("circle".to_string());
        }
        f.write_str(&words.join(" "))
    }
}

impl FromStr for RuleSet {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        let text = s.trim();
        if let Some((_, rules)) = ALIASES
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(text))
        {
            return rules.parse();
        }
        let bad = |word: &str, why: String| {
            Error::invalid(format!("rule {word:?}: {why} (valid forms: {FORMS})"))
        };
        let mut rules = RuleSet {
            take: Counts::NONE,
            ..RuleSet::COINS
        };
        let mut seen = Vec::new();
        for word in text.split_whitespace() {
            let (key, value) = word.split_once('=').unwrap_or((word, ""));
            if seen.contains(&key) {
                return Err(bad(word, format!("{key} is given twice")));
            }
            seen.push(key);
            match (key, value) {
                ("ends", "both") => rules.ends = Ends::Both,
                ("ends", "left") => rules.ends = Ends::Left,
                ("ends", "right") => rules.ends = Ends::Right,
                ("take", v) => {
                    rules.take = v.parse().map_err(|e: Error| bad(word, e.to_string()))?
                }
                ("delete", v) => {
                    rules.delete = v.parse().map_err(|e: Error| bad(word, e.to_string()))?
                }
                ("score", "taken") => rules.score = Score::Taken,
                ("score", "rest") => rules.score = Score::Rest,
                ("circle", "") => rules.circle = true,
                ("ends" | "score", _) => return Err(bad(word, format!("unknown {key}"))),
                _ => return Err(bad(word, "unknown word".into())),
            }
        }
        if rules.take.is_empty() {
            return Err(bad(text, "a rule set needs take=COUNTS".into()));
        }
        Ok(rules)
    }
}

/// An end of the row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The leftmost end.
    Left,
    /// The rightmost end.
    Right,
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Left => "left",
            Side::Right => "right",
        })
    }
}

/// Take (and score) or delete.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Remove and score.
    Take,
    /// Remove without scoring.
    Delete,
}

/// A move of a rule set, printed `L`, `R3`, `DL2`; on a circle's first
/// move `@k` says where the run starts (1-based, going right): `L2@5`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RuleMove {
    /// Take or delete.
    pub kind: Kind,
    /// Which end.
    pub side: Side,
    /// How many values.
    pub count: usize,
}

impl RuleMove {
    /// A take of `count` from `side`.
    pub const fn take(side: Side, count: usize) -> RuleMove {
        RuleMove {
            kind: Kind::Take,
            side,
            count,
        }
    }

    /// A delete of `count` from `side`.
    pub const fn delete(side: Side, count: usize) -> RuleMove {
        RuleMove {
            kind: Kind::Delete,
            side,
            count,
        }
    }
}

impl fmt::Display for RuleMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = if self.kind == Kind::Delete { "D" } else { "" };
        let s = if self.side == Side::Left { "L" } else { "R" };
        match (self.kind, self.count) {
            (Kind::Take, 1) => write!(f, "{s}"),
            (_, c) => write!(f, "{d}{s}{c}"),
        }
    }
}

impl FromStr for RuleMove {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        let bad = || {
            Error::invalid(format!(
                "{s:?} is not a move (expected L, R, Lk, Rk, DLk or DRk with k >= 1)"
            ))
        };
        let (kind, rest) = match s.strip_prefix('D') {
            Some(rest) => (Kind::Delete, rest),
            None => (Kind::Take, s),
        };
        let side = match rest.as_bytes().first() {
            Some(b'L') => Side::Left,
            Some(b'R') => Side::Right,
            _ => return Err(bad()),
        };
        let digits = &rest[1..];
        let count = match (kind, digits) {
            (Kind::Take, "") => 1,
            (_, d) if !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()) => {
                d.parse::<usize>().map_err(|_| bad())?
            }
            _ => return Err(bad()),
        };
        if count == 0 {
            return Err(bad());
        }
        Ok(RuleMove { kind, side, count })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_alias_parses_and_prints_its_canonical_text() {
        for (name, text) in ALIASES {
            let rules: RuleSet = name.parse().unwrap();
            assert_eq!(rules.to_string(), text);
            assert_eq!(text.parse::<RuleSet>().unwrap(), rules);
            assert_eq!(rules.alias(), Some(name));
        }
    }

    #[test]
    fn one_spelling_per_rule_set() {
        for (a, b) in [
            ("take=1,2,3", "take=1..3"),
            ("take=3,1,2", "take=1..3"),
            ("take=1,2..", "take=1.."),
            ("take=1,2,5..", "take=1,2,5.."),
            ("take=1..2", "take=1,2"),
            ("circle take=1 ends=both", "take=1 circle"),
            ("take=2 score=taken delete=none", "take=2"),
            ("ends=right take=1,3..5,7", "ends=right take=1,3..5,7"),
        ] {
            assert_eq!(a.parse::<RuleSet>().unwrap().to_string(), b, "{a}");
        }
    }

    #[test]
    fn malformed_rules_name_the_bad_word() {
        for (text, fragment) in [
            ("take=0", "rule \"take=0\""),
            ("take=1 take=2", "given twice"),
            ("take=x", "\"x\" is not a count"),
            ("take=3..1", "runs backwards"),
            ("take=64", "out of range"),
            ("ends=middle take=1", "unknown ends"),
            ("delete=2", "needs take=COUNTS"),
            ("take=1 wrap", "rule \"wrap\": unknown word"),
            ("", "needs take"),
        ] {
            let err = text.parse::<RuleSet>().unwrap_err().to_string();
            assert!(err.contains(fragment), "{text}: {err}");
            assert!(err.contains("valid forms"), "{text}: {err}");
        }
    }

    #[test]
    fn moves_come_in_canonical_order() {
        let names = |rules: &str, n| {
            let rules: RuleSet = rules.parse().unwrap();
            rules
                .moves(n)
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(names("coins", 3), "L R");
        assert_eq!(names("numbergame", 2), "L R DL2 DR2");
        assert_eq!(names("numbergame", 1), "L R");
        assert_eq!(names("gameofsum", 3), "L L2 L3 R R2 R3");
        assert_eq!(names("stonegame3", 5), "L L2 L3");
        assert_eq!(names("ends=right take=2", 1), "");
        assert_eq!(names("coins", 0), "");
    }

    #[test]
    fn moves_print_and_parse_back() {
        for text in ["L", "R", "L3", "R12", "DL1", "DR2"] {
            assert_eq!(text.parse::<RuleMove>().unwrap().to_string(), text);
        }
        for bad in ["", "D", "DL", "L0", "X", "l", "DL-1"] {
            assert!(bad.parse::<RuleMove>().is_err(), "{bad}");
        }
    }

    #[test]
    fn facts_follow_from_the_rules() {
        let r = |t: &str| t.parse::<RuleSet>().unwrap();
        assert!(r("coins").takes_singles() && r("pizza").takes_singles());
        assert!(!r("numbergame").scores_everything());
        assert!(r("gameofsum").scores_everything() && !r("gameofsum").takes_singles());
        assert!(!r("take=2").scores_everything());
        assert!(!r("stonegame7").scores_everything());
        assert!(!r("stonegame3").is_symmetric() && r("stonegame7").is_symmetric());
        let illegal = r("stonegame3").illegal_reason(RuleMove::take(Side::Right, 1), 4);
        assert!(illegal.unwrap().contains("left end only"));
        assert!(r("coins")
            .illegal_reason(RuleMove::take(Side::Left, 2), 4)
            .is_some());
        assert!(r("coins")
            .illegal_reason(RuleMove::take(Side::Left, 1), 0)
            .is_some());
        assert!(r("numbergame")
            .illegal_reason(RuleMove::delete(Side::Right, 2), 2)
            .is_none());
    }
}

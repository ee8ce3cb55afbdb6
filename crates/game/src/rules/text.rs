//! The text form of a rule set (`docs/rules.md`): parsing rule words and
//! aliases ([`FromStr`] for [`Game`] and [`Counts`]), the canonical rule
//! text ([`Game::rule_text`]) and the canonical name (`Display`).

use super::{Counts, Ends, Game, Memory, Score, ALIASES, HIGH_RUNS, MASK_COUNTS, MAX_COUNT};
use crate::error::{quote, Error, Result};
use std::fmt;
use std::str::FromStr;

const FORMS: &str =
    "ends=both|left|right, take=COUNTS or take=a..Km, delete=COUNTS, score=taken|rest, \
    putback, circle; \
    COUNTS is k, a..b or a.. (commas join them); or an alias: coins, numbergame, gameofsum, \
    stonegame7, stonegame3, pizza";

/// Why a rule text is not a rule set, or a move's notation is not a move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// A word of a rule text (or the whole text, for a fault of the whole).
    #[error("rule {}: {why} (valid forms: {FORMS})", quote(.word))]
    Word {
        /// The word, as given.
        word: String,
        /// What is wrong with it.
        why: RuleFault,
    },
    /// A set of counts that is not one.
    #[error(transparent)]
    Counts(#[from] CountsError),
    /// A move's notation that is not a move.
    #[error("{} is not a move (expected L, R, Lk, Rk, DLk or DRk with k >= 1)", quote(.0))]
    Move(String),
    /// A `--param` binding that is not `NAME=COUNT`.
    #[error("{} is not a parameter ({why}; write NAME=COUNT, as in k=5)", quote(.text))]
    Param {
        /// The binding, as given.
        text: String,
        /// What is wrong with it.
        why: ParamFault,
    },
    /// A parameter bound twice (its name is held).
    #[error("parameter {} is bound twice", quote(.0))]
    BoundTwice(String),
    /// A value for a name the rules do not use.
    #[error("parameter {} is not used by the rules {}", quote(.name), quote(.rules))]
    UnusedParam {
        /// The parameter.
        name: String,
        /// The rule text.
        rules: String,
    },
    /// A name of the rules without a value.
    #[error("the rules {} use the parameter {name}: give its value, as in --param {name}=5", quote(.rules))]
    UnboundParam {
        /// The parameter.
        name: String,
        /// The rule text.
        rules: String,
    },
}

/// What is wrong with a `--param` binding.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParamFault {
    /// No `=`.
    #[error("no =")]
    NoEquals,
    /// A name that is no parameter name ([`super::is_name`]).
    #[error("{} is not a name", quote(.0))]
    NotName(String),
    /// A value that is not a count.
    #[error("its value must be a count from 1 to {MAX_COUNT}")]
    NotCount,
}

/// What is wrong with a word of a rule text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleFault {
    /// A key (`take`, `ends`, ...) given twice.
    #[error("{0} is given twice")]
    Twice(String),
    /// A value of `ends` or `score` that is not one (the key is held).
    #[error("unknown {0}")]
    UnknownValue(String),
    /// A word that is no rule.
    #[error("unknown word")]
    UnknownWord,
    /// No `take=` word.
    #[error("a rule set needs take=COUNTS")]
    NoTake,
    /// A take or delete whose counts are not a set of counts.
    #[error(transparent)]
    Counts(CountsError),
    /// The count `a` of `take=a..Km` that is not a count.
    #[error("{} is not a count", quote(.0))]
    NotCount(String),
    /// The factor K of `take=a..Km` that is not one.
    #[error("{} is not a factor from 1 to 1000", quote(.0))]
    NotFactor(String),
    /// `take=a..Km` joined with other counts in its word.
    #[error("a history-dependent take (a..Km) is the whole take, no other counts")]
    BoundNotAlone,
    /// Both `putback` and `take=a..Km`.
    #[error("putback and a history-dependent take (a..Km) do not combine")]
    PutBackAndBound,
    /// `take=a..Km` beside another take (in a built game).
    #[error("a history-dependent take (a..Km) is the whole take")]
    BoundNotWhole,
    /// A remembering rule with both ends.
    #[error("{} needs ends=left or ends=right", memory_word(*.0))]
    NeedsOneEnd(Memory),
    /// A remembering rule on a circle.
    #[error("{} does not combine with circle", memory_word(*.0))]
    NotOnCircle(Memory),
    /// A remembering rule with deletes.
    #[error("{} does not combine with delete", memory_word(*.0))]
    NotWithDelete(Memory),
    /// `putback` with a take of one.
    #[error("putback needs takes of at least 2 (a take of 1 would put its value back)")]
    PutBackTakesOne,
    /// `putback` with `score=rest`.
    #[error("putback does not combine with score=rest")]
    PutBackScoresRest,
}

/// The words that name a remembering rule in a message.
fn memory_word(memory: Memory) -> &'static str {
    match memory {
        Memory::PutBack => "putback",
        Memory::None | Memory::Bound(_) => "a history-dependent take (a..Km)",
    }
}

/// A text that is not a set of counts.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{} is not a set of counts ({why}; write k, a..b or a.. with counts from 1 to {}, separated by commas)",
    quote(.text),
    MAX_COUNT
)]
pub struct CountsError {
    /// The text, as given.
    pub text: String,
    /// What is wrong with it.
    pub why: CountsFault,
}

/// What is wrong with a set of counts.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CountsFault {
    /// A count outside 1 to [`MAX_COUNT`].
    #[error("a count is out of range")]
    OutOfRange,
    /// A piece that is no number.
    #[error("{} is not a count", quote(.0))]
    NotCount(String),
    /// `a..b` with `a > b`.
    #[error("a range runs backwards")]
    Backwards,
    /// More runs above the mask than a `Counts` holds.
    #[error("more than {HIGH_RUNS} separate runs of counts above {MASK_COUNTS}")]
    TooManyRuns,
    /// No count at all.
    #[error("no count")]
    Empty,
}

crate::error::layer_errors!(RuleError);

impl Game {
    /// The canonical rule text (`take=1 delete=2`), alias or not.
    pub fn rule_text(&self) -> String {
        let Game {
            ends,
            take,
            delete,
            score,
            circle,
            memory,
        } = *self;
        let mut words = Vec::new();
        match ends {
            Ends::Both => {}
            Ends::Left => words.push("ends=left".to_string()),
            Ends::Right => words.push("ends=right".to_string()),
        }
        match memory {
            Memory::Bound(factor) => {
                let lo = take.min().unwrap_or(1);
                match factor {
                    1 => words.push(format!("take={lo}..m")),
                    k => words.push(format!("take={lo}..{k}m")),
                }
            }
            Memory::None | Memory::PutBack => words.push(format!("take={take}")),
        }
        if !delete.is_empty() {
            words.push(format!("delete={delete}"));
        }
        match score {
            Score::Taken => {}
            Score::Rest => words.push("score=rest".to_string()),
        }
        if memory == Memory::PutBack {
            words.push("putback".to_string());
        }
        if circle {
            words.push("circle".to_string());
        }
        words.join(" ")
    }
}

impl fmt::Display for Counts {
    /// Canonical: ascending; runs of three or more as `a..b`; an unbounded
    /// tail as `a..`; `none` for the empty set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("none");
        }
        // Normalized: the tail already starts below any finite count that
        // joins it (`1,2..` is held as `1..`), and no finite count reaches it.
        let open = self.open_tail();
        let mut parts = Vec::new();
        for (start, k) in self.runs() {
            match k - start {
                0 => parts.push(start.to_string()),
                1 => parts.push(format!("{start},{k}")),
                _ => parts.push(format!("{start}..{k}")),
            }
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
        parse_counts(s).map_err(|e| RuleError::Counts(e).into())
    }
}

/// [`Counts`]'s text form, with its own error (a rule word wraps it).
fn parse_counts(s: &str) -> std::result::Result<Counts, CountsError> {
    if s == "none" {
        return Ok(Counts::NONE);
    }
    let bad = |why| CountsError {
        text: s.to_string(),
        why,
    };
    let number = |t: &str| match t.parse::<usize>() {
        Ok(k) if (1..=MAX_COUNT).contains(&k) => Ok(k),
        Ok(_) => Err(bad(CountsFault::OutOfRange)),
        Err(_) => Err(bad(CountsFault::NotCount(t.to_string()))),
    };
    let mut runs = Vec::new();
    let mut from = 0;
    for item in s.split(',') {
        match item.split_once("..") {
            None => {
                let k = number(item)?;
                runs.push((k, k));
            }
            Some((lo, "")) => {
                let lo = number(lo)?;
                from = if from == 0 { lo } else { from.min(lo) };
            }
            Some((lo, hi)) => {
                let (lo, hi) = (number(lo)?, number(hi)?);
                if lo > hi {
                    return Err(bad(CountsFault::Backwards));
                }
                runs.push((lo, hi));
            }
        };
    }
    let counts = Counts::from_runs(runs, from).ok_or_else(|| bad(CountsFault::TooManyRuns))?;
    if counts.is_empty() {
        return Err(bad(CountsFault::Empty));
    }
    Ok(counts)
}

impl fmt::Display for Game {
    /// The canonical name: the alias, or else the canonical rule text
    /// (fields in a fixed order, defaults left out).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.alias() {
            Some(name) => f.write_str(name),
            None => f.write_str(&self.rule_text()),
        }
    }
}

impl FromStr for Game {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        let text = s.trim();
        if let Some((_, game, _)) = ALIASES
            .iter()
            .find(|(name, _, _)| name.eq_ignore_ascii_case(text))
        {
            return Ok(*game);
        }
        // One word that is no rule is most likely a misspelt alias.
        if !text.is_empty()
            && !text.contains(char::is_whitespace)
            && !text.contains('=')
            && text != "circle"
        {
            let mut expected = Game::names();
            expected.push("or rules such as 'take=1..3 delete=2' (see coinline games)");
            return Err(Error::unknown("game", text, &expected));
        }
        let bad = |word: &str, why| RuleError::Word {
            word: word.to_string(),
            why,
        };
        // Every rule at its default, and no take yet (one must be given).
        let mut rules = Game {
            ends: Ends::Both,
            take: Counts::NONE,
            delete: Counts::NONE,
            score: Score::Taken,
            circle: false,
            memory: Memory::None,
        };
        let mut seen = Vec::new();
        for word in text.split_whitespace() {
            let (key, value) = word.split_once('=').unwrap_or((word, ""));
            if seen.contains(&key) {
                return Err(bad(word, RuleFault::Twice(key.to_string())).into());
            }
            seen.push(key);
            match (key, value) {
                ("ends", "both") => rules.ends = Ends::Both,
                ("ends", "left") => rules.ends = Ends::Left,
                ("ends", "right") => rules.ends = Ends::Right,
                ("take", v) => match bound_form(v) {
                    Some(Ok(_)) if rules.memory == Memory::PutBack => {
                        return Err(bad(word, RuleFault::PutBackAndBound).into())
                    }
                    Some(Ok((lo, factor))) => {
                        rules.take = Counts::from(lo);
                        rules.memory = Memory::Bound(factor);
                    }
                    Some(Err(why)) => return Err(bad(word, why).into()),
                    None => {
                        rules.take = parse_counts(v).map_err(|e| bad(word, RuleFault::Counts(e)))?
                    }
                },
                ("delete", v) => {
                    rules.delete = parse_counts(v).map_err(|e| bad(word, RuleFault::Counts(e)))?
                }
                ("score", "taken") => rules.score = Score::Taken,
                ("score", "rest") => rules.score = Score::Rest,
                ("circle", "") => rules.circle = true,
                ("putback", "") if rules.memory != Memory::None => {
                    return Err(bad(word, RuleFault::PutBackAndBound).into())
                }
                ("putback", "") => rules.memory = Memory::PutBack,
                ("ends" | "score", _) => {
                    return Err(bad(word, RuleFault::UnknownValue(key.to_string())).into())
                }
                _ => return Err(bad(word, RuleFault::UnknownWord).into()),
            }
        }
        if rules.take.is_empty() {
            return Err(bad(text, RuleFault::NoTake).into());
        }
        if let Some(why) = memory_conflict(&rules) {
            return Err(bad(text, why).into());
        }
        Ok(rules)
    }
}

/// `a..Km` (or `a..m`, K = 1) as (a, K): `None` when `value` is no such
/// form, an error when it is one with a bad count or factor.
fn bound_form(value: &str) -> Option<std::result::Result<(usize, u32), RuleFault>> {
    let (lo, hi) = value.split_once("..")?;
    let factor = hi.strip_suffix('m')?;
    if value.contains(',') {
        return Some(Err(RuleFault::BoundNotAlone));
    }
    let lo = match lo.parse::<usize>() {
        Ok(k) if (1..=MAX_COUNT).contains(&k) => k,
        _ => return Some(Err(RuleFault::NotCount(lo.to_string()))),
    };
    let factor = match factor {
        "" => 1,
        f => match f.parse::<u32>() {
            Ok(k) if (1..=1000).contains(&k) => k,
            _ => return Some(Err(RuleFault::NotFactor(f.to_string()))),
        },
    };
    Some(Ok((lo, factor)))
}

/// Why the history-dependent words do not combine with the rest, if they
/// do not: with both ends, a circle or deletes (positions
/// are a suffix or prefix and the bound, or the merged value's extent);
/// put-back with a take of one (it would put the value back) or with
/// `score=rest`.
pub(super) fn memory_conflict(rules: &Game) -> Option<RuleFault> {
    let memory = rules.memory;
    if memory == Memory::None {
        return None;
    }
    let bound = matches!(memory, Memory::Bound(_));
    if bound && rules.take != Counts::from(rules.take.min().unwrap_or(1)) {
        Some(RuleFault::BoundNotWhole)
    } else if rules.ends == Ends::Both {
        Some(RuleFault::NeedsOneEnd(memory))
    } else if rules.circle {
        Some(RuleFault::NotOnCircle(memory))
    } else if !rules.delete.is_empty() {
        Some(RuleFault::NotWithDelete(memory))
    } else if memory == Memory::PutBack && rules.take.contains(1) {
        Some(RuleFault::PutBackTakesOne)
    } else if memory == Memory::PutBack && rules.score == Score::Rest {
        Some(RuleFault::PutBackScoresRest)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_print_canonically() {
        let cases = [
            ("1", "1"),
            ("2,1", "1,2"),
            ("3,1,2", "1..3"),
            ("1,2..", "1.."),
            ("2,4..6,8..", "2,4..6,8.."),
            ("5..7,6..", "5.."),
            ("62,63", "62,63"),
            ("61..63", "61..63"),
            ("62,63..", "62.."),
            ("1,40..", "1,40.."),
            ("1..100", "1..100"),
            ("1,70,200", "1,70,200"),
            ("64,63,65", "63..65"),
            ("62,63,64", "62..64"),
            ("63,64", "63,64"),
            ("1..63,64..", "1.."),
            ("70..80,75..", "70.."),
            ("100000000", "100000000"),
        ];
        for (text, canonical) in cases {
            let counts: Counts = text.parse().unwrap();
            assert_eq!(counts.to_string(), canonical, "{text}");
        }
        assert_eq!(Counts::NONE.to_string(), "none");
        // A range of one count is that count; a reversed one is refused.
        assert_eq!("3..3".parse::<Counts>().unwrap(), Counts::exactly(3));
        assert!("4..3".parse::<Counts>().is_err());
        // A game's name is its alias, else its canonical rule text.
        assert_eq!(Game::COINS.name(), "coins");
        let game: Game = "delete=2 take=3,1,2".parse().unwrap();
        assert_eq!(game.name(), "take=1..3 delete=2");
        let counts: Counts = "2,4..6,8..".parse().unwrap();
        assert_eq!(counts.finite().collect::<Vec<_>>(), [2, 4, 5, 6]);
        let counts: Counts = "1,63".parse().unwrap();
        assert_eq!(counts.finite().collect::<Vec<_>>(), [1, 63]);
        assert_eq!(Counts::from(3).finite().count(), 0);
    }

    #[test]
    fn every_alias_parses_and_prints_its_canonical_text() {
        for (name, game, text) in ALIASES {
            let rules: Game = name.parse().unwrap();
            assert_eq!(rules, game);
            assert_eq!(rules.rule_text(), text);
            assert_eq!(text.parse::<Game>().unwrap(), rules);
            assert_eq!(rules.alias(), Some(name));
            assert_eq!(rules.to_string(), name);
        }
        assert_eq!(Game::ALL.map(|g| g.alias().unwrap()), Game::names()[..]);
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
            ("take=1..2m ends=left", "ends=left take=1..2m"),
            (
                "ends=right take=3..1m score=rest",
                "ends=right take=3..m score=rest",
            ),
            ("putback take=2.. ends=left", "ends=left take=2.. putback"),
            ("ends=right take=2,5 putback", "ends=right take=2,5 putback"),
        ] {
            assert_eq!(a.parse::<Game>().unwrap().rule_text(), b, "{a}");
        }
    }

    #[test]
    fn malformed_rules_name_the_bad_word() {
        use RuleFault::*;
        let counts = |text: &str, why| {
            Counts(CountsError {
                text: text.into(),
                why,
            })
        };
        let bound = Memory::Bound(2);
        for (text, word, why) in [
            ("take=0", "take=0", counts("0", CountsFault::OutOfRange)),
            ("take=1 take=2", "take=2", Twice("take".into())),
            (
                "take=x",
                "take=x",
                counts("x", CountsFault::NotCount("x".into())),
            ),
            (
                "take=3..1",
                "take=3..1",
                counts("3..1", CountsFault::Backwards),
            ),
            (
                "take=100000001",
                "take=100000001",
                counts("100000001", CountsFault::OutOfRange),
            ),
            (
                "take=64,66,68,70,72",
                "take=64,66,68,70,72",
                counts("64,66,68,70,72", CountsFault::TooManyRuns),
            ),
            (
                "ends=middle take=1",
                "ends=middle",
                UnknownValue("ends".into()),
            ),
            ("delete=2", "delete=2", NoTake),
            ("take=1 wrap", "wrap", UnknownWord),
            ("take=1..2m", "take=1..2m", NeedsOneEnd(bound)),
            ("ends=left take=1,3..2m", "take=1,3..2m", BoundNotAlone),
            ("ends=left take=1..0m", "take=1..0m", NotFactor("0".into())),
            (
                "ends=left take=1..2m delete=1",
                "ends=left take=1..2m delete=1",
                NotWithDelete(bound),
            ),
            ("ends=left take=1..2m putback", "putback", PutBackAndBound),
            (
                "putback ends=left take=1..2m",
                "take=1..2m",
                PutBackAndBound,
            ),
            (
                "ends=left take=1.. putback",
                "ends=left take=1.. putback",
                PutBackTakesOne,
            ),
            (
                "take=2.. putback",
                "take=2.. putback",
                NeedsOneEnd(Memory::PutBack),
            ),
            (
                "ends=left take=2 putback score=rest",
                "ends=left take=2 putback score=rest",
                PutBackScoresRest,
            ),
            (
                "ends=left take=2 putback circle",
                "ends=left take=2 putback circle",
                NotOnCircle(Memory::PutBack),
            ),
            ("", "", NoTake),
            ("circle", "circle", NoTake),
        ] {
            let err = text.parse::<Game>().unwrap_err();
            let word = word.to_string();
            let expected = RuleError::Word { word, why };
            assert_eq!(err.layer(), Some(&expected), "{text}");
        }
        // The words of one: the word, why, and the valid forms.
        let err = "take=1 wrap".parse::<Game>().unwrap_err().to_string();
        assert_eq!(
            err,
            format!("rule \"wrap\": unknown word (valid forms: {FORMS})")
        );
    }

    #[test]
    fn long_rule_texts_and_words_are_quoted_cut_with_their_length() {
        use crate::error::assert_one_short_line;
        let error = |text: &str| text.parse::<Game>().unwrap_err().to_string();
        // The help after a rule's error (FORMS, the counts' forms) is about
        // 330 bytes; each quote adds at most 40 characters and its length.
        let bound = 600;
        // A misspelt alias; an unknown word; a bad set of counts (quoted
        // in the word and on its own); a long text without take.
        let misspelt = "pizz".repeat(20_000);
        assert_one_short_line(&error(&misspelt), 80_000, bound);
        let word = format!("take=1 {}", "w".repeat(80_000));
        assert_one_short_line(&error(&word), 80_000, bound);
        let counts = format!("take={}x", "1,".repeat(40_000));
        let err = error(&counts);
        assert_one_short_line(&err, 80_006, bound);
        assert_one_short_line(&err, 80_001, bound);
        assert!(err.contains("(\"x\" is not a count;"), "{err}");
        let no_take = format!("circle{}score=rest", " ".repeat(80_000));
        let err = error(&no_take);
        assert_one_short_line(&err, 80_016, bound);
        assert!(err.contains("needs take=COUNTS"), "{err}");
        // 12,000 words, all short: the second take is named whole.
        let takes = "take=1 ".repeat(12_000);
        assert!(error(&takes).starts_with("rule \"take=1\": take is given twice ("));
        // 40 characters are still quoted whole.
        let forty = format!("take={}", "9".repeat(35));
        assert!(error(&forty).starts_with(&format!("rule {forty:?}: ")));
    }

    #[test]
    fn a_single_word_that_is_no_rule_is_a_misspelt_alias() {
        let error = |text: &str| text.parse::<Game>().unwrap_err().to_string();
        assert_eq!(
            error("pizzza"),
            "unknown game \"pizzza\" (did you mean pizza? expected one of: coins, numbergame, gameofsum, \
             stonegame7, stonegame3, pizza, or rules such as 'take=1..3 delete=2' \
             (see coinline games))"
        );
        // Two words, or one with `=`, are read as rules.
        for (text, word) in [("circle wrap", "wrap"), ("take=x", "take=x")] {
            assert!(
                error(text).starts_with(&format!("rule {word:?}: ")),
                "{text}: {}",
                error(text)
            );
        }
    }
}

//! Rule texts with parameters: a count may be a name (`ends=left
//! take=1..k`), bound later to a number. A [`RuleSet`] is such a text,
//! checked for its names; [`RuleSet::bind`] gives the [`Game`] once every
//! name has a value ([`Params`]), from `--param k=5` or from a problem's
//! input. A text without names is a game already ([`RuleSet::game`]), and
//! parses with exactly the errors of [`Game`]'s own text form.

use super::{Game, ParamFault, RuleError, MAX_COUNT};
use crate::error::{Error, Result};
use std::fmt;
use std::str::FromStr;

/// Values for the parameters of a rule text: `k=5` each.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Params(Vec<(String, usize)>);

/// One binding, `NAME=COUNT`, as `--param` takes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Param {
    /// The parameter's name.
    pub name: String,
    /// Its value, a count from 1 to [`MAX_COUNT`].
    pub value: usize,
}

impl FromStr for Param {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        let bad = |why| RuleError::Param {
            text: s.to_string(),
            why,
        };
        let (name, value) = s.split_once('=').ok_or_else(|| bad(ParamFault::NoEquals))?;
        if !is_name(name) {
            return Err(bad(ParamFault::NotName(name.to_string())).into());
        }
        let value = match value.parse::<usize>() {
            Ok(k) if (1..=MAX_COUNT).contains(&k) => k,
            _ => return Err(bad(ParamFault::NotCount).into()),
        };
        Ok(Param {
            name: name.to_string(),
            value,
        })
    }
}

impl Params {
    /// The bindings, in order; a name bound twice is an error.
    pub fn new(params: impl IntoIterator<Item = Param>) -> Result<Params> {
        let mut out: Vec<(String, usize)> = Vec::new();
        for Param { name, value } in params {
            if out.iter().any(|(n, _)| *n == name) {
                return Err(RuleError::BoundTwice(name).into());
            }
            out.push((name, value));
        }
        Ok(Params(out))
    }

    /// The value bound to `name`, if any.
    pub fn get(&self, name: &str) -> Option<usize> {
        self.0.iter().find(|(n, _)| n == name).map(|&(_, v)| v)
    }

    /// Whether nothing is bound.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The bindings, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, usize)> {
        self.0.iter().map(|(n, v)| (n.as_str(), *v))
    }

    /// Binds `name` to `value`, in place of its value if it had one.
    pub fn set(&mut self, name: &str, value: usize) {
        match self.0.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = value,
            None => self.0.push((name.to_string(), value)),
        }
    }
}

impl fmt::Display for Params {
    /// `k=5 j=2`, as `--param` takes them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (name, value)) in self.0.iter().enumerate() {
            let space = if i == 0 { "" } else { " " };
            write!(f, "{space}{name}={value}")?;
        }
        Ok(())
    }
}

/// Whether `word` names a parameter: a lowercase letter, then lowercase
/// letters, digits or `_`; `none` is the empty set of counts and `m` the
/// bound of a history-dependent count (`take=1..2m`), so neither is a name.
pub fn is_name(word: &str) -> bool {
    let mut chars = word.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && word != "none"
        && word != "m"
}

/// A rule text whose counts may name parameters. See the module docs.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RuleSet {
    /// The text, trimmed.
    text: String,
    /// Its parameters, in order of first use.
    names: Vec<String>,
    /// The game, when the text names no parameter.
    game: Option<Game>,
}

/// The pieces of the counts of `word` (`take=1..k,7`), each with whether
/// it is a name; `None` for a word that holds no counts.
fn count_pieces(word: &str) -> Option<(&str, Vec<&str>)> {
    let (key, value) = word.split_once('=')?;
    matches!(key, "take" | "delete").then(|| {
        let pieces = value.split(',').flat_map(|item| item.split("..")).collect();
        (key, pieces)
    })
}

impl FromStr for RuleSet {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        let text = s.trim().to_string();
        let mut names: Vec<String> = Vec::new();
        for word in text.split_whitespace() {
            let Some((_, pieces)) = count_pieces(word) else {
                continue;
            };
            for piece in pieces.into_iter().filter(|p| is_name(p)) {
                if !names.iter().any(|n| n == piece) {
                    names.push(piece.to_string());
                }
            }
        }
        // No names: the game's own parse, with its own errors.
        let game = if names.is_empty() {
            Some(text.parse::<Game>()?)
        } else {
            // The rest of the text must be good for some values: every
            // name 1 (`k..3`) or every name the largest count (`3..k`).
            let all = |k: usize| Params(names.iter().map(|n| (n.clone(), k)).collect());
            let low = substitute(&text, &all(1)).parse::<Game>();
            if low.is_err() {
                substitute(&text, &all(MAX_COUNT)).parse::<Game>().or(low)?;
            }
            None
        };
        Ok(RuleSet { text, names, game })
    }
}

/// `text` with each parameter replaced by its value in `params` (names
/// without a value are left as they are).
fn substitute(text: &str, params: &Params) -> String {
    let words: Vec<String> = text
        .split_whitespace()
        .map(|word| match count_pieces(word) {
            None => word.to_string(),
            Some((key, _)) => {
                let value = &word[key.len() + 1..];
                let items: Vec<String> = value
                    .split(',')
                    .map(|item| {
                        item.split("..")
                            .map(|p| match params.get(p) {
                                Some(v) if is_name(p) => v.to_string(),
                                _ => p.to_string(),
                            })
                            .collect::<Vec<_>>()
                            .join("..")
                    })
                    .collect();
                format!("{key}={}", items.join(","))
            }
        })
        .collect();
    words.join(" ")
}

impl From<Game> for RuleSet {
    /// A game's rules, which name no parameter.
    fn from(game: Game) -> RuleSet {
        RuleSet {
            text: game.to_string(),
            names: Vec::new(),
            game: Some(game),
        }
    }
}

impl RuleSet {
    /// The parameters the text names, in order of first use.
    pub fn params(&self) -> &[String] {
        &self.names
    }

    /// The game, when the text names no parameter.
    pub fn game(&self) -> Option<Game> {
        self.game
    }

    /// The game with every parameter bound from `params`. A parameter
    /// without a value is a usage error naming it; so is a value for a
    /// name the text does not use.
    pub fn bind(&self, params: &Params) -> Result<Game> {
        if let Some((name, _)) = params.0.iter().find(|(n, _)| !self.names.contains(n)) {
            return Err(RuleError::UnusedParam {
                name: name.clone(),
                rules: self.text.clone(),
            }
            .into());
        }
        if let Some(name) = self.names.iter().find(|n| params.get(n).is_none()) {
            return Err(RuleError::UnboundParam {
                name: name.clone(),
                rules: self.text.clone(),
            }
            .into());
        }
        match self.game {
            Some(game) => Ok(game),
            None => substitute(&self.text, params).parse(),
        }
    }
}

impl fmt::Display for RuleSet {
    /// The game's canonical name, or the text as written when it has
    /// parameters.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.game {
            Some(game) => write!(f, "{game}"),
            None => f.write_str(&self.text),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(text: &str) -> Params {
        Params::new(text.split_whitespace().map(|p| p.parse().unwrap())).unwrap()
    }

    #[test]
    fn parameters_bind_to_games() {
        let rules: RuleSet = "ends=left take=1..k".parse().unwrap();
        assert_eq!(rules.params(), ["k"]);
        assert_eq!(rules.game(), None);
        let game = rules.bind(&params("k=5")).unwrap();
        assert_eq!(game.to_string(), "ends=left take=1..5");
        assert_eq!(rules.bind(&params("k=3")).unwrap(), Game::STONEGAME3);
        assert_eq!(
            rules.bind(&params("k=100")).unwrap().to_string(),
            "ends=left take=1..100"
        );
        let two: RuleSet = "take=a,b.. delete=b".parse().unwrap();
        assert_eq!(two.params(), ["a", "b"]);
        let game = two.bind(&params("b=4 a=2")).unwrap();
        assert_eq!(game.to_string(), "take=2,4.. delete=4");
        // A text without names is its game.
        let plain: RuleSet = "take=3,1,2".parse().unwrap();
        assert_eq!(plain.game(), Some("take=1..3".parse().unwrap()));
        assert_eq!(
            plain.bind(&Params::default()).unwrap(),
            plain.game().unwrap()
        );
    }

    #[test]
    fn unbound_and_unused_parameters_are_rule_errors() {
        let kind = |err: Error| err.layer::<RuleError>().cloned().expect("a rule error");
        let text = "ends=left take=1..k";
        let rules: RuleSet = text.parse().unwrap();
        let err = rules.bind(&Params::default()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the rules \"ends=left take=1..k\" use the parameter k: give its value, as in --param k=5"
        );
        let (name, rules_text) = ("k".to_string(), text.to_string());
        assert_eq!(
            kind(err),
            RuleError::UnboundParam {
                name,
                rules: rules_text.clone()
            }
        );
        let err = rules.bind(&params("k=2 j=3")).unwrap_err();
        let name = "j".to_string();
        assert_eq!(
            kind(err),
            RuleError::UnusedParam {
                name,
                rules: rules_text
            }
        );
        // Values run backwards for some binding: the range is refused there.
        let low: RuleSet = "take=3..k".parse().unwrap();
        assert!(low.bind(&params("k=2")).is_err());
        assert!(low.bind(&params("k=3")).is_ok());
        for (bad, why) in [
            ("k", ParamFault::NoEquals),
            ("k=0", ParamFault::NotCount),
            ("k=x", ParamFault::NotCount),
            ("K=3", ParamFault::NotName("K".into())),
            ("m=2", ParamFault::NotName("m".into())),
            ("none=1", ParamFault::NotName("none".into())),
            ("k=100000001", ParamFault::NotCount),
        ] {
            let text = bad.to_string();
            let err = kind(bad.parse::<Param>().unwrap_err());
            assert_eq!(err, RuleError::Param { text, why }, "{bad}");
        }
        let twice = Params::new(["k=1".parse().unwrap(), "k=2".parse().unwrap()]);
        assert_eq!(kind(twice.unwrap_err()), RuleError::BoundTwice("k".into()));
        // The rest of the text is checked at once, with the game's errors.
        assert!("take=1..k wrap".parse::<RuleSet>().is_err());
        assert!("take=x1..k".parse::<RuleSet>().is_ok());
        assert!("take=k..3".parse::<RuleSet>().is_ok());
        assert!("take=3..k".parse::<RuleSet>().is_ok());
    }
}

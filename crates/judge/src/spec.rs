//! Problem files: the TOML form of a [`Problem`], read for the built-in
//! problems (whose texts the [`super::catalogue`] embeds from `problems/`)
//! and for `--problem-file` (whose file the command line reads: this module
//! touches no file). The built-in problems as [`Problem`]s
//! ([`Problem::by_name`], [`Problem::all`]) are read here too.
//!
//! Every mistake in a file gets one line naming the file, the key (or the
//! line of a TOML syntax error) and what is accepted there.

use super::catalogue::BUILT_IN;
pub use super::catalogue::{built_in_names, built_in_text};
use super::error::{at, JudgeError, MAX_NAME_BYTES};
use super::instance::ParamLimit;
use super::limits::{InputLimits, Parity};
pub use super::problem::check_trusted_limit;
use super::problem::{Answer, CaseLayout, Cases, Layout, Origin, Problem, Tie, Winner};
use super::template::Template;
use coinline_core::error::Result;
use coinline_core::generate::Span;
use coinline_core::play::Game;
use coinline_core::rules::{Params, RuleSet};
use coinline_spec::read_toml;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::str::FromStr;

/// The built-in problem `name`.
pub fn built_in(name: &str) -> Result<Problem> {
    let text = built_in_text(name)?;
    parse(text, Origin::BuiltIn).map_err(|e| e.within(format!("built-in problem {name}")))
}

/// Every built-in problem, in name order.
pub fn built_ins() -> Vec<Problem> {
    BUILT_IN
        .iter()
        .map(|(name, _)| built_in(name).expect("a unit test reads every built-in problem"))
        .collect()
}

impl Problem {
    /// The built-in problem named `name`.
    pub fn by_name(name: &str) -> Result<Problem> {
        built_in(name)
    }

    /// Every built-in problem, and `lines` with each alias and each simple
    /// answer it accepts.
    pub fn all() -> Vec<Problem> {
        let mut all = Vec::new();
        for problem in built_ins() {
            if problem.adjustable {
                for game in Game::ALL {
                    for (_, answer) in Answer::SIMPLE.iter() {
                        all.extend(
                            problem
                                .clone()
                                .adjusted(Some(game), Some(answer.clone()))
                                .ok(),
                        );
                    }
                }
            } else {
                all.push(problem);
            }
        }
        all
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct File {
    name: String,
    about: String,
    url: Option<String>,
    game: String,
    #[serde(default)]
    adjustable: bool,
    input: InputTable,
    answer: AnswerTable,
    limits: LimitsTable,
    interaction: Option<super::interaction::InteractionTable>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct InputTable {
    cases: String,
    case: String,
    /// Parameters read once, first in the input.
    params: Option<String>,
}

/// `[answer]`, tagged by its `kind`: a key of another kind is refused
/// (struct variants all: serde lets a unit variant's unknown keys through).
#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
enum AnswerTable {
    Difference {
        template: Option<String>,
    },
    First {
        template: Option<String>,
    },
    Second {
        template: Option<String>,
    },
    Totals {
        template: Option<String>,
    },
    WinnerTotal {
        template: Option<String>,
    },
    LoserTotal {
        template: Option<String>,
    },
    Winner {
        #[serde(default)]
        words: Vec<String>,
        tie: Option<String>,
        template: Option<String>,
    },
    Play {
        heuristic: Option<String>,
        template: Option<String>,
    },
}

impl AnswerTable {
    fn template(&self) -> Option<&str> {
        use AnswerTable::*;
        match self {
            Difference { template }
            | First { template }
            | Second { template }
            | Totals { template }
            | WinnerTotal { template }
            | LoserTotal { template }
            | Winner { template, .. }
            | Play { template, .. } => template.as_deref(),
        }
    }
}

// Not `deny_unknown_fields`: the parameters' limits are keys of their own
// (`k = "1..n"`), and any other key is refused by `param_limits`.
#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
struct LimitsTable {
    n: String,
    values: String,
    cases: Option<String>,
    n_parity: Option<String>,
    sum_parity: Option<String>,
    #[serde(default)]
    distinct: bool,
    #[serde(flatten)]
    params: BTreeMap<String, toml::Value>,
}

/// The value of the word `text` (its spaces as one) among `names`, at `key`.
fn one_of<T: Copy>(key: &str, text: &str, names: &[(&'static str, T)]) -> Result<T> {
    let wanted = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if let Some(&(_, value)) = names.iter().find(|(name, _)| *name == wanted) {
        return Ok(value);
    }
    let (text, valid) = (text.to_string(), names.iter().map(|(n, _)| *n).collect());
    Err(at(key, JudgeError::NotOneOf { text, valid }))
}

/// Reads a problem file's text.
pub fn parse(text: &str, origin: Origin) -> Result<Problem> {
    parse_checked(text, origin, true)
}

/// Reads a problem file's text whose expected answers will come from the
/// user's reference program (`stress --reference`): its limits may go
/// beyond the longest board coinline's trusted solver takes.
pub fn parse_for_reference(text: &str, origin: Origin) -> Result<Problem> {
    parse_checked(text, origin, false)
}

fn parse_checked(text: &str, origin: Origin, trusted_limit: bool) -> Result<Problem> {
    let file: File = read_toml(text).map_err(JudgeError::ProblemToml)?;
    let name = file.name.trim().to_string();
    if name.is_empty()
        || name.len() > MAX_NAME_BYTES
        || !name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    {
        return Err(at("name", JudgeError::BadName { name }));
    }
    let rules = RuleSet::from_str(&file.game).map_err(|e| at("game", e))?;
    // The case's layout without the parameters it names (`n k values`).
    let case_words: Vec<&str> = file.input.case.split_whitespace().collect();
    let is_param = |w: &&str| rules.params().iter().any(|p| p == w);
    let plain: Vec<&str> = case_words
        .iter()
        .copied()
        .filter(|w| !is_param(w))
        .collect();
    let layout = Layout {
        cases: one_of("input.cases", &file.input.cases, &Cases::NAMES)?,
        case: one_of("input.case", &plain.join(" "), &CaseLayout::NAMES)?,
    };
    let per_case: Vec<&str> = case_words.iter().copied().filter(is_param).collect();
    let params = param_limits(text, &file, &rules, &per_case, layout)?;
    if file.adjustable && !params.is_empty() {
        return Err(at("adjustable", JudgeError::AdjustableWithParams));
    }
    if layout.cases == Cases::UntilZero && layout.case != CaseLayout::LengthFirst {
        return Err(at("input.cases", JudgeError::UntilZeroNeedsLength));
    }
    // The game at the widest values: what the limits are checked against.
    let (mut bound, n) = (Params::default(), limits_n(&file)?);
    for p in &params {
        bound.set(&p.name, p.widest(n));
    }
    let game = rules.bind(&bound).map_err(|e| at("game", e))?;
    let answer = answer(&file.answer)?;
    if let Some(why) = answer.refusal(game) {
        // A play answer is refused for its heuristic, which has its own key.
        let key = match answer {
            Answer::Play(_) => "answer.heuristic",
            _ => "answer.kind",
        };
        return Err(at(key, why));
    }
    let template = file
        .answer
        .template()
        .map(Template::parse)
        .transpose()
        .map_err(|e| at("answer.template", e))?;
    let limits = limits(&file.limits, layout, game)?;
    if let Answer::Play(h) = &answer {
        if h == "parity" && !(game.are_coins() && limits.n_parity == Some(Parity::Even)) {
            return Err(at("answer.heuristic", JudgeError::ParityNeedsEvenCoins));
        }
    } else if trusted_limit {
        check_trusted_limit(game, &limits)?;
    }
    Ok(Problem {
        name,
        about: file.about.trim().to_string(),
        url: file.url,
        game,
        rules,
        params,
        layout,
        answer,
        template,
        limits,
        adjustable: file.adjustable,
        origin,
        interaction: file
            .interaction
            .as_ref()
            .map(|t| super::interaction::parse(t, game))
            .transpose()?,
    })
}

fn answer(table: &AnswerTable) -> Result<Answer> {
    let (words, tie) = match table {
        AnswerTable::Difference { .. } => return Ok(Answer::Difference),
        AnswerTable::First { .. } => return Ok(Answer::First),
        AnswerTable::Second { .. } => return Ok(Answer::Second),
        AnswerTable::Totals { .. } => return Ok(Answer::Totals),
        AnswerTable::WinnerTotal { .. } => return Ok(Answer::WinnerTotal),
        AnswerTable::LoserTotal { .. } => return Ok(Answer::LoserTotal),
        AnswerTable::Play { heuristic, .. } => {
            return match heuristic {
                Some(h) => Ok(Answer::Play(h.trim().to_string())),
                None => Err(at("answer.heuristic", JudgeError::PlayNeedsHeuristic)),
            }
        }
        AnswerTable::Winner { words, tie, .. } => (words, tie),
    };
    for w in words {
        if w.is_empty() || w.chars().any(char::is_whitespace) {
            let word = w.clone();
            return Err(at("answer.words", JudgeError::NotOneWord { word }));
        }
    }
    let distinct = |ws: &[String]| ws.iter().enumerate().all(|(i, w)| !ws[..i].contains(w));
    if !distinct(words) {
        return Err(at("answer.words", JudgeError::WordsRepeat));
    }
    let tie = match (words.len(), tie.as_deref().map(str::trim)) {
        (2, Some("first")) => Tie::First,
        (2, Some("second")) => Tie::Second,
        (2, Some(other)) => {
            let tie = other.to_string();
            return Err(at("answer.tie", JudgeError::BadTie { tie }));
        }
        (2, None) => return Err(at("answer.tie", JudgeError::TieMissing)),
        (3, None) => Tie::Word(words[2].clone()),
        (3, Some(_)) => return Err(at("answer.tie", JudgeError::TieTwice)),
        _ => return Err(at("answer.words", JudgeError::WordCount)),
    };
    Ok(Answer::Winner(Winner {
        first: words[0].clone(),
        second: words[1].clone(),
        tie,
    }))
}

/// The lengths of `limits.n`.
fn limits_n(file: &File) -> Result<Span<usize>> {
    file.limits.n.parse().map_err(|e| at("limits.n", e))
}

/// Where each parameter of `rules` is read (`input.params`, or after the
/// case's length as `case` names it) and its limit (`limits.NAME`); any
/// other key of `[limits]` is refused with its line.
fn param_limits(
    text: &str,
    file: &File,
    rules: &RuleSet,
    per_case: &[&str],
    layout: Layout,
) -> Result<Vec<ParamLimit>> {
    if let Some(key) = file
        .limits
        .params
        .keys()
        .find(|k| !rules.params().contains(k))
    {
        let line = key_line(text, "limits", key);
        let key = key.clone();
        Err(JudgeError::UnknownLimitsKey { key, line })?;
    }
    let per_input: Vec<&str> = file
        .input
        .params
        .as_deref()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    for name in &per_input {
        if !rules.params().iter().any(|p| p == name) {
            let (name, rules) = (name.to_string(), file.game.clone());
            return Err(at(
                "input.params",
                JudgeError::NotAParameter { name, rules },
            ));
        }
    }
    let words: Vec<&str> = file.input.case.split_whitespace().collect();
    if !per_case.is_empty() {
        let expected: Vec<&str> = ["n"]
            .into_iter()
            .chain(per_case.iter().copied())
            .chain(["values"])
            .collect();
        if layout.case != CaseLayout::LengthFirst || words != expected {
            let case = expected.join(" ");
            return Err(at("input.case", JudgeError::ParamsAfterLength { case }));
        }
    }
    let mut out = Vec::new();
    for name in rules.params() {
        let case = per_case.contains(&name.as_str());
        let input = per_input.contains(&name.as_str());
        if case == input {
            let name = name.clone();
            return Err(at("input", JudgeError::ParamReadOnce { name }));
        }
        let key = format!("limits.{name}");
        let range = match file.limits.params.get(name) {
            Some(toml::Value::String(s)) => s.clone(),
            Some(toml::Value::Integer(i)) => i.to_string(),
            Some(_) => return Err(at(&key, JudgeError::RangeNotText)),
            None => {
                let name = name.clone();
                return Err(at(&key, JudgeError::RangeMissing { name }));
            }
        };
        out.push(ParamLimit::parse(name, case, &range).map_err(|e| at(&key, e))?);
    }
    // Read in the input's order: the input's first, then each case's.
    out.sort_by_key(|p| {
        let position = match p.per_case {
            true => per_case.iter().position(|n| *n == p.name),
            false => per_input.iter().position(|n| *n == p.name),
        };
        (p.per_case, position)
    });
    Ok(out)
}

/// The line of `key` in the table `[table]` of a problem file's text.
fn key_line(text: &str, table: &str, key: &str) -> Option<usize> {
    let header = format!("[{table}]");
    let start = text.lines().position(|l| l.trim() == header)?;
    text.lines()
        .enumerate()
        .skip(start + 1)
        .find(|(_, l)| {
            l.trim_start()
                .strip_prefix(key)
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        })
        .map(|(i, _)| i + 1)
}

fn limits(table: &LimitsTable, layout: Layout, game: Game) -> Result<InputLimits> {
    let n: Span<usize> = table.n.parse().map_err(|e| at("limits.n", e))?;
    let values: Span<i64> = table.values.parse().map_err(|e| at("limits.values", e))?;
    let cases: Span<usize> = match (&table.cases, layout.cases) {
        (None, Cases::One) => Span { lo: 1, hi: 1 },
        (Some(c), Cases::One) if c.trim() != "1" && c.trim() != "1..1" => {
            return Err(at("limits.cases", JudgeError::OneCase))
        }
        (Some(_), Cases::One) => Span { lo: 1, hi: 1 },
        (None, _) => return Err(at("limits.cases", JudgeError::CasesRangeMissing)),
        (Some(c), _) => c.parse().map_err(|e| at("limits.cases", e))?,
    };
    let parity = |key: &str, text: &Option<String>| {
        text.as_deref()
            .map(|t| t.parse::<Parity>().map_err(|e| at(key, e)))
            .transpose()
    };
    let limits = InputLimits {
        n,
        values,
        cases,
        n_parity: parity("limits.n-parity", &table.n_parity)?,
        sum_parity: parity("limits.sum-parity", &table.sum_parity)?,
        distinct: table.distinct,
    };
    limits.validate(game).map_err(|e| at("limits", e))?;
    Ok(limits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ProblemFileError;
    use coinline_core::error::Error;

    /// The key path a problem file's error names (`Some(None)` for none),
    /// or `None` for an error of another kind.
    fn key_of(err: &Error) -> Option<Option<String>> {
        if let Some(at) = err.layer::<ProblemFileError>() {
            return Some(Some(at.key.clone()));
        }
        match err.layer::<JudgeError>()? {
            JudgeError::ProblemToml(e) => Some(e.key.clone()),
            JudgeError::UnknownLimitsKey { key, .. } => Some(Some(format!("limits.{key}"))),
            _ => None,
        }
    }

    #[test]
    fn every_built_in_problem_reads_and_is_named_like_its_file() {
        for (name, _) in BUILT_IN {
            let problem = built_in(name).unwrap();
            assert_eq!(problem.name(), name);
            assert!(!problem.about().is_empty());
        }
        assert!(built_in("nonesuch").is_err());
    }

    const TAKE_TWO: &str = r#"
name = "take-two"
about = "Take 1 or 2 from either end; print the first player's total."
game = "take=1..2"
[input]
cases = "one"
case = "n values"
[answer]
kind = "first"
[limits]
n = "1..100"
values = "0..1000"
"#;

    #[test]
    fn a_user_file_reads() {
        let p = parse(TAKE_TWO, Origin::BuiltIn).unwrap();
        assert_eq!(p.game().to_string(), "take=1,2");
        assert_eq!(p.answer(), &Answer::First);
        assert_eq!(p.limits().n, Span { lo: 1, hi: 100 });
    }

    #[test]
    fn templates_and_the_totals_kinds_read() {
        let text = TAKE_TWO.replacen(
            "kind = \"first\"",
            "kind = \"winner-total\"\ntemplate = \"Game #{case}: {answer}\"",
            1,
        );
        let p = parse(&text, Origin::BuiltIn).unwrap();
        assert_eq!(p.answer(), &Answer::WinnerTotal);
        assert_eq!(p.template().unwrap().text(), "Game #{case}: {answer}");
        let text = TAKE_TWO.replacen("kind = \"first\"", "kind = \"loser-total\"", 1);
        assert_eq!(
            parse(&text, Origin::BuiltIn).unwrap().answer(),
            &Answer::LoserTotal
        );
        let refused = text.replacen("take=1..2", "take=1 delete=2", 1);
        let e = parse(&refused, Origin::BuiltIn).unwrap_err().to_string();
        assert!(
            e.starts_with("answer.kind: answer loser-total is refused"),
            "{e}"
        );
    }

    /// A parameter read once per input (first, before the number of
    /// cases) and one per case (after n), bound per case; written back as
    /// read; a value of 0 refused with its line.
    #[test]
    fn parameters_are_read_from_the_input() {
        use crate::stream::parse_input;
        let text = TAKE_TWO
            .replacen("take=1..2", "take=1..k delete=j", 1)
            .replacen("cases = \"one\"", "cases = \"count\"\nparams = \"j\"", 1)
            .replacen("case = \"n values\"", "case = \"n k values\"", 1)
            .replacen("kind = \"first\"", "kind = \"difference\"", 1)
            .replacen(
                "[limits]",
                "[limits]\ncases = \"1..5\"\nk = \"1..n\"\nj = \"2..3\"",
                1,
            );
        let p = parse(&text, Origin::BuiltIn).unwrap();
        let names: Vec<&str> = p.params().iter().map(|l| l.name.as_str()).collect();
        assert_eq!(names, ["j", "k"]);
        let input = "3\n2\n4 1\n8 15 3 7\n3 3\n1 2 3\n";
        let cases = parse_input(&p, input).unwrap();
        assert_eq!(cases[0].params.to_string(), "j=3 k=1");
        assert_eq!(cases[1].params.to_string(), "j=3 k=3");
        assert_eq!(p.write_input(&cases), input);
        assert_eq!(
            p.game_of(&cases[1].params).unwrap().to_string(),
            "take=1..3 delete=3"
        );
        // Each case's answer in its own game: 8 15 3 7 with one value at a
        // time and a delete of 3 is 8 - 7 = 1... as the trusted solver says.
        let game = p.game_of(&cases[0].params).unwrap();
        let solved = coinline_core::solve::solve(
            &coinline_core::solve::Generic,
            game,
            &cases[0].board,
            false,
        )
        .unwrap();
        assert_eq!(
            p.expected(&cases[0]).unwrap(),
            super::super::problem::Reply::Number(solved.difference)
        );
        let err = parse_input(&p, "3\n2\n4 0\n8 15 3 7\n")
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            "line 3: the parameter k of case 1 is 0; it must be a count from 1 to 100000000"
        );
        let err = parse_input(&p, "").unwrap_err().to_string();
        assert!(err.contains("expected the parameter j"), "{err}");
        // Generated cases keep the limits: k at most n, j the input's.
        let cases = p.generate(&p.limits(), 4, 0, 30);
        for c in &cases {
            assert!(
                super::super::instance::params_breach(p.params(), c).is_none(),
                "{c}"
            );
        }
        assert!(cases
            .iter()
            .all(|c| c.params.get("j") == cases[0].params.get("j")));
    }

    #[test]
    fn every_mistake_gets_one_line_naming_the_key() {
        #[derive(serde::Deserialize)]
        struct Mistake {
            from: String,
            to: String,
            message: String,
        }
        #[derive(serde::Deserialize)]
        struct File {
            mistake: Vec<Mistake>,
        }
        let file = include_str!("../../../tests/data/problem_file_mistakes.toml");
        let cases = toml::from_str::<File>(file).unwrap().mistake;
        for Mistake { from, to, message } in cases {
            let (from, to, wanted) = (from.as_str(), to.as_str(), message.as_str());
            assert!(TAKE_TWO.contains(from), "{from}");
            let text = TAKE_TWO.replacen(from, to, 1);
            let err = parse(&text, Origin::BuiltIn).unwrap_err();
            let e = err.to_string();
            assert!(e.contains(wanted), "{to}: got {e:?}, wanted {wanted:?}");
            assert!(!e.contains('\n'), "{to}: {e:?}");
            // The kind names the key the message starts with.
            let named = wanted.split(':').next().filter(|k| !k.contains(' '));
            let key =
                key_of(&err).unwrap_or_else(|| panic!("{to}: {err:?} is not a problem file's"));
            assert_eq!(key.as_deref(), named, "{to}: {e:?}");
        }
    }

    /// A key of another answer kind is refused, one test per kind: the
    /// message and the error's key name the key path, the message its line.
    #[test]
    fn a_key_of_another_answer_kind_is_refused_naming_it() {
        let kinds = [
            ("difference", "words = [\"a\", \"b\", \"c\"]", "words"),
            ("first", "heuristic = \"greedy\"", "heuristic"),
            ("second", "tie = \"first\"", "tie"),
            ("totals", "words = [\"a\", \"b\", \"c\"]", "words"),
            ("winner-total", "heuristic = \"greedy\"", "heuristic"),
            ("loser-total", "tie = \"second\"", "tie"),
            ("winner", "heuristic = \"greedy\"", "heuristic"),
            ("play", "words = [\"a\", \"b\", \"c\"]", "words"),
        ];
        for (kind, line, key) in kinds {
            let extra = match kind {
                "winner" => "words = [\"A\", \"B\", \"T\"]\n",
                "play" => "heuristic = \"greedy\"\n",
                _ => "",
            };
            let good = TAKE_TWO.replacen(
                "kind = \"first\"\n",
                &format!("kind = \"{kind}\"\n{extra}template = \"{{answer}}\"\n"),
                1,
            );
            parse(&good, Origin::BuiltIn).unwrap_or_else(|e| panic!("{kind}: {e}"));
            let bad = good.replacen("template =", &format!("{line}\ntemplate ="), 1);
            let err = parse(&bad, Origin::BuiltIn).unwrap_err();
            let row = 1 + bad[..bad.find(line).unwrap()].matches('\n').count();
            let wanted = format!("line {row}: answer.{key}: unknown field `{key}`, expected ");
            assert!(err.to_string().starts_with(&wanted), "{kind}: {err}");
            assert_eq!(key_of(&err), Some(Some(format!("answer.{key}"))), "{kind}");
        }
    }
}

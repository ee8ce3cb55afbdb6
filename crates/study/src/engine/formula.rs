//! `kind = "formula"`: one board per value of a parameter k, written as a
//! word such as `0 0 (k 1)^k` (two 0s, then k times the pair k 1). An item
//! is a whole number, `k` or `-k`, or a group `( ... )`; `^COUNT` after an
//! item repeats it COUNT times (a number or k). Lists of families of
//! boards that no enumeration reaches (k = 256 gives 514 values).

use crate::{FormulaProblem, StudyError};
use coinline_core::error::{Error, Result};

/// Each k with its board.
pub type Family = Vec<(i64, Vec<i64>)>;

/// The boards of `formula` for each of `ks`, and their lengths (increasing,
/// each once); refused past 2^20 values in all, before more are built.
pub fn family(formula: &str, ks: Vec<usize>) -> Result<(Vec<usize>, Family)> {
    let mut values = 0;
    let boards: Family = (ks.into_iter())
        .map(|k| {
            let board = expand(formula, k as i64)?;
            values += board.len();
            let long = (values > LONGEST).then(|| bad(formula, FormulaProblem::TooLong));
            long.map_or(Ok((k as i64, board)), Err)
        })
        .collect::<Result<_>>()?;
    let mut n: Vec<usize> = boards.iter().map(|(_, b)| b.len()).collect();
    n.sort_unstable();
    n.dedup();
    Ok((n, boards))
}

/// The board of `formula` at `k`.
pub fn expand(formula: &str, k: i64) -> Result<Vec<i64>> {
    let spaced = (formula.replace('(', " ( ").replace(')', " ) ")).replace('^', " ^ ");
    let words: Vec<&str> = spaced.split_whitespace().collect();
    // Every word is known before the structure is read.
    let unknown = |w: &&&str| !matches!(**w, "(" | ")" | "^") && value(w, k).is_none();
    if let Some(w) = words.iter().find(unknown) {
        return Err(bad(formula, FormulaProblem::UnknownWord(w.to_string())));
    }
    let mut at = 0;
    let values = sequence(&words, &mut at, k, formula)?;
    if at != words.len() {
        return Err(bad(formula, FormulaProblem::UnopenedParen));
    }
    if values.is_empty() {
        return Err(bad(formula, FormulaProblem::Empty));
    }
    Ok(values)
}

/// The most values a formula's board may have.
const LONGEST: usize = 1 << 20;

fn bad(formula: &str, why: FormulaProblem) -> Error {
    let text = formula.to_string();
    StudyError::Formula { text, why }.into()
}

/// The value at `k` of a word that is a number, `k` or `-k`.
fn value(word: &str, k: i64) -> Option<i64> {
    match word {
        "k" => Some(k),
        "-k" => Some(-k),
        w => w.parse().ok(),
    }
}

fn sequence(words: &[&str], at: &mut usize, k: i64, formula: &str) -> Result<Vec<i64>> {
    let mut out: Vec<i64> = Vec::new();
    while let Some(&w) = words.get(*at) {
        let item = match w {
            ")" => break,
            "^" => return Err(bad(formula, FormulaProblem::PowerFirst)),
            "(" => {
                *at += 1;
                let inner = sequence(words, at, k, formula)?;
                if words.get(*at) != Some(&")") {
                    return Err(bad(formula, FormulaProblem::UnclosedParen));
                }
                inner
            }
            w => vec![value(w, k).expect("expand knows every word")],
        };
        *at += 1;
        let mut count = 1;
        if words.get(*at) == Some(&"^") {
            count = (words.get(*at + 1).filter(|c| **c != "-k"))
                .and_then(|c| value(c, k).filter(|c| *c >= 0))
                .ok_or_else(|| bad(formula, FormulaProblem::BadCount))?;
            *at += 2;
        }
        let count = usize::try_from(count).unwrap_or(usize::MAX);
        if item.len().saturating_mul(count).saturating_add(out.len()) > LONGEST {
            return Err(bad(formula, FormulaProblem::TooLong));
        }
        for _ in 0..count {
            out.extend(&item);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_expand_and_bad_ones_are_refused() {
        assert_eq!(expand("0 0 (k 1)^k", 2).unwrap(), [0, 0, 2, 1, 2, 1]);
        assert_eq!(
            expand("0 0 (k 1)^k 1 (k 1)^k", 1).unwrap(),
            [0, 0, 1, 1, 1, 1, 1]
        );
        assert_eq!(expand("(-k 3^2)^2", 4).unwrap(), [-4, 3, 3, -4, 3, 3]);
        for (wrong, problem) in [
            ("(1 2", FormulaProblem::UnclosedParen),
            ("1 2)", FormulaProblem::UnopenedParen),
            ("^2", FormulaProblem::PowerFirst),
            ("1 ^", FormulaProblem::BadCount),
            ("1 x", FormulaProblem::UnknownWord("x".into())),
            ("(1)^0", FormulaProblem::Empty),
            ("1^-1", FormulaProblem::BadCount),
        ] {
            let err = expand(wrong, 3).unwrap_err();
            let why = match err.layer::<StudyError>() {
                Some(StudyError::Formula { text, why }) if text == wrong => why,
                _ => panic!("{wrong}: {err}"),
            };
            assert_eq!(*why, problem, "{wrong}");
        }
    }
}

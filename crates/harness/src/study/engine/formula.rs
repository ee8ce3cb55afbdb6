//! `kind = "formula"`: one board per value of a parameter k, written as a
//! word such as `0 0 (k 1)^k` (two 0s, then k times the pair k 1). An item
//! is a whole number, `k` or `-k`, or a group `( ... )`; `^COUNT` after an
//! item repeats it COUNT times (a number or k). Lists of families of
//! boards that no enumeration reaches (k = 256 gives 514 values).

use super::spec::Source;
use coinline_core::error::{quote, Error, Result};

/// The source of `formula` for each k of `k` (`1..4,8,16`).
pub fn source(formula: &str, k: &str) -> Result<Source> {
    let ks = super::spec::lengths(k).map_err(|e| e.within("source.k".to_string()))?;
    let mut boards = Vec::new();
    for k in ks {
        boards.push((k as i64, expand(formula, k as i64)?));
    }
    let mut n: Vec<usize> = boards.iter().map(|(_, b)| b.len()).collect();
    n.sort_unstable();
    n.dedup();
    Ok(Source::Formula { n, boards })
}

/// The board of `formula` at `k`.
pub fn expand(formula: &str, k: i64) -> Result<Vec<i64>> {
    let tokens = tokenize(formula)?;
    let mut at = 0;
    let values = sequence(&tokens, &mut at, k, formula)?;
    if at != tokens.len() {
        return Err(bad(formula, "a ) without its ("));
    }
    if values.is_empty() {
        return Err(bad(formula, "the board is empty"));
    }
    Ok(values)
}

/// The most values a formula's board may have.
const LONGEST: usize = 1 << 20;

fn bad(formula: &str, why: &str) -> Error {
    Error::usage(format!("source.formula {}: {why}", quote(formula)))
}

#[derive(Clone, Debug, PartialEq)]
enum Token {
    Num(i64),
    K(i64),
    Open,
    Close,
    Power,
}

fn tokenize(formula: &str) -> Result<Vec<Token>> {
    let mut out = Vec::new();
    let spaced = formula
        .replace('(', " ( ")
        .replace(')', " ) ")
        .replace('^', " ^ ");
    for word in spaced.split_whitespace() {
        out.push(match word {
            "(" => Token::Open,
            ")" => Token::Close,
            "^" => Token::Power,
            "k" => Token::K(1),
            "-k" => Token::K(-1),
            w => Token::Num(w.parse().map_err(|_| {
                bad(
                    formula,
                    &format!("{} is not a number, k, -k, (, ) or ^", quote(w)),
                )
            })?),
        });
    }
    Ok(out)
}

fn sequence(tokens: &[Token], at: &mut usize, k: i64, formula: &str) -> Result<Vec<i64>> {
    let mut out: Vec<i64> = Vec::new();
    while let Some(t) = tokens.get(*at) {
        let item = match t {
            Token::Close => break,
            Token::Power => return Err(bad(formula, "^ must follow an item")),
            Token::Num(v) => vec![*v],
            Token::K(sign) => vec![sign * k],
            Token::Open => {
                *at += 1;
                let inner = sequence(tokens, at, k, formula)?;
                if tokens.get(*at) != Some(&Token::Close) {
                    return Err(bad(formula, "a ( without its )"));
                }
                inner
            }
        };
        *at += 1;
        let mut count = 1;
        if tokens.get(*at) == Some(&Token::Power) {
            count = match tokens.get(*at + 1) {
                Some(Token::Num(c)) if *c >= 0 => *c,
                Some(Token::K(1)) if k >= 0 => k,
                _ => return Err(bad(formula, "^ takes a count: a number or k, not negative")),
            };
            *at += 2;
        }
        let count = usize::try_from(count).unwrap_or(usize::MAX);
        if item.len().saturating_mul(count).saturating_add(out.len()) > LONGEST {
            return Err(bad(formula, "the board has more than 2^20 values"));
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
        for wrong in ["(1 2", "1 2)", "^2", "1 ^", "1 x", "(1)^0", "1^-1"] {
            assert!(expand(wrong, 3).is_err(), "{wrong}");
        }
    }
}

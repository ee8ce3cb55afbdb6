//! The text checks of the `parse` target: a value printed parses back to
//! itself, an error is one line, the streaming board reader agrees with the
//! whole-text one, and rule texts with parameters bind to games that
//! round-trip. Each returns the finding as a message.

use coinline_core::board::Board;
use coinline_core::play::Game;
use std::fmt;

/// The streaming board reader ([`Board::read`]) on the raw bytes, handed
/// out 1, 3 and 7 bytes at a time so that tokens and UTF-8 characters
/// straddle reads: the same board or the same error as [`Board::parse`] of
/// the text (when the bytes are UTF-8; otherwise an error exactly when the
/// text gives one).
pub(super) fn check_streamed_board(bytes: &[u8], text: &str) -> Result<(), String> {
    let whole = Board::parse(text);
    for size in [1, 3, 7] {
        let streamed = Board::read(std::io::BufReader::with_capacity(size, bytes));
        let agree = if std::str::from_utf8(bytes).is_ok() {
            streamed == whole
        } else {
            streamed.is_ok() == whole.is_ok() && streamed.as_ref().ok() == whole.as_ref().ok()
        };
        if !agree {
            return Err(format!(
                "board read {size} bytes at a time from {text:?} gives {streamed:?}, parsed whole {whole:?}"
            ));
        }
        if let Err(e) = &streamed {
            one_line("streamed board", text, &e.to_string())?;
        }
    }
    Ok(())
}

/// A rule text with parameters: it prints and parses back to the same
/// parameters, and binding each to 1, 2 or 1000 gives a game whose text
/// round-trips, or a one-line error.
pub(super) fn check_rule_set(text: &str) -> Result<(), String> {
    use coinline_core::rules::{Params, RuleSet};
    let rules = match text.parse::<RuleSet>() {
        Ok(rules) => rules,
        Err(e) => return one_line("rule set", text, &e.to_string()),
    };
    let back = rules.to_string().parse::<RuleSet>();
    let names = |r: &RuleSet| r.params().to_vec();
    same("rule set", text, &names(&rules), &back.map(|r| names(&r)))?;
    for value in [1, 2, 1000] {
        let mut params = Params::default();
        rules.params().iter().for_each(|n| params.set(n, value));
        match rules.bind(&params) {
            Ok(game) => same(
                "bound rules",
                text,
                &game,
                &game.to_string().parse::<Game>(),
            )?,
            Err(e) => one_line("bound rules", text, &e.to_string())?,
        }
    }
    Ok(())
}

/// Parses `text` as a `T`; a value must print and parse back to itself, an
/// error must be one non-empty line.
pub(super) fn round_trip<T>(what: &str, text: &str) -> Result<(), String>
where
    T: std::str::FromStr<Err = coinline_core::Error> + fmt::Display + fmt::Debug + PartialEq,
{
    match text.parse::<T>() {
        Ok(value) => same(what, text, &value, &value.to_string().parse::<T>()),
        Err(e) => one_line(what, text, &e.to_string()),
    }
}

pub(super) fn same<T: fmt::Debug + PartialEq>(
    what: &str,
    text: &str,
    value: &T,
    back: &coinline_core::Result<T>,
) -> Result<(), String> {
    match back {
        Ok(back) if back == value => Ok(()),
        _ => Err(format!(
            "{what} parsed from {text:?} as {value:?} does not print and parse back: {back:?}"
        )),
    }
}

pub(super) fn one_line(what: &str, text: &str, message: &str) -> Result<(), String> {
    if message.trim().is_empty() || message.contains('\n') {
        return Err(format!(
            "{what} parser's error on {text:?} is not one line: {message:?}"
        ));
    }
    Ok(())
}

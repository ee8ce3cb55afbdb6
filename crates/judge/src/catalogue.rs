//! The catalogue of built-in problems: the TOML files under `problems/`,
//! embedded in the binary, and their lookup by name. Reading a file's text
//! into a `Problem` is the work of the `spec` module, which re-exports
//! these functions; this module knows only names and texts, so it imports
//! nothing of the judge.

use coinline_core::error::{Error, Result};

/// Each name with the text of `problems/NAME.toml`.
macro_rules! built_in {
    ($($name:literal),* $(,)?) => {
        [$(($name, include_str!(concat!("../../../problems/", $name, ".toml")))),*]
    };
}

/// The built-in problems: each name with its file's text.
pub const BUILT_IN: [(&str, &str); 19] = built_in![
    "algospot-numbergame",
    "atcoder-dp-l",
    "boj-11062",
    "cards-in-a-line",
    "codeforces-381a",
    "cses-removal-game",
    "even-coins-first",
    "even-coins-words",
    "leetcode-1140",
    "leetcode-1406",
    "leetcode-1690",
    "leetcode-1872",
    "leetcode-486",
    "leetcode-877",
    "lightoj-1031",
    "lines",
    "lintcode-395",
    "take-k",
    "uva-10891",
];

/// The names of the built-in problems.
pub fn built_in_names() -> Vec<&'static str> {
    BUILT_IN.iter().map(|(name, _)| *name).collect()
}

/// The built-in problem `name`'s file text.
pub fn built_in_text(name: &str) -> Result<&'static str> {
    BUILT_IN
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name.trim()))
        .map(|(_, text)| *text)
        .ok_or_else(|| Error::unknown("problem", name, &built_in_names()))
}

//! The catalogue of built-in problems: the TOML files under `problems/`,
//! embedded in the binary, and their lookup by name. Reading a file's text
//! into a `Problem` is the work of the `spec` module, which re-exports
//! these functions; this module knows only names and texts, so it imports
//! nothing of the judge.

use coinline_core::error::{Error, Result};

/// The built-in problems: each name with its file's text.
pub const BUILT_IN: [(&str, &str); 19] = [
    (
        "algospot-numbergame",
        include_str!("../../../problems/algospot-numbergame.toml"),
    ),
    (
        "atcoder-dp-l",
        include_str!("../../../problems/atcoder-dp-l.toml"),
    ),
    (
        "boj-11062",
        include_str!("../../../problems/boj-11062.toml"),
    ),
    (
        "cards-in-a-line",
        include_str!("../../../problems/cards-in-a-line.toml"),
    ),
    (
        "codeforces-381a",
        include_str!("../../../problems/codeforces-381a.toml"),
    ),
    (
        "cses-removal-game",
        include_str!("../../../problems/cses-removal-game.toml"),
    ),
    (
        "even-coins-first",
        include_str!("../../../problems/even-coins-first.toml"),
    ),
    (
        "even-coins-words",
        include_str!("../../../problems/even-coins-words.toml"),
    ),
    (
        "leetcode-1140",
        include_str!("../../../problems/leetcode-1140.toml"),
    ),
    (
        "leetcode-1406",
        include_str!("../../../problems/leetcode-1406.toml"),
    ),
    (
        "leetcode-1690",
        include_str!("../../../problems/leetcode-1690.toml"),
    ),
    (
        "leetcode-1872",
        include_str!("../../../problems/leetcode-1872.toml"),
    ),
    (
        "leetcode-486",
        include_str!("../../../problems/leetcode-486.toml"),
    ),
    (
        "leetcode-877",
        include_str!("../../../problems/leetcode-877.toml"),
    ),
    (
        "lightoj-1031",
        include_str!("../../../problems/lightoj-1031.toml"),
    ),
    ("lines", include_str!("../../../problems/lines.toml")),
    (
        "lintcode-395",
        include_str!("../../../problems/lintcode-395.toml"),
    ),
    ("take-k", include_str!("../../../problems/take-k.toml")),
    (
        "uva-10891",
        include_str!("../../../problems/uva-10891.toml"),
    ),
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

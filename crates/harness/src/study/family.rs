//! Families of boards on which greedy keeps a vanishing share of the total.
//!
//! - `even`: `0 0` then `k 1` repeated k times (n = 2k + 2). Greedy sees a 1
//!   against a 0 and takes the 1, which uncovers a k for the opponent.
//!   Optimal play takes the first 0 and then every k.
//! - `odd`: `0 0`, then `k 1` repeated k times, a 1, and `k 1` repeated k
//!   times again (n = 4k + 3). Greedy again takes only 1s; optimal play keeps
//!   about half, which is the most any first player can be sure of with odd
//!   n and non-negative values when greedy's share is small (see the
//!   findings).
//!
//! Each board is put through the full check (minimax up to its check
//! limit); the shares are read from the checked results.

use super::stats::Stats;
use super::table::CsvTable;
use coinline_core::board::Board;
use coinline_core::check::{check_builtin, CheckConfig};
use coinline_core::play::Game;
use coinline_core::solve::totals_from_difference;

/// The family sizes k in the report.
pub const SIZES: [i64; 10] = [1, 2, 3, 4, 8, 16, 32, 64, 128, 256];

/// Boards longer than this are named by their formula only in the CSV.
const PRINTED_LENGTH: usize = 40;

/// A family of boards indexed by k.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// `0 0 (k 1)^k`.
    Even,
    /// `0 0 (k 1)^k 1 (k 1)^k`.
    Odd,
}

impl Family {
    /// Both families, in report order.
    pub const ALL: [Family; 2] = [Family::Even, Family::Odd];

    /// The name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Family::Even => "even",
            Family::Odd => "odd",
        }
    }

    /// The formula, as printed in reports.
    pub fn formula(self) -> &'static str {
        match self {
            Family::Even => "0 0 (k 1)^k",
            Family::Odd => "0 0 (k 1)^k 1 (k 1)^k",
        }
    }

    /// The board of size `k` (k >= 1).
    pub fn board(self, k: i64) -> Board {
        let pairs = |count: i64| (0..count).flat_map(move |_| [k, 1]);
        let mut values = vec![0, 0];
        values.extend(pairs(k));
        if self == Family::Odd {
            values.push(1);
            values.extend(pairs(k));
        }
        Board::new(values).expect("family values are small")
    }
}

const HEADER: [&str; 13] = [
    "family",
    "formula",
    "k",
    "n",
    "sum",
    "optimal_first",
    "optimal_share",
    "greedy_first",
    "greedy_share",
    "optimal_difference",
    "greedy_difference",
    "solvers",
    "board",
];

fn share(part: i64, whole: i64) -> String {
    if whole == 0 {
        String::new()
    } else {
        format!("{:.6}", part as f64 / whole as f64)
    }
}

fn row(family: Family, k: i64) -> Vec<(&'static str, String)> {
    let board = family.board(k);
    let report = check_builtin(Game::COINS, &board, &CheckConfig::default());
    let mut stats = Stats::default();
    stats.add(0, &report);
    let sum = board.sum();
    let opt = |v: Option<i64>| v.map(|v| v.to_string()).unwrap_or_default();
    let optimal_first = report
        .value
        .map(|d| totals_from_difference(&board, d).first);
    let greedy = report.performance_of("greedy");
    let greedy_first = greedy.map(|p| p.totals.first);
    // A failed check leaves the solver list empty: the row then shows it.
    let solvers = if report.is_ok() {
        stats.solver_names()
    } else {
        String::new()
    };
    let cells = [
        family.name().to_string(),
        family.formula().to_string(),
        k.to_string(),
        board.len().to_string(),
        sum.to_string(),
        opt(optimal_first),
        optimal_first.map(|f| share(f, sum)).unwrap_or_default(),
        opt(greedy_first),
        greedy_first.map(|g| share(g, sum)).unwrap_or_default(),
        opt(report.value),
        opt(greedy.map(|p| p.difference)),
        solvers,
        if board.len() <= PRINTED_LENGTH {
            board.to_string()
        } else {
            String::new()
        },
    ];
    HEADER.iter().copied().zip(cells).collect()
}

/// The rows of `family.csv`: both families at every size of [`SIZES`].
pub fn table() -> CsvTable {
    let rows = Family::ALL
        .iter()
        .flat_map(|&f| SIZES.iter().map(move |&k| row(f, k)))
        .collect();
    CsvTable::from_pairs(HEADER.to_vec(), rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_follow_their_formulas() {
        assert_eq!(Family::Even.board(2).to_string(), "0 0 2 1 2 1");
        assert_eq!(Family::Odd.board(1).to_string(), "0 0 1 1 1 1 1");
        assert_eq!(Family::Odd.board(3).len(), 15);
    }
}

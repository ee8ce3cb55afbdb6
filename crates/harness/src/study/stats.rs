//! Figures of one group of checked boards (one length and one alphabet or
//! distribution), and how they become CSV cells.
//!
//! Like [`Tally`], [`Stats`] merges: the stats of disjoint parts of a run
//! merge into the stats of the whole whatever the split, and every kept
//! example is the one with the smallest key, so neither thread count nor
//! `--shard` changes a figure (shards write their stats as JSON, see
//! [`super::shard`]).

use coinline_core::board::Board;
use coinline_core::check::{odd_n_bound, CaseReport};
use coinline_core::solve::exact_solvers;
use coinline_core::summary::{wilson_interval, HeuristicTally, Tally};

/// How the odd-n bound fared on the odd-length boards of a group.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct BoundTally {
    /// Odd-length boards with a value.
    pub checked: u64,
    /// Boards whose value is at most the bound.
    pub held: u64,
    /// Boards whose value equals the bound.
    pub tight: u64,
    /// The board with the smallest key that breaks the bound, if any.
    pub broken: Option<(u64, Board)>,
}

impl BoundTally {
    fn add(&mut self, key: u64, board: &Board, value: i64) {
        let Some(bound) = odd_n_bound(board) else {
            return;
        };
        let value = i128::from(value);
        self.checked += 1;
        self.held += u64::from(value <= bound);
        self.tight += u64::from(value == bound);
        if value > bound && self.broken.as_ref().is_none_or(|(k, _)| key < *k) {
            self.broken = Some((key, board.clone()));
        }
    }

    fn merge(&mut self, other: BoundTally) {
        // Saturating: stats may come from shard files.
        self.checked = self.checked.saturating_add(other.checked);
        self.held = self.held.saturating_add(other.held);
        self.tight = self.tight.saturating_add(other.tight);
        if let Some((key, board)) = other.broken {
            if self.broken.as_ref().is_none_or(|(k, _)| key < *k) {
                self.broken = Some((key, board));
            }
        }
    }
}

/// Everything the study records about a group of boards.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Stats {
    /// Outcomes, agreement and heuristic regret.
    pub tally: Tally,
    /// The odd-n bound (odd lengths of coins only).
    pub bound: BoundTally,
    /// Bit i set: exact solver i of [`exact_solvers`] ran on every board.
    /// `None` before the first board.
    pub solvers: Option<u32>,
    /// The first failed check (smallest key): the key and a printable
    /// description naming the board.
    pub failure: Option<(u64, String)>,
}

impl Stats {
    /// Records one checked board under `key`.
    pub fn add(&mut self, key: u64, report: &CaseReport) {
        self.tally.add(key, report);
        let ran = report
            .solvers
            .iter()
            .enumerate()
            .filter(|(_, s)| s.difference.is_some())
            .fold(0u32, |mask, (i, _)| mask | 1 << i);
        self.solvers = Some(self.solvers.map_or(ran, |mask| mask & ran));
        if let Some(violation) = &report.violation {
            if self.failure.as_ref().is_none_or(|(k, _)| key < *k) {
                self.failure = Some((key, format!("board {}: {violation}", report.board)));
            }
        }
        let odd_coins = report.game.are_coins() && report.board.len() % 2 == 1;
        if let (true, Some(value)) = (odd_coins, report.value) {
            self.bound.add(key, &report.board, value);
        }
    }

    /// Merges the stats of disjoint boards.
    pub fn merge(&mut self, other: Stats) {
        self.tally.merge(other.tally);
        self.bound.merge(other.bound);
        self.solvers = match (self.solvers, other.solvers) {
            (Some(a), Some(b)) => Some(a & b),
            (a, b) => a.or(b),
        };
        if let Some((key, text)) = other.failure {
            if self.failure.as_ref().is_none_or(|(k, _)| key < *k) {
                self.failure = Some((key, text));
            }
        }
    }

    /// The names of the exact solvers that ran on every board, space-separated.
    pub fn solver_names(&self) -> String {
        let mask = self.solvers.unwrap_or(0);
        exact_solvers()
            .iter()
            .enumerate()
            .filter(|(i, _)| mask >> i & 1 == 1)
            .map(|(_, s)| s.name())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// How a group names the board on which greedy did worst.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Worst {
    /// The board itself (short boards).
    Board,
    /// Its index in the group (long random boards, re-made from the seed).
    Index,
}

fn rate(value: f64) -> String {
    format!("{value:.6}")
}

fn count_if(on: bool, count: u64) -> String {
    if on {
        count.to_string()
    } else {
        String::new()
    }
}

/// The CSV cells of a group, from `boards` on: outcomes, greedy, parity
/// (even lengths) and the odd-n bound (odd lengths). With `intervals`,
/// 95% Wilson intervals follow every rate.
pub fn cells(
    stats: &Stats,
    n: usize,
    intervals: bool,
    worst: Worst,
) -> Vec<(&'static str, String)> {
    let t = &stats.tally;
    let mut out: Vec<(&'static str, String)> = vec![
        ("boards", t.boards.to_string()),
        ("solvers", stats.solver_names()),
        ("agreed", t.agreed.to_string()),
        ("wins", t.wins.to_string()),
        ("ties", t.ties.to_string()),
        ("losses", t.losses.to_string()),
    ];
    push_rate(
        &mut out,
        ["win_rate", "win_rate_low", "win_rate_high"],
        t.wins,
        t,
        intervals,
    );
    push_rate(
        &mut out,
        ["tie_rate", "tie_rate_low", "tie_rate_high"],
        t.ties,
        t,
        intervals,
    );
    push_rate(
        &mut out,
        ["loss_rate", "loss_rate_low", "loss_rate_high"],
        t.losses,
        t,
        intervals,
    );
    let empty = HeuristicTally::default();
    let greedy = t.heuristic("greedy").unwrap_or(&empty);
    out.push(("greedy_optimal", greedy.optimal.to_string()));
    push_rate(
        &mut out,
        [
            "greedy_optimal_rate",
            "greedy_optimal_rate_low",
            "greedy_optimal_rate_high",
        ],
        greedy.optimal,
        t,
        intervals,
    );
    out.extend(heuristic_cells("greedy", greedy, true));
    let (worst_name, worst_cell) = match worst {
        Worst::Board => (
            "greedy_worst_board",
            greedy.worst.as_ref().map(|w| w.2.to_string()),
        ),
        Worst::Index => (
            "greedy_worst_index",
            greedy.worst.as_ref().map(|w| w.1.to_string()),
        ),
    };
    out.push((worst_name, worst_cell.unwrap_or_default()));
    let even = n % 2 == 0;
    let parity = t.heuristic("parity").unwrap_or(&empty);
    out.push(("parity_optimal", count_if(even, parity.optimal)));
    out.extend(heuristic_cells("parity", parity, even));
    let odd = !even;
    let b = &stats.bound;
    out.push(("bound_held", count_if(odd, b.held)));
    out.push(("bound_tight", count_if(odd, b.tight)));
    let tight_rate = if b.checked == 0 {
        String::new()
    } else {
        rate(b.tight as f64 / b.checked as f64)
    };
    out.push(("bound_tight_rate", tight_rate));
    out
}

/// Pushes the rate of `count` among the tally's boards under `names[0]`,
/// then with `intervals` its 95% Wilson interval under `names[1]` and
/// `names[2]`.
fn push_rate(
    out: &mut Vec<(&'static str, String)>,
    names: [&'static str; 3],
    count: u64,
    tally: &Tally,
    intervals: bool,
) {
    out.push((names[0], rate(tally.rate(count))));
    if intervals {
        let (lo, hi) = wilson_interval(count, tally.boards);
        out.push((names[1], rate(lo)));
        out.push((names[2], rate(hi)));
    }
}

fn heuristic_cells(name: &str, tally: &HeuristicTally, shown: bool) -> Vec<(&'static str, String)> {
    let cell = |s: String| if shown { s } else { String::new() };
    let worse = tally.boards - tally.optimal;
    let mean = tally.mean_regret().map(rate).unwrap_or_default();
    let max = tally
        .max_regret()
        .map(|r| r.to_string())
        .unwrap_or_default();
    // Column names are static; pick them by heuristic.
    let names: [&'static str; 5] = if name == "greedy" {
        [
            "greedy_worse",
            "greedy_turned_into_loss",
            "greedy_losses",
            "greedy_mean_regret",
            "greedy_max_regret",
        ]
    } else {
        [
            "parity_worse",
            "parity_turned_into_loss",
            "parity_losses",
            "parity_mean_regret",
            "parity_max_regret",
        ]
    };
    vec![
        (names[0], cell(worse.to_string())),
        (names[1], cell(tally.turned_into_loss.to_string())),
        (names[2], cell(tally.losses.to_string())),
        (names[3], cell(mean)),
        (names[4], cell(max)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use coinline_core::check::{check_builtin, CheckConfig};
    use coinline_core::play::Game;

    fn stats_of(boards: &[&str]) -> Stats {
        let mut stats = Stats::default();
        for (key, text) in boards.iter().enumerate() {
            let board = Board::parse(text).unwrap();
            let report = check_builtin(Game::COINS, &board, &CheckConfig::default());
            stats.add(key as u64, &report);
        }
        stats
    }

    #[test]
    fn bound_by_hand() {
        // 1 5 1: O = 2, E = 5; min(-3, 3 + 2) = -3, the value (a loss by 3).
        let bound = |text: &str| odd_n_bound(&Board::parse(text).unwrap());
        assert_eq!(bound("1 5 1"), Some(-3));
        // 4: O = 4, E = 0; min(4, -4 + 8) = 4.
        assert_eq!(bound("4"), Some(4));
        assert_eq!(bound(""), None);
        // Near the overflow limit: O - E = -3m, E - O + 2 max(first, last) = m.
        let m = i64::MAX / 3;
        assert_eq!(
            bound(&format!("{} {m} {}", -m, -m)),
            Some(-3 * i128::from(m))
        );
        let stats = stats_of(&["1 5 1", "3 1 2", "8 15 3 7"]);
        assert_eq!(stats.bound.checked, 2, "even boards are not counted");
        assert_eq!(stats.bound.held, 2);
        assert!(stats.bound.tight >= 1);
    }

    #[test]
    fn a_broken_bound_is_caught() {
        // Feed the tally a value above the bound, as a wrong solver would.
        let mut bound = BoundTally::default();
        let board = Board::parse("1 5 1").unwrap();
        bound.add(7, &board, -1);
        assert_eq!((bound.checked, bound.held), (1, 0));
        assert_eq!(bound.broken, Some((7, board)));
    }

    #[test]
    fn merging_keeps_the_smallest_keys_and_common_solvers() {
        let boards = ["1 5 1", "8 15 3 7", "20 30 2 2 2 10", "0 1 0"];
        let whole = stats_of(&boards);
        let mut parts = Stats::default();
        for (key, text) in boards.iter().enumerate().rev() {
            let board = Board::parse(text).unwrap();
            let mut one = Stats::default();
            one.add(
                key as u64,
                &check_builtin(Game::COINS, &board, &CheckConfig::default()),
            );
            parts.merge(one);
        }
        assert_eq!(parts.bound, whole.bound);
        assert_eq!(parts.solvers, whole.solvers);
        assert_eq!(whole.solver_names(), "minimax memo generic linear table");
        assert_eq!(
            cells(&parts, 4, true, Worst::Index),
            cells(&whole, 4, true, Worst::Index)
        );
    }
}

//! Aggregates of many checked boards: outcome rates, agreement and heuristic
//! regret. Shared by `compare`'s per-length summary and the odd-n study.
//!
//! A [`Tally`] is a commutative monoid: tallies of disjoint parts of a run
//! merge into the tally of the whole, whatever the split, so parallel and
//! sharded runs give the same figures. Where a "worst board" is kept, ties
//! go to the smallest key (for example the board's index), never to the
//! order in which threads finished.

use crate::board::Board;
use crate::check::CaseReport;

/// The first player's result under optimal play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Difference > 0.
    Win,
    /// Difference = 0.
    Tie,
    /// Difference < 0.
    Loss,
}

impl Outcome {
    /// The outcome of a difference.
    pub fn of(difference: i64) -> Outcome {
        match difference {
            d if d > 0 => Outcome::Win,
            0 => Outcome::Tie,
            _ => Outcome::Loss,
        }
    }

    /// `win`, `tie` or `loss`.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Tie => "tie",
            Outcome::Loss => "loss",
        }
    }
}

/// How one heuristic did over many boards.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct HeuristicTally {
    /// Boards the heuristic applied to.
    pub boards: u64,
    /// Boards where it achieved the optimal difference (regret 0).
    pub optimal: u64,
    /// Boards where the heuristic player strictly lost although optimal play
    /// does not lose (it turned a win or tie into a loss).
    pub turned_into_loss: u64,
    /// Boards where the heuristic player strictly lost.
    pub losses: u64,
    /// Sum of regrets (optimal minus achieved difference).
    pub regret_sum: i128,
    /// The largest regret with the smallest key reaching it, and its board.
    /// Regrets are i128: optimal minus achieved can exceed i64 on boards
    /// whose absolute sum is near i64::MAX.
    pub worst: Option<(i128, u64, Board)>,
}

impl HeuristicTally {
    /// Records one board: its key, the optimal value and what the heuristic achieved.
    pub fn add(&mut self, key: u64, board: &Board, optimal: i64, achieved: i64) {
        let regret = i128::from(optimal) - i128::from(achieved);
        let counted = self.count(key, i128::from(achieved), regret, || {
            Ok::<_, std::convert::Infallible>(board.clone())
        });
        let Ok(()) = counted;
    }

    /// [`add`](Self::add) from what a row of compare records: the achieved
    /// difference and the regret (optimal = achieved + regret). `board` is
    /// asked for only when the board becomes the worst one; its error is
    /// returned and nothing else of the board is lost.
    pub fn count<E>(
        &mut self,
        key: u64,
        achieved: i128,
        regret: i128,
        board: impl FnOnce() -> Result<Board, E>,
    ) -> Result<(), E> {
        let optimal = achieved.saturating_add(regret);
        self.boards += 1;
        self.optimal += u64::from(regret == 0);
        self.losses += u64::from(achieved < 0);
        self.turned_into_loss += u64::from(achieved < 0 && optimal >= 0);
        self.regret_sum = self.regret_sum.saturating_add(regret);
        if self.takes_worst(regret, key) {
            self.worst = Some((regret, key, board()?));
        }
        Ok(())
    }

    /// Whether a board of this regret and key would become the worst one:
    /// a larger regret, or the same regret at a smaller key.
    pub fn takes_worst(&self, regret: i128, key: u64) -> bool {
        use std::cmp::Reverse;
        (self.worst.as_ref()).is_none_or(|(r, k, _)| (regret, Reverse(key)) > (*r, Reverse(*k)))
    }

    /// Merges another tally of disjoint boards. Counts saturate rather than
    /// wrap (tallies may come from files `merge` reads).
    pub fn merge(&mut self, other: HeuristicTally) {
        self.boards = self.boards.saturating_add(other.boards);
        self.optimal = self.optimal.saturating_add(other.optimal);
        self.turned_into_loss = self.turned_into_loss.saturating_add(other.turned_into_loss);
        self.losses = self.losses.saturating_add(other.losses);
        self.regret_sum = self.regret_sum.saturating_add(other.regret_sum);
        if let Some((r, k, b)) = other.worst {
            if self.takes_worst(r, k) {
                self.worst = Some((r, k, b));
            }
        }
    }

    /// Mean regret, or `None` with no board.
    pub fn mean_regret(&self) -> Option<f64> {
        (self.boards > 0).then(|| self.regret_sum as f64 / self.boards as f64)
    }

    /// The largest regret seen.
    pub fn max_regret(&self) -> Option<i128> {
        self.worst.as_ref().map(|(r, _, _)| *r)
    }
}

/// Figures over many boards of one group (for example one length).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Tally {
    /// Boards checked.
    pub boards: u64,
    /// Boards on which every check passed.
    pub agreed: u64,
    /// First-player wins, ties and losses under optimal play.
    pub wins: u64,
    /// See `wins`.
    pub ties: u64,
    /// See `wins`.
    pub losses: u64,
    /// One entry per heuristic name, in the order first seen.
    pub heuristics: Vec<(String, HeuristicTally)>,
}

impl Tally {
    /// Records one checked board under `key` (its index in the run).
    pub fn add(&mut self, key: u64, report: &CaseReport) {
        self.boards += 1;
        self.agreed += u64::from(report.is_ok());
        let Some(optimal) = report.value else {
            return;
        };
        match Outcome::of(optimal) {
            Outcome::Win => self.wins += 1,
            Outcome::Tie => self.ties += 1,
            Outcome::Loss => self.losses += 1,
        }
        for h in &report.heuristics {
            if let Some(p) = &h.performance {
                self.heuristic_mut(&h.heuristic)
                    .add(key, &report.board, optimal, p.difference);
            }
        }
    }

    /// The tally of one heuristic, created empty if absent.
    pub fn heuristic_mut(&mut self, name: &str) -> &mut HeuristicTally {
        let i = match self.heuristics.iter().position(|(n, _)| n == name) {
            Some(i) => i,
            None => {
                self.heuristics
                    .push((name.to_string(), HeuristicTally::default()));
                self.heuristics.len() - 1
            }
        };
        &mut self.heuristics[i].1
    }

    /// The tally of one heuristic, if it applied to any board.
    pub fn heuristic(&self, name: &str) -> Option<&HeuristicTally> {
        self.heuristics
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, t)| t)
    }

    /// Merges another tally of disjoint boards. Counts saturate rather than
    /// wrap (tallies may come from files `merge` reads).
    pub fn merge(&mut self, other: Tally) {
        self.boards = self.boards.saturating_add(other.boards);
        self.agreed = self.agreed.saturating_add(other.agreed);
        self.wins = self.wins.saturating_add(other.wins);
        self.ties = self.ties.saturating_add(other.ties);
        self.losses = self.losses.saturating_add(other.losses);
        for (name, t) in other.heuristics {
            self.heuristic_mut(&name).merge(t);
        }
    }

    /// `count / boards`, or 0 with no board.
    pub fn rate(&self, count: u64) -> f64 {
        if self.boards == 0 {
            0.0
        } else {
            count as f64 / self.boards as f64
        }
    }
}

/// A 95% Wilson score interval for a proportion of `successes` in `trials`.
pub fn wilson_interval(successes: u64, trials: u64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let n = trials as f64;
    let p = successes as f64 / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{check_builtin, CheckConfig};
    use crate::play::Game;

    fn tally_of(boards: &[(u64, &str)]) -> Tally {
        let mut t = Tally::default();
        for (key, text) in boards {
            let board = Board::parse(text).unwrap();
            t.add(
                *key,
                &check_builtin(Game::COINS, &board, &CheckConfig::default()),
            );
        }
        t
    }

    #[test]
    fn outcomes_are_the_sign_of_the_difference() {
        let named = |d: i64| (Outcome::of(d), Outcome::of(d).name());
        assert_eq!(named(5), (Outcome::Win, "win"));
        assert_eq!(named(0), (Outcome::Tie, "tie"));
        assert_eq!(named(-1), (Outcome::Loss, "loss"));
    }

    #[test]
    fn a_heuristic_tally_counts_every_figure_of_each_board() {
        let board = |text: &str| Board::parse(text).unwrap();
        let mut h = HeuristicTally::default();
        assert_eq!(h.mean_regret(), None);
        // (key, board, optimal, achieved)
        h.add(3, &board("5"), 5, 5); // optimal play
        h.add(1, &board("1 2"), 2, -4); // regret 6, a won game lost
        h.add(2, &board("1 3"), -3, -5); // regret 2, lost anyway
        h.add(0, &board("0"), 0, 0); // a tie kept: no loss
        h.add(5, &board("9"), 0, -6); // regret 6 again, at a larger key
        assert_eq!(
            (h.boards, h.optimal, h.losses, h.turned_into_loss),
            (5, 2, 3, 2)
        );
        assert_eq!(h.regret_sum, 14);
        assert_eq!(h.max_regret(), Some(6));
        let (regret, key, worst) = h.worst.clone().unwrap();
        assert_eq!((regret, key, worst.to_string()), (6, 1, "1 2".to_string()));
        assert_eq!(h.mean_regret(), Some(2.8));
        // The worst board: a larger regret wins, an equal one goes to the smaller key.
        assert!(h.takes_worst(7, 9) && h.takes_worst(6, 0) && !h.takes_worst(6, 2));
        assert!(!h.takes_worst(5, 0));
    }

    #[test]
    fn rates_are_shares_of_the_boards() {
        let t = tally_of(&[(0, "8 15 3 7"), (1, "1 5 1"), (2, "2 2 2 2"), (3, "0 1 0")]);
        assert_eq!((t.boards, t.agreed), (4, 4));
        assert_eq!(t.rate(1), 0.25);
        assert_eq!(t.rate(t.losses), 0.5);
        assert_eq!(Tally::default().rate(0), 0.0);
        assert_eq!(Tally::default().rate(3), 0.0);
    }

    #[test]
    fn wilson_intervals_match_the_formula() {
        // Computed independently (Python, the textbook formula with z = 1.959963984540054).
        let close = |(lo, hi): (f64, f64), (a, b): (f64, f64)| {
            (lo - a).abs() < 1e-12 && (hi - b).abs() < 1e-12
        };
        assert!(close(
            wilson_interval(8, 10),
            (0.49016247153664183, 0.9433178485456247)
        ));
        assert!(close(wilson_interval(0, 5), (0.0, 0.43448246478317476)));
        assert!(close(wilson_interval(3, 3), (0.4385029682449546, 1.0)));
        assert_eq!(wilson_interval(0, 0), (0.0, 1.0));
    }

    #[test]
    fn merging_is_independent_of_the_split() {
        let boards = [
            (0, "8 15 3 7"),
            (1, "1 5 1"),
            (2, "2 2 2 2"),
            (3, "20 30 2 2 2 10"),
            (4, "0 1 0"),
        ];
        let whole = tally_of(&boards);
        let mut left = tally_of(&boards[3..]);
        left.merge(tally_of(&boards[..3]));
        assert_eq!(whole, left);
        // 1 5 1 and 0 1 0 are lost by the first player; 2 2 2 2 is a tie.
        assert_eq!((whole.wins, whole.ties, whole.losses), (2, 1, 2));
        let greedy = whole.heuristic("greedy").unwrap();
        // 20 30 2 2 2 10: greedy gets -2 against 18, the worst regret.
        assert_eq!(greedy.max_regret(), Some(20));
        assert_eq!(greedy.worst.as_ref().unwrap().1, 3);
    }

    #[test]
    fn wilson_interval_contains_the_rate() {
        let (lo, hi) = wilson_interval(30, 100);
        assert!(lo < 0.3 && 0.3 < hi && lo > 0.2 && hi < 0.4);
        assert_eq!(wilson_interval(0, 0), (0.0, 1.0));
    }
}

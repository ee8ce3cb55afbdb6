//! Evaluating a board once for every measure of a study: the optimal value
//! by the fastest exact solver of the rule set (for a pizza, one interval
//! table over the circle shared by every first slice), each heuristic
//! needed by one play against a best-responding opponent, and the measures
//! read off that.

use super::spec::{Measure, Ratio};
use crate::StudyError;
use coinline_core::board::Board;
use coinline_core::error::Result;
use coinline_core::play::Game;
use coinline_core::solve::{pizza, solvers_for, Cost, Solver};
use coinline_core::strategy::coins_greedy::{greedy_against_best_reply, greedy_is_optimal};
use coinline_core::strategy::{evaluate, heuristics};
use std::collections::BTreeSet;

/// What computes a rule set's value in the engine.
#[derive(Clone, Copy)]
enum Fast {
    /// [`pizza_value`]: solve's pizza table, buffers kept per thread.
    Pizza,
    /// A registered exact solver (the cheapest at the longest board).
    Solver(&'static dyn Solver),
}

/// One rule set's evaluator.
#[derive(Clone)]
pub struct Evaluator {
    game: Game,
    fast: Fast,
    heuristics: Vec<usize>,
    /// Heuristics read only as optimal or not: greedy on coins, screened.
    screened: Vec<usize>,
}

/// What one board evaluates to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Eval {
    /// The optimal value (first minus second).
    pub value: i64,
    /// The board's sum.
    pub sum: i64,
    /// The board's sum of absolute values.
    pub abs_sum: i64,
    /// Each heuristic evaluated, by index: its value.
    pub heuristics: Vec<(usize, i64)>,
    /// Each heuristic only screened, by index: whether it is optimal.
    pub optimal: Vec<(usize, bool)>,
    /// The board's values at odd positions (from 1) minus those at even ones.
    pub odd_minus_even: i64,
    /// The larger end value.
    pub ends: i64,
    /// The board's length.
    pub n: usize,
}

/// Values as a board's text, as `coinline solve` reads them.
pub(crate) fn board_text(values: &[i64]) -> String {
    let text: Vec<String> = values.iter().map(i64::to_string).collect();
    text.join(" ")
}

/// A measure on one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Num {
    /// A number.
    Ratio(Ratio),
    /// A yes or no.
    Bool(bool),
    /// Not defined on this board (a share of a board whose sum is not positive).
    Undefined,
}

impl Evaluator {
    /// The evaluator of `game` for boards up to `longest` values, with the
    /// heuristics of `measures`.
    pub fn new(game: Game, longest: usize, measures: &[Measure]) -> Result<Evaluator> {
        let wanted: BTreeSet<usize> = measures.iter().filter_map(|m| m.heuristic()).collect();
        let only_optimal =
            |h| (measures.iter()).all(|m| m.heuristic() != Some(h) || *m == Measure::Optimal(h));
        let (screened, wanted): (Vec<usize>, Vec<usize>) =
            (wanted.into_iter()).partition(|&h| fast_greedy(game, h) && only_optimal(h));
        let fast = if game == Game::PIZZA {
            Fast::Pizza
        } else {
            let cost = |s: &&dyn Solver| s.cost(game, longest).map_or(f64::INFINITY, |c| c.seconds);
            let solver = solvers_for(game)
                .filter(|s| !s.is_ground_truth() && s.limit(game).is_none_or(|l| l >= longest))
                .min_by(|a, b| cost(a).total_cmp(&cost(b)))
                .ok_or(StudyError::NoSolver { game, longest })?;
            Fast::Solver(solver)
        };
        Ok(Evaluator {
            game,
            fast,
            heuristics: wanted,
            screened,
        })
    }

    /// What evaluating a board of `n` values costs: its solver's and its
    /// heuristics' stated costs, and the engine's own (docs/options.md, Budgets).
    pub fn cost(&self, n: usize) -> Cost {
        let solver: &dyn Solver = match self.fast {
            Fast::Solver(s) => s,
            Fast::Pizza => &pizza::Pizza,
        };
        let mut cost = solver.cost(self.game, n).unwrap_or(Cost::of(0.0, 0.0));
        let play = |&h: &usize| heuristics()[h].cost(self.game, n).seconds;
        cost.seconds += self
            .heuristics
            .iter()
            .chain(&self.screened)
            .map(play)
            .sum::<f64>()
            + 1e-6;
        cost
    }

    /// The name of what computes the value.
    pub fn solver_name(&self) -> &str {
        match self.fast {
            // The engine's own pizza table, as the reports name it.
            Fast::Pizza => "engine circle table",
            Fast::Solver(s) => s.name(),
        }
    }

    /// Evaluates one board.
    pub fn eval(&self, values: &[i64]) -> Result<Eval> {
        let plain = self.heuristics.is_empty() && self.screened.is_empty();
        // Values within the alphabet's bound keep every sum within i64;
        // others (a formula's, a random source's) go through Board::new.
        let bounded = || (values.iter()).all(|v| v.unsigned_abs() <= super::spec::MAX_VALUE);
        if let (Fast::Pizza, true) = (self.fast, plain && bounded()) {
            // The hot path of an enumeration: no board is built.
            return Ok(Eval {
                value: pizza_value(values),
                sum: values.iter().sum(),
                abs_sum: values.iter().map(|v| v.abs()).sum(),
                n: values.len(),
                // No heuristics; only coins' measures read the parity sums.
                ..Eval::default()
            });
        }
        let board = Board::new(values.to_vec())?;
        self.game.admit(&board)?;
        let value = match self.fast {
            Fast::Pizza => pizza_value(values),
            Fast::Solver(s) => s.difference(self.game, &board),
        };
        let mut found = Vec::with_capacity(self.heuristics.len());
        for &h in &self.heuristics {
            let result = match fast_greedy(self.game, h) {
                true => greedy_against_best_reply(values),
                false => evaluate(heuristics()[h], self.game, &board)?.difference,
            };
            found.push((h, result));
        }
        let optimal = |&h: &usize| (h, greedy_is_optimal(values, value));
        let signed = |(i, v): (usize, &i64)| if i % 2 == 0 { *v } else { -v };
        Ok(Eval {
            value,
            sum: board.sum(),
            abs_sum: board.abs_sum(),
            heuristics: found,
            optimal: self.screened.iter().map(optimal).collect(),
            odd_minus_even: values.iter().enumerate().map(signed).sum(),
            ends: values.first().max(values.last()).copied().unwrap_or(0),
            n: values.len(),
        })
    }
}

impl Eval {
    fn heuristic(&self, index: usize) -> i64 {
        let at = self.heuristics.iter().position(|(h, _)| *h == index);
        self.heuristics[at.expect("the evaluator plays every heuristic its measures name")].1
    }

    /// min(O - E, E - O + 2 max(first, last)): at least the value of a
    /// coins board of odd length (docs/study.md).
    fn odd_bound(&self) -> i128 {
        let d = i128::from(self.odd_minus_even);
        d.min(2 * i128::from(self.ends) - d)
    }

    /// The first player's total, for a game scoring every value.
    pub fn first(&self) -> i128 {
        (i128::from(self.sum) + i128::from(self.value)) / 2
    }

    /// The measure on this board.
    pub fn measure(&self, m: Measure) -> Num {
        let int = |v: i128| Num::Ratio(Ratio { num: v, den: 1 });
        let share =
            |a: i128, b: i64| Ratio::unreduced(a, b.into()).map_or(Num::Undefined, Num::Ratio);
        let regret = |h: usize| i128::from(self.value) - i128::from(self.heuristic(h));
        let h_first = |h: usize| (i128::from(self.sum) + i128::from(self.heuristic(h))) / 2;
        match m {
            Measure::Value => int(self.value.into()),
            Measure::First => int(self.first()),
            Measure::Second => int(i128::from(self.sum) - self.first()),
            Measure::Share => share(self.first(), self.sum),
            Measure::ValueShare => share(self.value.into(), self.abs_sum),
            Measure::Win => Num::Bool(self.value > 0),
            Measure::Tie => Num::Bool(self.value == 0),
            Measure::Loss => Num::Bool(self.value < 0),
            Measure::Result(h) => int(self.heuristic(h).into()),
            Measure::Regret(h) => int(regret(h)),
            Measure::RegretShare(h) => share(regret(h), self.abs_sum),
            Measure::Optimal(h) => Num::Bool(match self.optimal.iter().find(|o| o.0 == h) {
                Some(&(_, optimal)) => optimal,
                None => self.heuristic(h) == self.value,
            }),
            Measure::AbsSum => int(self.abs_sum.into()),
            Measure::TurnedLoss(h) => Num::Bool(self.value >= 0 && self.heuristic(h) < 0),
            Measure::HFirst(h) => int(h_first(h)),
            Measure::HShare(h) => share(h_first(h), self.sum),
            Measure::OddBound | Measure::OddBoundSlack if self.n % 2 == 0 => Num::Undefined,
            Measure::OddBound => int(self.odd_bound()),
            Measure::OddBoundSlack => int(self.odd_bound() - i128::from(self.value)),
        }
    }
}

/// The pizza's value by solve's `pizza` table, with this thread's buffers
/// kept between boards (the hot path of an enumeration).
pub fn pizza_value(values: &[i64]) -> i64 {
    SCRATCH.with(|s| pizza::value_in(values, &mut s.borrow_mut()))
}

thread_local! {
    static SCRATCH: std::cell::RefCell<pizza::Scratch> = std::cell::RefCell::default();
}

/// Whether heuristic `h` on `game` is greedy on coins, which the engine
/// evaluates with the functions below instead of the library's tables.
fn fast_greedy(game: Game, h: usize) -> bool {
    game == Game::COINS && heuristics()[h].name() == "greedy"
}

#[cfg(test)]
mod tests {
    use super::*;
    use coinline_core::check::{check_builtin, CheckConfig};
    use coinline_core::generate::SplitMix64;

    #[test]
    fn pizza_table_agrees_with_the_check() {
        let mut rng = SplitMix64::new(7);
        for index in 0..300 {
            let n = 1 + (index % 13) as usize;
            let values: Vec<i64> = (0..n).map(|_| rng.between(-5, 9)).collect();
            let board = Board::new(values.clone()).unwrap();
            let report = check_builtin(Game::PIZZA, &board, &CheckConfig::default());
            assert!(report.is_ok(), "{report:?}");
            assert_eq!(Some(pizza_value(&values)), report.value, "{values:?}");
        }
    }

    #[test]
    fn measures_read_the_evaluation() {
        let ev = Evaluator::new(Game::COINS, 4, &["greedy.regret".parse().unwrap()]).unwrap();
        // Taking 2 first leaves 3 9 1, worth -5 to the mover: 7 in all.
        let e = ev.eval(&[3, 9, 1, 2]).unwrap();
        assert_eq!(e.value, 9 + 2 - 3 - 1);
        assert_eq!(
            e.measure(Measure::First),
            Num::Ratio(Ratio::new(11, 1).unwrap())
        );
        assert_eq!(
            e.measure(Measure::Share),
            Num::Ratio(Ratio::new(22, 30).unwrap())
        );
        assert_eq!(e.measure(Measure::Win), Num::Bool(true));
        let zero = ev.eval(&[0, 0]).unwrap();
        assert_eq!(zero.measure(Measure::Share), Num::Undefined);
    }
}

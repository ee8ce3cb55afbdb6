//! The differential check: the one place that decides whether solvers and
//! heuristics behave on a board.
//!
//! Architecture invariant: every driver (the `compare` command, the study,
//! `stress`, `cargo test`, the corpus replay and the fuzz targets) calls
//! [`check`]; none re-implements a part of it.
//!
//! On one board it verifies, in order, stopping at the first violation:
//! 1. every exact solver accepts the board (minimax only up to the check
//!    limit of [`CheckConfig`]) and they all report the same difference;
//! 2. every line a solver returns (minimax's only on request, see
//!    [`CheckConfig::minimax_lines`]) replays legally and to the difference it
//!    reports; in games that score every value, sum - difference is even
//!    (so first + second = sum);
//! 3. reversing the board keeps the value; in coins, adding a constant c to
//!    every value adds c * ceil(n/2) to the first player's optimal total,
//!    and with odd n the value is at most [`odd_n_bound`];
//! 4. no heuristic achieves more than the optimal difference, its line
//!    replays to what it reports, and its documented bound holds.

use crate::board::Board;
use crate::error::ErrorKind;
use crate::game::{replay, Game, Kernel, Line, Totals};
use crate::solve::{admit, exact_solvers, minimax, totals_from_difference, value_and_line, Solver};
use crate::strategy::{evaluate, heuristics, Heuristic, Performance};
use std::fmt;

/// The odd-n bound on the coins value: with O and E the sums at odd and even
/// positions (counted from 1), value <= min(O - E, E - O + 2 * max(first,
/// last)). It holds for boards of odd length (the study proves it and
/// reports how often it is tight); `None` for the empty board. Computed in
/// `i128`, so no accepted board overflows it.
pub fn odd_n_bound(board: &Board) -> Option<i128> {
    let v = board.values();
    let (first, last) = (*v.first()?, *v.last()?);
    let (odd, even) = board.position_sums();
    let (odd, even) = (i128::from(odd), i128::from(even));
    Some((odd - even).min(even - odd + 2 * i128::from(first.max(last))))
}

/// Knobs of the check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckConfig {
    /// The ground truth (minimax) runs on boards up to this length (capped
    /// at its refusal limit); `None` means each game's default
    /// ([`default_minimax_max`]). Above it the other solvers are checked
    /// against each other.
    pub minimax_max: Option<usize>,
    /// Whether to check the invariants of [`Invariant`] that apply (each
    /// costs one more solve).
    pub invariants: bool,
    /// Whether to ask minimax for a line too. Its line costs about one more
    /// full search (every child of every position along it is searched
    /// again), which doubles the cost of the whole check on boards near the
    /// minimax limit; the other solvers' lines are always replayed, and the
    /// property tests replay minimax's. Off by default.
    pub minimax_lines: bool,
}

impl Default for CheckConfig {
    fn default() -> Self {
        CheckConfig {
            minimax_max: None,
            invariants: true,
            minimax_lines: false,
        }
    }
}

/// The default check limit of the ground truth: a few milliseconds per
/// board at most, so that compare checks hundreds of thousands of boards a
/// minute. The kernels' recursions take about half a nanosecond a node, the
/// move-by-move search about 20, hence the smaller tree for other games.
pub fn default_minimax_max(game: Game) -> usize {
    match game.kernel() {
        Some(Kernel::Coins | Kernel::StoneGame7) => 16,
        Some(Kernel::NumberGame) => 12,
        Some(Kernel::GameOfSum) => 10,
        None => minimax::longest_within(game, 2e4),
    }
}

impl CheckConfig {
    /// The ground truth's check limit for `game`.
    pub fn minimax_limit(&self, game: Game) -> usize {
        match self.minimax_max {
            Some(n) => n.min(minimax::refusal_limit(game)),
            None => default_minimax_max(game),
        }
    }

    /// Sets one limit for every game (capped at each game's refusal limit).
    pub fn with_minimax_max(mut self, n: usize) -> Self {
        self.minimax_max = Some(n);
        self
    }
}

/// An invariant the check tests beyond the solvers' agreement, and when it
/// applies; [`invariants`] lists those of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Invariant {
    /// Sum minus value is even. Applies when every value is scored by one
    /// player or the other on every line ([`Game::scores_everything`]):
    /// then first + second = sum and first - second = value.
    EvenTotals,
    /// Reversing the board keeps its value. Applies when both ends are
    /// allowed alike ([`Game::is_symmetric`]): the mirror of a line is a
    /// line of the reversed board with the same scores.
    Reversal,
    /// Adding c to every value changes the value by c times
    /// [`Game::shift_effect`]. Applies when every move takes exactly one
    /// value and nothing is deleted: every line then has n moves, the k-th
    /// leaving n - k values, so the change is the same on every line.
    Shift,
    /// With odd n the value is at most [`odd_n_bound`]. Proved for the
    /// coins rules only (the odd-n study).
    OddBound,
}

impl Invariant {
    /// A short name.
    pub fn name(self) -> &'static str {
        match self {
            Invariant::EvenTotals => "even-totals",
            Invariant::Reversal => "reversal",
            Invariant::Shift => "shift",
            Invariant::OddBound => "odd-bound",
        }
    }
}

/// The invariants that apply to `game`, derived from its rules.
pub fn invariants(game: Game) -> Vec<Invariant> {
    [
        (Invariant::EvenTotals, game.scores_everything()),
        (Invariant::Reversal, game.is_symmetric()),
        (Invariant::Shift, game.shift_effect(1).is_some()),
        (Invariant::OddBound, game.are_coins()),
    ]
    .into_iter()
    .filter_map(|(inv, applies)| applies.then_some(inv))
    .collect()
}

/// One solver's result on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolverResult {
    /// The solver's name.
    pub solver: String,
    /// The difference it reported; `None` when it was skipped (board above
    /// its limit or the check limit).
    pub difference: Option<i64>,
    /// Its line, when it built one.
    pub line: Option<Line>,
}

/// One heuristic's result on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeuristicResult {
    /// The heuristic's name.
    pub heuristic: String,
    /// What it achieved; `None` when it does not apply to this board.
    pub performance: Option<Performance>,
}

/// The first thing found wrong on a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// Two exact solvers report different values.
    Disagree {
        /// The solver that disagrees.
        solver: String,
        /// Its value.
        difference: i64,
        /// The solver it was compared with (the first that ran).
        reference: String,
        /// That solver's value.
        expected: i64,
    },
    /// A solver's or heuristic's line is illegal, or replays to something
    /// other than what it reports.
    BadLine {
        /// Who built the line.
        who: String,
        /// What is wrong with it.
        problem: String,
    },
    /// In a game that scores every value, sum - difference is odd.
    OddTotals {
        /// The solver.
        solver: String,
        /// Its difference.
        difference: i64,
    },
    /// The reversed board has another value.
    NotSymmetric {
        /// The solver used.
        solver: String,
        /// Value of the board.
        forward: i64,
        /// Value of the reversed board.
        backward: i64,
    },
    /// Coins: shifting every value by `shift` did not shift the first
    /// player's total by shift * ceil(n/2).
    ShiftBroken {
        /// The solver used.
        solver: String,
        /// The constant added.
        shift: i64,
        /// The value before.
        before: i64,
        /// The value after.
        after: i64,
        /// The value the shift should give.
        expected: i128,
    },
    /// Coins with odd n: the value exceeds [`odd_n_bound`].
    AboveOddBound {
        /// The value.
        value: i64,
        /// The bound.
        bound: i128,
    },
    /// A heuristic did better than optimal play.
    BeatsOptimal {
        /// The heuristic.
        heuristic: String,
        /// What it achieved.
        achieved: i64,
        /// The optimal value.
        optimal: i64,
    },
    /// A heuristic fell below its documented guarantee.
    BelowGuarantee {
        /// The heuristic.
        heuristic: String,
        /// What it achieved.
        achieved: i64,
        /// Its guaranteed minimum.
        guaranteed: i64,
    },
    /// No exact solver accepted the board.
    NoSolver,
}

impl Violation {
    /// A short label naming the kind of violation and who is at fault, such
    /// as `disagree:table`. Shrinking keeps a board only while it fails with
    /// the same signature.
    pub fn signature(&self) -> String {
        match self {
            Violation::Disagree { solver, .. } => format!("disagree:{solver}"),
            Violation::BadLine { who, .. } => format!("bad-line:{who}"),
            Violation::OddTotals { solver, .. } => format!("odd-totals:{solver}"),
            Violation::NotSymmetric { solver, .. } => format!("not-symmetric:{solver}"),
            Violation::ShiftBroken { solver, .. } => format!("shift:{solver}"),
            Violation::AboveOddBound { .. } => "above-odd-bound".into(),
            Violation::BeatsOptimal { heuristic, .. } => format!("beats-optimal:{heuristic}"),
            Violation::BelowGuarantee { heuristic, .. } => {
                format!("below-guarantee:{heuristic}")
            }
            Violation::NoSolver => "no-solver".into(),
        }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::Disagree {
                solver,
                difference,
                reference,
                expected,
            } => write!(
                f,
                "solver {solver} says {difference} but {reference} says {expected}"
            ),
            Violation::BadLine { who, problem } => write!(f, "{who}'s line: {problem}"),
            Violation::OddTotals { solver, difference } => write!(
                f,
                "solver {solver} says {difference}, which has the wrong parity for the board's sum"
            ),
            Violation::NotSymmetric {
                solver,
                forward,
                backward,
            } => write!(
                f,
                "solver {solver} gives {forward} but {backward} on the reversed board"
            ),
            Violation::ShiftBroken {
                solver,
                shift,
                before,
                after,
                expected,
            } => write!(
                f,
                "solver {solver}: adding {shift} to every value moved the value from {before} to {after}, not {expected}"
            ),
            Violation::AboveOddBound { value, bound } => write!(
                f,
                "the value {value} exceeds the odd-n bound min(O - E, E - O + 2 max(first, last)) = {bound}"
            ),
            Violation::BeatsOptimal {
                heuristic,
                achieved,
                optimal,
            } => write!(
                f,
                "heuristic {heuristic} achieves {achieved}, more than the optimal {optimal}"
            ),
            Violation::BelowGuarantee {
                heuristic,
                achieved,
                guaranteed,
            } => write!(
                f,
                "heuristic {heuristic} achieves {achieved}, below its guaranteed {guaranteed}"
            ),
            Violation::NoSolver => f.write_str("no exact solver accepts this board"),
        }
    }
}

/// Everything the check learned about one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseReport {
    /// The game.
    pub game: Game,
    /// The board.
    pub board: Board,
    /// One entry per solver, in the order given.
    pub solvers: Vec<SolverResult>,
    /// One entry per heuristic, in the order given.
    pub heuristics: Vec<HeuristicResult>,
    /// The optimal value (from the first solver that ran).
    pub value: Option<i64>,
    /// The first violation found, if any.
    pub violation: Option<Violation>,
}

impl CaseReport {
    /// Whether nothing was found wrong.
    pub fn is_ok(&self) -> bool {
        self.violation.is_none()
    }

    /// The first player's optimal total, for games that score every value.
    pub fn optimal_totals(&self) -> Option<Totals> {
        let value = self.value?;
        self.game
            .scores_everything()
            .then(|| totals_from_difference(&self.board, value))
    }

    /// The difference a solver reported, by name.
    pub fn difference_of(&self, solver: &str) -> Option<i64> {
        self.solvers
            .iter()
            .find(|s| s.solver == solver)
            .and_then(|s| s.difference)
    }

    /// A heuristic's performance, by name (`None` if absent or not applicable).
    pub fn performance_of(&self, heuristic: &str) -> Option<&Performance> {
        self.heuristics
            .iter()
            .find(|h| h.heuristic == heuristic)
            .and_then(|h| h.performance.as_ref())
    }
}

/// Checks the built-in solvers and heuristics on `board`.
pub fn check_builtin(game: Game, board: &Board, config: &CheckConfig) -> CaseReport {
    check(game, board, exact_solvers(), heuristics(), config)
}

/// The differential check. See the module documentation.
pub fn check(
    game: Game,
    board: &Board,
    solvers: &[&dyn Solver],
    heuristics: &[&dyn Heuristic],
    config: &CheckConfig,
) -> CaseReport {
    check_owned(game, board.clone(), solvers, heuristics, config)
}

/// [`check`] on a board the caller gives up, so a long board is not
/// copied into the report (it comes back as [`CaseReport::board`]).
pub fn check_owned(
    game: Game,
    board: Board,
    solvers: &[&dyn Solver],
    heuristics: &[&dyn Heuristic],
    config: &CheckConfig,
) -> CaseReport {
    let mut report = CaseReport {
        game,
        board,
        solvers: Vec::with_capacity(solvers.len()),
        heuristics: Vec::with_capacity(heuristics.len()),
        value: None,
        violation: None,
    };
    let violation = run_solvers(&mut report, solvers, config)
        .or_else(|| check_invariants(&report, solvers, config))
        .or_else(|| run_heuristics(&mut report, heuristics));
    report.violation = violation;
    report
}

fn runs(solver: &dyn Solver, game: Game, board: &Board, config: &CheckConfig) -> bool {
    admit(solver, game, board).is_ok()
        && !(solver.is_ground_truth() && board.len() > config.minimax_limit(game))
}

/// The solver the invariants are computed with: the cheapest (by its stated
/// [`Solver::cost`]) of those that ran on the board, the first of them on a
/// tie or when none states a cost.
fn invariant_solver<'a>(
    solvers: &[&'a dyn Solver],
    game: Game,
    board: &Board,
    config: &CheckConfig,
) -> Option<&'a dyn Solver> {
    let seconds = |s: &dyn Solver| {
        s.cost(game, board.len())
            .map_or(f64::INFINITY, |c| c.seconds)
    };
    solvers
        .iter()
        .copied()
        .filter(|s| runs(*s, game, board, config))
        .fold(None, |best: Option<&dyn Solver>, s| match best {
            Some(b) if seconds(b) <= seconds(s) => Some(b),
            _ => Some(s),
        })
}

fn run_solvers(
    report: &mut CaseReport,
    solvers: &[&dyn Solver],
    config: &CheckConfig,
) -> Option<Violation> {
    let (game, board) = (report.game, &report.board);
    let mut first: Option<(String, i64)> = None;
    let mut violation = None;
    for &solver in solvers {
        let name = solver.name().to_string();
        if !runs(solver, game, board, config) {
            report.solvers.push(SolverResult {
                solver: name,
                difference: None,
                line: None,
            });
            continue;
        }
        let wants_line = config.minimax_lines || !solver.is_ground_truth();
        let (difference, line) = value_and_line(solver, game, board, wants_line);
        if violation.is_none() {
            violation = line_problem(game, board, &name, difference, line.as_ref());
        }
        if violation.is_none() && game.scores_everything() {
            let parity = (i128::from(board.sum()) - i128::from(difference)) % 2;
            if parity != 0 {
                violation = Some(Violation::OddTotals {
                    solver: name.clone(),
                    difference,
                });
            }
        }
        match &first {
            None => first = Some((name.clone(), difference)),
            Some((reference, expected)) if *expected != difference && violation.is_none() => {
                violation = Some(Violation::Disagree {
                    solver: name.clone(),
                    difference,
                    reference: reference.clone(),
                    expected: *expected,
                });
            }
            _ => {}
        }
        report.solvers.push(SolverResult {
            solver: name,
            difference: Some(difference),
            line,
        });
    }
    report.value = first.map(|(_, d)| d);
    if report.value.is_none() {
        return Some(Violation::NoSolver);
    }
    violation
}

fn line_problem(
    game: Game,
    board: &Board,
    who: &str,
    difference: i64,
    line: Option<&Line>,
) -> Option<Violation> {
    let line = line?;
    let problem = match replay(game, board, line) {
        Err(e) => format!("{line}: {e}"),
        Ok(t) if t.difference() != difference => format!(
            "{line} replays to {} - {} = {}, not {difference}",
            t.first,
            t.second,
            t.difference()
        ),
        Ok(_) => return None,
    };
    Some(Violation::BadLine {
        who: who.to_string(),
        problem,
    })
}

fn check_invariants(
    report: &CaseReport,
    solvers: &[&dyn Solver],
    config: &CheckConfig,
) -> Option<Violation> {
    if !config.invariants {
        return None;
    }
    let (game, board, value) = (report.game, &report.board, report.value?);
    let solver = invariant_solver(solvers, game, board, config)?;
    let name = solver.name().to_string();
    let applies = invariants(game);
    if applies.contains(&Invariant::Reversal) {
        let backward = solver.difference(game, &board.reversed());
        if backward != value {
            return Some(Violation::NotSymmetric {
                solver: name,
                forward: value,
                backward,
            });
        }
    }
    if applies.contains(&Invariant::OddBound) && board.len() % 2 == 1 {
        if let Some(bound) = odd_n_bound(board).filter(|&b| i128::from(value) > b) {
            return Some(Violation::AboveOddBound { value, bound });
        }
    }
    if let Some(effect) = game.shift_effect(board.len()) {
        for shift in [1i64, -1] {
            // Skip a shift that overflows or that the game does not admit.
            let shifted: Option<Vec<i64>> = board
                .values()
                .iter()
                .map(|v| v.checked_add(shift))
                .collect();
            let Some(Ok(shifted)) = shifted.map(Board::new) else {
                continue;
            };
            if game.admit(&shifted).is_err() {
                continue;
            }
            let after = solver.difference(game, &shifted);
            let expected = i128::from(value) + i128::from(shift) * effect;
            if i128::from(after) != expected {
                return Some(Violation::ShiftBroken {
                    solver: name,
                    shift,
                    before: value,
                    after,
                    expected,
                });
            }
            break;
        }
    }
    None
}

fn run_heuristics(report: &mut CaseReport, heuristics: &[&dyn Heuristic]) -> Option<Violation> {
    let (game, optimal) = (report.game, report.value?);
    let mut violation = None;
    for &heuristic in heuristics {
        let name = heuristic.name().to_string();
        // Not applying to this game or size is no fault; any other error is.
        let performance = match evaluate(heuristic, game, &report.board) {
            Ok(p) => Some(p),
            Err(e)
                if matches!(
                    e.kind(),
                    ErrorKind::Unsupported(_) | ErrorKind::TooLarge { .. }
                ) =>
            {
                None
            }
            Err(e) => {
                violation.get_or_insert(Violation::BadLine {
                    who: name.clone(),
                    problem: e.to_string(),
                });
                None
            }
        };
        if let (Some(p), None) = (&performance, &violation) {
            violation = line_problem(game, &report.board, &name, p.difference, Some(&p.line))
                .or_else(|| {
                    (p.difference > optimal).then(|| Violation::BeatsOptimal {
                        heuristic: name.clone(),
                        achieved: p.difference,
                        optimal,
                    })
                })
                .or_else(|| {
                    let guaranteed = heuristic.guaranteed(game, &report.board)?;
                    (p.difference < guaranteed).then(|| Violation::BelowGuarantee {
                        heuristic: name.clone(),
                        achieved: p.difference,
                        guaranteed,
                    })
                });
        }
        report.heuristics.push(HeuristicResult {
            heuristic: name,
            performance,
        });
    }
    violation
}

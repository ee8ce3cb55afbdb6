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
//! 3. reversing the board keeps the value when both ends are allowed alike;
//!    in every rule set whose moves take exactly one value and delete none
//!    (`take=1` with any ends, scoring or circle), adding a constant c to
//!    every value changes the value by c * [`Game::shift_effect`] (c * (n
//!    mod 2) when takes score what they take, c * floor(n/2) when they
//!    score what remains); in coins, with odd n the value is at most
//!    [`odd_n_bound`]; in every rule set scored on the rest that
//!    [`rest::covered`] names, the value is (sum + v) / 2 where v is the
//!    take twin's value on the negated board, solved by a built-in solver
//!    other than the one whose value is checked;
//! 4. no heuristic achieves more than the optimal difference, its line
//!    replays to what it reports, and its documented bound holds.

use crate::board::Board;
use crate::play::{replay, Game, Kernel, Line, Totals};
use crate::solve::{
    admit, exact_solvers, minimax, rest, totals_from_difference, value_and_line, Solver,
};
use crate::strategy::{evaluate, heuristics, Heuristic, Performance};
use std::fmt;

mod extra;
pub use extra::PARALLEL_INVARIANTS_FROM;
use extra::{both, Extra};

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
    /// The value is (sum + v) / 2, v the take twin's value on the negated
    /// board. Applies where [`rest::covered`]: scored on the rest, no
    /// deletes, a take of one allowed (docs/solvers.md proves it).
    RestIdentity,
}

impl Invariant {
    /// A short name.
    pub fn name(self) -> &'static str {
        match self {
            Invariant::EvenTotals => "even-totals",
            Invariant::Reversal => "reversal",
            Invariant::Shift => "shift",
            Invariant::OddBound => "odd-bound",
            Invariant::RestIdentity => "rest-identity",
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
        (Invariant::RestIdentity, rest::covered(game)),
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
    /// What its line replays to, when legal (kept: 10^7 moves replay once).
    pub totals: Option<Totals>,
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
    /// A rule set whose moves take exactly one value and delete none:
    /// adding `shift` to every value did not change the value by `shift`
    /// times [`Game::shift_effect`].
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
    /// A covered `score=rest` rule set: the value is not half of the sum
    /// plus the take twin's value on the negated board.
    RestIdentity {
        /// The solver whose value is checked (the first that ran).
        solver: String,
        /// Its value.
        value: i64,
        /// The solver of the twin.
        twin_solver: String,
        /// The twin's value on the negated board.
        twin_value: i64,
        /// (sum + twin value) / 2.
        expected: i64,
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
            Violation::RestIdentity { solver, .. } => format!("rest-identity:{solver}"),
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
            Violation::RestIdentity {
                solver,
                value,
                twin_solver,
                twin_value,
                expected,
            } => write!(
                f,
                "solver {solver} says {value}, but the take twin's value of the negated board is {twin_value} ({twin_solver}), so the value is (sum + {twin_value}) / 2 = {expected}"
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
    let extra = Extra::plan(game, &board, solvers, config);
    // The invariants' solves need only the board: on a long board they run
    // on other threads while the solvers run on this one.
    let (solved, (results, value, violation)) = both(
        extra.parallel,
        || extra.solve(game, &board),
        || run_solvers(game, &board, solvers, config),
    );
    let mut report = CaseReport {
        game,
        board,
        solvers: results,
        heuristics: Vec::with_capacity(heuristics.len()),
        value,
        violation: None,
    };
    let solved = extra.values(game, &report.board, solved, report.value);
    let violation = violation
        .or_else(|| check_invariants(&report, &extra, solved))
        .or_else(|| rest_identity(&report, config))
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

/// The solvers' results, the value of the first that ran, and the first
/// violation of the solvers' part of the check.
fn run_solvers(
    game: Game,
    board: &Board,
    solvers: &[&dyn Solver],
    config: &CheckConfig,
) -> (Vec<SolverResult>, Option<i64>, Option<Violation>) {
    let mut results = Vec::with_capacity(solvers.len());
    let mut first: Option<(String, i64)> = None;
    let mut violation = None;
    for &solver in solvers {
        let name = solver.name().to_string();
        if !runs(solver, game, board, config) {
            results.push(SolverResult {
                solver: name,
                difference: None,
                line: None,
                totals: None,
            });
            continue;
        }
        let wants_line = config.minimax_lines || !solver.is_ground_truth();
        let (difference, line) = value_and_line(solver, game, board, wants_line);
        let replayed = line.as_ref().map(|l| replay(game, board, l));
        if let (None, Some(l), Some(r)) = (&violation, &line, &replayed) {
            violation = line_problem(&name, difference, l, r);
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
        results.push(SolverResult {
            solver: name,
            difference: Some(difference),
            line,
            totals: replayed.and_then(Result::ok),
        });
    }
    let value = first.map(|(_, d)| d);
    if value.is_none() {
        return (results, None, Some(Violation::NoSolver));
    }
    (results, value, violation)
}

fn line_problem(
    who: &str,
    difference: i64,
    line: &Line,
    replayed: &crate::error::Result<Totals>,
) -> Option<Violation> {
    let problem = match replayed {
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

/// The invariants, from the values [`Extra::solve`] gave (`backward` of
/// the reversed board, `after` of the shifted one).
fn check_invariants(
    report: &CaseReport,
    extra: &Extra,
    (backward, after): (Option<i64>, Option<i64>),
) -> Option<Violation> {
    let (game, board, value) = (report.game, &report.board, report.value?);
    let name = extra.solver?.name().to_string();
    let applies = invariants(game);
    if let Some(backward) = backward.filter(|&b| b != value) {
        return Some(Violation::NotSymmetric {
            solver: name,
            forward: value,
            backward,
        });
    }
    if applies.contains(&Invariant::OddBound) && board.len() % 2 == 1 {
        if let Some(bound) = odd_n_bound(board).filter(|&b| i128::from(value) > b) {
            return Some(Violation::AboveOddBound { value, bound });
        }
    }
    if let (Some((shift, effect, _)), Some(after)) = (&extra.shift, after) {
        let (shift, effect) = (*shift, *effect);
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
    }
    None
}

/// The rest identity ([`Invariant::RestIdentity`]): the twin solved on the
/// negated board by the cheapest built-in solver that runs there, other
/// than the solver whose value is checked (so `linear`'s value, itself
/// through the identity, is never checked by its own solve of that board).
fn rest_identity(report: &CaseReport, config: &CheckConfig) -> Option<Violation> {
    let (game, board, value) = (report.game, &report.board, report.value?);
    if !config.invariants || !rest::covered(game) {
        return None;
    }
    let checked = &report
        .solvers
        .iter()
        .find(|s| s.difference.is_some())?
        .solver;
    let others: Vec<&dyn Solver> = (exact_solvers().iter().copied())
        .filter(|s| s.name() != checked)
        .collect();
    let (twin, negated) = (rest::twin(game), board.negated());
    let twin_solver = invariant_solver(&others, twin, &negated, config)?;
    let twin_value = twin_solver.difference(twin, &negated);
    let expected = rest::from_twin(board, twin_value);
    (expected != value).then(|| Violation::RestIdentity {
        solver: checked.clone(),
        value,
        twin_solver: twin_solver.name().to_string(),
        twin_value,
        expected,
    })
}

fn run_heuristics(report: &mut CaseReport, heuristics: &[&dyn Heuristic]) -> Option<Violation> {
    let (game, optimal) = (report.game, report.value?);
    let mut violation = None;
    for &heuristic in heuristics {
        let name = heuristic.name().to_string();
        // Not applying to this game or size is no fault; any other error is.
        let performance = match evaluate(heuristic, game, &report.board) {
            Ok(p) => Some(p),
            Err(e) if crate::strategy::is_refusal(&e) => None,
            Err(e) => {
                violation.get_or_insert(Violation::BadLine {
                    who: name.clone(),
                    problem: e.to_string(),
                });
                None
            }
        };
        if let (Some(p), None) = (&performance, &violation) {
            let replayed = replay(game, &report.board, &p.line);
            violation = line_problem(&name, p.difference, &p.line, &replayed)
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

#[cfg(test)]
mod tests {
    //! Exact values of the check: each violation's signature and message,
    //! the limits at their boundaries, the invariants of each game, the
    //! solver the invariants use, and each violation produced by a real or
    //! planted solver or heuristic on a board where the value is known.

    use super::*;

    use crate::mutants::{
        BadLine, BoastfulGreedy, FlippedTable, GreedyAsExact, Inflated, PlantedRest, TakesTwo,
    };
    use crate::solve::{Cost, Generic, Linear, Memo, Minimax, Rest, Table};
    use crate::strategy::Greedy;

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    /// The generic solver's (right) value plus `off`, on every board but
    /// `home`; with the stated cost `seconds`. Right on `home`, so it agrees
    /// with the others there; the invariants, which solve other boards, see
    /// the error.
    struct Off {
        name: &'static str,
        off: i64,
        home: Option<Board>,
        seconds: Option<f64>,
    }

    impl Off {
        fn new(name: &'static str, off: i64, home: Option<&str>, seconds: Option<f64>) -> Off {
            Off {
                name,
                off,
                home: home.map(board),
                seconds,
            }
        }
    }

    impl Solver for Off {
        fn name(&self) -> &str {
            self.name
        }

        fn cost(&self, _game: Game, _n: usize) -> Option<crate::solve::Cost> {
            self.seconds.map(|seconds| Cost {
                states: 1.0,
                seconds,
                bytes: 0.0,
            })
        }

        fn difference(&self, game: Game, board: &Board) -> i64 {
            let value = Generic.difference(game, board);
            if self.home.as_ref() == Some(board) {
                value
            } else {
                value + self.off
            }
        }
    }

    /// Table's value with a line of one move, whatever the board.
    struct Stops;

    impl Solver for Stops {
        fn name(&self) -> &str {
            "stops"
        }

        fn difference(&self, game: Game, board: &Board) -> i64 {
            Table.difference(game, board)
        }

        fn line(&self, game: Game, board: &Board) -> Option<(i64, Line)> {
            let take = crate::play::Move::take(crate::play::Side::Left, 1);
            Some((self.difference(game, board), Line::new(vec![take])))
        }
    }

    /// (solver, difference) of each entry of the report, in order.
    fn differences(report: &CaseReport) -> Vec<(&str, Option<i64>)> {
        report
            .solvers
            .iter()
            .map(|s| (s.solver.as_str(), s.difference))
            .collect()
    }

    #[test]
    fn odd_n_bound_exact_values() {
        // 1 5 1: O = 2, E = 5; min(2 - 5, 5 - 2 + 2 * 1) = -3 (the first term).
        assert_eq!(odd_n_bound(&board("1 5 1")), Some(-3));
        // 5 1 5: O = 10, E = 1; min(10 - 1, 1 - 10 + 2 * 5) = 1 (the second).
        assert_eq!(odd_n_bound(&board("5 1 5")), Some(1));
        // 1 0 4: O = 5, E = 0; min(5, -5 + 2 * 4) = 3; max(first, last) is 4.
        assert_eq!(odd_n_bound(&board("1 0 4")), Some(3));
        // 3 9 4 0 1: O = 8, E = 9; min(-1, 1 + 2 * 3) = -1.
        assert_eq!(odd_n_bound(&board("3 9 4 0 1")), Some(-1));
        assert_eq!(odd_n_bound(&board("7")), Some(7));
        assert_eq!(odd_n_bound(&Board::default()), None);
        // Computed in i128: 2 * i64::MAX does not overflow.
        let max = i128::from(i64::MAX);
        assert_eq!(odd_n_bound(&board("9223372036854775807")), Some(max));
    }

    #[test]
    fn default_limits_per_game() {
        assert_eq!(default_minimax_max(Game::COINS), 16);
        assert_eq!(default_minimax_max(Game::STONEGAME7), 16);
        assert_eq!(default_minimax_max(Game::NUMBERGAME), 12);
        assert_eq!(default_minimax_max(Game::GAMEOFSUM), 10);
        for game in [Game::STONEGAME3, Game::PIZZA] {
            let n = minimax::longest_within(game, 2e4);
            assert_eq!(default_minimax_max(game), n, "{game}");
        }
        assert_eq!(default_minimax_max(Game::STONEGAME3), 15);
        assert_eq!(default_minimax_max(Game::PIZZA), 10);
        let config = CheckConfig::default();
        assert_eq!(
            config,
            CheckConfig {
                minimax_max: None,
                invariants: true,
                minimax_lines: false,
            }
        );
        for game in Game::ALL {
            assert_eq!(
                config.minimax_limit(game),
                default_minimax_max(game),
                "{game}"
            );
        }
    }

    #[test]
    fn a_set_limit_is_capped_at_the_refusal_limit() {
        let five = CheckConfig::default().with_minimax_max(5);
        assert_eq!(
            five,
            CheckConfig {
                minimax_max: Some(5),
                invariants: true,
                minimax_lines: false,
            }
        );
        let lines = CheckConfig {
            invariants: false,
            minimax_lines: true,
            ..CheckConfig::default()
        };
        assert_eq!(
            lines.with_minimax_max(0),
            CheckConfig {
                minimax_max: Some(0),
                invariants: false,
                minimax_lines: true,
            }
        );
        assert_eq!(five.minimax_limit(Game::COINS), 5);
        assert_eq!(five.minimax_limit(Game::GAMEOFSUM), 5);
        // Coins refuses above 27, numbergame above 19, gameofsum above 17.
        for (game, cap) in [
            (Game::COINS, 27),
            (Game::STONEGAME7, 27),
            (Game::NUMBERGAME, 19),
            (Game::GAMEOFSUM, 17),
        ] {
            let config = |n| CheckConfig::default().with_minimax_max(n);
            assert_eq!(config(cap - 1).minimax_limit(game), cap - 1, "{game}");
            assert_eq!(config(cap).minimax_limit(game), cap, "{game}");
            assert_eq!(config(cap + 1).minimax_limit(game), cap, "{game}");
            assert_eq!(config(usize::MAX).minimax_limit(game), cap, "{game}");
        }
        assert_eq!(
            CheckConfig::default()
                .with_minimax_max(1000)
                .minimax_limit(Game::PIZZA),
            minimax::refusal_limit(Game::PIZZA)
        );
    }

    #[test]
    fn invariants_per_game() {
        use Invariant::*;
        assert_eq!(
            invariants(Game::COINS),
            [EvenTotals, Reversal, Shift, OddBound]
        );
        assert_eq!(invariants(Game::NUMBERGAME), [Reversal]);
        assert_eq!(invariants(Game::GAMEOFSUM), [EvenTotals, Reversal]);
        assert_eq!(
            invariants(Game::STONEGAME7),
            [Reversal, Shift, RestIdentity]
        );
        assert_eq!(invariants(Game::STONEGAME3), [EvenTotals]);
        assert_eq!(invariants(Game::PIZZA), [EvenTotals, Reversal, Shift]);
        // The remembering rules: every value is scored under take=1..Km
        // (a take of one is always allowed), under put-back values are
        // scored again; one end only, so no reversal.
        let rules = |t: &str| invariants(t.parse().unwrap());
        assert_eq!(rules("ends=left take=1..2m"), [EvenTotals]);
        assert_eq!(rules("ends=right take=2..m"), Vec::<Invariant>::new());
        assert_eq!(rules("ends=left take=2.. putback"), Vec::<Invariant>::new());
        let names: Vec<&str> = [EvenTotals, Reversal, Shift, OddBound, RestIdentity]
            .into_iter()
            .map(Invariant::name)
            .collect();
        assert_eq!(
            names,
            [
                "even-totals",
                "reversal",
                "shift",
                "odd-bound",
                "rest-identity"
            ]
        );
        // Ends and circles as they are; no deletes, a take of one.
        assert!(rules("take=1..3 score=rest circle").contains(&RestIdentity));
        assert!(rules("ends=left take=1..2m score=rest").contains(&RestIdentity));
        assert!(!rules("take=1 delete=2 score=rest").contains(&RestIdentity));
        assert!(!rules("take=2 score=rest").contains(&RestIdentity));
    }

    /// A stonegame7 solver wrong from 20 values on, checked alone: its
    /// reversal and shift hold (checked first), so the rest identity is
    /// what catches it, with the twin solved by linear; the whole check
    /// passes it on a short board, and on the long one without invariants.
    #[test]
    fn a_wrong_rest_solver_alone_is_caught_by_the_rest_identity() {
        let game = Game::STONEGAME7;
        let run = |board: &Board, invariants| {
            let config = CheckConfig {
                invariants,
                ..CheckConfig::default()
            };
            check(game, board, &[&PlantedRest], &[], &config)
        };
        // Distinct values (37 i mod 101), so greedy's ties do not break the reversal.
        let values = |n: i64| (0..n).map(|i| (i * 37) % 101 - 50).collect();
        let long = Board::new(values(40)).unwrap();
        let truth = Table.difference(game, &long);
        let report = run(&long, true);
        assert_ne!(report.value, Some(truth));
        let Some(Violation::RestIdentity {
            solver,
            twin_solver,
            expected,
            ..
        }) = &report.violation
        else {
            panic!("{:?}", report.violation);
        };
        assert_eq!(
            (solver.as_str(), twin_solver.as_str()),
            ("planted-rest", "linear")
        );
        assert_eq!(*expected, truth);
        assert!(run(&long, false).is_ok());
        assert!(run(&Board::new(values(19)).unwrap(), true).is_ok());
        // The real reduction (linear through the identity) passes, its twin by table.
        let linear = check(game, &long, &[&Rest(Linear)], &[], &CheckConfig::default());
        assert_eq!((linear.value, linear.violation), (Some(truth), None));
    }

    /// Past PARALLEL_INVARIANTS_FROM the invariants are solved beside the
    /// solvers, the reversal and the shift as one solve of the reversed
    /// shifted board: each invariant still bites there, and is named in the
    /// same order (reversal first).
    #[test]
    fn the_invariants_of_long_boards_bite_when_solved_side_by_side() {
        /// Table, off by `by` on boards whose first value is below the last
        /// (so the board or its reversal), or whose first value is odd.
        struct Skewed {
            reversal: bool,
        }
        impl Solver for Skewed {
            fn name(&self) -> &str {
                "skewed"
            }
            fn supports(&self, game: Game) -> bool {
                Table.supports(game)
            }
            fn difference(&self, game: Game, board: &Board) -> i64 {
                let v = board.values();
                let off = if self.reversal {
                    v[0] < v[v.len() - 1]
                } else {
                    v[0] % 2 != 0
                };
                Table.difference(game, board) + 2 * i64::from(off)
            }
        }
        let n = PARALLEL_INVARIANTS_FROM + 1;
        let mut values: Vec<i64> = (0..n as i64).map(|i| (i * 7919) % 101).collect();
        (values[0], values[n - 1]) = (6, 50);
        let board = Board::new(values).unwrap();
        let config = CheckConfig::default();
        let report = check(Game::COINS, &board, &[&Table], &[], &config);
        assert_eq!(report.violation, None);
        let reversal = Skewed { reversal: true };
        let report = check(Game::COINS, &board, &[&reversal], &[], &config);
        assert!(
            matches!(report.violation, Some(Violation::NotSymmetric { .. })),
            "{:?}",
            report.violation
        );
        // 6 is even, 7 odd: the shifted board is off, the board is not.
        let shift = Skewed { reversal: false };
        let report = check(Game::COINS, &board, &[&shift], &[], &config);
        assert!(
            matches!(
                report.violation,
                Some(Violation::ShiftBroken { shift: 1, .. })
            ),
            "{:?}",
            report.violation
        );
        assert_eq!(both(true, || 1, || 2), (1, 2));
        assert_eq!(both(false, || 1, || 2), (1, 2));
    }

    /// The boards the invariants solve: the reversed and the shifted board
    /// on a short board, only the reversed shifted board on a long one
    /// where both invariants hold.
    #[test]
    fn a_long_board_solves_the_reversal_and_the_shift_as_one() {
        use std::sync::Mutex;
        struct Counting(Mutex<Vec<Vec<i64>>>);
        impl Solver for Counting {
            fn name(&self) -> &str {
                "counting"
            }
            fn supports(&self, game: Game) -> bool {
                Table.supports(game)
            }
            fn difference(&self, game: Game, board: &Board) -> i64 {
                self.0.lock().unwrap().push(board.values().to_vec());
                Table.difference(game, board)
            }
        }
        for n in [9, PARALLEL_INVARIANTS_FROM] {
            let values: Vec<i64> = (0..n as i64).map(|i| (i * 7919) % 101).collect();
            let board = Board::new(values.clone()).unwrap();
            let counting = Counting(Mutex::new(Vec::new()));
            let report = check(
                Game::COINS,
                &board,
                &[&counting],
                &[],
                &CheckConfig::default(),
            );
            assert_eq!(report.violation, None, "n = {n}");
            let mut solved = counting.0.into_inner().unwrap();
            solved.retain(|b| *b != values);
            let shifted: Vec<i64> = values.iter().map(|v| v + 1).collect();
            let reversed = |v: &[i64]| v.iter().rev().copied().collect::<Vec<i64>>();
            let expected = if n < PARALLEL_INVARIANTS_FROM {
                vec![reversed(&values), shifted]
            } else {
                vec![reversed(&shifted)]
            };
            assert_eq!(solved, expected, "n = {n}");
        }
    }

    /// A solver whose line replays to the value it reports, but a wrong one
    /// (table's recording fill gone wrong in its values and its choices
    /// alike): the line check cannot see it, the invariants' solves of the
    /// other boards (by `difference`, table's value fill) do, short and long,
    /// solved before or beside the solvers.
    #[test]
    fn a_line_that_replays_to_a_wrong_value_is_caught_by_the_invariants() {
        use crate::play::{Move, Side};
        struct LeftOnly;
        impl Solver for LeftOnly {
            fn name(&self) -> &str {
                "left-only"
            }
            fn supports(&self, game: Game) -> bool {
                Table.supports(game)
            }
            fn difference(&self, game: Game, board: &Board) -> i64 {
                Table.difference(game, board)
            }
            fn line(&self, game: Game, board: &Board) -> Option<(i64, Line)> {
                let line = Line::new(vec![Move::take(Side::Left, 1); board.len()]);
                Some((replay(game, board, &line).ok()?.difference(), line))
            }
        }
        for n in [9, PARALLEL_INVARIANTS_FROM + 1] {
            let values: Vec<i64> = (0..n as i64).map(|i| (i * 7919) % 101).collect();
            let board = Board::new(values).unwrap();
            let (value, _) = LeftOnly.line(Game::COINS, &board).unwrap();
            assert_ne!(value, Table.difference(Game::COINS, &board), "n = {n}");
            let report = check(
                Game::COINS,
                &board,
                &[&LeftOnly],
                &[],
                &CheckConfig::default(),
            );
            assert!(
                matches!(report.violation, Some(Violation::NotSymmetric { .. })),
                "n = {n}: {:?}",
                report.violation
            );
        }
    }

    #[test]
    fn each_violation_has_its_signature_and_message() {
        let s = String::from;
        let cases = [
            (
                Violation::Disagree {
                    solver: s("memo"),
                    difference: -3,
                    reference: s("minimax"),
                    expected: 11,
                },
                "disagree:memo",
                "solver memo says -3 but minimax says 11",
            ),
            (
                Violation::BadLine {
                    who: s("greedy"),
                    problem: s("L R: the game is not over"),
                },
                "bad-line:greedy",
                "greedy's line: L R: the game is not over",
            ),
            (
                Violation::OddTotals {
                    solver: s("table"),
                    difference: 2,
                },
                "odd-totals:table",
                "solver table says 2, which has the wrong parity for the board's sum",
            ),
            (
                Violation::NotSymmetric {
                    solver: s("linear"),
                    forward: 1,
                    backward: 3,
                },
                "not-symmetric:linear",
                "solver linear gives 1 but 3 on the reversed board",
            ),
            (
                Violation::ShiftBroken {
                    solver: s("generic"),
                    shift: -1,
                    before: 4,
                    after: 7,
                    expected: 3,
                },
                "shift:generic",
                "solver generic: adding -1 to every value moved the value from 4 to 7, not 3",
            ),
            (
                Violation::AboveOddBound {
                    value: -1,
                    bound: -3,
                },
                "above-odd-bound",
                "the value -1 exceeds the odd-n bound min(O - E, E - O + 2 max(first, last)) = -3",
            ),
            (
                Violation::BeatsOptimal {
                    heuristic: s("greedy"),
                    achieved: 2,
                    optimal: 0,
                },
                "beats-optimal:greedy",
                "heuristic greedy achieves 2, more than the optimal 0",
            ),
            (
                Violation::BelowGuarantee {
                    heuristic: s("parity"),
                    achieved: -3,
                    guaranteed: 0,
                },
                "below-guarantee:parity",
                "heuristic parity achieves -3, below its guaranteed 0",
            ),
            (
                Violation::NoSolver,
                "no-solver",
                "no exact solver accepts this board",
            ),
        ];
        for (violation, signature, message) in cases {
            assert_eq!(violation.signature(), signature);
            assert_eq!(violation.to_string(), message);
        }
    }

    /// The report's shape; tests/data/cases.toml holds the values.
    #[test]
    fn the_built_in_check_reports_every_solver_and_heuristic() {
        let report = check_builtin(Game::COINS, &board("8 15 3 7"), &CheckConfig::default());
        assert!(report.is_ok(), "{:?}", report.violation);
        assert_eq!(report.game, Game::COINS);
        assert_eq!(report.board, board("8 15 3 7"));
        // Pizza is for circles: skipped, not run.
        let ran: Vec<(&str, bool)> = differences(&report)
            .into_iter()
            .map(|(name, d)| (name, d.is_some()))
            .collect();
        assert_eq!(
            ran,
            [
                ("minimax", true),
                ("memo", true),
                ("generic", true),
                ("linear", true),
                ("table", true),
                ("pizza", false),
                ("one-ended", false),
            ]
        );
        assert_eq!(report.difference_of("nobody"), None);
        // Minimax builds no line unless asked; table always does.
        assert_eq!(report.solvers[0].line, None);
        assert!(report.solvers[4].line.is_some());
        let names: Vec<&str> = report
            .heuristics
            .iter()
            .map(|h| h.heuristic.as_str())
            .collect();
        assert_eq!(names, ["greedy", "parity"]);
        assert_eq!(report.performance_of("nobody"), None);
    }

    #[test]
    fn minimax_gives_its_line_on_request() {
        let config = CheckConfig {
            minimax_lines: true,
            ..CheckConfig::default()
        };
        let report = check(
            Game::COINS,
            &board("8 15 3 7"),
            &[&Minimax, &Table],
            &[],
            &config,
        );
        assert!(report.is_ok(), "{:?}", report.violation);
        let lines: Vec<Option<String>> = report
            .solvers
            .iter()
            .map(|s| s.line.as_ref().map(|l| l.to_string()))
            .collect();
        assert_eq!(lines, [Some("R L L L".into()), Some("R L L L".into())]);
        assert!(report.heuristics.is_empty());
    }

    #[test]
    fn totals_only_where_every_value_is_scored() {
        let report = check_builtin(Game::NUMBERGAME, &board("-5 2 1"), &CheckConfig::default());
        assert_eq!(report.value, Some(5));
        assert_eq!(report.optimal_totals(), None);
        // Linear is coins only: skipped, not run.
        assert_eq!(
            differences(&report),
            [
                ("minimax", Some(5)),
                ("memo", Some(5)),
                ("generic", Some(5)),
                ("linear", None),
                ("table", Some(5)),
                ("pizza", None),
                ("one-ended", None),
            ]
        );
        // Parity applies to coins only: not a fault.
        assert_eq!(report.performance_of("parity"), None);
        assert!(report.performance_of("greedy").is_some());
    }

    #[test]
    fn minimax_runs_up_to_the_limit_and_not_beyond() {
        let config = CheckConfig::default().with_minimax_max(4);
        let at = check_builtin(Game::COINS, &board("1 2 3 4"), &config);
        assert!(at.is_ok(), "{:?}", at.violation);
        assert_eq!(at.difference_of("minimax"), Some(2));
        assert_eq!(at.difference_of("memo"), Some(2));
        let above = check_builtin(Game::COINS, &board("1 2 3 4 5"), &config);
        assert!(above.is_ok(), "{:?}", above.violation);
        assert_eq!(above.difference_of("minimax"), None);
        assert_eq!(above.difference_of("memo"), Some(3));
        assert_eq!(above.value, Some(3));
        // The default limit of coins, 16.
        let values = |n: usize| Board::new((1..=n as i64).collect()).unwrap();
        let config = CheckConfig::default();
        let at = check(Game::COINS, &values(16), &[&Minimax, &Table], &[], &config);
        assert_eq!(differences(&at), [("minimax", Some(8)), ("table", Some(8))]);
        let above = check(Game::COINS, &values(17), &[&Minimax, &Table], &[], &config);
        assert_eq!(differences(&above), [("minimax", None), ("table", Some(9))]);
        // Only the ground truth has the check's limit.
        let memo = check(Game::COINS, &values(17), &[&Memo], &[], &config);
        assert_eq!(differences(&memo), [("memo", Some(9))]);
    }

    #[test]
    fn no_solver_that_runs_is_a_violation() {
        let b = board("1 2 3");
        let report = check(Game::COINS, &b, &[], &[&Greedy], &CheckConfig::default());
        assert_eq!(report.violation, Some(Violation::NoSolver));
        assert!(!report.is_ok());
        assert_eq!(report.value, None);
        assert!(report.heuristics.is_empty());
        let report = check(
            Game::NUMBERGAME,
            &b,
            &[&Linear],
            &[],
            &CheckConfig::default(),
        );
        assert_eq!(report.violation, Some(Violation::NoSolver));
        assert_eq!(differences(&report), [("linear", None)]);
        assert_eq!(report.optimal_totals(), None);
    }

    #[test]
    fn a_disagreement_names_both_solvers() {
        let b = board("8 15 3 7");
        let report = check(
            Game::COINS,
            &b,
            &[&Table, &GreedyAsExact, &Memo],
            &[&Greedy],
            &CheckConfig::default(),
        );
        assert_eq!(
            report.violation,
            Some(Violation::Disagree {
                solver: "greedy-as-exact".into(),
                difference: -3,
                reference: "table".into(),
                expected: 11,
            })
        );
        assert!(!report.is_ok());
        // Every solver still runs and reports; the value is the first's.
        assert_eq!(
            differences(&report),
            [
                ("table", Some(11)),
                ("greedy-as-exact", Some(-3)),
                ("memo", Some(11))
            ]
        );
        assert_eq!(report.value, Some(11));
        assert_eq!(report.difference_of("greedy-as-exact"), Some(-3));
        // No heuristic is judged against a value in doubt.
        assert!(report.heuristics.is_empty());
    }

    #[test]
    fn a_bad_line_is_reported_with_its_replay() {
        // Always taking the left end of 8 15 3 7 scores 8 + 3 against 15 + 7.
        let b = board("8 15 3 7");
        let expected = Some(Violation::BadLine {
            who: "bad-line".into(),
            problem: "L L L L replays to 11 - 22 = -11, not 11".into(),
        });
        let report = check(Game::COINS, &b, &[&BadLine], &[], &CheckConfig::default());
        assert_eq!(report.violation, expected);
        assert_eq!(report.value, Some(11));
        // The first violation stays, though greedy-as-exact disagrees next.
        let report = check(
            Game::COINS,
            &b,
            &[&BadLine, &GreedyAsExact],
            &[],
            &CheckConfig::default(),
        );
        assert_eq!(report.violation, expected);
        assert_eq!(
            differences(&report),
            [("bad-line", Some(11)), ("greedy-as-exact", Some(-3))]
        );
        // A line that does not end the game: the replay's error.
        let report = check(
            Game::COINS,
            &board("1 2 3"),
            &[&Stops],
            &[],
            &CheckConfig::default(),
        );
        assert_eq!(
            report.violation,
            Some(Violation::BadLine {
                who: "stops".into(),
                problem: "L: the line ends with moves still possible (2 values left)".into(),
            })
        );
    }

    #[test]
    fn odd_totals_in_a_game_that_scores_everything() {
        // 1 2 has the value 1; 2 leaves first + second = 3 with first -
        // second = 2: no integer totals.
        let odd = Off::new("odd", 1, None, None);
        let report = check(
            Game::COINS,
            &board("1 2"),
            &[&odd],
            &[],
            &CheckConfig::default(),
        );
        assert_eq!(
            report.violation,
            Some(Violation::OddTotals {
                solver: "odd".into(),
                difference: 2,
            })
        );
        // Numbergame deletes values: its totals need not add up to the sum.
        let report = check(
            Game::NUMBERGAME,
            &board("1 2"),
            &[&odd],
            &[],
            &CheckConfig::default(),
        );
        assert_eq!(report.violation, None);
        assert_eq!(report.value, Some(2));
    }

    #[test]
    fn the_invariants_use_the_cheapest_solver_that_ran() {
        // Each is right on 1 2 (value 1) and off by 2 on 2 1: the reversal
        // is reported with the solver the invariants used.
        let a = Off::new("a", 2, Some("1 2"), Some(1.0));
        let b = Off::new("b", 2, Some("1 2"), Some(2.0));
        let a2 = Off::new("a2", 2, Some("1 2"), Some(1.0));
        let c = Off::new("c", 2, Some("1 2"), None);
        let c2 = Off::new("c2", 2, Some("1 2"), None);
        let used = |solvers: &[&dyn Solver]| {
            let report = check(
                Game::COINS,
                &board("1 2"),
                solvers,
                &[],
                &CheckConfig::default(),
            );
            match report.violation {
                Some(Violation::NotSymmetric {
                    solver,
                    forward: 1,
                    backward: 3,
                }) => solver,
                other => panic!("{other:?}"),
            }
        };
        assert_eq!(used(&[&b, &a, &c]), "a");
        assert_eq!(used(&[&a, &b]), "a");
        assert_eq!(used(&[&c, &b]), "b");
        // A tie, or no cost stated: the first.
        assert_eq!(used(&[&a, &a2]), "a");
        assert_eq!(used(&[&a2, &a]), "a2");
        assert_eq!(used(&[&c, &c2]), "c");
        // A solver that did not run is not used.
        let limited = CheckConfig::default().with_minimax_max(1);
        let report = check(Game::COINS, &board("1 2"), &[&Minimax, &c], &[], &limited);
        assert_eq!(
            report.violation.map(|v| v.signature()),
            Some("not-symmetric:c".into())
        );
        // Without the invariants nothing is found.
        let off = CheckConfig {
            invariants: false,
            ..CheckConfig::default()
        };
        let report = check(Game::COINS, &board("1 2"), &[&a], &[], &off);
        assert_eq!(report.violation, None);
        assert_eq!(report.value, Some(1));
    }

    #[test]
    fn a_broken_shift_by_one() {
        // 2 2 (value 0) is its own reversal; 3 3 has the value 0 too, the
        // solver says 2.
        let off = Off::new("off", 2, Some("2 2"), None);
        let report = check(
            Game::COINS,
            &board("2 2"),
            &[&off],
            &[],
            &CheckConfig::default(),
        );
        assert_eq!(
            report.violation,
            Some(Violation::ShiftBroken {
                solver: "off".into(),
                shift: 1,
                before: 0,
                after: 2,
                expected: 0,
            })
        );
        // 1 3 1 (value -1): adding 1 to each of 3 values adds 1 to the value
        // (2 4 2 has the value 0); the solver says 2.
        let off = Off::new("off", 2, Some("1 3 1"), None);
        let report = check(
            Game::COINS,
            &board("1 3 1"),
            &[&off],
            &[],
            &CheckConfig::default(),
        );
        assert_eq!(
            report.violation,
            Some(Violation::ShiftBroken {
                solver: "off".into(),
                shift: 1,
                before: -1,
                after: 2,
                expected: 0,
            })
        );
        // Stonegame7 (score=rest) on 4 values: adding 1 adds n / 2 = 2.
        let off = Off::new("off", 2, Some("3 1 1 3"), None);
        let report = check(
            Game::STONEGAME7,
            &board("3 1 1 3"),
            &[&off],
            &[],
            &CheckConfig::default(),
        );
        let before = Generic.difference(Game::STONEGAME7, &board("3 1 1 3"));
        // Remove a 3 (scoring 5), then 1 - 1 + 3 - 0 = 1 for the opponent.
        assert_eq!(before, 4);
        // 4 2 2 4 has the value 6; the solver says 8.
        assert_eq!(
            report.violation,
            Some(Violation::ShiftBroken {
                solver: "off".into(),
                shift: 1,
                before,
                after: 8,
                expected: 6,
            })
        );
    }

    #[test]
    fn the_shift_is_minus_one_only_when_plus_one_overflows() {
        let max = i64::MAX;
        let off = Off::new("off", -2, Some("9223372036854775807"), None);
        let report = check(
            Game::COINS,
            &board("9223372036854775807"),
            &[&off],
            &[],
            &CheckConfig::default(),
        );
        assert_eq!(
            report.violation,
            Some(Violation::ShiftBroken {
                solver: "off".into(),
                shift: -1,
                before: max,
                after: max - 3,
                expected: i128::from(max) - 1,
            })
        );
        // One below i64::MAX: +1 still fits.
        let off = Off::new("off", -2, Some("9223372036854775806"), None);
        let report = check(
            Game::COINS,
            &board("9223372036854775806"),
            &[&off],
            &[],
            &CheckConfig::default(),
        );
        assert_eq!(
            report.violation,
            Some(Violation::ShiftBroken {
                solver: "off".into(),
                shift: 1,
                before: max - 1,
                after: max - 2,
                expected: i128::from(max),
            })
        );
    }

    #[test]
    fn above_the_odd_n_bound() {
        // 1 5 1: value -3 and bound -3, tight; inflated says -1.
        let report = check(
            Game::COINS,
            &board("1 5 1"),
            &[&Inflated],
            &[],
            &CheckConfig::default(),
        );
        assert_eq!(
            report.violation,
            Some(Violation::AboveOddBound {
                value: -1,
                bound: -3
            })
        );
        // 1 5 1 5 1 (value -7, bound min(3 - 10, 10 - 3 + 2) = -7): -5.
        let report = check(
            Game::COINS,
            &board("1 5 1 5 1"),
            &[&Inflated],
            &[],
            &CheckConfig::default(),
        );
        assert_eq!(
            report.violation,
            Some(Violation::AboveOddBound {
                value: -5,
                bound: -7
            })
        );
        // The bound is proved for coins only: pizza has none. Its value on
        // 1 5 1 is 5 (the 5 first, then a 1 each); off by 2 everywhere
        // keeps reversal, shift and parity.
        let off = Off::new("off", 2, None, None);
        let report = check(
            Game::PIZZA,
            &board("1 5 1"),
            &[&off],
            &[],
            &CheckConfig::default(),
        );
        assert_eq!(report.violation, None);
        assert_eq!(report.value, Some(7));
    }

    #[test]
    fn heuristic_violations() {
        let b = board("8 15 3 7");
        let config = CheckConfig::default();
        // Greedy loses by 3 against a best response, below 0.
        let report = check(Game::COINS, &b, &[&Table], &[&BoastfulGreedy], &config);
        assert_eq!(
            report.violation,
            Some(Violation::BelowGuarantee {
                heuristic: "boastful-greedy".into(),
                achieved: -3,
                guaranteed: 0,
            })
        );
        // 3 1 2: flipped-table says 0 (its value is 2), greedy gets 2.
        let report = check(
            Game::COINS,
            &board("3 1 2"),
            &[&FlippedTable],
            &[&Greedy],
            &config,
        );
        assert_eq!(
            report.violation,
            Some(Violation::BeatsOptimal {
                heuristic: "greedy".into(),
                achieved: 2,
                optimal: 0,
            })
        );
        // An illegal move is a fault; the later heuristics still run.
        let report = check(
            Game::COINS,
            &board("1 2 3 4"),
            &[&Table],
            &[&TakesTwo, &Greedy],
            &config,
        );
        assert_eq!(
            report.violation,
            Some(Violation::BadLine {
                who: "takes-two".into(),
                problem: "heuristic takes-two plays L2 with values 1..1 left: \
                          a take of 2 is not allowed by coins"
                    .into(),
            })
        );
        assert_eq!(report.performance_of("takes-two"), None);
        assert_eq!(report.performance_of("greedy").unwrap().difference, 2);
        // Too long for the evaluator: skipped, not a fault.
        let long = Board::new(vec![1; LONG]).unwrap();
        let report = check(Game::COINS, &long, &[&Table], &[&Greedy], &config);
        assert_eq!(report.violation, None);
        assert_eq!(report.performance_of("greedy"), None);
        assert_eq!(report.heuristics.len(), 1);
    }

    /// One more value than the evaluator accepts.
    const LONG: usize = crate::strategy::LIMIT + 1;
}

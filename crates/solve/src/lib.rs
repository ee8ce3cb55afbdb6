//! The exact solvers of coinline and their registry (re-exported by
//! `coinline-core` as its `solve` module).
//!
//! An exact solver computes the game's value: the score difference (first
//! player minus second) under optimal play by both. All exact solvers must
//! agree on it; that agreement is what the check of `coinline-core` tests.
//!
//! Architecture invariant: solvers are pure. No I/O, no global state, no
//! panic on any accepted [`Board`]; a board beyond a solver's size limit is
//! refused with [`ErrorKind::TooLarge`] by [`solve`], never attempted.
//!
//! Unsafe code is denied here but in the table's per-instruction-set fills
//! (the `#[target_feature]` modules `fills_for!` writes in `table/value.rs`),
//! which allow it: calling such a function is unsafe, and they are handed
//! out only after the feature was detected.

#![deny(unsafe_code)]

use coinline_game::board::Board;
use coinline_game::error::{Error, ErrorKind, Result};
use coinline_game::play::{replay, Game, Line, Totals};

pub mod generic;
pub mod history;
pub mod linear;
pub mod memo;
pub mod minimax;
pub mod one_ended;
pub mod pizza;
pub mod rest;
pub mod table;

pub use generic::Generic;
pub use linear::Linear;
pub use memo::Memo;
pub use minimax::Minimax;
pub use one_ended::OneEnded;
pub use pizza::Pizza;
pub use rest::Rest;
pub use table::Table;

/// An exact solver. Implement this to put a solver of your own through the
/// harness (see `examples/`).
pub trait Solver: Send + Sync {
    /// The name used on the command line and in reports.
    fn name(&self) -> &str;

    /// Whether the solver is the exhaustive ground truth (it searches every
    /// line of play). The check runs such a solver only up to its
    /// `CheckConfig` limit (`coinline-core`) and asks it for a line only on
    /// request. Defaults to `false`.
    fn is_ground_truth(&self) -> bool {
        false
    }

    /// What one solve of a board of `n` values costs in `game`, when the
    /// solver states it. `coinline solve` skips or refuses a solver whose
    /// estimate is over its time budget, `bench` times it, and the check
    /// computes its invariants with the cheapest solver that ran.
    /// Defaults to `None` (unknown: never skipped, never preferred).
    fn cost(&self, game: Game, n: usize) -> Option<Cost> {
        let _ = (game, n);
        None
    }

    /// Whether the solver implements `game`. Defaults to every game.
    fn supports(&self, game: Game) -> bool {
        let _ = game;
        true
    }

    /// The longest board the solver accepts for `game`; `None` is no limit.
    fn limit(&self, game: Game) -> Option<usize> {
        let _ = game;
        None
    }

    /// The game's value on `board`. Called only for supported games and
    /// boards within the limit.
    fn difference(&self, game: Game, board: &Board) -> i64;

    /// The value and one optimal line (canonical tie-break: the first optimal
    /// move in [`Game::moves`] order; `linear`'s line is optimal at every
    /// move but breaks ties its own way, see [`linear`]). `None` when the
    /// solver builds no lines.
    fn line(&self, game: Game, board: &Board) -> Option<(i64, Line)> {
        let _ = (game, board);
        None
    }
}

/// What one solve costs: the positions it evaluates and an estimate of
/// its time on this kind of machine (one core, without SIMD; measured with
/// `coinline bench`, within a factor of about three) and of its memory.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cost {
    /// Positions evaluated: tree nodes for minimax, intervals (times moves
    /// where a move costs work) for the tables, values for linear.
    pub states: f64,
    /// Estimated seconds.
    pub seconds: f64,
    /// The bytes the solve holds at once: its tables (or its stack, for
    /// minimax), from their sizes. `memo`'s and `table`'s were checked
    /// against peak memory in docs/solvers.md.
    pub bytes: f64,
}

impl Cost {
    /// A cost of `states` positions at `nanos` nanoseconds each, holding
    /// no memory ([`Cost::holding`] adds it).
    pub fn of(states: f64, nanos: f64) -> Cost {
        let seconds = states * nanos * 1e-9;
        Cost {
            states,
            seconds,
            bytes: 0.0,
        }
    }

    /// This cost, holding `bytes` bytes.
    pub fn holding(self, bytes: f64) -> Cost {
        Cost { bytes, ..self }
    }
}

/// The number of intervals of a board of `n` values, n(n+1)/2, as `f64`.
pub fn intervals(n: usize) -> f64 {
    let n = n as f64;
    n * (n + 1.0) / 2.0
}

/// A solver's answer on one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// First player's total minus second player's total, under optimal play.
    pub difference: i64,
    /// The two totals: derived from the difference for games that score every
    /// value, taken from the line's replay otherwise (where totals depend on
    /// the line). `None` for such a game without a line.
    pub totals: Option<Totals>,
    /// One optimal line, when asked for and the solver builds lines.
    pub line: Option<Line>,
}

/// Totals implied by a difference in a game where every value is scored:
/// first = (sum + difference) / 2.
pub fn totals_from_difference(board: &Board, difference: i64) -> Totals {
    let sum = i128::from(board.sum());
    let d = i128::from(difference);
    // Both totals are bounded by the board's absolute sum, so they fit.
    Totals {
        first: ((sum + d) / 2) as i64,
        second: ((sum - d) / 2) as i64,
    }
}

/// A solver's refusal of a game. A board over a solver's length limit is
/// [`ErrorKind::TooLarge`] instead: a kind of the game crate, because the
/// check and the drivers match it for solvers, heuristics and the value table alike.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// A game the solver does not implement.
    #[error("solver {solver} does not implement game {game}")]
    Unsupported {
        /// The solver's name.
        solver: String,
        /// The game.
        game: Game,
    },
}

coinline_game::error::layer_errors!(SolveError);

/// Whether `solver` accepts `board` for `game`, or the error it would give.
pub fn admit(solver: &dyn Solver, game: Game, board: &Board) -> Result<()> {
    game.admit(board)?;
    if !solver.supports(game) {
        return Err(SolveError::Unsupported {
            solver: solver.name().to_string(),
            game,
        }
        .into());
    }
    match solver.limit(game) {
        Some(limit) if board.len() > limit => Err(Error::new(ErrorKind::TooLarge {
            solver: solver.name().to_string(),
            n: board.len(),
            limit,
        })),
        _ => Ok(()),
    }
}

/// Runs `solver` on `board`, building a line when `want_line` is set (and the
/// solver can). The line, when there is one, is replayed to get the totals.
pub fn solve(solver: &dyn Solver, game: Game, board: &Board, want_line: bool) -> Result<Solution> {
    admit(solver, game, board)?;
    let (difference, line) = value_and_line(solver, game, board, want_line);
    let totals = match &line {
        Some(line) => Some(replay(game, board, line)?),
        None if game.scores_everything() => Some(totals_from_difference(board, difference)),
        None => None,
    };
    Ok(Solution {
        difference,
        totals,
        line,
    })
}

/// The solver's value and, when `want_line` is set and it builds one, its
/// line. The one place that falls back from a line to a plain value.
pub fn value_and_line(
    solver: &dyn Solver,
    game: Game,
    board: &Board,
    want_line: bool,
) -> (i64, Option<Line>) {
    match want_line.then(|| solver.line(game, board)).flatten() {
        Some((d, line)) => (d, Some(line)),
        None => (solver.difference(game, board), None),
    }
}

/// The built-in exact solvers, ground truth first, then the generic ones
/// (every game), then the fast ones registered for the games they handle.
/// The check compares every solver with the first that runs on a board, so
/// the order decides only which one is named as the reference in a
/// disagreement. The fast ones also answer the `score=rest` twins of
/// their games through [`rest`]'s identity.
pub fn exact_solvers() -> &'static [&'static dyn Solver] {
    &[
        &Minimax,
        &Memo,
        &Generic,
        &Rest(Linear),
        &Rest(Table),
        &Rest(Pizza),
        &Rest(OneEnded),
    ]
}

/// The built-in exact solvers that implement `game`, in registry order.
pub fn solvers_for(game: Game) -> impl Iterator<Item = &'static dyn Solver> {
    exact_solvers()
        .iter()
        .copied()
        .filter(move |s| s.supports(game))
}

/// The built-in specialised solvers of `game`: those registered for some
/// games only (table, linear), in registry order. Every other built-in
/// solver (minimax, memo, generic) implements every game.
pub fn specialised_for(game: Game) -> impl Iterator<Item = &'static dyn Solver> {
    solvers_for(game).filter(|s| !Game::ALL.iter().all(|&g| s.supports(g)))
}

/// The names of the built-in exact solvers.
pub fn solver_names() -> Vec<&'static str> {
    exact_solvers().iter().map(|s| s.name()).collect()
}

/// Looks up a built-in exact solver by name.
pub fn solver_by_name(name: &str) -> Result<&'static dyn Solver> {
    exact_solvers()
        .iter()
        .copied()
        .find(|s| s.name().eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| Error::unknown("solver", name, &solver_names()))
}

/// Index of the interval `[left, left + len)` in a triangular table holding
/// every non-empty interval of a row of `n` values, grouped by length.
#[inline]
pub fn tri_index(n: usize, len: usize, left: usize) -> usize {
    // Lengths 1..len-1 hold n, n-1, ..., n-len+2 intervals.
    (len - 1) * (n + 1) - (len - 1) * len / 2 + left
}

/// The number of non-empty intervals of a row of `n` values.
#[inline]
pub fn tri_size(n: usize) -> usize {
    n * (n + 1) / 2
}

#[cfg(test)]
mod exact_tests;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minimax_alone_is_the_ground_truth_and_the_generic_solvers_run_everywhere() {
        let truths: Vec<&str> = exact_solvers()
            .iter()
            .filter(|s| s.is_ground_truth())
            .map(|s| s.name())
            .collect();
        assert_eq!(truths, ["minimax"]);
        for game in Game::ALL {
            for solver in [&Minimax as &dyn Solver, &Memo, &Generic] {
                assert!(solver.supports(game), "{} {game}", solver.name());
            }
            assert_eq!(Table.supports(game), game.kernel().is_some(), "{game}");
            assert_eq!(Linear.supports(game), game == Game::COINS, "{game}");
        }
        let names = |game| specialised_for(game).map(|s| s.name()).collect::<Vec<_>>();
        assert_eq!(names(Game::COINS), ["linear", "table"]);
        assert_eq!(names(Game::STONEGAME7), ["linear", "table"]);
        assert_eq!(names(Game::STONEGAME3), ["one-ended"]);
        assert_eq!(names(Game::PIZZA), ["pizza"]);
        assert!(Table.limit(Game::COINS).is_none());
        assert!(Pizza.limit(Game::PIZZA).is_none());
    }

    #[test]
    fn every_built_in_solver_states_its_cost_and_it_grows_with_n() {
        for game in Game::ALL {
            for solver in solvers_for(game) {
                let small = solver.cost(game, 10).unwrap();
                let large = solver.cost(game, 20).unwrap();
                assert!(
                    small.seconds > 0.0 && small.states >= 10.0,
                    "{}",
                    solver.name()
                );
                assert!(large.seconds > small.seconds, "{} {game}", solver.name());
            }
        }
        // Exponential against quadratic: minimax at 40 is hopeless, table at 10^4 is not.
        assert!(Minimax.cost(Game::COINS, 40).unwrap().seconds > 100.0);
        assert!(Table.cost(Game::COINS, 10_000).unwrap().seconds < 1.0);
        assert!(Table.cost(Game::COINS, 10_000_000).unwrap().seconds > 1_000.0);
    }

    #[test]
    fn tri_index_is_a_bijection() {
        for n in 0..9 {
            let mut seen = vec![false; tri_size(n)];
            for len in 1..=n {
                for left in 0..=n - len {
                    let i = tri_index(n, len, left);
                    assert!(!seen[i]);
                    seen[i] = true;
                }
            }
            assert!(seen.iter().all(|&s| s));
        }
    }
}

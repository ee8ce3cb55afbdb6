//! Exact solvers and their registry.
//!
//! An exact solver computes the game's value: the score difference (first
//! player minus second) under optimal play by both. All exact solvers must
//! agree on it; that agreement is what [`crate::check`] tests.
//!
//! Architecture invariant: solvers are pure. No I/O, no global state, no
//! panic on any accepted [`Board`]; a board beyond a solver's size limit is
//! refused with [`ErrorKind::TooLarge`] by [`solve`], never attempted.

use crate::board::Board;
use crate::error::{Error, ErrorKind, Result};
use crate::game::{replay, Game, Line, Totals};

pub mod linear;
pub mod memo;
pub mod minimax;
pub mod table;

pub use linear::Linear;
pub use memo::Memo;
pub use minimax::Minimax;
pub use table::Table;

/// An exact solver. Implement this to put a solver of your own through the
/// harness (see `examples/`).
pub trait Solver: Send + Sync {
    /// The name used on the command line and in reports.
    fn name(&self) -> &str;

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
    /// move in [`Game::moves`] order). `None` when the solver builds no lines.
    fn line(&self, game: Game, board: &Board) -> Option<(i64, Line)> {
        let _ = (game, board);
        None
    }
}

/// A solver's answer on one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// First player's total minus second player's total, under optimal play.
    pub difference: i64,
    /// The two totals: derived from the difference for games that score every
    /// value, taken from the line's replay for numbergame (whose totals depend
    /// on the line). `None` for numbergame without a line.
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

/// Whether `solver` accepts `board` for `game`, or the error it would give.
pub fn admit(solver: &dyn Solver, game: Game, board: &Board) -> Result<()> {
    if !solver.supports(game) {
        return Err(Error::new(ErrorKind::Unsupported(format!(
            "solver {} does not implement game {}",
            solver.name(),
            game
        ))));
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
    let (difference, line) = match want_line.then(|| solver.line(game, board)).flatten() {
        Some((d, line)) => (d, Some(line)),
        None => (solver.difference(game, board), None),
    };
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

/// The built-in exact solvers, ground truth first.
///
/// Architecture invariant: `table` stays last. [`crate::check`] checks the
/// reversal and shift invariants with the last solver that ran, and `table`
/// is the one that runs on every game and every accepted length.
pub fn exact_solvers() -> &'static [&'static dyn Solver] {
    &[&Minimax, &Memo, &Linear, &Table]
}

/// The built-in exact solvers that implement `game`, in registry order.
pub fn solvers_for(game: Game) -> impl Iterator<Item = &'static dyn Solver> {
    exact_solvers()
        .iter()
        .copied()
        .filter(move |s| s.supports(game))
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
pub(crate) fn tri_index(n: usize, len: usize, left: usize) -> usize {
    // Lengths 1..len-1 hold n, n-1, ..., n-len+2 intervals.
    (len - 1) * (n + 1) - (len - 1) * len / 2 + left
}

/// The number of non-empty intervals of a row of `n` values.
#[inline]
pub(crate) fn tri_size(n: usize) -> usize {
    n * (n + 1) / 2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_the_last_solver_and_runs_everywhere() {
        let last = *exact_solvers().last().unwrap();
        assert_eq!(last.name(), "table");
        for game in Game::ALL {
            assert!(last.supports(game) && last.limit(game).is_none());
        }
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

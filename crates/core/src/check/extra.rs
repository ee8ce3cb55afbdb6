//! The invariants' extra solves of a board (the reversed and the shifted
//! board), planned before the solvers run and, on a long board, run beside
//! them: [`super::check_owned`] reads their values after the solvers' part.
//!
//! On a long board where both apply, they are one solve: the reversed
//! shifted board, whose value must be the board's plus the shift's effect
//! (the two invariants composed). Only when it is not are the reversed and
//! the shifted board solved apart, to name the invariant that broke; a
//! fault escapes only if its errors under reversal and under the shift
//! cancel exactly. Each extra solve of a long board is a whole table fill,
//! as long as the solvers' own: one instead of two takes a third off a
//! table solve's processor time and, on two cores, its critical path.

use super::{invariant_solver, invariants, CheckConfig, Invariant};
use crate::board::Board;
use crate::play::Game;
use crate::solve::Solver;

/// From this board length on, the invariants' extra solves run on a
/// thread of their own while the solvers run on the caller's, and the
/// reversal and the shift, where both apply, are one solve (the module's
/// documentation): there each is a table fill of milliseconds, against
/// about 0.1 ms for a thread. (Below it the reversed and the shifted board
/// are solved first, one after the other.)
pub const PARALLEL_INVARIANTS_FROM: usize = 2_000;

/// Runs `first` and `second`, on two threads when `parallel` (and a thread
/// can be started; else one after the other), and returns both results.
pub(super) fn both<A: Send, B>(
    parallel: bool,
    first: impl Fn() -> A + Sync,
    second: impl FnOnce() -> B,
) -> (A, B) {
    if !parallel {
        let a = first();
        return (a, second());
    }
    std::thread::scope(|scope| {
        let first = &first;
        let helper = std::thread::Builder::new().spawn_scoped(scope, first).ok();
        let b = second();
        let a = match helper.map(|h| h.join()) {
            Some(Ok(a)) => a,
            Some(Err(panic)) => std::panic::resume_unwind(panic),
            None => first(),
        };
        (a, b)
    })
}

/// The board shifted by one (then by minus one) that the game admits, with
/// the shift, for the shift invariant.
fn shifted_board(game: Game, board: &Board) -> Option<(i64, Board)> {
    [1i64, -1].into_iter().find_map(|shift| {
        // Skip a shift that overflows or that the game does not admit.
        let shifted: Option<Vec<i64>> = board
            .values()
            .iter()
            .map(|v| v.checked_add(shift))
            .collect();
        let shifted = Board::new(shifted?).ok()?;
        game.admit(&shifted).is_ok().then_some((shift, shifted))
    })
}

/// The invariants' extra solves of one board, planned before the solvers
/// run: the solver they use, whether the reversal applies, and the shift,
/// its effect and the shifted board where the shift applies.
pub(super) struct Extra<'a> {
    pub(super) solver: Option<&'a dyn Solver>,
    pub(super) reversal: bool,
    pub(super) shift: Option<(i64, i128, Board)>,
    /// Whether the extra solves run beside the solvers, on a long board.
    pub(super) parallel: bool,
    /// Whether the reversal and the shift are solved as one (on a long
    /// board where both apply).
    together: bool,
}

/// The values of the extra solves: of the reversed and of the shifted
/// board where they apply, or of the reversed shifted board.
pub(super) enum Solved {
    Apart(Option<i64>, Option<i64>),
    Together(i64),
}

impl<'a> Extra<'a> {
    pub(super) fn plan(
        game: Game,
        board: &Board,
        solvers: &[&'a dyn Solver],
        config: &CheckConfig,
    ) -> Self {
        let solver = config
            .invariants
            .then(|| invariant_solver(solvers, game, board, config))
            .flatten();
        let reversal = solver.is_some() && invariants(game).contains(&Invariant::Reversal);
        let shift = solver
            .and(game.shift_effect(board.len()))
            .and_then(|effect| shifted_board(game, board).map(|(s, b)| (s, effect, b)));
        let parallel = (reversal || shift.is_some()) && board.len() >= PARALLEL_INVARIANTS_FROM;
        Extra {
            solver,
            reversal,
            together: parallel && reversal && shift.is_some(),
            shift,
            parallel,
        }
    }

    /// The values of the extra solves ([`Solved`]).
    pub(super) fn solve(&self, game: Game, board: &Board) -> Solved {
        match (self.solver, &self.shift) {
            (Some(solver), Some((_, _, shifted))) if self.together => {
                Solved::Together(solver.difference(game, &shifted.reversed()))
            }
            _ => {
                let (backward, after) = self.apart(game, board);
                Solved::Apart(backward, after)
            }
        }
    }

    /// The values of the reversed and of the shifted board, where they
    /// apply, one after the other.
    fn apart(&self, game: Game, board: &Board) -> (Option<i64>, Option<i64>) {
        let Some(solver) = self.solver else {
            return (None, None);
        };
        let backward = self
            .reversal
            .then(|| solver.difference(game, &board.reversed()));
        let after = self
            .shift
            .as_ref()
            .map(|(_, _, shifted)| solver.difference(game, shifted));
        (backward, after)
    }

    /// The values of the reversed and of the shifted board for the
    /// invariants, given the board's `value` (`None`: no solver ran, and
    /// nothing is checked): from the solve together when it shows both
    /// invariants hold (the reversed board then counts as having the
    /// board's value and the shifted one the shift's effect added), else
    /// solved apart now, to name the invariant that broke.
    pub(super) fn values(
        &self,
        game: Game,
        board: &Board,
        solved: Solved,
        value: Option<i64>,
    ) -> (Option<i64>, Option<i64>) {
        let (both, value, (shift, effect, _)) = match (solved, value, &self.shift) {
            (Solved::Apart(backward, after), _, _) => return (backward, after),
            (Solved::Together(both), Some(value), Some(shift)) => (both, value, shift),
            (Solved::Together(_), _, _) => return (None, None),
        };
        if i128::from(both) == i128::from(value) + i128::from(*shift) * effect {
            (Some(value), Some(both))
        } else {
            self.apart(game, board)
        }
    }
}

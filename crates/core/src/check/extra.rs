//! The invariants' extra solves of a board (the reversed and the shifted
//! board), planned before the solvers run and, on a long board, run beside
//! them: [`super::check_owned`] reads their values after the solvers' part.

use super::{invariant_solver, invariants, CheckConfig, Invariant};
use crate::board::Board;
use crate::play::Game;
use crate::solve::Solver;

/// From this board length on, the invariants' two extra solves (the
/// reversed and the shifted board) run on threads of their own (two, or
/// one on fewer than `SIDE_BY_SIDE_FROM_CORES` processors) while the
/// solvers run on the caller's: there each is a table fill of
/// milliseconds, against about 0.1 ms for a thread. (Below it they run
/// first, one after the other.)
pub const PARALLEL_INVARIANTS_FROM: usize = 2_000;

/// From this many processors on, the two extra solves also run beside each
/// other (three threads in all); below it they run one after the other on
/// one thread beside the solvers. On two cores three busy threads share
/// them in turns, and the solvers' recording fill, the longest of the
/// three, then waits for a third of its time.
const SIDE_BY_SIDE_FROM_CORES: usize = 3;

/// The processors this process may use (once per process).
fn cores() -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

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
    /// Whether the extra solves run beside the solvers (and beside each
    /// other), on a long board.
    pub(super) parallel: bool,
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
            shift,
            parallel,
        }
    }

    /// The values of the reversed and of the shifted board, where they
    /// apply; side by side on a long board.
    pub(super) fn solve(&self, game: Game, board: &Board) -> (Option<i64>, Option<i64>) {
        let Some(solver) = self.solver else {
            return (None, None);
        };
        both(
            self.parallel
                && self.reversal
                && self.shift.is_some()
                && cores() >= SIDE_BY_SIDE_FROM_CORES,
            || {
                self.reversal
                    .then(|| solver.difference(game, &board.reversed()))
            },
            || {
                self.shift
                    .as_ref()
                    .map(|(_, _, shifted)| solver.difference(game, shifted))
            },
        )
    }
}

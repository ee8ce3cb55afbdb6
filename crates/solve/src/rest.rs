//! `score=rest` served by the take solvers: V_rest(a) = (S + V_take(-a)) / 2.
//!
//! For a rule set scored on the rest whose take twin (the same rules
//! scored on what is taken, [`twin`]) scores every value, the value of a
//! board `a` with sum S is half of S plus the twin's value on the negated
//! board, and an optimal line of the twin on `-a` is an optimal line of
//! the rest game on `a`. [`covered`] says which rule sets; docs/solvers.md
//! has the proof. [`Rest`] wraps a take solver so that it also answers the
//! covered rule sets whose twin it supports, through the identity; the
//! check of `coinline-core` holds every covered rule set to it.
//!
//! The halving is done in `i128`: S and the twin's value are each at most
//! the board's absolute sum, so their sum may not fit `i64`, but the half,
//! the total the second player removes, does.

use super::{Cost, Solver};
use coinline_game::board::Board;
use coinline_game::play::{Game, Line};
use coinline_game::rules::{Memory, Score};

/// The same rules, scored on what is taken.
pub fn twin(game: Game) -> Game {
    Game {
        score: Score::Taken,
        ..game
    }
}

/// Whether the identity holds for `game`: it scores the rest, deletes
/// nothing, allows a take of one (so every value is removed on every
/// line) and puts nothing back; ends, circles and the bound M of
/// `take=a..Km` as they are.
pub fn covered(game: Game) -> bool {
    game.score == Score::Rest
        && game.delete.is_empty()
        && game.take.contains(1)
        && game.memory != Memory::PutBack
}

/// The rest value of `board` from its twin's value on the negated board.
pub fn from_twin(board: &Board, twin_value: i64) -> i64 {
    let doubled = i128::from(board.sum()) + i128::from(twin_value);
    // Twice the second player's total (docs/solvers.md), so within i64.
    (doubled / 2) as i64
}

/// A take solver that also answers the covered rest rule sets through the
/// identity (see the module documentation). It keeps its inner solver's
/// name: to a user it is the same algorithm.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rest<S>(pub S);

impl<S: Solver> Rest<S> {
    /// The game the inner solver plays for `game`: `game` itself when it
    /// supports it, the twin when `game` is covered and it supports that.
    pub fn served(&self, game: Game) -> Option<Game> {
        if self.0.supports(game) {
            Some(game)
        } else {
            (covered(game) && self.0.supports(twin(game))).then(|| twin(game))
        }
    }
}

impl<S: Solver> Solver for Rest<S> {
    fn name(&self) -> &str {
        self.0.name()
    }

    fn is_ground_truth(&self) -> bool {
        self.0.is_ground_truth()
    }

    fn cost(&self, game: Game, n: usize) -> Option<Cost> {
        self.0.cost(self.served(game)?, n)
    }

    fn supports(&self, game: Game) -> bool {
        self.served(game).is_some()
    }

    fn limit(&self, game: Game) -> Option<usize> {
        self.0.limit(self.served(game).unwrap_or(game))
    }

    fn difference(&self, game: Game, board: &Board) -> i64 {
        match self.served(game) {
            Some(g) if g != game => from_twin(board, self.0.difference(g, &board.negated())),
            _ => self.0.difference(game, board),
        }
    }

    /// The twin's line on the negated board: every line has the same
    /// moves in both games, and its rest margin is an increasing function
    /// of its take margin there, so it is optimal (docs/solvers.md).
    fn line(&self, game: Game, board: &Board) -> Option<(i64, Line)> {
        match self.served(game) {
            Some(g) if g != game => {
                let (value, line) = self.0.line(g, &board.negated())?;
                Some((from_twin(board, value), line))
            }
            _ => self.0.line(game, board),
        }
    }
}

//! The one value table of a board: the value of every position for the
//! player to move, and so the price of every move. `coinline play` (and
//! through it judge and stress on interactive problems), the terminal
//! game and `coinline explain` all read values, legal moves and best
//! moves here, so they cannot disagree with each other or with the rules.
//!
//! A position is a [`State`]: the values left `[left, right)` and, for the
//! rules that remember (`take=a..Km`, `docs/rules.md`), the bound M. Where
//! nothing is remembered or what is remembered lives in the interval
//! (`putback`: [`Row::play`] holds the value put back at the end), the
//! table is one cell per interval, O(n^2); under `take=a..Km` it is the
//! history solver's table over (values left, M)
//! ([`crate::solve::history::BoundValues`]), one-ended, (n + 1)^2 cells.
//! The legal moves of a state are [`Game::capped`]'s at its bound, and a
//! take moves the bound by [`Game::next_bound`], as the history solver
//! plays.

use super::LIMIT;
use crate::board::Board;
use crate::error::{Error, ErrorKind, Result};
use crate::play::{Game, Move, Row, Side};
use crate::rules::{IllegalReason, Memory, Moves};
use crate::solve::history::{BoundValues, BOUND_LIMIT};
use crate::solve::{tri_index, tri_size};

/// A position between moves: the values `left..right` still on the board
/// (0-based, right excluded; on a circle, positions past n name the board
/// written twice) and the bound M of `take=a..Km` (the largest take so
/// far, 1 before any; 1 throughout under every other rule set).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// The first value left.
    pub left: usize,
    /// One past the last value left.
    pub right: usize,
    /// The bound M.
    pub bound: usize,
}

impl State {
    /// The start of a game on `n` values.
    pub fn start(n: usize) -> State {
        State {
            left: 0,
            right: n,
            bound: 1,
        }
    }

    /// How many values are left.
    pub fn len(&self) -> usize {
        self.right - self.left
    }

    /// Whether no value is left.
    pub fn is_empty(&self) -> bool {
        self.left >= self.right
    }
}

/// The cells: one per interval, or the history solver's per (values
/// left, M).
#[derive(Clone, Debug)]
enum Cells {
    Intervals { span: usize, cells: Vec<i64> },
    Bound(BoundValues),
}

/// Every position's value for the player to move (their total minus the
/// other's on the rest of the game under optimal play), from one fill over
/// the board, so pricing a move is O(1).
#[derive(Clone, Debug)]
pub struct ValueTable<'a> {
    game: Game,
    row: Row<'a>,
    cells: Cells,
}

impl<'a> ValueTable<'a> {
    /// Solves `board` (admitted by `game`; at most [`LIMIT`] values, half
    /// that on a circle, and [`BOUND_LIMIT`] under `take=a..Km`).
    pub fn new(game: Game, board: &'a Board) -> Result<Self> {
        let n = board.len();
        let limit = match (game.memory, game.circle) {
            (Memory::Bound(_), _) => BOUND_LIMIT,
            (_, true) => LIMIT / 2,
            (_, false) => LIMIT,
        };
        if n > limit {
            return Err(Error::new(ErrorKind::TooLarge {
                solver: "play".into(),
                n,
                limit,
            }));
        }
        game.admit(board)?;
        let row = Row::new(game, board.values());
        if let Memory::Bound(_) = game.memory {
            return Ok(ValueTable {
                game,
                row,
                cells: Cells::Bound(BoundValues::new(game, board.values())),
            });
        }
        let (span, longest) = if game.circle && n > 0 {
            (2 * n, n - 1)
        } else {
            (n, n)
        };
        let mut table = ValueTable {
            game,
            row,
            cells: Cells::Intervals {
                span,
                cells: vec![0; tri_size(span)],
            },
        };
        table.fill(longest, game.memory == Memory::None);
        Ok(table)
    }

    /// The rules.
    pub fn game(&self) -> Game {
        self.game
    }

    /// The board's values.
    pub fn values(&self) -> &'a [i64] {
        self.row.values()
    }

    fn interval_cells(&mut self) -> (usize, &mut Vec<i64>) {
        match &mut self.cells {
            Cells::Intervals { span, cells } => (*span, cells),
            Cells::Bound(_) => unreachable!("a bound game has no interval cells"),
        }
    }

    /// Fills the intervals of lengths 1..=longest, by rows where the game
    /// has no memory (`by_rows`), else cell by cell through [`Self::worth`].
    fn fill(&mut self, longest: usize, by_rows: bool) {
        // The moves depend on the length alone: listing them once per
        // length, not per cell, is most of the fill's speed.
        let mut moves: Vec<Move> = Vec::new();
        for len in 1..=longest {
            moves.clear();
            moves.extend(self.game.moves(len));
            if by_rows {
                self.fill_length(len, &moves);
                continue;
            }
            let (span, _) = self.interval_cells();
            for l in 0..=span - len {
                let state = State {
                    left: l,
                    right: l + len,
                    bound: 1,
                };
                let best = moves
                    .iter()
                    .map(|&mv| self.worth(mv, state))
                    .max()
                    .unwrap_or(0);
                self.interval_cells().1[tri_index(span, len, l)] = best;
            }
        }
    }

    /// Fills every interval of length `len` of a game without memory, move
    /// by move: each move leaves a row of shorter intervals already filled,
    /// read at a fixed shift, so the inner loop is a lookup and a sum.
    fn fill_length(&mut self, len: usize, moves: &[Move]) {
        let row = &self.row;
        let Cells::Intervals { span, cells } = &mut self.cells else {
            return;
        };
        let span = *span;
        let count = span - len + 1;
        let (shorter, rest) = cells.split_at_mut(tri_index(span, len, 0));
        let out = &mut rest[..count];
        if moves.is_empty() {
            out.fill(0);
            return;
        }
        out.fill(i64::MIN);
        for &mv in moves {
            let left_len = len - mv.count;
            let child: &[i64] = if left_len == 0 {
                &[]
            } else {
                let shift = if mv.side == Side::Left { mv.count } else { 0 };
                let from = tri_index(span, left_len, shift);
                &shorter[from..from + count]
            };
            for (l, cell) in out.iter_mut().enumerate() {
                let (gain, _, _) = row.play(mv, l, l + len);
                let rest = child.get(l).copied().unwrap_or(0);
                *cell = (*cell).max(gain - rest);
            }
        }
    }

    /// The value of `state` for the player to move; 0 when no value is
    /// left. On a circle, a state after the first move (the start is
    /// [`Self::start_value`]'s).
    pub fn value(&self, state: State) -> i64 {
        if state.is_empty() {
            return 0;
        }
        match &self.cells {
            Cells::Intervals { span, cells } => cells[tri_index(*span, state.len(), state.left)],
            Cells::Bound(table) => table.value(state.len(), state.bound),
        }
    }

    /// The rules of `state`'s moves: the game's, capped at its bound
    /// ([`Game::capped`]).
    pub fn rules(&self, state: State) -> Game {
        self.game.capped(state.bound)
    }

    /// The legal moves of `state` (after a circle's first move), in
    /// canonical order ([`Game::moves`]).
    pub fn moves(&self, state: State) -> Moves {
        self.rules(state).moves(state.len())
    }

    /// Why `mv` is not legal at `state` (after a circle's first move), if
    /// it is not.
    pub fn illegal_reason(&self, mv: Move, state: State) -> Option<IllegalReason> {
        self.game.illegal_at(mv, state.len(), state.bound)
    }

    /// Plays `mv` (legal) at `state`: what it scores and the state it leaves.
    pub fn play(&self, mv: Move, state: State) -> (i64, State) {
        let (gain, left, right) = self.row.play(mv, state.left, state.right);
        let bound = self.game.next_bound(state.bound, mv.count);
        (gain, State { left, right, bound })
    }

    /// The mover's value of playing `mv` (legal) at `state`: what it
    /// scores minus the value of the state it leaves.
    pub fn worth(&self, mv: Move, state: State) -> i64 {
        let (gain, next) = self.play(mv, state);
        gain - self.value(next)
    }

    /// The first optimal move of `state` in canonical order; `None` when
    /// the game is over there.
    pub fn best_move(&self, state: State) -> Option<Move> {
        let value = self.value(state);
        let mut moves = self.moves(state);
        moves.find(|&mv| self.worth(mv, state) == value)
    }

    /// The value of the start for the first player (on a circle, the best
    /// of every first move from every start).
    pub fn start_value(&self) -> i64 {
        let n = self.row.values().len();
        if !self.game.circle {
            return self.value(State::start(n));
        }
        self.first_moves()
            .map(|(s, mv)| {
                let state = State {
                    left: s,
                    right: s + n,
                    bound: 1,
                };
                self.worth(mv, state)
            })
            .max()
            .unwrap_or(0)
    }

    /// The first moves of the game with the start each is played from:
    /// on a circle, every run from every start (`Row::first_moves`).
    pub fn first_moves(&self) -> impl Iterator<Item = (usize, Move)> + '_ {
        self.row.first_moves()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{random_board, Span, Values};
    use crate::solve::{solve, Memo};

    fn board(s: &str) -> Board {
        Board::parse(s).unwrap()
    }

    #[test]
    fn the_row_fill_gives_every_cell_of_the_cell_by_cell_fill() {
        let games = [
            "coins",
            "numbergame",
            "pizza",
            "stonegame3",
            "gameofsum",
            "take=1..3",
            "ends=left take=1..3",
            "take=2 delete=1 circle",
            "score=rest take=1..2",
            "take=1,3 delete=2",
        ];
        for (i, name) in games.iter().enumerate() {
            let game: Game = name.parse().unwrap();
            for seed in 0..12 {
                let b = random_board(
                    seed,
                    i as u64,
                    Span { lo: 0, hi: 13 },
                    Values::Uniform(Span { lo: -9, hi: 20 }),
                );
                let Ok(rows) = ValueTable::new(game, &b) else {
                    continue;
                };
                let mut cells = rows.clone();
                cells.interval_cells().1.fill(0);
                let longest = if game.circle && !b.is_empty() {
                    b.len() - 1
                } else {
                    b.len()
                };
                cells.fill(longest, false);
                let (Cells::Intervals { cells: want, .. }, Cells::Intervals { cells: got, .. }) =
                    (&rows.cells, &cells.cells)
                else {
                    panic!("{name}: an interval table");
                };
                assert_eq!(want, got, "{name}: {b}");
            }
        }
    }

    #[test]
    fn every_state_under_a_bound_is_priced_as_the_history_solver_plays() {
        // LeetCode 1140's first example: at the start M = 1 allows 1 or 2.
        let game: Game = "ends=left take=1..2m".parse().unwrap();
        let b = board("2 7 9 4 4");
        let table = ValueTable::new(game, &b).unwrap();
        let start = State::start(5);
        assert_eq!(table.start_value(), -6);
        assert_eq!(table.value(start), -6);
        let moves: Vec<String> = table.moves(start).map(|mv| mv.to_string()).collect();
        assert_eq!(moves, ["L", "L2"]);
        let five = Move::take(Side::Left, 5);
        let why = table.illegal_reason(five, start);
        let over = IllegalReason::OverBound {
            count: 5,
            factor: 2,
            m: 1,
        };
        assert_eq!(why, Some(over));
        // Every state by memo on the rest of the board, with M as the
        // lower bound the rest starts from: the line L2 then the rest.
        let mut line = Vec::new();
        let mut state = start;
        while let Some(mv) = table.best_move(state) {
            line.push(mv.to_string());
            (_, state) = table.play(mv, state);
        }
        assert_eq!(line.join(" "), "L L2 L2");
        let right: Game = "ends=right take=1..2m".parse().unwrap();
        let mirrored = board("4 4 9 7 2");
        let table = ValueTable::new(right, &mirrored).unwrap();
        assert_eq!(table.start_value(), -6);
        for m in 1..=3 {
            // From 4 4 9 with bound m, at the right: as 9 4 4 at the left.
            let rest = State {
                left: 0,
                right: 3,
                bound: m,
            };
            let left_game = ValueTable::new(game, &b).unwrap();
            let left_rest = State {
                left: 2,
                right: 5,
                bound: m,
            };
            assert_eq!(table.value(rest), left_game.value(left_rest), "M = {m}");
        }
    }

    #[test]
    fn the_start_value_is_the_solvers_on_every_kind_of_rule() {
        for (i, name) in [
            "coins",
            "pizza",
            "ends=left take=1..2m",
            "ends=right take=2..3m",
            "ends=left take=2.. putback",
            "take=1,70 delete=64",
        ]
        .iter()
        .enumerate()
        {
            let game: Game = name.parse().unwrap();
            for seed in 0..20 {
                let b = random_board(
                    seed,
                    i as u64,
                    Span { lo: 0, hi: 9 },
                    Values::Uniform(Span { lo: -9, hi: 20 }),
                );
                let table = ValueTable::new(game, &b).unwrap();
                let memo = solve(&Memo, game, &b, false).unwrap().difference;
                assert_eq!(table.start_value(), memo, "{name}: {b}");
            }
        }
    }
}

//! `memo`: top-down memoized recursion over intervals, the play(left, right)
//! style of the NUMBERGAME write-up.
//!
//! The recursion runs on an explicit stack on the heap, so no board it
//! accepts can overflow the thread stack. Each interval is solved once:
//! O(n^2) states and memory, O(n^2) time for coins and numbergame and O(n^3)
//! for gameofsum (O(n) moves per state).

use super::{intervals, tri_index, tri_size, Cost, Solver};
use coinline_game::board::Board;
use coinline_game::play::{Game, Line, Move, MoveTable, Row};
use coinline_game::rules::Memory as Remembers;

/// Memoized recursion. See the module documentation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Memo;

/// The longest board accepted: the memo holds n(n+1)/2 values of 8 bytes
/// (400 MB at this limit).
pub const LIMIT: usize = 10_000;

/// The moves a solve over every interval examines: intervals times the
/// moves of each (with an unbounded count, every length has its own).
pub fn moves_examined(game: Game, n: usize) -> f64 {
    let rows = if game.circle { 4.0 } else { 1.0 };
    if game.take.is_unbounded() || game.delete.is_unbounded() {
        // Sum over lengths k of (n - k + 1) intervals with about 2k moves each.
        let n = n as f64;
        rows * n * (n + 1.0) * (n + 2.0) / 3.0
    } else {
        rows * intervals(n) * game.move_count(n).max(1) as f64
    }
}

/// The longest `take=a..Km` board: memo's recursion there is as deep as
/// the longest line (n takes of one).
pub const BOUND_LIMIT: usize = 500;

/// Marks an interval not solved yet. No value of an accepted board reaches
/// it: every difference is at least -i64::MAX.
const UNKNOWN: i64 = i64::MIN;

struct Memory<'a> {
    row: Row<'a>,
    n: usize,
    memo: Vec<i64>,
    /// The moves of each length.
    moves: MoveTable,
    /// The intervals still to solve (empty between solves).
    stack: Vec<(usize, usize)>,
}

impl Memory<'_> {
    fn get(&self, left: usize, right: usize) -> i64 {
        if left == right {
            0
        } else {
            self.memo[tri_index(self.n, right - left, left)]
        }
    }

    /// The best move's value from already-solved children, or `None` when a
    /// child is unsolved (after pushing every unsolved child on `stack`).
    fn best(&self, left: usize, right: usize, stack: &mut Vec<(usize, usize)>) -> Option<i64> {
        // A position without moves ends the game: it is worth 0.
        let mut best = None;
        let mut complete = true;
        for mv in self.moves.get(right - left) {
            let (gain, l, r) = self.row.play(mv, left, right);
            let child = self.get(l, r);
            if child == UNKNOWN {
                stack.push((l, r));
                complete = false;
            } else if complete {
                best = best.max(Some(gain - child));
            }
        }
        complete.then_some(best.unwrap_or(0))
    }

    fn solve(&mut self, left: usize, right: usize) -> i64 {
        // One stack for every solve of this memory (a circle has 2n roots).
        let mut stack = std::mem::take(&mut self.stack);
        stack.push((left, right));
        while let Some(&(l, r)) = stack.last() {
            if self.get(l, r) != UNKNOWN {
                stack.pop();
                continue;
            }
            if let Some(best) = self.best(l, r, &mut stack) {
                self.memo[tri_index(self.n, r - l, l)] = best;
                stack.pop();
            }
        }
        self.stack = stack;
        self.get(left, right)
    }
}

fn memory(game: Game, board: &Board) -> Memory<'_> {
    // On a circle the intervals run over the board written twice.
    let n = if game.circle {
        2 * board.len()
    } else {
        board.len()
    };
    Memory {
        row: Row::new(game, board.values()),
        n,
        memo: vec![UNKNOWN; tri_size(n)],
        moves: MoveTable::new(game, n),
        stack: Vec::new(),
    }
}

impl Memory<'_> {
    /// The value of the start position and its best first move (the first
    /// optimal one in canonical order, with its start on a circle).
    fn root(&mut self) -> Option<(i64, usize, Move)> {
        let n = self.row.values().len();
        let first: Vec<(usize, Move)> = self.row.first_moves().collect();
        let mut best: Option<(i64, usize, Move)> = None;
        for (s, mv) in first {
            let (gain, l, r) = self.row.play(mv, s, s + n);
            let v = gain - self.solve(l, r);
            if best.is_none_or(|(b, _, _)| v > b) {
                best = Some((v, s, mv));
            }
        }
        best
    }
}

impl Solver for Memo {
    fn name(&self) -> &str {
        "memo"
    }

    fn limit(&self, game: Game) -> Option<usize> {
        let limit = if let Remembers::Bound(_) = game.memory {
            // Its recursion is as deep as the line is long.
            BOUND_LIMIT
        } else if game.take.is_unbounded() || game.delete.is_unbounded() {
            // O(n^3) time: keep it within about a second.
            1_000
        } else {
            LIMIT
        };
        // A circle's memo covers the board written twice: four times the cells.
        Some(if game.circle { limit / 2 } else { limit })
    }

    fn cost(&self, game: Game, n: usize) -> Option<Cost> {
        // A value and a place on the stack per interval (of the board
        // written twice on a circle): 16 bytes, as measured (docs/solvers.md).
        let row = if game.circle { 2 * n } else { n };
        Some(Cost::of(moves_examined(game, n), 3.0).holding(16.0 * intervals(row)))
    }

    fn difference(&self, game: Game, board: &Board) -> i64 {
        if let Remembers::Bound(_) = game.memory {
            return crate::history::memo_line(game, board.values()).0;
        }
        memory(game, board).root().map_or(0, |(v, _, _)| v)
    }

    fn line(&self, game: Game, board: &Board) -> Option<(i64, Line)> {
        // A position of `take=a..Km` is the interval and the bound M.
        if let Remembers::Bound(_) = game.memory {
            return Some(crate::history::memo_line(game, board.values()));
        }
        let mut mem = memory(game, board);
        let Some((value, start, first)) = mem.root() else {
            return Some((0, Line::default()));
        };
        let n = board.len();
        let mut line = Line {
            start: game.circle.then_some(start),
            ..Line::new([first])
        };
        let (_, mut left, mut right) = mem.row.play(first, start, start + n);
        loop {
            let target = mem.solve(left, right);
            let Some(mv) = game.moves(right - left).find(|&mv| {
                let (gain, l, r) = mem.row.play(mv, left, right);
                gain - mem.get(l, r) == target
            }) else {
                break;
            };
            line.moves.push(mv);
            (_, left, right) = mem.row.play(mv, left, right);
        }
        Some((value, line))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Table;
    use coinline_game::generate::{random_board, Span, Values};

    #[test]
    fn long_boards_need_no_deep_thread_stack() {
        // A 128 KiB thread stack would overflow on recursion thousands of
        // levels deep; the memo's own stack lives on the heap.
        let board = random_board(3, 0, Span { lo: 2001, hi: 2001 }, Values::Spiky);
        let solved = std::thread::Builder::new()
            .stack_size(128 * 1024)
            .spawn(move || {
                let memo = Memo.difference(Game::COINS, &board);
                (memo, Table.difference(Game::COINS, &board))
            })
            .unwrap()
            .join()
            .expect("no stack overflow");
        assert_eq!(solved.0, solved.1);
    }
}

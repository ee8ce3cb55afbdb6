//! `memo`: top-down memoized recursion over intervals, the play(left, right)
//! style of the NUMBERGAME write-up.
//!
//! The recursion runs on an explicit stack on the heap, so no board it
//! accepts can overflow the thread stack. Each interval is solved once:
//! O(n^2) states and memory, O(n^2) time for coins and numbergame and O(n^3)
//! for gameofsum (O(n) moves per state).

use super::{intervals, tri_index, tri_size, Cost, Solver};
use crate::board::Board;
use crate::game::{Game, Line, Row};

/// Memoized recursion. See the module documentation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Memo;

/// The longest board accepted: the memo holds n(n+1)/2 values of 8 bytes
/// (400 MB at this limit).
pub const LIMIT: usize = 10_000;

/// The moves a solve over every interval examines: intervals times the
/// moves of each (every length has its own count in gameofsum).
pub fn moves_examined(game: Game, n: usize) -> f64 {
    match game.rules().takes {
        crate::game::Takes::One => intervals(n) * game.moves(n.min(2)).len() as f64,
        // Sum over lengths k of (n - k + 1) intervals with 2k moves each.
        crate::game::Takes::Any => {
            let n = n as f64;
            n * (n + 1.0) * (n + 2.0) / 3.0
        }
    }
}

/// Marks an interval not solved yet. No value of an accepted board reaches
/// it: every difference is at least -i64::MAX.
const UNKNOWN: i64 = i64::MIN;

struct Memory<'a> {
    game: Game,
    row: Row<'a>,
    n: usize,
    memo: Vec<i64>,
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
        let mut best = i64::MIN;
        let mut complete = true;
        for mv in self.game.moves(right - left) {
            let (gain, l, r) = self.row.play(mv, left, right);
            let child = self.get(l, r);
            if child == UNKNOWN {
                stack.push((l, r));
                complete = false;
            } else if complete {
                best = best.max(gain - child);
            }
        }
        complete.then_some(best)
    }

    fn solve(&mut self, left: usize, right: usize) -> i64 {
        let mut stack = vec![(left, right)];
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
        self.get(left, right)
    }
}

fn memory(game: Game, board: &Board) -> Memory<'_> {
    let n = board.len();
    Memory {
        game,
        row: Row::new(game, board.values()),
        n,
        memo: vec![UNKNOWN; tri_size(n)],
    }
}

impl Solver for Memo {
    fn name(&self) -> &str {
        "memo"
    }

    fn limit(&self, game: Game) -> Option<usize> {
        Some(match game {
            Game::Coins | Game::NumberGame => LIMIT,
            // O(n^3) time: keep gameofsum within about a second.
            Game::GameOfSum => 1_000,
        })
    }

    fn cost(&self, game: Game, n: usize) -> Option<Cost> {
        Some(Cost::of(moves_examined(game, n), 3.0))
    }

    fn difference(&self, game: Game, board: &Board) -> i64 {
        memory(game, board).solve(0, board.len())
    }

    fn line(&self, game: Game, board: &Board) -> Option<(i64, Line)> {
        let mut mem = memory(game, board);
        let value = mem.solve(0, board.len());
        let (mut left, mut right) = (0, board.len());
        let mut moves = Vec::new();
        while left < right {
            let target = mem.get(left, right);
            let mv = game
                .moves(right - left)
                .find(|&mv| {
                    let (gain, l, r) = mem.row.play(mv, left, right);
                    gain - mem.get(l, r) == target
                })
                .expect("the memo holds an optimal move");
            moves.push(mv);
            (_, left, right) = mem.row.play(mv, left, right);
        }
        Some((value, Line(moves)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{random_board, Span, Values};
    use crate::solve::Table;

    #[test]
    fn long_boards_need_no_deep_thread_stack() {
        // A 128 KiB thread stack would overflow on recursion thousands of
        // levels deep; the memo's own stack lives on the heap.
        let board = random_board(3, 0, Span { lo: 2001, hi: 2001 }, Values::Spiky);
        let solved = std::thread::Builder::new()
            .stack_size(128 * 1024)
            .spawn(move || {
                let memo = Memo.difference(Game::Coins, &board);
                (memo, Table.difference(Game::Coins, &board))
            })
            .unwrap()
            .join()
            .expect("no stack overflow");
        assert_eq!(solved.0, solved.1);
    }
}

//! Deliberately wrong solvers and heuristics, in one place.
//!
//! Each value here is **wrong on purpose** and is never registered among the
//! exact solvers or the built-in heuristics. They exist to prove that the
//! harness catches plausible mistakes: the tests plug them into
//! [`check::check`](crate::check::check), `compare`, the corpus replay and
//! the study; the `planted` fuzz target runs [`PlantedTable`] and must crash
//! (`scripts/fuzz-smoke.sh` requires it). Each documents what it gets wrong
//! and a board on which it shows.
//!
//! | value | kind | what is wrong | caught as |
//! |---|---|---|---|
//! | [`PlantedTable`] | solver | numbergame without deletes on odd lengths >= 3, through the real vectorized fills | `disagree:planted-table` |
//! | [`StrictPeaks`] | solver | linear's fusion with strict peak tests | `disagree:strict-linear` |
//! | [`SwappedBlocks`] | solver | linear's value, its line's blocks taken from the wrong end | a line that does not replay |
//! | [`FlippedTable`] | solver | coins: min for max at the root of odd boards | `disagree:flipped-table` |
//! | [`GreedyAsExact`] | solver | greedy's value against a best response, claimed exact | `disagree:greedy-as-exact` |
//! | [`GreedySelfPlay`] | solver | both players greedy, claimed exact | `disagree:greedy-self-play` |
//! | [`BadLine`] | solver | table's value with a line that always takes the left end | a line that does not replay |
//! | [`Inflated`] | solver | table's value plus 2 on odd boards | above the odd-n bound |
//! | [`ParityOnly`] | solver | coins: odd boards get the parity-class margin | `disagree:parity-only` |
//! | [`OffWhenTakingOne`] | solver | generic's value plus 2 in every rule set allowing a take of one, on boards of two or more values | `disagree:off-when-taking-one`, shrunk to `take=1` |
//! | [`PlantedRest`] | solver | stonegame7 through the rest identity over greedy self-play, from 20 values on | `rest-identity:planted-rest` |
//! | [`TakesTwo`] | heuristic | takes two values at once in coins (illegal) | a bad line |
//! | [`BoastfulGreedy`] | heuristic | greedy claiming never to lose | below its guarantee |

use crate::board::Board;
use crate::play::{Game, Kernel, Line, Move, Side};
use crate::solve::linear::{blocks, fused_value, value};
use crate::solve::rest::{from_twin, twin};
use crate::solve::table::{self, Variant};
use crate::solve::{Generic, Linear, Rest, Solver, Table};
use crate::strategy::{evaluate, Greedy, Heuristic, Policy};

/// The table fills' variant of the planted bug: numbergame's recurrence
/// forgets the two delete moves on intervals of odd length 3 or more. A type
/// parameter of the real fills ([`table::Variant`]), so the bug runs through
/// the same vectorized code, for every instruction set, as [`Table`].
#[derive(Clone, Copy, Debug, Default)]
pub struct ForgetsOddDeletes;

impl Variant for ForgetsOddDeletes {
    const NAME: &'static str = "planted-table";

    #[inline(always)]
    fn deletes(len: usize) -> bool {
        len == 2 || (len >= 4 && len % 2 == 0)
    }
}

/// **The planted bug**: the table solver with [`ForgetsOddDeletes`], value
/// by the dispatched vectorized fill and line by the recording fill, both
/// wrong alike (so the line replays to the wrong value and the check reports
/// a plain disagreement). Right on coins and gameofsum; on numbergame
/// `5 -9 1` it says -5 (take 5, the opponent takes 1, then -9), where
/// deleting `5 -9` first gives the value, -1.
#[derive(Clone, Copy, Debug, Default)]
pub struct PlantedTable;

impl Solver for PlantedTable {
    fn name(&self) -> &str {
        ForgetsOddDeletes::NAME
    }

    /// Table's cost: the check treats it as it would treat `table`.
    fn cost(&self, game: Game, n: usize) -> Option<crate::solve::Cost> {
        Table.cost(game, n)
    }

    fn supports(&self, game: Game) -> bool {
        Table.supports(game)
    }

    fn difference(&self, game: Game, board: &Board) -> i64 {
        let kernel = game.kernel().expect("called for supported games only");
        table::variant_value::<ForgetsOddDeletes>(kernel, board.values())
    }

    fn line(&self, game: Game, board: &Board) -> Option<(i64, Line)> {
        table::variant_line::<ForgetsOddDeletes>(game.kernel()?, board.values())
    }
}

/// Linear's fuse-then-play algorithm with strict peak comparisons
/// (y > x and y > z): a plausible slip, wrong on ties. On `-2 -1 1 1 1 -1`
/// it says -1; the value is 1. Coins only, like `linear`.
#[derive(Clone, Copy, Debug, Default)]
pub struct StrictPeaks;

impl Solver for StrictPeaks {
    fn name(&self) -> &str {
        "strict-linear"
    }

    fn supports(&self, game: Game) -> bool {
        game.are_coins()
    }

    fn difference(&self, _game: Game, board: &Board) -> i64 {
        fused_value(board.values(), |x, y, z| y > x && y > z)
    }
}

/// Linear's value with a line whose blocks are taken from the wrong end:
/// where the valley walk takes a block from the left, the line takes that
/// many values from the right, and the other way round. Every move is
/// legal, so only the replay tells: on `8 15 3 7` the line is `L R R R`,
/// which replays to -11; the value is 11. Coins only, like `linear`.
#[derive(Clone, Copy, Debug, Default)]
pub struct SwappedBlocks;

impl Solver for SwappedBlocks {
    fn name(&self) -> &str {
        "swapped-blocks"
    }

    fn supports(&self, game: Game) -> bool {
        game.are_coins()
    }

    fn difference(&self, _game: Game, board: &Board) -> i64 {
        value(board.values())
    }

    fn line(&self, game: Game, board: &Board) -> Option<(i64, Line)> {
        let valley = blocks(board.values());
        let (mut left, mut right) = (0, valley.len());
        let mut moves = Vec::with_capacity(board.len());
        while left < right {
            let (wrong_side, block) = if valley[left].value >= valley[right - 1].value {
                left += 1;
                (Side::Right, valley[left - 1])
            } else {
                right -= 1;
                (Side::Left, valley[right])
            };
            moves.extend(std::iter::repeat_n(Move::take(wrong_side, 1), block.len));
        }
        Some((self.difference(game, board), Line::new(moves)))
    }
}

/// The table solver with its comparison flipped (min for max) at the root
/// of boards of odd length: wrong on most coins boards of three or more
/// values (`3 1 2`: says 0; the value is 2). Coins only.
#[derive(Clone, Copy, Debug, Default)]
pub struct FlippedTable;

impl Solver for FlippedTable {
    fn name(&self) -> &str {
        "flipped-table"
    }

    fn supports(&self, game: Game) -> bool {
        game.are_coins()
    }

    fn difference(&self, game: Game, board: &Board) -> i64 {
        let v = board.values();
        let n = v.len();
        if n % 2 == 0 {
            return Table.difference(game, board);
        }
        let rest = |values: &[i64]| table::variant_value::<table::Exact>(Kernel::Coins, values);
        let left = v[0] - rest(&v[1..]);
        let right = v[n - 1] - rest(&v[..n - 1]);
        left.min(right)
    }
}

/// Greedy (take the larger end) played against a best-responding opponent,
/// presented as an exact solver: on coins `8 15 3 7` it says -3; the value
/// is 11. Boards beyond the evaluator's limit get 0.
#[derive(Clone, Copy, Debug, Default)]
pub struct GreedyAsExact;

impl Solver for GreedyAsExact {
    fn name(&self) -> &str {
        "greedy-as-exact"
    }

    fn difference(&self, game: Game, board: &Board) -> i64 {
        evaluate(&Greedy, game, board).map_or(0, |p| p.difference)
    }
}

/// Both players take the larger end (ties left, one value at a time, never
/// deleting), presented as an exact solver in every game: on `8 15 3 7` it
/// says -3; the value is 11.
#[derive(Clone, Copy, Debug, Default)]
pub struct GreedySelfPlay;

impl Solver for GreedySelfPlay {
    fn name(&self) -> &str {
        "greedy-self-play"
    }

    fn difference(&self, _game: Game, board: &Board) -> i64 {
        let v = board.values();
        let (mut l, mut r, mut diff, mut sign) = (0, v.len(), 0i64, 1i64);
        while l < r {
            let take = if v[l] >= v[r - 1] {
                l += 1;
                v[l - 1]
            } else {
                r -= 1;
                v[r]
            };
            diff += sign * take;
            sign = -sign;
        }
        diff
    }
}

/// Stonegame7 through the rest identity, right up to 19 values (over
/// `linear`) and, from 20 on, over [`GreedySelfPlay`] on the negated
/// board. Greedy keeps the reversal (on distinct values) and the shift, and
/// it states no line, so alone it is caught only by the rest identity.
#[derive(Clone, Copy, Debug, Default)]
pub struct PlantedRest;

impl Solver for PlantedRest {
    fn name(&self) -> &str {
        "planted-rest"
    }

    fn supports(&self, game: Game) -> bool {
        game == Game::STONEGAME7
    }

    fn difference(&self, game: Game, board: &Board) -> i64 {
        match board.len() {
            ..20 => Rest(Linear).difference(game, board),
            _ => from_twin(
                board,
                GreedySelfPlay.difference(twin(game), &board.negated()),
            ),
        }
    }
}

/// Table's value with a line that always takes the left end: on coins
/// `8 15 3 7` the line replays to -11, not 11.
#[derive(Clone, Copy, Debug, Default)]
pub struct BadLine;

impl Solver for BadLine {
    fn name(&self) -> &str {
        "bad-line"
    }

    fn difference(&self, game: Game, board: &Board) -> i64 {
        Table.difference(game, board)
    }

    fn line(&self, game: Game, board: &Board) -> Option<(i64, Line)> {
        let moves = vec![Move::take(Side::Left, 1); board.len()];
        Some((self.difference(game, board), Line::new(moves)))
    }
}

/// Table's value plus 2 on odd boards: consistent with itself under reversal
/// and shifting, so on its own only the odd-n bound of coins tells (`1 5 1`:
/// says -1, the bound is -3).
#[derive(Clone, Copy, Debug, Default)]
pub struct Inflated;

impl Solver for Inflated {
    fn name(&self) -> &str {
        "inflated"
    }

    fn difference(&self, game: Game, board: &Board) -> i64 {
        Table.difference(game, board) + if board.len() % 2 == 1 { 2 } else { 0 }
    }
}

/// The classic coins table on even boards, and on odd boards |O - E| (the
/// margin of the richer parity class, what the parity argument guarantees
/// for even n) as if it were the value. Wrong only for odd n.
#[derive(Clone, Copy, Debug, Default)]
pub struct ParityOnly;

impl Solver for ParityOnly {
    fn name(&self) -> &str {
        "parity-only"
    }

    fn difference(&self, _game: Game, board: &Board) -> i64 {
        if board.len() % 2 == 0 {
            Table.difference(Game::COINS, board)
        } else {
            let (odd, even) = board.position_sums();
            (odd - even).abs()
        }
    }
}

/// A heuristic that takes two values at a time in coins, an illegal move:
/// the check reports it as a bad line rather than skipping it.
#[derive(Clone, Copy, Debug, Default)]
pub struct TakesTwo;

impl Heuristic for TakesTwo {
    fn name(&self) -> &str {
        "takes-two"
    }

    fn policy<'a>(&self, _game: Game, _board: &'a Board) -> crate::Result<Policy<'a>> {
        Ok(Box::new(|_, _| Move::take(Side::Left, 2)))
    }
}

/// Greedy, claiming never to lose (a guarantee of 0): false on coins
/// `8 15 3 7`, where greedy loses by 3 against a best response.
#[derive(Clone, Copy, Debug, Default)]
pub struct BoastfulGreedy;

impl Heuristic for BoastfulGreedy {
    fn name(&self) -> &str {
        "boastful-greedy"
    }

    fn policy<'a>(&self, game: Game, board: &'a Board) -> crate::Result<Policy<'a>> {
        Greedy.policy(game, board)
    }

    fn guaranteed(&self, _game: Game, _board: &Board) -> Option<i64> {
        Some(0)
    }
}

/// The generic table's value plus 2 in every rule set that allows a take
/// of one value, on boards of two or more values: wrong in coins, in
/// numbergame, in `take=1..3 delete=2` alike, so a failure found in any of
/// them shrinks to `take=1` (coins) (`8 15`: says 9; the value is 7). Plus
/// 2, not 1, so that the parity of the totals holds and every game reports
/// the same disagreement. Right where no take of one is allowed. Within the
/// generic table's limit.
#[derive(Clone, Copy, Debug, Default)]
pub struct OffWhenTakingOne;

impl Solver for OffWhenTakingOne {
    fn name(&self) -> &str {
        "off-when-taking-one"
    }

    fn limit(&self, game: Game) -> Option<usize> {
        Generic.limit(game)
    }

    fn difference(&self, game: Game, board: &Board) -> i64 {
        let value = Generic.difference(game, board);
        if game.take.contains(1) && board.len() >= 2 {
            value + 2
        } else {
            value
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::table::{variant_value_with, Isa};
    use crate::solve::Minimax;

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    #[test]
    fn the_planted_bug_runs_through_every_compiled_fill() {
        let b = board("5 -9 1");
        let truth = Minimax.difference(Game::NUMBERGAME, &b);
        assert_eq!(truth, -1);
        for isa in Isa::ALL.into_iter().filter(|i| i.available()) {
            let planted =
                variant_value_with::<ForgetsOddDeletes>(Kernel::NumberGame, b.values(), isa);
            assert_eq!(planted, Some(-5), "{}", isa.name());
        }
        assert_eq!(PlantedTable.difference(Game::NUMBERGAME, &b), -5);
        // Its line comes from the planted recording fill and replays to -5.
        let (value, line) = PlantedTable.line(Game::NUMBERGAME, &b).unwrap();
        let totals = crate::play::replay(Game::NUMBERGAME, &b, &line).unwrap();
        assert_eq!((value, totals.first - totals.second), (-5, -5));
        // Coins and gameofsum are untouched.
        for game in [Game::COINS, Game::GAMEOFSUM] {
            assert_eq!(
                PlantedTable.difference(game, &b),
                Table.difference(game, &b)
            );
        }
    }

    #[test]
    fn each_wrong_solver_is_wrong_where_documented() {
        let coins = |s: &dyn Solver, text: &str| s.difference(Game::COINS, &board(text));
        assert_eq!(coins(&StrictPeaks, "-2 -1 1 1 1 -1"), -1);
        assert_eq!(coins(&Table, "-2 -1 1 1 1 -1"), 1);
        assert_eq!(coins(&FlippedTable, "3 1 2"), 0);
        assert_eq!(coins(&Table, "3 1 2"), 2);
        assert_eq!(coins(&GreedyAsExact, "8 15 3 7"), -3);
        assert_eq!(coins(&GreedySelfPlay, "8 15 3 7"), -3);
        assert_eq!(coins(&Inflated, "1 5 1"), -1);
        assert_eq!(coins(&ParityOnly, "1 5 1"), 3);
        assert_eq!(coins(&ParityOnly, "8 15 3 7"), 11);
        let b = board("8 15 3 7");
        let (value, line) = SwappedBlocks.line(Game::COINS, &b).unwrap();
        let replayed = crate::play::replay(Game::COINS, &b, &line).unwrap();
        assert_eq!(line.to_string(), "L R R R");
        assert_eq!((value, replayed.difference()), (11, -11));
    }
}

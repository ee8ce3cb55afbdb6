//! `one-ended`: an O(n * k) table for games played at one end of the row
//! with a finite set of take counts that includes 1, such as stonegame3
//! (`ends=left take=1..3`, LeetCode 1406) or `ends=left take=1,2`.
//!
//! It is written apart from generic's one-ended fill, to cross-check it
//! where nothing else reaches (generic is the only other solver of
//! stonegame3 at 50,000 values): it works with the mover's *total* on each
//! suffix, not the difference, in `i64`, keeping only the last k + 1
//! totals in a ring. With 1 among the counts and no deletes, a move exists
//! while values remain, so every value is scored and what the mover does
//! not collect from a suffix the other player does:
//!
//! `best[i] = rest[i] - min over counts c (c <= n - i) of best[i + c]`,
//!
//! where `rest[i]` is the sum of the suffix from `i`. Every total is the
//! sum of some of the board's values, so it fits `i64` on any `Board` (the
//! overflow rule), and so does every subtraction above: its result is a
//! total. The difference is `best[0] - (rest[0] - best[0])`, two totals
//! apart. A right-ended game is the left-ended one on the reversed row.
//!
//! It also takes one-ended put-back games (`ends=left take=2.. putback`,
//! LeetCode 1872), with its own fill: after takes that merged the first
//! j + 1 values, the row is their prefix sum `p[j]` followed by the values
//! after j, so a position is j alone. A take of c >= 2 moves to
//! j' = j + c - 1 and scores `p[j']`, so the mover's difference is
//!
//! `d[j] = max over counts c (c <= n - j) of p[j + c - 1] - d[j + c - 1]`,
//!
//! 0 where no count fits (one value left, at j = n - 1); an open tail of
//! counts is a suffix maximum of `p[j'] - d[j']`, so the fill is O(n) per
//! listed count. The values fit `i64` where [`Game::admit`] admits the
//! board.

use super::{Cost, Solver};
use coinline_game::board::Board;
use coinline_game::play::{Game, Line, Move, Side};
use coinline_game::rules::{Ends, Memory, Score};

/// The longest board: the totals take a ring of k + 1 values, a line one
/// count per value (8 bytes), so 10^7 values stay near 80 MB with a line.
pub const LIMIT: usize = 10_000_000;

/// The most take counts the table lists (a larger set costs O(n) per state).
const MAX_COUNTS: usize = 4096;

/// The one-ended table: see the module documentation.
pub struct OneEnded;

/// The side the game is played at and its take counts, ascending, when
/// the solver handles it; `None` otherwise.
fn shape(game: Game) -> Option<(Side, Vec<usize>)> {
    // Every field named: a new rule is a compile error here until it is
    // decided whether the table still holds under it.
    let Game {
        ends,
        take,
        delete,
        score,
        circle,
        memory,
    } = game;
    let side = match ends {
        Ends::Left => Side::Left,
        Ends::Right => Side::Right,
        Ends::Both => return None,
    };
    // Counts now go to 10^8: a set of more than MAX_COUNTS is left to
    // generic rather than listed here.
    if take.finite_upto(usize::MAX) > MAX_COUNTS {
        return None;
    }
    let counts: Vec<usize> = take.finite().collect();
    let fits = !circle
        && memory == Memory::None
        && delete.is_empty()
        && score == Score::Taken
        && take.open_tail().is_none()
        && counts.first() == Some(&1);
    fits.then_some((side, counts))
}

/// The side, the listed take counts and the open tail of a one-ended
/// put-back game, when the solver handles it.
fn put_back_shape(game: Game) -> Option<(Side, Vec<usize>, Option<usize>)> {
    let Game {
        ends,
        take,
        delete,
        score,
        circle,
        memory,
    } = game;
    let side = match ends {
        Ends::Left => Side::Left,
        Ends::Right => Side::Right,
        Ends::Both => return None,
    };
    if take.finite_upto(usize::MAX) > MAX_COUNTS {
        return None;
    }
    let fits = memory == Memory::PutBack && !circle && delete.is_empty() && score == Score::Taken;
    fits.then(|| (side, take.finite().collect(), take.open_tail()))
}

/// The put-back fill of the module documentation: the mover's difference
/// on the whole row and, with `record`, the first optimal count at each j
/// (the least, as [`Game::moves`] lists them).
fn put_back_fill(
    row: &[i64],
    counts: &[usize],
    tail: Option<usize>,
    record: bool,
) -> (i64, Vec<usize>) {
    let n = row.len();
    if n == 0 {
        return (0, Vec::new());
    }
    let mut prefix = Vec::with_capacity(n);
    let mut sum = 0i64;
    for &v in row {
        sum += v;
        prefix.push(sum);
    }
    // gain[j] = p[j] - d[j]; best_from[j] = the largest gain at j or after,
    // with its least j (so the least count).
    let mut gain = vec![0i64; n];
    let mut best_from: Vec<(i64, usize)> = vec![(i64::MIN, n); n + 1];
    let mut chosen = if record { vec![0usize; n] } else { Vec::new() };
    let mut d = 0;
    for j in (0..n).rev() {
        let left = n - j;
        let mut best: Option<(i64, usize)> = None;
        let consider = |value: i64, count: usize, best: &mut Option<(i64, usize)>| {
            let better = match *best {
                None => true,
                Some((b, c)) => value > b || (value == b && count < c),
            };
            if better {
                *best = Some((value, count));
            }
        };
        for &c in counts.iter().take_while(|&&c| c <= left) {
            consider(gain[j + c - 1], c, &mut best);
        }
        if let Some(t) = tail.filter(|&t| t <= left) {
            let (value, at) = best_from[j + t - 1];
            consider(value, at - j + 1, &mut best);
        }
        d = best.map_or(0, |(value, _)| value);
        if record {
            chosen[j] = best.map_or(0, |(_, c)| c);
        }
        gain[j] = prefix[j] - d;
        best_from[j] = match best_from[j + 1] {
            (v, at) if v > gain[j] => (v, at),
            _ => (gain[j], j),
        };
    }
    (d, chosen)
}

/// The put-back value and, with `want_line`, the optimal line.
fn put_back_solve(game: Game, board: &Board, want_line: bool) -> (i64, Option<Line>) {
    let (side, counts, tail) = put_back_shape(game).expect("called for supported games only");
    let values = board.values();
    let reversed: Vec<i64>;
    let row = match side {
        Side::Right => {
            reversed = values.iter().rev().copied().collect();
            &reversed[..]
        }
        _ => values,
    };
    let (difference, chosen) = put_back_fill(row, &counts, tail, want_line);
    let line = want_line.then(|| {
        let mut moves = Vec::new();
        let mut j = 0;
        while j < row.len() && chosen[j] > 0 {
            moves.push(Move::take(side, chosen[j]));
            j += chosen[j] - 1;
        }
        Line::new(moves)
    });
    (difference, line)
}

/// The mover's best total on every suffix, as the module documentation
/// says; with `record`, the first optimal count at each suffix (the least,
/// as [`Game::moves`] lists counts ascending). Returns the total on the
/// whole row and the counts (empty without `record`).
fn fill(row: &[i64], counts: &[usize], record: bool) -> (i64, Vec<usize>) {
    let n = row.len();
    let k = *counts.last().expect("shape keeps a non-empty set");
    let ring_len = k + 1;
    // ring[j % ring_len] holds best[j] for the k suffixes after i.
    let mut ring = vec![0i64; ring_len];
    let mut chosen = if record { vec![0usize; n] } else { Vec::new() };
    let mut rest = 0i64;
    for i in (0..n).rev() {
        rest += row[i];
        let left = n - i;
        let mut least = i64::MAX;
        let mut count = 0;
        for &c in counts.iter().take_while(|&&c| c <= left) {
            let other = ring[(i + c) % ring_len];
            if other < least {
                least = other;
                count = c;
            }
        }
        ring[i % ring_len] = rest - least;
        if record {
            chosen[i] = count;
        }
    }
    (if n == 0 { 0 } else { ring[0] }, chosen)
}

/// The value and, with `want_line`, the optimal line.
fn solve(game: Game, board: &Board, want_line: bool) -> (i64, Option<Line>) {
    if put_back_shape(game).is_some() {
        return put_back_solve(game, board, want_line);
    }
    let (side, counts) = shape(game).expect("called for supported games only");
    let values = board.values();
    let reversed: Vec<i64>;
    let row = match side {
        Side::Right => {
            reversed = values.iter().rev().copied().collect();
            &reversed[..]
        }
        _ => values,
    };
    let (mover, chosen) = fill(row, &counts, want_line);
    let other = board.sum() - mover;
    let difference = mover - other;
    let line = want_line.then(|| {
        let mut moves = Vec::new();
        let mut i = 0;
        while i < row.len() {
            moves.push(Move::take(side, chosen[i]));
            i += chosen[i];
        }
        Line::new(moves)
    });
    (difference, line)
}

impl Solver for OneEnded {
    fn name(&self) -> &str {
        "one-ended"
    }

    fn supports(&self, game: Game) -> bool {
        shape(game).is_some() || put_back_shape(game).is_some()
    }

    fn limit(&self, _game: Game) -> Option<usize> {
        Some(LIMIT)
    }

    fn cost(&self, game: Game, n: usize) -> Option<Cost> {
        // One position per value, each trying its counts.
        let moves = match put_back_shape(game) {
            Some((_, counts, tail)) => counts.len() + usize::from(tail.is_some()),
            None => shape(game).map_or(1, |(_, counts)| counts.len()),
        };
        // A prefix, a gain and a best choice (two words) per value.
        Some(Cost::of((n as f64 + 1.0) * moves as f64, 1.0).holding(32.0 * n as f64))
    }

    fn difference(&self, game: Game, board: &Board) -> i64 {
        solve(game, board, false).0
    }

    fn line(&self, game: Game, board: &Board) -> Option<(i64, Line)> {
        let (difference, line) = solve(game, board, true);
        line.map(|l| (difference, l))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generic::Generic;
    use coinline_game::generate::{enumerated_board, enumeration_size, random_board, Span, Values};
    use coinline_game::play::replay;

    fn game(text: &str) -> Game {
        text.parse().unwrap()
    }

    /// The games it takes, and some it must refuse.
    #[test]
    fn it_takes_one_ended_games_of_takes_from_one() {
        for text in [
            "stonegame3",
            "ends=left take=1,2",
            "ends=right take=1..5",
            "ends=left take=1,4",
            "ends=left take=1",
        ] {
            assert!(OneEnded.supports(game(text)), "{text}");
        }
        for text in [
            "coins",
            "gameofsum",
            "ends=left take=2,3",
            "ends=left take=1..",
            "ends=left take=1 delete=2",
            "ends=left take=1,2 score=rest",
            "ends=left take=1 circle",
        ] {
            assert!(!OneEnded.supports(game(text)), "{text}");
        }
    }

    /// Against generic on every board of up to 8 values over -2..2, and on
    /// drawn long ones; every line replays to the value.
    #[test]
    fn it_agrees_with_generic_everywhere() {
        let games = [
            "stonegame3",
            "ends=left take=1,2",
            "ends=right take=1,3",
            "ends=left take=1..5",
            "ends=left take=1",
        ]
        .map(game);
        let alphabet = Span { lo: -2, hi: 2 };
        for g in games {
            for n in 1..=8 {
                for index in 0..enumeration_size(n, alphabet).unwrap() {
                    let board = enumerated_board(n, alphabet, index);
                    let (d, line) = OneEnded.line(g, &board).unwrap();
                    assert_eq!(d, Generic.difference(g, &board), "{g}: {board}");
                    assert_eq!(OneEnded.difference(g, &board), d, "{g}: {board}");
                    // The same first optimal move as generic's line.
                    let (_, theirs) = Generic.line(g, &board).unwrap();
                    assert_eq!(line, theirs, "{g}: {board}");
                    let totals = replay(g, &board, &line).unwrap();
                    assert_eq!(totals.first - totals.second, d, "{g}: {board}");
                }
            }
            for index in 0..20 {
                let lengths = Span { lo: 1, hi: 50_000 };
                for values in [
                    Values::Uniform(Span {
                        lo: -1000,
                        hi: 1000,
                    }),
                    Values::Extreme,
                ] {
                    let board = random_board(30, index, lengths, values);
                    assert_eq!(
                        OneEnded.difference(g, &board),
                        Generic.difference(g, &board),
                        "{g}: board {index} of {} values",
                        board.len()
                    );
                }
            }
        }
    }

    /// Put-back games agree with generic on every small board and on long
    /// seeded ones, lines included; LeetCode 1872's examples.
    #[test]
    fn put_back_agrees_with_generic() {
        let games = [
            "ends=left take=2.. putback",
            "ends=right take=2.. putback",
            "ends=left take=2,3 putback",
            "ends=left take=3,5.. putback",
        ]
        .map(game);
        let alphabet = Span { lo: -2, hi: 2 };
        for g in games {
            assert!(OneEnded.supports(g), "{g}");
            for n in 1..=8 {
                for index in 0..enumeration_size(n, alphabet).unwrap() {
                    let board = enumerated_board(n, alphabet, index);
                    let (d, line) = OneEnded.line(g, &board).unwrap();
                    assert_eq!(d, Generic.difference(g, &board), "{g}: {board}");
                    let totals = replay(g, &board, &line).unwrap();
                    assert_eq!(totals.first - totals.second, d, "{g}: {board} {line}");
                }
            }
            for index in 0..10 {
                let lengths = Span { lo: 2, hi: 3000 };
                let values = Values::Uniform(Span {
                    lo: -1000,
                    hi: 1000,
                });
                let board = random_board(31, index, lengths, values);
                assert_eq!(
                    OneEnded.difference(g, &board),
                    Generic.difference(g, &board),
                    "{g}: board {index}"
                );
            }
        }
        let g = game("ends=left take=2.. putback");
        let d = |s: &str| OneEnded.difference(g, &Board::parse(s).unwrap());
        assert_eq!(d("-1 2 -3 4 -5"), 5);
        assert_eq!(d("7 -6 5 10 5 -2 -6"), 13);
        assert_eq!(d("-10 -12"), -22);
    }

    /// LeetCode 1406's examples: Bob, Alice, Tie.
    #[test]
    fn stone_game_iii_examples() {
        let d = |s: &str| OneEnded.difference(Game::STONEGAME3, &Board::parse(s).unwrap());
        assert!(d("1 2 3 7") < 0);
        assert!(d("1 2 3 -9") > 0);
        assert_eq!(d("1 2 3 6"), 0);
        assert_eq!(OneEnded.cost(Game::STONEGAME3, 9).unwrap().states, 30.0);
    }
}

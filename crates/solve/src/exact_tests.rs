//! Exact-value tests of every exact solver, against a reference written here
//! from the rules alone (plain recursion on slices, sums in i128, no
//! [`Row`](coinline_game::play::Row), no solver code). Each solver's value must be
//! the reference's and each line must be the reference's canonical line (the
//! first optimal move in [`Game::moves`] order at every step), on every small
//! board, on longer drawn ones of both parities, and near the overflow rule.
//!
//! They live in the library, at opt-level 1 in a second, so that
//! `scripts/mutants.sh` can judge the solvers with them (modules `solvers`,
//! `table` and `rules`).

use super::*;
use coinline_game::generate::{
    admissible, enumerated_board, enumeration_size, random_board, Span, Values,
};
use coinline_game::play::{Kind, Move, MoveList, Side};
use coinline_game::rules::Score;
use std::collections::HashMap;

/// Rule sets beyond the six built-in games: one end, bounded and unbounded
/// counts with deletes, circles, rest scoring.
const RULE_SETS: [&str; 7] = [
    "take=1..3 delete=2",
    "take=2,3 delete=1 circle",
    "take=1 ends=left",
    "take=1..2 ends=right delete=3",
    "take=1.. score=rest",
    "take=2.. delete=1..",
    "take=1 delete=2 circle",
];

fn games() -> Vec<Game> {
    let mut games = Game::ALL.to_vec();
    games.extend(RULE_SETS.iter().map(|r| r.parse::<Game>().unwrap()));
    games
}

/// The reference: the value and the canonical line, by memoized recursion
/// over the rules as stated.
struct Reference<'a> {
    game: Game,
    values: &'a [i64],
    known: HashMap<(usize, usize), i128>,
}

impl Reference<'_> {
    /// The mover's best margin on `values[l..r]`, a line position.
    fn value(&mut self, l: usize, r: usize) -> i128 {
        if let Some(&v) = self.known.get(&(l, r)) {
            return v;
        }
        let best = self
            .game
            .moves(r - l)
            .map(|mv| self.after(mv, l, r))
            .max()
            .unwrap_or(0);
        self.known.insert((l, r), best);
        best
    }

    /// What `mv` is worth to the mover on `values[l..r]`.
    fn after(&mut self, mv: Move, l: usize, r: usize) -> i128 {
        let (taken, rest) = match mv.side {
            Side::Left => (l..l + mv.count, (l + mv.count, r)),
            Side::Right => (r - mv.count..r, (l, r - mv.count)),
        };
        let sum = |range: std::ops::Range<usize>| -> i128 {
            self.values[range].iter().map(|&v| i128::from(v)).sum()
        };
        let gain = match (mv.kind, self.game.score) {
            (Kind::Delete, _) => 0,
            (Kind::Take, Score::Taken) => sum(taken),
            (Kind::Take, Score::Rest) => sum(rest.0..rest.1),
        };
        gain - self.value(rest.0, rest.1)
    }

    /// The canonical line from `values[l..r]` on.
    fn line_from(&mut self, mut l: usize, mut r: usize, moves: &mut MoveList) {
        loop {
            let target = self.value(l, r);
            let Some(mv) = self
                .game
                .moves(r - l)
                .find(|&mv| self.after(mv, l, r) == target)
            else {
                return;
            };
            moves.push(mv);
            match mv.side {
                Side::Left => l += mv.count,
                Side::Right => r -= mv.count,
            }
        }
    }
}

/// The game's value and canonical line on `board`. On a circle the first
/// move is chosen over every start (the board turned to begin there) and
/// [`Game::first_on_circle`]'s moves; the game then goes on as a line.
fn reference(game: Game, board: &Board) -> (i128, Line) {
    let values = board.values();
    let n = values.len();
    if !game.circle || n == 0 {
        let mut r = Reference {
            game,
            values,
            known: HashMap::new(),
        };
        let value = r.value(0, n);
        let mut line = Line::default();
        r.line_from(0, n, &mut line.moves);
        return (value, line);
    }
    let line_game = Game {
        circle: false,
        ..game
    };
    let mut best: Option<(i128, usize, Move, Vec<i64>)> = None;
    for start in 0..n {
        let turned: Vec<i64> = values[start..]
            .iter()
            .chain(&values[..start])
            .copied()
            .collect();
        let mut r = Reference {
            game: line_game,
            values: &turned,
            known: HashMap::new(),
        };
        for mv in game.first_on_circle().moves(n) {
            let v = r.after(mv, 0, n);
            if best.as_ref().is_none_or(|b| v > b.0) {
                best = Some((v, start, mv, turned.clone()));
            }
        }
    }
    let Some((value, start, first, turned)) = best else {
        return (0, Line::default());
    };
    let mut r = Reference {
        game: line_game,
        values: &turned,
        known: HashMap::new(),
    };
    let mut line = Line {
        start: Some(start),
        ..Line::new([first])
    };
    let (l, rr) = match first.side {
        Side::Left => (first.count, n),
        Side::Right => (0, n - first.count),
    };
    r.line_from(l, rr, &mut line.moves);
    (value, line)
}

/// Every move of `line` (not on a circle) is a best move in its position.
fn assert_best_moves(game: Game, board: &Board, line: &Line) {
    let mut r = Reference {
        game,
        values: board.values(),
        known: HashMap::new(),
    };
    let (mut left, mut right) = (0, board.len());
    for (k, mv) in line.moves.iter().enumerate() {
        assert!(mv.count <= right - left, "move {k} of {line} on {board}");
        let best = r.value(left, right);
        let got = r.after(mv, left, right);
        assert_eq!(got, best, "move {k} of {line} on {board}");
        match mv.side {
            Side::Left => left += mv.count,
            Side::Right => right -= mv.count,
        }
    }
    assert_eq!(left, right, "{line} leaves values on {board}");
}

/// Every solver that admits the board (minimax within `minimax_max`): its
/// value is the reference's, its line (when it builds one) is the
/// reference's canonical line and replays to the value.
fn assert_solvers_match(game: Game, board: &Board, minimax_max: usize) {
    let (value, line) = reference(game, board);
    for &solver in exact_solvers() {
        if admit(solver, game, board).is_err()
            || (solver.is_ground_truth() && board.len() > minimax_max)
        {
            continue;
        }
        let name = solver.name();
        let difference = solver.difference(game, board);
        assert_eq!(i128::from(difference), value, "{name} {game}: {board}");
        // Every built-in solver builds lines on boards this short.
        let (d, l) = solver
            .line(game, board)
            .unwrap_or_else(|| panic!("{name} gives no line {game}: {board}"));
        assert_eq!(i128::from(d), value, "{name}'s line value {game}: {board}");
        if name == "linear" {
            // Linear breaks ties its own way (its module says why): every
            // move must be a best move, not the canonical one.
            assert_best_moves(game, board, &l);
        } else if name == "pizza" && !line.moves.is_empty() {
            // The canonical first slice, then linear's line on what is left.
            assert_eq!(
                (l.start, l.moves.get(0)),
                (line.start, line.moves.get(0)),
                "{board}"
            );
            let n = board.len();
            let start = line.start.unwrap_or(0);
            let rest: Vec<i64> = (1..n).map(|k| board.values()[(start + k) % n]).collect();
            let rest_line = Line::new(l.moves.iter().skip(1));
            assert_best_moves(Game::COINS, &Board::new(rest).unwrap(), &rest_line);
        } else {
            assert_eq!(l, line, "{name}'s line {game}: {board}");
        }
        let totals = replay(game, board, &l).unwrap();
        assert_eq!(
            i128::from(totals.difference()),
            value,
            "{name} {game}: {board}"
        );
        let solution = solve(solver, game, board, true).unwrap();
        assert_eq!(i128::from(solution.difference), value, "{name} {game}");
        if game.scores_everything() {
            let totals = solution.totals.unwrap();
            assert_eq!(
                i128::from(totals.first) + i128::from(totals.second),
                i128::from(board.sum()),
                "{name} {game}: {board}"
            );
            assert_eq!(i128::from(totals.difference()), value, "{name} {game}");
        }
    }
}

#[test]
fn every_solver_matches_the_reference_on_every_small_board() {
    let alphabet = Span { lo: -2, hi: 2 };
    for game in games() {
        for n in 0..=5 {
            for index in 0..enumeration_size(n, alphabet).unwrap() {
                assert_solvers_match(game, &enumerated_board(n, alphabet, index), 16);
            }
        }
    }
}

#[test]
fn every_solver_matches_the_reference_on_drawn_boards_of_both_parities() {
    for game in games() {
        let unbounded = game.take.is_unbounded() || game.delete.is_unbounded();
        let longest = if unbounded { 9 } else { 13 };
        for (index, values) in [
            Values::Spiky,
            Values::Small,
            Values::Uniform(Span { lo: -50, hi: 50 }),
        ]
        .into_iter()
        .enumerate()
        {
            for n in 6..=longest {
                let board = random_board(7, (n * 3 + index) as u64, Span { lo: n, hi: n }, values);
                assert_solvers_match(game, &board, 11);
            }
        }
    }
}

#[test]
fn values_near_the_overflow_rule_give_the_exact_value() {
    for game in games() {
        for index in 0..12 {
            let board = random_board(3, index, Span { lo: 1, hi: 9 }, Values::Extreme);
            assert_solvers_match(game, &admissible(game, board), 9);
        }
        // The largest magnitudes one value can have, alone and with a partner.
        for values in [
            vec![i64::MAX],
            vec![-i64::MAX],
            vec![i64::MAX - 1, 1],
            vec![-1, -(i64::MAX - 1)],
        ] {
            let board = admissible(game, Board::new(values).unwrap());
            assert_solvers_match(game, &board, 9);
        }
    }
}

#[test]
fn limits_and_costs_are_the_stated_ones() {
    let game = |text: &str| text.parse::<Game>().unwrap();
    assert_eq!(Memo.limit(Game::COINS), Some(10_000));
    assert_eq!(Memo.limit(Game::GAMEOFSUM), Some(1_000));
    assert_eq!(Memo.limit(Game::PIZZA), Some(5_000));
    assert_eq!(Memo.limit(game("take=1.. circle")), Some(500));
    assert_eq!(intervals(4), 10.0);
    assert_eq!(intervals(0), 0.0);
    // coins: 10 intervals of 4 values, 2 moves each; gameofsum: n(n+1)(n+2)/3.
    assert_eq!(memo::moves_examined(Game::COINS, 4), 20.0);
    assert_eq!(memo::moves_examined(Game::NUMBERGAME, 4), 40.0);
    assert_eq!(memo::moves_examined(Game::GAMEOFSUM, 3), 20.0);
    assert_eq!(memo::moves_examined(Game::PIZZA, 4), 4.0 * 10.0 * 2.0);
    let cost = Cost::of(2e6, 3.0);
    assert_eq!((cost.states, cost.seconds), (2e6, 2e6 * 3.0 * 1e-9));
    // Memo holds 16 bytes per interval, of the board written twice on a circle.
    assert_eq!(
        Memo.cost(Game::COINS, 4),
        Some(Cost::of(20.0, 3.0).holding(160.0))
    );
    let circle = Game {
        circle: true,
        ..Game::COINS
    };
    assert_eq!(Memo.cost(circle, 4).map(|c| c.bytes), Some(16.0 * 36.0));
    // Admission: one over the limit is refused, the limit itself is not.
    let board = |n: usize| Board::new(vec![1; n]).unwrap();
    assert!(admit(&Memo, Game::GAMEOFSUM, &board(1_000)).is_ok());
    let refused = admit(&Memo, Game::GAMEOFSUM, &board(1_001)).unwrap_err();
    let too_large = ErrorKind::TooLarge {
        solver: "memo".into(),
        n: 1_001,
        limit: 1_000,
    };
    assert_eq!(refused.kind(), &too_large);
    let refused = admit(&Linear, Game::GAMEOFSUM, &board(3)).unwrap_err();
    let unsupported = SolveError::Unsupported {
        solver: "linear".into(),
        game: Game::GAMEOFSUM,
    };
    assert_eq!(refused.layer(), Some(&unsupported));
    assert!(admit(&Linear, Game::NUMBERGAME, &board(1)).is_err());
    assert!(solver_by_name(" Memo ").is_ok_and(|s| s.name() == "memo"));
    assert!(solver_by_name("mem").is_err());
    assert_eq!(
        solver_names(),
        [
            "minimax",
            "memo",
            "generic",
            "linear",
            "table",
            "pizza",
            "one-ended"
        ]
    );
}

#[test]
fn totals_follow_from_the_difference() {
    let board = Board::new(vec![8, 15, 3, 7]).unwrap();
    let t = totals_from_difference(&board, 11);
    assert_eq!((t.first, t.second), (22, 11));
    let board = Board::new(vec![-i64::MAX]).unwrap();
    let t = totals_from_difference(&board, -i64::MAX);
    assert_eq!((t.first, t.second), (-i64::MAX, 0));
    let t = totals_from_difference(&board, i64::MAX);
    assert_eq!((t.first, t.second), (0, -i64::MAX));
}

#[test]
fn a_solver_that_states_only_its_values_gets_the_documented_defaults() {
    struct Plain;
    impl Solver for Plain {
        fn name(&self) -> &str {
            "plain"
        }
        fn difference(&self, game: Game, board: &Board) -> i64 {
            reference(game, board).0 as i64
        }
    }
    let board = Board::new(vec![8, 15, 3, 7]).unwrap();
    assert!(!Plain.is_ground_truth());
    assert_eq!(Plain.line(Game::COINS, &board), None);
    assert_eq!(Plain.cost(Game::COINS, 4), None);
    assert_eq!(Plain.limit(Game::COINS), None);
    assert!(games().into_iter().all(|g| Plain.supports(g)));
    // Without a line, solve derives the totals from the difference.
    let solution = solve(&Plain, Game::COINS, &board, true).unwrap();
    assert_eq!(solution.line, None);
    assert_eq!(solution.totals, Some(totals_from_difference(&board, 11)));
    // ...and has none to give in a game that does not score every value.
    let numbergame = solve(&Plain, Game::NUMBERGAME, &board, true).unwrap();
    assert_eq!(
        (numbergame.difference, numbergame.totals),
        (reference(Game::NUMBERGAME, &board).0 as i64, None)
    );
}

#[test]
fn linear_builds_lines_past_the_old_line_limit() {
    // Lines used to stop at 20,000 values; now every board gets one.
    let zeros = |n: usize| Board::new(vec![0; n]).unwrap();
    for n in [20_000, 20_001, 100_001] {
        let (value, line) = Linear.line(Game::COINS, &zeros(n)).unwrap();
        assert_eq!((value, line.moves.len()), (0, n));
    }
}

#[test]
fn minimax_refuses_past_its_stated_limits() {
    let limits = [
        (Game::COINS, 27),
        (Game::STONEGAME7, 27),
        (Game::NUMBERGAME, 19),
        (Game::GAMEOFSUM, 17),
    ];
    for (game, limit) in limits {
        assert_eq!(Minimax.limit(game), Some(limit), "{game}");
    }
    // Other games: the longest board whose whole tree has at most 3e6 nodes.
    for game in [Game::STONEGAME3, Game::PIZZA] {
        let limit = Minimax.limit(game).unwrap();
        assert!(limit > 1, "{game}");
        assert!(
            minimax::tree_nodes(game, limit) <= minimax::GENERIC_NODES,
            "{game}"
        );
        assert!(
            minimax::tree_nodes(game, limit + 1) > minimax::GENERIC_NODES,
            "{game}"
        );
    }
    // Tree sizes: coins 2^(n+1) - 1; pizza, a circle, 1 + n * (2^n - 1): one
    // first move from each of the n starts, then a line of n - 1 values.
    for n in 0..10 {
        assert_eq!(
            minimax::tree_nodes(Game::COINS, n),
            f64::from((2u32 << n) - 1)
        );
        let pizza = if n == 0 {
            1
        } else {
            1 + n as u32 * ((1u32 << n) - 1)
        };
        assert_eq!(minimax::tree_nodes(Game::PIZZA, n), f64::from(pizza), "{n}");
    }
}

#[test]
fn generic_states_its_limits_and_costs() {
    let game = |text: &str| text.parse::<Game>().unwrap();
    assert_eq!(Generic.limit(Game::COINS), Some(generic::TABLE_LIMIT));
    assert_eq!(Generic.limit(Game::PIZZA), Some(generic::TABLE_LIMIT / 2));
    assert_eq!(
        Generic.limit(game("take=1..2 ends=left")),
        Some(generic::ONE_ENDED_LIMIT)
    );
    // A circle is never one-ended, whatever its ends.
    assert_eq!(
        Generic.limit(game("take=1 ends=left circle")),
        Some(generic::TABLE_LIMIT / 2)
    );
    let states = |g: Game, n: usize| Cost {
        bytes: 0.0,
        ..Generic.cost(g, n).unwrap()
    };
    // Intervals times moves (times 2 rows on a circle), 8 ns each.
    assert_eq!(states(Game::COINS, 4), Cost::of(20.0, 8.0));
    assert_eq!(states(Game::NUMBERGAME, 4), Cost::of(40.0, 8.0));
    assert_eq!(states(Game::PIZZA, 4), Cost::of(40.0, 8.0));
    assert_eq!(states(Game::COINS, 0), Cost::of(0.0, 8.0));
    // One end: suffixes times the finite counts below any tail, plus one
    // for each tail, 3 ns each.
    assert_eq!(states(game("take=1..2 ends=left"), 4), Cost::of(10.0, 3.0));
    assert_eq!(
        states(game("take=1..2 ends=left delete=3"), 4),
        Cost::of(15.0, 3.0)
    );
    assert_eq!(
        states(game("take=1,3.. ends=right"), 4),
        Cost::of(10.0, 3.0)
    );
    assert_eq!(states(game("take=2.. ends=left"), 6), Cost::of(7.0, 3.0));
    // Counts above the board's length are not tried.
    assert_eq!(states(game("take=1,5 ends=left"), 3), Cost::of(4.0, 3.0));
}

/// The rules that remember their moves (`docs/rules.md`): history-dependent
/// counts and put-back, at either end and with either score.
const REMEMBERING: [&str; 6] = [
    "ends=left take=1..2m",
    "ends=right take=1..m score=rest",
    "ends=left take=2..3m",
    "ends=left take=2.. putback",
    "ends=right take=2,3 putback",
    "ends=left take=3,5.. putback",
];

/// The reference for the remembering rules, played on an explicit row of
/// values (a put-back value is pushed back on it), with the bound M of
/// `take=a..Km` carried along: no [`Row`](coinline_game::play::Row), no
/// interval, no solver code.
fn remembering_reference(game: Game, row: &[i128], m: usize) -> i128 {
    use coinline_game::rules::{Ends, Memory};
    let n = row.len();
    let mut best = None;
    for x in 1..=n {
        let allowed = game.take.contains(x)
            && match game.memory {
                Memory::Bound(k) => x <= k as usize * m,
                Memory::None | Memory::PutBack => true,
            };
        if !allowed {
            continue;
        }
        let (taken, rest) = match game.ends {
            Ends::Right => (&row[n - x..], &row[..n - x]),
            Ends::Left | Ends::Both => (&row[..x], &row[x..]),
        };
        let taken: i128 = taken.iter().sum();
        let gain = match game.score {
            Score::Taken => taken,
            Score::Rest => rest.iter().sum(),
        };
        let mut next = rest.to_vec();
        if game.memory == Memory::PutBack {
            match game.ends {
                Ends::Right => next.push(taken),
                Ends::Left | Ends::Both => next.insert(0, taken),
            }
        }
        let child = remembering_reference(game, &next, m.max(x));
        best = best.max(Some(gain - child));
    }
    best.unwrap_or(0)
}

#[test]
fn the_remembering_rules_are_solved_alike_by_three_solvers_on_every_small_board() {
    let alphabet = Span { lo: -2, hi: 2 };
    for text in REMEMBERING {
        let game: Game = text.parse().unwrap();
        let solvers: Vec<&dyn Solver> = exact_solvers()
            .iter()
            .copied()
            .filter(|s| s.supports(game))
            .collect();
        let names: Vec<&str> = solvers.iter().map(|s| s.name()).collect();
        // One-ended's put-back fill is registered too.
        let put_back = game.memory == coinline_game::rules::Memory::PutBack;
        let one_ended: &[&str] = if put_back { &["one-ended"] } else { &[] };
        assert_eq!(
            names,
            [&["minimax", "memo", "generic"], one_ended].concat(),
            "{text}"
        );
        for n in 0..=8 {
            for index in 0..enumeration_size(n, alphabet).unwrap() {
                let board = enumerated_board(n, alphabet, index);
                let row: Vec<i128> = board.values().iter().map(|&v| i128::from(v)).collect();
                let value = remembering_reference(game, &row, 1);
                for &solver in &solvers {
                    let name = solver.name();
                    let d = solver.difference(game, &board);
                    assert_eq!(i128::from(d), value, "{name} {text}: {board}");
                    // Lines on one board in 16: each replays to the value.
                    if index % 16 == 0 {
                        let (d, line) = solver.line(game, &board).unwrap();
                        assert_eq!(i128::from(d), value, "{name}'s line value {text}: {board}");
                        let totals = replay(game, &board, &line).unwrap();
                        assert_eq!(
                            i128::from(totals.difference()),
                            value,
                            "{name} {text}: {board} {line}"
                        );
                    }
                }
            }
        }
    }
}

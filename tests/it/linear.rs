//! The linear-time coins solver, and the other solvers made fast in issue 7
//! (table's vectorized fills, minimax's per-game recursion), against the
//! other exact solvers through the one differential check; and proof that
//! the check catches the strict-peak variant of the algorithm.
//!
//! Property runs are seeded: each prints its seed (shown when a test fails)
//! and `COINLINE_SEED=S cargo test --test it linear::` replays it (see seeds.rs).

use super::seeds::{quickcheck_seeded, seed};
use coinline_core::check::{check, CheckConfig, Violation};
use coinline_core::generate::{
    admissible, enumerated_board, enumeration_size, random_board, Span, Values,
};
use coinline_core::mutants::{ForgetsOddDeletes, PlantedTable};
use coinline_core::mutants::{StrictPeaks, SwappedBlocks};
use coinline_core::play::{Kernel, Line, Side};
use coinline_core::solve::table::{value_with, variant_value_with, Isa};
use coinline_core::solve::{exact_solvers, linear, Linear, Memo, Minimax, Rest, Table};
use coinline_core::{Board, Game, Solver};
use quickcheck::TestResult;

/// The distributions the properties draw from: ties, negatives, extremes.
const DISTRIBUTIONS: [Values; 7] = [
    Values::Small,
    Values::Extreme,
    Values::Spiky,
    Values::Sorted,
    Values::Zigzag,
    Values::Palindrome,
    Values::Uniform(Span { lo: -5, hi: 5 }),
];

/// A board from the generator's (seed, index) and the same board without
/// its last value: every case covers one odd and one even length.
fn boards(seed: u64, index: u64, pick: u8, max_len: usize) -> [Board; 2] {
    let values = DISTRIBUTIONS[usize::from(pick) % DISTRIBUTIONS.len()];
    let board = random_board(seed, index, Span { lo: 1, hi: max_len }, values);
    let mut shorter = board.values().to_vec();
    shorter.pop();
    [
        board,
        Board::new(shorter).expect("a prefix keeps the overflow rule"),
    ]
}

/// Checks `board` with the built-in exact solvers (no heuristics), turning a
/// violation into a failure that names how to replay it.
fn agree(game: Game, board: &Board, config: &CheckConfig, origin: &str) -> TestResult {
    let report = check(game, board, exact_solvers(), &[], config);
    match &report.violation {
        None if report.difference_of("linear").is_some() || !Rest(Linear).supports(game) => {
            TestResult::passed()
        }
        None => TestResult::error(format!("{origin}: linear did not run on {board}")),
        Some(v) => TestResult::error(format!("{origin}: {game}: {board}: {v}")),
    }
}

/// Property: on the two boards of (seed, index), up to `max_len` values,
/// every exact solver agrees with linear (where linear serves the game) and
/// the check finds nothing, in each of `games` (the boards scaled to what
/// each admits).
fn linear_agrees(games: &[Game], seed: u64, index: u64, pick: u8, max_len: usize) -> TestResult {
    let config = CheckConfig::default();
    for &game in games {
        for board in boards(seed, index, pick, max_len) {
            let origin = format!("random_board(seed {seed}, index {index}, pick {pick})");
            let result = agree(game, &admissible(game, board), &config, &origin);
            if result.is_failure() {
                return result;
            }
        }
    }
    TestResult::passed()
}

#[test]
fn linear_agrees_with_every_solver_on_random_boards() {
    // Up to 24 values: minimax takes part up to 16.
    fn property(seed: u64, index: u64, pick: u8) -> TestResult {
        linear_agrees(&[Game::COINS], seed, index, pick, 24)
    }
    quickcheck_seeded(300, property as fn(u64, u64, u8) -> TestResult);
}

#[test]
fn linear_agrees_with_table_and_memo_on_longer_boards() {
    fn property(seed: u64, index: u64, pick: u8) -> TestResult {
        linear_agrees(&[Game::COINS], seed, index, pick, 400)
    }
    quickcheck_seeded(40, property as fn(u64, u64, u8) -> TestResult);
}

/// The `score=rest` rule sets of the rest identity (`solve::rest`), each
/// checked with the rest identity among the invariants: linear serves the
/// first, pizza the second, one-ended the last.
fn rest_games() -> Vec<Game> {
    let texts = [
        "take=1 score=rest",
        "take=1 score=rest circle",
        "take=1..3 score=rest circle",
        "ends=left take=1..3 score=rest",
    ];
    texts.iter().map(|t| t.parse().unwrap()).collect()
}

#[test]
fn linear_on_score_rest_agrees_with_every_solver_on_random_boards() {
    // Up to 24 values: minimax takes part up to its check limit.
    fn property(seed: u64, index: u64, pick: u8) -> TestResult {
        linear_agrees(&rest_games(), seed, index, pick, 24)
    }
    quickcheck_seeded(200, property as fn(u64, u64, u8) -> TestResult);
    // Longer boards: the tables, memo and linear.
    fn longer(seed: u64, index: u64, pick: u8) -> TestResult {
        linear_agrees(&rest_games(), seed, index, pick, 300)
    }
    quickcheck_seeded(10, longer as fn(u64, u64, u8) -> TestResult);
}

#[test]
fn linear_agrees_on_every_small_board_with_ties() {
    let config = CheckConfig::default();
    let alphabet = Span { lo: -2, hi: 2 };
    for n in 0..=7 {
        for index in 0..enumeration_size(n, alphabet).unwrap() {
            let board = enumerated_board(n, alphabet, index);
            let result = agree(Game::COINS, &board, &config, "enumeration");
            assert!(!result.is_failure(), "{result:?}");
        }
    }
}

/// The first move of `line` that is not a best move in its position, given
/// `value(l, r)`, the mover's best margin on `values[l..r]`; or a line that
/// does not end the game.
fn first_bad_move(
    values: &[i64],
    line: &Line,
    mut value: impl FnMut(usize, usize) -> i64,
) -> Option<String> {
    let (mut left, mut right) = (0, values.len());
    for (k, mv) in line.moves.iter().enumerate() {
        if mv.count != 1 || left == right {
            return Some(format!("move {k} ({mv}) is not a take of one value"));
        }
        let (gain, rest) = match mv.side {
            Side::Left => (values[left], (left + 1, right)),
            Side::Right => (values[right - 1], (left, right - 1)),
        };
        if gain - value(rest.0, rest.1) != value(left, right) {
            return Some(format!(
                "move {k} ({mv}) at [{left}, {right}) is not a best move"
            ));
        }
        (left, right) = rest;
    }
    (left != right).then(|| format!("{} values left", right - left))
}

/// The interval values of coins on `values`, from the recurrence: entry
/// `[l][r]` is the mover's best margin on `values[l..r]`.
fn interval_values(values: &[i64]) -> Vec<Vec<i64>> {
    let n = values.len();
    let mut v = vec![vec![0i64; n + 1]; n + 1];
    for len in 1..=n {
        for l in 0..=n - len {
            let r = l + len;
            v[l][r] = (values[l] - v[l + 1][r]).max(values[r - 1] - v[l][r - 1]);
        }
    }
    v
}

#[test]
fn linear_plays_a_best_move_at_every_position_of_every_small_board() {
    // Ties, negatives, odd and even n; about 2.6 million boards.
    let alphabets = [(-1, 1, 12), (-2, 2, 8), (0, 3, 9), (-3, 3, 7)];
    for (lo, hi, longest) in alphabets {
        let alphabet = Span { lo, hi };
        for n in 0..=longest {
            for index in 0..enumeration_size(n, alphabet).unwrap() {
                let board = enumerated_board(n, alphabet, index);
                let values = board.values();
                let (_, line) = Linear.line(Game::COINS, &board).unwrap();
                let table = interval_values(values);
                let bad = first_bad_move(values, &line, |l, r| table[l][r]);
                assert_eq!(bad, None, "{board}: {line}");
            }
        }
    }
}

#[test]
fn linear_plays_best_moves_by_the_table_on_random_boards() {
    // Every position's value from the table solver, on boards up to 200.
    let value = |values: &[i64], l: usize, r: usize| {
        let part = Board::new(values[l..r].to_vec()).expect("a part keeps the overflow rule");
        Table.difference(Game::COINS, &part)
    };
    for index in 0..60 {
        for board in boards(seed(), index, index as u8, 200) {
            let (_, line) = Linear.line(Game::COINS, &board).unwrap();
            let bad = first_bad_move(board.values(), &line, |l, r| value(board.values(), l, r));
            assert_eq!(bad, None, "{board} (seed {}, index {index})", seed());
        }
    }
}

#[test]
fn the_check_replays_linear_lines_of_a_million_values() {
    let n = 1_000_000;
    let lengths = Span { lo: n, hi: n };
    for (index, values) in [Values::Small, Values::Spiky].into_iter().enumerate() {
        let board = random_board(seed(), index as u64, lengths, values);
        let report = check(
            Game::COINS,
            &board,
            &[&Linear],
            &[],
            &CheckConfig::default(),
        );
        assert!(report.is_ok(), "seed {}: {:?}", seed(), report.violation);
        let line = report.solvers[0]
            .line
            .as_ref()
            .expect("linear builds a line");
        assert_eq!(line.moves.len(), n);
    }
}

/// The check's finding when table and `solver` run on `board`.
fn finding(solver: &dyn Solver, board: &Board) -> Option<Violation> {
    let solvers: [&dyn Solver; 2] = [&Table, solver];
    check(Game::COINS, board, &solvers, &[], &CheckConfig::default()).violation
}

#[test]
fn the_check_and_the_move_test_catch_blocks_taken_from_the_wrong_end() {
    let board: Board = "8 15 3 7".parse().unwrap();
    match finding(&SwappedBlocks, &board) {
        Some(Violation::BadLine { who, problem }) => {
            assert_eq!(who, "swapped-blocks");
            assert_eq!(problem, "L R R R replays to 11 - 22 = -11, not 11");
        }
        other => panic!("expected a bad line, got {other:?}"),
    }
    assert_eq!(finding(&Linear, &board), None);
    // The move test flags the same line; linear's own passes.
    let table = interval_values(board.values());
    let (_, swapped) = SwappedBlocks.line(Game::COINS, &board).unwrap();
    let bad = first_bad_move(board.values(), &swapped, |l, r| table[l][r]);
    assert_eq!(
        bad.as_deref(),
        Some("move 0 (L) at [0, 4) is not a best move")
    );
    // A long board, where only linear builds lines: the replay catches it.
    let lengths = Span {
        lo: 100_001,
        hi: 100_001,
    };
    let long = random_board(seed(), 0, lengths, Values::Small);
    let solvers: [&dyn Solver; 2] = [&Linear, &SwappedBlocks];
    let report = check(Game::COINS, &long, &solvers, &[], &CheckConfig::default());
    let signature = report.violation.map(|v| v.signature());
    assert_eq!(
        signature.as_deref(),
        Some("bad-line:swapped-blocks"),
        "seed {}",
        seed()
    );
}

#[test]
fn linear_handles_extreme_values_near_the_overflow_rule() {
    let m = i64::MAX;
    let config = CheckConfig::default();
    let third = m / 3;
    let cases = [
        vec![m],
        vec![-m],
        vec![m / 2, -(m / 2), 1],
        vec![-third, third, -third],
        vec![third, third, third],
        vec![-third, -third, -third],
        vec![third, -third, third],
    ];
    for values in cases {
        let board = Board::new(values).unwrap();
        let result = agree(Game::COINS, &board, &config, "extreme");
        assert!(!result.is_failure(), "{result:?}");
    }
}

#[test]
fn linear_refuses_other_games() {
    assert!(!Linear.supports(Game::NUMBERGAME) && !Linear.supports(Game::GAMEOFSUM));
    let board: Board = "4 2 2 -2 -3".parse().unwrap();
    for game in [Game::NUMBERGAME, Game::GAMEOFSUM] {
        let report = check(game, &board, exact_solvers(), &[], &CheckConfig::default());
        assert!(report.is_ok(), "{game}: {:?}", report.violation);
        assert_eq!(report.difference_of("linear"), None);
        // The fusion would be wrong here: fusing 4 2 2 ... changes the value.
        let fused = linear::value(board.values());
        assert_ne!(Some(fused), report.value, "{game}");
    }
}

fn strict_violation(board: &Board) -> Option<Violation> {
    let config = CheckConfig {
        invariants: false,
        ..CheckConfig::default()
    };
    let solvers: [&dyn Solver; 2] = [&Table, &StrictPeaks];
    check(Game::COINS, board, &solvers, &[], &config).violation
}

#[test]
fn the_check_catches_strict_peaks_on_the_known_board() {
    let board: Board = "-2 -1 1 1 1 -1".parse().unwrap();
    match strict_violation(&board) {
        Some(Violation::Disagree {
            solver,
            difference,
            reference,
            expected,
        }) => {
            assert_eq!(
                (solver.as_str(), reference.as_str()),
                ("strict-linear", "table")
            );
            assert_eq!((difference, expected), (-1, 1));
        }
        other => panic!("expected a disagreement, got {other:?}"),
    }
    // The non-strict algorithm passes the same check.
    let solvers: [&dyn Solver; 2] = [&Table, &Linear];
    let report = check(Game::COINS, &board, &solvers, &[], &CheckConfig::default());
    assert!(report.is_ok(), "{:?}", report.violation);
}

#[test]
fn the_check_finds_strict_peaks_by_enumeration_and_at_random() {
    // Enumeration: the shortest boards over -1..1 on which it fails.
    let alphabet = Span { lo: -1, hi: 1 };
    let shortest = (0..=8).find_map(|n| {
        (0..enumeration_size(n, alphabet).unwrap())
            .map(|i| enumerated_board(n, alphabet, i))
            .find(|b| strict_violation(b).is_some())
    });
    let shortest = shortest.expect("enumeration finds the strict variant's bug");
    assert!(matches!(
        strict_violation(&shortest),
        Some(Violation::Disagree { .. })
    ));
    eprintln!("shortest failing board over -1..1: {shortest}");
    // Random search over tie-heavy boards, seeded.
    let seed = seed();
    let found = (0..2_000u64)
        .map(|i| random_board(seed, i, Span { lo: 1, hi: 12 }, Values::Small))
        .find(|b| strict_violation(b).is_some());
    assert!(
        found.is_some(),
        "seed {seed}: no failure in 2000 random boards"
    );
    // Neither search trips over the real algorithm.
    let solvers: [&dyn Solver; 4] = [&Minimax, &Memo, &Table, &Linear];
    for board in [shortest, found.unwrap()] {
        let report = check(Game::COINS, &board, &solvers, &[], &CheckConfig::default());
        assert!(report.is_ok(), "{board}: {:?}", report.violation);
    }
}

/// Table's value-only fill compiled for one instruction set, as a solver.
struct TableOn(Isa);

impl Solver for TableOn {
    fn name(&self) -> &str {
        self.0.name()
    }
    fn supports(&self, game: Game) -> bool {
        game.kernel().is_some()
    }
    fn difference(&self, game: Game, board: &Board) -> i64 {
        let kernel = game.kernel().expect("kernels only");
        value_with(kernel, board.values(), self.0).expect("only available sets are tested")
    }
}

fn available_fills() -> Vec<TableOn> {
    Isa::ALL
        .into_iter()
        .filter(|i| i.available())
        .map(TableOn)
        .collect()
}

#[test]
fn every_compiled_fill_agrees_with_minimax_and_memo() {
    fn property(seed: u64, index: u64, pick: u8) -> TestResult {
        let fills = available_fills();
        let mut solvers: Vec<&dyn Solver> = vec![&Minimax, &Memo];
        solvers.extend(fills.iter().map(|f| f as &dyn Solver));
        solvers.push(&Table);
        // Long enough for full vector bodies and every tail length.
        for max_len in [14, 90] {
            for board in boards(seed, index, pick, max_len) {
                for game in Game::ALL.into_iter().filter(|g| g.kernel().is_some()) {
                    // Stonegame7 admits a board only when n * sum|v| fits.
                    let board = admissible(game, board.clone());
                    let report = check(game, &board, &solvers, &[], &CheckConfig::default());
                    if let Some(v) = report.violation {
                        return TestResult::error(format!(
                            "random_board(seed {seed}, index {index}, pick {pick}): {game}: {board}: {v}"
                        ));
                    }
                }
            }
        }
        TestResult::passed()
    }
    quickcheck_seeded(150, property as fn(u64, u64, u8) -> TestResult);
}

#[test]
fn every_compiled_fill_agrees_across_tile_and_block_edges() {
    // The fills work in tiles of 512 columns and blocks of 256 diagonals:
    // lengths around those edges, odd and even, against memo.
    let fills = available_fills();
    let mut solvers: Vec<&dyn Solver> = vec![&Memo];
    solvers.extend(fills.iter().map(|f| f as &dyn Solver));
    for (index, n) in [255, 256, 257, 511, 512, 513, 1024, 1025, 1299, 1300]
        .into_iter()
        .enumerate()
    {
        let values = DISTRIBUTIONS[index % DISTRIBUTIONS.len()];
        let board = random_board(seed(), index as u64, Span { lo: n, hi: n }, values);
        for game in [Game::COINS, Game::NUMBERGAME, Game::STONEGAME7] {
            let board = admissible(game, board.clone());
            let report = check(game, &board, &solvers, &[], &CheckConfig::default());
            assert!(
                report.is_ok(),
                "{game}, n = {n} (seed {}, index {index}): {:?}",
                seed(),
                report.violation
            );
        }
    }
}

/// The planted bug (`coinline_core::mutants::ForgetsOddDeletes`) runs through
/// every compiled fill: each disagrees with minimax on numbergame `5 -9 1`,
/// while the exact fills agree.
#[test]
fn every_compiled_fill_carries_the_planted_bug_as_a_variant() {
    let board: Board = "5 -9 1".parse().unwrap();
    for isa in Isa::ALL.into_iter().filter(|i| i.available()) {
        let planted =
            variant_value_with::<ForgetsOddDeletes>(Kernel::NumberGame, board.values(), isa);
        let exact = value_with(Kernel::NumberGame, board.values(), isa);
        assert_eq!((planted, exact), (Some(-5), Some(-1)), "{}", isa.name());
    }
    // The solver itself: its value disagrees, and its line (from the
    // recording fill, planted alike) replays to that value, so the
    // signature stays a plain disagreement.
    let solvers: [&dyn Solver; 2] = [&Minimax, &PlantedTable];
    let report = check(
        Game::NUMBERGAME,
        &board,
        &solvers,
        &[],
        &CheckConfig::default(),
    );
    let signature = report.violation.map(|v| v.signature());
    assert_eq!(signature.as_deref(), Some("disagree:planted-table"));
}

//! Exact values of the heuristics and of their evaluation: whole lines,
//! differences and totals against a best response, on coins, a circle and
//! takes of any count; the evaluator's limits at their boundaries; the
//! heuristics' names, guarantees and refusals with their messages.

use super::*;
use crate::mutants::TakesTwo;
use crate::rules::Counts;

fn board(text: &str) -> Board {
    text.parse().unwrap()
}

/// A heuristic, a game, a board, and what the heuristic's line on it gives.
type Case<'a, T> = (&'a dyn Heuristic, Game, &'a str, &'a str, T);

/// Asserts `evaluate`'s line, difference and totals on each board.
fn assert_evaluated(cases: &[Case<(i64, (i64, i64))>]) {
    for &(heuristic, game, text, line, (difference, totals)) in cases {
        let p = evaluate(heuristic, game, &board(text)).unwrap();
        let got = (
            p.line.to_string(),
            p.difference,
            (p.totals.first, p.totals.second),
        );
        assert_eq!(got, (line.into(), difference, totals), "{game} {text}");
    }
}

/// Asserts `self_play`'s line and totals on each board.
fn assert_played(cases: &[Case<(i64, i64)>]) {
    for &(heuristic, game, text, line, totals) in cases {
        let (got, t) = self_play(heuristic, game, &board(text)).unwrap();
        assert_eq!(
            (got.to_string(), (t.first, t.second)),
            (line.into(), totals),
            "{text}"
        );
    }
}

/// Refuses every board in its policy: shows whether `evaluate` got past
/// its size limit without building a table.
struct Refuses;

impl Heuristic for Refuses {
    fn name(&self) -> &str {
        "refuses"
    }

    fn policy<'a>(&self, _game: Game, _board: &'a Board) -> Result<Policy<'a>> {
        Err(StrategyError::NeedsIntervalMoves.into())
    }
}

/// Takes one from the left, except on the whole circle, where it plays an
/// illegal take of two: `evaluate` must never ask it there (the circle's
/// first move is `first_on_circle`'s).
struct LeftButNotWhole;

impl Heuristic for LeftButNotWhole {
    fn name(&self) -> &str {
        "left-but-not-whole"
    }

    fn policy<'a>(&self, _game: Game, board: &'a Board) -> Result<Policy<'a>> {
        let n = board.len();
        Ok(Box::new(move |left, right| {
            let count = if right - left >= n { 2 } else { 1 };
            Move::take(Side::Left, count)
        }))
    }
}

#[test]
fn names_and_lookup() {
    assert_eq!(heuristic_names(), ["greedy", "parity"]);
    let names: Vec<&str> = heuristics().iter().map(|h| h.name()).collect();
    assert_eq!(names, ["greedy", "parity"]);
    assert_eq!(heuristic_by_name(" Parity ").unwrap().name(), "parity");
    assert_eq!(heuristic_by_name("GREEDY").unwrap().name(), "greedy");
    let unknown = heuristic_by_name("best").err().map(|e| e.to_string());
    assert_eq!(
        unknown.as_deref(),
        Some("unknown heuristic \"best\" (expected one of: greedy, parity)")
    );
}

#[test]
fn guarantees() {
    // Greedy states none (the default).
    assert_eq!(Greedy.guaranteed(Game::COINS, &board("1 2")), None);
    assert_eq!(Greedy.guaranteed(Game::COINS, &board("1 2 3")), None);
    // Parity never loses on coins with an even number of values.
    for (game, text, guaranteed) in [
        (Game::COINS, "1 2", Some(0)),
        (Game::COINS, "1 2 3 4", Some(0)),
        (Game::COINS, "1 2 3", None),
        (Game::COINS, "5", None),
        (Game::NUMBERGAME, "1 2", None),
        (Game::PIZZA, "1 2", None),
    ] {
        assert_eq!(
            Parity.guaranteed(game, &board(text)),
            guaranteed,
            "{game} {text}"
        );
    }
}

#[test]
fn heuristics_against_a_best_response_exactly() {
    let (coins, sums, pizza) = (Game::COINS, Game::GAMEOFSUM, Game::PIZZA);
    let picky: &dyn Heuristic = &LeftButNotWhole;
    assert_evaluated(&[
        // Greedy takes 9; the opponent's best is 3 (taking 1 leaves greedy
        // the 3), then greedy 2, the opponent 1: 11 - 4.
        (&Greedy, coins, "1 2 3 9", "R R R L", (7, (11, 4))),
        // A tie goes left: greedy takes the first 5, the opponent the other.
        (&Greedy, coins, "5 3 5", "L R L", (3, (8, 5))),
        (&Greedy, coins, "8 15 3 7", "L L R L", (-3, (15, 18))),
        // Takes of any count: greedy takes 6; the opponent's best reply to
        // -5 1 1 is to take 1 1 (greedy must then take -5): 1 - 2.
        (&Greedy, sums, "6 -5 1 1", "L R2 L", (-1, (1, 2))),
        // Greedy takes the best run, 5 -2 3, leaving -1 to the opponent.
        (&Greedy, sums, "-1 5 -2 3", "R3 L", (7, (6, -1))),
        // Nothing to play.
        (&Greedy, coins, "", "-", (0, (0, 0))),
        // On a circle: the 9 first (from position 2), then the opponent
        // takes 2, greedy 1.
        (&Greedy, pizza, "1 9 2", "L@2 L L", (8, (10, 2))),
        // The 9 at position 5, leaving 1 2 3 4; the opponent takes 4 (taking
        // 1 would leave greedy 4 and 3), greedy 3, the opponent 2, greedy 1.
        (&Greedy, pizza, "1 2 3 4 9", "L@5 R R R L", (7, (13, 6))),
        (&Greedy, pizza, "", "-", (0, (0, 0))),
        // The policy is asked only about what the first move leaves.
        (picky, pizza, "1 9 2", "L@2 L L", (8, (10, 2))),
        (picky, pizza, "1 2 3 4 9", "L@5 R L R L", (5, (12, 7))),
        // Parity: even positions (100 and 3) hold more: it takes 3 first,
        // then always the even position; the opponent gets 1 and 2 either way.
        (&Parity, coins, "1 100 2 3", "R L L L", (100, (103, 3))),
        // Odd positions (100 and 3) hold more: parity takes 100 first.
        (&Parity, coins, "100 1 3 2", "L L L L", (100, (103, 3))),
        // A tie goes to the odd positions: the left 1 first.
        (&Parity, coins, "1 2 2 1", "L L L L", (0, (3, 3))),
        (&Parity, coins, "1 2", "R L", (1, (2, 1))),
    ]);
}

#[test]
fn the_first_move_on_a_circle() {
    let left = Move::take(Side::Left, 1);
    // A tie goes to the first start.
    for (text, start) in [("1 9 2", 1), ("9 1 2", 0), ("1 9 9", 1)] {
        let first = Greedy.first_on_circle(Game::PIZZA, &board(text));
        assert_eq!(first.unwrap(), (start, left), "{text}");
    }
    // Takes of one or two: 9 and 2 (11) beat 1 and 9 (10).
    let two = Game {
        take: Counts::range(1, 2),
        ..Game::PIZZA
    };
    assert_eq!(
        Greedy.first_on_circle(two, &board("1 9 2")).unwrap(),
        (1, Move::take(Side::Left, 2))
    );
    let err = Greedy
        .first_on_circle(Game::PIZZA, &Board::default())
        .unwrap_err();
    assert_eq!(err.layer(), Some(&StrategyError::NoCircleStart));
}

#[test]
fn self_play_lines() {
    assert_played(&[
        (&Greedy, Game::COINS, "4 1 2 10", "R L R L", (12, 5)),
        (&Greedy, Game::PIZZA, "1 9 2", "L@2 L L", (10, 2)),
        // Both take 9 first, wherever it is.
        (&Greedy, Game::PIZZA, "9 1 2", "L@1 R L", (10, 2)),
        (&Parity, Game::COINS, "1 100 2 3", "R R R R", (103, 3)),
    ]);
    // An illegal move, with the values left when it was played.
    let e = self_play(&TakesTwo, Game::GAMEOFSUM, &board("1 2 3")).unwrap_err();
    let reason = IllegalReason::TooMany {
        count: 2,
        remaining: 1,
    };
    let illegal = StrategyError::IllegalInLine {
        heuristic: "takes-two".into(),
        mv: Move::take(Side::Left, 2),
        left: 1,
        reason,
    };
    assert_eq!(e.layer(), Some(&illegal));
}

#[test]
fn parity_refuses_odd_boards_and_other_games() {
    let refusal = Error::from(StrategyError::ParityNeedsEvenCoins);
    for (game, text) in [
        (Game::COINS, "1 2 3"),
        (Game::COINS, "1 2 3 4 5"),
        (Game::NUMBERGAME, "1 2"),
        (Game::PIZZA, "1 2"),
    ] {
        let b = board(text);
        assert_eq!(
            evaluate(&Parity, game, &b).unwrap_err(),
            refusal,
            "{game} {text}"
        );
        assert_eq!(
            self_play(&Parity, game, &b).unwrap_err(),
            refusal,
            "{game} {text}"
        );
    }
}

#[test]
fn the_evaluators_limit_at_its_boundary() {
    let zeros = |n: usize| Board::new(vec![0; n]).unwrap();
    let too_large = |n, limit| {
        Error::new(ErrorKind::TooLarge {
            solver: "refuses".into(),
            n,
            limit,
        })
    };
    let refused = Error::from(StrategyError::NeedsIntervalMoves);
    // At the limit the policy is asked (and refuses); one above, not.
    assert_eq!(LIMIT, 5_000);
    assert_eq!(
        evaluate(&Refuses, Game::COINS, &zeros(LIMIT)).unwrap_err(),
        refused
    );
    let e = evaluate(&Refuses, Game::COINS, &zeros(LIMIT + 1)).unwrap_err();
    assert_eq!(e, too_large(5_001, 5_000));
    assert_eq!(
        e.to_string(),
        "board of 5001 values is too large for solver refuses (at most 5000)"
    );
    // A circle's tables cover the board twice: half the limit.
    assert_eq!(
        evaluate(&Refuses, Game::PIZZA, &zeros(2_500)).unwrap_err(),
        refused
    );
    assert_eq!(
        evaluate(&Refuses, Game::PIZZA, &zeros(2_501)).unwrap_err(),
        too_large(2_501, 2_500)
    );
    assert_eq!(
        evaluate(&Refuses, Game::PIZZA, &zeros(1)).unwrap_err(),
        refused
    );
}

#[test]
fn an_illegal_move_in_the_evaluation() {
    // The table is filled from the shortest intervals: the first illegal
    // take of two is on one value.
    let e = evaluate(&TakesTwo, Game::COINS, &board("1 2 3 4")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "heuristic takes-two plays L2 with values 1..1 left: a take of 2 is not allowed by coins"
    );
}

//! What defines a compare run, pinned value by value: the messages, the
//! boundaries of every limit, the board at an index, the planned part and
//! the time estimate against the cost model it is built from.

use super::*;
use coinline_core::cost;
use coinline_core::solve::exact_solvers;
use coinline_core::strategy::heuristics;

fn exhaustive(alphabet: (i64, i64), lengths: (usize, usize)) -> CompareOptions {
    CompareOptions {
        boards: Boards::Exhaustive {
            alphabet: Span {
                lo: alphabet.0,
                hi: alphabet.1,
            },
        },
        lengths: Span {
            lo: lengths.0,
            hi: lengths.1,
        },
        ..CompareOptions::default()
    }
}

fn random(count: u64, lengths: (usize, usize)) -> CompareOptions {
    CompareOptions {
        boards: Boards::random(count),
        lengths: Span {
            lo: lengths.0,
            hi: lengths.1,
        },
        seed: 7,
        ..CompareOptions::default()
    }
}

/// `validate`'s refusal, if any.
fn verdict(options: &CompareOptions) -> Option<HarnessError> {
    let refused = options.validate().err()?;
    Some(
        refused
            .layer::<HarnessError>()
            .expect("a harness error")
            .clone(),
    )
}

#[test]
fn sources_are_described_and_random_boards_default_to_minus_100_to_100() {
    assert_eq!(
        Boards::random(5),
        Boards::Random {
            count: 5,
            values: Values::Uniform(Span { lo: -100, hi: 100 })
        }
    );
    assert_eq!(
        describe(&Boards::random(5)),
        "5 random boards, values -100..100"
    );
    assert_eq!(
        describe(&exhaustive((0, 3), (1, 2)).boards),
        "the boards over 0..3"
    );
}

#[test]
fn the_reproduce_line_names_every_option_of_the_row() {
    let mut options = random(30, (2, 9));
    assert_eq!(
        options.reproduce(Game::COINS, 4),
        "coinline compare --game coins --n 2..9 --values=-100..100 --seed 7 --only 4"
    );
    options.check.minimax_max = Some(12);
    assert_eq!(
        exhaustive((-1, 2), (1, 5)).reproduce(Game::NUMBERGAME, 0),
        "coinline compare --game numbergame --n 1..5 --exhaustive --alphabet=-1..2 --only 0"
    );
    assert!(options
        .reproduce(Game::COINS, 4)
        .ends_with(" --minimax-max 12 --only 4"));
}

#[test]
fn every_limit_holds_at_its_bound_and_refuses_past_it() {
    use HarnessError::*;
    let mut options = random(10, (1, MAX_LENGTH));
    assert!(verdict(&options).is_none());
    options.lengths.hi = MAX_LENGTH + 1;
    assert!(matches!(verdict(&options), Some(TooLong { n }) if n == MAX_LENGTH + 1));
    options.lengths = Span { lo: 4, hi: 4 };
    assert!(verdict(&options).is_none());
    options.lengths = Span { lo: 5, hi: 4 };
    let reversed = Span { lo: 5, hi: 4 };
    assert!(matches!(verdict(&options), Some(LengthsReversed { lengths }) if lengths == reversed));
    options.lengths = Span { lo: 1, hi: 4 };
    options.games.clear();
    assert!(matches!(verdict(&options), Some(NoGame)));

    // The overflow rule: the widest value times the longest board.
    assert!(verdict(&exhaustive((i64::MAX, i64::MAX), (1, 1))).is_none());
    let quarter = i64::MAX / 4;
    assert!(verdict(&exhaustive((quarter, quarter), (1, 4))).is_none());
    let too_wide = |a, n| matches!(verdict(&exhaustive(a, n)), Some(AlphabetTooWide { .. }));
    assert!(too_wide((quarter + 1, quarter + 1), (1, 4)));
    assert!(too_wide((-quarter - 1, 0), (4, 4)));
    let reversed = verdict(&exhaustive((3, 1), (1, 2)));
    assert!(matches!(reversed, Some(AlphabetReversed { alphabet }) if alphabet.lo == 3));

    // At most 10^12 boards: 10^6 values at length 2 is exactly that.
    assert!(verdict(&exhaustive((0, 999_999), (2, 2))).is_none());
    let many = verdict(&exhaustive((0, 999_999), (1, 2)));
    assert!(matches!(
        many,
        Some(TooManyBoards {
            total: Some(1_000_001_000_000),
            ..
        })
    ));

    let mut only = random(10, (1, 4));
    only.only = Some(Span { lo: 3, hi: 9 });
    assert!(verdict(&only).is_none());
    only.only = Some(Span { lo: 3, hi: 10 });
    assert!(matches!(
        verdict(&only),
        Some(PastEnd {
            index: 10,
            total: 10
        })
    ));

    let mut jobs = random(10, (1, 4));
    jobs.jobs = MAX_JOBS;
    assert!(verdict(&jobs).is_none());
    jobs.jobs = MAX_JOBS + 1;
    assert!(matches!(verdict(&jobs), Some(TooManyJobs { jobs: 257 })));
}

#[test]
fn totals_boards_and_planned_parts() {
    let enumerated = exhaustive((0, 1), (1, 3));
    assert_eq!(enumerated.total().unwrap(), 2 + 4 + 8);
    assert_eq!(random(37, (1, 9)).total().unwrap(), 37);
    let past = exhaustive((0, 999), (1, 40)).total().unwrap_err();
    assert!(matches!(
        past.layer::<HarnessError>(),
        Some(HarnessError::TooManyBoards { total: None, .. })
    ));

    assert_eq!(enumerated.board(0), Some(Board::new(vec![0]).unwrap()));
    assert_eq!(enumerated.board(2), Some(Board::new(vec![0, 0]).unwrap()));
    assert_eq!(enumerated.board(14), None);
    let drawn = random(37, (3, 9));
    let span = Span { lo: 3, hi: 9 };
    let values = Values::Uniform(Span { lo: -100, hi: 100 });
    assert_eq!(drawn.board(5), Some(random_board(7, 5, span, values)));

    let mut part = random(10, (1, 4));
    assert_eq!(part.planned().unwrap(), 10);
    part.shard = Shard::new(2, 3).unwrap();
    assert_eq!(part.planned().unwrap(), Shard::new(2, 3).unwrap().size(10));
    assert_eq!(part.planned().unwrap(), 3);
    part.only = Some(Span { lo: 2, hi: 5 });
    assert_eq!(part.planned().unwrap(), 4);
}

/// The cost model's seconds for one board of `n` values in `game`.
fn one_board(game: Game, n: usize, options: &CompareOptions) -> f64 {
    cost::estimated_seconds(game, n, exact_solvers(), heuristics(), &options.check) + PER_CHECK
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs())
}

#[test]
fn the_estimate_adds_up_the_cost_model_board_by_board() {
    // The summary's seconds: its rows, each naming every rule set.
    let summary = |o: &CompareOptions| {
        let lengths = (o.lengths.hi - o.lengths.lo + 1) as f64;
        o.games.len() as f64 * lengths * o.identity().len() as f64 * PER_BYTE
    };
    let with = |o: &CompareOptions, more| o.estimate(exact_solvers(), heuristics(), more);
    let estimate = |o: &CompareOptions| with(o, 0).seconds - summary(o);
    // One length: the count times one board's cost.
    let single = random(10, (6, 6));
    let per = one_board(Game::COINS, 6, &single);
    assert!(per > 0.0);
    assert!(close(estimate(&single), 10.0 * per));
    // A random rule set not drawn costs the drawn ones' mean: one more
    // doubles the checks, and the summary's rows and their length.
    let doubled = with(&single, 1).seconds - 4.0 * summary(&single);
    assert!(close(doubled, 2.0 * estimate(&single)));
    // Lengths 3..5: the mean over 3, 4 and 5.
    let spread = random(6, (3, 5));
    let mean = (3..=5)
        .map(|n| one_board(Game::COINS, n, &spread))
        .sum::<f64>()
        / 3.0;
    assert!(
        close(estimate(&spread), 6.0 * mean),
        "{}",
        estimate(&spread)
    );
    // Two games: each board is checked in both.
    let mut both = random(10, (6, 6));
    both.games = vec![Game::COINS, Game::NUMBERGAME];
    let second = one_board(Game::NUMBERGAME, 6, &both);
    assert!(close(estimate(&both), 10.0 * (per + second)));
    // Memory: each thread's largest solve and a group per game and length.
    both.jobs = 3;
    let solve = |g| cost::estimated_bytes(g, 6, exact_solvers(), &both.check);
    let bytes = 3.0 * solve(Game::COINS).max(solve(Game::NUMBERGAME)) + 2.0 * PER_GROUP;
    assert!(bytes > 2.0 * PER_GROUP);
    assert!(close(with(&both, 0).bytes, bytes));
    // Every enumerated board at its length's cost.
    let enumerated = exhaustive((0, 1), (1, 3));
    let sum: f64 = (1..=3)
        .map(|n| (1u64 << n) as f64 * one_board(Game::COINS, n, &enumerated))
        .sum();
    assert!(close(estimate(&enumerated), sum));
    // A part of the run: its share of the whole.
    let mut part = random(10, (6, 6));
    part.only = Some(Span { lo: 0, hi: 3 });
    assert!(close(estimate(&part), 4.0 * per));
    // A run that cannot be counted estimates nothing.
    assert_eq!(with(&exhaustive((0, 999), (1, 40)), 0).seconds, 0.0);
}

#[test]
fn a_runs_identity_names_what_makes_two_runs_one() {
    let mut options = random(30, (2, 9));
    let limit = options.check.minimax_limit(Game::COINS);
    assert_eq!(
        options.identity(),
        format!("seed=7 boards=30 values=-100..100 games=coins n=2..9 minimax={limit} rows=all")
    );
    options.rows = RowFilter::Failures;
    options.shard = Shard::new(2, 3).unwrap();
    options.jobs = 3;
    assert!(options.identity().ends_with(" rows=failures"));
    assert!(exhaustive((0, 2), (1, 4))
        .identity()
        .starts_with("exhaustive alphabet=0..2 games=coins n=1..4 "));
}

#[test]
fn threads_are_the_jobs_asked_or_one_per_core() {
    let mut options = random(1, (1, 2));
    options.jobs = 3;
    assert_eq!(options.threads(), 3);
    options.jobs = 1;
    assert_eq!(options.threads(), 1);
    options.jobs = 0;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    assert_eq!(options.threads(), cores);
}

#[test]
fn failures_past_the_shrunk_ones_are_counted_in_one_line() {
    let outcome = |failed: u64| CompareOutcome {
        boards: 10,
        checks: 10,
        failed,
        failures: Vec::new(),
        summary: CompareSummary::new(Vec::new()),
        stopped: None,
        elapsed: Duration::ZERO,
    };
    assert_eq!(unshown_failures(&outcome(0)), None);
    assert_eq!(
        unshown_failures(&outcome(1)).unwrap(),
        "... 1 more failing check not shown (only the first 0 are shrunk; see the rows)"
    );
    assert_eq!(
        unshown_failures(&outcome(5)).unwrap(),
        "... 5 more failing checks not shown (only the first 0 are shrunk; see the rows)"
    );
}

#[test]
fn a_failure_is_told_in_five_lines_ending_with_its_reproduction() {
    let violation = Violation::Disagree {
        solver: "memo".into(),
        difference: 3,
        reference: "minimax".into(),
        expected: 1,
    };
    let failure = Failure {
        index: 4,
        game: Game::COINS,
        found: Board::parse("5 1 2").unwrap(),
        violation: violation.clone(),
        shrunk_game: Game::COINS,
        shrunk: Board::parse("1").unwrap(),
        shrunk_violation: violation.clone(),
    };
    let message = failure_message(&failure, "corpus/x", "coinline compare --only 4");
    let lines: Vec<&str> = message.lines().collect();
    assert_eq!(lines.len(), 5, "{message}");
    assert_eq!(
        lines[0],
        format!("FAILURE at index 4 (coins, n = 3): {violation}")
    );
    assert_eq!(
        lines[1],
        format!(
            "  found:     {}",
            Case::new(Game::COINS, failure.found.clone())
        )
    );
    assert_eq!(
        lines[2],
        format!("  shrunk:    {} ({violation})", failure.shrunk_case())
    );
    assert_eq!(lines[3], "  saved:     corpus/x");
    assert_eq!(lines[4], "  reproduce: coinline compare --only 4");
}

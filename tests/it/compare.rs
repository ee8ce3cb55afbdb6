//! `coinline compare` and `coinline merge`: deliberately wrong solvers are
//! found, shrunk and saved; runs are deterministic whatever the threads;
//! shards merge into the unsharded run; bad input exits 2 leaving nothing.

use coinline_core::case::RawCase;
use coinline_core::check::{check, CheckConfig};
use coinline_core::generate::{enumeration_total, Span, Values};
use coinline_core::mutants::{FlippedTable, GreedySelfPlay, OffWhenTakingOne};
use coinline_core::progress::Quiet;
use coinline_core::solve::{exact_solvers, Memo, Minimax, Solver};
use coinline_core::strategy::{heuristics, Heuristic};
use coinline_core::{Board, Game};
use coinline_harness::compare::{
    failure_message, run, run_to, unshown_failures, Boards, CompareOptions, CompareOutcome,
    CompareSummary, RowFilter, Stop,
};
use coinline_output::corpus::save_case;
use std::path::{Path, PathBuf};

use crate::support::{
    assert_refused, assert_refused_alone, assert_status, coinline, workdir, Coinline,
};

fn options(games: &[Game], lengths: (usize, usize), boards: u64, seed: u64) -> CompareOptions {
    CompareOptions {
        games: games.to_vec(),
        lengths: Span {
            lo: lengths.0,
            hi: lengths.1,
        },
        boards: Boards::random(boards),
        seed,
        // Keep debug-build tests quick.
        check: CheckConfig::default().with_minimax_max(10),
        ..CompareOptions::default()
    }
}

fn run_rows(
    options: &CompareOptions,
    solvers: &[&dyn Solver],
    heuristics: &[&dyn Heuristic],
) -> (CompareOutcome, Vec<u8>) {
    let mut rows = Vec::new();
    let outcome = run_to(options, solvers, heuristics, &Quiet, &mut rows).unwrap();
    (outcome, rows)
}

/// Asserts that `outcome` found `solver` wrong and shrank each failure to a
/// small board that still fails the same way.
fn assert_found_and_shrunk(
    outcome: &CompareOutcome,
    options: &CompareOptions,
    solvers: &[&dyn Solver],
    solver: &str,
) {
    assert!(outcome.failed > 0, "no failure found");
    assert!(!outcome.failures.is_empty());
    assert_eq!(
        outcome.failures[0].violation.signature(),
        format!("disagree:{solver}")
    );
    for f in &outcome.failures {
        // Disagreement, or (when the values agree) a broken invariant.
        let signature = f.violation.signature();
        assert!(signature.ends_with(&format!(":{solver}")), "{signature}");
        assert_eq!(options.board(f.index).as_ref(), Some(&f.found));
        assert!(
            f.shrunk.len() <= 4 && f.shrunk.len() <= f.found.len(),
            "shrunk {:?} from {:?}",
            f.shrunk,
            f.found
        );
        assert!(f.shrunk.values().iter().all(|v| v.abs() <= 100));
        let again = check(
            f.shrunk_game,
            &f.shrunk,
            solvers,
            heuristics(),
            &options.check,
        );
        assert_eq!(again.violation.map(|v| v.signature()), Some(signature));
    }
}

#[test]
fn a_table_flipped_on_odd_lengths_is_found_and_shrunk() {
    let solvers: [&dyn Solver; 3] = [&Minimax, &Memo, &FlippedTable];
    let options = options(&[Game::COINS], (1, 10), 300, 11);
    let outcome = run(&options, &solvers, heuristics(), &Quiet).unwrap();
    assert_found_and_shrunk(&outcome, &options, &solvers, "flipped-table");
    // Only odd boards of three or more values can fail.
    assert!(outcome
        .failures
        .iter()
        .all(|f| f.found.len() % 2 == 1 && f.found.len() >= 3));
}

#[test]
fn greedy_presented_as_exact_is_found_and_shrunk_in_every_game() {
    let solvers: [&dyn Solver; 3] = [&Minimax, &Memo, &GreedySelfPlay];
    let mut options = options(&Game::ALL, (1, 9), 200, 5);
    options.max_failures = 100;
    let outcome = run(&options, &solvers, heuristics(), &Quiet).unwrap();
    assert_found_and_shrunk(&outcome, &options, &solvers, "greedy-self-play");
    let games: Vec<Game> = outcome.failures.iter().map(|f| f.game).collect();
    for game in Game::ALL {
        assert!(games.contains(&game), "{game} not among {games:?}");
    }
}

#[test]
fn a_failure_found_in_a_rich_rule_set_is_reported_in_the_simplest_that_fails() {
    // The planted solver is wrong in every rule set with a take of one: a
    // failure found in take=1..3 delete=2 is shrunk to take=1 (coins), and
    // the saved case and the next command name coins.
    let solvers: [&dyn Solver; 3] = [&Minimax, &Memo, &OffWhenTakingOne];
    let found_in: Game = "take=1..3 delete=2".parse().unwrap();
    let mut options = options(&[found_in], (3, 9), 50, 4);
    options.max_failures = 3;
    let outcome = run(&options, &solvers, heuristics(), &Quiet).unwrap();
    assert_eq!(outcome.failures.len(), 3);
    for f in &outcome.failures {
        assert_eq!(f.game, found_in);
        assert_eq!(f.violation.signature(), "disagree:off-when-taking-one");
        assert_eq!(f.shrunk_game, Game::COINS, "{:?}", f.shrunk_case());
        assert_eq!(f.shrunk_case().game, Game::COINS);
        assert!(f.shrunk.len() == 2, "{}", f.shrunk);
        let again = check(
            f.shrunk_game,
            &f.shrunk,
            &solvers,
            heuristics(),
            &options.check,
        );
        assert_eq!(
            again.violation.map(|v| v.signature()),
            Some(f.violation.signature())
        );
        let message = failure_message(f, "corpus/x", "coinline compare ...");
        assert!(
            message.contains(&format!("shrunk:    coins: {}", f.shrunk)),
            "{message}"
        );
        assert!(
            message.contains(&format!("found:     {found_in}: ")),
            "{message}"
        );
    }
    // Without shrinking, the rule set stays as found.
    options.shrink_budget = 0;
    let outcome = run(&options, &solvers, heuristics(), &Quiet).unwrap();
    assert!(outcome.failures.iter().all(|f| f.shrunk_game == found_in));
}

#[test]
fn failures_are_saved_where_the_corpus_replay_finds_them() {
    let dir = workdir("compare", "saves");
    let corpus = dir.join("corpus");
    let mut options = options(&[Game::COINS], (1, 8), 200, 3);
    options.max_failures = 4;
    let solvers: [&dyn Solver; 3] = [&Minimax, &Memo, &FlippedTable];
    let (outcome, rows) = run_rows(&options, &solvers, heuristics());
    assert_eq!(outcome.failed, 4);
    assert_eq!(outcome.stopped, Some(Stop::MaxFailures));
    for failure in &outcome.failures {
        save_case(&corpus, &failure.shrunk_case()).unwrap();
    }
    let saved: Vec<PathBuf> = std::fs::read_dir(corpus.join("solvers_agree"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert!(!saved.is_empty() && saved.len() <= 4, "{saved:?}");
    for path in &saved {
        // Exactly what the corpus replay of `cargo test` does with the file.
        let case = RawCase::from_bytes(&std::fs::read(path).unwrap(), 64)
            .validate()
            .unwrap();
        assert_eq!(path.file_name().unwrap().to_str(), Some(&*case.file_stem()));
        assert!(case.board.len() <= 4);
        let report = check(
            case.game,
            &case.board,
            &solvers,
            heuristics(),
            &CheckConfig::default(),
        );
        assert_eq!(
            report.violation.map(|v| v.signature()).as_deref(),
            Some("disagree:flipped-table")
        );
        // The built-in solvers pass the same case.
        let builtin = check(
            case.game,
            &case.board,
            exact_solvers(),
            heuristics(),
            &CheckConfig::default(),
        );
        assert!(builtin.is_ok());
    }
    // The run stopped at the fourth failing row, which is the last row.
    let rows = String::from_utf8(rows).unwrap();
    let last = rows.lines().last().unwrap();
    assert!(last.contains("disagree:flipped-table"), "{last}");
    let failing = rows.lines().filter(|l| l.contains(",false,")).count();
    assert_eq!(failing, 4);
}

#[test]
fn an_unusable_corpus_is_refused_before_the_run() {
    let dir = workdir("compare", "badcorpus");
    std::fs::write(dir.join("file"), "x").unwrap();
    let out = dir.join("rows.csv");
    for corpus in [dir.join("file"), dir.join("file/sub"), "/proc/x".into()] {
        let run = coinline(
            &dir,
            &[
                "compare",
                "--boards",
                "50",
                "--out",
                out.to_str().unwrap(),
                "--corpus",
                corpus.to_str().unwrap(),
            ],
        );
        assert_refused(&run, corpus.to_str().unwrap(), &corpus);
        assert!(!out.exists(), "the run went ahead with {corpus:?}");
    }
}

#[test]
fn failure_messages_end_with_a_command_that_regenerates_the_board() {
    let mut options = options(&Game::ALL, (2, 7), 10_000, 77);
    options.boards = Boards::Random {
        count: 10_000,
        values: "-9..9".parse().unwrap(),
    };
    options.check = CheckConfig::default();
    let solvers: [&dyn Solver; 3] = [&Minimax, &Memo, &GreedySelfPlay];
    let outcome = run(&options, &solvers, heuristics(), &Quiet).unwrap();
    let failure = outcome.failures.last().unwrap();
    let command = options.reproduce(failure.game, failure.index);
    let message = failure_message(failure, "corpus/x", &command);
    let last = message.lines().last().unwrap();
    assert_eq!(last, format!("  reproduce: {command}"));
    assert!(message.contains(&format!("found:     {}: {}", failure.game, failure.found)));
    let words: Vec<&str> = command.split_whitespace().collect();
    assert_eq!(&words[..2], ["coinline", "compare"]);
    // The command, run for real, prints the row of exactly that board.
    let dir = workdir("compare", "reproduce");
    let rerun = coinline(&dir, &words[1..]);
    assert_status(&rerun, 0);
    let row = rerun.stdout.lines().nth(1).unwrap();
    let fields: Vec<&str> = row.split(',').collect();
    assert!(fields.contains(&failure.game.name().as_str()), "{row}");
    assert!(
        fields.contains(&failure.found.to_string().as_str()),
        "{row} should hold {}",
        failure.found
    );
}

#[test]
fn rows_are_identical_whatever_the_number_of_threads() {
    let mut options = options(&Game::ALL, (0, 9), 700, 99);
    options.boards = Boards::Random {
        count: 700,
        values: Values::Small,
    };
    let solvers: [&dyn Solver; 3] = [&Minimax, &Memo, &GreedySelfPlay];
    options.max_failures = 50;
    let mut results = Vec::new();
    for jobs in [1, 2, 3] {
        options.jobs = jobs;
        let (outcome, rows) = run_rows(&options, &solvers, heuristics());
        let mut summary = Vec::new();
        outcome.summary.write_csv(&mut summary).unwrap();
        assert_eq!(outcome.stopped, Some(Stop::MaxFailures));
        results.push((rows, summary, outcome.failures));
    }
    assert!(results.windows(2).all(|w| w[0] == w[1]));
    // The run stops at the 50th failing row: the last row.
    let rows = String::from_utf8(results[0].0.clone()).unwrap();
    let status = |l: &str| l.split(',').nth(10).unwrap().to_string();
    let failing: Vec<String> = rows
        .lines()
        .skip(1)
        .map(status)
        .filter(|s| s != "ok")
        .collect();
    assert_eq!(failing.len(), 50);
    assert_ne!(status(rows.lines().last().unwrap()), "ok");
    assert!(failing.iter().all(|s| s.ends_with(":greedy-self-play")));
}

#[test]
fn failure_rows_only_and_a_duration_bound() {
    let solvers: [&dyn Solver; 3] = [&Minimax, &Memo, &FlippedTable];
    let mut options = options(&[Game::COINS], (1, 8), 400, 4);
    options.rows = RowFilter::Failures;
    options.max_failures = 0;
    let (outcome, rows) = run_rows(&options, &solvers, heuristics());
    let text = String::from_utf8(rows).unwrap();
    assert_eq!(text.lines().count() as u64, outcome.failed + 1);
    assert!(outcome.failed > 100 && outcome.stopped.is_none());
    assert_eq!(outcome.failures.len(), 100);
    let unshown = unshown_failures(&outcome).unwrap();
    assert!(
        unshown.starts_with(&format!("... {} more failing checks", outcome.failed - 100)),
        "{unshown}"
    );
    assert!(text.lines().skip(1).all(|l| l.contains(",false,")));

    options.boards = Boards::random(u64::MAX);
    options.duration = Some(std::time::Duration::from_millis(50));
    let outcome = run(&options, exact_solvers(), heuristics(), &Quiet).unwrap();
    assert_eq!(outcome.stopped, Some(Stop::Duration));
    assert!(outcome.boards > 0);
}

#[test]
fn extreme_regret_beyond_i64_is_tallied_and_written() {
    // Greedy's best immediate score is 0 (R); the opponent answers R and
    // greedy must take -m: -m against the optimal +m (R2), a regret of 2m,
    // about 2 * i64::MAX.
    let m = i64::MAX;
    let board = Board::new(vec![-m, 0, 0]).unwrap();
    let report = check(
        Game::GAMEOFSUM,
        &board,
        exact_solvers(),
        heuristics(),
        &CheckConfig::default(),
    );
    assert!(report.is_ok(), "{:?}", report.violation);
    let mut summary = CompareSummary::new(vec!["greedy".into(), "parity".into()]);
    summary.add(Game::GAMEOFSUM, 0, &report);
    let mut csv = Vec::new();
    summary.write_csv(&mut csv).unwrap();
    let text = String::from_utf8(csv).unwrap();
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    let row: Vec<&str> = text.lines().nth(1).unwrap().split(',').collect();
    let at = header
        .iter()
        .position(|&c| c == "greedy_max_regret")
        .unwrap();
    let regret: i128 = row[at].parse().unwrap();
    assert!(regret > i128::from(i64::MAX), "{regret}");
}

#[test]
fn extreme_boards_pass_end_to_end_in_every_game() {
    let dir = workdir("compare", "extreme");
    let out = coinline(
        &dir,
        &[
            "compare",
            "--game",
            "all",
            "--values",
            "extreme",
            "--boards",
            "300",
            "--n",
            "0..12",
            "--minimax-max",
            "9",
            "--seed",
            "8",
        ],
    );
    assert_status(&out, 0);
    let stderr = &out.stderr;
    assert!(stderr.starts_with("coinline compare: seed 8;"), "{stderr}");
    let rows = std::fs::read_to_string(dir.join("reports/compare.csv")).unwrap();
    assert_eq!(rows.lines().count(), 1 + Game::ALL.len() * 300);
    // Some values are huge (near i64::MAX / n).
    assert!(rows.lines().any(|l| l
        .split(',')
        .nth(5)
        .unwrap()
        .split(' ')
        .any(|v| v.len() >= 18)));
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Merge holds every row file open: more shards than the soft limit on open
/// files still merge (the limit is raised up to the hard one), and past the
/// hard limit merge refuses before writing anything.
#[cfg(unix)]
#[test]
fn merge_of_more_shards_than_the_soft_limit_on_open_files() {
    let dir = workdir("compare", "open-files");
    let common = ["compare", "--boards", "60", "--n", "2..3", "--seed", "9"];
    assert_status(
        &coinline(&dir, &[&common[..], &["--out", "whole.csv"]].concat()),
        0,
    );
    let shards: Vec<String> = (1..=60).map(|k| format!("s{k}.csv")).collect();
    for (k, name) in (1..).zip(&shards) {
        let shard = format!("{k}/60");
        let argv = [&common[..], &["--shard", &shard, "--out", name]].concat();
        assert_status(&coinline(&dir, &argv), 0);
    }
    // `ulimit` in the shell that execs merge: -S lowers only the soft limit.
    let merge_under = |limit: &str, out: &str| {
        let merge = format!("exec coinline merge --out {out} {}", shards.join(" "));
        Coinline::shell(&format!("ulimit {limit} 40 && {merge}"))
            .dir(&dir)
            .run()
    };
    let merged = merge_under("-Sn", "merged.csv");
    assert_status(&merged, 0);
    assert_eq!(read(&dir.join("merged.csv")), read(&dir.join("whole.csv")));
    assert_eq!(
        read(&dir.join("merged-summary.csv")),
        read(&dir.join("whole-summary.csv"))
    );
    let refused = merge_under("-n", "refused.csv");
    assert_status(&refused, 2);
    assert_eq!(
        refused.stderr,
        "coinline: error: merge opens its 60 row files at once, but this process may open \
         at most 40 files (the hard limit, `ulimit -Hn`)\n"
    );
    assert!(!dir.join("refused.csv").exists());
}

/// `--shard auto` in a Slurm array task and under GNU parallel writes the
/// same file as `--shard K/N`; with neither it exits 2 naming the variables.
#[test]
fn shard_auto_reads_the_scheduler_environment() {
    let dir = workdir("compare", "auto");
    let scheduler = [
        "SLURM_ARRAY_TASK_ID",
        "SLURM_ARRAY_TASK_MIN",
        "SLURM_ARRAY_TASK_MAX",
        "SLURM_ARRAY_TASK_COUNT",
        "SLURM_ARRAY_TASK_STEP",
        "PARALLEL_SEQ",
    ];
    let run = |shard: &str, env: &[(&str, &str)]| {
        let mut run = Coinline::new(["compare", "--boards", "40", "--seed", "4", "--n", "1..8"])
            .args(["--shard", shard])
            .dir(&dir);
        for name in scheduler {
            run = run.env_remove(name);
        }
        for (name, value) in env {
            run = run.env(name, value);
        }
        run.run()
    };
    assert_status(&run("2/3", &[]), 0);
    let fixed = read(&dir.join("reports/compare-shard-2-of-3.csv"));
    std::fs::remove_dir_all(dir.join("reports")).unwrap();
    let slurm = [
        ("SLURM_ARRAY_TASK_ID", "1"),
        ("SLURM_ARRAY_TASK_MIN", "0"),
        ("SLURM_ARRAY_TASK_MAX", "2"),
        ("SLURM_ARRAY_TASK_COUNT", "3"),
    ];
    for (shard, env) in [
        ("auto", &slurm[..]),
        ("auto/3", &[("PARALLEL_SEQ", "2")][..]),
    ] {
        let out = run(shard, env);
        assert_status(&out, 0);
        insta::assert_snapshot!(crate::support::stable(&out.stderr));
        assert_eq!(read(&dir.join("reports/compare-shard-2-of-3.csv")), fixed);
        std::fs::remove_dir_all(dir.join("reports")).unwrap();
    }
    let out = run("auto", &[]);
    for name in ["SLURM_ARRAY_TASK_ID", "PARALLEL_SEQ", "none of them is set"] {
        assert_refused_alone(&out, name, &"--shard auto");
    }
    assert!(!dir.join("reports").exists());
}

#[test]
fn shards_merge_into_the_unsharded_run() {
    let dir = workdir("compare", "shards");
    for source in [
        &["--boards", "250", "--values", "spiky", "--seed", "12"][..],
        &["--exhaustive", "--alphabet", "-1..1", "--rows", "failures"][..],
    ] {
        let common = [&["compare", "--game", "all", "--n", "0..6"][..], source].concat();
        let whole = coinline(&dir, &[&common[..], &["--out", "whole.csv"]].concat());
        assert_status(&whole, 0);
        // Only random runs have a seed to print.
        let header = &whole.stderr;
        assert_eq!(header.contains("seed"), source[0] == "--boards", "{header}");
        let mut shards = Vec::new();
        for k in 1..=3 {
            let name = format!("part{k}.csv");
            let shard = format!("{k}/3");
            let out = coinline(
                &dir,
                &[&common[..], &["--shard", &shard, "--out", &name]].concat(),
            );
            assert_status(&out, 0);
            shards.push(name);
        }
        // Merge in a scrambled order: the output is ordered by index anyway.
        let merged = coinline(
            &dir,
            &[
                "merge",
                "--out",
                "merged.csv",
                &shards[2],
                &shards[0],
                &shards[1],
            ],
        );
        assert_status(&merged, 0);
        assert_eq!(read(&dir.join("merged.csv")), read(&dir.join("whole.csv")));
        assert_eq!(
            read(&dir.join("merged-summary.csv")),
            read(&dir.join("whole-summary.csv"))
        );
        let part = String::from_utf8(read(&dir.join("part2.csv"))).unwrap();
        let whole = String::from_utf8(read(&dir.join("whole.csv"))).unwrap();
        if source[0] == "--boards" {
            // Shard 2 of 3 holds the indices 1, 4, 7, ... in every game.
            assert_eq!(part.lines().count(), 1 + Game::ALL.len() * 83);
            assert!(part.lines().nth(1).unwrap().starts_with("12,1,coins,"));
        } else {
            let total = enumeration_total(Span { lo: 0, hi: 6 }, Span { lo: -1, hi: 1 });
            let summary = String::from_utf8(read(&dir.join("whole-summary.csv"))).unwrap();
            let all_boards: u64 = summary
                .lines()
                .filter(|l| l.contains(",all,"))
                .map(|l| l.split(',').nth(2).unwrap().parse::<u64>().unwrap())
                .sum();
            assert_eq!(Some(all_boards), total.map(|t| Game::ALL.len() as u64 * t));
            assert_eq!(whole.lines().count(), 1, "no failing row");
        }
    }
}

#[test]
fn exhaustive_runs_cover_every_board_once() {
    let options = CompareOptions {
        lengths: Span { lo: 0, hi: 5 },
        boards: Boards::Exhaustive {
            alphabet: Span { lo: -1, hi: 2 },
        },
        ..CompareOptions::default()
    };
    let (outcome, rows) = run_rows(&options, exact_solvers(), heuristics());
    let total = enumeration_total(options.lengths, Span { lo: -1, hi: 2 }).unwrap();
    assert_eq!(outcome.boards, total);
    let text = String::from_utf8(rows).unwrap();
    let boards: std::collections::HashSet<(String, String)> = text
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            assert_eq!(f[0], "", "exhaustive rows have no seed");
            (f[3].to_string(), f[5].to_string())
        })
        .collect();
    assert_eq!(boards.len() as u64, total);
}

#[test]
fn only_reruns_exactly_one_row_to_stdout() {
    let dir = workdir("compare", "only");
    let common = ["compare", "--n", "3..9", "--seed", "21", "--boards", "60"];
    let whole = coinline(&dir, &common);
    assert_status(&whole, 0);
    let rows = String::from_utf8(read(&dir.join("reports/compare.csv"))).unwrap();
    let one = coinline(&dir, &[&common[..], &["--only", "42"]].concat());
    assert_status(&one, 0);
    let stdout = one.stdout;
    let expected: Vec<&str> = rows.lines().take(1).chain(rows.lines().nth(43)).collect();
    assert_eq!(stdout.lines().collect::<Vec<_>>(), expected);
    assert!(stdout.lines().nth(1).unwrap().starts_with("21,42,coins,"));
}

#[test]
fn timings_add_columns_only_when_asked() {
    let dir = workdir("compare", "timings");
    let out = coinline(
        &dir,
        &[
            "compare",
            "--boards",
            "5",
            "--n",
            "4..6",
            "--timings",
            "--out",
            "t.csv",
        ],
    );
    assert_status(&out, 0);
    let rows = String::from_utf8(read(&dir.join("t.csv"))).unwrap();
    let header = rows.lines().next().unwrap();
    assert!(
        header.ends_with(
            "minimax_ns,memo_ns,generic_ns,linear_ns,table_ns,pizza_ns,one-ended_ns,check_ns"
        ),
        "{header}"
    );
    let last = rows.lines().last().unwrap();
    let ns: u64 = last.rsplit(',').next().unwrap().parse().unwrap();
    assert!(ns > 0);
}

/// Bad input to `compare` (the arguments after it), and a phrase of its
/// one error line.
const REFUSED: &[(&[&str], &str)] = &[
    (
        &["--values", "lumpy"],
        "unknown value distribution \"lumpy\"",
    ),
    (&["--values", "5..-5"], "is reversed"),
    (&["--n", "9..2"], "is reversed"),
    (&["--n", "1.."], "LO..HI"),
    (&["--n", "1..9000"], "too large for compare"),
    (&["--shard", "0/3"], "out of range"),
    (&["--shard", "4/3"], "out of range"),
    (&["--shard", "1-3"], "K/N"),
    (&["--game", "chess"], "unknown game \"chess\""),
    (&["--duration", "0"], "\"0\" is not more than 0 seconds"),
    (
        &["--duration", "1e300"],
        "\"1e300\" is too many seconds (at most 1e9)",
    ),
    (&["--out", "file/x.csv"], "file/x.csv"),
    (&["--out", "adir"], "is a directory"),
    (&["--exhaustive", "--alphabet", "3..1"], "is reversed"),
    (
        &["--exhaustive", "--alphabet", "-9..9", "--n", "1..20"],
        "more than 2^64 boards",
    ),
    (
        &[
            "--exhaustive",
            "--alphabet",
            "0..4611686018427387904",
            "--n",
            "1..2",
        ],
        "too wide",
    ),
    (
        &["--exhaustive", "--n", "1..2", "--only", "12"],
        "past the end",
    ),
    (&["--exhaustive", "--values", "small"], "--values"),
    (&["--alphabet", "0..1"], "--exhaustive"),
    (&["--only", "3", "--shard", "1/2"], "--shard"),
    (
        &["--only", "60", "--boards", "60"],
        "past the end of the run",
    ),
    (&["--jobs", "100000"], "too many"),
    (
        &["--exhaustive", "--n", "1..40"],
        "is 18236498188585393200 boards, more than 1000000000000",
    ),
    (&["--corpus", "file"], "file"),
];

#[test]
fn bad_input_gets_one_line_exit_2_and_leaves_nothing() {
    let dir = workdir("compare", "bad");
    std::fs::write(dir.join("file"), "x").unwrap();
    std::fs::create_dir_all(dir.join("adir")).unwrap();
    for (args, phrase) in REFUSED {
        let argv = [&["compare"][..], args].concat();
        assert_refused_alone(&coinline(&dir, &argv), phrase, args);
        assert!(!dir.join("reports").exists(), "{args:?} wrote reports/");
    }
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["adir", "file"], "something was left behind");
}

/// Row files `merge` refuses (as made by
/// `merge_refuses_malformed_or_overlapping_input`), and a phrase of its one
/// error line.
const MERGE_REFUSED: &[(&[&str], &str)] = &[
    (&["huge.csv"], "counts exceed the number of boards"),
    (&["garbage.csv"], "not a compare row file"),
    (&["badindex.csv"], "index \"zero\" is not an integer"),
    (
        &["short.csv"],
        "short.csv: line 2: 2 cells where the header has 22",
    ),
    (&["badsummary.csv"], "badsummary-summary.csv"),
    (&["nosummary.csv"], "nosummary-summary.csv"),
    (
        &["a.csv", "a.csv"],
        "a.csv is given twice (also as a.csv): give each shard once",
    ),
    (
        &["b.csv", "a.csv", "./b.csv"],
        "./b.csv is given twice (also as b.csv)",
    ),
    (&["a.csv", "."], ".: is a directory, not a row file"),
    (&["a.csv", "-"], "merge reads row files, not standard input"),
    (
        &["fa.csv", "fb.csv"],
        "fb-summary.csv and fa-summary.csv are both shard 1/2",
    ),
    (
        &["a.csv", "c.csv"],
        "(in a.csv and c.csv): the inputs overlap",
    ),
    (&["missing.csv"], "missing"),
    (&["a.csv"], "shard 2/2 missing"),
    (&["b.csv"], "shard 1/2 missing"),
    (&["a.csv", "seed3.csv"], "not shards of one run"),
    (&["a.csv", "more.csv"], "not the same run"),
    (&["a.csv", "numbergame.csv"], "not the same run"),
    (&["a.csv", "failrows.csv"], "not the same run"),
    (&["a.csv", "longer.csv"], "not the same run"),
    (&["fa.csv", "third.csv"], "different splits"),
    (&["a.csv", "b-summary.csv"], "b-summary.csv: is a summary"),
];

#[test]
fn merge_refuses_malformed_or_overlapping_input() {
    let dir = workdir("compare", "merge");
    // `more` replaces the defaults of the options it names.
    let compare = |name: &str, shard: &str, more: &[&str]| {
        let mut argv = vec!["compare", "--shard", shard, "--out", name];
        argv.extend_from_slice(more);
        for pair in [["--boards", "6"], ["--seed", "2"], ["--n", "1..9"]] {
            if !more.contains(&pair[0]) {
                argv.extend(pair);
            }
        }
        assert_status(&coinline(&dir, &argv), 0);
    };
    compare("a.csv", "1/2", &[]);
    compare("b.csv", "2/2", &[]);
    compare("seed3.csv", "2/2", &["--seed", "3"]);
    compare("more.csv", "2/2", &["--boards", "7"]);
    compare("numbergame.csv", "2/2", &["--game", "numbergame"]);
    compare("failrows.csv", "2/2", &["--rows", "failures"]);
    compare("longer.csv", "2/2", &["--n", "1..10"]);
    compare("third.csv", "2/3", &["--rows", "failures"]);
    // No failing row: only the summaries can show that these are one shard.
    compare("fa.csv", "1/2", &["--rows", "failures"]);
    compare("fb.csv", "1/2", &["--rows", "failures"]);
    let rows = String::from_utf8(read(&dir.join("a.csv"))).unwrap();
    let write = |name: &str, text: &str| std::fs::write(dir.join(name), text).unwrap();
    let summary = String::from_utf8(read(&dir.join("a-summary.csv"))).unwrap();
    write("garbage.csv", "hello\n\"unterminated,1\n");
    write("garbage-summary.csv", &summary);
    write("badindex.csv", &rows.replacen("\n2,0,", "\n2,zero,", 1));
    write("badindex-summary.csv", &summary);
    write(
        "short.csv",
        &format!("{}\n1,2\n", rows.lines().next().unwrap()),
    );
    write("short-summary.csv", &summary);
    write("badsummary.csv", &rows);
    write(
        "badsummary-summary.csv",
        &summary.replacen("\ncoins,", "\ncoins,x", 1),
    );
    write("nosummary.csv", &rows);
    // Counts whose sum does not fit in 64 bits must be refused, not added.
    write("huge.csv", &rows);
    let mut lines: Vec<String> = summary.lines().map(str::to_string).collect();
    let mut fields: Vec<String> = lines[1].split(',').map(str::to_string).collect();
    let max = u64::MAX.to_string();
    for (i, value) in [(2, &max), (3, &max), (5, &max), (6, &"1".to_string())] {
        fields[i] = value.clone();
    }
    lines[1] = fields.join(",");
    write("huge-summary.csv", &(lines.join("\n") + "\n"));
    // Rows of shard 1 under the summary of shard 2: the rows overlap a.csv's.
    write("c.csv", &rows);
    write(
        "c-summary.csv",
        &String::from_utf8(read(&dir.join("b-summary.csv"))).unwrap(),
    );
    for (inputs, phrase) in MERGE_REFUSED {
        let argv = [&["merge", "--out", "m.csv"][..], inputs].concat();
        assert_refused_alone(&coinline(&dir, &argv), phrase, inputs);
        assert!(!dir.join("m.csv").exists());
        assert!(!dir.join("m-summary.csv").exists());
    }
    // Rows stream into a temporary file: a refusal halfway leaves none.
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    // Standard output cannot take rows back: nothing is written to it.
    let out = coinline(&dir, &["merge", "--out", "-", "a.csv", "c.csv"]);
    assert_status(&out, 2);
    assert!(out.stdout.is_empty(), "{}", out.stdout);
    let ok = coinline(&dir, &["merge", "--out", "m.csv", "b.csv", "a.csv"]);
    assert_status(&ok, 0);
    compare("whole.csv", "1/1", &[]);
    assert_eq!(read(&dir.join("m.csv")), read(&dir.join("whole.csv")));
    assert_eq!(
        read(&dir.join("m-summary.csv")),
        read(&dir.join("whole-summary.csv"))
    );
}

#[test]
fn two_hundred_random_rule_sets_pass() {
    let dir = workdir("compare", "random-games");
    let out = coinline(
        &dir,
        &[
            "compare",
            "--random-games",
            "200",
            "--boards",
            "10",
            "--n",
            "0..8",
            "--seed",
            "3",
            "--out",
            "r.csv",
        ],
    );
    assert_status(&out, 0);
    let rows = String::from_utf8(read(&dir.join("r.csv"))).unwrap();
    // coins plus 200 rule sets, ten boards each; some are not aliases.
    assert_eq!(rows.lines().count(), 1 + 201 * 10);
    assert!(rows.lines().any(|l| l.contains("take=")), "no rule text");
}

#[test]
fn game_is_repeatable_and_each_game_is_checked_once() {
    let dir = workdir("compare", "games");
    let run = |games: &[&str]| {
        let mut args = vec!["compare", "--boards", "7", "--n", "1..6", "--seed", "5"];
        for game in games {
            args.extend(["--game", game]);
        }
        args.extend(["--out", "r.csv"]);
        let out = coinline(&dir, &args);
        assert_status(&out, 0);
        let rows = String::from_utf8(read(&dir.join("r.csv"))).unwrap();
        // The game column of every row, in order.
        let mut reader = csv::Reader::from_reader(rows.as_bytes());
        let column = reader
            .headers()
            .unwrap()
            .iter()
            .position(|h| h == "game")
            .unwrap();
        reader
            .records()
            .map(|r| r.unwrap()[column].to_string())
            .collect::<Vec<String>>()
    };
    let games = run(&["coins", "take=1..3 delete=2"]);
    assert_eq!(games.len(), 2 * 7);
    for pair in games.chunks(2) {
        assert_eq!(pair, ["coins", "take=1..3 delete=2"]);
    }
    // A game named twice, also through `all`, is checked once, in the
    // order first given.
    let games = run(&["stonegame3", "all", "coins"]);
    assert_eq!(games.len(), 6 * 7);
    let first: Vec<&str> = games[..6].iter().map(String::as_str).collect();
    assert_eq!(
        first,
        [
            "stonegame3",
            "coins",
            "numbergame",
            "gameofsum",
            "stonegame7",
            "pizza"
        ]
    );
    // A bad one among good ones: one line, exit 2.
    let args = ["compare", "--game", "coins", "--game", "take=0"];
    assert_refused_alone(&coinline(&dir, &args), "take=0", &args);
}

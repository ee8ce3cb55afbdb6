//! The decay study: its fast greedy computations agree with the library's
//! evaluation, the committed report is what its CSV files render to, and
//! the output bytes do not depend on the thread count.

use coinline_core::generate::{SplitMix64, Values};
use coinline_core::solve::linear;
use coinline_core::strategy::{evaluate, Greedy};
use coinline_core::{Board, Game};
use coinline_harness::study::decay::{
    self, greedy_against_best_reply, greedy_is_optimal, DecayBars, DecayConfig, DecayTables,
    Measure, CSV_FILES,
};
use coinline_harness::study::sampled::board;
use std::path::{Path, PathBuf};

use crate::support::{assert_refused_alone, Coinline};

#[test]
fn fast_greedy_evaluation_matches_the_library() {
    let mut rng = SplitMix64::new(0xdeca);
    let (mut screened_out, mut optimal, mut passed_but_not_optimal) = (0, 0, 0);
    for i in 0..3000u64 {
        let n = 1 + (i % 40) as usize;
        let values: Values = ["0..4", "-2..2", "1..100", "-3..3"][(i % 4) as usize]
            .parse()
            .unwrap();
        let v = values.draw(&mut rng, n);
        let b = Board::new(v.clone()).unwrap();
        let expected = evaluate(&Greedy, Game::COINS, &b).unwrap().difference;
        assert_eq!(greedy_against_best_reply(&v), expected, "board {b}");
        let value = linear::value(&v);
        let (passed, is_optimal) = greedy_is_optimal(&v, value);
        assert_eq!(is_optimal, expected == value, "board {b}");
        // The screen is a necessary condition: it never rejects a board on
        // which greedy is optimal.
        assert!(passed || !is_optimal, "board {b}");
        screened_out += u32::from(!passed);
        optimal += u32::from(is_optimal);
        passed_but_not_optimal += u32::from(passed && !is_optimal);
    }
    // The sample exercises every branch.
    assert!(screened_out > 100 && optimal > 100 && passed_but_not_optimal > 10);
}

#[test]
fn a_screen_that_rejects_optimal_boards_would_be_caught() {
    // On `1 2 1 0 1` greedy is not optimal; on `3 1 2` it is, and the
    // screen must let it through.
    let (passed, optimal) = greedy_is_optimal(&[3, 1, 2], linear::value(&[3, 1, 2]));
    assert!(passed && optimal);
    let v = [1, 2, 1, 0, 1];
    assert_eq!(greedy_is_optimal(&v, linear::value(&v)), (false, false));
}

fn small_config() -> DecayConfig {
    DecayConfig {
        values: vec!["0..4".parse().unwrap(), "-100..100".parse().unwrap()],
        seed: 7,
        start: 11,
        per_decade: 4,
        max_n: 40,
        min_boards: 300,
        max_boards: 1_200,
        work: 20_000,
        target: 50,
        floor: 10,
        regret_boards: 200,
        regret_cells: 50_000,
        regret_max_n: 30,
    }
}

fn run_on(threads: usize, config: &DecayConfig) -> DecayTables {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let quiet = coinline_core::progress::Quiet;
    let bars = DecayBars {
        share: &quiet,
        greedy: &quiet,
        regret: &quiet,
    };
    pool.install(|| decay::run(config, &bars, &mut |_| {}))
        .tables(config)
}

#[test]
fn thread_count_does_not_change_the_bytes() {
    let config = small_config();
    let one = decay::files(&run_on(1, &config)).unwrap();
    let two = decay::files(&run_on(2, &config)).unwrap();
    assert_eq!(one, two);
    let names: Vec<&str> = one.iter().map(|(name, _)| *name).collect();
    assert!(CSV_FILES.iter().all(|f| names.contains(f)));
}

#[test]
fn the_share_counts_are_those_of_the_boards() {
    // Recount one point by hand from the keyed boards.
    let config = small_config();
    let tables = run_on(2, &config);
    let row = tables.share.records().next().unwrap();
    let (n, boards) = (
        row.num::<usize>("n").unwrap(),
        row.num::<u64>("boards").unwrap(),
    );
    let values: Values = row.get("values").parse().unwrap();
    let not_lost = (0..boards)
        .filter(|&i| linear::value(board(config.seed, n, i, values).values()) >= 0)
        .count() as u64;
    assert_eq!(row.num::<u64>("not_lost"), Some(not_lost));
    assert!(boards >= config.min_boards);
    let settings = DecayConfig::from_settings(&tables.settings).unwrap();
    assert_eq!(settings, config);
}

fn committed_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(decay::DEFAULT_OUT)
}

fn committed(name: &str) -> String {
    let path = committed_dir().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_committed_report_is_what_its_csv_files_render_to() {
    let texts = CSV_FILES.map(committed);
    let tables = DecayTables::from_csv([&texts[0], &texts[1], &texts[2], &texts[3]]).unwrap();
    let config = DecayConfig::from_settings(&tables.settings).unwrap();
    assert_eq!(
        config,
        DecayConfig::default(),
        "made by the default command"
    );
    for (name, text) in decay::files(&tables).unwrap() {
        assert!(
            committed(name) == text,
            "reports/decay/{name} is not what the committed CSV files render to; \
             re-render with `cargo run --release -- study decay --render-only`"
        );
    }
}

#[test]
fn the_committed_first_points_are_regenerated() {
    // The first point of every series (the cheapest), recomputed board by
    // board and compared with the committed counts.
    let texts = CSV_FILES.map(committed);
    let tables = DecayTables::from_csv([&texts[0], &texts[1], &texts[2], &texts[3]]).unwrap();
    let config = DecayConfig::from_settings(&tables.settings).unwrap();
    let mut checked = 0;
    for (table, what, column) in [
        (&tables.share, Measure::Share, "not_lost"),
        (&tables.greedy, Measure::Greedy, "greedy_optimal"),
        (&tables.regret, Measure::Regret, "regret_sum"),
    ] {
        for first in table.records().filter(|r| {
            let n = r.num::<usize>("n").unwrap();
            n == config.start || n == config.start + 1
        }) {
            let n = first.num::<usize>("n").unwrap();
            let values: Values = first.get("values").parse().unwrap();
            let boards = first.num::<u64>("boards").unwrap();
            let (mut hits, mut regret) = (0u64, 0u128);
            for i in 0..boards {
                let c = decay::measure(what, board(config.seed, n, i, values).values());
                hits += c.hits;
                regret += c.regret;
            }
            let found = if what == Measure::Regret {
                regret.to_string()
            } else {
                hits.to_string()
            };
            assert_eq!(first.get(column), found, "{column} at n = {n}, {values}");
            checked += 1;
        }
    }
    assert_eq!(checked, 4 + 8 + 8);
}

/// Bad options of `study decay` (after `--out` into a folder that cannot
/// exist, so nothing is written however far a run got), and a phrase of the
/// error line.
const REFUSED: &[(&[&str], &str)] = &[
    (&["--per-decade", "0"], "--per-decade"),
    (&["--start", "1"], "--start"),
    (&["--max-n", "5", "--start", "11"], "--start"),
    (&["--min-boards", "0"], "--min-boards"),
    (&["--min-boards", "10", "--max-boards", "5"], "--min-boards"),
    (&["--values", "0..4,0..4"], "twice"),
    (&["--regret-max-n", "999999"], "--regret-max-n"),
    (&["--jobs", "99999"], "--jobs 99999"),
];

#[test]
fn bad_input_gets_one_line_and_status_2() {
    for (args, needle) in REFUSED {
        let run = Coinline::new(["study", "decay", "--out", "/nonexistent/coinline-decay"])
            .args(*args)
            .run();
        assert_refused_alone(&run, needle, args);
    }
}

//! The outcome study: the committed reports re-render byte for byte from
//! their CSV files, a small run of the command writes every file, output
//! bytes do not depend on the thread count, a proved claim of the reports
//! holds on every small board, and bad input gets one line and status 2.

use coinline_core::generate::{enumerated_board, enumeration_size, Span};
use coinline_core::solve::{Generic, Solver};
use coinline_core::{Board, Game};
use coinline_harness::study::outcomes::{self, Tables, CSV_FILES, EXTRA_GAMES};
use coinline_harness::study::{Bars, Config};
use std::path::{Path, PathBuf};

use crate::support::{assert_refused_alone, workdir, Coinline};

fn committed_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(outcomes::DEFAULT_OUT)
}

/// The rule sets of the committed reports, in the order of the command.
fn committed_games() -> Vec<Game> {
    let mut games = Game::ALL.to_vec();
    games.extend(EXTRA_GAMES.iter().map(|g| g.parse::<Game>().unwrap()));
    games
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn tables_in(dir: &Path) -> Tables {
    let texts = CSV_FILES.map(|name| read(&dir.join(name)));
    Tables::from_csv([&texts[0], &texts[1], &texts[2]]).unwrap()
}

#[test]
fn committed_reports_re_render_from_their_csvs() {
    let mut all = Vec::new();
    for game in committed_games() {
        let dir = committed_dir().join(outcomes::folder(game));
        let tables = tables_in(&dir);
        assert_eq!(tables.game().unwrap(), game);
        for (name, text) in outcomes::files(&tables).unwrap() {
            assert!(
                read(&dir.join(name)) == text,
                "{}/{name} differs from what its CSV files render to; regenerate with the command in reports/outcomes/README.md",
                dir.display()
            );
        }
        all.push(tables);
    }
    let summary = outcomes::summary(&all).unwrap();
    assert!(
        read(&committed_dir().join("README.md")) == summary,
        "reports/outcomes/README.md differs from what the committed CSV files render to"
    );
}

#[test]
fn committed_reports_are_the_defaults_and_passed() {
    for game in committed_games() {
        let tables = tables_in(&committed_dir().join(outcomes::folder(game)));
        assert_eq!(tables.config().unwrap(), outcomes::default_config());
        for table in [&tables.exact, &tables.sampled] {
            for r in table.records() {
                assert_eq!(r.get("agreed"), r.get("boards"), "{game}: {:?}", r.get("n"));
            }
        }
    }
}

fn run_on(threads: usize, game: Game, config: &Config) -> Tables {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| outcomes::run(game, config, &Bars::hidden()))
        .tables()
}

#[test]
fn a_small_regeneration_matches_the_committed_rows_whatever_the_threads() {
    let config = Config {
        max_n: 4,
        sizes: vec![11],
        ..outcomes::default_config()
    };
    // Rule sets whose searches all end early (a search that runs to its
    // budget takes minutes in a debug build).
    for game in [Game::NUMBERGAME, Game::STONEGAME3] {
        let one = run_on(1, game, &config);
        let two = run_on(2, game, &config);
        assert_eq!(one, two, "{game}: thread count changed the tables");
        let committed = tables_in(&committed_dir().join(outcomes::folder(game)));
        for row in &one.exact.rows {
            assert!(committed.exact.rows.contains(row), "{game}: {row:?}");
        }
        for row in &one.sampled.rows {
            assert!(committed.sampled.rows.contains(row), "{game}: {row:?}");
        }
        assert_eq!(one.smallest, committed.smallest, "{game}: smallest.csv");
    }
}

/// The stonegame7 report proves that the difference is the sum of the
/// stones the second player removes, hence (S + coins(-v)) / 2: checked on
/// every board of length 1..7 over -2..2.
#[test]
fn stonegame7_is_coins_on_the_negated_board() {
    let alphabet = Span { lo: -2, hi: 2 };
    for n in 1..=7 {
        for index in 0..enumeration_size(n, alphabet).unwrap() {
            let board = enumerated_board(n, alphabet, index);
            let sum: i64 = board.values().iter().sum();
            let negated = Board::new(board.values().iter().map(|v| -v).collect()).unwrap();
            let coins = Generic.difference(Game::COINS, &negated);
            let stone = Generic.difference(Game::STONEGAME7, &board);
            assert_eq!(2 * stone, sum + coins, "{board}");
        }
    }
}

#[test]
fn a_small_run_writes_every_file() {
    let dir = workdir("outcomes", "small-run");
    let dir_arg = dir.to_str().unwrap();
    let out = Coinline::new([
        "study",
        "outcomes",
        "--game",
        "numbergame",
        "--game",
        "take=1..2",
        "--max-n",
        "3",
        "--sizes",
        "11",
        "--boards",
        "5",
        "--seed",
        "7",
        "--out",
        dir_arg,
    ])
    .run();
    let stderr = &out.stderr;
    assert_eq!(out.code, 0, "{stderr}");
    assert!(stderr.contains("seed 7"), "the seed is printed: {stderr}");
    for folder in ["numbergame", "take-1,2"] {
        for name in CSV_FILES.iter().chain(&["README.md"]) {
            assert!(dir.join(folder).join(name).is_file(), "{folder}/{name}");
        }
    }
    let readme = read(&dir.join("numbergame/README.md"));
    assert!(
        readme.contains(
            "coinline study outcomes --game numbergame --max-n 3 --sizes 11 --boards 5 --seed 7"
        ),
        "{readme}"
    );
    let summary = read(&dir.join("README.md"));
    assert!(
        summary.contains("[take=1,2](take-1,2/README.md)"),
        "{summary}"
    );
    assert!(summary.contains("n mod (k + 1)"), "{summary}");
    // Files the study did not write (its manifest is gone) are not overwritten.
    std::fs::remove_file(dir.join("numbergame/.coinline-study")).unwrap();
    let again = Coinline::new([
        "study",
        "outcomes",
        "--game",
        "numbergame",
        "--max-n",
        "2",
        "--sizes",
        "11",
        "--boards",
        "2",
        "--out",
        dir_arg,
    ])
    .run();
    assert_refused_alone(&again, "was not written by coinline study", &"again");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Bad options of `study outcomes`, and a phrase of the error line.
const REFUSED: &[(&[&str], &str)] = &[
    (&["--game", "take=1 wrap"], "game"),
    (&["--game", "coins", "--max-n", "0"], "out of range"),
    (&["--game", "coins", "--alphabet", "3..1"], "reversed"),
    (&["--game", "coins", "--boards", "0"], "--boards"),
    (&["--game", "coins", "--sizes", "0"], "out of range"),
    (&["--max-n", "3"], "--game"),
];

#[test]
fn bad_input_gets_one_line_and_status_2() {
    for (args, needle) in REFUSED {
        let run = Coinline::new(["study", "outcomes"]).args(*args).run();
        assert_refused_alone(&run, needle, args);
    }
}

#[test]
fn the_summary_table_in_reports_readme_is_the_generated_one() {
    let summary = read(&committed_dir().join("README.md"));
    let table: Vec<String> = summary
        .lines()
        .skip_while(|l| !l.starts_with("| rule set | boards checked"))
        .take_while(|l| l.starts_with('|'))
        .map(|l| l.replace("](", "](outcomes/"))
        .collect();
    assert!(
        table.len() > 2,
        "no summary table in reports/outcomes/README.md"
    );
    let reports = read(&committed_dir().parent().unwrap().join("README.md"));
    assert!(
        reports.contains(&table.join("\n")),
        "reports/README.md does not hold the summary table of reports/outcomes/README.md"
    );
}

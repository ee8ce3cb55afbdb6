//! The odd-n study: the committed report matches the code, output bytes do
//! not depend on the thread count, a broken solver is caught, and the
//! command refuses bad input with one line and status 2.

use coinline_core::check::{check, CheckConfig};
use coinline_core::mutants::ParityOnly;
use coinline_core::solve::Minimax;
use coinline_core::strategy::heuristics;
use coinline_core::Game;
use coinline_harness::study::stats::{cells, Stats, Worst};
use coinline_harness::study::table::CsvTable;
use coinline_harness::study::{self, Bars, Config, Tables, CSV_FILES};
use std::path::{Path, PathBuf};

use crate::support::{assert_refused_alone, workdir, Coinline, Run};

fn committed_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("reports/odd-n")
}

fn committed(name: &str) -> String {
    let path = committed_dir().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn committed_tables() -> Tables {
    let texts = CSV_FILES.map(committed);
    Tables::from_csv([&texts[0], &texts[1], &texts[2], &texts[3]]).unwrap()
}

fn run_on(threads: usize, config: &Config) -> Tables {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| study::run(config, &Bars::hidden()))
        .tables()
}

/// The committed rows whose `key` columns match those of `row`.
fn matching<'a>(
    committed: &'a CsvTable,
    header: &[String],
    row: &[String],
    key: &[&str],
) -> Vec<&'a Vec<String>> {
    let at = |h: &[String], name: &str| h.iter().position(|c| c == name).unwrap();
    committed
        .rows
        .iter()
        .filter(|c| {
            key.iter()
                .all(|k| c[at(&committed.header, k)] == row[at(header, k)])
        })
        .collect()
}

#[test]
fn a_small_regeneration_matches_the_committed_rows() {
    let committed = committed_tables();
    let default = Config::default();
    let config = Config {
        max_n: 7,
        sizes: vec![11, 12],
        ..default.clone()
    };
    assert!(config.sizes.iter().all(|n| default.sizes.contains(n)));
    let fresh = run_on(2, &config);
    for (fresh, committed, key) in [
        (&fresh.exact, &committed.exact, &["n", "alphabet"][..]),
        (&fresh.sampled, &committed.sampled, &["n", "values"][..]),
    ] {
        assert_eq!(fresh.header, committed.header);
        for row in &fresh.rows {
            let found = matching(committed, &fresh.header, row, key);
            assert_eq!(
                found,
                vec![row],
                "row {row:?} differs from the committed one"
            );
        }
    }
    assert_eq!(fresh.exact.rows.len(), 14);
    assert_eq!(fresh.sampled.rows.len(), 2 * default.values.len());
    // Every counterexample row; the last row (the even-n statement) counts
    // the boards of the run, so it is checked against exact.csv instead.
    let searches = fresh.smallest.rows.len() - 1;
    assert_eq!(
        fresh.smallest.rows[..searches],
        committed.smallest.rows[..searches]
    );
    assert_eq!(fresh.family, committed.family);
}

#[test]
fn the_even_statement_counts_every_committed_even_board() {
    let t = committed_tables();
    let even_boards: u64 = t
        .exact
        .records()
        .filter(|r| r.get("parity") == "even")
        .map(|r| r.num::<u64>("boards").unwrap())
        .sum();
    let statement = t.smallest.records().last().unwrap();
    assert_eq!(statement.get("parity"), "even");
    assert_eq!(statement.num::<u64>("searched"), Some(even_boards));
    assert!(statement.get("result").starts_with("never: 0 losses"));
}

#[test]
fn findings_and_plots_are_rendered_from_the_committed_csvs() {
    let tables = committed_tables();
    // The committed CSV files say they were made by the default command.
    let config = Config::from_tables(&tables).unwrap();
    assert_eq!(config, Config::default());
    let files = study::files(&tables, &config.command_line(), true).unwrap();
    assert_eq!(files.len(), 7);
    for (name, text) in files {
        assert!(
            committed(name) == text,
            "reports/odd-n/{name} is not what the committed CSV files render to; \
             regenerate with `cargo run --release -- study odd-n`"
        );
    }
}

#[test]
fn thread_count_does_not_change_the_bytes() {
    let config = Config {
        max_n: 5,
        sizes: vec![13, 40],
        boards: 30,
        seed: 99,
        ..Config::default()
    };
    let one = run_on(1, &config);
    let two = run_on(2, &config);
    assert_eq!(one, two);
    // A run with fewer lengths makes the same rows for the lengths it has.
    let fewer = run_on(
        2,
        &Config {
            sizes: vec![40],
            ..config.clone()
        },
    );
    assert_eq!(
        fewer.sampled.rows[..],
        one.sampled.rows[config.values.len()..]
    );
}

#[test]
fn a_solver_wrong_only_for_odd_n_is_caught() {
    let mut odd = Stats::default();
    let mut even = Stats::default();
    let alphabet = "0..2".parse().unwrap();
    for n in [3usize, 4] {
        for index in 0..coinline_core::generate::enumeration_size(n, alphabet).unwrap() {
            let board = coinline_core::generate::enumerated_board(n, alphabet, index);
            let report = check(
                Game::COINS,
                &board,
                &[&Minimax, &ParityOnly],
                heuristics(),
                &CheckConfig::default(),
            );
            let stats = if n % 2 == 1 { &mut odd } else { &mut even };
            stats.add(index, &report);
        }
    }
    let agreed = |s: &Stats, n| {
        let cells = cells(s, n, false, Worst::Board);
        let get = |name: &str| cells.iter().find(|(c, _)| *c == name).unwrap().1.clone();
        (get("agreed"), get("boards"))
    };
    assert_eq!(agreed(&even, 4), ("81".to_string(), "81".to_string()));
    let (ok, all) = agreed(&odd, 3);
    assert!(ok.parse::<u64>().unwrap() < all.parse().unwrap());
    let (_, text) = odd.failure.expect("the disagreement is recorded");
    assert!(text.contains("parity-only"), "{text}");
}

fn coinline(args: &[&str]) -> Run {
    Coinline::new(args).run()
}

#[test]
fn bad_input_gets_one_line_and_status_2() {
    let file = workdir("study", "bad-input").join("coinline-study-file");
    std::fs::write(&file, "not a directory").unwrap();
    let out_in_file = format!("{}/sub", file.display());
    let file_arg = file.to_str().unwrap();
    // The --out and --jobs cases keep the default (minutes-long) settings:
    // they must be refused before any work starts.
    let refused: [(&[&str], &str); 16] = [
        (&["--sizes", "1..4611686018427387904"], "out of range"),
        (&["--sizes", "1..3000000000"], "out of range"),
        (&["--boards", "18446744073709551615"], "too many boards"),
        (
            &["--max-n", "63", "--alphabet", "0..1,-1..0"],
            "too many boards",
        ),
        (&["--alphabet", "3..1"], "reversed"),
        (&["--alphabet=-2..x"], "integer bounds"),
        (&["--boards", "0"], "--boards"),
        (&["--sizes", "0"], "out of range"),
        (&["--sizes", "11..9"], "reversed"),
        (&["--max-n", "0"], "out of range"),
        (&["--max-n", "40"], "too many boards"),
        (&["--values", "bogus"], "value distribution"),
        (&["--out", &out_in_file], "--out"),
        (&["--out", file_arg], "coinline-study-file"),
        (
            &["--out", "/proc/coinline/study"],
            "--out /proc/coinline/study",
        ),
        (&["--jobs", "99999"], "--jobs 99999"),
    ];
    for (args, needle) in refused {
        let out = Coinline::new(["study", "odd-n"]).args(args).run();
        // The error line alone: nothing of the study (its seed) before it.
        assert_refused_alone(&out, needle, &args);
    }
    std::fs::remove_dir_all(file.parent().unwrap()).unwrap();
}

#[test]
fn a_small_run_writes_every_file() {
    let dir = workdir("study", "small-run");
    let dir_arg = dir.to_str().unwrap();
    let options = |last: &'static str| {
        [
            "study",
            "odd-n",
            "--max-n",
            "3",
            "--alphabet",
            "-1..1",
            "--sizes",
            "11,12",
            "--boards",
            "5",
            "--values=-3..3",
            "--seed",
            "7",
            last,
            "--out",
            dir_arg,
        ]
    };
    let out = coinline(&options("--jobs=1"));
    let stderr = &out.stderr;
    assert_eq!(out.code, 0, "{stderr}");
    assert!(stderr.contains("seed 7"), "the seed is printed: {stderr}");
    for name in CSV_FILES
        .iter()
        .chain(&["loss-rate.svg", "greedy-optimal-rate.svg", "README.md"])
    {
        assert!(dir.join(name).is_file(), "{name} missing");
    }
    let readme = std::fs::read_to_string(dir.join("README.md")).unwrap();
    assert!(
        readme.contains(
            "--max-n 3 --alphabet=-1..1 --sizes 11,12 --values=-3..3 --boards 5 --seed 7"
        ),
        "{readme}"
    );
    assert!(
        !readme.contains("committed CSV files"),
        "only the committed report is re-rendered by a test: {readme}"
    );
    let exact = std::fs::read_to_string(dir.join("exact.csv")).unwrap();
    assert_eq!(exact.lines().count(), 4, "header and n = 1..3");
    // --render-only re-makes the plots and findings from the CSV files alone.
    std::fs::remove_file(dir.join("README.md")).unwrap();
    std::fs::remove_file(dir.join("loss-rate.svg")).unwrap();
    // Other options are ignored: the quoted command comes from the CSV files.
    let out = coinline(&["study", "odd-n", "--render-only", "--out", dir_arg]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(
        std::fs::read_to_string(dir.join("README.md")).unwrap(),
        readme
    );
    assert!(dir.join("loss-rate.svg").is_file());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The text labels of an SVG (plotters writes each on its own line).
fn svg_texts(svg: &str) -> Vec<String> {
    svg.split("<text")
        .skip(1)
        .filter_map(|t| t.split_once('>'))
        .filter_map(|(_, rest)| rest.split_once("</text>"))
        .map(|(text, _)| text.trim().to_string())
        .collect()
}

#[test]
fn every_series_of_the_committed_plots_is_visible_and_named() {
    let tables = committed_tables();
    let files = study::files(&tables, &Config::default().command_line(), true).unwrap();
    let svg = |name: &str| &files.iter().find(|(n, _)| *n == name).unwrap().1;
    let greedy = svg_texts(svg("greedy-optimal-rate.svg"));
    // The shifted alphabets coincide: one line, one legend entry naming both.
    assert!(greedy.iter().any(|t| t == "0..4 = -2..2"), "{greedy:?}");
    assert!(!greedy.iter().any(|t| t == "-2..2"));
    // The even-n loss curves are all 0: one line, and a note says so.
    let loss = svg_texts(svg("loss-rate.svg"));
    assert!(loss.iter().any(|t| t.contains("coincide")), "{loss:?}");
    for texts in [&greedy, &loss] {
        // The random panel's log axis labels each tick once.
        for label in ["10", "100", "1000"] {
            let count = texts.iter().filter(|t| *t == label).count();
            assert!(
                count <= 1 + usize::from(label == "10"),
                "{label} drawn {count} times"
            );
        }
        assert_eq!(texts.iter().filter(|t| *t == "100").count(), 1);
    }
}

#[test]
fn three_shards_merge_into_the_bytes_of_one_run() {
    let dir = workdir("study", "shards");
    let at = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let (whole, parts, merged) = (at("whole"), at("parts"), at("merged"));
    let study = |more: &[&str]| {
        let options = [
            "study",
            "odd-n",
            "--max-n",
            "5",
            "--alphabet",
            "-1..1",
            "--sizes",
            "11,12,13",
            "--boards",
            "17",
            "--values=-3..3,spiky",
        ];
        coinline(&[&options[..], more].concat())
    };
    let ok = |out: Run| {
        assert_eq!(out.code, 0, "{}", out.stderr);
        out.stderr
    };
    ok(study(&["--seed", "9", "--out", &whole]));
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let stderr = ok(study(&["--seed", "9", "--shard", &shard, "--out", &parts]));
        assert!(stderr.contains(&format!("shard {k}/3")), "{stderr}");
    }
    // A shard writes its part only, no report.
    assert!(!Path::new(&parts).join("README.md").exists());
    // Two parts are not the study: refused, nothing written.
    let two = dir.join("two");
    std::fs::create_dir_all(&two).unwrap();
    for k in 1..=2 {
        let name = format!("shard-{k}-of-3.json");
        std::fs::copy(Path::new(&parts).join(&name), two.join(&name)).unwrap();
    }
    // A merge of the parts in `two` is refused with one line, writing nothing.
    let merge_refused = |message: &str| {
        let args = [
            "study",
            "odd-n",
            "--merge",
            two.to_str().unwrap(),
            "--out",
            &merged,
        ];
        assert_refused_alone(&coinline(&args), message, &args);
        assert!(!Path::new(&merged).exists());
    };
    merge_refused("shard 3/3 missing");
    // A part of another study (another seed) is refused.
    ok(study(&[
        "--seed",
        "10",
        "--shard",
        "3/3",
        "--out",
        two.to_str().unwrap(),
    ]));
    merge_refused("parts of different studies");
    // All three: the report of the whole run, byte for byte.
    let stderr = ok(coinline(&[
        "study", "odd-n", "--merge", &parts, "--out", &merged,
    ]));
    assert!(stderr.contains("merging 3 shards"), "{stderr}");
    let files = CSV_FILES
        .iter()
        .chain(&["loss-rate.svg", "greedy-optimal-rate.svg", "README.md"]);
    for name in files {
        let read = |d: &str| std::fs::read(Path::new(d).join(name)).unwrap();
        assert!(read(&whole) == read(&merged), "{name} differs");
    }
    let sampled = std::fs::read_to_string(Path::new(&merged).join("sampled.csv")).unwrap();
    assert_eq!(
        sampled.lines().count(),
        1 + 3 * 2,
        "header, 3 lengths x 2 distributions"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn shard_auto_reads_the_slurm_array_task() {
    // Not made yet: only a run with a shard makes it.
    let dir = workdir("study", "auto").join("out");
    let run = |env: &[(&str, &str)]| {
        let mut run = Coinline::new([
            "study", "odd-n", "--max-n", "3", "--sizes", "11", "--boards", "5",
        ])
        .args(["--shard", "auto", "--out", dir.to_str().unwrap()]);
        for name in [
            "SLURM_ARRAY_TASK_ID",
            "SLURM_ARRAY_TASK_MIN",
            "SLURM_ARRAY_TASK_MAX",
            "SLURM_ARRAY_TASK_COUNT",
            "PARALLEL_SEQ",
        ] {
            run = run.env_remove(name);
        }
        for (name, value) in env {
            run = run.env(name, value);
        }
        run.run()
    };
    let out = run(&[]);
    assert_refused_alone(&out, "SLURM_ARRAY_TASK_ID", &"--shard auto");
    assert!(!dir.exists(), "nothing is written without a shard");
    let slurm = [
        ("SLURM_ARRAY_TASK_ID", "5"),
        ("SLURM_ARRAY_TASK_MIN", "4"),
        ("SLURM_ARRAY_TASK_MAX", "6"),
    ];
    let out = run(&slurm);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !n.starts_with('.'))
        .collect();
    assert_eq!(names, ["shard-2-of-3.json"]);
    std::fs::remove_dir_all(dir.parent().unwrap()).unwrap();
}

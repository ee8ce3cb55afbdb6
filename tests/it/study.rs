//! The odd-n study (the built-in study file studies/odd-n.toml, run by the
//! engine): a smaller run reproduces the committed rows, the committed
//! README and plots render from the committed CSV files, the bytes do not
//! depend on the thread count, a solver wrong only for odd n is caught, and
//! the command refuses bad input with one line and status 2.

use coinline_core::mutants::ParityOnly;
use coinline_core::solve::Solver;
use coinline_core::{Board, Game};
use coinline_study::engine::measure::Evaluator;
use coinline_study::engine::{self, builtin, plot, spec::Query, template};
use coinline_study::table::CsvTable;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::support::{assert_refused_alone, workdir, Coinline, Run};

fn committed_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("reports/odd-n")
}

fn committed(name: &str) -> String {
    let path = committed_dir().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn study() -> (&'static str, &'static str) {
    builtin::find("odd-n").unwrap().file
}

/// The study file cut down to seconds: n <= 7, random n 11 and 12 only
/// (same seed and count, so the same boards), k <= 4.
fn small_study() -> String {
    let (text, _) = study();
    let text = text.replace("n = \"1..10\"", "n = \"1..7\"");
    let text = text.replace(
        "n = \"11..20,25,26,49,50,99,100,199,200,499,500,999,1000\"",
        "n = \"11,12\"",
    );
    let text = text.replace("k = \"1..4,8,16,32,64,128,256\"", "k = \"1..4\"");
    assert_ne!(text, study().0, "the study file's lines moved");
    text
}

fn coinline(dir: &Path, args: &[&str]) -> Run {
    Coinline::new(args.iter().copied()).dir(dir).run()
}

/// The files a run wrote (the manifest aside).
fn files(dir: &Path) -> BTreeMap<String, String> {
    std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x != "json"))
        .filter(|p| !p.ends_with(".coinline-study"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect()
}

/// Runs the small study in a fresh folder (its template beside it).
fn small_run(name: &str, jobs: &str) -> BTreeMap<String, String> {
    let dir = workdir("study", name);
    std::fs::write(dir.join("odd-n.toml"), small_study()).unwrap();
    std::fs::write(dir.join("odd-n.md"), study().1).unwrap();
    let run = coinline(
        &dir,
        &["study", "run", "odd-n.toml", "--out", "out", "--jobs", jobs],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    files(&dir.join("out"))
}

#[test]
fn a_small_regeneration_matches_the_committed_rows() {
    let made = small_run("small", "2");
    assert!(
        made.contains_key("README.md"),
        "the template beside the file is used"
    );
    assert!(made.contains_key("loss-rate.svg"));
    let mut compared = 0;
    for table in [
        "outcomes",
        "by-parity",
        "greedy-regret",
        "share",
        "greedy-share",
    ] {
        let name = format!("{table}.csv");
        let small = CsvTable::from_csv(&made[&name], &name).unwrap();
        let kept = CsvTable::from_csv(&committed(&name), &name).unwrap();
        assert_eq!(small.header, kept.header, "{name}");
        for row in &small.rows {
            // A row by n (every board of that n, or the same random boards)
            // is the committed one; rows over several n (by parity) differ.
            if table == "by-parity" {
                continue;
            }
            let key = &row[..3];
            let theirs = kept.rows.iter().find(|r| &r[..3] == key);
            assert_eq!(Some(row), theirs, "{name}: the row of {key:?}");
            compared += 1;
        }
    }
    assert!(compared > 60, "{compared} rows compared");
}

#[test]
fn thread_count_does_not_change_the_bytes() {
    assert_eq!(small_run("one-thread", "1"), small_run("two-threads", "2"));
}

#[test]
fn the_committed_readme_and_plots_render_from_the_committed_csvs() {
    let (text, template) = study();
    let query = Query::parse(text, "odd-n").unwrap();
    let mut names: Vec<String> = vec!["sources".into(), "checks".into()];
    for t in &query.tables {
        names.push(t.name.clone());
        names.push(format!("{}-witnesses", t.name));
    }
    let tables: Vec<(String, CsvTable)> = (names.iter())
        .filter_map(|name| {
            let text = std::fs::read_to_string(committed_dir().join(format!("{name}.csv")));
            Some((name.clone(), CsvTable::from_csv(&text.ok()?, name).unwrap()))
        })
        .collect();
    let readme = template::render(template, &query, &tables, &[], false).unwrap();
    assert!(
        readme == committed("README.md"),
        "reports/odd-n/README.md is not what studies/odd-n.md renders from the committed CSV files"
    );
    for p in &query.plots {
        let svg = plot::render(p, &tables).unwrap().unwrap();
        assert!(
            svg == committed(&format!("{}.svg", p.name)),
            "reports/odd-n/{}.svg is not what the committed CSV files draw",
            p.name
        );
    }
    // Every claim's board count comes from a table: the even boards of
    // every enumerated source are never lost.
    let parity = &tables.iter().find(|(n, _)| n == "by-parity").unwrap().1;
    let even: Vec<_> = parity
        .records()
        .filter(|r| r.get("group") == "even")
        .collect();
    assert!(even.len() >= 8, "{} even rows", even.len());
    assert!(
        even.iter().all(|r| r.get("loss_holds") == "0"),
        "{:?}",
        parity.rows
    );
}

#[test]
fn a_solver_wrong_only_for_odd_n_is_caught() {
    // ParityOnly answers |O - E| (right for even n only). An evaluation
    // carrying its value passes the check on even boards and fails on
    // odd ones: the check of the engine catches it.
    let ev = Evaluator::new(Game::COINS, 8, &[]).unwrap();
    let (mut caught_odd, mut caught_even) = (0, 0);
    for values in [
        vec![0, 1, 0],
        vec![1, 5, 1],
        vec![3, 1, 4, 1, 5],
        vec![0, 1, 0, 0],
        vec![2, 7, 1, 8],
    ] {
        let board = Board::new(values.clone()).unwrap();
        let mut eval = ev.eval(&values).unwrap();
        eval.value = ParityOnly.difference(Game::COINS, &board);
        let found = engine::cross_check(Game::COINS, &values, &eval, &mut Vec::new());
        match (values.len() % 2, found) {
            (1, Some(_)) => caught_odd += 1,
            (0, Some(_)) => caught_even += 1,
            _ => {}
        }
    }
    assert_eq!((caught_odd, caught_even), (3, 0));
}

#[test]
fn bad_input_gets_one_line_and_status_2() {
    for (args, what) in [
        (&["study", "odd-n", "--max-n", "7"][..], "--max-n"),
        (&["study", "odd-n", "--render-only"][..], "--render-only"),
        (&["study", "odd-n", "--shard", "3/2"][..], "3/2"),
        (&["study", "odd-n", "--jobs", "x"][..], "x"),
    ] {
        assert_refused_alone(&Coinline::new(args.iter().copied()).run(), what, &args);
    }
}

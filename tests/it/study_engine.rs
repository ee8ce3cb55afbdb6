//! `coinline study run`: a study written as a file in the test, its tables
//! against a brute force written here; shards that merge to the bytes of
//! one run; refusals of bad study files.

use crate::support::{
    assert_refused, assert_refused_alone, assert_status, coinline, report_files as files, workdir,
};
use coinline_core::play::{Game, Row};
use std::collections::BTreeMap;
use std::path::Path;

/// The rows of a CSV file as maps from column to cell.
pub(crate) fn rows(path: &Path) -> Vec<BTreeMap<String, String>> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header = reader.headers().unwrap().clone();
    reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            header
                .iter()
                .map(String::from)
                .zip(r.iter().map(String::from))
                .collect()
        })
        .collect()
}

/// The mover's best margin on values[l..r], by trying every move.
pub(crate) fn optimal(game: Game, row: &Row, l: usize, r: usize) -> i64 {
    game.moves(r - l)
        .map(|mv| {
            let (gain, l2, r2) = row.play(mv, l, r);
            gain - optimal(game, row, l2, r2)
        })
        .max()
        .unwrap_or(0)
}

/// Greedy's margin on values[l..r] against a best-responding opponent:
/// greedy plays the first move of largest immediate score.
pub(crate) fn greedy(game: Game, row: &Row, l: usize, r: usize, greedy_moves: bool) -> i64 {
    let mut scored = game.moves(r - l).map(|mv| (row.play(mv, l, r), mv));
    if greedy_moves {
        let mut best: Option<((i64, usize, usize), _)> = None;
        for (play, mv) in scored.by_ref() {
            if best.is_none_or(|(b, _)| play.0 > b.0) {
                best = Some((play, mv));
            }
        }
        best.map_or(0, |((gain, l2, r2), _)| {
            gain + greedy(game, row, l2, r2, false)
        })
    } else {
        scored
            .map(|((gain, l2, r2), _)| greedy(game, row, l2, r2, true) - gain)
            .min()
            .unwrap_or(0)
    }
}

/// Every board of length n over lo..=hi, in lexicographic order.
pub(crate) fn boards(n: usize, lo: i64, hi: i64) -> Vec<Vec<i64>> {
    let mut all = vec![Vec::new()];
    for _ in 0..n {
        all = all
            .into_iter()
            .flat_map(|b| {
                (lo..=hi).map(move |v| {
                    let mut b = b.clone();
                    b.push(v);
                    b
                })
            })
            .collect();
    }
    all
}

const REGRET_STUDY: &str = r#"
name = "greedy-regret"
title = "The largest regret of greedy on take=1..2 boards over -2..2"
games = ["take=1..2"]

[source]
kind = "enumerate"
n = "1..6"
alphabet = "-2..2"

[[table]]
name = "worst-regret"
measure = "greedy.regret"
aggregate = "max"
group = "n"
witnesses = 3

[[table]]
name = "greedy-optimal"
measure = "greedy.optimal"
aggregate = "rate"
group = "parity"

[check]
every = 50
"#;

#[test]
fn a_study_file_s_tables_match_a_brute_force() {
    let dir = workdir("study_engine", "regret");
    std::fs::write(dir.join("regret.toml"), REGRET_STUDY).unwrap();
    let run = coinline(&dir, &["study", "run", "regret.toml", "--out", "out"]);
    assert_status(&run, 0);
    let game: Game = "take=1..2".parse().unwrap();
    let worst = rows(&dir.join("out/worst-regret.csv"));
    let witnesses = rows(&dir.join("out/worst-regret-witnesses.csv"));
    let rates = rows(&dir.join("out/greedy-optimal.csv"));
    let mut optimal_by_parity = [(0u64, 0u64); 2];
    for n in 1..=6 {
        // The brute force: every board, the largest regret, every board
        // attaining it, and its least class members (board or reversal).
        let mut best = i64::MIN;
        let mut attaining: Vec<Vec<i64>> = Vec::new();
        for b in boards(n, -2, 2) {
            let row = Row::new(game, &b);
            let regret = optimal(game, &row, 0, n) - greedy(game, &row, 0, n, true);
            let parity = &mut optimal_by_parity[n % 2];
            parity.1 += 1;
            parity.0 += u64::from(regret == 0);
            if regret > best {
                best = regret;
                attaining.clear();
            }
            if regret == best {
                attaining.push(b);
            }
        }
        // Greedy breaks ties leftwards, so a board and its reversal may
        // differ: every board is its own class here.
        let least = attaining.clone();
        let row = worst
            .iter()
            .find(|r| r["group"] == n.to_string())
            .expect("a row per n");
        assert_eq!(row["max"], best.to_string(), "n = {n}");
        assert_eq!(
            row["attained_boards"],
            attaining.len().to_string(),
            "n = {n}"
        );
        assert_eq!(row["attained_classes"], least.len().to_string(), "n = {n}");
        assert_eq!(row["boards"], 5u64.pow(n as u32).to_string(), "n = {n}");
        let listed: Vec<String> = witnesses
            .iter()
            .filter(|w| w["n"] == n.to_string())
            .map(|w| w["board"].clone())
            .collect();
        let expected: Vec<String> = least
            .iter()
            .take(3)
            .map(|b| b.iter().map(i64::to_string).collect::<Vec<_>>().join(" "))
            .collect();
        assert_eq!(
            listed, expected,
            "n = {n}: the first witnesses in canonical order"
        );
    }
    for (label, (hits, total)) in [
        ("even", optimal_by_parity[0]),
        ("odd", optimal_by_parity[1]),
    ] {
        let row = rates
            .iter()
            .find(|r| r["group"] == label)
            .expect("a row per parity");
        assert_eq!(row["holds"], hits.to_string(), "{label}");
        assert_eq!(row["boards"], total.to_string(), "{label}");
        let rate: f64 = row["rate"].parse().unwrap();
        assert!((rate - hits as f64 / total as f64).abs() < 1e-6, "{label}");
    }
    let checks = rows(&dir.join("out/checks.csv"));
    let sampled: u64 = checks[0]["sampled_checked"].parse().unwrap();
    assert!(
        sampled > 0,
        "a sample went through the full check: {checks:?}"
    );
    let sources = rows(&dir.join("out/sources.csv"));
    assert!(
        sources.iter().all(|r| r["symmetry"] == "none"),
        "{sources:?}"
    );
}

const VALUE_STUDY: &str = r#"
name = "coins-value"
games = ["coins"]

[source]
kind = "enumerate"
n = "1..6"
alphabet = "-2..2"

[[table]]
name = "best"
measure = "value"
aggregate = "max"
witnesses = 1000
"#;

#[test]
fn reversal_classes_stand_for_every_board() {
    let dir = workdir("study_engine", "value");
    std::fs::write(dir.join("value.toml"), VALUE_STUDY).unwrap();
    assert_status(
        &coinline(&dir, &["study", "run", "value.toml", "--out", "out"]),
        0,
    );
    let best = rows(&dir.join("out/best.csv"));
    let witnesses = rows(&dir.join("out/best-witnesses.csv"));
    let game = Game::COINS;
    for n in 1..=6 {
        let all = boards(n, -2, 2);
        let values: Vec<i64> = all
            .iter()
            .map(|b| optimal(game, &Row::new(game, b), 0, n))
            .collect();
        let top = *values.iter().max().unwrap();
        let attaining: Vec<&Vec<i64>> = all
            .iter()
            .zip(&values)
            .filter(|(_, v)| **v == top)
            .map(|(b, _)| b)
            .collect();
        let mut classes: Vec<Vec<i64>> = attaining
            .iter()
            .map(|b| {
                let rev: Vec<i64> = b.iter().rev().copied().collect();
                (*b).clone().min(rev)
            })
            .collect();
        classes.sort();
        classes.dedup();
        let row = best
            .iter()
            .find(|r| r["group"] == n.to_string())
            .expect("a row per n");
        assert_eq!(row["max"], top.to_string(), "n = {n}");
        assert_eq!(row["boards"], all.len().to_string(), "n = {n}");
        assert_eq!(
            row["attained_boards"],
            attaining.len().to_string(),
            "n = {n}"
        );
        assert_eq!(
            row["attained_classes"],
            classes.len().to_string(),
            "n = {n}"
        );
        let listed: Vec<String> = witnesses
            .iter()
            .filter(|w| w["n"] == n.to_string())
            .map(|w| w["board"].clone())
            .collect();
        let expected: Vec<String> = classes
            .iter()
            .map(|b| b.iter().map(i64::to_string).collect::<Vec<_>>().join(" "))
            .collect();
        assert_eq!(listed, expected, "n = {n}");
    }
    let sources = rows(&dir.join("out/sources.csv"));
    assert!(
        sources.iter().all(|r| r["symmetry"] == "reversal"),
        "{sources:?}"
    );
}

const EXTREMES_STUDY: &str = r#"
name = "pizza-small"
games = ["pizza", "coins"]

[source]
kind = "enumerate"
n = "1..9"
alphabet = "0..2"

[[table]]
name = "worst-share"
measure = "share"
aggregate = "min"
group = "n"
witnesses = 4

[[table]]
name = "best-value"
measure = "value"
aggregate = "max"
group = "mod 3"

[[table]]
name = "first-loss"
measure = "loss"
aggregate = "smallest"
group = "all"

[check]
every = 97
"#;

const SEARCH_STUDY: &str = r#"
name = "pizza-search"
games = ["pizza"]

[source]
kind = "search"
n = "17..18"
alphabet = "0..3"
objective = "share"
goal = "min"
restarts = 7
budget = 300
seed = 5

[[table]]
name = "lowest-share"
measure = "share"
aggregate = "min"
group = "n"
witnesses = 2
floor = "4/9"
"#;

const RANDOM_STUDY: &str = r#"
name = "numbergame-random"
games = ["numbergame"]

[source]
kind = "random"
n = "5..7"
values = "-3..3"
boards = 300
seed = 9

[[table]]
name = "wins"
measure = "win"
aggregate = "rate"
group = "parity"

[[table]]
name = "best"
measure = "value"
aggregate = "max"
group = "mod 3"
witnesses = 3

[check]
every = 40
"#;

#[test]
fn shards_merge_to_the_bytes_of_one_run() {
    for (name, study) in [
        ("extremes", EXTREMES_STUDY),
        ("search", SEARCH_STUDY),
        ("random", RANDOM_STUDY),
    ] {
        let dir = workdir("study_engine", &format!("shards-{name}"));
        std::fs::write(dir.join("study.toml"), study).unwrap();
        assert_status(
            &coinline(&dir, &["study", "run", "study.toml", "--out", "whole"]),
            0,
        );
        let whole = files(&dir.join("whole"));
        assert!(whole.len() >= 3, "{whole:?}");
        assert_status(
            &coinline(
                &dir,
                &["study", "run", "study.toml", "--out", "one", "--jobs", "1"],
            ),
            0,
        );
        assert_eq!(files(&dir.join("one")), whole, "{name}: --jobs 1 and 2");
        for count in [1, 2, 5] {
            let parts = format!("parts-{count}");
            for k in 1..=count {
                let shard = format!("{k}/{count}");
                // Each part in its own folder, as on separate machines.
                let folder = format!("{parts}/{k}");
                let run = coinline(
                    &dir,
                    &[
                        "study",
                        "run",
                        "study.toml",
                        "--shard",
                        &shard,
                        "--out",
                        &folder,
                    ],
                );
                assert_status(&run, 0);
            }
            let folders: Vec<String> = (1..=count).rev().map(|k| format!("{parts}/{k}")).collect();
            let out = format!("merged-{count}");
            let mut args = vec!["study", "run", "study.toml", "--out", &out, "--merge"];
            args.extend(folders.iter().map(String::as_str));
            assert_status(&coinline(&dir, &args), 0);
            assert_eq!(files(&dir.join(&out)), whole, "{name}: {count} shards");
            if count == 5 {
                let missing = coinline(&dir, &args[..args.len() - 1]);
                assert_refused(&missing, "parts missing: 1/5", &"a part left out");
                // An edited part is refused, not added on top.
                let first = dir.join(format!("{parts}/1/part-1-of-5.json"));
                let json = std::fs::read_to_string(&first).unwrap();
                for (from, to) in [
                    ("\"parts\":[1]", "\"parts\":[]"),
                    ("\"parts\":[1]", "\"parts\":[6]"),
                ] {
                    assert!(json.contains(from), "{json}");
                    std::fs::write(&first, json.replacen(from, to, 1)).unwrap();
                    let edited = coinline(&dir, &args);
                    assert_refused(&edited, "is not of this study's shape", &to);
                }
                std::fs::write(&first, json).unwrap();
            }
        }
    }
}

#[test]
fn a_share_below_the_proven_bound_fails_the_run() {
    // 3/4 is no bound: boards below it exist, and the run must say so.
    let dir = workdir("study_engine", "floor");
    let study = EXTREMES_STUDY
        .replace("games = [\"pizza\", \"coins\"]", "games = [\"pizza\"]")
        .replace("witnesses = 4\n", "witnesses = 4\nfloor = \"3/4\"\n");
    assert!(study.contains("floor"));
    std::fs::write(dir.join("study.toml"), study).unwrap();
    let run = coinline(&dir, &["study", "run", "study.toml", "--out", "out"]);
    assert_status(&run, 1);
    assert!(
        run.stderr
            .contains("below the proven bound 3/4 (a solver bug)"),
        "{}",
        run.stderr
    );
    let worst = rows(&dir.join("out/worst-share.csv"));
    assert!(worst.iter().any(|r| r["below_floor"] != "0"), "{worst:?}");
}

#[test]
fn bad_study_files_are_refused_in_one_line() {
    let dir = workdir("study_engine", "refusals");
    let cases = [
        (
            "measure = \"share\"",
            "measure = \"shares\"",
            "unknown measure",
        ),
        (
            "aggregate = \"min\"",
            "aggregate = \"rate\"",
            "rate and smallest take a yes-or-no measure",
        ),
        (
            "games = [\"pizza\", \"coins\"]",
            "games = [\"pizza\", \"take=1 delete=2\"]",
            "is not defined for",
        ),
        ("n = \"1..9\"", "n = \"1..40\"", "beyond this engine"),
        (
            "kind = \"enumerate\"",
            "kind = \"everything\"",
            "bad.toml: line 6: source.kind: unknown variant `everything`, expected one of `enumerate`, `random`, `search`, `formula`",
        ),
        (
            "group = \"n\"",
            "group = \"mod 1\"",
            "is not all, n, parity",
        ),
        ("[check]", "[checks]", "line 29: checks: unknown field `checks`"),
        ("every = 97", "every = 0", "line 30: check.every: invalid value: integer `0`"),
    ];
    for (from, to, message) in cases {
        assert!(EXTREMES_STUDY.contains(from), "{from}");
        std::fs::write(dir.join("bad.toml"), EXTREMES_STUDY.replacen(from, to, 1)).unwrap();
        let run = coinline(&dir, &["study", "run", "bad.toml", "--out", "out"]);
        assert_refused(&run, message, &to);
    }
    let run = coinline(&dir, &["study", "run", "no-such-study", "--out", "out"]);
    assert_refused(
        &run,
        "no such file, nor a built-in study",
        &"a missing study",
    );
}

/// A key that belongs to another kind of source is refused, one case per
/// kind (the old reader ran each of these with exit status 0, the key
/// ignored): exit status 2, naming the file, the key path and its line.
#[test]
fn a_key_of_another_source_kind_is_refused_naming_file_and_key() {
    let dir = workdir("study_engine", "kind-keys");
    let kinds = [
        ("enumerate", "n = \"1..3\"\nalphabet = \"0..1\"", "seed = 7"),
        (
            "random",
            "n = \"1..3\"\nvalues = \"0..9\"",
            "alphabet = \"0..1\"",
        ),
        (
            "search",
            "n = \"3\"\nalphabet = \"0..1\"\nobjective = \"value\"\nbudget = 2\nrestarts = 1",
            "symmetry = false",
        ),
        (
            "formula",
            "formula = \"0 (k 1)^k\"\nk = \"1..2\"",
            "n = \"1..3\"",
        ),
    ];
    for (kind, keys, stray) in kinds {
        let study = |extra: &str| {
            format!("name = \"k\"\ngames = [\"coins\"]\n[source]\nkind = \"{kind}\"\n{keys}\n{extra}\n[[table]]\nname = \"t\"\nmeasure = \"value\"\naggregate = \"max\"\n")
        };
        std::fs::write(dir.join("good.toml"), study("")).unwrap();
        let good = coinline(&dir, &["study", "run", "good.toml", "--out", kind]);
        assert_status(&good, 0);
        std::fs::write(dir.join("stray.toml"), study(stray)).unwrap();
        let run = coinline(&dir, &["study", "run", "stray.toml", "--out", "out"]);
        let key = stray.split(' ').next().unwrap();
        let line = 5 + keys.lines().count();
        let wanted =
            format!("stray.toml: line {line}: source.{key}: unknown field `{key}`, expected ");
        assert_refused_alone(&run, &wanted, &kind);
        assert!(!dir.join("out").exists(), "{kind}");
    }
}

/// A study's name is its default output folder: one plain name. A path,
/// an empty name, `.` and control characters (a terminal escape) are
/// refused when the file is read, naming the file and the key; the old
/// reader wrote outside the folder it was given.
#[test]
fn a_study_name_that_is_not_a_plain_folder_name_is_refused() {
    let dir = workdir("study_engine", "names");
    let escape = format!("{}[2J", '\u{1b}');
    let names = [
        "/tmp/abs",
        "../x",
        "a/b",
        "",
        ".",
        "..",
        escape.as_str(),
        "tab\there",
    ];
    for name in names {
        let text = EXTREMES_STUDY.replacen(
            "name = \"pizza-small\"",
            &format!("name = {}", toml::Value::String(name.into())),
            1,
        );
        std::fs::write(dir.join("named.toml"), text).unwrap();
        // No --out: the name would be the folder.
        let run = coinline(&dir, &["study", "run", "named.toml"]);
        let wanted =
            format!("named.toml: name: study name {name:?} must be letters, digits, - and _");
        assert_refused_alone(&run, &wanted, &name);
        insta::assert_snapshot!(crate::support::stable(&run.stderr));
    }
    assert!(!dir.join("x").exists() && !Path::new("/tmp/abs").exists());
}

#[test]
fn the_built_in_studies_are_listed_and_parse() {
    let dir = workdir("study_engine", "list");
    let run = coinline(&dir, &["study", "list"]);
    assert_status(&run, 0);
    for name in ["odd-n", "decay", "outcomes", "pizza-extremes", "pizza-15"] {
        assert!(run.stdout.contains(name), "{name}: {}", run.stdout);
    }
    for b in coinline_study::engine::builtin::BUILTINS {
        coinline_study::engine::spec::Query::parse(b.file.0, b.name).unwrap();
    }
}

#[test]
fn a_committed_search_report_regenerates_byte_for_byte() {
    // The cheapest committed report of a built-in study (about 10 s): its
    // seeded walks, witnesses and README are the bytes in reports/.
    let dir = workdir("study_engine", "committed-search");
    let run = coinline(&dir, &["study", "run", "pizza-long-search", "--out", "out"]);
    assert_status(&run, 0);
    let committed = Path::new(env!("CARGO_MANIFEST_DIR")).join("reports/pizza-long-search");
    assert_eq!(files(&dir.join("out")), files(&committed));
}

/// Every committed report folder's manifest vouches for its files as they
/// are: a report edited by hand without its manifest makes its own
/// regeneration command (`coinline study odd-n`) refuse to overwrite it.
#[test]
fn every_committed_report_manifest_matches_its_files() {
    use coinline_output::folder::sha256_hex;
    let reports = Path::new(env!("CARGO_MANIFEST_DIR")).join("reports");
    let mut manifests = Vec::new();
    let mut folders = vec![reports];
    while let Some(dir) = folders.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.ends_with(".coinline-study") {
                manifests.push(path);
            }
        }
    }
    assert!(manifests.len() >= 10, "{manifests:?}");
    let mut wrong = Vec::new();
    for manifest in &manifests {
        let dir = manifest.parent().unwrap();
        for line in std::fs::read_to_string(manifest).unwrap().lines().skip(1) {
            let (name, digest) = line.split_once(" sha256:").unwrap_or((line, ""));
            let bytes = std::fs::read(dir.join(name)).unwrap_or_default();
            let actual = sha256_hex(&bytes);
            if actual != digest {
                wrong.push(dir.join(name));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "listed with another digest or missing: {wrong:?}"
    );
}

#[test]
fn hostile_study_files_are_refused_before_any_work() {
    let dir = workdir("study_engine", "hostile");
    let replaced = |from: &str, to: &str| {
        assert!(EXTREMES_STUDY.contains(from), "{from}");
        EXTREMES_STUDY.replacen(from, to, 1)
    };
    let cases = [
        (
            format!("{EXTREMES_STUDY}[[fit]]\nname = \"../escaped\"\ntable = \"first-loss\"\n"),
            "fit name \"../escaped\" must be letters",
        ),
        (
            format!("{EXTREMES_STUDY}[[fit]]\nname = \"f\"\ntable = \"worst-share\"\n"),
            "the study has no rate table \"worst-share\"",
        ),
        (
            replaced("name = \"best-value\"", "name = \"sources\""),
            "two outputs would be sources.csv",
        ),
        (
            replaced("name = \"best-value\"", "name = \"worst-share-witnesses\""),
            "two outputs would be worst-share-witnesses.csv",
        ),
        (
            replaced(
                "aggregate = \"max\"",
                "aggregate = \"mean\"\nholds = \"> 0\"",
            ),
            "mean takes the number itself",
        ),
        (
            replaced(
                "measure = \"loss\"",
                "measure = \"value\"\nholds = \"<= 170141183460469231731687303715884105727\"",
            ),
            "is beyond -2^62..2^62",
        ),
        (
            replaced("n = \"1..9\"", "n = \"1..100000000000\""),
            "n = 100000000000 is beyond this engine",
        ),
        (
            replaced(
                "alphabet = \"0..2\"",
                "alphabet = \"-9223372036854775808..9223372036854775807\"",
            ),
            "values must be within -2^40..2^40",
        ),
        (
            replaced(
                "kind = \"enumerate\"\nn = \"1..9\"\nalphabet = \"0..2\"",
                "kind = \"formula\"\nformula = \"4611686018427387904 1 -4611686018427387904\"",
            ),
            "its values must be within -2^40..2^40",
        ),
    ];
    for (text, message) in cases {
        std::fs::write(dir.join("bad.toml"), &text).unwrap();
        let run = coinline(&dir, &["study", "run", "bad.toml", "--out", "out"]);
        // Alone: refused before the run's first line of progress.
        assert_refused_alone(&run, message, &text);
        assert!(!dir.join("out").exists(), "{text}");
    }
}

#[test]
fn a_run_that_would_overwrite_a_users_file_or_its_input_is_refused_first() {
    let dir = workdir("study_engine", "owned-first");
    std::fs::create_dir_all(dir.join("out")).unwrap();
    std::fs::write(dir.join("out/worst-share.csv"), "mine\n").unwrap();
    std::fs::write(dir.join("study.toml"), EXTREMES_STUDY).unwrap();
    let run = coinline(&dir, &["study", "run", "study.toml", "--out", "out"]);
    assert_refused_alone(&run, "was not written by coinline study", &"a user's file");
    assert_eq!(
        std::fs::read_to_string(dir.join("out/worst-share.csv")).unwrap(),
        "mine\n"
    );
    // A file the study wrote and the user changed since is the user's.
    std::fs::remove_file(dir.join("out/worst-share.csv")).unwrap();
    assert_status(
        &coinline(&dir, &["study", "run", "study.toml", "--out", "out"]),
        0,
    );
    std::fs::write(dir.join("out/best-value.csv"), "edited\n").unwrap();
    let run = coinline(&dir, &["study", "run", "study.toml", "--out", "out"]);
    assert_refused_alone(
        &run,
        "best-value.csv exists and was not written by coinline study (it was changed since",
        &"an edited file",
    );
    let forced = ["study", "run", "study.toml", "--out", "out", "--force"];
    assert_status(&coinline(&dir, &forced), 0);
    // The template beside the study file is its input, even with --force.
    std::fs::write(dir.join("README.md"), "# {{title}}\n").unwrap();
    std::fs::write(dir.join("README.toml"), EXTREMES_STUDY).unwrap();
    let run = coinline(
        &dir,
        &["study", "run", "README.toml", "--out", ".", "--force"],
    );
    assert_refused_alone(&run, "would overwrite its own input", &"the template");
    assert_eq!(
        std::fs::read_to_string(dir.join("README.md")).unwrap(),
        "# {{title}}\n"
    );
    // An input is known by its inode: a hard link to it in --out is the
    // input under another name.
    std::fs::hard_link(dir.join("README.md"), dir.join("out/README.md")).unwrap();
    let linked = [
        "study",
        "run",
        "study.toml",
        "--template",
        "README.md",
        "--out",
        "out",
        "--force",
    ];
    let run = coinline(&dir, &linked);
    assert_refused_alone(&run, "would overwrite its own input", &"a hard link");
    assert_eq!(
        std::fs::read_to_string(dir.join("out/README.md")).unwrap(),
        "# {{title}}\n"
    );
}

#[test]
fn a_built_in_study_is_found_beside_a_folder_of_its_name() {
    let dir = workdir("study_engine", "builtin-beside-folder");
    std::fs::create_dir_all(dir.join("decay")).unwrap();
    // The built-in is loaded (not the folder), so the merge finds no parts.
    let run = coinline(
        &dir,
        &["study", "run", "decay", "--merge", "decay", "--out", "o"],
    );
    assert_refused_alone(
        &run,
        "--merge decay: no part-K-of-N.json file there",
        &"decay/",
    );
}

#[test]
fn the_folders_of_a_per_game_study_are_written_as_one_transaction() {
    let dir = workdir("study_engine", "per-game-transaction");
    let study = EXTREMES_STUDY.replacen(
        "games = [\"pizza\", \"coins\"]",
        "games = [\"pizza\", \"coins\"]\nper_game = true",
        1,
    );
    std::fs::write(dir.join("study.toml"), &study).unwrap();
    // coins' folder cannot be made (a file holds its name): pizza's,
    // written first, must not be left behind either.
    std::fs::create_dir_all(dir.join("out")).unwrap();
    std::fs::write(dir.join("out/coins"), "mine\n").unwrap();
    let run = coinline(&dir, &["study", "run", "study.toml", "--out", "out"]);
    assert_ne!(run.code, 0, "{}", run.stderr);
    insta::assert_snapshot!(crate::support::stable(&run.stderr));
    assert!(
        !dir.join("out/pizza/worst-share.csv").exists(),
        "{}",
        run.stderr
    );
    std::fs::remove_file(dir.join("out/coins")).unwrap();
    let run = coinline(&dir, &["study", "run", "study.toml", "--out", "out"]);
    assert_status(&run, 0);
    for game in ["pizza", "coins"] {
        assert!(
            dir.join(format!("out/{game}/worst-share.csv")).is_file(),
            "{game}"
        );
    }
}

#[test]
fn a_rerun_leaves_one_runs_report_and_keeps_what_the_user_changed() {
    let dir = workdir("study_engine", "rerun-replaces");
    std::fs::write(dir.join("study.toml"), EXTREMES_STUDY).unwrap();
    let run = || coinline(&dir, &["study", "run", "study.toml", "--out", "out"]);
    assert_status(&run(), 0);
    assert!(dir.join("out/first-loss-witnesses.csv").is_file());
    std::fs::write(dir.join("out/first-loss.csv"), "edited\n").unwrap();
    // The same study without first-loss and best-value: their files go,
    // except the one the user edited, which stays theirs.
    let fewer = EXTREMES_STUDY
        .replacen("[[table]]\nname = \"first-loss\"", "[[tablex]]", 1)
        .replacen("[[table]]\nname = \"best-value\"", "[[tablex]]", 1);
    let fewer = fewer.split("[[tablex]]").next().unwrap().to_string() + "[check]\nevery = 97\n";
    std::fs::write(dir.join("study.toml"), &fewer).unwrap();
    assert_status(&run(), 0);
    for gone in ["first-loss-witnesses", "best-value", "best-value-witnesses"] {
        assert!(!dir.join(format!("out/{gone}.csv")).exists(), "{gone}");
    }
    assert_eq!(
        std::fs::read_to_string(dir.join("out/first-loss.csv")).unwrap(),
        "edited\n"
    );
    assert!(dir.join("out/worst-share.csv").is_file());
    let manifest = std::fs::read_to_string(dir.join("out/.coinline-study")).unwrap();
    assert!(!manifest.contains("best-value"), "{manifest}");
}

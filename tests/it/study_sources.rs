//! A study of several sources and rule sets, one folder per rule set: its
//! mean, several-measure rate, `holds` and smallest tables, grouped by
//! source, against a brute force written here.

use crate::study_engine::{boards, greedy, optimal, rows};
use crate::support::{assert_status, coinline, workdir};
use coinline_core::play::{Game, Row};
use std::collections::BTreeMap;

const STUDY: &str = r#"
name = "two-sources"
games = ["coins", "numbergame"]
per_game = true

[[source]]
kind = "enumerate"
n = "1..5"
alphabet = "0..2"

[[source]]
name = "signed"
kind = "enumerate"
n = "2,4"
alphabet = "-1..1"

[[table]]
name = "regret"
measures = ["greedy.regret", "value"]
aggregate = "mean"
group = "source parity"

[[table]]
name = "turned"
measures = ["greedy.turned_loss", "greedy.optimal"]
aggregate = "rate"
group = "source n"

[[table]]
name = "half"
measure = "share"
holds = "<= 1/2"
aggregate = "rate"
group = "source"
games = ["coins"]

[[table]]
name = "first-worse"
measure = "greedy.regret"
holds = "> 0"
aggregate = "smallest"
group = "source parity"

[check]
every = 7
"#;

/// What the brute force finds on one group: boards, sums and counts.
#[derive(Default, Debug)]
struct Tally {
    boards: u64,
    regret: i64,
    value: i64,
    turned: u64,
    optimal: u64,
    half: u64,
    first_worse: Option<String>,
}

fn text(b: &[i64]) -> String {
    b.iter().map(i64::to_string).collect::<Vec<_>>().join(" ")
}

#[test]
fn several_sources_and_measures_match_a_brute_force() {
    let dir = workdir("study_sources", "two");
    std::fs::write(dir.join("two.toml"), STUDY).unwrap();
    let run = coinline(&dir, &["study", "run", "two.toml", "--out", "out"]);
    assert_status(&run, 0);
    let sources: [(&str, Vec<usize>, i64, i64); 2] = [
        ("0..2", (1..=5).collect(), 0, 2),
        ("signed", vec![2, 4], -1, 1),
    ];
    for (game, folder) in [("coins", "coins"), ("numbergame", "numbergame")] {
        let g: Game = game.parse().unwrap();
        let out = dir.join("out").join(folder);
        // Keys: (source, "even"/"odd" or n).
        let (mut by_parity, mut by_n) = (BTreeMap::new(), BTreeMap::new());
        let mut by_source: BTreeMap<String, Tally> = BTreeMap::new();
        for (label, lengths, lo, hi) in &sources {
            for &n in lengths {
                for b in boards(n, *lo, *hi) {
                    let row = Row::new(g, &b);
                    let value = optimal(g, &row, 0, n);
                    let mine = greedy(g, &row, 0, n, true);
                    let parity = if n % 2 == 0 { "even" } else { "odd" };
                    let p: &mut Tally = by_parity.entry((label.to_string(), parity)).or_default();
                    p.boards += 1;
                    p.regret += value - mine;
                    p.value += value;
                    if value > mine && p.first_worse.is_none() {
                        p.first_worse = Some(text(&b));
                    }
                    let t: &mut Tally = by_n.entry((label.to_string(), n.to_string())).or_default();
                    t.boards += 1;
                    t.turned += u64::from(value >= 0 && mine < 0);
                    t.optimal += u64::from(value == mine);
                    let sum: i64 = b.iter().sum();
                    let s = by_source.entry(label.to_string()).or_default();
                    if sum > 0 {
                        // first / sum <= 1/2, first = (sum + value) / 2.
                        s.boards += 1;
                        s.half += u64::from(value <= 0);
                    }
                }
            }
        }
        let key = |r: &BTreeMap<String, String>| (r["source"].clone(), r["group"].clone());
        let regret = rows(&out.join("regret.csv"));
        assert_eq!(
            regret.len(),
            by_parity.len(),
            "{game}: a row per source and parity"
        );
        for r in &regret {
            let (source, group) = key(r);
            let want = &by_parity[&(source, group.as_str())];
            assert_eq!(
                r["greedy.regret_sum"],
                want.regret.to_string(),
                "{game} {r:?}"
            );
            assert_eq!(r["value_sum"], want.value.to_string(), "{game} {r:?}");
            let mean: f64 = r["value_mean"].parse().unwrap();
            assert!(
                (mean - want.value as f64 / want.boards as f64).abs() < 1e-6,
                "{r:?}"
            );
        }
        let turned = rows(&out.join("turned.csv"));
        assert_eq!(turned.len(), by_n.len(), "{game}");
        for r in &turned {
            let want = &by_n[&key(r)];
            assert_eq!(r["boards"], want.boards.to_string(), "{game} {r:?}");
            assert_eq!(
                r["greedy.turned_loss_holds"],
                want.turned.to_string(),
                "{game} {r:?}"
            );
            assert_eq!(
                r["greedy.optimal_holds"],
                want.optimal.to_string(),
                "{game} {r:?}"
            );
        }
        for r in &rows(&out.join("first-worse.csv")) {
            let (source, group) = key(r);
            let want = &by_parity[&(source, group.as_str())];
            assert_eq!(
                Some(r["smallest_board"].clone()).filter(|b| !b.is_empty()),
                want.first_worse,
                "{game} {r:?}"
            );
        }
        let half = out.join("half.csv");
        if game == "numbergame" {
            assert!(
                !half.exists(),
                "a table of coins only has no numbergame file"
            );
            continue;
        }
        for r in &rows(&half) {
            let want = &by_source[&r["source"]];
            assert_eq!(r["boards"], want.boards.to_string(), "{r:?}");
            assert_eq!(r["holds"], want.half.to_string(), "{r:?}");
        }
    }
    let sources_csv = rows(&dir.join("out/coins/sources.csv"));
    assert_eq!(
        sources_csv.len(),
        7,
        "five lengths of one source, two of the other"
    );
}

/// The CSV files of every folder under `dir`, by relative path.
fn tree(dir: &std::path::Path) -> BTreeMap<String, String> {
    let mut all = BTreeMap::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            let folder = path.file_name().unwrap().to_string_lossy().into_owned();
            for (name, text) in tree(&path) {
                all.insert(format!("{folder}/{name}"), text);
            }
        } else if path.extension().is_some_and(|x| x == "csv") {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            all.insert(name, std::fs::read_to_string(&path).unwrap());
        }
    }
    all
}

#[test]
fn shards_of_several_sources_merge_to_the_bytes_of_one_run() {
    let dir = workdir("study_sources", "shards");
    std::fs::write(dir.join("two.toml"), STUDY).unwrap();
    assert_status(
        &coinline(&dir, &["study", "run", "two.toml", "--out", "whole"]),
        0,
    );
    for k in ["1/2", "2/2"] {
        let run = coinline(
            &dir,
            &["study", "run", "two.toml", "--shard", k, "--out", "parts"],
        );
        assert_status(&run, 0);
    }
    let run = coinline(
        &dir,
        &[
            "study", "run", "two.toml", "--merge", "parts", "--out", "merged",
        ],
    );
    assert_status(&run, 0);
    let whole = tree(&dir.join("whole"));
    assert!(whole.contains_key("coins/regret.csv"), "{:?}", whole.keys());
    assert_eq!(whole, tree(&dir.join("merged")));
}

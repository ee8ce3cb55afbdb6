//! The committed corpus, replayed: every file under `corpus/<target>/` goes
//! through the same decoding and check as the fuzz target of that name
//! (`coinline_harness::fuzzing::TARGETS`). Also the generator of the seed files
//! (`seed-*`), and proof that the replay catches wrong solvers and
//! heuristics.
//!
//! Regenerate the seeds after changing them here (the snapshot-overwrite
//! idiom; without the variable the test only compares):
//! `COINLINE_WRITE_SEEDS=1 cargo test --test it corpus::seed_files_match`

use coinline_core::case::{Case, RawCase};
use coinline_core::generate::{random_board, Span, Values};
use coinline_core::mutants::{BoastfulGreedy, PlantedTable, StrictPeaks};
use coinline_core::solve::{Memo, Solver, Table};
use coinline_core::{Board, Game};
use coinline_harness::fuzzing::{
    check_heuristics, check_large_boards, check_solvers_agree, decode_whole, HeuristicsInput,
    LargeInput, SolversAgreeInput, TARGETS,
};
use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus")
}

/// The files of `corpus/<target>/`, sorted by name, with their bytes
/// (hidden files such as `.gitkeep` left out).
fn corpus_files(target: &str) -> Vec<(String, Vec<u8>)> {
    files_in(&corpus_dir().join(target))
}

/// The files of `dir`, sorted by name, with their bytes (hidden files left
/// out): every file counts, whatever its name, so a crash copied in is
/// replayed without a change here.
fn files_in(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| {
            let path = entry.expect("a directory entry").path();
            let bytes = std::fs::read(&path)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, bytes)
        })
        .filter(|(name, _)| !name.starts_with('.'))
        .collect();
    files.sort();
    files
}

/// Runs `check` on every file of `corpus/<target>/`, catching panics, and
/// returns one line per failing file: `corpus/TARGET/FILE: message`.
fn failures(target: &str, check: impl Fn(&[u8]) -> Result<(), String>) -> Vec<String> {
    failures_in(&corpus_dir(), target, check)
}

/// [`failures`] of the corpus folder `root` (`corpus/` or a copy of it).
fn failures_in(
    root: &Path,
    target: &str,
    check: impl Fn(&[u8]) -> Result<(), String>,
) -> Vec<String> {
    files_in(&root.join(target))
        .into_iter()
        .filter_map(|(name, bytes)| {
            let outcome = catch_unwind(AssertUnwindSafe(|| check(&bytes)))
                .unwrap_or_else(|panic| Err(format!("panicked: {}", panic_text(&panic))));
            outcome
                .err()
                .map(|message| format!("corpus/{target}/{name}: {message}"))
        })
        .collect()
}

fn panic_text(panic: &Box<dyn std::any::Any + Send>) -> String {
    panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "(no message)".into())
}

/// Replays every folder of `root` through its target's check (all but the
/// targets that must fail): one line per problem (a folder no target owns,
/// an empty folder, a failing file), and how many files were replayed.
fn replay_problems(root: &Path) -> (Vec<String>, usize) {
    let mut problems = Vec::new();
    for entry in std::fs::read_dir(root).expect("the corpus folder exists") {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if !name.starts_with('.') && !TARGETS.iter().any(|t| t.name == name) {
            problems.push(format!("corpus/{name}: no fuzz target has this name"));
        }
    }
    let mut replayed = 0;
    for target in TARGETS {
        let count = files_in(&root.join(target.name)).len();
        if count == 0 {
            problems.push(format!("corpus/{}: no files", target.name));
        }
        if !target.must_fail {
            replayed += count;
            problems.extend(failures_in(root, target.name, target.replay));
        }
    }
    (problems, replayed)
}

#[test]
fn every_corpus_file_replays_clean() {
    let (problems, replayed) = replay_problems(&corpus_dir());
    assert!(
        problems.is_empty(),
        "{} problems in {replayed} corpus files:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn a_file_copied_into_a_corpus_folder_is_replayed() {
    // docs/fuzzing.md's one command for a crash is a copy into
    // corpus/<target>/ under any name: in a copy of the corpus (one committed
    // file per target), a file dropped into each folder is replayed and named.
    let root = crate::support::workdir("corpus", "dropped");
    let mut kept = 0;
    for target in TARGETS {
        let dir = root.join(target.name);
        std::fs::create_dir_all(&dir).unwrap();
        let (name, bytes) = corpus_files(target.name).swap_remove(0);
        std::fs::write(dir.join(name), bytes).unwrap();
        kept += usize::from(!target.must_fail);
    }
    assert_eq!(replay_problems(&root), (Vec::new(), kept));
    // A game byte, then a tag announcing an i16 with one byte of it: no
    // target but parse (which takes any bytes) decodes it whole.
    let dropped = ["solvers_agree", "heuristics", "large_boards", "linear"];
    for target in dropped {
        std::fs::write(root.join(target).join("crash-0123abcd"), [0, 97, 192, 5]).unwrap();
    }
    let (problems, replayed) = replay_problems(&root);
    assert_eq!(replayed, kept + dropped.len());
    assert_eq!(problems.len(), dropped.len(), "{problems:#?}");
    for (target, problem) in dropped.iter().zip(&problems) {
        let named = format!("corpus/{target}/crash-0123abcd: ");
        assert!(problem.starts_with(&named), "{problem}");
    }
}

/// Asserts that the seed of `worked` is among the `found` failures of
/// `target`, and that every failure has `signature`.
fn assert_seed_fails(found: &[String], target: &str, worked: &Case, signature: &str) {
    let expected = format!("corpus/{target}/seed-{}:", worked.file_stem());
    assert!(
        found.iter().any(|f| f.starts_with(&expected)),
        "{worked} should fail; failures: {found:#?}"
    );
    assert!(found.iter().all(|f| f.contains(signature)), "{found:#?}");
}

#[test]
fn replay_catches_a_solver_with_the_planted_bug() {
    let solvers: [&dyn Solver; 3] = [&Memo, &Table, &PlantedTable];
    let found = failures("solvers_agree", |bytes| {
        let input = decode_whole::<SolversAgreeInput>(bytes, 1)?;
        check_solvers_agree(&input.0, &solvers)
    });
    let worked = case(Game::NUMBERGAME, "-1000 -1000 -3 -1000 -1000");
    assert_seed_fails(&found, "solvers_agree", &worked, "disagree:planted-table");
    // Only numbergame boards of 3 or more values can tell.
    assert!(
        found.iter().all(|f| f.contains("case: numbergame:")),
        "{found:#?}"
    );
}

#[test]
fn every_planted_corpus_file_fails_with_the_planted_bug() {
    // The `planted` target must crash: each of its committed inputs is a
    // board on which the planted table disagrees, through the target's own
    // replay (the same function the fuzz target calls).
    let target = TARGETS.iter().find(|t| t.name == "planted").unwrap();
    assert!(target.must_fail);
    let files = corpus_files("planted");
    assert!(!files.is_empty());
    for (name, bytes) in files {
        match (target.replay)(&bytes) {
            Err(finding) => assert!(
                finding.starts_with("disagree:planted-table"),
                "corpus/planted/{name}: {finding}"
            ),
            Ok(()) => panic!("corpus/planted/{name}: the planted bug was not found"),
        }
    }
    // The same inputs pass with the real table.
    let clean = TARGETS.iter().find(|t| t.name == "solvers_agree").unwrap();
    assert_eq!(failures("planted", clean.replay), Vec::<String>::new());
}

#[test]
fn linear_replay_catches_strict_peaks() {
    // The `linear` target's check with the wrong variant in place of linear.
    let solvers: [&dyn Solver; 2] = [&StrictPeaks, &Table];
    let found = failures("linear", |bytes| {
        let raw = decode_whole::<LargeInput>(bytes, 12)?.raw_case();
        let coins = RawCase {
            game: Game::COINS,
            values: raw.values,
        };
        check_large_boards(&coins, &solvers)
    });
    assert!(!found.is_empty(), "no corpus file told strict peaks apart");
    assert!(
        found.iter().all(|f| f.contains("disagree:table")),
        "{found:#?}"
    );
}

#[test]
fn replay_catches_a_heuristic_below_its_claimed_bound() {
    let found = failures("heuristics", |bytes| {
        let input = decode_whole::<HeuristicsInput>(bytes, 1)?;
        check_heuristics(&input.0, &Table, &[&BoastfulGreedy])
    });
    let worked = case(Game::COINS, "8 15 3 7");
    assert_seed_fails(
        &found,
        "heuristics",
        &worked,
        "below-guarantee:boastful-greedy",
    );
}

#[test]
fn replay_reports_files_that_do_not_decode() {
    let target = TARGETS.iter().find(|t| t.name == "solvers_agree").unwrap();
    // coins: 1, then a tag announcing an i16 with one byte of it.
    let err = (target.replay)(&[0, 97, 192, 5]).unwrap_err();
    assert!(err.contains("first 2 of 4 bytes"), "{err}");
    let large = TARGETS.iter().find(|t| t.name == "large_boards").unwrap();
    assert!((large.replay)(&[1, 2, 3]).is_err());
}

// ---- The seed corpus and its generator -------------------------------------

/// The worked examples of the sources.
const WORKED: [(Game, &str); 7] = [
    (Game::COINS, "8 15 3 7"),
    (Game::COINS, "2 2 2 2"),
    (Game::COINS, "20 30 2 2 2 10"),
    (Game::COINS, "5 3 7 10"),
    (Game::NUMBERGAME, "-1000 -1000 -3 -1000 -1000"),
    (Game::NUMBERGAME, "100 -1000 -1000 100 -1000 -1000"),
    (Game::NUMBERGAME, "7 -5 8 5 1 -4 -8 6 7 9"),
];

/// Odd, even, negative, tiny and extreme boards, and rule sets beyond the
/// aliases (one-sided, deletes of several counts, unbounded tails, rest
/// scoring, circles; the compact and the full byte form). The unbounded
/// tails with rest scoring or deletes, one-ended or not, and the coins board
/// whose shift by one overflows were added where `scripts/fuzz-coverage.sh`
/// showed code no input reached.
const EXTRA: [&str; 22] = [
    "take=1,2 delete=3: 5 -3 8 1 -9 4 7",
    "ends=right take=2..: 3 -1 4 1 -5 9",
    "take=1..3 score=rest circle: 6 -2 7 1 8",
    "ends=left take=1,3 delete=1: -4 4 -4 4 -4",
    "take=2 delete=1,2 score=rest: 1 2 3 4 5 6 7 8 9",
    "take=7,40 circle: 9 8 7 6 5 4 3 2 1 0 -1",
    "coins: -",
    "numbergame: 42",
    "gameofsum: -5 -1",
    "coins: -7 -1 -9",
    "numbergame: 1 -2 3 -4 5 -6 7 -8 9 -10 11",
    "coins: 3 1 4 1 5 9 2 6 5 3 5 8 9 7 9 3",
    "coins: 3 1 4 1 5 9 2 6 5 3 5 8 9 7 9 3 2",
    "gameofsum: 4611686018427387903 -4611686018427387904",
    "numbergame: 9223372036854775807",
    "coins: -9223372036854775807 0 0",
    "gameofsum: 0 0 0 0 0 0 0",
    "take=2.. score=rest: 3 -1 4 1 -5 9 2",
    "take=1 delete=2..: 5 -2 7 -9 4 1",
    "ends=left take=1.. score=rest: 4 -3 2 8 -1",
    "ends=right take=1,2 delete=1..: 2 7 -4 1 3",
    "coins: 9223372036854775806 0",
];

fn case(game: Game, values: &str) -> Case {
    Case::new(game, Board::parse(values).expect("a seed board parses"))
}

/// Inputs of the case targets (solvers_agree, heuristics): each worked
/// example under every game, the extra boards, long random boards up to the
/// length cap, and boards the overflow rule refuses.
fn case_seeds(max_len: usize) -> Vec<(String, Vec<u8>)> {
    let mut cases: Vec<Case> = Vec::new();
    for (_, values) in WORKED {
        cases.extend(Game::ALL.map(|game| case(game, values)));
    }
    cases.extend(EXTRA.map(|text| text.parse::<Case>().expect("a seed case parses")));
    let draws = [Values::Spiky, Values::Extreme, Values::Zigzag];
    for (i, (game, values)) in Game::ALL.into_iter().zip(draws).enumerate() {
        let lengths = Span {
            lo: max_len - i,
            hi: max_len - i,
        };
        cases.push(Case::new(game, random_board(4, i as u64, lengths, values)));
    }
    let mut seeds: Vec<(String, Vec<u8>)> = cases
        .iter()
        .map(|c| (format!("seed-{}", c.file_stem()), c.to_bytes()))
        .collect();
    // Refused by the overflow rule: i64::MAX then 1 (two encoded cases
    // spliced), and i64::MIN alone (tag 248: an i64 payload follows).
    let max_then_one = [
        case(Game::COINS, "9223372036854775807").to_bytes(),
        case(Game::COINS, "1").to_bytes()[1..].to_vec(),
    ]
    .concat();
    let min = [&[2u8, 248][..], &i64::MIN.to_le_bytes()].concat();
    seeds.push(("seed-refused-coins-max-plus-one".into(), max_then_one));
    seeds.push(("seed-refused-gameofsum-min".into(), min));
    seeds
}

/// Inputs of `planted`: numbergame boards on which the planted bug shows.
fn planted_seeds() -> Vec<(String, Vec<u8>)> {
    let worked = WORKED
        .iter()
        .filter(|(game, _)| *game == Game::NUMBERGAME)
        .map(|&(game, values)| case(game, values));
    worked
        .chain([case(Game::NUMBERGAME, "5 -9 1")])
        .map(|c| (format!("seed-{}", c.file_stem()), c.to_bytes()))
        .collect()
}

/// Inputs of `parse`: every text format, good and bad, and case bytes.
fn parse_seeds() -> Vec<(String, Vec<u8>)> {
    let mut seeds: Vec<(String, Vec<u8>)> = Vec::new();
    for (i, (game, values)) in WORKED.iter().enumerate() {
        let case = case(*game, values);
        seeds.push((
            format!("seed-worked-{i}-case"),
            case.to_string().into_bytes(),
        ));
        seeds.push((format!("seed-worked-{i}-board"), values.as_bytes().to_vec()));
        seeds.push((format!("seed-worked-{i}-bytes"), case.to_bytes()));
    }
    let texts = [
        ("commas", "8,15,3,7"),
        ("mixed-space", " 8\t15\n3 ,7 "),
        ("signs", "+5 -0 007"),
        ("out-of-range", "9223372036854775808"),
        ("overflow", "-9223372036854775808 1"),
        ("bad-token", "1 2 x3"),
        ("case-line", "coins: 8 15 3 7|R L L L"),
        ("case-bad-line", "numbergame: 7 -5 8|DL DL"),
        ("gameofsum-line", "gameofsum: -1 2 -3 4|L3 R"),
        ("empty-case", "gameofsum: -"),
        ("no-values", "coins:"),
        ("line", "L DR R3 L2"),
        ("empty-line", "-"),
        ("span", "-3..5"),
        ("span-inclusive", "0..=9"),
        ("distribution", "extreme"),
        ("empty", ""),
        ("empty-field", "1,2,,3"),
        ("trailing-comma", "8,15,3,7,"),
        ("unicode-spaces", "1\u{a0}2\u{3000}3\u{85}4"),
        (
            "long-token",
            "1 777777777777777777777777777777777777777777777777777x 2",
        ),
        (
            "leading-zeros",
            "-0000000000000000000000000009223372036854775808",
        ),
    ];
    seeds.extend(
        texts.map(|(label, text)| (format!("seed-text-{label}"), text.as_bytes().to_vec())),
    );
    // Each judge format, written by the judge module from the worked boards.
    let boards: Vec<Board> = WORKED
        .iter()
        .map(|(_, values)| Board::parse(values).expect("a seed board parses"))
        .collect();
    for problem in coinline_judge::Problem::all() {
        let batch = &boards[..boards.len().min(problem.max_batch())];
        let label = problem
            .options()
            .replace("--problem ", "")
            .replace(" --", "-")
            .replace(' ', "-");
        seeds.push((
            format!("seed-judge-{label}"),
            problem.write_boards(batch).into_bytes(),
        ));
    }
    seeds
}

/// Inputs of `large_boards`: each worked example repeated to a long board,
/// and each distribution once (games in turn, some at the length bound).
fn large_seeds() -> Vec<(String, Vec<u8>)> {
    let mut seeds = Vec::new();
    for (i, (game, values)) in WORKED.iter().enumerate() {
        let len = 200 + 37 * i;
        let bytes = LargeInput::encode(&case(*game, values), len, 7, 0);
        seeds.push((format!("seed-worked-{i}-{game}-n{len}-repeat"), bytes));
    }
    for (fill, game) in Game::ALL.into_iter().cycle().take(7).enumerate() {
        let len = if fill % 3 == 0 {
            coinline_harness::fuzzing::large_max_len(game)
        } else {
            211 + 50 * fill
        };
        let empty = Case::new(game, Board::default());
        let bytes = LargeInput::encode(&empty, len, fill as u8, 1000 + fill as u64);
        let label = match LargeInput::FILLS[fill] {
            coinline_harness::fuzzing::FillRule::Draw(values) => {
                values.to_string().replace("..", "_")
            }
            coinline_harness::fuzzing::FillRule::Repeat => "repeat".into(),
        };
        seeds.push((format!("seed-draw-{game}-n{len}-{label}"), bytes));
    }
    seeds
}

/// Every seed file, by target and name.
fn seeds() -> BTreeMap<&'static str, BTreeMap<String, Vec<u8>>> {
    let mut all = BTreeMap::new();
    all.insert(
        "solvers_agree",
        case_seeds(coinline_harness::fuzzing::SOLVERS_AGREE_MAX_LEN),
    );
    all.insert(
        "heuristics",
        case_seeds(coinline_harness::fuzzing::HEURISTICS_MAX_LEN),
    );
    all.insert("parse", parse_seeds());
    all.insert("planted", planted_seeds());
    all.insert("large_boards", large_seeds());
    all.insert("linear", large_seeds());
    all.into_iter()
        .map(|(target, list)| {
            let count = list.len();
            let map: BTreeMap<String, Vec<u8>> = list.into_iter().collect();
            assert_eq!(map.len(), count, "two seeds of {target} share a name");
            (target, map)
        })
        .collect()
}

/// Seed files (`seed-*`) on disk that differ from the generator's, are
/// missing, or are no longer generated.
fn stale_seeds() -> Vec<String> {
    let mut stale = Vec::new();
    for (target, wanted) in seeds() {
        let on_disk: BTreeMap<String, Vec<u8>> = corpus_files(target)
            .into_iter()
            .filter(|(name, _)| name.starts_with("seed-"))
            .collect();
        for (name, bytes) in &wanted {
            match on_disk.get(name) {
                None => stale.push(format!("corpus/{target}/{name}: missing")),
                Some(b) if b != bytes => stale.push(format!("corpus/{target}/{name}: differs")),
                Some(_) => {}
            }
        }
        for name in on_disk.keys().filter(|n| !wanted.contains_key(*n)) {
            stale.push(format!("corpus/{target}/{name}: not generated any more"));
        }
    }
    stale
}

#[test]
fn seed_files_match_their_generator() {
    if std::env::var_os("COINLINE_WRITE_SEEDS").is_some() {
        write_seed_corpus();
    }
    let stale = stale_seeds();
    assert!(
        stale.is_empty(),
        "run `COINLINE_WRITE_SEEDS=1 cargo test --test it corpus::seed_files_match`:\n{}",
        stale.join("\n")
    );
}

#[test]
fn every_seed_decodes_to_what_it_was_made_from() {
    for (name, bytes) in case_seeds(coinline_harness::fuzzing::SOLVERS_AGREE_MAX_LEN) {
        let input = decode_whole::<SolversAgreeInput>(&bytes, 1).unwrap();
        if let Ok(case) = input.0.clone().validate() {
            assert_eq!(name, format!("seed-{}", case.file_stem()));
        } else {
            assert!(name.starts_with("seed-refused-"), "{name}");
        }
    }
    // `coins: 8 15 3 7` repeated to 200 values: the first seed of large_boards.
    let (_, bytes) = &large_seeds()[0];
    let raw: RawCase = decode_whole::<LargeInput>(bytes, 12).unwrap().raw_case();
    assert_eq!(raw.values.len(), 200);
    assert_eq!(raw.values[196..], [8, 15, 3, 7]);
}

/// Writes the seed files (and removes seed files no longer generated).
fn write_seed_corpus() {
    for (target, wanted) in seeds() {
        let dir = corpus_dir().join(target);
        std::fs::create_dir_all(&dir).unwrap();
        for (name, _) in corpus_files(target) {
            if name.starts_with("seed-") && !wanted.contains_key(&name) {
                std::fs::remove_file(dir.join(&name)).unwrap();
            }
        }
        for (name, bytes) in wanted {
            coinline_output::write(&dir.join(name), |w| w.write_all(&bytes)).unwrap();
        }
    }
}

// ---- The libFuzzer dictionaries ---------------------------------------------

/// Rule words no alias's rule text holds (defaults, other counts); each is
/// checked to be a word `Game` accepts.
const MORE_RULE_WORDS: [&str; 6] = [
    "ends=both",
    "ends=right",
    "score=taken",
    "take=2..",
    "delete=1,3",
    "delete=none",
];

/// The words of the rules that remember, put back or name parameters, and
/// of the problem files that read parameters (not all words `Game` takes
/// alone: `take=1..k` needs `--param`).
const PARAMETER_WORDS: [&str; 10] = [
    "putback",
    "m",
    "take=1..2m",
    "take=2..m",
    "take=1..k",
    "k",
    "k=5",
    "n k values",
    "1..n",
    "params",
];

/// The words the `parse` target's parsers look for, from the library's own
/// lists: game aliases and the rule words of their texts, move notation,
/// solver, heuristic and distribution names, judge layouts and answer words.
fn parse_dictionary_words() -> Vec<String> {
    use coinline_core::rules::ALIASES;
    use coinline_judge::{Answer, CaseLayout, Cases, Problem, Tie};
    let mut words: Vec<String> = Game::names().into_iter().map(String::from).collect();
    for (_, _, text) in ALIASES {
        words.extend(text.split_whitespace().map(String::from));
    }
    words.extend(MORE_RULE_WORDS.map(String::from));
    words.extend(PARAMETER_WORDS.map(String::from));
    for side in [coinline_core::Side::Left, coinline_core::Side::Right] {
        for count in [1, 2, 3] {
            words.push(coinline_core::Move::take(side, count).to_string());
            words.push(coinline_core::Move::delete(side, count).to_string());
        }
    }
    words.extend(["@1", "@3", "|", "-", "..", ",", "="].map(String::from));
    words.extend(
        coinline_core::solve::solver_names()
            .into_iter()
            .map(String::from),
    );
    words.extend(
        coinline_core::strategy::heuristic_names()
            .into_iter()
            .map(String::from),
    );
    words.extend(
        Values::NAMES
            .iter()
            .filter(|n| *n != &"LO..HI")
            .map(|n| n.to_string()),
    );
    words.extend([i64::MAX.to_string(), i64::MIN.to_string()]);
    words.extend(Cases::NAMES.iter().map(|(name, _)| name.to_string()));
    words.extend(CaseLayout::NAMES.iter().map(|(name, _)| name.to_string()));
    for problem in Problem::all() {
        if let Answer::Winner(winner) = problem.answer() {
            words.extend([winner.first.clone(), winner.second.clone()]);
            if let Tie::Word(tie) = &winner.tie {
                words.push(tie.clone());
            }
        }
    }
    let mut seen = std::collections::BTreeSet::new();
    words.retain(|w| seen.insert(w.clone()));
    words
}

/// `fuzz/dict/parse.dict` as the generator writes it (libFuzzer's format:
/// one quoted entry a line, `\"`, `\\` and bytes outside printable ASCII
/// escaped as `\xNN`).
fn parse_dictionary() -> String {
    let mut out = String::from(
        "# libFuzzer dictionary of the parse target, generated from the library's word lists by\n\
         # tests/it/corpus.rs: COINLINE_WRITE_SEEDS=1 cargo test --test it corpus::dictionaries\n",
    );
    for word in parse_dictionary_words() {
        out.push('"');
        for byte in word.bytes() {
            match byte {
                b'"' | b'\\' => out.push_str(&format!("\\{}", byte as char)),
                b' '..=b'~' => out.push(byte as char),
                _ => out.push_str(&format!("\\x{byte:02X}")),
            }
        }
        out.push_str("\"\n");
    }
    out
}

#[test]
fn dictionaries_match_their_generator() {
    let path = corpus_dir().join("../fuzz/dict/parse.dict");
    let wanted = parse_dictionary();
    if std::env::var_os("COINLINE_WRITE_SEEDS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        coinline_output::write(&path, |w| w.write_all(wanted.as_bytes())).unwrap();
    }
    let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        on_disk == wanted,
        "fuzz/dict/parse.dict is stale; run `COINLINE_WRITE_SEEDS=1 cargo test --test it corpus::dictionaries`"
    );
    // Every dictionary is a target's, and every rule word of the
    // dictionary is one `Game` reads (with a parameter bound, for the words
    // that name one).
    for entry in std::fs::read_dir(path.parent().unwrap()).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        let target = name.strip_suffix(".dict").unwrap_or(&name);
        assert!(TARGETS.iter().any(|t| t.name == target), "fuzz/dict/{name}");
    }
    for word in parse_dictionary_words()
        .iter()
        // `k=5` is a --param binding, not a rule word.
        .filter(|w| w.contains('=') && w.len() > 1 && *w != "k=5")
    {
        let text = if word.starts_with("take=") {
            format!("ends=left {word}")
        } else {
            format!("take=1 {word}")
        };
        let rules: coinline_core::rules::RuleSet = text.parse().expect(word);
        let mut params = coinline_core::rules::Params::default();
        rules.params().iter().for_each(|n| params.set(n, 5));
        assert!(rules.bind(&params).is_ok(), "{word}");
    }
}

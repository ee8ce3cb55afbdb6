//! The bytes of compare's row file and summary, pinned: the documented
//! column layout, each cell recomputed from its board, the summary's rows
//! and `all` rows recounted from the row file, the summary read back, every
//! refusal of a summary that is not one, and the merge of two parts.

use super::*;
use crate::{FileProblem, MergeError};
use coinline_core::progress::Quiet;
use coinline_core::solve::exact_solvers;
use coinline_core::strategy::heuristics;

fn solvers() -> Vec<&'static dyn Solver> {
    (exact_solvers().iter().copied())
        .filter(|s| ["minimax", "memo"].contains(&s.name()))
        .collect()
}

fn greedy() -> Vec<&'static dyn Heuristic> {
    (heuristics().iter().copied())
        .filter(|h| h.name() == "greedy")
        .collect()
}

fn options(shard: Shard) -> CompareOptions {
    CompareOptions {
        games: vec![Game::COINS, Game::NUMBERGAME],
        lengths: Span { lo: 1, hi: 7 },
        boards: Boards::Random {
            count: 60,
            values: Values::Uniform(Span { lo: -9, hi: 9 }),
        },
        seed: 11,
        shard,
        jobs: 1,
        ..CompareOptions::default()
    }
}

/// The row file's bytes and the outcome of a run.
fn run_rows(options: &CompareOptions) -> (Vec<u8>, CompareOutcome) {
    let mut rows = Vec::new();
    let outcome = run_to(options, &solvers(), &greedy(), &Quiet, &mut rows).unwrap();
    (rows, outcome)
}

fn records(bytes: &[u8]) -> (csv::StringRecord, Vec<csv::StringRecord>) {
    let mut reader = csv::ReaderBuilder::new().from_reader(bytes);
    let header = reader.headers().unwrap().clone();
    (header, reader.records().map(|r| r.unwrap()).collect())
}

fn summary_bytes(summary: &CompareSummary) -> Vec<u8> {
    let mut bytes = Vec::new();
    summary.write_csv(&mut bytes).unwrap();
    bytes
}

#[test]
fn the_row_layout_is_the_documented_one() {
    let plain = RowLayout::new(&solvers(), &greedy(), false);
    let expected = "seed,index,game,n,parity,board,minimax_difference,memo_difference,\
                    agree,status,violation,first_total,outcome,greedy_difference,greedy_regret";
    assert_eq!(plain.header().join(","), expected);
    assert_eq!(plain.header_bytes(), format!("{expected}\n").into_bytes());
    let timed = RowLayout::new(&solvers(), &greedy(), true);
    assert_eq!(
        timed.header().join(","),
        format!("{expected},minimax_ns,memo_ns,check_ns")
    );
}

#[test]
fn every_cell_of_a_row_is_what_its_board_gives() {
    let (bytes, outcome) = run_rows(&options(Shard::WHOLE));
    let (header, rows) = records(&bytes);
    assert_eq!(header.len(), 15);
    assert_eq!(rows.len() as u64, outcome.checks);
    assert_eq!(outcome.checks, 120);
    let minimax = solvers()[0];
    let mut parities = std::collections::BTreeSet::new();
    for row in &rows {
        assert_eq!(row.len(), 15, "{row:?}");
        let game: Game = row[2].parse().unwrap();
        let board = Board::parse(&row[5]).unwrap();
        assert_eq!(&row[0], "11");
        assert_eq!(row[3].parse::<usize>().unwrap(), board.len());
        let parity = if board.len() % 2 == 0 { "even" } else { "odd" };
        assert_eq!(&row[4], parity, "{row:?}");
        parities.insert(parity);
        let value = minimax.difference(game, &board);
        assert_eq!(row[6].parse::<i64>().unwrap(), value, "{row:?}");
        assert_eq!(row[7].parse::<i64>().unwrap(), value, "{row:?}");
        assert_eq!((&row[8], &row[9], &row[10]), ("true", "ok", ""));
        let first_total = match game == Game::COINS {
            true => ((board.sum() + value) / 2).to_string(),
            false => String::new(),
        };
        assert_eq!(row[11], first_total, "{row:?}");
        let outcome = match value.signum() {
            1 => "win",
            0 => "tie",
            _ => "loss",
        };
        assert_eq!(&row[12], outcome, "{row:?}");
        let achieved: i64 = row[13].parse().unwrap();
        assert_eq!(row[14].parse::<i64>().unwrap(), value - achieved, "{row:?}");
    }
    assert_eq!(parities.len(), 2);
}

#[test]
fn a_row_of_cells_that_do_not_agree_is_named_in_our_words() {
    let bytes = b"a,b,c\n1,2,3\n4,5\n";
    let mut reader = csv::ReaderBuilder::new().from_reader(&bytes[..]);
    let error = reader.records().find_map(|r| r.err()).unwrap();
    assert_eq!(
        crate::MergeError::csv("t.csv", error).to_string(),
        "t.csv: line 3: 2 cells where the header has 3: the file was cut or changed after it was written"
    );
}

/// The summary's cells by column name, a map per row.
fn summary_table(bytes: &[u8]) -> Vec<BTreeMap<String, String>> {
    let (header, rows) = records(bytes);
    (rows.iter())
        .map(|r| {
            (header.iter().zip(r.iter()))
                .map(|(h, c)| (h.to_string(), c.to_string()))
                .collect()
        })
        .collect()
}

use std::collections::BTreeMap;

#[test]
fn the_summary_adds_up_the_rows_and_reads_back_as_written() {
    let (rows_bytes, outcome) = run_rows(&options(Shard::WHOLE));
    let summary = &outcome.summary;
    assert_eq!(summary.rows_digest, rows_digest(&rows_bytes));
    let bytes = summary_bytes(summary);
    assert_eq!(
        &CompareSummary::parse_csv("s.csv", &bytes).unwrap(),
        summary
    );

    let (_, rows) = records(&rows_bytes);
    let table = summary_table(&bytes);
    let number = |row: &BTreeMap<String, String>, c: &str| row[c].parse::<u64>().unwrap();
    for game in ["coins", "numbergame"] {
        let of_game = table.iter().filter(|r| r["game"] == game);
        let (groups, all): (Vec<_>, Vec<_>) = of_game.partition(|r| r["n"] != "all");
        assert_eq!(all.len(), 1, "{game}");
        for column in [
            "boards", "agreed", "failures", "wins", "ties", "losses", "rows",
        ] {
            let sum: u64 = groups.iter().map(|r| number(r, column)).sum();
            assert_eq!(number(all[0], column), sum, "{game} {column}");
        }
        for row in &groups {
            let counted = (rows.iter())
                .filter(|r| &r[2] == game && r[3] == row["n"])
                .count() as u64;
            assert_eq!(number(row, "rows"), counted);
            assert_eq!(number(row, "boards"), counted);
            let boards = number(row, "boards") as f64;
            assert_eq!(
                number(row, "failures"),
                number(row, "boards") - number(row, "agreed")
            );
            assert_eq!(
                row["win_rate"],
                format!("{:.6}", number(row, "wins") as f64 / boards)
            );
            let optimal = number(row, "greedy_optimal") as f64;
            let greedy_boards = number(row, "greedy_boards") as f64;
            assert_eq!(
                row["greedy_optimal_rate"],
                format!("{:.6}", optimal / greedy_boards)
            );
            assert_eq!(
                (&row["run"], &row["shard"]),
                (&summary.run, &"1/1".to_string())
            );
        }
    }
    assert_eq!(table.len(), summary.groups.len() + 2);
    let by_game = summary.by_game();
    assert_eq!(by_game.len(), 2);
    assert_eq!(by_game[0].0, Game::COINS);
    assert_eq!(by_game[0].1.boards + by_game[1].1.boards, 120);
    assert!(by_game.iter().all(|(_, t)| t.boards == 60));
}

#[test]
fn two_parts_merge_into_the_whole_and_strangers_are_refused() {
    let (_, whole) = run_rows(&options(Shard::WHOLE));
    let (_, first) = run_rows(&options(Shard::new(1, 2).unwrap()));
    let (_, second) = run_rows(&options(Shard::new(2, 2).unwrap()));
    let mut merged = first.summary.clone();
    merged.merge(second.summary.clone()).unwrap();
    assert_eq!(merged.groups, whole.summary.groups);
    assert_eq!(merged.rows, whole.summary.rows);
    assert_eq!(merged.rows_digest, "");

    let mut other_run = second.summary.clone();
    other_run.run = "another".into();
    let refused = first.summary.clone().merge(other_run).unwrap_err();
    assert!(
        matches!(refused.layer::<MergeError>(), Some(MergeError::OtherRun { second, .. }) if second == "another"),
        "{refused}"
    );
    let mut other_heuristics = second.summary.clone();
    other_heuristics.heuristics = vec!["parity".into()];
    let refused = first.summary.clone().merge(other_heuristics).unwrap_err();
    assert!(
        matches!(refused.layer::<MergeError>(), Some(MergeError::OtherHeuristics { first, second }) if *first == ["greedy"] && *second == ["parity"]),
        "{refused}"
    );
}

#[test]
fn what_is_not_a_summary_is_refused_with_its_reason() {
    let (_, outcome) = run_rows(&options(Shard::WHOLE));
    let text = String::from_utf8(summary_bytes(&outcome.summary)).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // The line and the problem of the refusal.
    let refuse = |lines: &[String]| -> (Option<u64>, FileProblem) {
        let bytes = lines.join("\n") + "\n";
        let err = CompareSummary::parse_csv("s.csv", bytes.as_bytes()).unwrap_err();
        match err.layer::<MergeError>() {
            Some(MergeError::File {
                file,
                line,
                problem,
            }) if file == "s.csv" => (*line, problem.clone()),
            _ => panic!("{err}"),
        }
    };
    let columns = (None, FileProblem::SummaryColumns);
    let is = |found: (Option<u64>, FileProblem), expected: (Option<u64>, FileProblem)| {
        assert_eq!(found.0, expected.0, "{}", found.1);
        assert_eq!(found.1.to_string(), expected.1.to_string());
    };
    let owned = |f: &dyn Fn(usize, &str) -> String| -> Vec<String> {
        lines.iter().enumerate().map(|(i, l)| f(i, l)).collect()
    };
    let edit_cell = |line: usize, column: usize, value: &str| {
        owned(&|i, l| match i == line {
            true => {
                let mut cells: Vec<&str> = l.split(',').collect();
                cells[column] = value;
                cells.join(",")
            }
            false => l.to_string(),
        })
    };
    let header: Vec<&str> = lines[0].split(',').collect();
    let column = |name: &str| header.iter().position(|c| *c == name).unwrap();

    let no_digest = owned(&|i, l| match i {
        0 => l.replace(",rows_sha256", ",digest"),
        _ => l.to_string(),
    });
    is(refuse(&no_digest), (None, FileProblem::NotSummary));
    let renamed = edit_cell(0, column("agreed"), "agreeing");
    is(refuse(&renamed), columns.clone());
    let unnamed = edit_cell(0, column("greedy_boards"), "_boards");
    is(refuse(&unnamed), columns.clone());
    let misnamed = edit_cell(0, column("greedy_losses"), "greedy_lost");
    is(refuse(&misnamed), columns.clone());
    let short = owned(&|_, l| {
        let mut cells: Vec<&str> = l.split(',').collect();
        cells.remove(column("greedy_worst_board"));
        cells.join(",")
    });
    is(refuse(&short), columns.clone());
    let only_fixed = owned(&|_, l| {
        let cells: Vec<&str> = l.split(',').collect();
        [&cells[..5], &cells[cells.len() - 4..]].concat().join(",")
    });
    is(refuse(&only_fixed), columns);

    let other_run = edit_cell(2, column("run"), "another");
    is(refuse(&other_run), (Some(3), FileProblem::RunDiffers));
    let other_shard = edit_cell(2, column("shard"), "2/2");
    is(refuse(&other_shard), (Some(3), FileProblem::RunDiffers));
    let other_digest = edit_cell(2, column("rows_sha256"), "00");
    is(refuse(&other_digest), (Some(3), FileProblem::RunDiffers));

    let boards: u64 = lines[1]
        .split(',')
        .nth(column("boards"))
        .unwrap()
        .parse()
        .unwrap();
    let too_many = (boards + 1).to_string();
    for field in ["agreed", "wins", "ties", "losses"] {
        let edited = edit_cell(1, column(field), &too_many);
        is(refuse(&edited), (Some(2), FileProblem::CountsExceed));
    }
    let twice = owned(&|i, l| match i {
        2 => lines[1].to_string(),
        _ => l.to_string(),
    });
    let (line, problem) = refuse(&twice);
    assert!(
        line == Some(3) && matches!(problem, FileProblem::GroupTwice { .. }),
        "{problem}"
    );
    let word = edit_cell(1, column("boards"), "many");
    let (boards, cell) = ("boards".into(), "many".into());
    is(
        refuse(&word),
        (
            Some(2),
            FileProblem::ColumnInteger {
                column: boards,
                cell,
            },
        ),
    );
    let negative = edit_cell(1, column("wins"), "-1");
    is(
        refuse(&negative),
        (Some(2), FileProblem::ColumnRange("wins".into())),
    );
}

#[test]
fn a_summary_read_back_keeps_every_figure_in_its_column() {
    // Distinct figures in every column, so reading one column for another
    // shows.
    let mut summary = CompareSummary::new(vec!["greedy".into(), "parity".into()]);
    summary.run = "run-id".into();
    summary.shard = Shard::new(2, 3).unwrap();
    summary.rows_digest = "ab12".into();
    let mut tally = Tally {
        boards: 50,
        agreed: 40,
        wins: 21,
        ties: 7,
        losses: 13,
        heuristics: Vec::new(),
    };
    *tally.heuristic_mut("greedy") = HeuristicTally {
        boards: 31,
        optimal: 23,
        turned_into_loss: 5,
        losses: 11,
        regret_sum: 97,
        worst: Some((17, 43, Board::parse("1 -2 3").unwrap())),
    };
    *tally.heuristic_mut("parity") = HeuristicTally {
        boards: 29,
        optimal: 19,
        turned_into_loss: 3,
        losses: 2,
        regret_sum: 61,
        worst: Some((13, 8, Board::parse("4 5").unwrap())),
    };
    summary.groups.insert((Game::COINS, 6), tally.clone());
    summary.groups.insert((Game::COINS, 9), tally);
    summary.rows.insert((Game::COINS, 6), 37);
    let mut other = summary.groups[&(Game::COINS, 6)].clone();
    other.heuristics.clear();
    summary.groups.insert((Game::NUMBERGAME, 3), other);
    summary.rows.insert((Game::NUMBERGAME, 3), 5);
    let bytes = summary_bytes(&summary);
    assert_eq!(CompareSummary::parse_csv("s.csv", &bytes).unwrap(), summary);
    // Each game's all row counts its own rows only.
    let table = summary_table(&bytes);
    let all = |game: &str| {
        let row = table.iter().find(|r| r["game"] == game && r["n"] == "all");
        row.unwrap()["rows"].clone()
    };
    assert_eq!((all("coins"), all("numbergame")), ("37".into(), "5".into()));
    // A run without heuristics has only the fixed and the run's columns.
    let mut bare = CompareSummary::new(Vec::new());
    bare.groups.insert((Game::COINS, 2), Tally::default());
    assert_eq!(
        CompareSummary::parse_csv("s.csv", &summary_bytes(&bare)).unwrap(),
        bare
    );
}

use coinline_core::summary::{HeuristicTally, Tally};

#[test]
fn digests_and_derived_names() {
    assert_eq!(
        rows_digest(b"abc"),
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    );
    let mut inner = Flushes::default();
    let mut writer = summary_csv::DigestWriter::new(&mut inner);
    writer.write_all(b"abc").unwrap();
    writer.flush().unwrap();
    assert_eq!(writer.digest(), rows_digest(b"abc"));
    assert_eq!(inner.flushes, 1);
    assert_eq!(inner.bytes, b"abc");
    let path = |p: &str| summary_path(Path::new(p)).to_string_lossy().into_owned();
    assert_eq!(path("out/rows.csv"), "out/rows-summary.csv");
    assert_eq!(path("rows"), "rows-summary");
    assert_eq!(path("a.b.tsv"), "a.b-summary.tsv");
}

use std::io::Write;
use std::path::Path;

#[derive(Default)]
struct Flushes {
    bytes: Vec<u8>,
    flushes: usize,
}

impl Write for Flushes {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.bytes.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.flushes += 1;
        Ok(())
    }
}

/// A solver that is off by one everywhere: its rows must say so.
struct OffByOne;

impl Solver for OffByOne {
    fn name(&self) -> &str {
        "off"
    }

    fn difference(&self, game: Game, board: &Board) -> i64 {
        solvers()[0].difference(game, board) + 1
    }
}

#[test]
fn a_row_where_solvers_disagree_says_so() {
    let mut options = options(Shard::WHOLE);
    options.games = vec![Game::COINS];
    options.max_failures = 0;
    let mut bytes = Vec::new();
    let pair: [&dyn Solver; 2] = [solvers()[0], &OffByOne];
    run_to(&options, &pair, &greedy(), &Quiet, &mut bytes).unwrap();
    let (header, rows) = records(&bytes);
    let agree = header.iter().position(|c| c == "agree").unwrap();
    assert!(!rows.is_empty());
    assert!(rows.iter().all(|r| &r[agree] == "false"), "{rows:?}");
    assert!(rows.iter().all(|r| &r[agree + 1] != "ok"), "{rows:?}");
}

//! `coinline solve`: one board, every exact solver and heuristic.

use super::{parse_with, Status};
use clap::{Args, ValueEnum};
use coinline::board::Board;
use coinline::error::{Error, ErrorKind, Result};
use coinline::game::Game;
use coinline::solve::{admit, exact_solvers, solve, solver_by_name, Solver};
use coinline::strategy::{evaluate, heuristic_by_name, heuristics, Heuristic};
use serde::Serialize;
use std::io::{IsTerminal, Read, Write};

/// Arguments of `coinline solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The board's values (negative numbers work: `coinline solve -3 5 -1`).
    /// Without values or --board, the board is read from standard input.
    #[arg(allow_negative_numbers = true, value_name = "VALUE")]
    pub values: Vec<String>,
    /// The board as one string, values separated by commas or spaces.
    #[arg(long, conflicts_with = "values", allow_hyphen_values = true)]
    pub board: Option<String>,
    /// The game: coins, numbergame or gameofsum.
    #[arg(long, default_value = "coins", value_parser = parse_with::<Game>)]
    pub game: Game,
    /// A solver or heuristic name, or `all` (every exact solver and heuristic).
    #[arg(long, default_value = "all")]
    pub solver: String,
    /// Print the optimal line of play of each solver.
    #[arg(long)]
    pub line: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
}

/// How `solve` prints its results.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// An aligned table for people.
    Table,
    /// A CSV header and one row per solver.
    Csv,
    /// One JSON object.
    Json,
}

/// One solver's or heuristic's row of output.
#[derive(Debug, Serialize)]
struct Row {
    solver: String,
    kind: &'static str,
    difference: i64,
    first: Option<i64>,
    second: Option<i64>,
    regret: Option<i128>,
    line: Option<String>,
}

impl Row {
    /// The row's fields as text, `missing` standing for an absent value.
    fn cells(&self, missing: &str) -> Vec<String> {
        let opt = |v: Option<i128>| v.map_or_else(|| missing.to_string(), |v| v.to_string());
        vec![
            self.solver.clone(),
            self.kind.to_string(),
            self.difference.to_string(),
            opt(self.first.map(i128::from)),
            opt(self.second.map(i128::from)),
            opt(self.regret),
            // "-" is the empty line, so a line not built must read otherwise.
            self.line.clone().unwrap_or_else(|| {
                if missing.is_empty() {
                    String::new()
                } else {
                    "(none)".into()
                }
            }),
        ]
    }
}

#[derive(Debug, Serialize)]
struct Output {
    game: String,
    board: Vec<i64>,
    n: usize,
    results: Vec<Row>,
    notes: Vec<String>,
}

/// The board to solve. An input with no values at all is refused: it is
/// almost always a mistake (an empty file, a wrong pipe), and the empty
/// board's value, 0, needs no solver.
fn read_board(args: &SolveArgs) -> Result<Board> {
    let board = read_values(args)?;
    if board.is_empty() {
        return Err(Error::invalid(
            "no values given (pass them as arguments, with --board, or on standard input)",
        ));
    }
    Ok(board)
}

fn read_values(args: &SolveArgs) -> Result<Board> {
    if let Some(text) = &args.board {
        return Board::parse(text);
    }
    if !args.values.is_empty() {
        return Board::from_tokens(&args.values);
    }
    let mut stdin = std::io::stdin();
    if stdin.is_terminal() {
        eprintln!("coinline: reading a board from standard input (end with Ctrl-D)");
    }
    let mut text = String::new();
    stdin
        .read_to_string(&mut text)
        .map_err(|e| Error::invalid(format!("cannot read standard input: {e}")))?;
    Board::parse(&text)
}

/// Runs `coinline solve`.
pub fn run(args: &SolveArgs) -> Result<Status> {
    let board = read_board(args)?;
    let game = args.game;
    let (solvers, chosen_heuristics): (Vec<&dyn Solver>, Vec<&dyn Heuristic>) =
        if args.solver.eq_ignore_ascii_case("all") {
            (exact_solvers().to_vec(), heuristics().to_vec())
        } else if let Ok(s) = solver_by_name(&args.solver) {
            (vec![s], vec![])
        } else if let Ok(h) = heuristic_by_name(&args.solver) {
            (vec![], vec![h])
        } else {
            let mut names = coinline::solve::solver_names();
            names.extend(coinline::strategy::heuristic_names());
            names.push("all");
            return Err(Error::unknown("solver", &args.solver, &names));
        };
    let explicit = solvers.len() + chosen_heuristics.len() == 1;
    let mut notes = Vec::new();
    let mut rows = Vec::new();
    // Lines are needed for numbergame's totals, which depend on the line.
    let want_line = args.line || !game.scores_everything();
    let mut optimal = None;
    for solver in solvers {
        if let Err(e) = admit(solver, game, &board) {
            if explicit {
                return Err(e);
            }
            // A solver for other games only is no news.
            if !solver.supports(game) {
                continue;
            }
            notes.push(format!("{} skipped: {e}", solver.name()));
            continue;
        }
        let solution = solve(solver, game, &board, want_line)?;
        optimal.get_or_insert(solution.difference);
        if args.line && solution.line.is_none() {
            notes.push(format!(
                "{} builds no line for a board of {} values (too long for it)",
                solver.name(),
                board.len()
            ));
        }
        rows.push(Row {
            solver: solver.name().to_string(),
            kind: "exact",
            difference: solution.difference,
            first: solution.totals.map(|t| t.first),
            second: solution.totals.map(|t| t.second),
            regret: None,
            line: solution.line.map(|l| l.to_string()),
        });
    }
    for heuristic in chosen_heuristics {
        match evaluate(heuristic, game, &board) {
            Ok(p) => rows.push(Row {
                solver: heuristic.name().to_string(),
                kind: "heuristic",
                difference: p.difference,
                first: Some(p.totals.first),
                second: Some(p.totals.second),
                // Regret can exceed i64 on extreme boards.
                regret: optimal.map(|o: i64| i128::from(o) - i128::from(p.difference)),
                line: Some(p.line.to_string()),
            }),
            Err(e) if explicit => return Err(e),
            // A heuristic that does not apply to this game is no news.
            Err(e) if matches!(e.kind(), ErrorKind::Unsupported(_)) => {}
            Err(e) => notes.push(format!("{} skipped: {e}", heuristic.name())),
        }
    }
    if !args.line {
        rows.iter_mut().for_each(|r| r.line = None);
    }
    let output = Output {
        game: game.to_string(),
        board: board.values().to_vec(),
        n: board.len(),
        results: rows,
        notes,
    };
    let text = match args.format {
        Format::Table => render_table(&output, &board, args.line),
        Format::Csv => render_csv(&output)?,
        Format::Json => {
            let mut s = serde_json::to_string_pretty(&output)
                .map_err(|e| Error::invalid(format!("cannot encode JSON: {e}")))?;
            s.push('\n');
            s
        }
    };
    if args.format != Format::Json {
        for note in &output.notes {
            eprintln!("note: {note}");
        }
    }
    let mut out = std::io::stdout().lock();
    // A closed pipe (coinline solve ... | head) is not an error worth a panic.
    let _ = out.write_all(text.as_bytes());
    Ok(Status::Ok)
}

fn render_table(output: &Output, board: &Board, with_line: bool) -> String {
    let mut header = vec!["solver", "kind", "difference", "first", "second", "regret"];
    if with_line {
        header.push("line");
    }
    let mut table: Vec<Vec<String>> = vec![header.iter().map(|s| s.to_string()).collect()];
    for r in &output.results {
        let mut row = r.cells("-");
        row.truncate(header.len());
        table.push(row);
    }
    let widths: Vec<usize> = (0..table[0].len())
        .map(|c| table.iter().map(|row| row[c].len()).max().unwrap_or(0))
        .collect();
    let mut s = format!(
        "game {}, n = {}, sum = {}: {}\n",
        output.game,
        output.n,
        board.sum(),
        if board.is_empty() {
            "(empty board)".to_string()
        } else {
            board.to_string()
        }
    );
    for row in &table {
        let line: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(c, text)| {
                let last = c + 1 == row.len();
                if (2..=5).contains(&c) {
                    format!("{text:>w$}", w = widths[c])
                } else if last {
                    text.clone()
                } else {
                    format!("{text:<w$}", w = widths[c])
                }
            })
            .collect();
        s.push_str(line.join("  ").trim_end());
        s.push('\n');
    }
    s
}

fn render_csv(output: &Output) -> Result<String> {
    let csv_error =
        |e: csv::Error| Error::new(ErrorKind::Invalid(format!("cannot write CSV: {e}")));
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "solver",
        "kind",
        "difference",
        "first",
        "second",
        "regret",
        "line",
    ])
    .map_err(csv_error)?;
    for r in &output.results {
        w.write_record(r.cells("")).map_err(csv_error)?;
    }
    let bytes = w
        .into_inner()
        .map_err(|e| Error::invalid(format!("cannot write CSV: {e}")))?;
    Ok(String::from_utf8(bytes).expect("CSV of UTF-8 fields is UTF-8"))
}

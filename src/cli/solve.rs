//! `coinline solve`: one board, every exact solver and heuristic.

use super::error::{RunError, UsageError};
use super::options::{parse_with, positive_seconds, stdin_dash_alone, ParamArg};
use super::status::Status;
use crate::cli::status::say;
use clap::{Args, ValueEnum};
use coinline_core::board::Board;
use coinline_core::check::{check_owned, CaseReport, CheckConfig};
use coinline_core::error::{Error, Result};
use coinline_core::play::Game;
use coinline_core::rules::RuleSet;
use coinline_core::solve::{
    admit, exact_solvers, solver_by_name, totals_from_difference, Cost, Solver,
};
use coinline_core::strategy::{heuristic_by_name, heuristics, Heuristic};
use serde::Serialize;
use std::io::IsTerminal;

/// What `solve --help` ends with; the names are filled in from the
/// registries (see [`after_help`]).
pub fn after_help() -> String {
    format!(
        "\
Solvers: {} (exact); heuristics: {}.

Examples:
  coinline solve 8 15 3 7
  coinline solve --game numbergame --line 100 -1000 -1000 100 -1000 -1000
  echo 3 9 1 2 | coinline solve - --solver table --format csv

Exit status: 0 solved and every check passed, 1 the solvers disagree or a
check fails on this board, 2 bad usage or input.",
        coinline_core::solve::solver_names().join(", "),
        coinline_core::strategy::heuristic_names().join(", ")
    )
}

/// Arguments of `coinline solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The board's values (negative numbers work: `coinline solve -3 5 -1`);
    /// `-` or none reads them from standard input.
    #[arg(allow_negative_numbers = true, value_name = "VALUE")]
    pub values: Vec<String>,
    /// The board as one string, values separated by commas or spaces.
    #[arg(
        long,
        value_name = "TEXT",
        conflicts_with = "values",
        allow_hyphen_values = true
    )]
    pub board: Option<String>,
    /// The game: an alias (see `coinline games`) or rules such as 'take=1..3 delete=2';
    /// a count may be a parameter's name, as in 'ends=left take=1..k' (see --param).
    #[arg(long, value_name = "GAME", default_value = "coins", value_parser = parse_with::<RuleSet>)]
    pub game: RuleSet,
    #[command(flatten)]
    pub params: ParamArg,
    /// A solver or heuristic name (listed below), or `all` (every exact
    /// solver and heuristic).
    #[arg(long, value_name = "NAME", default_value = "all")]
    pub solver: String,
    /// Print the optimal line of play of each solver.
    #[arg(long)]
    pub line: bool,
    /// Output format.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = OutputFormat::Table)]
    pub format: OutputFormat,
    /// Time budget per solver or heuristic, in seconds: with `--solver all`
    /// one whose estimated time on this board is over it is skipped with a
    /// note; one named with `--solver` is refused.
    #[arg(long, allow_negative_numbers = true, value_name = "SECONDS", default_value = "10", value_parser = positive_seconds)]
    pub budget: f64,
}

impl SolveArgs {
    /// The game, its parameters bound by `--param`.
    pub fn game(&self) -> Result<Game> {
        self.params.bind(&self.game)
    }
}

/// Why a solver or heuristic does not run within the budget, if it doesn't.
fn over_budget(name: &str, cost: Option<Cost>, n: usize, budget: f64) -> Option<UsageError> {
    let seconds = cost?.seconds;
    (seconds > budget).then(|| UsageError::OverBudget {
        name: name.to_string(),
        seconds,
        n,
        budget,
    })
}

/// How `solve` prints its results.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// An aligned table for people.
    Table,
    /// A CSV header and one row per solver.
    Csv,
    /// One JSON object.
    Json,
}

/// One solver's or heuristic's row of output.
#[derive(Debug, Serialize)]
struct SolverRow {
    solver: String,
    kind: &'static str,
    difference: i64,
    first: Option<i64>,
    second: Option<i64>,
    regret: Option<i128>,
    line: Option<String>,
}

impl SolverRow {
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
struct Output<'a> {
    game: String,
    board: &'a [i64],
    n: usize,
    results: Vec<SolverRow>,
    notes: Vec<String>,
}

/// The board to solve. An input with no values at all is refused: it is
/// almost always a mistake (an empty file, a wrong pipe), and the empty
/// board's value, 0, needs no solver.
fn read_board(args: &SolveArgs) -> Result<Board> {
    let board = read_values(args)?;
    if board.is_empty() {
        return Err(UsageError::NoValuesToSolve.into());
    }
    Ok(board)
}

fn read_values(args: &SolveArgs) -> Result<Board> {
    stdin_dash_alone(&args.values)?;
    if let Some(text) = &args.board {
        return Board::parse(text);
    }
    if !args.values.is_empty() && args.values != ["-"] {
        return Board::from_tokens(&args.values);
    }
    let stdin = std::io::stdin();
    hint_terminal_stdin("a board");
    // Streamed: the text is never held whole (issue 14).
    Board::read(std::io::BufReader::with_capacity(1 << 16, stdin.lock()))
}

/// On a terminal, says that `what` is being read from standard input, so
/// a command waiting there does not look hung.
pub(super) fn hint_terminal_stdin(what: &str) {
    if std::io::stdin().is_terminal() {
        say!("coinline: reading {what} from standard input (end with Ctrl-D)");
    }
}

/// Runs `coinline solve`.
pub fn run(args: &SolveArgs) -> Result<Status> {
    // An unbound parameter is refused before any value is read.
    let game = args.game()?;
    let board = read_board(args)?;
    // A board the rules cannot score within 64 bits is an input error
    // (status 2), as in judge, not a failure of the solvers.
    game.admit(&board)?;
    let (solvers, chosen_heuristics) = chosen(&args.solver)?;
    let explicit = solvers.len() + chosen_heuristics.len() == 1;
    let n = board.len();
    let mut notes = Vec::new();
    let mut kept_solvers = kept_solvers(solvers, args, &board, explicit, &mut notes)?;
    let kept_heuristics = kept_heuristics(chosen_heuristics, args, &board, explicit, &mut notes)?;
    // Heuristics are measured against an exact value: without a solver in
    // the budget, the table (the cheapest, for the games with a kernel)
    // supplies it, and the generic solver for every other rule set.
    let reference: [&dyn Solver; 1] = if coinline_core::solve::Table.supports(game) {
        [&coinline_core::solve::Table]
    } else {
        [&coinline_core::solve::Generic]
    };
    let reference_only = kept_solvers.is_empty() && !kept_heuristics.is_empty();
    if reference_only {
        kept_solvers.extend(reference);
    }
    let config = CheckConfig {
        // Minimax runs wherever it accepts the board and the budget allows.
        minimax_max: Some(usize::MAX),
        // Lines are needed for numbergame's totals, which depend on the line.
        minimax_lines: args.line || !game.scores_everything(),
        // The invariants solve the board up to four more times (reversal,
        // shift, the rest identity's negated board) on copies of it: on
        // long boards they would multiply the time and memory of a run
        // whose point is one answer.
        invariants: n <= INVARIANTS_UP_TO,
    };
    if n > INVARIANTS_UP_TO {
        notes.push(format!(
            "the invariants (reversal, shift, rest identity) are checked up to n = {INVARIANTS_UP_TO} only (compare checks them on every board)"
        ));
    }
    let report = check_owned(game, board, &kept_solvers, &kept_heuristics, &config);
    let skipped = usize::from(reference_only) * kept_solvers.len();
    let mut rows = exact_rows(&report, game, skipped, args.line, &mut notes);
    rows.extend(heuristic_rows(&report, game, &kept_heuristics, explicit)?);
    if !args.line {
        rows.iter_mut().for_each(|r| r.line = None);
    }
    let board = &report.board;
    let output = Output {
        game: game.to_string(),
        board: board.values(),
        n: board.len(),
        results: rows,
        notes,
    };
    let text = match args.format {
        OutputFormat::Table => render_table(&output, board, args.line),
        OutputFormat::Csv => render_csv(&output)?,
        OutputFormat::Json => {
            let mut s = serde_json::to_string_pretty(&output)
                .map_err(|source| RunError::EncodeJson { source })?;
            s.push('\n');
            s
        }
    };
    if args.format != OutputFormat::Json {
        for note in &output.notes {
            say!("note: {note}");
        }
    }
    super::status::print(&text)?;
    if let Some(violation) = &report.violation {
        say!("coinline: FAILURE ({}): {violation}", violation.signature());
        return Ok(Status::FailureFound);
    }
    Ok(Status::Ok)
}

/// Exact solvers and heuristics, as the registries hold them.
type Chosen = (Vec<&'static dyn Solver>, Vec<&'static dyn Heuristic>);

/// The solvers and heuristics `--solver` names: one of them, or `all`.
fn chosen(name: &str) -> Result<Chosen> {
    if name.eq_ignore_ascii_case("all") {
        Ok((exact_solvers().to_vec(), heuristics().to_vec()))
    } else if let Ok(s) = solver_by_name(name) {
        Ok((vec![s], vec![]))
    } else if let Ok(h) = heuristic_by_name(name) {
        Ok((vec![], vec![h]))
    } else {
        let mut names = coinline_core::solve::solver_names();
        names.extend(coinline_core::strategy::heuristic_names());
        names.push("all");
        Err(Error::unknown("solver", name, &names))
    }
}

/// The solvers that take the board within the budget; why another one
/// does not becomes a note (or, for the one solver named, the error).
fn kept_solvers(
    solvers: Vec<&'static dyn Solver>,
    args: &SolveArgs,
    board: &Board,
    explicit: bool,
    notes: &mut Vec<String>,
) -> Result<Vec<&'static dyn Solver>> {
    let (game, n) = (args.game()?, board.len());
    let mut kept = Vec::new();
    for solver in solvers {
        let refusal = admit(solver, game, board).err().or_else(|| {
            over_budget(solver.name(), solver.cost(game, n), n, args.budget).map(Error::from)
        });
        match refusal {
            None => kept.push(solver),
            Some(why) if explicit => return Err(why),
            // A solver for other games only is no news.
            Some(_) if !solver.supports(game) => {}
            Some(why) => notes.push(format!("{} skipped: {why}", solver.name())),
        }
    }
    Ok(kept)
}

/// The heuristics that apply and run within the budget; one over it
/// becomes a note (or, for the one heuristic named, the error).
fn kept_heuristics(
    heuristics: Vec<&'static dyn Heuristic>,
    args: &SolveArgs,
    board: &Board,
    explicit: bool,
    notes: &mut Vec<String>,
) -> Result<Vec<&'static dyn Heuristic>> {
    let (game, n) = (args.game()?, board.len());
    let mut kept = Vec::new();
    for heuristic in heuristics {
        // One that does not apply to this game or board is no news (unless named).
        if let (false, Err(e)) = (explicit, heuristic.policy(game, board)) {
            if coinline_core::strategy::is_refusal(&e) {
                continue;
            }
        }
        match over_budget(
            heuristic.name(),
            Some(heuristic.cost(game, n)),
            n,
            args.budget,
        ) {
            None => kept.push(heuristic),
            Some(why) if explicit => return Err(why.into()),
            Some(why) => notes.push(format!("{} skipped: {why}", heuristic.name())),
        }
    }
    Ok(kept)
}

/// The rows of the exact solvers, less the first `skipped` (the reference
/// run only to measure heuristics against).
fn exact_rows(
    report: &CaseReport,
    game: Game,
    skipped: usize,
    with_line: bool,
    notes: &mut Vec<String>,
) -> Vec<SolverRow> {
    let (board, n) = (&report.board, report.board.len());
    let mut rows = Vec::new();
    for result in report.solvers.iter().skip(skipped) {
        let Some(difference) = result.difference else {
            continue;
        };
        // The check replayed the line; without one, a game that scores
        // every value tells the totals from the difference.
        let totals = match &result.line {
            Some(_) => result.totals,
            None if game.scores_everything() => Some(totals_from_difference(board, difference)),
            None => None,
        };
        if with_line && result.line.is_none() {
            notes.push(format!(
                "{} builds no line for a board of {n} values (too long for it)",
                result.solver
            ));
        }
        rows.push(SolverRow {
            solver: result.solver.clone(),
            kind: "exact",
            difference,
            first: totals.map(|t| t.first),
            second: totals.map(|t| t.second),
            regret: None,
            // Formatted only when shown: a line of 10^7 moves is most of a
            // long solve's time otherwise.
            line: result
                .line
                .as_ref()
                .filter(|_| with_line)
                .map(|l| l.to_string()),
        });
    }
    rows
}

/// The rows of the heuristics; the one heuristic named that does not
/// apply to the board is the error.
fn heuristic_rows(
    report: &CaseReport,
    game: Game,
    kept: &[&dyn Heuristic],
    explicit: bool,
) -> Result<Vec<SolverRow>> {
    let mut rows = Vec::new();
    for result in &report.heuristics {
        match &result.performance {
            Some(p) => rows.push(SolverRow {
                solver: result.heuristic.clone(),
                kind: "heuristic",
                difference: p.difference,
                first: Some(p.totals.first),
                second: Some(p.totals.second),
                // Regret can exceed i64 on extreme boards.
                regret: report
                    .value
                    .map(|o| i128::from(o) - i128::from(p.difference)),
                line: Some(p.line.to_string()),
            }),
            None if explicit => {
                let heuristic = kept[0];
                return Err(
                    coinline_core::strategy::evaluate(heuristic, game, &report.board)
                        .err()
                        .unwrap_or_else(|| {
                            let heuristic = heuristic.name().to_string();
                            UsageError::HeuristicDoesNotApply { heuristic }.into()
                        }),
                );
            }
            // A heuristic that does not apply to this game is no news.
            None => {}
        }
    }
    Ok(rows)
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
        board_preview(board)
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

/// The board as the table's header shows it: at most [`PREVIEW`] values,
/// then how many more there are.
fn board_preview(board: &Board) -> String {
    let values = board.values();
    match values.len() {
        0 => "(empty board)".to_string(),
        n if n <= PREVIEW => board.to_string(),
        n => {
            let shown: Vec<String> = values[..PREVIEW].iter().map(i64::to_string).collect();
            format!(
                "{} ... ({} more)",
                shown.join(" "),
                super::text::thousands((n - PREVIEW) as f64)
            )
        }
    }
}

/// The longest board on which `solve` also checks the check's invariants.
const INVARIANTS_UP_TO: usize = 100_000;

/// Values shown in the header of `--format table`.
const PREVIEW: usize = 20;

fn render_csv(output: &Output) -> Result<String> {
    let csv_error = |source: csv::Error| RunError::WriteCsv { source };
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
        .map_err(|e| csv_error(e.into_error().into()))?;
    Ok(String::from_utf8(bytes).expect("CSV of UTF-8 fields is UTF-8"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_boards_are_previewed_with_a_count() {
        let board = Board::new((1..=25).collect()).unwrap();
        assert_eq!(
            board_preview(&board),
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 ... (5 more)"
        );
        assert_eq!(board_preview(&Board::new(vec![3, -1]).unwrap()), "3 -1");
        assert_eq!(board_preview(&Board::new(vec![]).unwrap()), "(empty board)");
        assert_eq!(super::super::text::thousands(9_999_980.0), "9,999,980");
        assert_eq!(super::super::text::thousands(999.0), "999");
    }

    #[test]
    fn estimates_read_as_people_say_them() {
        let cost = Some(Cost::of(1e9, 1.0));
        assert!(over_budget("x", cost, 5, 10.0).is_none());
        let why = over_budget("x", cost, 5, 0.5).unwrap();
        assert!(matches!(why, UsageError::OverBudget { n: 5, .. }));
        let why = why.to_string();
        assert!(
            why.starts_with("x would take about 1 s on 5 values"),
            "{why}"
        );
        assert!(over_budget("x", None, 5, 0.0001).is_none());
    }
}

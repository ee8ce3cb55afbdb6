//! coinline for Python: the extension module `coinline._native`, a thin layer over the library's public API.
//!
//! Every function here parses its arguments with the library's own
//! parsers (`Board`, `RuleSet`, `Param`, `Values`, `Span`), calls the same
//! functions the command line calls (`solve::solve`, `check::check`,
//! `strategy::evaluate`, `generate::random_board`, the study engine) and
//! turns the library's [`Error`] into a Python exception of
//! `coinline.errors` ([`errors`]). The Python package (`python/coinline/`)
//! wraps these functions with their documented signatures.

#![forbid(unsafe_code)]

mod errors;
mod many;
mod study;

use coinline_core::board::Board;
use coinline_core::check::{check, CaseReport, CheckConfig};
use coinline_core::error::Result;
use coinline_core::play::{Game, Line};
use coinline_core::rules::{Param, Params, RuleSet, ALIASES};
use coinline_core::solve::{admit, exact_solvers, solver_by_name, solvers_for, Solver};
use coinline_core::strategy::{evaluate, heuristic_by_name, heuristics};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

pub(crate) use errors::Raise;

/// A rule text (an alias or rules such as `ends=left take=1..2m`) with its
/// parameters bound, as `--game` and `--param` give it.
pub(crate) fn game_of(text: &str, params: Option<Vec<(String, i64)>>) -> Result<Game> {
    let bindings = (params.unwrap_or_default().into_iter())
        .map(|(name, value)| format!("{name}={value}").parse::<Param>())
        .collect::<Result<Vec<Param>>>()?;
    text.parse::<RuleSet>()?.bind(&Params::new(bindings)?)
}

/// A board from a Python value: a string of values (as `--board` reads
/// it) or a sequence of integers.
pub(crate) fn board_of(values: &Bound<'_, PyAny>) -> PyResult<Board> {
    match values.cast::<PyString>() {
        Ok(text) => Board::parse(&text.to_cow()?).raise(),
        Err(_) => Board::new(values.extract::<Vec<i64>>()?).raise(),
    }
}

/// The exact solver named, or the cheapest registered one that takes
/// boards of `longest` values in `game` (the study engine's choice).
pub(crate) fn chosen_solver(
    game: Game,
    name: Option<&str>,
    longest: &Board,
) -> Result<&'static dyn Solver> {
    if let Some(name) = name {
        let solver = solver_by_name(name)?;
        admit(solver, game, longest)?;
        return Ok(solver);
    }
    let seconds = |s: &&dyn Solver| {
        s.cost(game, longest.len())
            .map_or(f64::INFINITY, |c| c.seconds)
    };
    let admitted = solvers_for(game).filter(|s| admit(*s, game, longest).is_ok());
    if let Some(solver) = admitted.min_by(|a, b| seconds(a).total_cmp(&seconds(b))) {
        return Ok(solver);
    }
    // None takes it: the refusal of the one with the longest limit says why
    // (generic implements every game, so there is one).
    let widest = solvers_for(game).max_by_key(|s| s.limit(game).unwrap_or(usize::MAX));
    Err(admit(widest.unwrap_or(exact_solvers()[0]), game, longest).unwrap_err())
}

/// A line of play as its moves in the command line's notation.
fn moves(line: &Line) -> Vec<String> {
    match line.moves.is_empty() {
        true => Vec::new(),
        false => line.to_string().split(' ').map(str::to_string).collect(),
    }
}

/// One board solved exactly: the value, the totals and an optimal line.
#[pyclass(module = "coinline", frozen, get_all)]
pub struct Solution {
    /// First player's total minus second player's, under optimal play.
    difference: i64,
    /// The first player's total.
    first: Option<i64>,
    /// The second player's total.
    second: Option<i64>,
    /// An optimal line, one move a string (`L`, `R2`, `L@3` ...).
    line: Option<Vec<String>>,
    /// The solver that answered.
    solver: String,
    /// The rule set, in its canonical text.
    game: String,
}

#[pymethods]
impl Solution {
    fn __repr__(&self) -> String {
        let total = |t: Option<i64>| t.map_or("None".to_string(), |t| t.to_string());
        format!(
            "Solution(difference={}, first={}, second={}, solver={:?})",
            self.difference,
            total(self.first),
            total(self.second),
            self.solver
        )
    }
}

/// `coinline.solve`: one board, one exact solver, with its line.
#[pyfunction]
#[pyo3(signature = (values, game="coins", params=None, solver=None))]
fn solve(
    values: &Bound<'_, PyAny>,
    game: &str,
    params: Option<Vec<(String, i64)>>,
    solver: Option<&str>,
) -> PyResult<Solution> {
    let game = game_of(game, params).raise()?;
    let board = board_of(values)?;
    let chosen = chosen_solver(game, solver, &board).raise()?;
    let answer = coinline_core::solve::solve(chosen, game, &board, true).raise()?;
    Ok(Solution {
        difference: answer.difference,
        first: answer.totals.map(|t| t.first),
        second: answer.totals.map(|t| t.second),
        line: answer.line.as_ref().map(moves),
        solver: chosen.name().to_string(),
        game: game.to_string(),
    })
}

/// A heuristic against a best-responding opponent, and its regret.
#[pyclass(module = "coinline", frozen, get_all)]
pub struct Play {
    /// The heuristic.
    heuristic: String,
    /// Its difference (first player's total minus the opponent's).
    difference: i64,
    /// Its total.
    first: i64,
    /// The opponent's total.
    second: i64,
    /// The optimal difference.
    optimal: i64,
    /// What it loses against optimal play: `optimal - difference`.
    regret: i128,
    /// The line played.
    line: Vec<String>,
}

#[pymethods]
impl Play {
    fn __repr__(&self) -> String {
        format!(
            "Play(heuristic={:?}, difference={}, optimal={}, regret={})",
            self.heuristic, self.difference, self.optimal, self.regret
        )
    }
}

/// `coinline.greedy` and `coinline.parity`: the heuristic named.
#[pyfunction]
#[pyo3(signature = (name, values, game="coins", params=None))]
fn heuristic(
    name: &str,
    values: &Bound<'_, PyAny>,
    game: &str,
    params: Option<Vec<(String, i64)>>,
) -> PyResult<Play> {
    let game = game_of(game, params).raise()?;
    let board = board_of(values)?;
    let heuristic = heuristic_by_name(name).raise()?;
    let played = evaluate(heuristic, game, &board).raise()?;
    let optimal = chosen_solver(game, None, &board).raise()?;
    let optimal = optimal.difference(game, &board);
    Ok(Play {
        heuristic: heuristic.name().to_string(),
        difference: played.difference,
        first: played.totals.first,
        second: played.totals.second,
        optimal,
        regret: i128::from(optimal) - i128::from(played.difference),
        line: moves(&played.line),
    })
}

/// `coinline.check`: the full differential check (compare's) of one
/// board, its report as a dict; a violation is data, not an exception.
#[pyfunction]
#[pyo3(signature = (values, game="coins", params=None))]
fn check_board<'py>(
    py: Python<'py>,
    values: &Bound<'py, PyAny>,
    game: &str,
    params: Option<Vec<(String, i64)>>,
) -> PyResult<Bound<'py, PyDict>> {
    let game = game_of(game, params).raise()?;
    let board = board_of(values)?;
    game.admit(&board).raise()?;
    let config = CheckConfig::default();
    let report = py.detach(|| check(game, &board, exact_solvers(), heuristics(), &config));
    report_dict(py, &report)
}

/// A check's report: `ok`, `game`, `board`, `value`, the solvers' and the
/// heuristics' rows, and the violation (`None`, or its signature and
/// message).
fn report_dict<'py>(py: Python<'py>, report: &CaseReport) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("ok", report.is_ok())?;
    dict.set_item("game", report.game.to_string())?;
    dict.set_item("board", report.board.values())?;
    dict.set_item("value", report.value)?;
    let mut solvers = Vec::new();
    for s in &report.solvers {
        let row = PyDict::new(py);
        row.set_item("solver", &s.solver)?;
        row.set_item("difference", s.difference)?;
        row.set_item("line", s.line.as_ref().map(moves))?;
        solvers.push(row);
    }
    dict.set_item("solvers", solvers)?;
    let mut rows = Vec::new();
    for h in &report.heuristics {
        let row = PyDict::new(py);
        row.set_item("heuristic", &h.heuristic)?;
        let p = h.performance.as_ref();
        row.set_item("difference", p.map(|p| p.difference))?;
        let regret = (report.value.zip(p)).map(|(v, p)| i128::from(v) - i128::from(p.difference));
        row.set_item("regret", regret)?;
        row.set_item("line", p.map(|p| moves(&p.line)))?;
        rows.push(row);
    }
    dict.set_item("heuristics", rows)?;
    let violation = match &report.violation {
        None => None,
        Some(v) => {
            let row = PyDict::new(py);
            row.set_item("signature", v.signature())?;
            row.set_item("message", v.to_string())?;
            Some(row)
        }
    };
    dict.set_item("violation", violation)?;
    Ok(dict)
}

/// `coinline.games`: each alias with its rule text.
#[pyfunction]
fn games() -> Vec<(&'static str, &'static str)> {
    ALIASES
        .iter()
        .map(|(name, _, text)| (*name, *text))
        .collect()
}

/// `coinline.solvers`: the exact solvers that implement the game, in the
/// registry's order, then the heuristics.
#[pyfunction]
#[pyo3(signature = (game="coins", params=None))]
fn solvers(game: &str, params: Option<Vec<(String, i64)>>) -> PyResult<Vec<&'static str>> {
    let game = game_of(game, params).raise()?;
    Ok(solvers_for(game).map(|s| s.name()).collect())
}

/// The module `coinline._native`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Solution>()?;
    m.add_class::<Play>()?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(heuristic, m)?)?;
    m.add_function(wrap_pyfunction!(check_board, m)?)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(solvers, m)?)?;
    many::register(m)?;
    study::register(m)
}

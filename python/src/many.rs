//! Many boards at once: `solve_many` on every core without the GIL, compare's seeded boards, and the study engine's enumeration by symmetry classes.

use crate::{chosen_solver, game_of, Raise};
use coinline_core::board::Board;
use coinline_core::error::Result;
use coinline_core::generate::{enumeration_size, random_board, Span, Values};
use coinline_core::play::Game;
use coinline_core::solve::Solver;
use coinline_study::engine::source::{run_piece, tasks, Symmetry};
use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray1, PyArray2, PyReadonlyArray2};
use pyo3::prelude::*;
use rayon::prelude::*;

/// The most values `enumerate_boards` and `random_boards` return (boards
/// times their longest length): 400 MB of `int64`.
const MAX_VALUES: u64 = 50_000_000;

/// Refuses a result of more than [`MAX_VALUES`] values (`None`: past `u64`).
fn limit(py: Python<'_>, values: Option<u64>, what: impl Fn() -> String) -> PyResult<()> {
    match values {
        Some(0..=MAX_VALUES) => Ok(()),
        _ => {
            let why = format!("{} would be over {MAX_VALUES} values", what());
            Err(crate::errors::input_error(py, &why))
        }
    }
}

/// Each board's difference, solved on rayon's pool; the first board (by
/// index) that is refused is the error, named by its index.
fn differences(game: Game, solver: &dyn Solver, rows: &[&[i64]]) -> Result<Vec<i64>> {
    let solved: Vec<Result<i64>> = (rows.par_iter())
        .map(|values| {
            let board = Board::new(values.to_vec())?;
            game.admit(&board)?;
            Ok(solver.difference(game, &board))
        })
        .collect();
    let mut out = Vec::with_capacity(rows.len());
    for (i, result) in solved.into_iter().enumerate() {
        out.push(result.map_err(|e| e.within(format!("board {i}")))?);
    }
    Ok(out)
}

/// `solve_many` on the rows given: one solver, chosen for the longest.
fn solve_rows<'py>(
    py: Python<'py>,
    rows: &[&[i64]],
    game: Game,
    solver: Option<&str>,
) -> PyResult<Bound<'py, PyArray1<i64>>> {
    let longest = rows.iter().map(|r| r.len()).max().unwrap_or(0);
    // The choice reads the length alone: a board of zeros stands for it.
    let solver = chosen_solver(game, solver, &Board::new(vec![0; longest]).raise()?).raise()?;
    let out = py.detach(|| differences(game, solver, rows)).raise()?;
    Ok(out.into_pyarray(py))
}

/// `coinline.solve_many` on a C-contiguous 2-D `int64` array.
#[pyfunction]
#[pyo3(signature = (boards, game="coins", params=None, solver=None))]
fn solve_many_array<'py>(
    py: Python<'py>,
    boards: PyReadonlyArray2<'py, i64>,
    game: &str,
    params: Option<Vec<(String, i64)>>,
    solver: Option<&str>,
) -> PyResult<Bound<'py, PyArray1<i64>>> {
    let game = game_of(game, params).raise()?;
    let (count, n) = boards.as_array().dim();
    let flat = boards.as_slice()?;
    let rows: Vec<&[i64]> = match n {
        0 => vec![&[]; count],
        _ => flat.chunks(n).collect(),
    };
    solve_rows(py, &rows, game, solver)
}

/// `coinline.solve_many` on a list of lists (boards of any lengths).
#[pyfunction]
#[pyo3(signature = (boards, game="coins", params=None, solver=None))]
fn solve_many_lists<'py>(
    py: Python<'py>,
    boards: Vec<Vec<i64>>,
    game: &str,
    params: Option<Vec<(String, i64)>>,
    solver: Option<&str>,
) -> PyResult<Bound<'py, PyArray1<i64>>> {
    let game = game_of(game, params).raise()?;
    let rows: Vec<&[i64]> = boards.iter().map(Vec::as_slice).collect();
    solve_rows(py, &rows, game, solver)
}

/// `coinline.random_boards`: boards `start..start + count` of the seeded
/// run `coinline compare --seed SEED --n N --values VALUES` draws.
#[pyfunction]
#[pyo3(signature = (n, values, count, seed, start=0))]
fn random_boards(
    py: Python<'_>,
    n: &str,
    values: &str,
    count: u64,
    seed: u64,
    start: u64,
) -> PyResult<Vec<Vec<i64>>> {
    let lengths: Span<usize> = n.parse().raise()?;
    let values: Values = values.parse().raise()?;
    let total = count.checked_mul(lengths.hi.max(1) as u64);
    limit(py, total, || {
        format!("{count} random boards of up to {} values", lengths.hi)
    })?;
    Ok((start..start.saturating_add(count))
        .map(|index| random_board(seed, index, lengths, values).into_values())
        .collect())
}

/// The boards of an enumeration, one a row, and the boards each stands for.
type Classes<'py> = (Bound<'py, PyArray2<i64>>, Bound<'py, PyArray1<u64>>);

/// `coinline.enumerate_boards`: every board of `n` values over `alphabet`,
/// or one per symmetry class of `game` (the lexicographically least), in
/// the study engine's canonical order, with the boards each stands for.
#[pyfunction]
#[pyo3(signature = (n, alphabet, game="coins", params=None, classes=true))]
fn enumerate_boards<'py>(
    py: Python<'py>,
    n: usize,
    alphabet: &str,
    game: &str,
    params: Option<Vec<(String, i64)>>,
    classes: bool,
) -> PyResult<Classes<'py>> {
    let game = game_of(game, params).raise()?;
    let alphabet: Span<i64> = alphabet.parse().raise()?;
    let symbols = i128::from(alphabet.hi) - i128::from(alphabet.lo) + 1;
    let total = enumeration_size(n, alphabet).and_then(|t| t.checked_mul(n.max(1) as u64));
    limit(py, total, || {
        format!("every board of {n} values over {alphabet}")
    })?;
    let Ok(k @ 1..=255) = u8::try_from(symbols) else {
        let why = format!("an enumeration's alphabet has at most 255 values, not {symbols}");
        return Err(crate::errors::input_error(py, &why));
    };
    let symmetry = Symmetry::of(game, classes);
    let (mut flat, mut weights) = (Vec::new(), Vec::new());
    py.detach(|| {
        for piece in tasks(n, k, symmetry).iter().enumerate() {
            run_piece(piece, n, alphabet, symmetry, |_, values, weight| {
                flat.extend_from_slice(values);
                weights.push(weight);
            });
        }
    });
    let boards = Array2::from_shape_vec((weights.len(), n), flat).expect("each board has n values");
    Ok((boards.into_pyarray(py), weights.into_pyarray(py)))
}

/// Adds this file's functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve_many_array, m)?)?;
    m.add_function(wrap_pyfunction!(solve_many_lists, m)?)?;
    m.add_function(wrap_pyfunction!(random_boards, m)?)?;
    m.add_function(wrap_pyfunction!(enumerate_boards, m)?)
}

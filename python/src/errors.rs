//! The library's error kinds as the exceptions of `coinline.errors`.
//!
//! The classes are Python's (`python/coinline/errors.py`, where an input
//! error is also a `ValueError` and a file error an `OSError`); this file
//! picks one for an [`Error`] by its root kind, or by the crate error it
//! carries ([`Error::layer`]), and raises it with the command line's
//! one-line message (what `coinline` prints after `coinline: error:`) and
//! the kind's data as attributes.

use coinline_core::error::{Error, ErrorKind};
use coinline_core::generate::GenerateError;
use coinline_core::play::PlayError;
use coinline_core::rules::RuleError;
use coinline_core::solve::SolveError;
use coinline_core::strategy::StrategyError;
use coinline_spec::SpecError;
use coinline_study::StudyError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// `?` for the library's results in a function that returns to Python.
pub trait Raise<T> {
    /// The value, or the error as its Python exception.
    fn raise(self) -> PyResult<T>;
}

impl<T> Raise<T> for Result<T, Error> {
    fn raise(self) -> PyResult<T> {
        self.map_err(|e| Python::attach(|py| exception(py, &e)))
    }
}

/// The class of `coinline.errors` for `err`, and its `kind` attribute.
fn class_of(err: &Error) -> (&'static str, &'static str) {
    match err.root_kind() {
        ErrorKind::Overflow => ("BoardOverflowError", "overflow"),
        ErrorKind::TooLarge { .. } => ("TooLargeError", "too_large"),
        ErrorKind::UnknownName { .. } => ("UnknownNameError", "unknown_name"),
        ErrorKind::Io { .. } => ("FileError", "io"),
        ErrorKind::BadToken { .. } => ("InputError", "bad_token"),
        ErrorKind::LongToken { .. } => ("InputError", "long_token"),
        ErrorKind::TooManyValues { .. } => ("InputError", "too_many_values"),
        _ if err.layer::<RuleError>().is_some() => ("RuleError", "rule"),
        _ if err.layer::<GenerateError>().is_some() => ("InputError", "range"),
        _ if err.layer::<SolveError>().is_some() => ("UnsupportedError", "unsupported"),
        _ if err.layer::<StrategyError>().is_some() => ("HeuristicError", "heuristic"),
        _ if err.layer::<SpecError>().is_some() => ("StudyError", "study_file"),
        _ if err.layer::<StudyError>().is_some() => ("StudyError", "study"),
        _ => match err.layer::<PlayError>() {
            Some(PlayError::Unscorable { .. }) => ("BoardOverflowError", "unscorable"),
            Some(_) => ("InputError", "play"),
            None => ("CoinlineError", "other"),
        },
    }
}

/// The data of `err`'s kind, as the exception's attributes.
fn attributes<'py>(py: Python<'py>, err: &Error) -> PyResult<Bound<'py, PyDict>> {
    let data = PyDict::new(py);
    match err.root_kind() {
        ErrorKind::TooLarge { solver, n, limit } => {
            data.set_item("solver", solver)?;
            data.set_item("n", n)?;
            data.set_item("limit", limit)?;
        }
        ErrorKind::UnknownName {
            what,
            name,
            expected,
        } => {
            data.set_item("what", what)?;
            data.set_item("name", name)?;
            data.set_item("expected", expected)?;
        }
        ErrorKind::BadToken {
            token, position, ..
        } => {
            data.set_item("token", token)?;
            data.set_item("position", position)?;
        }
        ErrorKind::Io { path, .. } => data.set_item("path", path)?,
        _ => {}
    }
    Ok(data)
}

/// `err` as an instance of its `coinline.errors` class.
pub fn exception(py: Python<'_>, err: &Error) -> PyErr {
    let (class, kind) = class_of(err);
    instance(py, (class, kind), &err.to_string(), attributes(py, err))
}

/// An `InputError` of an argument the library has no kind for (a limit of
/// this module's own).
pub fn input_error(py: Python<'_>, why: &str) -> PyErr {
    instance(py, ("InputError", "limit"), why, Ok(PyDict::new(py)))
}

/// An instance of `class` (of `coinline.errors`) with its message, `kind`
/// and the attributes of `data`; a failure to build it is the error raised.
fn instance(
    py: Python<'_>,
    (class, kind): (&str, &str),
    message: &str,
    data: PyResult<Bound<'_, PyDict>>,
) -> PyErr {
    let build = || -> PyResult<PyErr> {
        let instance = py
            .import("coinline.errors")?
            .getattr(class)?
            .call1((message,))?;
        instance.setattr("kind", kind)?;
        for (name, value) in data? {
            instance.setattr(name.extract::<String>()?, value)?;
        }
        Ok(PyErr::from_value(instance))
    };
    build().unwrap_or_else(|failed| failed)
}

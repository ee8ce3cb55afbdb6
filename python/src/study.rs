//! Studies for Python (`coinline.study`): a study file run by the study engine on every core, its CSV tables returned as text.

use crate::Raise;
use coinline_core::error::Error;
use coinline_core::generate::Shard;
use coinline_core::progress::Quiet;
use coinline_study::engine::{self, spec::Query, Templates};
use pyo3::prelude::*;
use std::path::Path;

/// The study file's text: the one file this crate reads (ARCHITECTURE.md,
/// Exceptions).
#[allow(clippy::disallowed_methods)]
fn text_of(study: &str) -> Result<String, Error> {
    let path = Path::new(study);
    std::fs::read_to_string(path).map_err(|e| Error::io(path, &e))
}

/// A study's tables, (name, CSV text) each, and its failures.
type Ran = (Vec<(String, String)>, Vec<String>);

/// Runs the study whole: each CSV table as (name, text), and the
/// failures found (a check that failed or a proven bound broken).
#[pyfunction]
fn run_study(py: Python<'_>, study: &str) -> PyResult<Ran> {
    let text = text_of(study).raise()?;
    let query = Query::parse(&text, study).raise()?;
    let fingerprint = engine::fingerprint(&text);
    let outcome = py.detach(|| {
        let part = engine::run_part(&query, &fingerprint, Shard::WHOLE, &Quiet)?;
        engine::finish(&query, part, Templates::default())
    });
    let outcome = outcome.raise()?;
    let tables = (outcome.files.into_iter())
        .filter_map(|(name, text)| Some((name.strip_suffix(".csv")?.to_string(), text)))
        .collect();
    Ok((tables, outcome.failures))
}

/// Adds this file's function to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(run_study, m)?)
}

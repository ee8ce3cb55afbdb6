//! The spec crate's error: a TOML file that is not what its reader wants.

use std::fmt;

/// What is wrong with a TOML file: its syntax, or the value at a key path.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}{}{message}", At("line ", *line), At("", key.as_deref()))]
pub struct SpecError {
    /// The 1-based line of the fault, where the file has one.
    pub line: Option<usize>,
    /// The key path at fault (`answer.words`); none for the whole file or its syntax.
    pub key: Option<String>,
    /// What the TOML or serde reader said, control characters escaped.
    pub message: String,
}

/// A prefix `{before}{what}: ` when there is a `what`, else nothing.
struct At<T>(&'static str, Option<T>);

impl<T: fmt::Display> fmt::Display for At<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.1 {
            Some(what) => write!(f, "{}{what}: ", self.0),
            None => Ok(()),
        }
    }
}

//! Saving failing cases where the corpus replay of `cargo test` finds them:
//! a [`Case`]'s bytes written through the output function.

use crate::write;
use coinline_core::case::Case;
use coinline_core::error::Result;
use std::path::{Path, PathBuf};

/// Saves a shrunk failing case where the corpus replay of `cargo test`
/// finds it: `DIR/solvers_agree/<Case::file_stem()>`, holding
/// [`Case::to_bytes`]. Returns the path.
pub fn save_case(corpus: &Path, case: &Case) -> Result<PathBuf> {
    let path = corpus.join("solvers_agree").join(case.file_stem());
    write(&path, |w| w.write_all(&case.to_bytes()))?;
    Ok(path)
}

#[cfg(test)]
#[allow(clippy::disallowed_methods)] // tests make and read scratch folders
mod tests {
    use super::*;

    #[test]
    fn a_case_is_saved_where_the_corpus_replay_finds_it() {
        let dir = crate::tests::scratch("corpus-save");
        let case = coinline_core::case::RawCase::from_bytes(&[0, 3, 8, 15, 3, 7], 16)
            .validate()
            .unwrap();
        let path = save_case(&dir, &case).unwrap();
        assert_eq!(path, dir.join("solvers_agree").join(case.file_stem()));
        assert_eq!(std::fs::read(&path).unwrap(), case.to_bytes());
    }
}

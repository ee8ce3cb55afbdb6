//! The ownership rule (docs/options.md, Outputs) for `coinline stress`,
//! kept apart from its file: `--out` is refused when it is an input of the
//! run (the problem file, a file of the program, the reference or the
//! generator, compared by device and inode) and, without `--force`, when
//! it is an existing file coinline did not write.

use coinline_core::error::Result;
use coinline_output::{check_owned, refuse_inputs, Kind};
use coinline_sandbox::Program;
use std::path::{Path, PathBuf};

/// What stress's row file starts with.
const STRESS_ROWS: Kind = Kind::Csv("source,seed,index,run,n,board");

/// The inputs of a stress run, whose files are never its outputs.
pub struct StressInputs<'a> {
    /// `--problem-file`.
    pub problem_file: Option<&'a Path>,
    /// The program under test, its words.
    pub program: &'a [String],
    /// `--reference`, a command line.
    pub reference: Option<&'a str>,
    /// `--generator`, a command line.
    pub generator: Option<&'a str>,
}

/// The checks of stress's `--out`, before any work.
pub fn check_stress(out: Option<&Path>, force: bool, given: StressInputs<'_>) -> Result<()> {
    let Some(out) = out else {
        return Ok(());
    };
    let mut inputs: Vec<(&str, PathBuf)> = Vec::new();
    if let Some(path) = given.problem_file {
        inputs.push(("problem file", path.to_path_buf()));
    }
    let words = |what: &'static str, words: Vec<String>, inputs: &mut Vec<(&str, PathBuf)>| {
        inputs.extend(words.into_iter().map(|w| (what, PathBuf::from(w))));
    };
    words("program under test", given.program.to_vec(), &mut inputs);
    for (what, option, text) in [
        ("reference", "--reference", given.reference),
        ("generator", "--generator", given.generator),
    ] {
        if let Some(text) = text {
            let program = Program::from_command_line(option, text)?;
            let mut all = vec![program.command];
            all.extend(program.args);
            words(what, all, &mut inputs);
        }
    }
    let inputs: Vec<(&str, &Path)> = inputs.iter().map(|(w, p)| (*w, p.as_path())).collect();
    refuse_inputs(&[("--out", out)], &inputs)?;
    check_owned("--out", out, STRESS_ROWS, force)
}

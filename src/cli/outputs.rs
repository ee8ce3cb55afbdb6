//! The ownership rule (docs/options.md, Outputs) for `coinline stress`,
//! kept apart from its file: `--out` is refused when it is an input of the
//! run (the problem file, a file of the program, the reference or the
//! generator, compared by device and inode) and, without `--force`, when
//! it is an existing file coinline did not write.

use super::stress::StressArgs;
use coinline_core::error::Result;
use coinline_harness::judge::sandbox::Program;
use coinline_harness::output::{check_owned, refuse_inputs, Kind};
use std::path::{Path, PathBuf};

/// What stress's row file starts with.
const STRESS_ROWS: Kind = Kind::Csv("source,seed,index,run,n,board");

/// The checks of stress's `--out`, before any work.
pub fn check_stress(args: &StressArgs) -> Result<()> {
    let Some(out) = &args.out.out else {
        return Ok(());
    };
    let mut inputs: Vec<(&str, PathBuf)> = Vec::new();
    if let Some(path) = &args.problem.problem_file {
        inputs.push(("problem file", path.clone()));
    }
    let words = |what: &'static str, words: Vec<String>, inputs: &mut Vec<(&str, PathBuf)>| {
        inputs.extend(words.into_iter().map(|w| (what, PathBuf::from(w))));
    };
    words("program under test", args.program.clone(), &mut inputs);
    for (what, option, text) in [
        ("reference", "--reference", &args.reference),
        ("generator", "--generator", &args.generator),
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
    check_owned("--out", out, STRESS_ROWS, args.force.force)
}

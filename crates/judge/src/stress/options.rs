//! What a stress session is given ([`StressConfig`], checked by
//! [`check_batch`]) and what it gives back ([`StressOutcome`] with its
//! [`Failure`]s), and where a run's boards came from ([`Origin`]). Every
//! other part of the session reads these; this file imports none of them.

use crate::error::JudgeError;
use crate::instance::Instance;
use crate::limits::InputLimits;
use crate::problem::Problem;
use crate::verdict::{Trusted, Verdict};
use coinline_core::error::Result;
use coinline_core::generate::Span;
use coinline_core::shell::CommandLine;
use coinline_sandbox::{Program, RunLimits};
use std::path::{Path, PathBuf};

/// Everything a stress session needs.
#[derive(Clone, Debug)]
pub struct StressConfig {
    /// The problem.
    pub problem: Problem,
    /// Bounds of generated boards (and of shrunk ones).
    pub limits: InputLimits,
    /// The program under test.
    pub program: Program,
    /// Where the expected answers come from: coinline's trusted solver or
    /// the user's reference program (`--reference`).
    pub trusted: Trusted,
    /// The user's generator (`--generator`): called with a seed argument
    /// (`generator_argument`) instead of generating boards.
    pub generator: Option<Program>,
    /// Worker threads running generated runs (at least 1).
    pub jobs: usize,
    /// Limits on each run.
    pub run_limits: RunLimits,
    /// The seed of generated boards.
    pub seed: u64,
    /// The indices of the generated boards (with a generator: of the
    /// generator's runs); `None` for none.
    pub boards: Option<Span<u64>>,
    /// Boards per run (1 with a generator, whose every input is one run).
    pub batch: usize,
    /// Shrinking budget in tries; `None` skips shrinking.
    pub shrink_budget: Option<usize>,
    /// Where failures are saved.
    pub save: Option<PathBuf>,
    /// `--force`: a saved test may replace files of its names that are not
    /// an earlier save of the same failure.
    pub force: bool,
    /// Where saved failures are replayed from, before new boards.
    pub replay: Option<PathBuf>,
    /// Where the CSV of all runs goes.
    pub csv: Option<PathBuf>,
    /// Stop at this failure; 0 is no limit.
    pub max_failures: u64,
    /// The command line that re-creates this session's boards without
    /// `--seed`, `--only`, `--replay` and the program (for reproduce lines).
    pub command_prefix: CommandLine,
}

/// A failure, as reported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The verdict on the minimal input.
    pub verdict: Verdict,
    /// The verdict on the input as found.
    pub first_verdict: Verdict,
    /// The minimal failing boards (one unless narrowing could not separate
    /// them).
    pub boards: Vec<Instance>,
    /// The command that reproduces the failure as found.
    pub reproduce: String,
    /// The file stem of the saved failure, if saved.
    pub saved: Option<PathBuf>,
}

/// What a stress session did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StressOutcome {
    /// Boards judged (generated and replayed).
    pub boards: u64,
    /// Runs of the program for them (not counting narrowing and shrinking).
    pub runs: u64,
    /// Boards that failed (in a run with a wrong answer, each board whose
    /// answer is wrong; otherwise the boards narrowing isolated).
    pub failing_boards: u64,
    /// Runs of the program spent narrowing and shrinking.
    pub shrink_runs: u64,
    /// The failures found and reported in full (one per failing run).
    pub failures: Vec<Failure>,
    /// Processes that left their program's process group (setsid,
    /// setpgid), outlived its run and were killed.
    pub escaped: u64,
    /// An interrupt ended the session (its last run, killed, is not counted).
    pub interrupted: bool,
}

/// Where a run's boards came from.
#[derive(Clone, Copy, Debug)]
pub(super) enum Origin<'a> {
    /// Generated boards from this index on.
    Generated(u64),
    /// The input the generator printed for run `index`, called with
    /// `argument`.
    Generator { index: u64, argument: u64 },
    /// A saved input file.
    Replayed(&'a Path),
}

/// The default batch bound check: a batch size `stress` accepts for
/// `problem`.
pub fn check_batch(problem: &Problem, batch: usize) -> Result<usize> {
    match batch {
        0 => Err(JudgeError::BatchZero)?,
        batch if batch > problem.max_batch() => Err(JudgeError::BatchAboveMax {
            batch,
            max: problem.max_batch(),
            problem: problem.name().to_string(),
        })?,
        b => Ok(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batches_are_bounded_by_the_problem() {
        let p = |name: &str| Problem::by_name(name).unwrap();
        assert!(check_batch(&p("algospot-numbergame"), 51).is_err());
        assert!(check_batch(&p("atcoder-dp-l"), 2).is_err());
        assert!(check_batch(&p("lines"), 0).is_err());
        assert_eq!(check_batch(&p("uva-10891"), 500).unwrap(), 500);
    }
}

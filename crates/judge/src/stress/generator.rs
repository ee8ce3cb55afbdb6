//! The user's generator (`stress --generator`): its seed argument for each
//! run, one call of it read as an input of the problem, and whether what it
//! printed keeps the problem's limits.

use super::options::StressConfig;
use crate::error::{JudgeError, RunFailure};
use crate::input::text_of;
use crate::instance::{params_breach, Instance};
use crate::stream::parse_cases;
use crate::verdict::run_failure;
use coinline_core::error::{Error, Result};
use coinline_sandbox::{execute, Program, RunLimits};

/// The seed argument the generator gets for run `index` of the session
/// seeded with `seed`: a number in 0..2^31 (so that any language's random
/// generator takes it), the same for the same `(seed, index)`.
pub fn generator_argument(seed: u64, index: u64) -> u64 {
    coinline_core::generate::SplitMix64::keyed(&[seed, index, 0x006E_4E72_6174_3072]).next_u64()
        >> 33
}

/// Runs the generator once and reads its output as an input of the
/// session's problem.
pub(super) fn generate(
    config: &StressConfig,
    generator: &Program,
    index: u64,
) -> Result<Vec<Instance>> {
    let argument = generator_argument(config.seed, index);
    let command = generator.with_arg(argument.to_string());
    let failed = |failure| {
        let (program, command) = (generator.to_string(), command.to_string());
        Error::from(JudgeError::Generator {
            program,
            run: index,
            command,
            failure,
        })
    };
    let limits = RunLimits {
        case_timeout: None,
        ..config.run_limits
    };
    let run = execute(&command, Vec::new(), &limits).map_err(|e| failed(RunFailure::Start(e)))?;
    if let Some(failure) = run_failure(&run, limits.timeout) {
        return Err(failed(failure));
    }
    let not_an_input = |source| {
        let problem = config.problem.to_string();
        failed(RunFailure::NotAnInput { problem, source })
    };
    let boards: Vec<Instance> = text_of(&run.stdout)
        .and_then(|text| parse_cases(&config.problem, text))
        .map_err(not_an_input)?
        .into_iter()
        .map(|c| Instance::new(c.params, c.board))
        .collect();
    if boards.is_empty() {
        return Err(failed(RunFailure::NoCases));
    }
    Ok(boards)
}

/// How a generated input breaks the problem's limits (it is judged
/// anyway), if it does: the first case that does, or too many cases.
pub(super) fn limits_breach(config: &StressConfig, boards: &[Instance]) -> Option<String> {
    let c = config;
    boards
        .iter()
        .enumerate()
        .find_map(|(i, b)| {
            (c.limits.violation(b))
                .or_else(|| params_breach(c.problem.params(), b))
                .map(|v| format!("case {}: {v}", i + 1))
        })
        .or_else(|| {
            (boards.len() > c.problem.max_batch()).then(|| {
                format!(
                    "{} cases, more than the {} allowed",
                    boards.len(),
                    c.problem.max_batch()
                )
            })
        })
}

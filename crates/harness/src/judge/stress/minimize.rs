//! Minimizing a failing run: narrowing it to the smallest contiguous part
//! of its boards that fails the same way alone, then shrinking a single
//! failing board within the shrinking budget and the problem's limits.
//! Both judge candidates through the `judge` function they are given (the
//! session's, which counts the runs) and say nothing themselves.

use super::options::StressConfig;
use crate::judge::verdict::{Judged, Verdict};
use coinline_core::board::Board;
use coinline_core::error::Result;
use coinline_core::shrink::shrink;
use std::ops::Range;

/// The most shrinking tries for a timeout, each of which costs the limit.
pub const TIMEOUT_SHRINK_TRIES: usize = 30;

/// The smallest contiguous part of a failing run that fails the same way
/// on its own: the case the verdict points at if it does, else by
/// halving.
pub(super) fn narrow(
    boards: &[Board],
    judged: Judged,
    judge: &dyn Fn(&[Board]) -> Result<Judged>,
) -> Result<(Range<usize>, Judged)> {
    let signature = judged.verdict.signature();
    if boards.len() == 1 {
        return Ok((0..1, judged));
    }
    if let Some(s) = judged.verdict.suspect_case().filter(|&s| s < boards.len()) {
        let alone = judge(&boards[s..s + 1])?;
        if alone.verdict.signature() == signature {
            return Ok((s..s + 1, alone));
        }
    }
    let (mut range, mut current) = (0..boards.len(), judged);
    'halving: while range.len() > 1 {
        let mid = range.start + range.len() / 2;
        for half in [range.start..mid, mid..range.end] {
            let run = judge(&boards[half.clone()])?;
            if run.verdict.signature() == signature {
                (range, current) = (half, run);
                continue 'halving;
            }
        }
        break;
    }
    Ok((range, current))
}

/// What shrinking made of the boards narrowing left.
pub(super) struct Shrunk {
    /// The boards to report: the shrunk board, or the boards as given.
    pub(super) boards: Vec<Board>,
    /// The run on them.
    pub(super) judged: Judged,
    /// The report's line on the shrinking, if it was tried.
    pub(super) note: Option<String>,
}

/// Shrinks a single failing board within the budget and the limits (if
/// it keeps them), then re-checks the result against the program; more
/// boards than one, or no budget, are kept as they are.
pub(super) fn shrink_found(
    c: &StressConfig,
    boards: Vec<Board>,
    judged: Judged,
    judge: &dyn Fn(&[Board]) -> Result<Judged>,
) -> Result<Shrunk> {
    let (Some(budget), [board]) = (c.shrink_budget, boards.as_slice()) else {
        return Ok(Shrunk {
            boards,
            judged,
            note: None,
        });
    };
    let signature = judged.verdict.signature();
    let budget = match judged.verdict {
        Verdict::Timeout(_) => budget.min(TIMEOUT_SHRINK_TRIES),
        _ => budget,
    };
    // Candidates are repaired into the limits (parities a statement fixes)
    // before they are judged, and so is the result; a board that broke the
    // limits to begin with (printed by a generator) is shrunk without them.
    let bounded = c.limits.admits(board);
    let mut tries = 0;
    let mut fails = |candidate: &Board| {
        tries += 1;
        let fixed = match bounded {
            true => c.limits.repair(candidate),
            false => Some(candidate.clone()),
        };
        fixed.is_some_and(|fixed| {
            judge(std::slice::from_ref(&fixed)).is_ok_and(|j| j.verdict.signature() == signature)
        })
    };
    let small = shrink(board, budget, &mut fails);
    let small = match bounded {
        true => c.limits.repair(&small).unwrap_or_else(|| board.clone()),
        false => small,
    };
    if small == *board {
        let note = format!("  shrinking: nothing smaller fails the same way ({tries} tries)");
        return Ok(Shrunk {
            boards,
            judged,
            note: Some(note),
        });
    }
    let again = judge(std::slice::from_ref(&small))?;
    if again.verdict.signature() != signature {
        let note = format!(
            "  shrinking: the shrunk board (n = {}) did not fail again ({}); keeping the board found",
            small.len(),
            again.verdict
        );
        return Ok(Shrunk {
            boards,
            judged,
            note: Some(note),
        });
    }
    let note = format!(
        "  shrunk in {tries} tries from n = {} to n = {}, re-checked: {}",
        board.len(),
        small.len(),
        again.verdict
    );
    Ok(Shrunk {
        boards: vec![small],
        judged: again,
        note: Some(note),
    })
}

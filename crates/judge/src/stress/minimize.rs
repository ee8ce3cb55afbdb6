//! Minimizing a failing run: narrowing it to the smallest contiguous part
//! of its boards that fails the same way alone, then shrinking a single
//! failing board within the shrinking budget and the problem's limits.
//! Both judge candidates through the `judge` function they are given (the
//! session's, which counts the runs) and say nothing themselves.

use super::options::StressConfig;
use crate::instance::{clamp_params, params_breach, Instance, ParamLimit};
use crate::verdict::{Judged, Verdict};
use coinline_core::board::Board;
use coinline_core::error::plural;
use coinline_core::error::Result;
use coinline_core::shrink::shrink;
use coinline_sandbox::interrupted;
use std::cell::{Cell, RefCell};
use std::ops::Range;
use std::sync::{Condvar, Mutex};
use std::time::Duration;

/// The most shrinking tries for a timeout, each of which costs the limit.
pub const TIMEOUT_SHRINK_TRIES: usize = 30;

/// The smallest contiguous part of a failing run that fails the same way
/// on its own: the case the verdict points at if it does, else by
/// halving.
pub(super) fn narrow(
    boards: &[Instance],
    judged: Judged,
    judge: &dyn Fn(&[Instance]) -> Result<Judged>,
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
    pub(super) boards: Vec<Instance>,
    /// The run on them.
    pub(super) judged: Judged,
    /// The report's line on the shrinking, if it was tried.
    pub(super) note: Option<String>,
    /// An interrupt cut the shrinking short: `boards` is the smallest
    /// failing input found before it.
    pub(super) cut_short: bool,
}

/// Where the stress sessions of this process stand, for an interrupt: how
/// many are under way, whether a shrink is, and whether the failure it cut
/// short was reported.
struct Cut {
    sessions: usize,
    shrinking: bool,
    reported: bool,
}

static CUT: Mutex<Cut> = Mutex::new(Cut {
    sessions: 0,
    shrinking: false,
    reported: false,
});
static CUT_DONE: Condvar = Condvar::new();

fn cut() -> std::sync::MutexGuard<'static, Cut> {
    CUT.lock().unwrap_or_else(|e| e.into_inner())
}

/// For the interrupt handler, once it has killed the running programs
/// ([`kill_running`](coinline_sandbox::kill_running)): waits (at most
/// `limit`) until every stress session under way has ended, having
/// reported and saved the smallest failing input found by a shrink the
/// interrupt cut short, and said that it was interrupted. Returns whether
/// a shrink was cut short (and whether its report came in time).
pub fn wait_for_cut_short(limit: Duration) -> Option<bool> {
    let (state, _) = CUT_DONE
        .wait_timeout_while(cut(), limit, |c| c.sessions > 0)
        .unwrap_or_else(|e| e.into_inner());
    state.shrinking.then_some(state.reported)
}

/// Marks a stress session under way while it lives.
pub(super) struct UnderWay;

impl UnderWay {
    pub(super) fn start() -> UnderWay {
        cut().sessions += 1;
        UnderWay
    }
}

impl Drop for UnderWay {
    fn drop(&mut self) {
        cut().sessions -= 1;
        CUT_DONE.notify_all();
    }
}

/// The session has reported (and saved) a failure whose shrinking was cut
/// short.
pub(super) fn cut_short_reported() {
    cut().reported = true;
    CUT_DONE.notify_all();
}

/// Marks a shrink under way while it lives; one cut short stays marked.
struct Shrinking(Cell<bool>);

impl Shrinking {
    fn start() -> Shrinking {
        cut().shrinking = true;
        Shrinking(Cell::new(false))
    }
}

impl Drop for Shrinking {
    fn drop(&mut self) {
        if !self.0.get() {
            cut().shrinking = false;
        }
    }
}

/// The boards tried before the shrinker's own steps, smallest first: the
/// single value 0, then the prefixes of `board` of length 1, 2, 4, ... (no
/// judge input holds the empty board). A failure that any board shows (a
/// tie printed wrong, a crash on every input) is then shrunk in a few runs
/// to its smallest form.
fn trivial_boards(board: &Board) -> Vec<Board> {
    let values = board.values();
    let mut boards = vec![Board::new(vec![0]).unwrap_or_default()];
    let mut k = 1;
    while k < values.len() {
        boards.extend(Board::new(values[..k].to_vec()).ok());
        k *= 2;
    }
    boards.dedup();
    boards
}

/// Shrinks a single failing board within the budget (of program runs) and
/// the limits (if it keeps them), then re-checks the result against the
/// program; more boards than one, or no budget, are kept as they are. An
/// interrupt stops it with the smallest failing board found so far.
pub(super) fn shrink_found(
    c: &StressConfig,
    boards: Vec<Instance>,
    judged: Judged,
    judge: &dyn Fn(&[Instance]) -> Result<Judged>,
) -> Result<Shrunk> {
    let (Some(budget), [board]) = (c.shrink_budget, boards.as_slice()) else {
        return Ok(Shrunk {
            boards,
            judged,
            note: None,
            cut_short: false,
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
    let bounded = c.limits.admits(board) && params_breach(c.problem.params(), board).is_none();
    let repair = |candidate: &Instance| match bounded {
        true => c
            .limits
            .repair(candidate)
            .map(|b| clamp_params(c.problem.params(), &candidate.with_board(b))),
        false => Some(candidate.clone()),
    };
    let shrinking = Shrinking::start();
    let (runs, best) = (Cell::new(0), RefCell::new(None));
    let fails = |candidate: &Instance| {
        if interrupted() {
            shrinking.0.set(true);
            return false;
        }
        // No judge input holds an empty board.
        let Some(fixed) = repair(candidate).filter(|b| !b.is_empty()) else {
            return false;
        };
        runs.set(runs.get() + 1);
        match judge(std::slice::from_ref(&fixed)) {
            Ok(j) if j.verdict.signature() == signature => {
                *best.borrow_mut() = Some((fixed, j));
                true
            }
            _ => false,
        }
    };
    // The trivial boards first (within the budget), then the shrinker from
    // the smallest of them that fails, then the parameters lowered.
    let mut start = board.clone();
    for candidate in trivial_boards(board) {
        if runs.get() >= budget || candidate.len() >= start.len() {
            break;
        }
        let candidate = board.with_board(candidate);
        if fails(&candidate) {
            start = candidate;
            break;
        }
    }
    let small = shrink(
        &start.board,
        budget.saturating_sub(runs.get()),
        &|b: &Board| fails(&start.with_board(b.clone())),
    );
    let small = lower_params(
        c.problem.params(),
        &start.with_board(small),
        budget,
        &runs,
        &fails,
    );
    let small = repair(&small).unwrap_or_else(|| board.clone());
    let runs = runs.get();
    if shrinking.0.get() {
        return Ok(cut_short(boards, judged, best.into_inner(), runs));
    }
    confirm(boards, judged, small, runs, judge)
}

/// `case` with each parameter as low as it goes while the case still
/// fails (each value from the parameter's lowest up, within the budget).
fn lower_params(
    limits: &[ParamLimit],
    case: &Instance,
    budget: usize,
    runs: &Cell<usize>,
    fails: &dyn Fn(&Instance) -> bool,
) -> Instance {
    let mut case = case.clone();
    for limit in limits {
        let Some(now) = case.params.get(&limit.name) else {
            continue;
        };
        for value in limit.lo..now {
            if runs.get() >= budget {
                return case;
            }
            let mut lower = case.clone();
            lower.params.set(&limit.name, value);
            if fails(&lower) {
                case = lower;
                break;
            }
        }
    }
    case
}

/// The outcome of a shrink an interrupt cut short after `runs` program
/// runs: the smallest failing board found so far (`best`), or the boards
/// as found.
fn cut_short(
    boards: Vec<Instance>,
    judged: Judged,
    best: Option<(Instance, Judged)>,
    runs: usize,
) -> Shrunk {
    let from = boards[0].len();
    let (boards, judged) = match best {
        Some((b, j)) => (vec![b], j),
        None => (boards, judged),
    };
    let note = format!(
        "  shrinking cut short by an interrupt after {}: the smallest failing board found has n = {} (from n = {from})",
        plural(runs as u64, "program run"),
        boards[0].len()
    );
    Shrunk {
        boards,
        judged,
        note: Some(note),
        cut_short: true,
    }
}

/// The outcome of a finished shrink to `small` in `runs` program runs:
/// `small` if it fails the same way again, else the board as found.
fn confirm(
    boards: Vec<Instance>,
    judged: Judged,
    small: Instance,
    runs: usize,
    judge: &dyn Fn(&[Instance]) -> Result<Judged>,
) -> Result<Shrunk> {
    let (signature, from) = (judged.verdict.signature(), boards[0].len());
    if small == boards[0] {
        let note = format!(
            "  shrinking: nothing smaller fails the same way ({})",
            plural(runs as u64, "program run")
        );
        return Ok(Shrunk {
            boards,
            judged,
            note: Some(note),
            cut_short: false,
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
            cut_short: false,
        });
    }
    let note = format!(
        "  shrunk in {} from n = {from} to n = {}, re-checked: {}",
        plural(runs as u64, "program run"),
        small.len(),
        again.verdict
    );
    Ok(Shrunk {
        boards: vec![small],
        judged: again,
        note: Some(note),
        cut_short: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each parameter goes down to the lowest value that still fails, one
    /// run per value tried, within the budget.
    #[test]
    fn parameters_are_lowered_to_the_least_that_fails() {
        let k = ParamLimit::parse("k", true, "1..n").unwrap();
        let mut case = Instance::from(Board::new(vec![1; 6]).unwrap());
        case.params.set("k", 6);
        let fails = |c: &Instance| c.params.get("k").unwrap() >= 3;
        let runs = Cell::new(0);
        let counted = |c: &Instance| {
            runs.set(runs.get() + 1);
            fails(c)
        };
        let low = lower_params(std::slice::from_ref(&k), &case, 100, &runs, &counted);
        assert_eq!(low.params.get("k"), Some(3));
        assert_eq!(low.board, case.board);
        assert_eq!(runs.get(), 3, "k = 1, 2, then 3");
        // Without budget left, nothing is tried.
        let none = lower_params(&[k], &case, 3, &runs, &counted);
        assert_eq!(none.params.get("k"), Some(6));
    }

    #[test]
    fn trivial_boards_are_zero_then_doubling_prefixes() {
        let board = Board::new((1..=9).collect()).unwrap();
        let texts: Vec<String> = trivial_boards(&board)
            .iter()
            .map(Board::to_string)
            .collect();
        assert_eq!(texts, ["0", "1", "1 2", "1 2 3 4", "1 2 3 4 5 6 7 8"]);
        // A one-value board has no shorter prefix; 0 itself is not repeated.
        let zero = Board::new(vec![0, 5]).unwrap();
        let texts: Vec<String> = trivial_boards(&zero).iter().map(Board::to_string).collect();
        assert_eq!(texts, ["0"]);
    }
}

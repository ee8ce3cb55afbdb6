//! The worker pool of a stress session: with `--jobs N`, N worker threads
//! execute the generated runs (building each input, the trusted answers
//! and the program's run) while the session's thread takes their results
//! strictly in the order of the runs. The workers stay at most
//! [`LOOKAHEAD`] x N runs ahead of it; while it handles a failure
//! ([`Quiet::wait`]) no run is under way and none starts; once it stops,
//! the results of later runs are dropped unseen.

use super::generator::generate;
use super::options::StressConfig;
use crate::error::JudgeError;
use crate::instance::Instance;
use crate::verdict::{judge_run, Judged};
use coinline_core::error::Result;
use coinline_core::generate::Span;
use std::collections::BTreeMap;
use std::sync::{mpsc, Condvar, Mutex, MutexGuard};

/// How many runs per worker may be done or under way ahead of the run the
/// session is processing.
pub const LOOKAHEAD: u64 = 4;

/// One generated run, done by a worker.
pub(super) struct Ran {
    /// Its boards (generated, or read from the generator's output).
    pub(super) boards: Vec<Instance>,
    /// The program's run on them.
    pub(super) judged: Judged,
}

/// What the session does after a run's result.
pub(super) enum Next {
    /// Takes the next run's.
    Go,
    /// Stops (enough failures, or an interrupt).
    Stop,
}

/// The workers' side of the window of runs: the next run to start, the
/// runs processed so far, the runs under way, whether to wait (while a
/// failure is narrowed and shrunk) and whether to stop.
struct Window {
    next: u64,
    processed: u64,
    running: usize,
    paused: bool,
    stop: bool,
}

/// The window and its signal.
struct Shared {
    window: Mutex<Window>,
    moved: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Window> {
        self.window.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn wait<'a>(&self, guard: MutexGuard<'a, Window>) -> MutexGuard<'a, Window> {
        self.moved.wait(guard).unwrap_or_else(|e| e.into_inner())
    }
}

/// A handle that lets the session have the program to itself.
pub(super) struct Quiet<'a>(&'a Shared);

impl Quiet<'_> {
    /// Stops new runs from starting and waits for those under way to end,
    /// so that narrowing and shrinking run alone, as with one job, and the
    /// runs ahead cannot slow them into other verdicts. Runs start again
    /// once the session goes on to the next result.
    pub(super) fn wait(&self) {
        let mut w = self.0.lock();
        w.paused = true;
        while w.running > 0 {
            w = self.0.wait(w);
        }
    }
}

/// The runs of the boards `span`, `per_run` to a run: the indices of run
/// `k`, if there is one.
fn run_range(span: Span<u64>, per_run: u64, k: u64) -> Option<(u64, u64)> {
    let lo = k.checked_mul(per_run)?.checked_add(span.lo)?;
    (lo <= span.hi).then(|| (lo, lo.saturating_add(per_run - 1).min(span.hi)))
}

/// Builds the input of the generated run of indices `lo..=hi` and judges
/// the program on it (on a worker thread).
fn run_generated(config: &StressConfig, lo: u64, hi: u64) -> Result<Ran> {
    let boards = match &config.generator {
        Some(generator) => generate(config, generator, lo)?,
        None => config.problem.generate(&config.limits, config.seed, lo, hi),
    };
    let judged = judge_run(
        &config.problem,
        &boards,
        &config.program,
        &config.run_limits,
        &config.trusted,
    )?;
    Ok(Ran { boards, judged })
}

/// Runs the generated runs of `span` on `config.jobs` workers and hands
/// each result to `process` (with the run's indices `lo`, `hi`) in the
/// order of the runs, until the last run, [`Next::Stop`] or an error.
pub(super) fn run_all(
    config: &StressConfig,
    span: Span<u64>,
    process: &mut dyn FnMut(u64, u64, Ran, &Quiet<'_>) -> Result<Next>,
) -> Result<()> {
    let c = config;
    let per_run = if c.generator.is_some() {
        1
    } else {
        c.batch as u64
    };
    let range_of = move |k: u64| run_range(span, per_run, k);
    let jobs = c.jobs.max(1);
    let ahead = LOOKAHEAD * jobs as u64;
    let shared = Shared {
        window: Mutex::new(Window {
            next: 0,
            processed: 0,
            running: 0,
            paused: false,
            stop: false,
        }),
        moved: Condvar::new(),
    };
    let (tx, rx) = mpsc::channel::<(u64, Result<Ran>)>();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let tx = tx.clone();
            let shared = &shared;
            scope.spawn(move || loop {
                let k = {
                    let mut w = shared.lock();
                    while !w.stop && (w.paused || w.next >= w.processed + ahead) {
                        w = shared.wait(w);
                    }
                    if w.stop || range_of(w.next).is_none() {
                        return;
                    }
                    w.next += 1;
                    w.running += 1;
                    w.next - 1
                };
                let Some((lo, hi)) = range_of(k) else { return };
                // A panic must not leave the session waiting for run k.
                let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    run_generated(c, lo, hi)
                }))
                .unwrap_or_else(|_| Err(JudgeError::WorkerFailed { run: k }.into()));
                shared.lock().running -= 1;
                shared.moved.notify_all();
                if tx.send((k, result)).is_err() {
                    return;
                }
            });
        }
        drop(tx);
        let result = in_order(rx, &range_of, &shared, process);
        shared.lock().stop = true;
        shared.moved.notify_all();
        result
    })
}

/// Hands the workers' results to `process` in the order of the runs, until
/// the last run, [`Next::Stop`] or an error.
fn in_order(
    rx: mpsc::Receiver<(u64, Result<Ran>)>,
    range_of: &dyn Fn(u64) -> Option<(u64, u64)>,
    shared: &Shared,
    process: &mut dyn FnMut(u64, u64, Ran, &Quiet<'_>) -> Result<Next>,
) -> Result<()> {
    let mut pending: BTreeMap<u64, Result<Ran>> = BTreeMap::new();
    let mut k = 0;
    while let Some((lo, hi)) = range_of(k) {
        let Some(result) = pending.remove(&k) else {
            let (done, result) = rx.recv().map_err(|_| JudgeError::WorkersStopped)?;
            pending.insert(done, result);
            continue;
        };
        if let Next::Stop = process(lo, hi, result?, &Quiet(shared))? {
            return Ok(());
        }
        k += 1;
        let mut w = shared.lock();
        w.paused = false;
        w.processed = k;
        drop(w);
        shared.moved.notify_all();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_cover_the_span_in_batches() {
        let span = Span { lo: 5, hi: 11 };
        let runs: Vec<_> = (0..).map_while(|k| run_range(span, 3, k)).collect();
        assert_eq!(runs, [(5, 7), (8, 10), (11, 11)]);
        let all = Span {
            lo: 0,
            hi: u64::MAX,
        };
        assert_eq!(
            run_range(all, 2, u64::MAX / 2),
            Some((u64::MAX - 1, u64::MAX))
        );
        assert_eq!(run_range(all, 2, u64::MAX / 2 + 1), None);
    }
}

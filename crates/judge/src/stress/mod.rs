//! The stress run of `coinline stress`: judge an outside program on
//! generated and saved judge inputs, and narrow, shrink, save and replay
//! what fails; optionally a CSV row per judged board.
//!
//! One run is one execution of the program on one input, which may hold
//! several boards (cases). Programs run in the [`sandbox`];
//! every verdict comes from [`judge_run`].
//!
//! This file is the session: it replays saved inputs, takes the generated
//! runs' results strictly in the order of the runs, records them, and
//! reports, narrows, shrinks and saves each failure (sequentially, one
//! program at a time from this thread, while no other run is under way), so
//! the report, the CSV (its times apart) and the saved files are the same
//! for every `--jobs`. Its parts, none of which imports this file:
//! - `options`: what a session is given and gives back;
//! - `pool`: the worker threads of `--jobs` and the window of runs they
//!   may be ahead;
//! - `generator`: the user's `--generator`;
//! - `minimize`: narrowing and shrinking a failing run;
//! - `saved`: saved failing tests (the only module of the judge that
//!   touches files);
//! - `report`: the text of the report; `rows`: the CSV.

mod generator;
mod minimize;
mod options;
mod pool;
mod report;
mod rows;
mod saved;

pub use self::generator::generator_argument;
pub use self::minimize::{wait_for_cut_short, TIMEOUT_SHRINK_TRIES};
pub use self::options::{check_batch, Failure, StressConfig, StressOutcome};
pub use self::pool::LOOKAHEAD;
pub use self::report::excerpt;
pub use self::saved::save_input;
pub(crate) use self::saved::{replay_files, replayable};
pub use crate::verdict::{judge_run, Judged, Trusted, Verdict};
pub use coinline_sandbox::{
    execute, kill_running, Execution, Exit, Program, RunLimits, STDERR_CAP, STDOUT_CAP,
};

use self::options::Origin;
use self::pool::{Next, Quiet, Ran};
use self::report::Timing;
use self::rows::CsvRow;
use crate::error::JudgeError;
use crate::instance::Instance;
use coinline_core::error::{escaped, plural};
use coinline_core::error::{Error, Result};
use coinline_core::progress::Progress;
use coinline_core::shell::shell_word;
use coinline_output::check_writable;
use coinline_sandbox as sandbox;
use std::cell::Cell;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

struct Conversation<'a> {
    config: &'a StressConfig,
    log: &'a mut dyn Write,
    bar: &'a dyn Progress,
    rows: Vec<CsvRow>,
    outcome: StressOutcome,
    /// Every run of the program, narrowing and shrinking included.
    all_runs: Cell<u64>,
    timing: Timing,
    /// Whether a generated input breaking the limits was reported.
    warned: bool,
}

/// Runs a stress session, writing its report to `log`: replays saved
/// failures, then judges generated boards, narrowing, shrinking and saving
/// each failure; writes the CSV at the end. Fails on a usage or input
/// error, or when the program cannot be started.
pub fn stress(
    config: &StressConfig,
    log: &mut dyn Write,
    progress: &dyn Progress,
) -> Result<StressOutcome> {
    let _under_way = minimize::UnderWay::start();
    let mut session = Conversation {
        config,
        log,
        bar: progress,
        rows: Vec::new(),
        outcome: StressOutcome {
            boards: 0,
            runs: 0,
            failing_boards: 0,
            shrink_runs: 0,
            failures: Vec::new(),
            escaped: 0,
            interrupted: false,
        },
        all_runs: Cell::new(0),
        timing: Timing::default(),
        warned: false,
    };
    if let Some(path) = &config.csv {
        check_writable("--out", path, false)?;
    }
    if let Some(dir) = &config.save {
        check_writable("--save", dir, true)?;
    }
    let started = Instant::now();
    let escaped_before = sandbox::escaped_total();
    session.say(&report::header(config));
    let result = session
        .replay()
        .and_then(|stop| if stop { Ok(()) } else { session.generated() });
    session.bar.finish();
    session.outcome.shrink_runs = session.all_runs.get() - session.outcome.runs;
    // The last run's group was still listed when it ended: sweep once more.
    sandbox::sweep_escaped();
    session.outcome.escaped = (sandbox::escaped_total() - escaped_before) as u64;
    session.outcome.interrupted = sandbox::interrupted();
    let result = result.and_then(|()| match session.outcome.boards {
        0 if !session.outcome.interrupted => Err(JudgeError::NoBoards {
            replay: config.replay.clone(),
        })?,
        _ => Ok(()),
    });
    // The summary comes before the CSV is written, so a late write error
    // cannot hide what the session found.
    if result.is_ok() || !session.outcome.failures.is_empty() {
        let lines = report::summary(config, &session.outcome, &session.timing, started.elapsed());
        lines.iter().for_each(|line| session.say(line));
    }
    // An interrupted session leaves the previous CSV as it was.
    if let Some(path) = config.csv.as_ref().filter(|_| !session.outcome.interrupted) {
        rows::write_csv(path, &session.rows)
            // The kind is kept: a closed standard output stays BrokenPipe,
            // which the binary ends quietly with status 0.
            .map_err(|e| e.within("--out"))?;
    }
    result?;
    Ok(session.outcome)
}

impl Conversation<'_> {
    /// Whether `max_failures` failures have been found (0: never enough).
    fn enough_failures(&self) -> bool {
        let max = self.config.max_failures;
        max > 0 && self.outcome.failures.len() as u64 >= max
    }

    fn say(&mut self, text: &str) {
        let log = &mut *self.log;
        self.bar.suspend(&mut || {
            let _ = writeln!(log, "{text}");
        });
    }

    /// One run of the program, counted.
    fn judge(&self, boards: &[Instance]) -> Result<Judged> {
        let c = self.config;
        self.all_runs.set(self.all_runs.get() + 1);
        judge_run(&c.problem, boards, &c.program, &c.run_limits, &c.trusted)
    }

    /// Replays saved inputs; returns whether to stop (a failure, without
    /// `--keep-going`).
    fn replay(&mut self) -> Result<bool> {
        let Some(dir) = &self.config.replay else {
            return Ok(false);
        };
        let problem = &self.config.problem;
        for file in &saved::replay_files(dir, &mut |line| self.say(line))? {
            let Some(boards) = saved::replayable(problem, file, &mut |line| self.say(line))? else {
                continue;
            };
            let judged = self.judge(&boards)?;
            if self.killed_by_interrupt(&judged) {
                return Ok(true);
            }
            saved::check_pair(&self.config.problem, file, &judged)?;
            let source = file.file_name().map_or_else(
                || file.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
            self.record(&source, None, &Origin::Replayed(file), &boards, &judged);
            if !judged.verdict.is_accepted() {
                self.failure(Origin::Replayed(file), &boards, judged)?;
                if self.enough_failures() || sandbox::interrupted() {
                    return Ok(true);
                }
            } else {
                self.say(&format!("  {source}: accepted"));
            }
        }
        Ok(false)
    }

    /// Judges the generated runs: the pool's workers run them, this
    /// thread processes their results in the order of the runs.
    fn generated(&mut self) -> Result<()> {
        let c: &StressConfig = self.config;
        let Some(span) = c.boards else {
            return Ok(());
        };
        let unit = if c.generator.is_some() {
            "runs"
        } else {
            "boards"
        };
        self.bar.start((span.hi - span.lo).saturating_add(1), unit);
        pool::run_all(c, span, &mut |lo, hi, ran, quiet| {
            self.generated_run(lo, hi, ran, quiet)
        })
    }

    /// Records the generated run of indices `lo..=hi`, and reports a
    /// failure with the program to itself.
    fn generated_run(&mut self, lo: u64, hi: u64, ran: Ran, quiet: &Quiet<'_>) -> Result<Next> {
        let c = self.config;
        let Ran { boards, judged } = ran;
        self.all_runs.set(self.all_runs.get() + 1);
        if self.killed_by_interrupt(&judged) {
            return Ok(Next::Stop);
        }
        let (origin, source) = match c.generator {
            Some(_) => {
                self.warn_limits(lo, &boards);
                let argument = generator_argument(c.seed, lo);
                let origin = Origin::Generator {
                    index: lo,
                    argument,
                };
                (origin, "generator")
            }
            None => (Origin::Generated(lo), "generated"),
        };
        self.record(source, Some(c.seed), &origin, &boards, &judged);
        self.bar.advance(hi - lo + 1);
        if !judged.verdict.is_accepted() {
            quiet.wait();
            self.failure(origin, &boards, judged)?;
            if self.enough_failures() || sandbox::interrupted() {
                return Ok(Next::Stop);
            }
        }
        Ok(Next::Go)
    }

    /// Whether the interrupt killed this run: then it is not the program's
    /// failure, and is neither counted nor reported.
    fn killed_by_interrupt(&self, judged: &Judged) -> bool {
        let killed = !judged.verdict.is_accepted() && sandbox::interrupted();
        if killed {
            self.all_runs.set(self.all_runs.get() - 1);
        }
        killed
    }

    /// Says once that the generator printed an input breaking the
    /// problem's limits (it is judged anyway).
    fn warn_limits(&mut self, index: u64, boards: &[Instance]) {
        if self.warned {
            return;
        }
        if let Some(why) = generator::limits_breach(self.config, boards) {
            self.warned = true;
            self.say(&format!(
                "warning: the generator's input for run {index} breaks the limits ({why}); judged anyway, and not said again for later runs"
            ));
        }
    }

    /// Counts a run, its time and (for `--out`) its rows.
    fn record(
        &mut self,
        source: &str,
        seed: Option<u64>,
        origin: &Origin<'_>,
        boards: &[Instance],
        judged: &Judged,
    ) {
        self.outcome.runs += 1;
        self.outcome.boards += boards.len() as u64;
        let elapsed = judged.execution.elapsed;
        self.timing.add(elapsed, boards.len(), origin);
        // Rows are kept only for --out (a long session would otherwise hold
        // every board).
        if self.config.csv.is_some() {
            let run = self.outcome.runs;
            let rows = rows::rows_of(source, seed, origin, run, boards, judged);
            self.rows.extend(rows);
        }
    }

    /// Reports a failing run: narrows, shrinks, saves it and says how to
    /// run it again.
    fn failure(&mut self, origin: Origin<'_>, boards: &[Instance], judged: Judged) -> Result<()> {
        let first_verdict = judged.verdict.clone();
        let wrong = (0..boards.len())
            .filter(|&i| judged.case_kind(i) != "ok")
            .count() as u64;
        let known = matches!(judged.verdict, Verdict::WrongAnswer { .. });
        self.say(&report::failure_line(&origin, boards.len(), &first_verdict));
        if let Some(line) = report::stderr_line(&judged) {
            self.say(&line);
        }
        let input = self.config.problem.write_input(boards);
        self.say(&format!("  input as found:\n{}", excerpt(&input)));

        let (range, judged) = minimize::narrow(boards, judged, &|b| self.judge(b))?;
        // With a wrong answer every board's own answer is known; otherwise
        // the boards narrowing isolated are the ones known to fail.
        self.outcome.failing_boards += if known { wrong } else { range.len() as u64 };
        if known && wrong > 1 {
            let rows = match self.config.csv {
                Some(_) => "each has its row in --out",
                None => "--out FILE writes a row for each",
            };
            self.say(&format!(
                "  {} of this run have wrong answers ({rows})",
                plural(wrong, "board")
            ));
        }
        if boards.len() > 1 {
            self.say(&report::narrowed(&origin, &range, &judged.verdict));
        }
        let found = boards[range.clone()].to_vec();
        let shrunk = minimize::shrink_found(self.config, found, judged, &|b| self.judge(b))?;
        if let Some(note) = &shrunk.note {
            self.say(note);
        }
        let (minimal, judged, cut_short) = (shrunk.boards, shrunk.judged, shrunk.cut_short);

        let input = self.config.problem.write_input(&minimal);
        let output = escaped(&judged.execution.stdout);
        self.say(&format!("  minimal input:\n{}", excerpt(&input)));
        self.say(&format!(
            "  expected output:\n{}",
            excerpt(&self.config.problem.write_answers(&judged.expected))
        ));
        self.say(&format!("  program output:\n{}", excerpt(&output)));
        // A save error is returned only after the report is complete.
        let (saved, save_error) = self.save(&minimal, &judged);
        let reproduce = report::reproduce(self.config, &origin, range);
        self.say(&format!("  reproduce: {reproduce}"));
        if let Some(stem) = &saved {
            let input = stem.with_extension("in").display().to_string();
            self.say(&format!(
                "  saved: {input} with .out (expected) and .got (program output)\n  run it alone: {} < {}",
                self.config.program,
                shell_word(&input)
            ));
        }
        self.outcome.failures.push(Failure {
            verdict: judged.verdict,
            first_verdict,
            boards: minimal,
            reproduce,
            saved,
        });
        if cut_short {
            // The interrupt handler waits for this report before it exits.
            minimize::cut_short_reported();
        }
        save_error.map_or(Ok(()), Err)
    }

    /// Saves a failure with `--save`: its stem, or the error.
    fn save(&self, boards: &[Instance], judged: &Judged) -> (Option<PathBuf>, Option<Error>) {
        let Some(dir) = &self.config.save else {
            return (None, None);
        };
        match saved::save(dir, &self.config.problem, boards, judged, self.config.force) {
            Ok(stem) => (Some(stem), None),
            Err(source) => (None, Some(JudgeError::SaveFailed { source }.into())),
        }
    }
}

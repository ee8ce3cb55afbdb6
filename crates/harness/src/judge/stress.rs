//! The stress run of `coinline stress`: judge an outside program on
//! generated and saved judge inputs, and narrow, shrink, save and replay
//! what fails; optionally a CSV row per judged board.
//!
//! One run is one execution of the program on one input, which may hold
//! several boards (cases). Programs run in the [`super::sandbox`]; every
//! verdict comes from [`super::verdict::judge_run`].
//!
//! With `--jobs N`, N worker threads execute the generated runs (building
//! each input, the trusted answers and the program's run) while this
//! thread takes their results strictly in the order of the runs: it
//! records, reports, narrows and shrinks (sequentially, one program at a
//! time from this thread, after the runs under way have ended and while no
//! new one starts), and once it stops (enough failures, or an error) the
//! results of runs after that one are dropped unseen. The workers stay at most
//! [`LOOKAHEAD`] x N runs ahead of it. So the report, the CSV (its times
//! apart) and the saved files are the same for every N.

use super::problem::Reply;
pub use super::sandbox::{
    execute, kill_running, Execution, Exit, Program, RunLimits, STDERR_CAP, STDOUT_CAP,
};
pub use super::verdict::{judge_run, Judged, Verdict};
use super::{parse_cases, spec, text_of, write_answers, Limits, Problem};
use crate::output::{self, check_writable};
use coinline_core::board::Board;
use coinline_core::case::Case;
use coinline_core::error::{Error, Result};
use coinline_core::generate::Span;
use coinline_core::progress::Progress;
use coinline_core::shell::shell_word;
use coinline_core::shrink::shrink;
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::Write;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::{mpsc, Condvar, Mutex};
use std::time::{Duration, Instant};

pub use super::verdict::Trusted;

/// The most shrinking tries for a timeout, each of which costs the limit.
pub const TIMEOUT_SHRINK_TRIES: usize = 30;

/// How many runs per worker may be done or under way ahead of the run the
/// session is processing.
pub const LOOKAHEAD: u64 = 4;

/// Everything a stress session needs.
#[derive(Clone, Debug)]
pub struct StressConfig {
    /// The problem.
    pub problem: Problem,
    /// Bounds of generated boards (and of shrunk ones).
    pub limits: Limits,
    /// The program under test.
    pub program: Program,
    /// Where the expected answers come from: coinline's trusted solver or
    /// the user's reference program (`--reference`).
    pub trusted: Trusted,
    /// The user's generator (`--generator`): called with a seed argument
    /// ([`generator_argument`]) instead of generating boards.
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
    /// Where saved failures are replayed from, before new boards.
    pub replay: Option<PathBuf>,
    /// Where the CSV of all runs goes.
    pub csv: Option<PathBuf>,
    /// Stop at this failure; 0 is no limit.
    pub max_failures: u64,
    /// The command line that re-creates this session's boards without
    /// `--seed`, `--only`, `--replay` and the program (for reproduce lines).
    pub command_prefix: String,
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
    pub boards: Vec<Board>,
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
}

#[derive(Serialize)]
struct CsvRow {
    source: String,
    seed: Option<u64>,
    index: u64,
    run: u64,
    n: usize,
    board: String,
    expected: String,
    answer: Option<String>,
    verdict: &'static str,
    detail: String,
    time_ms: String,
}

const CSV_HEADER: [&str; 11] = [
    "source", "seed", "index", "run", "n", "board", "expected", "answer", "verdict", "detail",
    "time_ms",
];

/// Where a failing run's boards came from.
enum Origin<'a> {
    /// Generated boards from this index on.
    Generated(u64),
    /// The input the generator printed for run `index`, called with
    /// `argument`.
    Generator { index: u64, argument: u64 },
    /// A saved input file.
    Replayed(&'a Path),
}

/// The seed argument the generator gets for run `index` of the session
/// seeded with `seed`: a number in 0..2^31 (so that any language's random
/// generator takes it), the same for the same `(seed, index)`.
pub fn generator_argument(seed: u64, index: u64) -> u64 {
    coinline_core::generate::SplitMix64::keyed(&[seed, index, 0x006E_4E72_6174_3072]).next_u64()
        >> 33
}

/// Runs the generator once and reads its output as an input of `problem`.
fn generate(config: &StressConfig, generator: &Program, index: u64) -> Result<Vec<Board>> {
    let argument = generator_argument(config.seed, index);
    let command = generator.with_arg(argument.to_string());
    let fail = |what: String| {
        Error::invalid(format!(
            "--generator {} (run {index}, called as {command}): {what}",
            shell_word(&generator.to_string())
        ))
    };
    let limits = RunLimits {
        case_timeout: None,
        ..config.run_limits
    };
    let run = execute(&command, Vec::new(), &limits).map_err(|e| fail(e.to_string()))?;
    if run.timed_out {
        return Err(fail(format!(
            "still running after {}s (--timeout)",
            limits.timeout.as_secs_f64()
        )));
    }
    if run.exit != Exit::Code(0) {
        let stderr = run
            .stderr
            .lines()
            .find(|l| !l.trim().is_empty())
            .map_or(String::new(), |l| {
                format!(" (stderr: {})", cut_line(l.trim()))
            });
        return Err(fail(format!("{}{stderr}", run.exit)));
    }
    if run.stdout_truncated {
        return Err(fail(format!(
            "more than {} MiB of output",
            STDOUT_CAP >> 20
        )));
    }
    let boards: Vec<Board> = text_of(&run.stdout)
        .and_then(|text| parse_cases(&config.problem, text))
        .map_err(|e| fail(format!("its output is not a {} input: {e}", config.problem)))?
        .into_iter()
        .map(|c| c.board)
        .collect();
    if boards.is_empty() {
        return Err(fail("it printed an input of no cases".to_string()));
    }
    Ok(boards)
}

/// One generated run, done by a worker.
struct Ran {
    /// Its boards (generated, or read from the generator's output).
    boards: Vec<Board>,
    /// The program's run on them.
    judged: Judged,
}

/// Builds the input of the generated run of indices `lo..=hi` and judges
/// the program on it (on a worker thread).
fn run_generated(config: &StressConfig, lo: u64, hi: u64) -> Result<Ran> {
    let boards = match &config.generator {
        Some(generator) => generate(config, generator, lo)?,
        None => (lo..=hi)
            .map(|i| config.limits.board(config.seed, i))
            .collect(),
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

/// The slowest run so far and the time of every case, for formats with
/// several cases.
#[derive(Default)]
struct Timing {
    slowest: Option<(Duration, usize, String)>,
    total: Duration,
    cases: u64,
}

struct Session<'a> {
    config: &'a StressConfig,
    log: &'a mut dyn Write,
    bar: &'a dyn Progress,
    rows: Vec<CsvRow>,
    outcome: StressOutcome,
    /// Every run of the program, narrowing and shrinking included.
    all_runs: std::cell::Cell<u64>,
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
    let mut session = Session {
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
        },
        all_runs: std::cell::Cell::new(0),
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
    session.header();
    let result = session
        .replay()
        .and_then(|stop| if stop { Ok(()) } else { session.generated() });
    session.bar.finish();
    session.outcome.shrink_runs = session.all_runs.get() - session.outcome.runs;
    let result = result.and_then(|()| match session.outcome.boards {
        0 => Err(Error::nothing_to_check(match &config.replay {
            Some(dir) => format!(
                "no new boards, and no saved input for this problem in {}",
                dir.display()
            ),
            None => "no boards to judge (give --runs 1 or more)".to_string(),
        })),
        _ => Ok(()),
    });
    // The summary comes before the CSV is written, so a late write error
    // cannot hide what the session found.
    if result.is_ok() || !session.outcome.failures.is_empty() {
        session.summary(started.elapsed());
    }
    if let Some(path) = &config.csv {
        session
            .write_csv(path)
            .map_err(|e| Error::invalid(format!("--out: {e}")))?;
    }
    result?;
    Ok(session.outcome)
}

impl Session<'_> {
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

    fn header(&mut self) {
        let c = self.config;
        let boards = match (c.boards, &c.generator) {
            (Some(span), None) => format!("boards {span}"),
            (Some(span), Some(_)) => format!("generator runs {span}"),
            (None, _) => "no new boards".to_string(),
        };
        let memory = c
            .run_limits
            .memory_mb
            .map_or(String::new(), |mb| format!(", memory {mb} MB"));
        let per_case = c.run_limits.case_timeout.map_or(String::new(), |t| {
            format!(" or {}s per case if less", t.as_secs_f64())
        });
        let batch = match c.generator {
            Some(_) => "one generated input per program run".to_string(),
            None => format!("up to {} per program run", c.batch),
        };
        let mut text = format!(
            "stress: problem {}, seed {}, {boards} (n {}, values {}), {batch}, timeout {}s{per_case}{memory}\nprogram: {}",
            c.problem,
            c.seed,
            c.limits.n,
            c.limits.values,
            c.run_limits.timeout.as_secs_f64(),
            c.program
        );
        if let Trusted::Reference(reference) = &c.trusted {
            text += &format!("\nreference: {reference} (gives the expected answers)");
        }
        if let Some(generator) = &c.generator {
            text +=
                &format!("\ngenerator: {generator} SEED (SEED from --seed and the run's index)");
        }
        self.say(&text);
    }

    /// The slowest run and the mean time per case, for formats with several
    /// cases per input.
    fn timing(&mut self) {
        let t = &self.timing;
        let Some((slowest, cases, place)) = &t.slowest else {
            return;
        };
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        let mean = ms(t.total) / t.cases.max(1) as f64;
        let text = format!(
            "time: slowest run {:.1} ms ({place}, {}), mean {mean:.2} ms per case",
            ms(*slowest),
            plural(*cases as u64, "case")
        );
        self.say(&text);
    }

    fn summary(&mut self, elapsed: Duration) {
        if self.config.problem.max_batch() > 1 {
            self.timing();
        }
        let o = &self.outcome;
        let secs = elapsed.as_secs_f64();
        let rate = o.runs as f64 / secs.max(1e-9);
        let trusted = match self.config.trusted {
            Trusted::Solver => "the trusted solver",
            Trusted::Reference(_) => "the reference",
        };
        let text = match o.failing_boards {
            0 => format!(
                "{} in {} ({rate:.1} runs/s) in {secs:.1} s, seed {}: every answer agrees with {trusted}",
                plural(o.boards, "board"),
                plural(o.runs, "program run"),
                self.config.seed
            ),
            k => format!(
                "{} found after {} ({}) in {secs:.1} s{}, seed {}",
                plural(k, "failing board"),
                plural(o.runs, "program run"),
                plural(o.boards, "board"),
                match o.shrink_runs {
                    0 => String::new(),
                    runs => format!("; narrowed and shrunk in {}", plural(runs, "run")),
                },
                self.config.seed
            ),
        };
        self.say(&text);
    }

    fn judge(&self, boards: &[Board]) -> Result<Judged> {
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
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
            .map_err(|e| Error::io(dir, &e))?
            .filter_map(|entry| entry.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "in"))
            .collect();
        files.sort_by_cached_key(|p| natural_key(&p.to_string_lossy()));
        self.say(&format!(
            "replay: {} in {}",
            plural(files.len() as u64, "saved input"),
            dir.display()
        ));
        let this = self.config.problem.name().to_string();
        for file in &files {
            let name = file
                .file_name()
                .map_or(String::new(), |n| n.to_string_lossy().into_owned());
            // Saved for another built-in problem (and not for this one, whose
            // name may start with another's).
            let other = spec::built_in_names()
                .into_iter()
                .filter(|f| name.starts_with(&format!("{f}-")))
                .max_by_key(|f| f.len())
                .filter(|f| *f != this && !name.starts_with(&format!("{this}-")));
            if let Some(other) = other {
                self.say(&format!(
                    "  {}: saved for problem {other}, skipped",
                    file.display()
                ));
                continue;
            }
            let bytes = std::fs::read(file).map_err(|e| Error::io(file, &e))?;
            let cases =
                match text_of(&bytes).and_then(|text| parse_cases(&self.config.problem, text)) {
                    Ok(cases) => cases,
                    Err(e) => {
                        self.say(&format!(
                            "  {}: not a {} input ({e}), skipped",
                            file.display(),
                            self.config.problem
                        ));
                        continue;
                    }
                };
            let boards: Vec<Board> = cases.into_iter().map(|c| c.board).collect();
            if boards.is_empty() {
                self.say(&format!("  {}: no cases, skipped", file.display()));
                continue;
            }
            let judged = self.judge(&boards)?;
            let source = file.file_name().map_or_else(
                || file.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
            self.record(&source, None, &Origin::Replayed(file), &boards, &judged);
            if !judged.verdict.is_accepted() {
                self.failure(Origin::Replayed(file), &boards, judged)?;
                if self.enough_failures() {
                    return Ok(true);
                }
            } else {
                self.say(&format!("  {source}: accepted"));
            }
        }
        Ok(false)
    }

    /// Judges the generated runs: workers run them, this thread processes
    /// their results in the order of the runs (see the module's comment).
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
        let per_run = if c.generator.is_some() {
            1
        } else {
            c.batch as u64
        };
        // The indices of run k, if there is one.
        let range_of = move |k: u64| -> Option<(u64, u64)> {
            let lo = k.checked_mul(per_run)?.checked_add(span.lo)?;
            (lo <= span.hi).then(|| (lo, lo.saturating_add(per_run - 1).min(span.hi)))
        };
        let jobs = c.jobs.max(1);
        let ahead = LOOKAHEAD * jobs as u64;
        let window = Mutex::new(Window {
            next: 0,
            processed: 0,
            running: 0,
            paused: false,
            stop: false,
        });
        let moved = Condvar::new();
        let (tx, rx) = mpsc::channel::<(u64, Result<Ran>)>();
        std::thread::scope(|scope| {
            for _ in 0..jobs {
                let tx = tx.clone();
                let (window, moved) = (&window, &moved);
                scope.spawn(move || loop {
                    let k = {
                        let mut w = window.lock().unwrap_or_else(|e| e.into_inner());
                        while !w.stop && (w.paused || w.next >= w.processed + ahead) {
                            w = moved.wait(w).unwrap_or_else(|e| e.into_inner());
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
                    .unwrap_or_else(|_| {
                        Err(Error::invalid(format!(
                            "internal error: a stress worker failed on run {k}"
                        )))
                    });
                    window.lock().unwrap_or_else(|e| e.into_inner()).running -= 1;
                    moved.notify_all();
                    if tx.send((k, result)).is_err() {
                        return;
                    }
                });
            }
            drop(tx);
            let result = self.in_order(rx, &range_of, &window, &moved);
            window.lock().unwrap_or_else(|e| e.into_inner()).stop = true;
            moved.notify_all();
            result
        })
    }

    /// Processes the workers' results in the order of the runs, until the
    /// last run, enough failures or an error.
    fn in_order(
        &mut self,
        rx: mpsc::Receiver<(u64, Result<Ran>)>,
        range_of: &dyn Fn(u64) -> Option<(u64, u64)>,
        window: &Mutex<Window>,
        moved: &Condvar,
    ) -> Result<()> {
        let c = self.config;
        let mut pending: BTreeMap<u64, Result<Ran>> = BTreeMap::new();
        let mut k = 0;
        while let Some((lo, hi)) = range_of(k) {
            let Some(result) = pending.remove(&k) else {
                let (done, result) = rx.recv().map_err(|_| {
                    Error::invalid("the stress workers stopped before the last run")
                })?;
                pending.insert(done, result);
                continue;
            };
            let Ran { boards, judged } = result?;
            self.all_runs.set(self.all_runs.get() + 1);
            let origin = match c.generator {
                Some(_) => {
                    self.warn_limits(lo, &boards);
                    Origin::Generator {
                        index: lo,
                        argument: generator_argument(c.seed, lo),
                    }
                }
                None => Origin::Generated(lo),
            };
            let source = if c.generator.is_some() {
                "generator"
            } else {
                "generated"
            };
            self.record(source, Some(c.seed), &origin, &boards, &judged);
            self.bar.advance(hi - lo + 1);
            if !judged.verdict.is_accepted() {
                // Narrowing and shrinking run alone, as with one job, so
                // that the runs ahead cannot slow them into other verdicts.
                let mut w = window.lock().unwrap_or_else(|e| e.into_inner());
                w.paused = true;
                while w.running > 0 {
                    w = moved.wait(w).unwrap_or_else(|e| e.into_inner());
                }
                drop(w);
                self.failure(origin, &boards, judged)?;
                if self.enough_failures() {
                    return Ok(());
                }
                window.lock().unwrap_or_else(|e| e.into_inner()).paused = false;
            }
            k += 1;
            window.lock().unwrap_or_else(|e| e.into_inner()).processed = k;
            moved.notify_all();
        }
        Ok(())
    }

    /// Says once that the generator printed an input breaking the
    /// problem's limits (it is judged anyway).
    fn warn_limits(&mut self, index: u64, boards: &[Board]) {
        if self.warned {
            return;
        }
        let c = self.config;
        let why = boards
            .iter()
            .enumerate()
            .find_map(|(i, b)| {
                c.limits
                    .violation(b)
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
            });
        if let Some(why) = why {
            self.warned = true;
            self.say(&format!(
                "warning: the generator's input for run {index} breaks the limits ({why}); judged anyway, and not said again for later runs"
            ));
        }
    }

    fn record(
        &mut self,
        source: &str,
        seed: Option<u64>,
        origin: &Origin<'_>,
        boards: &[Board],
        judged: &Judged,
    ) {
        self.outcome.runs += 1;
        self.outcome.boards += boards.len() as u64;
        let run = self.outcome.runs;
        let elapsed = judged.execution.elapsed;
        let time_ms = format!("{:.3}", elapsed.as_secs_f64() * 1000.0);
        let timing = &mut self.timing;
        timing.total += elapsed;
        timing.cases += boards.len() as u64;
        if timing.slowest.as_ref().is_none_or(|(t, _, _)| elapsed > *t) {
            timing.slowest = Some((elapsed, boards.len(), place(origin, boards.len())));
        }
        // Rows are kept only for --out (a long session would otherwise hold
        // every board).
        if self.config.csv.is_none() {
            return;
        }
        for (i, board) in boards.iter().enumerate() {
            let index = match origin {
                Origin::Generated(first) => first + i as u64,
                Origin::Generator { index, .. } => *index,
                Origin::Replayed(_) => i as u64,
            };
            let verdict = judged.case_kind(i);
            let detail = match (&judged.verdict, &judged.answers[i]) {
                _ if verdict == "ok" => String::new(),
                (Verdict::WrongAnswer { .. }, Some(got)) => format!(
                    "wrong answer on case {}: expected {}, got {got}",
                    i + 1,
                    judged.expected[i]
                ),
                (verdict, _) => verdict.to_string(),
            };
            self.rows.push(CsvRow {
                source: source.to_string(),
                seed,
                index,
                run,
                n: board.len(),
                board: board.to_string(),
                expected: judged.expected[i].to_string(),
                answer: judged.answers[i].as_ref().map(Reply::to_string),
                verdict,
                detail,
                time_ms: time_ms.clone(),
            });
        }
    }

    fn write_csv(&self, path: &Path) -> Result<()> {
        output::write(path, |w| {
            let mut csv = csv::WriterBuilder::new().has_headers(false).from_writer(w);
            csv.write_record(CSV_HEADER)?;
            for row in &self.rows {
                csv.serialize(row)?;
            }
            csv.flush()
        })
    }

    fn failure(&mut self, origin: Origin<'_>, boards: &[Board], judged: Judged) -> Result<()> {
        let first_verdict = judged.verdict.clone();
        let wrong = (0..boards.len())
            .filter(|&i| judged.case_kind(i) != "ok")
            .count() as u64;
        let known = matches!(judged.verdict, Verdict::WrongAnswer { .. });
        let place = match &origin {
            Origin::Generated(first) if boards.len() > 1 => format!(
                "boards {first}..{} (one run)",
                first + (boards.len() - 1) as u64
            ),
            Origin::Generator { argument, .. } => format!(
                "{} (generator seed {argument})",
                place(&origin, boards.len())
            ),
            _ => place(&origin, boards.len()),
        };
        self.say(&format!("FAIL {place}: {first_verdict}"));
        self.say_stderr(&judged);
        let input = self.config.problem.write_input(boards);
        self.say(&format!("  input as found:\n{}", excerpt(&input)));

        let (range, judged) = self.narrow(boards, judged)?;
        // With a wrong answer every board's own answer is known; otherwise
        // the boards narrowing isolated are the ones known to fail.
        self.outcome.failing_boards += if known { wrong } else { range.len() as u64 };
        if known && wrong > 1 {
            self.say(&format!(
                "  {} of this run have wrong answers (each has its row in --csv)",
                plural(wrong, "board")
            ));
        }
        if boards.len() > 1 {
            let text = match (&origin, range.len()) {
                (Origin::Generated(first), 1) => format!(
                    "  narrowed to board {} alone: {}",
                    first + range.start as u64,
                    judged.verdict
                ),
                (_, 1) => format!(
                    "  narrowed to case {} alone: {}",
                    range.start + 1,
                    judged.verdict
                ),
                (_, k) => format!("  could not narrow below {k} boards: they fail only together"),
            };
            self.say(&text);
        }
        let (minimal, judged) = self.shrink_found(boards[range.clone()].to_vec(), judged)?;

        let problem = &self.config.problem;
        let input = problem.write_input(&minimal);
        let output = String::from_utf8_lossy(&judged.execution.stdout).into_owned();
        self.say(&format!("  minimal input:\n{}", excerpt(&input)));
        self.say(&format!(
            "  expected output:\n{}",
            excerpt(&write_answers(&judged.expected))
        ));
        self.say(&format!("  program output:\n{}", excerpt(&output)));
        // A save error is returned only after the report is complete.
        let (saved, save_error) = match &self.config.save {
            Some(dir) => match self.save(dir, &minimal, &judged) {
                Ok(stem) => (Some(stem), None),
                Err(e) => (None, Some(Error::invalid(format!("--save: {e}")))),
            },
            None => (None, None),
        };
        let reproduce = self.reproduce(&origin, range);
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
        save_error.map_or(Ok(()), Err)
    }

    fn say_stderr(&mut self, judged: &Judged) {
        if matches!(
            judged.verdict,
            Verdict::Crash(_) | Verdict::MemoryLimit { .. }
        ) {
            if let Some(line) = judged
                .execution
                .stderr
                .lines()
                .find(|l| !l.trim().is_empty())
            {
                let line = cut_line(line.trim());
                self.say(&format!("  stderr: {line}"));
            }
        }
    }

    /// The smallest contiguous part of a failing run that fails the same way
    /// on its own: the case the verdict points at if it does, else by
    /// halving.
    fn narrow(&self, boards: &[Board], judged: Judged) -> Result<(Range<usize>, Judged)> {
        let signature = judged.verdict.signature();
        if boards.len() == 1 {
            return Ok((0..1, judged));
        }
        if let Some(s) = judged.verdict.suspect_case().filter(|&s| s < boards.len()) {
            let alone = self.judge(&boards[s..s + 1])?;
            if alone.verdict.signature() == signature {
                return Ok((s..s + 1, alone));
            }
        }
        let (mut range, mut current) = (0..boards.len(), judged);
        'halving: while range.len() > 1 {
            let mid = range.start + range.len() / 2;
            for half in [range.start..mid, mid..range.end] {
                let run = self.judge(&boards[half.clone()])?;
                if run.verdict.signature() == signature {
                    (range, current) = (half, run);
                    continue 'halving;
                }
            }
            break;
        }
        Ok((range, current))
    }

    /// Shrinks a single failing board within the budget and the limits (if
    /// it keeps them), then re-checks the result against the program.
    fn shrink_found(&mut self, boards: Vec<Board>, judged: Judged) -> Result<(Vec<Board>, Judged)> {
        let c = self.config;
        let (Some(budget), [board]) = (c.shrink_budget, boards.as_slice()) else {
            return Ok((boards, judged));
        };
        let signature = judged.verdict.signature();
        let budget = match judged.verdict {
            Verdict::Timeout(_) => budget.min(TIMEOUT_SHRINK_TRIES),
            _ => budget,
        };
        // A board that breaks the limits (printed by a generator) is shrunk
        // without them.
        let bounded = c.limits.admits(board);
        let mut tries = 0;
        // Candidates are repaired into the limits (parities a statement
        // fixes) before they are judged, and so is the result; a board that
        // broke the limits to begin with is shrunk without them.
        let mut fails = |candidate: &Board| {
            tries += 1;
            let fixed = match bounded {
                true => c.limits.repair(candidate),
                false => Some(candidate.clone()),
            };
            fixed.is_some_and(|fixed| {
                self.judge(std::slice::from_ref(&fixed))
                    .is_ok_and(|j| j.verdict.signature() == signature)
            })
        };
        let small = shrink(board, budget, &mut fails);
        let small = match bounded {
            true => c.limits.repair(&small).unwrap_or_else(|| board.clone()),
            false => small,
        };
        if small == *board {
            self.say(&format!(
                "  shrinking: nothing smaller fails the same way ({tries} tries)"
            ));
            return Ok((boards, judged));
        }
        let again = self.judge(std::slice::from_ref(&small))?;
        if again.verdict.signature() != signature {
            self.say(&format!(
                "  shrinking: the shrunk board (n = {}) did not fail again ({}); keeping the board found",
                small.len(),
                again.verdict
            ));
            return Ok((boards, judged));
        }
        self.say(&format!(
            "  shrunk in {tries} tries from n = {} to n = {}, re-checked: {}",
            board.len(),
            small.len(),
            again.verdict
        ));
        Ok((vec![small], again))
    }

    fn reproduce(&self, origin: &Origin<'_>, range: Range<usize>) -> String {
        let c = self.config;
        let selection = match origin {
            Origin::Generated(first) => {
                let (lo, hi) = (first + range.start as u64, first + (range.end - 1) as u64);
                let only = if lo == hi {
                    lo.to_string()
                } else {
                    format!("{lo}..{hi}")
                };
                format!("--seed {} --only {only}", c.seed)
            }
            Origin::Generator { index, .. } => format!("--seed {} --only {index}", c.seed),
            Origin::Replayed(file) => {
                let dir = file.parent().unwrap_or(Path::new("."));
                format!(
                    "--replay {} --runs 0",
                    shell_word(&dir.display().to_string())
                )
            }
        };
        format!("{} {selection} -- {}", c.command_prefix, c.program)
    }

    /// Saves NAME.in, NAME.out and NAME.got in `dir`; returns DIR/NAME.
    fn save(&self, dir: &Path, boards: &[Board], judged: &Judged) -> Result<PathBuf> {
        let problem = &self.config.problem;
        let values: Vec<i64> = boards.iter().flat_map(|b| b.values().to_vec()).collect();
        let joined = Board::new(values).unwrap_or_else(|_| boards[0].clone());
        let stem = format!(
            "{}-{}-{}",
            problem.name(),
            judged.verdict.kind(),
            Case::new(problem.game(), joined).file_stem()
        );
        let base = dir.join(stem);
        let input = problem.write_input(boards);
        let expected = write_answers(&judged.expected);
        output::write(&base.with_extension("in"), |w| {
            w.write_all(input.as_bytes())
        })?;
        output::write(&base.with_extension("out"), |w| {
            w.write_all(expected.as_bytes())
        })?;
        output::write(&base.with_extension("got"), |w| {
            w.write_all(&judged.execution.stdout)
        })?;
        Ok(base)
    }
}

/// Where a run's boards came from, in a few words: `board 7`, `boards
/// 50..99`, `run 7`, `replayed FILE`.
fn place(origin: &Origin<'_>, boards: usize) -> String {
    match origin {
        Origin::Generated(first) if boards > 1 => {
            format!("boards {first}..{}", first + (boards - 1) as u64)
        }
        Origin::Generated(first) => format!("board {first}"),
        Origin::Generator { index, .. } => format!("run {index}"),
        Origin::Replayed(file) => format!("replayed {}", file.display()),
    }
}

/// A sort key that orders numbers inside names by value (2.in before
/// 10.in).
fn natural_key(name: &str) -> Vec<(String, u128)> {
    let mut key = Vec::new();
    let mut text = String::new();
    let mut chars = name.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            let mut number = String::from(c);
            while let Some(d) = chars.next_if(char::is_ascii_digit) {
                number.push(d);
            }
            let value = number.parse::<u128>().unwrap_or(u128::MAX);
            key.push((std::mem::take(&mut text), value));
        } else {
            text.push(c);
        }
    }
    key.push((text, 0));
    key
}

/// `count` and `noun`, with an `s` unless the count is 1.
fn plural(count: u64, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

/// Text indented for the report, cut to its first and last lines (and long
/// lines to their ends) when it is long.
pub fn excerpt(text: &str) -> String {
    const HEAD: usize = 6;
    const TAIL: usize = 3;
    let lines: Vec<&str> = text.trim_end().lines().collect();
    if lines.is_empty() {
        return "    (nothing)".to_string();
    }
    let mut shown: Vec<String> = Vec::new();
    let mut show = |l: &str| shown.push(format!("    {}", cut_line(l)));
    if lines.len() <= HEAD + TAIL + 1 {
        lines.iter().for_each(|l| show(l));
    } else {
        lines[..HEAD].iter().for_each(|l| show(l));
        show(&format!(
            "... ({} more lines) ...",
            lines.len() - HEAD - TAIL
        ));
        lines[lines.len() - TAIL..].iter().for_each(|l| show(l));
    }
    shown.join("\n")
}

/// A line cut to its first and last characters when it is long.
fn cut_line(line: &str) -> String {
    const HEAD: usize = 100;
    const TAIL: usize = 40;
    let chars: Vec<char> = line.chars().collect();
    if chars.len() <= HEAD + TAIL + 20 {
        return line.to_string();
    }
    let head: String = chars[..HEAD].iter().collect();
    let tail: String = chars[chars.len() - TAIL..].iter().collect();
    format!(
        "{head} ... ({} characters) ... {tail}",
        chars.len() - HEAD - TAIL
    )
}

/// The default batch bound check: a batch size `stress` accepts for
/// `problem`.
pub fn check_batch(problem: &Problem, batch: usize) -> Result<usize> {
    match batch {
        0 => Err(Error::invalid("--batch 0: a run needs at least one board")),
        b if b > problem.max_batch() => Err(Error::invalid(format!(
            "--batch {b} is above {}, the most boards one {} input may hold",
            problem.max_batch(),
            problem.name()
        ))),
        b => Ok(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_cut_to_its_ends() {
        let text: String = (1..=50).map(|i| format!("{i}\n")).collect();
        let cut = excerpt(&text);
        assert!(cut.contains("    1\n") && cut.contains("    50"));
        assert!(cut.contains("(41 more lines)"), "{cut}");
        let long = "7 ".repeat(1000);
        assert!(excerpt(&long).contains("characters) ..."));
        assert_eq!(excerpt(""), "    (nothing)");
    }

    #[test]
    fn numbers_in_names_sort_by_value() {
        let mut names = vec!["10.in", "2.in", "a-1.in", "1.in", "a-01b.in"];
        names.sort_by_key(|n| natural_key(n));
        assert_eq!(names, ["1.in", "2.in", "10.in", "a-1.in", "a-01b.in"]);
    }

    #[test]
    fn batches_are_bounded_by_the_problem() {
        let p = |name: &str| Problem::by_name(name).unwrap();
        assert!(check_batch(&p("algospot-numbergame"), 51).is_err());
        assert!(check_batch(&p("atcoder-dp-l"), 2).is_err());
        assert!(check_batch(&p("lines"), 0).is_err());
        assert_eq!(check_batch(&p("uva-10891"), 500).unwrap(), 500);
    }
}

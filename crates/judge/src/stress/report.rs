//! The text of a stress report: the header, the lines of a failure, the
//! reproduce line, the timing and the summary, and the excerpts of inputs
//! and outputs they quote. Every function here returns text; the session
//! writes it.

use super::options::{Origin, StressConfig, StressOutcome};
use crate::verdict::{Judged, Trusted, Verdict};
use coinline_core::error::{plural, shown_ends};
use std::ops::Range;
use std::path::Path;
use std::time::Duration;

/// The slowest run so far and the time of every case, for formats with
/// several cases.
#[derive(Default)]
pub(super) struct Timing {
    slowest: Option<(Duration, usize, String)>,
    total: Duration,
    cases: u64,
}

impl Timing {
    /// Counts a run of `cases` cases that took `elapsed`, from `origin`.
    pub(super) fn add(&mut self, elapsed: Duration, cases: usize, origin: &Origin<'_>) {
        self.total += elapsed;
        self.cases += cases as u64;
        if self.slowest.as_ref().is_none_or(|(t, _, _)| elapsed > *t) {
            self.slowest = Some((elapsed, cases, place(origin, cases)));
        }
    }

    /// The slowest run and the mean time per case; `None` before any run.
    fn text(&self) -> Option<String> {
        let (slowest, cases, place) = self.slowest.as_ref()?;
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        let mean = ms(self.total) / self.cases.max(1) as f64;
        Some(format!(
            "time: slowest run {:.1} ms ({place}, {}), mean {mean:.2} ms per case",
            ms(*slowest),
            plural(*cases as u64, "case")
        ))
    }
}

/// The session's first lines: the problem, the boards, the limits, the
/// program (and the reference and generator, if any).
pub(super) fn header(c: &StressConfig) -> String {
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
        text += &format!("\ngenerator: {generator} SEED (SEED from --seed and the run's index)");
    }
    text
}

/// The closing lines: the timing (for formats with several cases per
/// input) and what the session found.
pub(super) fn summary(
    c: &StressConfig,
    o: &StressOutcome,
    timing: &Timing,
    elapsed: Duration,
) -> Vec<String> {
    let mut lines = Vec::new();
    if c.problem.max_batch() > 1 {
        lines.extend(timing.text());
    }
    let secs = elapsed.as_secs_f64();
    let rate = o.runs as f64 / secs.max(1e-9);
    let trusted = match c.trusted {
        Trusted::Solver => "the trusted solver",
        Trusted::Reference(_) => "the reference",
    };
    lines.push(match o.failing_boards {
        0 if o.interrupted => format!(
            "interrupted after {} ({}) in {secs:.1} s, seed {}: no failure found before it",
            plural(o.runs, "program run"),
            plural(o.boards, "board"),
            c.seed
        ),
        0 => format!(
            "{} in {} ({rate:.1} runs/s) in {secs:.1} s, seed {}: every answer agrees with {trusted}",
            plural(o.boards, "board"),
            plural(o.runs, "program run"),
            c.seed
        ),
        k => format!(
            "{} found after {} ({}) in {secs:.1} s{}, seed {}",
            plural(k, "failing board"),
            plural(o.runs, "program run"),
            plural(o.boards, "board"),
            match o.shrink_runs {
                0 => String::new(),
                runs => format!("; narrowed and shrunk in {}", plural(runs, "program run")),
            },
            c.seed
        ) + if o.interrupted { "; interrupted" } else { "" },
    });
    if o.escaped > 0 {
        lines.push(format!(
            "warning: {} left their program's process group (setsid or setpgid) and outlived the run; coinline killed them",
            plural(o.escaped, "process")
        ));
    }
    lines
}

/// The first line of a failure: `FAIL PLACE: VERDICT`.
pub(super) fn failure_line(origin: &Origin<'_>, boards: usize, verdict: &Verdict) -> String {
    let place = match origin {
        Origin::Generated(first) if boards > 1 => {
            format!("boards {first}..{} (one run)", first + (boards - 1) as u64)
        }
        Origin::Generator { argument, .. } => {
            format!("{} (generator seed {argument})", place(origin, boards))
        }
        _ => place(origin, boards),
    };
    format!("FAIL {place}: {verdict}")
}

/// What narrowing a run of several boards to `range` found.
pub(super) fn narrowed(origin: &Origin<'_>, range: &Range<usize>, verdict: &Verdict) -> String {
    match (origin, range.len()) {
        (Origin::Generated(first), 1) => format!(
            "  narrowed to board {} alone: {verdict}",
            first + range.start as u64
        ),
        (_, 1) => format!("  narrowed to case {} alone: {verdict}", range.start + 1),
        (_, k) => format!("  could not narrow below {k} boards: they fail only together"),
    }
}

/// The first line of the program's standard error, for a crash or a memory
/// limit.
pub(super) fn stderr_line(judged: &Judged) -> Option<String> {
    if !matches!(
        judged.verdict,
        Verdict::Crash(_) | Verdict::MemoryLimit { .. }
    ) {
        return None;
    }
    let line = judged
        .execution
        .stderr
        .lines()
        .find(|l| !l.trim().is_empty())?;
    Some(format!("  stderr: {}", shown_ends(line.trim())))
}

/// The command line that runs the boards `range` of a failing run again.
pub(super) fn reproduce(c: &StressConfig, origin: &Origin<'_>, range: Range<usize>) -> String {
    let line = c.command_prefix.clone();
    let line = match origin {
        Origin::Generated(first) => {
            let (lo, hi) = (first + range.start as u64, first + (range.end - 1) as u64);
            let only = if lo == hi {
                lo.to_string()
            } else {
                format!("{lo}..{hi}")
            };
            line.option("--seed", c.seed).option("--only", only)
        }
        Origin::Generator { index, .. } => line.option("--seed", c.seed).option("--only", index),
        Origin::Replayed(file) => line
            .option(
                "--replay",
                file.parent().unwrap_or(Path::new(".")).display(),
            )
            .option("--runs", 0),
    };
    format!("{} -- {}", line.line(), c.program)
}

/// Where a run's boards came from, in a few words: `board 7`, `boards
/// 50..99`, `run 7`, `replayed FILE`.
pub(super) fn place(origin: &Origin<'_>, boards: usize) -> String {
    match origin {
        Origin::Generated(first) if boards > 1 => {
            format!("boards {first}..{}", first + (boards - 1) as u64)
        }
        Origin::Generated(first) => format!("board {first}"),
        Origin::Generator { index, .. } => format!("run {index}"),
        Origin::Replayed(file) => format!("replayed {}", file.display()),
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
    let mut show = |l: &str| shown.push(format!("    {}", shown_ends(l)));
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
        assert!(
            excerpt(&long).ends_with("7 7 (1999 characters)"),
            "{}",
            excerpt(&long)
        );
        assert_eq!(excerpt(""), "    (nothing)");
    }
}

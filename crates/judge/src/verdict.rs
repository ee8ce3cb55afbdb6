//! Verdicts: what one run of a program under test did, judged against the
//! trusted answers.
//!
//! Architecture invariant: every verdict comes from [`judge_run`], the one
//! place that compares a program's output with the trusted answers
//! ([`Problem::expected`], or a reference program's: [`Trusted`]);
//! narrowing, shrinking and replaying all go through it.

use super::answers::OutputProblem;
use super::error::{JudgeError, RunFailure};
use super::problem::Problem;
use super::problem::Reply;
use crate::instance::Instance;
use coinline_core::error::{Error, Result};
use coinline_sandbox::{execute, Execution, Exit, Program, RunLimits, STDOUT_CAP};
use std::fmt;
use std::time::Duration;

/// The verdict on one run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every answer is right.
    Accepted,
    /// An answer differs from the trusted one (the first such case).
    WrongAnswer {
        /// 1-based case of the input.
        case: usize,
        /// The trusted answer.
        expected: Reply,
        /// The program's answer.
        got: Reply,
    },
    /// The program exited with a non-zero status or was killed by a signal.
    Crash(Exit),
    /// The program ran past the time limit.
    Timeout(Duration),
    /// The program failed under `--memory` and says it ran out of memory (or
    /// its peak memory came within 10% of the limit).
    MemoryLimit {
        /// How it ended.
        exit: Exit,
        /// The limit in MiB.
        limit_mb: u64,
    },
    /// The output is not one answer per case.
    BadOutput(OutputProblem),
    /// The output went beyond [`STDOUT_CAP`].
    OutputTooLong,
}

impl Verdict {
    /// A short name: `ok`, `wrong-answer`, `crash`, `timeout`,
    /// `memory-limit`, `malformed-output` or `missing-output`.
    pub fn kind(&self) -> &'static str {
        match self {
            Verdict::Accepted => "ok",
            Verdict::WrongAnswer { .. } => "wrong-answer",
            Verdict::Crash(_) => "crash",
            Verdict::Timeout(_) => "timeout",
            Verdict::MemoryLimit { .. } => "memory-limit",
            Verdict::BadOutput(OutputProblem::Missing { .. }) => "missing-output",
            Verdict::BadOutput(_) | Verdict::OutputTooLong => "malformed-output",
        }
    }

    /// What "fails the same way" compares while narrowing and shrinking:
    /// the kind, and for a crash also its exit status or signal.
    pub fn signature(&self) -> String {
        match self {
            Verdict::Crash(exit) => format!("crash: {exit}"),
            other => other.kind().to_string(),
        }
    }

    /// Whether the run passed.
    pub fn is_accepted(&self) -> bool {
        *self == Verdict::Accepted
    }

    /// The 0-based case the verdict points at, if any.
    pub fn suspect_case(&self) -> Option<usize> {
        match self {
            Verdict::WrongAnswer { case, .. } => Some(case - 1),
            Verdict::BadOutput(OutputProblem::Malformed { answer, .. }) => Some(answer - 1),
            Verdict::BadOutput(OutputProblem::Missing { answers, .. }) => Some(*answers),
            _ => None,
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Accepted => f.write_str("accepted"),
            Verdict::WrongAnswer {
                case,
                expected,
                got,
            } => write!(
                f,
                "wrong answer on case {case}: expected {expected}, got {got}"
            ),
            Verdict::Crash(exit) => write!(f, "crash: {exit}"),
            Verdict::Timeout(limit) => write!(
                f,
                "timeout: still running after {}s, killed with its process group",
                limit.as_secs_f64()
            ),
            Verdict::MemoryLimit { exit, limit_mb } => {
                write!(f, "memory limit: {exit} under the {limit_mb} MB limit")
            }
            Verdict::BadOutput(p @ OutputProblem::Missing { .. }) => {
                write!(f, "missing output: {p}")
            }
            Verdict::BadOutput(p) => write!(f, "malformed output: {p}"),
            Verdict::OutputTooLong => {
                write!(f, "malformed output: more than {} MiB", STDOUT_CAP >> 20)
            }
        }
    }
}

/// One run, judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judged {
    /// The verdict.
    pub verdict: Verdict,
    /// The trusted answer of each case.
    pub expected: Vec<Reply>,
    /// The program's answer of each case, when its output could be read.
    pub answers: Vec<Option<Reply>>,
    /// What the program did.
    pub execution: Execution,
}

impl Judged {
    /// The verdict on case `i` alone: with a wrong answer elsewhere in the
    /// run, a right answer here is `ok`; any other failure is the whole run's.
    pub fn case_kind(&self, i: usize) -> &'static str {
        match (&self.verdict, self.answers.get(i).and_then(Option::as_ref)) {
            (Verdict::WrongAnswer { .. }, Some(a)) if Some(a) == self.expected.get(i) => "ok",
            (verdict, _) => verdict.kind(),
        }
    }
}

/// Where the expected answers of a run come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Trusted {
    /// coinline's trusted solver, through [`Problem::expected`].
    Solver,
    /// The user's own trusted program (`stress --reference`), run on the
    /// same input under the run's `--timeout` and `--memory`; its output is
    /// read as the problem's answers.
    Reference(Program),
}

impl Trusted {
    /// The trusted answers of `boards`, whose input is `input`. A reference
    /// that crashes, runs out of time or prints anything but one answer per
    /// case is an error (a usage error, not a failure of the program under
    /// test) naming the reference and the input.
    pub fn answers(
        &self,
        problem: &Problem,
        boards: &[Instance],
        input: &str,
        limits: &RunLimits,
    ) -> Result<Vec<Reply>> {
        let reference = match self {
            Trusted::Solver => return boards.iter().map(|b| problem.expected(b)).collect(),
            Trusted::Reference(reference) => reference,
        };
        // The reference has the run's whole --timeout: `execute` reads
        // only `timeout`, and only `for_cases` (the program's) applies the
        // per-case limit.
        let failed = |failure| {
            let (program, input) = (reference.to_string(), input.to_string());
            Error::from(JudgeError::Reference {
                program,
                input,
                failure,
            })
        };
        let run = execute(reference, input.as_bytes().to_vec(), limits)
            .map_err(|e| failed(RunFailure::Start(e)))?;
        if let Some(failure) = run_failure(&run, limits.timeout) {
            return Err(failed(failure));
        }
        let cases = boards.len();
        (problem.parse_answers_bytes(&run.stdout, cases))
            .map_err(|problem| failed(RunFailure::NotAnswers { cases, problem }))
    }
}

/// How a run of a program the judge calls (a reference, a generator) with
/// `timeout` failed, if it did.
pub(crate) fn run_failure(run: &Execution, timeout: Duration) -> Option<RunFailure> {
    if run.timed_out {
        return Some(RunFailure::TimedOut { timeout });
    }
    if run.exit != Exit::Code(0) {
        let stderr = (run.stderr.lines().map(str::trim)).find(|l| !l.is_empty());
        let stderr = stderr.map(str::to_string);
        return Some(RunFailure::Failed {
            exit: run.exit,
            stderr,
        });
    }
    run.stdout_truncated.then_some(RunFailure::OutputTooLong)
}

/// Runs `program` on `boards` written in `problem`'s format and judges its
/// output against the answers of `trusted`. The run's time limit is
/// `limits` for as many cases as `boards` ([`RunLimits::for_cases`]).
pub fn judge_run(
    problem: &Problem,
    boards: &[Instance],
    program: &Program,
    limits: &RunLimits,
    trusted: &Trusted,
) -> Result<Judged> {
    let input = problem.write_input(boards);
    let expected = trusted.answers(problem, boards, &input, limits)?;
    let limits = limits.for_cases(boards.len());
    let execution = execute(program, input.into_bytes(), &limits)?;
    let mut answers = vec![None; boards.len()];
    let verdict = if execution.timed_out {
        Verdict::Timeout(limits.timeout)
    } else if execution.exit != Exit::Code(0) {
        match limits.memory_mb {
            Some(limit_mb) if out_of_memory(&execution, limit_mb) => Verdict::MemoryLimit {
                exit: execution.exit,
                limit_mb,
            },
            _ => Verdict::Crash(execution.exit),
        }
    } else if execution.stdout_truncated {
        Verdict::OutputTooLong
    } else {
        match problem.parse_answers_bytes(&execution.stdout, boards.len()) {
            Err(problem) => Verdict::BadOutput(problem),
            Ok(got) => {
                answers = got.iter().cloned().map(Some).collect();
                let wrong = (0..got.len()).find(|&i| got[i] != expected[i]);
                match wrong {
                    Some(i) => Verdict::WrongAnswer {
                        case: i + 1,
                        expected: expected[i].clone(),
                        got: got[i].clone(),
                    },
                    None => Verdict::Accepted,
                }
            }
        }
    };
    Ok(Judged {
        verdict,
        expected,
        answers,
        execution,
    })
}

/// Whether a failed run looks like it ran out of memory: its standard error
/// says so, or its peak memory came within 10% of the limit.
fn out_of_memory(execution: &Execution, limit_mb: u64) -> bool {
    const SIGNS: [&str; 6] = [
        "out of memory",
        "memoryerror",
        "bad_alloc",
        "memory allocation",
        "cannot allocate memory",
        "allocation failed",
    ];
    let stderr = execution.stderr.to_ascii_lowercase();
    let near_limit = execution
        .peak_memory_kb
        .is_some_and(|kb| u128::from(kb) * 10 >= u128::from(limit_mb) * 1024 * 9);
    SIGNS.iter().any(|s| stderr.contains(s)) || near_limit
}

#[cfg(test)]
mod tests {
    use super::super::answers::OutputProblem;
    use super::*;

    #[test]
    fn verdicts_name_their_kind() {
        let wa = Verdict::WrongAnswer {
            case: 2,
            expected: Reply::Number(5),
            got: Reply::Number(4),
        };
        assert_eq!(wa.kind(), "wrong-answer");
        assert_eq!(wa.suspect_case(), Some(1));
        let crash = Verdict::Crash(Exit::Code(3));
        assert_eq!(crash.signature(), "crash: exit status 3");
        assert_ne!(crash.signature(), Verdict::Crash(Exit::Code(1)).signature());
        let missing = Verdict::BadOutput(OutputProblem::Missing {
            answers: 1,
            cases: 3,
        });
        assert_eq!(missing.kind(), "missing-output");
        assert_eq!(missing.to_string(), "missing output: 1 answer for 3 cases");
    }

    #[test]
    fn only_an_accepted_run_is_accepted() {
        assert!(Verdict::Accepted.is_accepted());
        for other in [
            Verdict::OutputTooLong,
            Verdict::Timeout(std::time::Duration::from_secs(1)),
            Verdict::BadOutput(OutputProblem::Missing {
                answers: 0,
                cases: 1,
            }),
        ] {
            assert!(!other.is_accepted(), "{other:?}");
        }
    }

    #[test]
    fn the_suspect_case_and_each_cases_kind() {
        let malformed = Verdict::BadOutput(OutputProblem::Malformed {
            line: 4,
            answer: 3,
            problem: "x".into(),
        });
        assert_eq!(malformed.suspect_case(), Some(2));
        let missing = Verdict::BadOutput(OutputProblem::Missing {
            answers: 2,
            cases: 5,
        });
        assert_eq!(missing.suspect_case(), Some(2));
        assert_eq!(Verdict::OutputTooLong.suspect_case(), None);

        let wrong = Verdict::WrongAnswer {
            case: 2,
            expected: Reply::Number(5),
            got: Reply::Number(4),
        };
        let judged = |verdict: Verdict| Judged {
            verdict,
            expected: vec![Reply::Number(1), Reply::Number(5)],
            answers: vec![Some(Reply::Number(1)), Some(Reply::Number(4))],
            execution: Execution {
                exit: Exit::Code(0),
                timed_out: false,
                elapsed: std::time::Duration::ZERO,
                stdout: Vec::new(),
                stdout_truncated: false,
                stderr: String::new(),
                peak_memory_kb: None,
            },
        };
        let run = judged(wrong);
        assert_eq!((run.case_kind(0), run.case_kind(1)), ("ok", "wrong-answer"));
        let crashed = judged(Verdict::Crash(Exit::Code(1)));
        assert_eq!(crashed.case_kind(0), "crash");
    }

    fn ended(stderr: &str, peak_memory_kb: Option<u64>) -> Execution {
        Execution {
            exit: Exit::Code(1),
            timed_out: false,
            elapsed: std::time::Duration::ZERO,
            stdout: Vec::new(),
            stdout_truncated: false,
            stderr: stderr.into(),
            peak_memory_kb,
        }
    }

    #[test]
    fn a_run_out_of_memory_is_told_by_its_words_or_its_peak() {
        assert!(out_of_memory(&ended("terminate: std::bad_alloc", None), 64));
        assert!(out_of_memory(&ended("Out Of Memory", None), 64));
        assert!(!out_of_memory(&ended("segfault", None), 64));
        // Within 10% of the limit: 90 of 100 MiB is 92,160 KiB.
        assert!(out_of_memory(&ended("", Some(92_160)), 100));
        assert!(!out_of_memory(&ended("", Some(92_159)), 100));
    }

    fn sh(script: &str) -> Program {
        Program::new(&["sh".to_string(), "-c".to_string(), script.to_string()]).unwrap()
    }

    #[test]
    fn a_run_is_judged_against_its_trusted_answers() {
        let problem = Problem::by_name("cses-removal-game").unwrap();
        let boards = [Instance::new(
            Default::default(),
            coinline_core::board::Board::parse("5").unwrap(),
        )];
        let limits = RunLimits {
            timeout: std::time::Duration::from_secs(20),
            case_timeout: None,
            memory_mb: Some(512),
        };
        let judge = |script: &str, trusted: &Trusted| {
            judge_run(&problem, &boards, &sh(script), &limits, trusted).map(|j| j.verdict)
        };
        let solver = Trusted::Solver;
        assert_eq!(
            judge("cat >/dev/null; echo 5", &solver).unwrap(),
            Verdict::Accepted
        );
        assert_eq!(
            judge("cat >/dev/null; echo 4", &solver).unwrap(),
            Verdict::WrongAnswer {
                case: 1,
                expected: Reply::Number(5),
                got: Reply::Number(4)
            }
        );
        assert_eq!(
            judge("cat >/dev/null; exit 3", &solver).unwrap(),
            Verdict::Crash(Exit::Code(3))
        );
        assert_eq!(
            judge("cat >/dev/null; echo out of memory >&2; exit 1", &solver).unwrap(),
            Verdict::MemoryLimit {
                exit: Exit::Code(1),
                limit_mb: 512
            }
        );
        // A reference is trusted for its answers, and refused when it fails.
        let reference = Trusted::Reference(sh("cat >/dev/null; echo 4"));
        assert_eq!(
            judge("cat >/dev/null; echo 4", &reference).unwrap(),
            Verdict::Accepted
        );
        let broken = Trusted::Reference(sh("cat >/dev/null; echo oops >&2; exit 2"));
        let error = judge("echo 5", &broken).unwrap_err().to_string();
        assert!(error.starts_with("--reference "), "{error}");
        assert!(
            error.contains("exit status 2 (stderr: oops), on the input \"1\\n5\\n\""),
            "{error}"
        );
    }
}

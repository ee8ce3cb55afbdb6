//! `coinline judge`: the trusted answers of a judge input, or a check of a
//! file of expected answers against them.

use super::error::UsageError;
use super::options::parse_with;
use super::options::{limit_seconds, positive_seconds, ParamArg};
use super::progress::Bar;
use super::status::Status;
use super::text::shown;
use crate::cli::status::say;
use clap::Args;
use coinline_core::error::{Error, Result};
use coinline_core::play::Game;
use coinline_core::progress::Progress;
use coinline_core::rules::RuleSet;
use coinline_judge::instance::{params_breach, Instance};
use coinline_judge::problem::trusted_solver;
use coinline_judge::{spec, Answer, CaseReader, Origin, Problem, Reply};
use std::io::Read;
use std::path::{Path, PathBuf};

/// The options naming a judge problem (shared with `stress`).
#[derive(Debug, Args)]
pub struct ProblemArgs {
    /// A built-in problem (`coinline problems` lists them).
    #[arg(long, value_name = "NAME", value_parser = parse_with::<BuiltIn>,
          required_unless_present = "problem_file", conflicts_with = "problem_file")]
    pub problem: Option<BuiltIn>,
    /// A problem file of your own (TOML; `coinline problems show lines`
    /// prints one to start from).
    #[arg(long, value_name = "FILE")]
    pub problem_file: Option<PathBuf>,
    /// Only for problems that let the user choose (lines): the game, an
    /// alias or rules (see `coinline games`; default coins).
    /// A count may be a parameter's name, bound by --param.
    #[arg(long, value_name = "GAME", value_parser = parse_with::<RuleSet>)]
    pub game: Option<RuleSet>,
    #[command(flatten)]
    pub params: ParamArg,
    /// Only for problems that let the user choose (lines): what each
    /// answer is, `difference` (default), `first`, `second` or `totals`
    /// (the totals only where every value is scored).
    #[arg(long, value_name = "ANSWER", value_parser = parse_with::<Answer>)]
    pub answer: Option<Answer>,
}

/// The name of a built-in problem, checked when the command line is read.
#[derive(Clone, Debug)]
pub struct BuiltIn(pub String);

impl std::str::FromStr for BuiltIn {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        spec::built_in_text(s)?;
        Ok(BuiltIn(s.trim().to_ascii_lowercase()))
    }
}

impl ProblemArgs {
    /// The problem these options name.
    pub fn resolve(&self) -> Result<Problem> {
        let problem = match (&self.problem, &self.problem_file) {
            (Some(BuiltIn(name)), _) => Problem::by_name(name)?,
            (None, Some(path)) => problem_file(path, spec::parse)?,
            (None, None) => unreachable!("clap requires --problem or --problem-file"),
        };
        problem.adjusted(self.game()?, self.answer.clone())
    }

    /// `--game` with its parameters bound by `--param`; `--param` without
    /// `--game` is refused.
    pub fn game(&self) -> Result<Option<Game>> {
        match &self.game {
            Some(rules) => self.params.bind(rules).map(Some),
            None if !self.params.param.is_empty() => Err(UsageError::ParamWithoutGame.into()),
            None => Ok(None),
        }
    }
}

/// The problem in the file at `path`, read by `parse` (a `coinline_judge::spec` reader).
pub(super) fn problem_file(
    path: &Path,
    parse: fn(&str, Origin) -> Result<Problem>,
) -> Result<Problem> {
    let text = read_text(path)?;
    parse(&text, Origin::File(path.to_path_buf())).map_err(|e| e.within(path.display().to_string()))
}

/// The most bytes of a study, problem or template file: 1 MiB.
pub(super) const FILE_CAP: u64 = 1 << 20;

/// The text of a study, problem or template file (`-`: standard input),
/// read through [`FILE_CAP`] whatever its kind (a file, a pipe, `<(...)`);
/// a character or block device is refused unopened.
pub(super) fn read_text(path: &Path) -> Result<String> {
    let refused = |e| Error::io(path, &e);
    let file: Box<dyn Read> = match path.as_os_str() == "-" {
        true => Box::new(std::io::stdin()),
        false if is_device(&std::fs::metadata(path).map_err(refused)?) => {
            Err(UsageError::Device { path: path.into() })?
        }
        false => Box::new(std::fs::File::open(path).map_err(refused)?),
    };
    let mut bytes = Vec::new();
    (file.take(FILE_CAP + 1).read_to_end(&mut bytes)).map_err(refused)?;
    if bytes.len() as u64 > FILE_CAP {
        Err(UsageError::FileTooLarge {
            path: path.into(),
            cap: FILE_CAP,
        })?
    }
    Ok(String::from_utf8(bytes).map_err(|_| UsageError::NotUtf8 { path: path.into() })?)
}

/// Whether `file` is a character or block device.
fn is_device(file: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::FileTypeExt;
    file.file_type().is_char_device() || file.file_type().is_block_device()
}

/// Arguments of `coinline judge`.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  coinline judge --problem uva-10891 sum.in            # the trusted answers
  coinline judge --problem uva-10891 sum.in sum.out    # which cases differ
  ./gen | coinline judge --problem cses-removal-game -
  coinline judge --problem-file take-two.toml in.txt

Problems: `coinline problems` lists the built-in ones; --problem-file reads
your own.

Exit status: 0 answers printed, or every expected answer agrees; 1 an
expected answer differs; 2 bad usage or an input not in the judge's format.")]
pub struct JudgeArgs {
    /// The problem.
    #[command(flatten)]
    pub problem: ProblemArgs,
    /// The input file in the judge's format (`-` for standard input).
    pub input: PathBuf,
    /// A file of expected answers to compare with the trusted ones (`-`
    /// for standard input).
    pub expected: Option<PathBuf>,
    /// Time budget in seconds for the whole input: the trusted solver's
    /// estimated time is added up case by case, and the run is refused
    /// when it passes the budget.
    #[arg(long, allow_negative_numbers = true, value_name = "SECONDS", default_value = "10", value_parser = positive_seconds)]
    pub budget: f64,
    /// For an interactive problem: the time limit per move in seconds
    /// (decimals allowed; default 2), also how long the program may take to
    /// exit after the end.
    #[arg(long, allow_negative_numbers = true, value_parser = limit_seconds, value_name = "SECONDS")]
    pub move_time: Option<std::time::Duration>,
    /// For an interactive problem: the program that plays each case against
    /// the jury, after `--`.
    #[arg(last = true, value_name = "PROGRAM")]
    pub program: Vec<String>,
}

/// The bytes of `path` (`-`: standard input).
pub(super) fn read(path: &Path) -> Result<Vec<u8>> {
    if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| Error::read_failed("standard input", &e))?;
        return Ok(bytes);
    }
    std::fs::read(path).map_err(|e| Error::io(path, &e))
}

/// The input, opened to be streamed, and its size when it is known (a
/// file), for the progress bar.
fn open(path: &Path) -> Result<(Box<dyn Read>, Option<u64>)> {
    if path.as_os_str() == "-" {
        super::solve::hint_terminal_stdin("a judge input");
        return Ok((Box::new(std::io::stdin().lock()), None));
    }
    let file = std::fs::File::open(path).map_err(|e| Error::io(path, &e))?;
    let size = file
        .metadata()
        .ok()
        .filter(|m| m.is_file())
        .map(|m| m.len());
    Ok((Box::new(file), size))
}

/// A reader that tells a progress bar how many bytes were read (if it
/// counts bytes).
struct Counted<'a> {
    inner: Box<dyn Read>,
    bar: Option<&'a Bar>,
}

impl Read for Counted<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let read = self.inner.read(buf)?;
        if let Some(bar) = self.bar {
            bar.advance(read as u64);
        }
        Ok(read)
    }
}

/// The trusted answers of the input's cases, read one case at a time (the
/// memory is the largest case's, not the input's), each case's estimated
/// cost added to the run's before it is solved: past `budget` seconds the
/// run is refused with the estimate.
fn trusted_answers(args: &JudgeArgs, problem: &Problem) -> Result<(Vec<usize>, Vec<Reply>)> {
    let (input, size) = open(&args.input)?;
    // A file's bytes, or (on standard input) the cases, if the input says
    // how many.
    let bar = Bar::idle();
    let bytes = size.filter(|&s| s >= PROGRESS_FROM);
    if let Some(size) = bytes {
        bar.start(size, "bytes");
    }
    let reader = CaseReader::new(
        problem,
        Counted {
            inner: input,
            bar: bytes.map(|_| &bar),
        },
    );
    let answers = solve_cases(args, problem, reader, &bar, bytes.is_none());
    // Cleared whatever the outcome, so an error line is not drawn over.
    bar.finish();
    answers
}

/// The loop of [`trusted_answers`]: each case read, noted, costed and
/// solved.
fn solve_cases(
    args: &JudgeArgs,
    problem: &Problem,
    mut reader: CaseReader<'_, Counted<'_>>,
    bar: &Bar,
    count_cases: bool,
) -> Result<(Vec<usize>, Vec<Reply>)> {
    let in_file = |e: Error| e.within(shown(&args.input));
    let (game, limits) = (problem.game(), problem.limits());
    let solver = trusted_solver(game);
    let (mut lines, mut trusted) = (Vec::new(), Vec::new());
    let (mut seconds, mut values) = (0.0, 0);
    while let Some(case) = reader.next_case().map_err(in_file)? {
        let (number, n) = (lines.len() + 1, case.board.len());
        match reader.announced() {
            Some(count) if count_cases && number == 1 && count >= PROGRESS_CASES => {
                bar.start(count as u64, "cases");
            }
            _ => {}
        }
        let breach = || {
            params_breach(
                problem.params(),
                &Instance::new(case.params.clone(), case.board.clone()),
            )
        };
        if let Some(why) = limits.violation(&case.board).or_else(breach) {
            bar.suspend(&mut || {
                say!(
                    "note: case {number} (line {}) breaks the problem's constraints: {why}",
                    case.line
                )
            });
        }
        if let Some(cost) = solver.cost(game, n) {
            (seconds, values) = (seconds + cost.seconds, values + n);
            if seconds > args.budget {
                return Err(UsageError::JudgingOverBudget {
                    cases: number,
                    line: case.line,
                    solver: solver.name().to_string(),
                    seconds,
                    values,
                    budget: args.budget,
                }
                .into());
            }
        }
        let reply = problem
            .expected(&Instance::new(case.params.clone(), case.board.clone()))
            .map_err(|e| in_file(e.within(format!("case {number} (line {})", case.line))))?;
        lines.push(case.line);
        trusted.push(reply);
        if count_cases {
            bar.advance(1);
        }
    }
    Ok((lines, trusted))
}

/// Input files at least this long (bytes) show a progress bar on a
/// terminal.
const PROGRESS_FROM: u64 = 1 << 20;

/// Inputs on standard input announcing at least this many cases show a
/// progress bar on a terminal.
const PROGRESS_CASES: usize = 1000;

/// Runs `coinline judge`.
pub fn run(args: &JudgeArgs) -> Result<Status> {
    let problem = args.problem.resolve()?;
    let interactive_only = [
        (!args.program.is_empty(), "a program after --"),
        (args.move_time.is_some(), "--move-time"),
    ];
    if let Some(&(_, option)) = interactive_only.iter().find(|(given, _)| *given) {
        let problem = Box::new(problem);
        return Err(UsageError::InteractiveOnly { option, problem }.into());
    }
    if args.input.as_os_str() == "-" && args.expected.as_deref() == Some(Path::new("-")) {
        return Err(UsageError::BothStdin.into());
    }
    let (lines, trusted) = trusted_answers(args, &problem)?;
    if lines.is_empty() {
        let input = args.input.clone();
        return Err(UsageError::NoCases { input }.into());
    }
    if lines.len() > problem.max_batch() {
        say!(
            "note: {} cases, above the {} that {} allows",
            lines.len(),
            problem.max_batch(),
            problem.name()
        );
    }
    let Some(expected_path) = &args.expected else {
        super::status::print(&problem.write_answers(&trusted))?;
        return Ok(Status::Ok);
    };
    let bytes = read(expected_path)?;
    let claimed = problem
        .parse_answers_bytes(&bytes, lines.len())
        .map_err(|wrong| UsageError::BadExpected {
            path: expected_path.clone(),
            wrong,
        })?;
    let mut differing = 0;
    let mut report = String::new();
    for (i, (line, (want, got))) in lines.iter().zip(trusted.iter().zip(&claimed)).enumerate() {
        if want != got {
            differing += 1;
            report += &format!(
                "case {} (input line {}): {} says {got}, the trusted answer is {want}\n",
                i + 1,
                line,
                shown(expected_path)
            );
        }
    }
    let total = lines.len() as u64;
    report += &match (differing, total) {
        (0, 1) => "the 1 case agrees\n".to_string(),
        (0, _) => format!("all {total} cases agree\n"),
        (1, _) => format!(
            "1 of {} differs\n",
            coinline_core::error::plural(total, "case")
        ),
        (_, _) => format!(
            "{differing} of {} differ\n",
            coinline_core::error::plural(total, "case")
        ),
    };
    super::status::print(&report)?;
    Ok(Status::failure_if(differing > 0))
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// The kind check alone (`stat`: no device is opened): /dev/null is a
    /// device; a FIFO, a folder and a file are not.
    #[test]
    fn devices_are_told_by_their_kind_unopened() {
        let dir = coinline_output::test_support::workdir("cli", "kinds");
        let fifo = dir.join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.unwrap().success());
        let device = |path: &Path| super::is_device(&std::fs::metadata(path).unwrap());
        assert!(device(Path::new("/dev/null")));
        assert!(!device(&fifo) && !device(&dir) && !device(&std::env::current_exe().unwrap()));
    }
}

//! `coinline judge`: the trusted answers of a judge input, or a check of a
//! file of expected answers against them.

use super::{parse_with, Status};
use clap::Args;
use coinline::error::{Error, Result};
use coinline::game::Game;
use coinline::judge::{
    parse_answers, parse_cases, text_of, write_answers, Answer, Format, Problem,
};
use std::io::Read;
use std::path::{Path, PathBuf};

/// The options naming a judge problem (shared with `stress`).
#[derive(Debug, Args)]
pub struct ProblemArgs {
    /// The judge problem: algospot-numbergame, atcoder-dp-l,
    /// cses-removal-game, uva-10891 or lines.
    #[arg(long, value_name = "PROBLEM", value_parser = parse_with::<Format>)]
    pub problem: Format,
    /// Only for `lines` (refused with other problems): the game, an alias
    /// or rules (see `coinline games`; default coins).
    #[arg(long, value_name = "GAME", value_parser = parse_with::<Game>)]
    pub game: Option<Game>,
    /// Only for `lines` (refused with other problems): what each answer
    /// is, `difference` (default) or `first` (the first player's total;
    /// refused for numbergame).
    #[arg(long, value_name = "ANSWER", value_parser = parse_with::<Answer>)]
    pub answer: Option<Answer>,
}

impl ProblemArgs {
    /// The problem these options name.
    pub fn resolve(&self) -> Result<Problem> {
        Problem::new(self.problem, self.game, self.answer)
    }
}

/// Arguments of `coinline judge`.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  coinline judge --problem uva-10891 sum.in            # the trusted answers
  coinline judge --problem uva-10891 sum.in sum.out    # which cases differ
  ./gen | coinline judge --problem cses-removal-game -

Problems: algospot-numbergame, atcoder-dp-l, cses-removal-game, uva-10891, lines.

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
}

/// A path as messages name it: `-` is standard input.
fn shown(path: &Path) -> String {
    match path.as_os_str() == "-" {
        true => "standard input".into(),
        false => path.display().to_string(),
    }
}

fn read(path: &Path) -> Result<Vec<u8>> {
    if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| Error::invalid(format!("cannot read standard input: {e}")))?;
        return Ok(bytes);
    }
    std::fs::read(path).map_err(|e| Error::io(path, &e))
}

/// Runs `coinline judge`.
pub fn run(args: &JudgeArgs) -> Result<Status> {
    let problem = args.problem.resolve()?;
    if args.input.as_os_str() == "-" && args.expected.as_deref() == Some(Path::new("-")) {
        return Err(Error::invalid(
            "INPUT and EXPECTED cannot both be standard input (`-`)",
        ));
    }
    let in_file = |e: Error| Error::invalid(format!("{}: {e}", shown(&args.input)));
    let bytes = read(&args.input)?;
    let cases = text_of(&bytes)
        .and_then(|text| parse_cases(&problem, text))
        .map_err(in_file)?;
    if cases.is_empty() {
        return Err(Error::nothing_to_check(format!(
            "{} holds no cases",
            shown(&args.input)
        )));
    }
    let limits = problem.limits();
    let format = problem.format();
    if cases.len() > format.max_batch() {
        eprintln!(
            "note: {} cases, above the {} that {format} allows",
            cases.len(),
            format.max_batch()
        );
    }
    for (i, case) in cases.iter().enumerate() {
        if let Some(why) = limits.violation(&case.board) {
            eprintln!(
                "note: case {} (line {}) breaks the problem's constraints: {why}",
                i + 1,
                case.line
            );
        }
    }
    let trusted = cases
        .iter()
        .map(|c| problem.expected(&c.board))
        .collect::<Result<Vec<i64>>>()?;
    let Some(expected_path) = &args.expected else {
        super::print(&write_answers(&trusted))?;
        return Ok(Status::Ok);
    };
    let bytes = read(expected_path)?;
    let claimed = parse_answers(&String::from_utf8_lossy(&bytes), cases.len())
        .map_err(|p| Error::invalid(format!("{}: {p}", shown(expected_path))))?;
    let mut differing = 0;
    let mut report = String::new();
    for (i, (case, (&want, &got))) in cases.iter().zip(trusted.iter().zip(&claimed)).enumerate() {
        if want != got {
            differing += 1;
            report += &format!(
                "case {} (input line {}): {} says {got}, the trusted answer is {want}\n",
                i + 1,
                case.line,
                shown(expected_path)
            );
        }
    }
    let total = cases.len() as u64;
    report += &match (differing, total) {
        (0, 1) => "the 1 case agrees\n".to_string(),
        (0, _) => format!("all {total} cases agree\n"),
        (1, _) => format!("1 of {} differs\n", super::plural(total, "case")),
        (_, _) => format!("{differing} of {} differ\n", super::plural(total, "case")),
    };
    super::print(&report)?;
    Ok(if differing == 0 {
        Status::Ok
    } else {
        Status::FailureFound
    })
}

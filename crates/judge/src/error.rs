//! The judge's errors: problem files, judge inputs, saved tests and games,
//! and the programs a run calls.

// A field is what its variant's message names: no doc of its own.
#![allow(missing_docs)]

use coinline_core::board::NotValue;
use coinline_core::error::{quote, quote_ends, quote_token, shown_ends, Error};
use coinline_core::generate::Span;
use coinline_core::play::Game;
use coinline_core::rules::MAX_COUNT;
use coinline_core::shell::shell_word;
use coinline_sandbox::{Exit, STDOUT_CAP};
use coinline_spec::SpecError;
use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

/// A fault at `key` of a problem file, printed `key: fault`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{key}: {fault}")]
pub struct ProblemFileError {
    pub key: String,
    #[source]
    pub fault: Error,
}

/// `fault` at `key` of a problem file ([`ProblemFileError`]).
pub(crate) fn at(key: &str, fault: impl Into<Error>) -> Error {
    let (key, fault) = (key.to_string(), fault.into());
    ProblemFileError { key, fault }.into()
}

/// The longest problem name, in bytes (a name is part of the names of
/// saved tests, which must stay under the file system's 255).
pub const MAX_NAME_BYTES: usize = 64;

/// What the judge refuses: a problem, its options, a saved test or game, a run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JudgeError {
    /// A problem file that is not TOML of a problem's keys.
    #[error(transparent)]
    ProblemToml(SpecError),
    #[error("{text:?} is not one of {}", valid.iter().map(|v| format!("{v:?}")).collect::<Vec<_>>().join(", "))]
    NotOneOf {
        text: String,
        valid: Vec<&'static str>,
    },
    #[error(
        "{} is not a name of 1 to {MAX_NAME_BYTES} lowercase letters, digits and `-`",
        quote(name)
    )]
    BadName { name: String },
    #[error("a problem whose rules read parameters from the input keeps its game")]
    AdjustableWithParams,
    #[error("\"until-zero\" needs each case to start with its length (case = \"n values\")")]
    UntilZeroNeedsLength,
    #[error("parity applies only to coins with even n (limits.n-parity = \"even\")")]
    ParityNeedsEvenCoins,
    #[error("answer kind play needs the heuristic both players follow (greedy)")]
    PlayNeedsHeuristic,
    #[error("{word:?} is not one word")]
    NotOneWord { word: String },
    #[error("the words must differ")]
    WordsRepeat,
    #[error("{tie:?} is not \"first\" or \"second\" (or give a third word for a tie)")]
    BadTie { tie: String },
    #[error("two words need tie = \"first\" or \"second\": who a tie counts as")]
    TieMissing,
    #[error("the third word already names a tie")]
    TieTwice,
    #[error("give the first player's and the second's word, and optionally a tie's")]
    WordCount,
    #[error("{}limits.{key}: unknown field `{key}`, expected one of {LIMITS_KEYS} or a parameter of the rules", line.map(|l| format!("line {l}: ")).unwrap_or_default())]
    UnknownLimitsKey { key: String, line: Option<usize> },
    #[error("{name:?} is not a parameter of the rules {rules:?}")]
    NotAParameter { name: String, rules: String },
    #[error("a case's parameters follow its length: write {case:?}")]
    ParamsAfterLength { case: String },
    #[error("the rules use the parameter {name}: read it once (params = {name:?}) or per case (case = \"n {name} values\"), not both or neither")]
    ParamReadOnce { name: String },
    #[error("write the range as a string, such as \"1..n\"")]
    RangeNotText,
    #[error("the parameter {name} needs its range, such as {name} = \"1..n\"")]
    RangeMissing { name: String },
    #[error("an input of one case holds 1 case")]
    OneCase,
    #[error("an input of several cases needs the range of their number (cases = \"1..50\")")]
    CasesRangeMissing,
    #[error("answer {answer} is refused for {game}: its totals depend on the line of play, only the difference is unique")]
    TotalsNotUnique { answer: &'static str, game: Game },
    #[error("game {game} has no unique totals")]
    NoUniqueTotals { game: Game },
    #[error("{side} = {word:?}: a move is one word")]
    MoveNotOneWord { side: &'static str, word: String },
    #[error("left and right are both {word:?}")]
    SameMoveWords { word: String },
    #[error("game {game} has moves other than L and R, which have no words here")]
    MovesWithoutWords { game: Game },
    #[error("{text:?} does not say {{move}}")]
    NoMovePlaceholder { text: String },
    #[error("{text:?} holds a line break; it is one line")]
    LineBreak { text: String },
    #[error("{text:?} says {placeholder} twice")]
    PlaceholderTwice {
        text: String,
        placeholder: &'static str,
    },
    #[error("{text:?} has a brace that is not {}", placeholders.join(", "))]
    StrayBrace {
        text: String,
        placeholders: Vec<&'static str>,
    },
    #[error("{text:?} is not \"play\", the line protocol of docs/play.md (a statement's words are given by moves, start, turn, opponent and end)")]
    UnknownProtocol { text: String },
    #[error("\"play\" is docs/play.md's words as they are; drop it to rename them")]
    ProtocolRenamed,
    /// A statement of values alone while the program may play either side.
    #[error(
        "\"n values\" does not tell the program its side, so side must be \"first\" or \"second\""
    )]
    ValuesNeedSide,
    #[error("length range {n} starts at 0; every judge board has at least one value")]
    LengthFromZero { n: Span<usize> },
    #[error("length range {n} goes above {max}, too long for the trusted solvers")]
    LengthAboveMax { n: Span<usize>, max: usize },
    #[error("cases range {cases} starts at 0; an input holds at least one case")]
    CasesFromZero { cases: Span<usize> },
    #[error("{n} values within {values} could make totals beyond the 64-bit range in {game}")]
    TotalsOverflow {
        n: usize,
        values: Span<i64>,
        game: Game,
    },
    #[error("length range {n} holds no {} length", if *even { "even" } else { "odd" })]
    NoLengthOfParity { n: Span<usize>, even: bool },
    #[error("{n} distinct values do not fit in {values}")]
    DistinctDoNotFit { n: usize, values: Span<i64> },
    #[error("a sum parity needs at least two values to choose from, and {values} has one")]
    SumParityOneValue { values: Span<i64> },
    #[error("{n} distinct values with a fixed sum parity need at least {} values, and {values} has {range}", n + 1)]
    DistinctParityRange {
        n: usize,
        values: Span<i64>,
        range: i128,
    },
    /// Lengths above what the trusted solver takes for the game.
    #[error(
        "{n} is above {limit}, the longest board the trusted solver ({solver}) takes for {game}"
    )]
    AboveTrustedSolver {
        n: Span<usize>,
        limit: usize,
        solver: String,
        game: Game,
    },
    /// The exact solvers disagree: a bug of coinline.
    #[error("the exact solvers disagree on a board of {n} values in {game}: generic {generic}, one-ended {one_ended}")]
    SolversDisagree {
        n: usize,
        game: Game,
        generic: i64,
        one_ended: i64,
    },
    #[error("--game {given} is only for problems that let the user choose (lines); problem {problem} is always game {game}")]
    FixedGame {
        given: Game,
        problem: String,
        game: Game,
    },
    #[error("--answer {given} is only for problems that let the user choose (lines); problem {problem} always asks for the {answer}")]
    FixedAnswer {
        given: String,
        problem: String,
        answer: String,
    },
    #[error("{text:?} is not a count from 1 to {MAX_COUNT} (write LO..HI, HI a count or n)")]
    NotACount { text: String },
    #[error("a parameter read once per input cannot be bounded by a case's n")]
    OnceBoundedByN,
    #[error("the range {lo}..{hi} is empty")]
    EmptyRange { lo: usize, hi: usize },
    #[error("a template is one line: the answer of one case")]
    TemplateLines,
    #[error("{token:?}: {{answer}} must be a token of its own (spaces around it)")]
    AnswerNotAlone { token: String },
    #[error("{token:?}: {part:?} holds a brace; the placeholders are {{case}} and {{answer}}")]
    TemplateBrace { token: String, part: String },
    #[error("{text:?} has {}", match times { 0 => "no {answer}".to_string(), k => format!("{{answer}} {k} times, not once") })]
    AnswerTimes { text: String, times: usize },
    #[error("nothing to check: {shown} holds no cases")]
    NoCasesIn { shown: String },
    #[error("nothing to check: --runs 0: no board to play")]
    NoBoardToPlay,
    #[error("nothing to check: {}", match replay { Some(dir) => format!("no new boards, and no saved input for this problem in {}", dir.display()), None => "no boards to judge (give --runs 1 or more)".to_string() })]
    NoBoards { replay: Option<PathBuf> },
    #[error("--save: {source}")]
    SaveFailed { source: Error },
    #[error("{}: exists and is not an earlier save of this failure; give --force to replace it (see docs/options.md, Outputs)", path.display())]
    SaveInTheWay { path: PathBuf },
    #[error("saved test {} and {} disagree: the .out is not the expected output of the .in (one was edited, or the reference changed); remove the .out to replay the input alone", input.display(), out.display())]
    SavedTestDisagrees { input: PathBuf, out: PathBuf },
    #[error("--batch 0: a run needs at least one board")]
    BatchZero,
    #[error("--batch {batch} is above {max}, the most boards one {problem} input may hold")]
    BatchAboveMax {
        batch: usize,
        max: usize,
        problem: String,
    },
    #[error("the optimal player needs no judging: give a program or a heuristic")]
    OptimalJudged,
    /// No board within the limits: a bug of coinline.
    #[error("no board drawn within the problem's limits")]
    NoBoardDrawn,
    #[error("cannot start the worker threads: {reason}")]
    Threads { reason: String },
    /// A stress worker panicked on run `run`.
    #[error("internal error: a stress worker failed on run {run}")]
    WorkerFailed { run: u64 },
    #[error("the stress workers stopped before the last run")]
    WorkersStopped,
    /// A move not among the judged line's choices: a bug of coinline.
    #[error("{mv} is not a move of the judged line")]
    NotJudgedMove { mv: String },
    /// The reference program failed on `input`.
    #[error(
        "--reference {}: {failure}, on the input {}",
        shell_word(program),
        quote_ends(input)
    )]
    Reference {
        program: String,
        input: String,
        failure: RunFailure,
    },
    /// The generator failed on run `run`.
    #[error(
        "--generator {} (run {run}, called as {command}): {failure}",
        shell_word(program)
    )]
    Generator {
        program: String,
        run: u64,
        command: String,
        failure: RunFailure,
    },
    #[error("not a saved game: its first line is not \"# coinline play: a failing game\"")]
    NotSavedGame,
    #[error("side {side:?}: first or second")]
    BadSide { line: usize, side: String },
    #[error("{key:?} is not a line of a saved game (side, opponent, case)")]
    NotSavedGameLine { line: usize, key: String },
    #[error("a saved game needs its side, opponent and case lines")]
    SavedGameIncomplete,
}

/// What is wrong with a program's output (or an expected-answers file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutputProblem {
    /// Fewer answers than cases (possibly none).
    Missing {
        /// Complete answers found.
        answers: usize,
        /// Cases in the input.
        cases: usize,
    },
    /// A token that is not what the answer kind prints, or more tokens
    /// than the cases' answers.
    Malformed {
        /// 1-based line of the output.
        line: usize,
        /// 1-based number of the answer the token belongs to.
        answer: usize,
        /// What is wrong there.
        problem: String,
    },
}

impl fmt::Display for OutputProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutputProblem::Missing { answers, cases } => {
                let noun = |k: usize, one: &'static str, many: &'static str| match k {
                    1 => one,
                    _ => many,
                };
                write!(
                    f,
                    "{answers} {} for {cases} {}",
                    noun(*answers, "answer", "answers"),
                    noun(*cases, "case", "cases")
                )
            }
            OutputProblem::Malformed { line, problem, .. } => write!(f, "line {line}: {problem}"),
        }
    }
}

/// What went wrong with a program the judge calls (a reference, a generator).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RunFailure {
    /// It could not be run.
    #[error("{0}")]
    Start(#[source] Error),
    #[error("still running after {}s (--timeout)", timeout.as_secs_f64())]
    TimedOut { timeout: Duration },
    #[error("{exit}{}", stderr.as_deref().map(|l| format!(" (stderr: {})", shown_ends(l))).unwrap_or_default())]
    Failed { exit: Exit, stderr: Option<String> },
    #[error("more than {} MiB of output", STDOUT_CAP >> 20)]
    OutputTooLong,
    #[error("its output is not {cases} answers: {problem}")]
    NotAnswers {
        cases: usize,
        problem: OutputProblem,
    },
    #[error("its output is not a {problem} input: {source}")]
    NotAnInput { problem: String, source: Error },
    #[error("it printed an input of no cases")]
    NoCases,
}

/// A judge input the readers refuse, at its 1-based `line`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    /// Bytes that are not UTF-8.
    #[error("line {line}: the text is not valid UTF-8")]
    NotUtf8 { line: usize },
    #[error("line {line}: n is 0; a board has at least one value")]
    LengthZero { line: usize },
    #[error("line {line}: empty line; a board has at least one value")]
    EmptyLine { line: usize },
    #[error("line {line}: expected the values and then n, found one token")]
    OneToken { line: usize },
    #[error("line {line}: n is {n}, but case {case} has {count} values")]
    LengthMismatch {
        line: usize,
        n: usize,
        case: usize,
        count: usize,
    },
    #[error("line {line}: {source}")]
    Board { line: usize, source: Error },
    #[error("line {line}, value {index}: {} {fault}", quote_token(token))]
    BadValue {
        line: usize,
        index: usize,
        token: String,
        fault: TokenFault,
    },
    #[error("line {line}: {what} {} {fault}", quote_token(token))]
    BadCount {
        line: usize,
        what: Expected,
        token: String,
        fault: TokenFault,
    },
    #[error("line {line}: {what} is {value}, below 0")]
    Negative {
        line: usize,
        what: Expected,
        value: i64,
    },
    #[error("line {line}: {what} is {value}; it must be a count from 1 to {MAX_COUNT}")]
    ParamOutOfRange {
        line: usize,
        what: Expected,
        value: usize,
    },
    /// A token after what should end its line.
    #[error(
        "line {line}: expected {what} alone on its line, found {} after it",
        quote_token(token)
    )]
    NotAlone {
        line: usize,
        what: Expected,
        token: String,
    },
    #[error("line {line}: expected {what}, found the end of the input")]
    Ended { line: usize, what: Expected },
    #[error("line {line}: unexpected {} after the last case", quote_token(token))]
    AfterLastCase { line: usize, token: String },
}

/// Why a token is not a value or a count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TokenFault {
    /// Not an integer.
    #[error("is not an integer")]
    NotInteger,
    #[error("does not fit in 64 bits")]
    TooLarge,
}

impl From<NotValue> for TokenFault {
    fn from(not: NotValue) -> Self {
        match not {
            NotValue::OutOfRange => TokenFault::TooLarge,
            NotValue::NotInteger | NotValue::EmptyField => TokenFault::NotInteger,
        }
    }
}

/// What a reader of judge inputs expected where it failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expected {
    /// The number of cases.
    CaseCount,
    /// The length n, of case `case` where said.
    Length { case: Option<usize> },
    /// The parameters `names` (space-separated), of case `case` where said.
    Params { names: String, case: Option<usize> },
    /// The values of case `case`.
    Values { case: usize },
    /// The `n` values announced on `line`, `found` of them read.
    Announced { n: usize, line: usize, found: usize },
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (what, case) = match self {
            Expected::CaseCount => return f.write_str("the number of cases"),
            Expected::Values { case } => return write!(f, "the values of case {case}"),
            Expected::Announced { n, line, found } => {
                return write!(f, "the {n} values announced on line {line} (found {found})")
            }
            Expected::Length { case } => ("the length n".to_string(), case),
            Expected::Params { names, case } => (format!("the parameter {names}"), case),
        };
        match case {
            Some(case) => write!(f, "{what} of case {case}"),
            None => f.write_str(&what),
        }
    }
}

/// The keys of `[limits]` besides the parameters', for the message of an
/// unknown one.
pub(crate) const LIMITS_KEYS: &str = "`n`, `values`, `cases`, `n-parity`, `sum-parity`, `distinct`";

coinline_core::error::layer_errors!(JudgeError, ProblemFileError, InputError);

#[cfg(test)]
mod tests {
    use super::*;

    /// The messages that fill in constants, placeholders or a run's
    /// failure read as they did when each site wrote its own text.
    #[test]
    fn messages_keep_their_wording() {
        let long_input = "7\n".repeat(60);
        let reference = |failure| JudgeError::Reference {
            program: "python3 my brute.py".into(),
            input: long_input.clone(),
            failure,
        };
        let cut_input = format!(
            "{:?} (120 characters)",
            format!("{}...{}", "7\n".repeat(20), "7\n".repeat(20))
        );
        let cases: Vec<(Error, String)> = vec![
            (
                JudgeError::LengthAboveMax {
                    n: Span { lo: 1, hi: 200_000 },
                    max: 100_000,
                }
                .into(),
                "length range 1..200000 goes above 100000, too long for the trusted solvers".into(),
            ),
            (
                JudgeError::UnknownLimitsKey {
                    key: "k".into(),
                    line: Some(9),
                }
                .into(),
                "line 9: limits.k: unknown field `k`, expected one of `n`, `values`, `cases`, \
                 `n-parity`, `sum-parity`, `distinct` or a parameter of the rules"
                    .into(),
            ),
            (
                at("interaction.protocol", JudgeError::ProtocolRenamed),
                "interaction.protocol: \"play\" is docs/play.md's words as they are; drop it to \
                 rename them"
                    .into(),
            ),
            (
                at(
                    "input.cases",
                    JudgeError::NotOneOf {
                        text: "al l".into(),
                        valid: vec!["one", "count"],
                    },
                ),
                "input.cases: \"al l\" is not one of \"one\", \"count\"".into(),
            ),
            (
                JudgeError::StrayBrace {
                    text: "{x}".into(),
                    placeholders: vec!["{first}", "{second}"],
                }
                .into(),
                "\"{x}\" has a brace that is not {first}, {second}".into(),
            ),
            (
                JudgeError::TemplateBrace {
                    token: "{n}:".into(),
                    part: "{n}:".into(),
                }
                .into(),
                "\"{n}:\": \"{n}:\" holds a brace; the placeholders are {case} and {answer}".into(),
            ),
            (
                JudgeError::AnswerTimes {
                    text: "x".into(),
                    times: 0,
                }
                .into(),
                "\"x\" has no {answer}".into(),
            ),
            (
                JudgeError::AnswerTimes {
                    text: "x".into(),
                    times: 3,
                }
                .into(),
                "\"x\" has {answer} 3 times, not once".into(),
            ),
            (
                JudgeError::NotSavedGame.into(),
                "not a saved game: its first line is not \"# coinline play: a failing game\""
                    .into(),
            ),
            (
                JudgeError::NotACount { text: "0".into() }.into(),
                "\"0\" is not a count from 1 to 100000000 (write LO..HI, HI a count or n)".into(),
            ),
            (
                JudgeError::NoBoards { replay: None }.into(),
                "nothing to check: no boards to judge (give --runs 1 or more)".into(),
            ),
            (
                JudgeError::NoBoards {
                    replay: Some("saved".into()),
                }
                .into(),
                "nothing to check: no new boards, and no saved input for this problem in saved"
                    .into(),
            ),
            (
                reference(RunFailure::TimedOut {
                    timeout: Duration::from_millis(1500),
                })
                .into(),
                format!(
                    "--reference 'python3 my brute.py': still running after 1.5s (--timeout), \
                     on the input {cut_input}"
                ),
            ),
            (
                reference(RunFailure::Failed {
                    exit: Exit::Code(3),
                    stderr: Some("boom".into()),
                })
                .into(),
                format!(
                    "--reference 'python3 my brute.py': exit status 3 (stderr: boom), on the \
                     input {cut_input}"
                ),
            ),
            (
                JudgeError::Generator {
                    program: "gen".into(),
                    run: 4,
                    command: "gen 77".into(),
                    failure: RunFailure::OutputTooLong,
                }
                .into(),
                "--generator gen (run 4, called as gen 77): more than 16 MiB of output".into(),
            ),
            (
                InputError::ParamOutOfRange {
                    line: 2,
                    what: Expected::Params {
                        names: "k".into(),
                        case: Some(3),
                    },
                    value: 0,
                }
                .into(),
                "line 2: the parameter k of case 3 is 0; it must be a count from 1 to 100000000"
                    .into(),
            ),
            (
                InputError::Ended {
                    line: 5,
                    what: Expected::Announced {
                        n: 4,
                        line: 4,
                        found: 2,
                    },
                }
                .into(),
                "line 5: expected the 4 values announced on line 4 (found 2), found the end of \
                 the input"
                    .into(),
            ),
            (
                InputError::BadCount {
                    line: 1,
                    what: Expected::Length { case: Some(2) },
                    token: "x".into(),
                    fault: TokenFault::NotInteger,
                }
                .into(),
                "line 1: the length n of case 2 \"x\" is not an integer".into(),
            ),
        ];
        for (err, wanted) in cases {
            assert_eq!(err.to_string(), wanted);
        }
    }
}

//! Judge problems of this family: their input and output formats, their
//! limits, their trusted answers and seeded inputs within those limits.
//!
//! A [`Problem`] is a [`Format`] (how boards are written), the [`Game`] it
//! plays and the [`Answer`] it wants per board. [`Problem::write_input`]
//! writes boards exactly as the judge does; [`parse_input`] reads them back,
//! refusing anything else with a one-line error that names the line and the
//! token (it never panics, whatever the text, so it can be fuzzed);
//! [`parse_answers`] reads a program's output, tolerating whitespace around
//! the answers and nothing else. The trusted answer ([`Problem::expected`])
//! is the table solver's, through [`crate::solve::solve`].
//!
//! Architecture invariant: a generated input depends on (seed, board index)
//! alone, through [`SplitMix64::keyed`]; how boards are grouped into runs
//! never changes them, which is what lets `stress` narrow a failing run down
//! to one board and `--only` re-create it.

pub mod stress;

use crate::board::Board;
use crate::error::{Error, Result};
use crate::game::Game;
use crate::generate::{Span, SplitMix64};
use crate::solve::{solve, Table};
use std::fmt;
use std::str::FromStr;

/// What a problem asks for, per board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    /// The first player's total minus the second's, under optimal play.
    Difference,
    /// The first player's total under optimal play (only for games whose
    /// totals are determined by the difference).
    First,
}

impl Answer {
    /// Both answers, in a fixed order.
    pub const ALL: [Answer; 2] = [Answer::Difference, Answer::First];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Answer::Difference => "difference",
            Answer::First => "first",
        }
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Answer {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        Answer::ALL
            .into_iter()
            .find(|a| a.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| Error::unknown("answer", s, &["difference", "first"]))
    }
}

/// A judge's input format; each is also the name of a problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// algospot NUMBERGAME: `C`, then per case a line `n` and a line of n
    /// values. Output: one difference per case.
    AlgospotNumbergame,
    /// AtCoder Educational DP Contest L "Deque": `N`, then a line of N
    /// values. Output: X - Y.
    AtcoderDpL,
    /// CSES 1097 "Removal Game": `n`, then a line of n values. Output: the
    /// first player's total.
    CsesRemovalGame,
    /// UVa 10891 "Game of Sum": cases of a line `n` and a line of n values,
    /// ended by a line `0`. Output: one difference per case.
    Uva10891,
    /// One board per line (values separated by spaces); one answer per line.
    /// The game and the answer are chosen by the user.
    Lines,
}

impl Format {
    /// Every format, in a fixed order.
    pub const ALL: [Format; 5] = [
        Format::AlgospotNumbergame,
        Format::AtcoderDpL,
        Format::CsesRemovalGame,
        Format::Uva10891,
        Format::Lines,
    ];

    /// The problem name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::AlgospotNumbergame => "algospot-numbergame",
            Format::AtcoderDpL => "atcoder-dp-l",
            Format::CsesRemovalGame => "cses-removal-game",
            Format::Uva10891 => "uva-10891",
            Format::Lines => "lines",
        }
    }

    /// The names of all problems.
    pub fn names() -> Vec<&'static str> {
        Format::ALL.iter().map(|f| f.name()).collect()
    }

    /// The game and the answer the problem prescribes; `None` for `lines`.
    pub fn prescribed(self) -> Option<(Game, Answer)> {
        match self {
            Format::AlgospotNumbergame => Some((Game::NumberGame, Answer::Difference)),
            Format::AtcoderDpL => Some((Game::Coins, Answer::Difference)),
            Format::CsesRemovalGame => Some((Game::Coins, Answer::First)),
            Format::Uva10891 => Some((Game::GameOfSum, Answer::Difference)),
            Format::Lines => None,
        }
    }

    /// The problem's constraints, which are also the default bounds of
    /// generated boards.
    pub fn default_limits(self) -> Limits {
        let (n, v) = match self {
            Format::AlgospotNumbergame => (50, (-1000, 1000)),
            Format::AtcoderDpL => (3000, (1, 1_000_000_000)),
            Format::CsesRemovalGame => (5000, (-1_000_000_000, 1_000_000_000)),
            Format::Uva10891 => (100, (-1000, 1000)),
            Format::Lines => (100, (-1000, 1000)),
        };
        Limits {
            n: Span { lo: 1, hi: n },
            values: Span { lo: v.0, hi: v.1 },
        }
    }

    /// The most boards one input may hold (algospot allows 50 cases; the
    /// single-case formats hold one board).
    pub fn max_batch(self) -> usize {
        match self {
            Format::AlgospotNumbergame => 50,
            Format::AtcoderDpL | Format::CsesRemovalGame => 1,
            Format::Uva10891 | Format::Lines => usize::MAX,
        }
    }

    /// How many boards `stress` puts into one input by default.
    pub fn default_batch(self) -> usize {
        self.max_batch().min(50)
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        Format::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| Error::unknown("problem", s, &Format::names()))
    }
}

/// The longest board [`Limits::new`] accepts: the trusted table solver takes
/// O(n^2) time, so far longer boards would only stall a run.
pub const MAX_N: usize = 100_000;

/// Bounds of board lengths and values, inclusive: a problem's constraints,
/// or the user's override of them for generation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Lengths.
    pub n: Span<usize>,
    /// Values.
    pub values: Span<i64>,
}

impl Limits {
    /// Validated bounds: lengths from 1 to [`MAX_N`], and any board within
    /// them passes the overflow rule.
    pub fn new(n: Span<usize>, values: Span<i64>) -> Result<Limits> {
        if n.lo == 0 {
            return Err(Error::invalid(format!(
                "length range {n} starts at 0; every judge board has at least one value"
            )));
        }
        if n.hi > MAX_N {
            return Err(Error::invalid(format!(
                "length range {n} goes above {MAX_N}, too long for the O(n^2) trusted solver"
            )));
        }
        let largest = i128::from(values.lo).abs().max(i128::from(values.hi).abs());
        if largest * n.hi as i128 > i128::from(i64::MAX) {
            return Err(Error::invalid(format!(
                "{} values within {values} could sum beyond the 64-bit range",
                n.hi
            )));
        }
        Ok(Limits { n, values })
    }

    /// Why `board` breaks these bounds, or `None` if it keeps them.
    pub fn violation(&self, board: &Board) -> Option<String> {
        let n = board.len();
        if n < self.n.lo || n > self.n.hi {
            return Some(format!("n = {n} is outside {}", self.n));
        }
        let (lo, hi) = (self.values.lo, self.values.hi);
        board
            .values()
            .iter()
            .position(|v| !(lo..=hi).contains(v))
            .map(|i| {
                format!(
                    "value {} (position {}) is outside {}",
                    board.values()[i],
                    i + 1,
                    self.values
                )
            })
    }

    /// Whether `board` keeps these bounds.
    pub fn admits(&self, board: &Board) -> bool {
        self.violation(board).is_none()
    }

    /// The generated board number `index` of the run with `seed`. Lengths:
    /// the edges (shortest and longest) one time in ten each, otherwise
    /// mostly short boards with some of any length, the parity alternating
    /// with the index. Values: uniform, a few repeated values (ties), values
    /// at the limits, small values, all equal, or mostly small with spikes.
    pub fn board(&self, seed: u64, index: u64) -> Board {
        let mut rng = SplitMix64::keyed(&[seed, index]);
        let n = self.length(&mut rng, index);
        let values = self.draw_values(&mut rng, n);
        Board::new(values).expect("Limits::new bounds the sum of absolute values")
    }

    fn length(&self, rng: &mut SplitMix64, index: u64) -> usize {
        let Span { lo, hi } = self.n;
        let pick =
            |rng: &mut SplitMix64, top: usize| lo + rng.below((top - lo) as u64 + 1) as usize;
        let n = match rng.below(20) {
            0 => return lo,
            1 => return hi,
            2..=9 => pick(rng, hi.min(lo.saturating_add(9))),
            10..=15 => pick(rng, hi.min(lo.saturating_add(99))),
            _ => pick(rng, hi),
        };
        let wanted_parity = (index % 2) as usize;
        match n {
            _ if n % 2 == wanted_parity => n,
            _ if n < hi => n + 1,
            _ if n > lo => n - 1,
            _ => n,
        }
    }

    fn draw_values(&self, rng: &mut SplitMix64, n: usize) -> Vec<i64> {
        let Span { lo, hi } = self.values;
        // Small magnitudes where the range allows them, else its low end.
        let small = if lo > 3 {
            Span {
                lo,
                hi: hi.min(lo.saturating_add(6)),
            }
        } else if hi < -3 {
            Span {
                lo: lo.max(hi.saturating_sub(6)),
                hi,
            }
        } else {
            Span {
                lo: lo.max(-3),
                hi: hi.min(3),
            }
        };
        match rng.below(8) {
            0..=2 => (0..n).map(|_| rng.between(lo, hi)).collect(),
            3 => {
                let pool: Vec<i64> = (0..1 + rng.below(3)).map(|_| rng.between(lo, hi)).collect();
                (0..n)
                    .map(|_| pool[rng.below(pool.len() as u64) as usize])
                    .collect()
            }
            4 => (0..n)
                .map(|_| match rng.below(3) {
                    0 => lo,
                    1 => hi,
                    _ => rng.between(lo, hi),
                })
                .collect(),
            5 => (0..n).map(|_| rng.between(small.lo, small.hi)).collect(),
            6 => {
                let v = match rng.below(3) {
                    0 => lo,
                    1 => hi,
                    _ => rng.between(lo, hi),
                };
                vec![v; n]
            }
            _ => (0..n)
                .map(|_| match rng.below(8) {
                    0 => lo,
                    1 => hi,
                    _ => rng.between(small.lo, small.hi),
                })
                .collect(),
        }
    }
}

/// A judge problem: a format, the game it plays and the answer it wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Problem {
    format: Format,
    game: Game,
    answer: Answer,
}

impl Problem {
    /// The problem of `format`. A prescribed problem refuses any `game` or
    /// `answer` (they are fixed); `lines` defaults to coins and the
    /// difference, and refuses `first` for numbergame (whose totals depend
    /// on the line of play; only the difference is unique).
    pub fn new(format: Format, game: Option<Game>, answer: Option<Answer>) -> Result<Problem> {
        let (game, answer) = match format.prescribed() {
            Some((fixed_game, fixed_answer)) => {
                // Refused even when they agree, so an option never looks
                // as if it changed a fixed problem.
                if let Some(g) = game {
                    return Err(Error::invalid(format!(
                        "--game {g} is only for --problem lines; problem {format} is always game {fixed_game}"
                    )));
                }
                if let Some(a) = answer {
                    return Err(Error::invalid(format!(
                        "--answer {a} is only for --problem lines; problem {format} always asks for the {fixed_answer}"
                    )));
                }
                (fixed_game, fixed_answer)
            }
            None => (
                game.unwrap_or(Game::Coins),
                answer.unwrap_or(Answer::Difference),
            ),
        };
        if !game.scores_everything() && answer == Answer::First {
            return Err(Error::invalid(format!(
                "--answer first is refused for {game}: its totals depend on the line of play, only the difference is unique"
            )));
        }
        Ok(Problem {
            format,
            game,
            answer,
        })
    }

    /// The problem named `name`, with its defaults.
    pub fn by_name(name: &str) -> Result<Problem> {
        Problem::new(name.parse()?, None, None)
    }

    /// Every problem: the four prescribed ones and `lines` with each game
    /// and answer it accepts.
    pub fn all() -> Vec<Problem> {
        let mut all: Vec<Problem> = Format::ALL
            .iter()
            .filter(|&&f| f != Format::Lines)
            .filter_map(|&f| Problem::new(f, None, None).ok())
            .collect();
        for game in Game::ALL {
            for answer in Answer::ALL {
                all.extend(Problem::new(Format::Lines, Some(game), Some(answer)).ok());
            }
        }
        all
    }

    /// The input format.
    pub fn format(&self) -> Format {
        self.format
    }

    /// The game played.
    pub fn game(&self) -> Game {
        self.game
    }

    /// The answer wanted per board.
    pub fn answer(&self) -> Answer {
        self.answer
    }

    /// The problem's constraints.
    pub fn limits(&self) -> Limits {
        self.format.default_limits()
    }

    /// The command-line options naming this problem, such as
    /// `--problem lines --game coins --answer first`.
    pub fn options(&self) -> String {
        match self.format {
            Format::Lines => format!(
                "--problem lines --game {} --answer {}",
                self.game, self.answer
            ),
            f => format!("--problem {f}"),
        }
    }

    /// `boards` written exactly as the judge's input.
    pub fn write_input(&self, boards: &[Board]) -> String {
        let mut out = String::new();
        let board_lines = |out: &mut String, with_count: bool| {
            for board in boards {
                if with_count {
                    out.push_str(&format!("{}\n", board.len()));
                }
                out.push_str(&format!("{board}\n"));
            }
        };
        match self.format {
            Format::AlgospotNumbergame => {
                out.push_str(&format!("{}\n", boards.len()));
                board_lines(&mut out, true);
            }
            Format::AtcoderDpL | Format::CsesRemovalGame => board_lines(&mut out, true),
            Format::Uva10891 => {
                board_lines(&mut out, true);
                out.push_str("0\n");
            }
            Format::Lines => board_lines(&mut out, false),
        }
        out
    }

    /// The trusted answer for `board`: the table solver's difference, or
    /// the first player's total derived from it.
    pub fn expected(&self, board: &Board) -> Result<i64> {
        let solution = solve(&Table, self.game, board, false)?;
        match self.answer {
            Answer::Difference => Ok(solution.difference),
            Answer::First => solution.totals.map(|t| t.first).ok_or_else(|| {
                Error::invalid(format!("game {} has no unique first total", self.game))
            }),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.format {
            Format::Lines => write!(f, "lines (game {}, answer {})", self.game, self.answer),
            format => write!(f, "{format}"),
        }
    }
}

/// Answers written one per line, as every problem of the family prints them.
pub fn write_answers(answers: &[i64]) -> String {
    answers.iter().map(|a| format!("{a}\n")).collect()
}

/// A board read from a judge input, with the line its values are on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputCase {
    /// 1-based line of the input holding the board's values.
    pub line: usize,
    /// The board.
    pub board: Board,
}

/// Reads a judge input in `problem`'s exact format. Tolerated: whitespace
/// around tokens, `\r\n` line ends and blank lines at the end. Everything
/// else is refused with a one-line error naming the line (and the token).
/// Never panics.
pub fn parse_input(problem: &Problem, text: &str) -> Result<Vec<Board>> {
    Ok(parse_cases(problem, text)?
        .into_iter()
        .map(|c| c.board)
        .collect())
}

/// [`parse_input`] on raw bytes, refusing text that is not UTF-8.
pub fn parse_input_bytes(problem: &Problem, bytes: &[u8]) -> Result<Vec<Board>> {
    parse_input(problem, text_of(bytes)?)
}

/// `bytes` as text, or an error naming the line of the first byte that is
/// not UTF-8.
pub fn text_of(bytes: &[u8]) -> Result<&str> {
    std::str::from_utf8(bytes).map_err(|e| {
        let line = 1 + bytes[..e.valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        Error::invalid(format!("line {line}: the text is not valid UTF-8"))
    })
}

/// [`parse_input`], keeping the line of each board.
pub fn parse_cases(problem: &Problem, text: &str) -> Result<Vec<InputCase>> {
    let mut reader = LineReader::new(text);
    let mut cases = Vec::new();
    match problem.format {
        Format::AlgospotNumbergame => {
            let count = reader.count("the number of cases C")?;
            for _ in 0..count {
                cases.push(reader.case()?);
            }
        }
        Format::AtcoderDpL | Format::CsesRemovalGame => cases.push(reader.case()?),
        Format::Uva10891 => loop {
            let (line, n) = reader.length()?;
            if n == 0 {
                break;
            }
            cases.push(reader.values(line, n)?);
        },
        Format::Lines => {
            let lines: Vec<&str> = text.lines().collect();
            let end = lines
                .iter()
                .rposition(|l| !l.trim().is_empty())
                .map_or(0, |i| i + 1);
            for (i, text) in lines[..end].iter().enumerate() {
                cases.push(board_on_line(i + 1, text, None)?);
            }
            return Ok(cases);
        }
    }
    reader.finish()?;
    Ok(cases)
}

/// Walks the lines of an input, 1-based.
struct LineReader<'a> {
    lines: std::iter::Enumerate<std::str::Lines<'a>>,
    last: usize,
}

impl<'a> LineReader<'a> {
    fn new(text: &'a str) -> Self {
        LineReader {
            lines: text.lines().enumerate(),
            last: 0,
        }
    }

    /// The next line, which must exist.
    fn next(&mut self, what: &str) -> Result<(usize, &'a str)> {
        match self.lines.next() {
            Some((i, text)) => {
                self.last = i + 1;
                Ok((i + 1, text))
            }
            None => Err(Error::invalid(format!(
                "line {}: expected {what}, found the end of the input",
                self.last + 1
            ))),
        }
    }

    /// A line holding one non-negative integer.
    fn count(&mut self, what: &str) -> Result<usize> {
        let (line, text) = self.next(what)?;
        let mut tokens = text.split_whitespace();
        let (Some(token), None) = (tokens.next(), tokens.next()) else {
            return Err(Error::invalid(format!(
                "line {line}: expected {what} alone on the line, found {:?}",
                shorten(text.trim())
            )));
        };
        let value = parse_integer(token)
            .map_err(|why| Error::invalid(format!("line {line}: {what} {token:?} {why}")))?;
        usize::try_from(value)
            .map_err(|_| Error::invalid(format!("line {line}: {what} is {value}, below 0")))
    }

    /// A line holding the length of the next board.
    fn length(&mut self) -> Result<(usize, usize)> {
        let n = self.count("the length n")?;
        Ok((self.last, n))
    }

    /// A length line, then a line with that many values.
    fn case(&mut self) -> Result<InputCase> {
        let (line, n) = self.length()?;
        if n == 0 {
            return Err(Error::invalid(format!(
                "line {line}: n is 0; a board has at least one value"
            )));
        }
        self.values(line, n)
    }

    fn values(&mut self, length_line: usize, n: usize) -> Result<InputCase> {
        let what = format!("the {n} values announced on line {length_line}");
        let (line, text) = self.next(&what)?;
        board_on_line(line, text, Some(n))
    }

    /// Only blank lines may follow the last case.
    fn finish(&mut self) -> Result<()> {
        match self.lines.find(|(_, l)| !l.trim().is_empty()) {
            None => Ok(()),
            Some((i, text)) => Err(Error::invalid(format!(
                "line {}: unexpected text after the last case: {:?}",
                i + 1,
                shorten(text.trim())
            ))),
        }
    }
}

/// A board written on one line, with exactly `expected` values if given.
fn board_on_line(line: usize, text: &str, expected: Option<usize>) -> Result<InputCase> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    match expected {
        Some(n) if tokens.len() != n => {
            return Err(Error::invalid(format!(
                "line {line}: expected {n} values, found {}",
                tokens.len()
            )))
        }
        None if tokens.is_empty() => {
            return Err(Error::invalid(format!(
                "line {line}: empty line; a board has at least one value"
            )))
        }
        _ => {}
    }
    let values = tokens
        .iter()
        .enumerate()
        .map(|(i, token)| {
            parse_integer(token).map_err(|why| {
                Error::invalid(format!("line {line}, token {}: {token:?} {why}", i + 1))
            })
        })
        .collect::<Result<Vec<i64>>>()?;
    let board = Board::new(values).map_err(|e| Error::invalid(format!("line {line}: {e}")))?;
    Ok(InputCase { line, board })
}

/// An integer written as judges write them: an optional `-` and digits.
fn parse_integer(token: &str) -> Result<i64, &'static str> {
    let digits = token.strip_prefix('-').unwrap_or(token);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err("is not an integer");
    }
    token.parse().map_err(|_| "does not fit in 64 bits")
}

/// Long text cut for an error message.
fn shorten(text: &str) -> String {
    const WIDTH: usize = 40;
    match text.char_indices().nth(WIDTH) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.to_string(),
    }
}

/// What is wrong with a program's output (or an expected-answers file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutputProblem {
    /// Fewer answers than cases (possibly none).
    Missing {
        /// Answers found.
        answers: usize,
        /// Cases in the input.
        cases: usize,
    },
    /// Something other than one integer per line, or more answers than
    /// cases.
    Malformed {
        /// 1-based line of the output.
        line: usize,
        /// 1-based number of the answer that line should hold.
        answer: usize,
        /// What is wrong there.
        problem: String,
    },
}

impl fmt::Display for OutputProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutputProblem::Missing { answers, cases } => {
                write!(f, "{answers} answers for {cases} cases")
            }
            OutputProblem::Malformed { line, problem, .. } => write!(f, "line {line}: {problem}"),
        }
    }
}

/// Reads one integer answer per line for `cases` cases. Whitespace around
/// each answer and around the whole output is tolerated; nothing else is.
pub fn parse_answers(text: &str, cases: usize) -> Result<Vec<i64>, OutputProblem> {
    let body = text.trim_start();
    let skipped_lines = text[..text.len() - body.len()].matches('\n').count();
    let body = body.trim_end();
    let mut answers = Vec::new();
    if body.is_empty() {
        return missing(0, cases);
    }
    for (i, raw) in body.lines().enumerate() {
        let line = skipped_lines + i + 1;
        let answer = i + 1;
        let token = raw.trim();
        let malformed = |problem: String| {
            Err(OutputProblem::Malformed {
                line,
                answer,
                problem,
            })
        };
        if answer > cases {
            return malformed(format!(
                "unexpected {:?} after the last of {cases} answers",
                shorten(token)
            ));
        }
        if token.is_empty() {
            return malformed(format!("empty line where answer {answer} should be"));
        }
        match parse_integer(token) {
            Ok(v) => answers.push(v),
            Err(why) => return malformed(format!("{:?} {why}", shorten(token))),
        }
    }
    if answers.len() < cases {
        return missing(answers.len(), cases);
    }
    Ok(answers)
}

fn missing(answers: usize, cases: usize) -> Result<Vec<i64>, OutputProblem> {
    Err(OutputProblem::Missing { answers, cases })
}

/// [`parse_answers`] on raw bytes; bytes that are not UTF-8 make the line
/// holding them malformed.
pub fn parse_answers_bytes(bytes: &[u8], cases: usize) -> Result<Vec<i64>, OutputProblem> {
    parse_answers(&String::from_utf8_lossy(bytes), cases)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn boards(texts: &[&str]) -> Vec<Board> {
        texts.iter().map(|t| Board::parse(t).unwrap()).collect()
    }

    #[test]
    fn every_format_reads_back_what_it_writes() {
        let sample = boards(&["8 15 3 7", "-5", "1 2 3"]);
        for problem in Problem::all() {
            let batch = &sample[..sample.len().min(problem.format().max_batch())];
            let text = problem.write_input(batch);
            assert_eq!(parse_input(&problem, &text).unwrap(), batch, "{problem}");
        }
    }

    #[test]
    fn formats_are_written_exactly() {
        let b = boards(&["8 15 3 7", "-5"]);
        let p = |name: &str| Problem::by_name(name).unwrap();
        assert_eq!(
            p("algospot-numbergame").write_input(&b),
            "2\n4\n8 15 3 7\n1\n-5\n"
        );
        assert_eq!(p("atcoder-dp-l").write_input(&b[..1]), "4\n8 15 3 7\n");
        assert_eq!(p("uva-10891").write_input(&b), "4\n8 15 3 7\n1\n-5\n0\n");
        assert_eq!(p("lines").write_input(&b), "8 15 3 7\n-5\n");
    }

    #[test]
    fn bad_inputs_name_the_line_and_token() {
        let p = |name: &str| Problem::by_name(name).unwrap();
        let err = |name: &str, text: &str| parse_input(&p(name), text).unwrap_err().to_string();
        assert_eq!(
            err("atcoder-dp-l", "3\n1 2 x\n"),
            "line 2, token 3: \"x\" is not an integer"
        );
        assert_eq!(
            err("cses-removal-game", "3\n1 2\n"),
            "line 2: expected 3 values, found 2"
        );
        assert!(err("uva-10891", "2\n1 2\n").contains("line 3: expected the length n"));
        assert!(err("algospot-numbergame", "1\n2\n1 2\n5\n").starts_with("line 4: unexpected"));
        assert!(err("lines", "1 2\n\n3\n").starts_with("line 2: empty line"));
        assert!(err("atcoder-dp-l", "+3\n1 2 3\n").contains("line 1"));
        assert!(err("lines", "99999999999999999999\n").contains("64 bits"));
        assert!(err("lines", "9223372036854775807 1\n").contains("64-bit"));
        assert!(err("atcoder-dp-l", "0\n\n").contains("at least one value"));
        assert!(parse_input_bytes(&p("lines"), b"1\n2 \xff\n")
            .unwrap_err()
            .to_string()
            .starts_with("line 2"));
        // Tolerated: \r\n, spacing and blank lines at the end.
        let ok = parse_input(&p("atcoder-dp-l"), " 2 \r\n 5\t6 \r\n\n\n").unwrap();
        assert_eq!(ok, boards(&["5 6"]));
    }

    #[test]
    fn parsing_never_panics_on_mangled_inputs() {
        // A cheap stand-in for the fuzz target: valid inputs with bytes
        // replaced, inserted or cut, and plain random bytes.
        let sample = boards(&["8 15 3 7", "-5", "1 2 3"]);
        let alphabet = b"0123456789 -\n\r\t+x\xff";
        let mut rng = SplitMix64::new(11);
        for problem in Problem::all() {
            let batch = &sample[..sample.len().min(problem.format().max_batch())];
            let valid = problem.write_input(batch).into_bytes();
            for _ in 0..300 {
                let mut bytes = valid.clone();
                for _ in 0..1 + rng.below(3) {
                    let at = rng.below(bytes.len() as u64 + 1) as usize;
                    let byte = alphabet[rng.below(alphabet.len() as u64) as usize];
                    match rng.below(3) {
                        0 if at < bytes.len() => bytes[at] = byte,
                        1 => bytes.insert(at, byte),
                        _ => bytes.truncate(at),
                    }
                }
                let _ = parse_input_bytes(&problem, &bytes);
                let _ = parse_answers_bytes(&bytes, 3);
                let noise: Vec<u8> = (0..rng.below(40)).map(|_| rng.next_u64() as u8).collect();
                let _ = parse_input_bytes(&problem, &noise);
            }
        }
    }

    #[test]
    fn answers_tolerate_surrounding_whitespace_and_nothing_else() {
        assert_eq!(parse_answers("\n 3 \r\n-4\n\n", 2), Ok(vec![3, -4]));
        assert_eq!(
            parse_answers("", 2),
            Err(OutputProblem::Missing {
                answers: 0,
                cases: 2
            })
        );
        let bad = |text: &str| parse_answers(text, 2).unwrap_err().to_string();
        assert_eq!(bad("3\nfour\n"), "line 2: \"four\" is not an integer");
        assert_eq!(bad("\n\n3\nx\n"), "line 4: \"x\" is not an integer");
        assert!(bad("3 4\n").contains("not an integer"));
        assert!(bad("1\n2\n3\n").contains("after the last of 2 answers"));
        assert!(bad("1\n\n2\n").contains("empty line"));
        assert!(bad("+1\n2\n").contains("not an integer"));
        assert_eq!(bad("1\n"), "1 answers for 2 cases");
    }

    #[test]
    fn problems_refuse_what_they_cannot_answer() {
        let lines = Format::Lines;
        assert!(Problem::new(lines, Some(Game::NumberGame), Some(Answer::First)).is_err());
        assert!(Problem::new(Format::AtcoderDpL, Some(Game::NumberGame), None).is_err());
        assert!(Problem::new(Format::CsesRemovalGame, None, Some(Answer::Difference)).is_err());
        assert!(Problem::new(Format::CsesRemovalGame, Some(Game::Coins), None).is_err());
        assert!(Problem::new(Format::CsesRemovalGame, None, Some(Answer::First)).is_err());
        assert!(Problem::new(Format::CsesRemovalGame, None, None).is_ok());
        assert!(Problem::by_name("codeforces").is_err());
        assert_eq!(Problem::all().len(), 4 + 5);
    }

    #[test]
    fn trusted_answers_follow_the_problem() {
        let board = Board::parse("8 15 3 7").unwrap();
        let cses = Problem::by_name("cses-removal-game").unwrap();
        let atcoder = Problem::by_name("atcoder-dp-l").unwrap();
        assert_eq!(cses.expected(&board).unwrap(), 22);
        assert_eq!(atcoder.expected(&board).unwrap(), 22 - 11);
    }

    #[test]
    fn generation_covers_edges_parities_and_limits() {
        for problem in Problem::all() {
            let limits = problem.limits();
            let generated: Vec<Board> = (0..400).map(|i| limits.board(7, i)).collect();
            assert!(generated.iter().all(|b| limits.admits(b)), "{problem}");
            let has = |f: &dyn Fn(&Board) -> bool| generated.iter().any(f);
            assert!(has(&|b| b.len() == 1), "{problem}: n = 1");
            assert!(has(&|b| b.len() == limits.n.hi), "{problem}: max n");
            assert!(has(&|b| b.len() % 2 == 0 && b.len() > 1), "{problem}: even");
            assert!(has(&|b| b.len() % 2 == 1 && b.len() > 1), "{problem}: odd");
            assert!(has(&|b| b.values().contains(&limits.values.hi)));
            assert!(has(&|b| b.values().contains(&limits.values.lo)));
            if limits.values.lo < 0 {
                assert!(has(&|b| b.values().iter().any(|&v| v < 0)));
            }
            let ties = |b: &Board| b.len() > 2 && b.values().iter().all(|&v| v == b.values()[0]);
            assert!(has(&ties), "{problem}: ties");
        }
        let limits = Format::AtcoderDpL.default_limits();
        assert_eq!(limits.board(3, 9), limits.board(3, 9));
        assert_ne!(limits.board(3, 9), limits.board(4, 9));
    }

    #[test]
    fn limits_refuse_overflow_and_empty_boards() {
        let n = |lo, hi| Span::<usize> { lo, hi };
        let v = |lo, hi| Span::<i64> { lo, hi };
        assert!(Limits::new(n(0, 5), v(1, 2)).is_err());
        assert!(Limits::new(n(1, 10), v(-i64::MAX / 5, 1)).is_err());
        assert!(Limits::new(n(1, MAX_N + 1), v(0, 0)).is_err());
        let limits = Limits::new(n(2, 3), v(-1, 1)).unwrap();
        let why = limits.violation(&Board::parse("1 2").unwrap()).unwrap();
        assert_eq!(why, "value 2 (position 2) is outside -1..1");
        assert!(limits.violation(&Board::parse("1").unwrap()).is_some());
    }
}

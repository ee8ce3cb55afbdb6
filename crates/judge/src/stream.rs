//! Judge inputs read as a stream: the tokens of any byte reader, one case
//! at a time ([`CaseReader`]), so that memory follows the largest case and
//! not the input (a token is kept to its first bytes, a board's values
//! as numbers). [`parse_input`] and [`parse_cases`] read a
//! whole text through it.
//!
//! The tokens are the board reader's ([`Tokens`], without commas): each is
//! scanned once, with its line and its value; this file is the layer of
//! counts, parameters and values in the problem's layout over them.

use super::error::{Expected, InputError};
use super::input::{text_of, InputCase};
use super::instance::Instance;
use super::problem::{CaseLayout, Cases, Problem};
use coinline_core::board::{Board, Gap, Token, Tokens};
use coinline_core::error::{Error, Result};
use coinline_core::rules::{Params, MAX_COUNT};
use std::io::{BufReader, Read};

/// Reads a judge input in `problem`'s layout. Never panics.
pub fn parse_input(problem: &Problem, text: &str) -> Result<Vec<Instance>> {
    Ok(parse_cases(problem, text)?
        .into_iter()
        .map(|c| Instance::new(c.params, c.board))
        .collect())
}

/// [`parse_input`] on raw bytes, refusing text that is not UTF-8.
pub fn parse_input_bytes(problem: &Problem, bytes: &[u8]) -> Result<Vec<Instance>> {
    parse_input(problem, text_of(bytes)?)
}

/// [`parse_input`], keeping the line of each board (read through
/// [`CaseReader`], as `judge` reads a file).
pub fn parse_cases(problem: &Problem, text: &str) -> Result<Vec<InputCase>> {
    let mut reader = CaseReader::new(problem, text.as_bytes());
    let mut cases = Vec::new();
    while let Some(case) = reader.next_case()? {
        cases.push(case);
    }
    Ok(cases)
}

/// Bytes read from the input at a time.
const BUFFER: usize = 1 << 16;

/// The token as value number `index` of a case.
fn value(token: &Token, index: usize) -> Result<i64> {
    let bad = |not: coinline_core::board::NotValue| InputError::BadValue {
        line: token.line,
        index,
        token: token.text(),
        fault: not.into(),
    };
    Ok(token.value.map_err(bad)?)
}

/// The token as a count of `what`.
fn count(token: &Token, what: Expected) -> Result<usize> {
    let line = token.line;
    let value = match token.count() {
        Ok(value) => value,
        Err(not) => Err(InputError::BadCount {
            line,
            what: what.clone(),
            token: token.text(),
            fault: not.into(),
        })?,
    };
    Ok(usize::try_from(value).map_err(|_| InputError::Negative { line, what, value })?)
}

/// The tokens of a judge input with the lines the layouts need.
struct Lines<R> {
    tokens: Tokens<BufReader<R>>,
    /// The line of the last token read (1 before any).
    line: usize,
    /// The line the reader is on; the tokenizer may be further on, past
    /// newlines a look ahead ([`Lines::at_end`]) passed, which are passed
    /// here one line at a time.
    at_line: usize,
}

impl<R: Read> Lines<R> {
    fn new(reader: R) -> Self {
        Lines {
            tokens: Tokens::new(BufReader::with_capacity(BUFFER, reader), "the input"),
            line: 1,
            at_line: 1,
        }
    }

    /// The next token (on the current line only, if `on_line`); text that
    /// is not UTF-8 is an error.
    fn take(&mut self, on_line: bool) -> Result<Option<Token>> {
        if on_line && self.tokens.line() > self.at_line {
            return Ok(None);
        }
        let Some(token) = self.tokens.next(on_line)? else {
            return Ok(None);
        };
        if !token.utf8 {
            Err(InputError::NotUtf8 { line: token.line })?
        }
        (self.line, self.at_line) = (token.line, token.line);
        Ok(Some(token))
    }

    /// The next token.
    fn next(&mut self) -> Result<Option<Token>> {
        self.take(false)
    }

    /// The next token on the current line, if any.
    fn next_on_line(&mut self) -> Result<Option<Token>> {
        self.take(true)
    }

    /// Passes the end of the current line (if the text is at one).
    fn pass_newline(&mut self) -> Result<()> {
        // Past newlines already looked at, the text is at none.
        self.tokens.pass_newline()?;
        if self.tokens.line() > self.at_line {
            self.at_line += 1;
        }
        Ok(())
    }

    /// Whether nothing but whitespace is left (the newlines looked past
    /// are still to be passed).
    fn at_end(&mut self) -> Result<bool> {
        Ok(self.tokens.gap(false)? == Gap::End)
    }

    /// The next token as a count.
    fn count(&mut self, what: Expected) -> Result<usize> {
        count(&self.next()?.ok_or_else(|| self.ended(what.clone()))?, what)
    }

    /// Only whitespace may follow on the current line.
    fn end_line(&mut self, what: Expected) -> Result<()> {
        match self.next_on_line()? {
            None => self.pass_newline(),
            Some(t) => Err(InputError::NotAlone {
                line: t.line,
                what,
                token: t.text(),
            })?,
        }
    }

    /// The error for a text that ended where `what` should be.
    fn ended(&self, what: Expected) -> Error {
        let line = self.line;
        InputError::Ended { line, what }.into()
    }

    /// Only whitespace may follow the last case.
    fn finish(&mut self) -> Result<()> {
        match self.next()? {
            None => Ok(()),
            Some(t) => Err(InputError::AfterLastCase {
                line: t.line,
                token: t.text(),
            })?,
        }
    }
}
/// Where a [`CaseReader`] is in its input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// Nothing read yet.
    Start,
    /// Cases left of the number announced.
    Counted(usize),
    /// Cases until the end (or the closing `0`).
    Open,
    /// The last case was read; the rest must be whitespace.
    Last,
    /// Done.
    Done,
}

/// Reads the cases of a judge input in a problem's layout one at a time,
/// holding only the case being read. Never panics.
pub struct CaseReader<'p, R> {
    problem: &'p Problem,
    tokens: Lines<R>,
    stage: Stage,
    number: usize,
    /// The number of cases the input announced, once read.
    announced: Option<usize>,
    /// The parameters read once, first in the input.
    input_params: Params,
}

impl<'p, R: Read> CaseReader<'p, R> {
    /// A reader of `input` in `problem`'s layout.
    pub fn new(problem: &'p Problem, input: R) -> Self {
        CaseReader {
            problem,
            tokens: Lines::new(input),
            stage: Stage::Start,
            number: 0,
            announced: None,
            input_params: Params::default(),
        }
    }

    /// The number of cases the input announces (for layouts that start
    /// with it), once the first case was asked for.
    pub fn announced(&self) -> Option<usize> {
        self.announced
    }

    /// The next case, `None` after the last; the first error ends the input.
    pub fn next_case(&mut self) -> Result<Option<InputCase>> {
        let result = self.step();
        if result.is_err() {
            self.stage = Stage::Done;
        }
        result
    }

    fn step(&mut self) -> Result<Option<InputCase>> {
        let layout = self.problem.layout();
        loop {
            if self.stage == Stage::Start {
                self.read_input_params()?;
            }
            match self.stage {
                Stage::Start => match layout.cases {
                    Cases::One => {
                        self.stage = Stage::Last;
                        return self.case();
                    }
                    Cases::Count => {
                        let count = self.tokens.count(Expected::CaseCount)?;
                        if layout.case == CaseLayout::ValuesOnly {
                            self.tokens.end_line(Expected::CaseCount)?;
                        }
                        self.stage = Stage::Counted(count);
                        self.announced = Some(count);
                    }
                    Cases::UntilEnd | Cases::UntilZero => self.stage = Stage::Open,
                },
                Stage::Counted(0) | Stage::Last => {
                    self.stage = Stage::Done;
                    self.tokens.finish()?;
                }
                Stage::Counted(left) => {
                    self.stage = Stage::Counted(left - 1);
                    if let Some(case) = self.case()? {
                        return Ok(Some(case));
                    }
                }
                Stage::Open if layout.cases == Cases::UntilEnd => {
                    if self.tokens.at_end()? {
                        self.stage = Stage::Last;
                    } else {
                        return self.case();
                    }
                }
                Stage::Open => match self.case()? {
                    Some(case) => return Ok(Some(case)),
                    None => self.stage = Stage::Last,
                },
                Stage::Done => return Ok(None),
            }
        }
    }

    /// The parameters read once, first in the input (on a line of their
    /// own before a layout of lines).
    fn read_input_params(&mut self) -> Result<()> {
        let problem = self.problem;
        let once: Vec<&str> = (problem.params().iter())
            .filter(|p| !p.per_case)
            .map(|p| p.name.as_str())
            .collect();
        for name in &once {
            let value = self.param(name, None)?;
            self.input_params.set(name, value);
        }
        if !once.is_empty() && problem.layout().case != CaseLayout::LengthFirst {
            self.tokens.end_line(Expected::Params {
                names: once.join(" "),
                case: None,
            })?;
        }
        Ok(())
    }

    /// The next token as the value of the parameter `name` (`of` says of
    /// which case): a count from 1.
    fn param(&mut self, name: &str, case: Option<usize>) -> Result<usize> {
        let names = name.to_string();
        let what = Expected::Params { names, case };
        let value = self.tokens.count(what.clone())?;
        if !(1..=MAX_COUNT).contains(&value) {
            let line = self.tokens.line;
            Err(InputError::ParamOutOfRange { line, what, value })?
        }
        Ok(value)
    }

    /// One case; `None` for the closing `0` of an until-zero input.
    fn case(&mut self) -> Result<Option<InputCase>> {
        self.number += 1;
        let layout = self.problem.layout();
        let mut params = self.input_params.clone();
        let (line, values) = match layout.case {
            CaseLayout::LengthFirst => {
                match self.length_first(layout.cases == Cases::UntilZero, &mut params)? {
                    Some(read) => read,
                    None => return Ok(None),
                }
            }
            CaseLayout::ValuesOnly | CaseLayout::LengthLast => {
                self.values_on_line(layout.case, layout.cases != Cases::One)?
            }
        };
        let board = Board::new(values).map_err(|source| InputError::Board { line, source })?;
        // The parameters in the order the problem reads them.
        let mut ordered = Params::default();
        for p in self.problem.params() {
            ordered.set(&p.name, params.get(&p.name).unwrap_or(p.lo));
        }
        Ok(Some(InputCase {
            line,
            board,
            params: ordered,
        }))
    }

    /// `n`, the case's parameters, then n values anywhere; `None` for a
    /// closing `0`.
    fn length_first(
        &mut self,
        zero_ends: bool,
        params: &mut Params,
    ) -> Result<Option<(usize, Vec<i64>)>> {
        let number = self.number;
        let n = (self.tokens).count(Expected::Length { case: Some(number) })?;
        let line = self.tokens.line;
        if n == 0 {
            if zero_ends {
                return Ok(None);
            }
            Err(InputError::LengthZero { line })?
        }
        let problem = self.problem;
        for p in problem.params().iter().filter(|p| p.per_case) {
            let value = self.param(&p.name, Some(number))?;
            params.set(&p.name, value);
        }
        let tokens = &mut self.tokens;
        let mut values = Vec::with_capacity(n.min(1 << 16));
        let mut first_line = None;
        for i in 0..n {
            let what = Expected::Announced { n, line, found: i };
            let token = tokens.next()?.ok_or_else(|| tokens.ended(what))?;
            first_line.get_or_insert(token.line);
            values.push(value(&token, i + 1)?);
        }
        Ok(Some((first_line.unwrap_or(line), values)))
    }

    /// A case of values on one line (all the input if not `several`), with
    /// its length after them for [`CaseLayout::LengthLast`].
    fn values_on_line(&mut self, layout: CaseLayout, several: bool) -> Result<(usize, Vec<i64>)> {
        let number = self.number;
        let tokens = &mut self.tokens;
        let mut found = Gathered::default();
        if several {
            if tokens.at_end()? {
                return Err(tokens.ended(Expected::Values { case: number }));
            }
            let line = tokens.at_line;
            while let Some(t) = tokens.next_on_line()? {
                found.take(t);
            }
            tokens.pass_newline()?;
            tokens.line = line;
            if found.held.is_none() {
                Err(InputError::EmptyLine { line })?
            }
        } else {
            while let Some(t) = tokens.next()? {
                found.take(t);
            }
        }
        let Some(line) = found.first_line else {
            return Err(tokens.ended(Expected::Values { case: number }));
        };
        if layout == CaseLayout::LengthLast {
            let n_token = match several {
                true => tokens
                    .next()?
                    .ok_or_else(|| tokens.ended(Expected::Length { case: Some(number) }))?,
                false => match found.held.take() {
                    Some(t) if found.count > 0 => t,
                    _ => Err(InputError::OneToken { line })?,
                },
            };
            let n = count(&n_token, Expected::Length { case: None })?;
            if several {
                tokens.end_line(Expected::Length { case: None })?;
            }
            let count = found.count + usize::from(found.held.is_some());
            if n != count {
                let line = n_token.line;
                Err(InputError::LengthMismatch {
                    line,
                    n,
                    case: number,
                    count,
                })?
            }
        }
        found.values().map(|values| (line, values))
    }
}

/// The tokens of a line case, parsed as they come; the last one is held
/// back, as it may be the case's length.
#[derive(Default)]
struct Gathered {
    first_line: Option<usize>,
    values: Vec<i64>,
    /// Tokens parsed (not counting the held one).
    count: usize,
    first_bad: Option<Error>,
    held: Option<Token>,
}

impl Gathered {
    fn take(&mut self, tok: Token) {
        self.first_line.get_or_insert(tok.line);
        if let Some(previous) = self.held.replace(tok) {
            self.parse(&previous);
        }
    }

    fn parse(&mut self, tok: &Token) {
        self.count += 1;
        if self.first_bad.is_some() {
            return;
        }
        match value(tok, self.count) {
            Ok(v) => self.values.push(v),
            Err(e) => self.first_bad = Some(e),
        }
    }

    /// The values, the held token among them; or the first bad one's error.
    fn values(mut self) -> Result<Vec<i64>> {
        if let Some(last) = self.held.take() {
            self.parse(&last);
        }
        match self.first_bad {
            Some(e) => Err(e),
            None => Ok(self.values),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that hands out one byte at a time, so every character and
    /// token crosses a refill.
    struct OneByte<'a>(&'a [u8]);

    impl Read for OneByte<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            match (self.0.split_first(), buf.is_empty()) {
                (Some((&b, rest)), false) => {
                    buf[0] = b;
                    self.0 = rest;
                    Ok(1)
                }
                _ => Ok(0),
            }
        }
    }

    fn read_all(problem: &Problem, input: impl Read) -> Result<Vec<(usize, String)>> {
        let mut reader = CaseReader::new(problem, input);
        let mut cases = Vec::new();
        while let Some(case) = reader.next_case()? {
            cases.push((case.line, case.board.to_string()));
        }
        Ok(cases)
    }

    fn lines() -> Problem {
        Problem::by_name("lines").unwrap()
    }

    #[test]
    fn the_announced_count_is_known_after_the_first_case() {
        let problem = Problem::by_name("algospot-numbergame").unwrap();
        let mut reader = CaseReader::new(&problem, b"3\n1\n5\n1\n6\n1\n7\n".as_slice());
        assert_eq!(reader.announced(), None);
        reader.next_case().unwrap();
        assert_eq!(reader.announced(), Some(3));
        let by_line = lines();
        let mut lines = CaseReader::new(&by_line, b"1 2\n".as_slice());
        lines.next_case().unwrap();
        assert_eq!(lines.announced(), None);
    }

    /// A problem whose rules read `k` once, first in the input, with each
    /// case written as `layout`.
    fn take_k(layout: &str) -> Problem {
        let text = format!(
            "name = \"take-k\"\nabout = \"Take 1 to k.\"\ngame = \"take=1..k\"\n\
             [input]\ncases = \"count\"\nparams = \"k\"\ncase = \"{layout}\"\n\
             [answer]\nkind = \"first\"\n\
             [limits]\ncases = \"1..5\"\nn = \"1..9\"\nvalues = \"0..9\"\nk = \"1..3\"\n"
        );
        crate::spec::parse(&text, crate::problem::Origin::BuiltIn).unwrap()
    }

    /// Each case's board and parameters, or the error's text.
    fn params_of(problem: &Problem, input: &str) -> std::result::Result<Vec<String>, String> {
        let mut reader = CaseReader::new(problem, input.as_bytes());
        let mut cases = Vec::new();
        while let Some(case) = reader.next_case().map_err(|e| e.to_string())? {
            cases.push(format!("{}: {}", case.params, case.board));
        }
        Ok(cases)
    }

    #[test]
    fn a_parameter_of_the_input_is_read_once_before_the_cases() {
        let by_length = take_k("n values");
        let want = ["k=2: 1 2 3".to_string(), "k=2: 5".to_string()];
        // With the lengths first, tokens may share lines.
        assert_eq!(
            params_of(&by_length, "2 2\n3 1 2 3\n1 5\n"),
            Ok(want.to_vec())
        );
        assert_eq!(
            params_of(&by_length, "2\n2\n3\n1 2 3 1\n5\n"),
            Ok(want.to_vec())
        );
        // A layout of lines puts the parameter on a line of its own.
        let by_lines = take_k("values");
        assert_eq!(params_of(&by_lines, "2\n2\n1 2 3\n5\n"), Ok(want.to_vec()));
        let joined = params_of(&by_lines, "2 2\n1 2 3\n5\n").unwrap_err();
        assert!(joined.contains("the parameter k"), "{joined}");
    }

    /// A reader that hands out its text in one read and fails every read
    /// after it.
    struct ThenFails<'a>(Option<&'a [u8]>);

    impl Read for ThenFails<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let text = self.0.take().ok_or(std::io::ErrorKind::BrokenPipe)?;
            buf[..text.len()].copy_from_slice(text);
            Ok(text.len())
        }
    }

    #[test]
    fn a_token_whole_in_the_buffer_is_read_without_reading_on() {
        // On a pipe the next read can wait for the writer: a token that is
        // complete must come back without it.
        // Four bytes, as many as a character can need, are at hand.
        let mut stream = Lines::new(ThenFails(Some("\u{e9}1 ".as_bytes())));
        assert_eq!(
            stream.next().unwrap().map(|t| t.text()),
            Some("\u{e9}1".into())
        );
        let failed = stream.next().unwrap_err().to_string();
        assert!(failed.contains("the input"), "{failed}");
    }

    #[test]
    fn held_newlines_are_passed_one_line_at_a_time() {
        let mut stream = Lines::new(b"1\n\n2\n".as_slice());
        assert_eq!(stream.next().unwrap().map(|t| t.line), Some(1));
        assert!(!stream.at_end().unwrap());
        // Two newlines held: the line of `1` ends, then the empty one.
        for at_line in [2, 3] {
            assert!(stream.next_on_line().unwrap().is_none());
            stream.pass_newline().unwrap();
            assert_eq!(stream.at_line, at_line);
        }
        let two = stream.next_on_line().unwrap().unwrap();
        assert_eq!((two.text().as_str(), two.line), ("2", 3));
    }

    #[test]
    fn the_data_files_inputs_read_as_written_in_any_chunks() {
        #[derive(serde::Deserialize)]
        struct Read {
            problem: String,
            input: String,
            #[serde(default)]
            cases: Vec<(usize, String)>,
            error: Option<String>,
        }
        #[derive(serde::Deserialize)]
        struct File {
            read: Vec<Read>,
        }
        let file = include_str!("../../../tests/data/judge_inputs.toml");
        let lines = |cases: Result<Vec<InputCase>>| {
            let each = |c: &InputCase| (c.line, c.board.to_string());
            cases
                .map(|c| c.iter().map(each).collect())
                .map_err(|e| e.to_string())
        };
        for read in toml::from_str::<File>(file).unwrap().read {
            let problem = Problem::by_name(&read.problem).unwrap();
            let text = &read.input;
            let want = read.error.map_or(Ok(read.cases), Err);
            assert_eq!(
                lines(parse_cases(&problem, text)),
                want,
                "{problem} {text:?}"
            );
            let bytes = OneByte(text.as_bytes());
            let chunked = read_all(&problem, bytes).map_err(|e| e.to_string());
            assert_eq!(chunked, want, "{problem} {text:?} a byte at a time");
        }
    }

    #[test]
    fn a_chunk_cut_in_a_character_is_not_utf8() {
        assert_eq!(
            read_all(&lines(), OneByte(b"8 15\n\xa03\n"))
                .unwrap_err()
                .to_string(),
            "line 2: the text is not valid UTF-8"
        );
    }

    #[test]
    fn long_tokens_are_kept_short_and_read_right() {
        let long = |head: &str, body: char, count: usize, tail: &str| {
            let mut text = head.to_string();
            text.extend(std::iter::repeat_n(body, count));
            text + tail
        };
        // Leading zeros do not change the value (up to the 4,096-byte token).
        let zeros = long("-", '0', 4_000, "17 3\n");
        assert_eq!(
            read_all(&lines(), OneByte(zeros.as_bytes())).unwrap(),
            [(1, "-17 3".to_string())]
        );
        let digits = long("5 ", '9', 4_000, "\n");
        assert_eq!(
            read_all(&lines(), digits.as_bytes())
                .unwrap_err()
                .to_string(),
            format!(
                "line 1, value 2: \"{}...\" does not fit in 64 bits",
                "9".repeat(40)
            )
        );
        let bad = long("", '1', 1000, "x\n");
        assert_eq!(
            read_all(&lines(), bad.as_bytes()).unwrap_err().to_string(),
            format!(
                "line 1, value 1: \"{}...\" is not an integer",
                "1".repeat(40)
            )
        );
        let mut stream = Lines::new(digits.as_bytes());
        stream.next().unwrap();
        let token = stream.next().unwrap().unwrap();
        assert_eq!(token.text(), format!("{}...", "9".repeat(40)));
    }

    #[test]
    fn a_lone_continuation_byte_is_not_utf8() {
        let read = |text: &[u8]| read_all(&lines(), text).map_err(|e| e.to_string());
        // A lone continuation byte is not UTF-8 (wider characters:
        // tests/data/judge_inputs.toml).
        for text in [&b"1 \x80\n"[..], b"1 2\x80\n"] {
            assert_eq!(
                read(text),
                Err("line 1: the text is not valid UTF-8".to_string())
            );
        }
    }

    #[test]
    fn zeros_past_the_cap_keep_the_digits_after_them() {
        // The old reader kept 192 bytes of a token; the tokenizer keeps a
        // value's digits as a number, whatever their count.
        const CAP: usize = 192;
        for zeros in CAP - 3..CAP + 3 {
            for sign in ["", "-"] {
                let text = format!("{sign}{}17 2\n", "0".repeat(zeros));
                let expected = format!("{sign}17 2");
                let read = read_all(&lines(), OneByte(text.as_bytes())).unwrap();
                assert_eq!(read, [(1, expected)], "{zeros} zeros, sign {sign:?}");
            }
        }
        // Unsigned zeros too: the value is kept, the text quoted short.
        let text = format!("{}5 ", "0".repeat(5 * CAP));
        let mut stream = Lines::new(OneByte(text.as_bytes()));
        let token = stream.next().unwrap().unwrap();
        assert_eq!(token.value, Ok(5));
        assert_eq!(token.text(), format!("{}...", "0".repeat(40)));
        // Two signs are not a number, however many zeros follow.
        let text = format!("--{}17\n", "0".repeat(3 * CAP));
        let error = read_all(&lines(), OneByte(text.as_bytes())).unwrap_err();
        assert!(error.to_string().ends_with("is not an integer"), "{error}");
        // Past the cap, a character that is not a digit still spoils it.
        for tail in ["x", "\u{e9}"] {
            let text = format!("{}{tail}\n", "1".repeat(2 * CAP));
            let error = read_all(&lines(), OneByte(text.as_bytes())).unwrap_err();
            assert!(error.to_string().ends_with("is not an integer"), "{error}");
        }
    }

    /// A reader that is interrupted before each chunk, then fails with
    /// `after` once its bytes are out.
    struct Flaky<'a> {
        bytes: &'a [u8],
        interrupt: bool,
        after: std::io::ErrorKind,
    }

    impl Read for Flaky<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            self.interrupt = !self.interrupt;
            if self.interrupt {
                return Err(std::io::ErrorKind::Interrupted.into());
            }
            match self.bytes.split_first() {
                Some((&b, rest)) if !buf.is_empty() => {
                    buf[0] = b;
                    self.bytes = rest;
                    Ok(1)
                }
                _ => Err(self.after.into()),
            }
        }
    }

    #[test]
    fn interrupted_reads_are_retried_and_failures_reported() {
        let flaky = |bytes: &'static [u8]| Flaky {
            bytes,
            interrupt: false,
            after: std::io::ErrorKind::BrokenPipe,
        };
        // A case whose last token ends at its newline needs no byte more:
        // the failure after it is never reached.
        let problem = lines();
        let mut reader = CaseReader::new(&problem, flaky(b"1 5\n"));
        let case = reader.next_case().unwrap().unwrap();
        assert_eq!(case.board.to_string(), "1 5");
        // Asked for more, the failure is an error, not a wait.
        let error = reader.next_case().unwrap_err();
        assert!(error.to_string().contains("the input"), "{error}");
    }
}

//! Judge inputs in a problem's layout: writing boards as the judge does
//! ([`Problem::write_input`]) and the pieces the readers share (tokens as
//! values and counts, quotes); reading them back is
//! [`parse_input`](super::stream::parse_input), through the streaming
//! reader.
//!
//! Reading is by tokens, as real judges read (`cin >>`, `scanf`): values may
//! be split across lines or share a line with n. Only the layouts without a
//! written length need lines (a case of values alone is one line when there
//! are several). Anything else is refused with a one-line error naming the
//! line and the token. The reader never panics, whatever the text, so it can
//! be fuzzed.

use super::error::{InputError, TokenFault};
use super::instance::Instance;
use super::problem::Problem;
use super::problem::{CaseLayout, Cases};
use coinline_core::board::Board;
use coinline_core::error::Result;
use coinline_core::rules::Params;

impl Problem {
    /// `boards` written exactly as the judge's input (the parameters read
    /// once per input are the first case's).
    pub fn write_input(&self, boards: &[Instance]) -> String {
        let layout = self.layout();
        let mut out = String::new();
        let value = |case: &Instance, name: &str| case.params.get(name).unwrap_or(0).to_string();
        let once: Vec<&str> = self
            .params()
            .iter()
            .filter(|p| !p.per_case)
            .map(|p| p.name.as_str())
            .collect();
        if let (Some(first), false) = (boards.first(), once.is_empty()) {
            let values: Vec<String> = once.iter().map(|n| value(first, n)).collect();
            out.push_str(&format!("{}\n", values.join(" ")));
        }
        if layout.cases == Cases::Count {
            out.push_str(&format!("{}\n", boards.len()));
        }
        for board in boards {
            let mut head = board.len().to_string();
            for p in self.params().iter().filter(|p| p.per_case) {
                head = format!("{head} {}", value(board, &p.name));
            }
            let board = &board.board;
            match layout.case {
                CaseLayout::LengthFirst => out.push_str(&format!("{head}\n{board}\n")),
                CaseLayout::ValuesOnly => out.push_str(&format!("{board}\n")),
                CaseLayout::LengthLast => out.push_str(&format!("{board}\n{}\n", board.len())),
            }
        }
        if layout.cases == Cases::UntilZero {
            out.push_str("0\n");
        }
        out
    }

    /// Boards of a problem without parameters written as its input (a
    /// problem with parameters gets them drawn from seed 0).
    pub fn write_boards(&self, boards: &[Board]) -> String {
        self.write_input(&self.cases_of(boards.to_vec()))
    }
}

/// A board read from a judge input, with the line its first value is on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputCase {
    /// 1-based line of the input holding the board's first value.
    pub line: usize,
    /// The board.
    pub board: Board,
    /// The values of the problem's parameters for the case.
    pub params: Params,
}

/// `bytes` as text, or an error naming the line of the first byte that is
/// not UTF-8.
pub fn text_of(bytes: &[u8]) -> Result<&str> {
    std::str::from_utf8(bytes).map_err(|e| {
        let line = 1 + bytes[..e.valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        InputError::NotUtf8 { line }.into()
    })
}

/// A whitespace-separated token and its 1-based line (for answers, read
/// from text a program printed).
#[derive(Clone, Copy, Debug)]
pub(super) struct Token<'a> {
    pub(super) text: &'a str,
    pub(super) line: usize,
}

/// Walks the tokens of a text, keeping lines.
pub(super) struct Tokens<'a> {
    rest: &'a str,
    /// The line the unread text starts on.
    at_line: usize,
}

impl<'a> Tokens<'a> {
    pub(super) fn new(text: &'a str) -> Self {
        Tokens {
            rest: text,
            at_line: 1,
        }
    }

    /// The next token.
    pub(super) fn next(&mut self) -> Option<Token<'a>> {
        let start = self
            .rest
            .find(|c: char| !c.is_whitespace())
            .unwrap_or(self.rest.len());
        self.at_line += self.rest[..start].matches('\n').count();
        self.rest = &self.rest[start..];
        if self.rest.is_empty() {
            return None;
        }
        let end = self
            .rest
            .find(char::is_whitespace)
            .unwrap_or(self.rest.len());
        let text = &self.rest[..end];
        self.rest = &self.rest[end..];
        Some(Token {
            text,
            line: self.at_line,
        })
    }
}

/// An integer written as judges write counts and answers: an optional `-`
/// and digits.
pub(super) fn parse_integer(token: &str) -> Result<i64, TokenFault> {
    let digits = token.strip_prefix('-').unwrap_or(token);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(TokenFault::NotInteger);
    }
    token.parse().map_err(|_| TokenFault::TooLarge)
}

/// `valid` with one to three bytes of `alphabet` replaced, inserted or cut:
/// the readers' tests' mangled texts.
#[cfg(test)]
pub(crate) fn mangle(
    rng: &mut coinline_core::generate::SplitMix64,
    valid: &[u8],
    alphabet: &[u8],
) -> Vec<u8> {
    let mut bytes = valid.to_vec();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(bytes.len() as u64 + 1) as usize;
        let byte = alphabet[rng.below(alphabet.len() as u64) as usize];
        match rng.below(3) {
            0 if at < bytes.len() => bytes[at] = byte,
            1 => bytes.insert(at, byte),
            _ => bytes.truncate(at),
        }
    }
    bytes
}

#[cfg(test)]
mod tests {
    use super::super::stream::{parse_cases, parse_input, parse_input_bytes};

    /// The reader of whole texts that the streaming reader replaced, kept
    /// as the reference it must agree with (message for message).
    mod reference {
        use super::super::{parse_integer, InputCase};
        use crate::error::{Expected, InputError, TokenFault};
        use crate::problem::{CaseLayout, Cases, Problem};
        use coinline_core::board::{read_values, Board};
        use coinline_core::error::{Error, ErrorKind, Result};

        /// A board value, read by the board's one reader of values
        /// ([`read_values`]): an optional `+`, then what `i64::from_str` takes
        /// (`+5`, `-0` and `007` are values). A token holding a comma, which the
        /// board reader takes as a separator, is not one value here: judges read
        /// whitespace-separated tokens.
        fn parse_value(token: &str) -> Result<i64, TokenFault> {
            match read_values(token.as_bytes(), 1) {
                Ok(values) => values.first().copied().ok_or(TokenFault::NotInteger),
                Err(e) => Err(match e.kind() {
                    ErrorKind::BadToken { expected, .. } if expected.contains("64-bit range") => {
                        TokenFault::TooLarge
                    }
                    _ => TokenFault::NotInteger,
                }),
            }
        }

        /// [`parse_input`], keeping the line of each board.
        pub(super) fn parse_cases(problem: &Problem, text: &str) -> Result<Vec<InputCase>> {
            let layout = problem.layout();
            let mut tokens = Tokens::new(text);
            let mut cases = Vec::new();
            let several = layout.cases != Cases::One;
            let read = |tokens: &mut Tokens, number: usize| -> Result<Option<InputCase>> {
                case(
                    tokens,
                    layout.case,
                    several,
                    layout.cases == Cases::UntilZero,
                    number,
                )
            };
            match layout.cases {
                Cases::One => cases.extend(read(&mut tokens, 1)?),
                Cases::Count => {
                    let count = tokens.count(Expected::CaseCount)?;
                    if layout.case == CaseLayout::ValuesOnly {
                        tokens.end_line(Expected::CaseCount)?;
                    }
                    for number in 1..=count {
                        cases.extend(read(&mut tokens, number)?);
                    }
                }
                Cases::UntilEnd => {
                    while !tokens.only_space_left() {
                        let number = cases.len() + 1;
                        cases.extend(read(&mut tokens, number)?);
                    }
                }
                Cases::UntilZero => loop {
                    let number = cases.len() + 1;
                    match read(&mut tokens, number)? {
                        Some(c) => cases.push(c),
                        None => break,
                    }
                },
            }
            tokens.finish()?;
            Ok(cases)
        }

        /// One case; `None` for the closing `0` of an until-zero input.
        fn case(
            tokens: &mut Tokens,
            layout: CaseLayout,
            several: bool,
            zero_ends: bool,
            number: usize,
        ) -> Result<Option<InputCase>> {
            let (line, values) = match layout {
                CaseLayout::LengthFirst => {
                    let n = tokens.count(Expected::Length { case: Some(number) })?;
                    let line = tokens.line;
                    if n == 0 {
                        if zero_ends {
                            return Ok(None);
                        }
                        Err(InputError::LengthZero { line })?
                    }
                    let mut values = Vec::with_capacity(n.min(1 << 16));
                    let mut first_line = None;
                    for i in 0..n {
                        let what = Expected::Announced { n, line, found: i };
                        let token = tokens.next().ok_or_else(|| tokens.ended(what))?;
                        first_line.get_or_insert(token.line);
                        values.push(token.value(i + 1)?);
                    }
                    (first_line.unwrap_or(line), values)
                }
                CaseLayout::ValuesOnly | CaseLayout::LengthLast => {
                    let found = match several {
                        true => tokens.line_of_tokens(),
                        false => tokens.all(),
                    };
                    let Some(first) = found.first() else {
                        return Err(tokens.ended(Expected::Values { case: number }));
                    };
                    let line = first.line;
                    if found.iter().any(|t| t.text.is_empty()) {
                        Err(InputError::EmptyLine { line })?
                    }
                    let mut found = found;
                    if layout == CaseLayout::LengthLast {
                        let n_token = match several {
                            true => tokens.next().ok_or_else(|| {
                                tokens.ended(Expected::Length { case: Some(number) })
                            })?,
                            false => match found.pop() {
                                Some(t) if !found.is_empty() => t,
                                _ => Err(InputError::OneToken { line })?,
                            },
                        };
                        let n = n_token.count(Expected::Length { case: None })?;
                        if several {
                            tokens.end_line(Expected::Length { case: None })?;
                        }
                        if n != found.len() {
                            Err(InputError::LengthMismatch {
                                line: n_token.line,
                                n,
                                case: number,
                                count: found.len(),
                            })?
                        }
                    }
                    let values = found
                        .iter()
                        .enumerate()
                        .map(|(i, t)| t.value(i + 1))
                        .collect::<Result<Vec<i64>>>()?;
                    (line, values)
                }
            };
            let board = Board::new(values).map_err(|source| InputError::Board { line, source })?;
            Ok(Some(InputCase {
                line,
                board,
                params: Default::default(),
            }))
        }

        /// A whitespace-separated token and its 1-based line.
        #[derive(Clone, Copy, Debug)]
        pub(super) struct Token<'a> {
            pub(super) text: &'a str,
            pub(super) line: usize,
        }

        impl Token<'_> {
            /// The token as value number `i` of a case, read as every board value
            /// is read ([`parse_value`]).
            fn value(&self, index: usize) -> Result<i64> {
                let (line, token) = (self.line, self.text.to_string());
                Ok(
                    parse_value(self.text).map_err(|fault| InputError::BadValue {
                        line,
                        index,
                        token,
                        fault,
                    })?,
                )
            }

            /// The token as a count of `what`.
            fn count(&self, what: Expected) -> Result<usize> {
                let (line, token) = (self.line, self.text.to_string());
                let value = match parse_integer(self.text) {
                    Ok(value) => value,
                    Err(fault) => Err(InputError::BadCount {
                        line,
                        what: what.clone(),
                        token,
                        fault,
                    })?,
                };
                Ok(usize::try_from(value).map_err(|_| InputError::Negative {
                    line,
                    what,
                    value,
                })?)
            }
        }

        /// Walks the tokens of a text, keeping lines.
        pub(super) struct Tokens<'a> {
            rest: &'a str,
            /// The line of the last token read (1 before any).
            line: usize,
            /// The line the unread text starts on.
            at_line: usize,
        }

        impl<'a> Tokens<'a> {
            pub(super) fn new(text: &'a str) -> Self {
                Tokens {
                    rest: text,
                    line: 1,
                    at_line: 1,
                }
            }

            /// Skips whitespace, counting lines; stops at the end of a line if
            /// `stop_at_newline`.
            fn skip_space(&mut self, stop_at_newline: bool) {
                let mut cut = self.rest.len();
                for (i, c) in self.rest.char_indices() {
                    if c == '\n' {
                        if stop_at_newline {
                            cut = i;
                            break;
                        }
                        self.at_line += 1;
                    } else if !c.is_whitespace() {
                        cut = i;
                        break;
                    }
                }
                self.rest = &self.rest[cut..];
            }

            /// The next token.
            pub(super) fn next(&mut self) -> Option<Token<'a>> {
                self.skip_space(false);
                if self.rest.is_empty() {
                    return None;
                }
                let end = self
                    .rest
                    .find(char::is_whitespace)
                    .unwrap_or(self.rest.len());
                let text = &self.rest[..end];
                self.rest = &self.rest[end..];
                self.line = self.at_line;
                Some(Token {
                    text,
                    line: self.line,
                })
            }

            /// The tokens of the next line (an empty line gives one empty token, so
            /// the caller can name it); none at the end of the text.
            fn line_of_tokens(&mut self) -> Vec<Token<'a>> {
                if self.only_space_left() {
                    self.skip_space(false);
                    return Vec::new();
                }
                let line = self.at_line;
                let end = self.rest.find('\n').unwrap_or(self.rest.len());
                let text = &self.rest[..end];
                self.rest = &self.rest[end..];
                if !self.rest.is_empty() {
                    self.rest = &self.rest[1..];
                    self.at_line += 1;
                }
                self.line = line;
                let tokens: Vec<Token<'a>> = text
                    .split_whitespace()
                    .map(|t| Token { text: t, line })
                    .collect();
                match tokens.is_empty() {
                    true => vec![Token { text: "", line }],
                    false => tokens,
                }
            }

            /// Every token left.
            fn all(&mut self) -> Vec<Token<'a>> {
                std::iter::from_fn(|| self.next()).collect()
            }

            /// The next token as a count.
            fn count(&mut self, what: Expected) -> Result<usize> {
                let token = self.next().ok_or_else(|| self.ended(what.clone()))?;
                token.count(what)
            }

            /// Only whitespace may follow on the current line.
            fn end_line(&mut self, what: Expected) -> Result<()> {
                self.skip_space(true);
                match self.rest.chars().next() {
                    None | Some('\n') => {
                        if !self.rest.is_empty() {
                            self.rest = &self.rest[1..];
                            self.at_line += 1;
                        }
                        Ok(())
                    }
                    Some(_) => {
                        let t = self.next().expect("a non-space character starts a token");
                        Err(InputError::NotAlone {
                            line: t.line,
                            what,
                            token: t.text.to_string(),
                        })?
                    }
                }
            }

            /// Whether nothing but whitespace is left.
            fn only_space_left(&self) -> bool {
                self.rest.trim().is_empty()
            }

            /// The error for a text that ended where `what` should be, on the
            /// line of the last token.
            fn ended(&self, what: Expected) -> Error {
                let line = self.line;
                InputError::Ended { line, what }.into()
            }

            /// Only whitespace may follow the last case.
            fn finish(&mut self) -> Result<()> {
                match self.next() {
                    None => Ok(()),
                    Some(t) => Err(InputError::AfterLastCase {
                        line: t.line,
                        token: t.text.to_string(),
                    })?,
                }
            }
        }
    }
    use super::*;
    use coinline_core::generate::SplitMix64;

    fn boards(texts: &[&str]) -> Vec<Board> {
        texts.iter().map(|t| Board::parse(t).unwrap()).collect()
    }

    fn p(name: &str) -> Problem {
        Problem::by_name(name).unwrap()
    }

    fn err(name: &str, text: &str) -> String {
        parse_input(&p(name), text).unwrap_err().to_string()
    }

    #[test]
    fn every_problem_reads_back_what_it_writes() {
        let sample = boards(&["8 15 3 7", "5", "1 2 3"]);
        for problem in Problem::all() {
            let batch = &sample[..sample.len().min(problem.max_batch())];
            let text = problem.write_boards(batch);
            let cases = problem.cases_of(batch.to_vec());
            assert_eq!(parse_input(&problem, &text).unwrap(), cases, "{problem}");
        }
    }

    #[test]
    fn layouts_are_written_exactly() {
        let b = boards(&["8 15 3 7", "-5"]);
        assert_eq!(
            p("algospot-numbergame").write_boards(&b),
            "2\n4\n8 15 3 7\n1\n-5\n"
        );
        assert_eq!(p("atcoder-dp-l").write_boards(&b[..1]), "4\n8 15 3 7\n");
        assert_eq!(p("uva-10891").write_boards(&b), "4\n8 15 3 7\n1\n-5\n0\n");
        assert_eq!(p("lines").write_boards(&b), "8 15 3 7\n-5\n");
        let mut values_n = p("lines");
        values_n.layout.case = CaseLayout::LengthLast;
        assert_eq!(values_n.write_boards(&b), "8 15 3 7\n4\n-5\n1\n");
        assert_eq!(parse_input(&values_n, "8 15 3 7\n4\n-5\n1\n").unwrap(), b);
        values_n.layout.cases = Cases::One;
        assert_eq!(parse_input(&values_n, "8 15\n3 7 4").unwrap(), &b[..1]);
        assert_eq!(
            parse_input(&values_n, "8 15 3 7 3")
                .unwrap_err()
                .to_string(),
            "line 1: n is 3, but case 1 has 4 values"
        );
    }

    #[test]
    fn the_refusals_the_data_file_cannot_hold() {
        let mut counted_lines = p("lines");
        counted_lines.layout.cases = Cases::Count;
        assert_eq!(
            parse_input(&counted_lines, "2 5\n1\n")
                .unwrap_err()
                .to_string(),
            "line 1: expected the number of cases alone on its line, found \"5\" after it"
        );
        assert_eq!(
            parse_input(&counted_lines, "2\n1 2\n3\n").unwrap(),
            boards(&["1 2", "3"])
        );
        assert_eq!(
            parse_input_bytes(&p("lines"), b"1\n2\n3 \xff\n")
                .unwrap_err()
                .to_string(),
            "line 3: the text is not valid UTF-8"
        );
        assert_eq!(text_of(b"1\n2"), Ok("1\n2"));
    }

    #[test]
    fn values_are_read_as_boards_read_them() {
        for text in [
            "+5 -0 007",
            "1 +2 -3",
            "9223372036854775807",
            "-9223372036854775807",
        ] {
            let board = Board::parse(text).unwrap();
            assert_eq!(parse_input(&p("lines"), text).unwrap(), [board], "{text}");
        }
        for token in ["x", "-", "+", "1,2", "5,", "1e3", "0x10", "++"] {
            let why = err("lines", token);
            assert!(
                Board::parse(token).is_err() || token.contains(','),
                "{token}"
            );
            assert_eq!(why, format!("line 1, value 1: {token:?} is not an integer"));
        }
        assert_eq!(
            err("lines", "-9223372036854775809"),
            "line 1, value 1: \"-9223372036854775809\" does not fit in 64 bits"
        );
    }

    /// Every layout, with the variants the built-in problems do not use.
    fn layouts() -> Vec<Problem> {
        // The reference reader knows no parameters (their reading has its
        // own tests, in spec.rs).
        let mut all: Vec<Problem> = (Problem::all().into_iter())
            .filter(|p| p.params().is_empty())
            .collect();
        for cases in [Cases::One, Cases::Count, Cases::UntilEnd] {
            for case in [
                CaseLayout::ValuesOnly,
                CaseLayout::LengthLast,
                CaseLayout::LengthFirst,
            ] {
                let mut problem = p("lines");
                problem.layout.cases = cases;
                problem.layout.case = case;
                all.push(problem);
            }
        }
        all
    }

    #[test]
    fn the_streaming_reader_agrees_with_the_whole_text_reader() {
        let sample = boards(&["8 15 3 7", "-5", "1 2 3"]);
        let alphabet = b"0123456789 -\n\r\t+x0\n\n";
        let mut rng = SplitMix64::new(12);
        let mut errors = 0;
        for problem in layouts() {
            let batch = &sample[..sample.len().min(problem.max_batch())];
            let valid = problem.write_boards(batch).into_bytes();
            for _ in 0..400 {
                let bytes = mangle(&mut rng, &valid, alphabet);
                let text = String::from_utf8(bytes).unwrap();
                let (streamed, whole) = (
                    parse_cases(&problem, &text),
                    reference::parse_cases(&problem, &text),
                );
                errors += usize::from(whole.is_err());
                assert_eq!(
                    streamed.map_err(|e| e.to_string()),
                    whole.map_err(|e| e.to_string()),
                    "{:?} {text:?}",
                    problem.layout()
                );
            }
        }
        // The mangling reaches the refusals, not only valid inputs.
        assert!(errors > 1000, "{errors}");
    }

    #[test]
    fn parsing_never_panics_on_mangled_inputs() {
        // A cheap stand-in for the fuzz target: valid inputs with bytes
        // replaced, inserted or cut, and plain random bytes.
        let sample = boards(&["8 15 3 7", "-5", "1 2 3"]);
        let alphabet = b"0123456789 -\n\r\t+x\xff";
        let mut rng = SplitMix64::new(11);
        for problem in Problem::all() {
            let batch = &sample[..sample.len().min(problem.max_batch())];
            let valid = problem.write_boards(batch).into_bytes();
            for _ in 0..100 {
                let bytes = mangle(&mut rng, &valid, alphabet);
                let _ = parse_input_bytes(&problem, &bytes);
                let noise: Vec<u8> = (0..rng.below(40)).map(|_| rng.next_u64() as u8).collect();
                let _ = parse_input_bytes(&problem, &noise);
            }
        }
    }
}

//! The judges' input layouts: writing boards exactly as each judge does
//! ([`Problem::write_input`]) and reading them back ([`parse_input`]),
//! refusing anything else with a one-line error that names the line and the
//! token. The reader never panics, whatever the text, so it can be fuzzed.

use super::{Format, Problem};
use crate::board::Board;
use crate::error::{Error, Result};

impl Problem {
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
        match self.format() {
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
    match problem.format() {
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
pub(super) fn parse_integer(token: &str) -> Result<i64, &'static str> {
    let digits = token.strip_prefix('-').unwrap_or(token);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err("is not an integer");
    }
    token.parse().map_err(|_| "does not fit in 64 bits")
}

/// Long text cut for an error message.
pub(super) fn shorten(text: &str) -> String {
    const WIDTH: usize = 40;
    match text.char_indices().nth(WIDTH) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse_answers_bytes;
    use super::*;
    use crate::generate::SplitMix64;

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
    fn every_refusal_has_its_exact_message() {
        let p = |name: &str| Problem::by_name(name).unwrap();
        let err = |name: &str, text: &str| parse_input(&p(name), text).unwrap_err().to_string();
        let long = "y".repeat(50);
        let cases = [
            (
                "atcoder-dp-l",
                "3\n".to_string(),
                "line 2: expected the 3 values announced on line 1, found the end of the input",
            ),
            (
                "atcoder-dp-l",
                String::new(),
                "line 1: expected the length n, found the end of the input",
            ),
            (
                "atcoder-dp-l",
                "3 4\n1 2 3\n".to_string(),
                "line 1: expected the length n alone on the line, found \"3 4\"",
            ),
            (
                "atcoder-dp-l",
                "-2\n1 2\n".to_string(),
                "line 1: the length n is -2, below 0",
            ),
            (
                "atcoder-dp-l",
                "-\n1\n".to_string(),
                "line 1: the length n \"-\" is not an integer",
            ),
            (
                "atcoder-dp-l",
                "0\n\n".to_string(),
                "line 1: n is 0; a board has at least one value",
            ),
            (
                "algospot-numbergame",
                "2\n1\n5\n".to_string(),
                "line 4: expected the length n, found the end of the input",
            ),
            (
                "algospot-numbergame",
                "x\n".to_string(),
                "line 1: the number of cases C \"x\" is not an integer",
            ),
            (
                "uva-10891",
                "\n".to_string(),
                "line 1: expected the length n alone on the line, found \"\"",
            ),
            (
                "uva-10891",
                "2\n1 2\n0\n7\n".to_string(),
                "line 4: unexpected text after the last case: \"7\"",
            ),
            (
                "lines",
                "1 2\n\n3\n".to_string(),
                "line 2: empty line; a board has at least one value",
            ),
            (
                "lines",
                "1\n2 -\n".to_string(),
                "line 2, token 2: \"-\" is not an integer",
            ),
            (
                "lines",
                "1\n99999999999999999999\n".to_string(),
                "line 2, token 1: \"99999999999999999999\" does not fit in 64 bits",
            ),
            (
                "lines",
                "9223372036854775807 1\n".to_string(),
                "line 1: the sum of the absolute values of the board does not fit in a \
                 64-bit integer",
            ),
        ];
        for (name, text, expected) in cases {
            assert_eq!(err(name, &text), expected, "{name} {text:?}");
        }
        assert_eq!(
            err("uva-10891", &format!("2\n1 2\n0\n{long}\n")),
            format!(
                "line 4: unexpected text after the last case: \"{}...\"",
                "y".repeat(40)
            )
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
    fn boards_keep_the_line_they_were_read_from() {
        let p = |name: &str| Problem::by_name(name).unwrap();
        let lines = |cases: Vec<InputCase>| -> Vec<(usize, String)> {
            cases
                .iter()
                .map(|c| (c.line, c.board.to_string()))
                .collect()
        };
        assert_eq!(
            lines(parse_cases(&p("uva-10891"), "2\n1 2\n1\n-5\n0\n\n").unwrap()),
            vec![(2, "1 2".to_string()), (4, "-5".to_string())]
        );
        assert_eq!(
            lines(parse_cases(&p("lines"), "8 15\n3\n\n \n").unwrap()),
            vec![(1, "8 15".to_string()), (2, "3".to_string())]
        );
        assert_eq!(
            lines(parse_cases(&p("algospot-numbergame"), "1\n3\n1 2 3\n").unwrap()),
            vec![(3, "1 2 3".to_string())]
        );
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
}

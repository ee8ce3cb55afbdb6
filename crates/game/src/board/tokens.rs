//! The one tokenizer of coinline's inputs ([`Tokens`]): tokens separated by
//! Unicode whitespace (and commas, for boards) from any `BufRead`, chunk by
//! chunk, never the whole text; each scanned once into its line, its value
//! as a board value (or why it has none) and its first bytes for a message.
//! The board reader (`scan.rs`) and the judge's case reader run on it.

use crate::error::{Error, ErrorKind, Result};
use std::io::BufRead;

/// Characters of a bad token quoted in an error; a longer token is cut and
/// ends with `...`. The width of every quote in a message
/// ([`crate::error::QUOTED_CHARS`]).
pub const QUOTE_CHARS: usize = crate::error::QUOTED_CHARS;

/// The longest token read, in bytes: a value of 64 bits is at most 20
/// characters with its sign, so this leaves room for thousands of leading
/// zeros; a longer token is an error at its first byte over the limit
/// ([`ErrorKind::LongToken`]), so an endless one ends the read at once.
pub const MAX_TOKEN_BYTES: usize = 4096;

/// Why a token is not a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotValue {
    /// Not an optional `+` and what `i64::from_str` takes.
    NotInteger,
    /// Digits (with their signs) beyond the 64-bit range.
    OutOfRange,
    /// Nothing between two commas, or a comma first or last.
    EmptyField,
}

impl NotValue {
    /// What was expected instead, as an error message says it.
    pub fn expected(self) -> &'static str {
        match self {
            NotValue::NotInteger => "an integer",
            NotValue::OutOfRange => "an integer within the 64-bit range",
            NotValue::EmptyField => {
                "an integer (nothing between two commas, or a comma first or last)"
            }
        }
    }
}

/// A token, scanned once: its line, its value (or why it has none), and its
/// first bytes for a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// The 1-based line it is on (lines end at `\n`).
    pub line: usize,
    /// Its value as a board value: an optional `+`, then what
    /// `i64::from_str` takes.
    pub value: std::result::Result<i64, NotValue>,
    /// Whether it holds a `+` (so it is no count as judges write them: an
    /// optional `-` and digits).
    pub plus: bool,
    /// Whether its bytes are UTF-8.
    pub utf8: bool,
    /// Its first bytes (enough for [`QUOTE_CHARS`] characters and one more).
    bytes: Vec<u8>,
}

impl Token {
    /// The token for a message: its first [`QUOTE_CHARS`] characters, then
    /// `...` if it was longer (bytes that are not UTF-8 as U+FFFD).
    pub fn text(&self) -> String {
        let text = String::from_utf8_lossy(&self.bytes);
        match text.char_indices().nth(QUOTE_CHARS) {
            Some((cut, _)) => format!("{}...", &text[..cut]),
            None => text.into_owned(),
        }
    }

    /// The token as a count as judges write them: an optional `-` and
    /// digits.
    pub fn count(&self) -> std::result::Result<i64, NotValue> {
        match self.plus {
            true => Err(NotValue::NotInteger),
            false => self.value,
        }
    }
}

/// What comes next in the text, past the separators ([`Tokens::gap`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gap {
    /// A token starts.
    Token,
    /// The end of the line (only when asked to stop there).
    Newline,
    /// The end of the text.
    End,
    /// A field with no value (with commas as separators).
    EmptyField,
}

/// Where the text is between commas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Field {
    /// Nothing read yet.
    Start,
    /// A token ended the field.
    Value,
    /// A comma, with no token after it yet.
    Comma,
}

/// The tokens of a byte stream, read from any [`BufRead`] chunk by chunk
/// (never holding the whole text), separated by Unicode whitespace (and
/// commas, [`Tokens::with_commas`]), each with its line and its value.
pub struct Tokens<R> {
    reader: R,
    /// What a failed read names (`the board`, `the input`).
    source: &'static str,
    commas: bool,
    /// The line the unread text is on.
    line: usize,
    field: Field,
    /// A character that starts the next token, read by [`Tokens::gap`].
    first: Option<Char>,
}

impl<R: BufRead> Tokens<R> {
    /// The tokens of `reader`, separated by whitespace; a failed read is an
    /// error naming `source`.
    pub fn new(reader: R, source: &'static str) -> Self {
        Tokens {
            reader,
            source,
            commas: false,
            line: 1,
            field: Field::Start,
            first: None,
        }
    }

    /// Commas separate too, each ending a field that must hold a token.
    pub fn with_commas(mut self) -> Self {
        self.commas = true;
        self
    }

    /// The 1-based line the unread text is on.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The next token (`None` at the end of the text, or of the line if
    /// `stop_at_newline`); an empty field is a token with no text.
    pub fn next(&mut self, stop_at_newline: bool) -> Result<Option<Token>> {
        Ok(match self.gap(stop_at_newline)? {
            Gap::Token => Some(self.token()?),
            Gap::EmptyField => Some(Token {
                line: self.line,
                value: Err(NotValue::EmptyField),
                plus: false,
                utf8: true,
                bytes: Vec::new(),
            }),
            Gap::Newline | Gap::End => None,
        })
    }

    /// Passes the separators before the next token (not a newline, if
    /// `stop_at_newline`), counting lines, and says what comes; reads no
    /// byte past the token's first character.
    pub fn gap(&mut self, stop_at_newline: bool) -> Result<Gap> {
        if self.first.is_some() {
            return Ok(Gap::Token);
        }
        let source = self.source;
        loop {
            let buf = fill(&mut self.reader, source)?;
            if buf.is_empty() {
                if self.field == Field::Comma {
                    self.field = Field::Value;
                    return Ok(Gap::EmptyField);
                }
                return Ok(Gap::End);
            }
            let (mut i, mut found) = (0, None);
            while let Some(&b) = buf.get(i) {
                match b {
                    b'\n' if stop_at_newline => {
                        found = Some(Gap::Newline);
                        break;
                    }
                    b'\n' => self.line += 1,
                    b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {}
                    b',' if self.commas && self.field != Field::Value => {
                        found = Some(Gap::EmptyField);
                        break;
                    }
                    b',' if self.commas => self.field = Field::Comma,
                    0x80.. => break,
                    _ => {
                        found = Some(Gap::Token);
                        break;
                    }
                }
                i += 1;
            }
            let wide = found.is_none() && i < buf.len();
            self.reader.consume(i);
            if let Some(gap) = found {
                return Ok(gap);
            }
            if wide {
                let c = self.char()?;
                if !c.whitespace {
                    self.first = Some(c);
                    return Ok(Gap::Token);
                }
            }
        }
    }

    /// Passes the newline the text is at, if it is at one.
    pub fn pass_newline(&mut self) -> Result<()> {
        if self.first.is_none() && self.peek()? == Some(b'\n') {
            self.reader.consume(1);
            self.line += 1;
        }
        Ok(())
    }

    /// The token [`Tokens::gap`] found (its bytes up to the first
    /// separator; the separator is left unread unless it is not ASCII), or
    /// the error of one over [`MAX_TOKEN_BYTES`].
    pub(super) fn token(&mut self) -> Result<Token> {
        let (source, commas, line) = (self.source, self.commas, self.line);
        let mut scan = Scan::new(line);
        let mut size = 0;
        if let Some(c) = self.first.take() {
            size = c.len;
            scan.wide(&c);
        }
        loop {
            let buf = fill(&mut self.reader, source)?;
            let i = (buf.iter())
                .position(|&b| b >= 0x80 || is_separator(b, commas))
                .unwrap_or(buf.len());
            scan.ascii(&buf[..i]);
            size += i;
            let (stop, len) = (buf.get(i).copied(), buf.len());
            self.reader.consume(i);
            let end = match stop {
                None => len == 0,
                Some(0x80..) => {
                    let c = self.char()?;
                    if !c.whitespace {
                        size += c.len;
                        scan.wide(&c);
                    }
                    c.whitespace
                }
                Some(_) => true,
            };
            if size > MAX_TOKEN_BYTES {
                let max = MAX_TOKEN_BYTES;
                return Err(Error::new(ErrorKind::LongToken { source, line, max }));
            }
            if end {
                break;
            }
        }
        self.field = Field::Value;
        Ok(scan.finish())
    }

    /// The next byte, not consumed.
    fn peek(&mut self) -> Result<Option<u8>> {
        Ok(fill(&mut self.reader, self.source)?.first().copied())
    }

    /// Reads one character that does not start with an ASCII byte: a lead
    /// byte and the continuation bytes it calls for (fewer if another byte
    /// comes first, which is left unread), or a stray byte alone.
    fn char(&mut self) -> Result<Char> {
        let mut c = Char {
            bytes: [0; 4],
            len: 0,
            whitespace: false,
            utf8: false,
        };
        let need = match self.peek()? {
            Some(lead) => {
                c.bytes[0] = lead;
                match lead {
                    0xc2..=0xdf => 2,
                    0xe0..=0xef => 3,
                    0xf0..=0xf4 => 4,
                    _ => 1,
                }
            }
            None => return Ok(c),
        };
        self.reader.consume(1);
        c.len = 1;
        while c.len < need {
            match self.peek()? {
                Some(b) if b & 0xc0 == 0x80 => {
                    c.bytes[c.len] = b;
                    c.len += 1;
                    self.reader.consume(1);
                }
                _ => break,
            }
        }
        let decoded = std::str::from_utf8(&c.bytes[..c.len]).ok();
        c.utf8 = decoded.is_some();
        c.whitespace = decoded
            .and_then(|s| s.chars().next())
            .is_some_and(char::is_whitespace);
        Ok(c)
    }

    /// Hands the buffered chunks to `take` with the line and the field
    /// (which it keeps up to date), consuming the bytes it took, until it
    /// stops short of a chunk's end or the text ends: the board reader's
    /// fast path.
    pub(super) fn take_chunks(
        &mut self,
        mut take: impl FnMut(&[u8], &mut usize, &mut Field) -> Result<usize>,
    ) -> Result<()> {
        if self.first.is_some() {
            return Ok(());
        }
        loop {
            let buf = fill(&mut self.reader, self.source)?;
            let (len, taken) = (buf.len(), take(buf, &mut self.line, &mut self.field)?);
            self.reader.consume(taken);
            if taken < len || len == 0 {
                return Ok(());
            }
        }
    }
}

/// The bytes buffered, read if none are (none at the end); an interrupted
/// read is retried, another failure is an error naming `source`.
fn fill<'a>(reader: &'a mut impl BufRead, source: &str) -> Result<&'a [u8]> {
    loop {
        match reader.fill_buf() {
            Ok([]) => return Ok(&[]),
            Ok(_) => break,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(Error::read_failed(source, &e)),
        }
    }
    // Buffered bytes are handed out again without a read.
    reader
        .fill_buf()
        .map_err(|e| Error::read_failed(source, &e))
}

/// A character read whole by [`Tokens::char`] (or the bytes that stood for
/// one and were not UTF-8).
#[derive(Clone, Copy, Debug)]
struct Char {
    bytes: [u8; 4],
    len: usize,
    whitespace: bool,
    utf8: bool,
}

/// Where a token's scan is, as `i64::from_str` would see it after the
/// optional leading `+` of coinline's rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// No byte yet.
    Start,
    /// Read coinline's optional `+` only.
    Plus,
    /// Read the sign that `from_str` takes (`+` or `-`), no digit yet.
    Sign,
    /// Reading digits.
    Digits,
    /// Not a value, whatever follows.
    Bad,
}

/// A token being scanned: its value so far and its first bytes.
struct Scan {
    line: usize,
    phase: Phase,
    /// The sign (for `from_str`) was `-`.
    negative: bool,
    /// The sign (for `from_str`) was `+`: then a too-long number is "not an
    /// integer", as `from_str` words it.
    plus_sign: bool,
    /// A `+` was read (coinline's or `from_str`'s).
    plus: bool,
    /// The magnitude read so far (valid unless `overflow`).
    magnitude: u64,
    /// Digits read so far (leading zeros included): up to 18 of them cannot
    /// overflow `u64` arithmetic, so only longer numbers are checked.
    digits: u32,
    overflow: bool,
    utf8: bool,
    /// Its first [`KEEP`] bytes.
    bytes: Vec<u8>,
}

/// Bytes of a token kept for its error message: [`QUOTE_CHARS`] characters
/// of up to 4 bytes, and one more, which tells that the token was longer.
const KEEP: usize = (QUOTE_CHARS + 1) * 4;

impl Scan {
    fn new(line: usize) -> Self {
        Scan {
            line,
            phase: Phase::Start,
            negative: false,
            plus_sign: false,
            plus: false,
            magnitude: 0,
            digits: 0,
            overflow: false,
            utf8: true,
            bytes: Vec::new(),
        }
    }

    /// Keeps what fits of `bytes` for the message.
    fn keep(&mut self, bytes: &[u8]) {
        let room = KEEP.saturating_sub(self.bytes.len());
        self.bytes
            .extend_from_slice(&bytes[..room.min(bytes.len())]);
    }

    /// ASCII bytes of the token, none a separator.
    fn ascii(&mut self, bytes: &[u8]) {
        self.keep(bytes);
        for &b in bytes {
            self.phase = match (self.phase, b) {
                (Phase::Digits, b'0'..=b'9') => {
                    match next_magnitude(self.magnitude, self.digits, b - b'0') {
                        Some(m) => self.magnitude = m,
                        None => self.overflow = true,
                    }
                    self.digits = self.digits.saturating_add(1);
                    Phase::Digits
                }
                (Phase::Start | Phase::Plus | Phase::Sign, b'0'..=b'9') => {
                    self.magnitude = u64::from(b - b'0');
                    self.digits = 1;
                    Phase::Digits
                }
                (Phase::Start, b'+') => {
                    self.plus = true;
                    Phase::Plus
                }
                (Phase::Plus, b'+') => {
                    self.plus_sign = true;
                    Phase::Sign
                }
                (Phase::Start | Phase::Plus, b'-') => {
                    self.negative = true;
                    Phase::Sign
                }
                _ => Phase::Bad,
            };
        }
    }

    /// A character that is not ASCII (and no whitespace): never part of a
    /// value.
    fn wide(&mut self, c: &Char) {
        self.keep(&c.bytes[..c.len]);
        self.utf8 &= c.utf8;
        self.phase = Phase::Bad;
    }

    fn finish(self) -> Token {
        let limit = match self.negative {
            true => 1u64 << 63,
            false => i64::MAX as u64,
        };
        let digits = self.phase == Phase::Digits;
        let value = if digits && !self.overflow && self.magnitude <= limit {
            Ok(match self.negative {
                true => (self.magnitude as i64).wrapping_neg(),
                false => self.magnitude as i64,
            })
        } else if digits && !self.plus_sign {
            Err(NotValue::OutOfRange)
        } else {
            Err(NotValue::NotInteger)
        };
        Token {
            line: self.line,
            value,
            plus: self.plus,
            utf8: self.utf8,
            bytes: self.bytes,
        }
    }
}

/// `magnitude * 10 + digit`, or `None` beyond `u64`: a magnitude of fewer
/// than 18 digits cannot overflow, so the hot loop skips the checks there.
#[inline(always)]
fn next_magnitude(magnitude: u64, digits: u32, digit: u8) -> Option<u64> {
    if digits < 18 {
        Some(magnitude * 10 + u64::from(digit))
    } else {
        magnitude
            .checked_mul(10)
            .and_then(|m| m.checked_add(u64::from(digit)))
    }
}

/// Whether an ASCII byte separates tokens (a comma only if `commas`).
#[inline(always)]
pub(super) fn is_separator(b: u8, commas: bool) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c) || (commas && b == b',')
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A token as the tests see it: line, value, count, utf8, text.
    type Seen = (usize, Value, Value, bool, String);
    type Value = std::result::Result<i64, NotValue>;

    /// Every token of `text` without commas, read 1 to 5 bytes at a time
    /// (each way the same), as (line, value, count, utf8, text).
    fn tokens(text: &[u8]) -> Vec<Seen> {
        let read = |size: usize| {
            let mut tokens = Tokens::new(std::io::BufReader::with_capacity(size, text), "x");
            let mut all = Vec::new();
            while let Some(t) = tokens.next(false).unwrap() {
                all.push((t.line, t.value, t.count(), t.utf8, t.text()));
            }
            all
        };
        let whole = read(1 << 10);
        for size in 1..=5 {
            assert_eq!(read(size), whole, "{} by {size}", text.escape_ascii());
        }
        whole
    }

    #[test]
    fn tokens_carry_their_line_value_count_and_text() {
        use NotValue::*;
        let t = |line, value, count, utf8, text: &str| (line, value, count, utf8, text.to_string());
        assert_eq!(
            tokens(
                &[
                    "+5 -0\n\n 1,2 \u{a0}99999999999999999999\r\n2\u{1F600} ".as_bytes(),
                    b"\xff"
                ]
                .concat()
            ),
            [
                t(1, Ok(5), Err(NotInteger), true, "+5"),
                t(1, Ok(0), Ok(0), true, "-0"),
                t(3, Err(NotInteger), Err(NotInteger), true, "1,2"),
                t(
                    3,
                    Err(OutOfRange),
                    Err(OutOfRange),
                    true,
                    "99999999999999999999"
                ),
                t(4, Err(NotInteger), Err(NotInteger), true, "2\u{1F600}"),
                t(4, Err(NotInteger), Err(NotInteger), false, "\u{fffd}"),
            ]
        );
        let long = format!("{}x", "1".repeat(60));
        assert_eq!(
            tokens(long.as_bytes()),
            [t(
                1,
                Err(NotInteger),
                Err(NotInteger),
                true,
                &format!("{}...", "1".repeat(40))
            )]
        );
    }

    #[test]
    fn a_line_ends_the_tokens_asked_for_on_it_and_is_passed_once() {
        let mut tokens = Tokens::new(&b"1 2 \n\n3"[..], "x");
        let mut on_line = || tokens.next(true).unwrap().map(|t| (t.line, t.value));
        assert_eq!(on_line(), Some((1, Ok(1))));
        assert_eq!(on_line(), Some((1, Ok(2))));
        assert_eq!(on_line(), None);
        assert_eq!(tokens.gap(true).unwrap(), Gap::Newline);
        tokens.pass_newline().unwrap();
        assert_eq!(
            (tokens.line(), tokens.gap(true).unwrap()),
            (2, Gap::Newline)
        );
        tokens.pass_newline().unwrap();
        assert_eq!(tokens.gap(true).unwrap(), Gap::Token);
        assert_eq!(tokens.next(true).unwrap().map(|t| t.line), Some(3));
        assert_eq!(tokens.gap(false).unwrap(), Gap::End);
    }

    #[test]
    fn a_token_over_the_limit_is_refused_past_its_last_allowed_byte() {
        let first = |reader: &mut dyn BufRead| {
            let value = Tokens::new(reader, "x").next(false);
            value.map(|t| t.map(|t| t.value))
        };
        let long = Err(Error::new(ErrorKind::LongToken {
            source: "x",
            line: 2,
            max: MAX_TOKEN_BYTES,
        }));
        let zeros = |count| "\n".to_string() + &"0".repeat(count) + "7 8";
        for size in [1, 5, 1 << 13] {
            let read = |text: String| {
                first(&mut std::io::BufReader::with_capacity(
                    size,
                    text.as_bytes(),
                ))
            };
            assert_eq!(read(zeros(MAX_TOKEN_BYTES - 1)), Ok(Some(Ok(7))));
            assert_eq!(read(zeros(MAX_TOKEN_BYTES)), long);
            assert_eq!(
                read(format!("\n{}", "\u{e9}".repeat(MAX_TOKEN_BYTES / 2 + 1))),
                long
            );
        }
        // Endless: the read ends at the limit.
        let err = first(&mut std::io::BufReader::new(std::io::repeat(b'1'))).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::LongToken { line: 1, .. }));
    }

    #[test]
    fn with_commas_an_empty_field_is_a_token_with_no_text() {
        let mut tokens = Tokens::new(&b"1,"[..], "x").with_commas();
        assert_eq!(tokens.next(false).unwrap().map(|t| t.value), Some(Ok(1)));
        let empty = tokens.next(false).unwrap().unwrap();
        assert_eq!(
            (empty.value, empty.text()),
            (Err(NotValue::EmptyField), String::new())
        );
        assert_eq!(tokens.next(false).unwrap(), None);
    }
}

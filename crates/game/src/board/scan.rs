//! The board scanner: a streaming, byte-level tokenizer that reads values
//! chunk by chunk (never holding the whole text), with [`read_values`]'
//! rules, the sums the overflow rule needs, and errors that name the first
//! bad token and its position.

use crate::error::{Error, ErrorKind, Result};
use std::io::BufRead;

/// Characters of a bad token quoted in an error; a longer token is cut and
/// ends with `...`. The width of every quote in a message
/// ([`crate::error::QUOTED_CHARS`]).
pub const QUOTE_CHARS: usize = crate::error::QUOTED_CHARS;

/// Reads values from a byte stream, at most `max` of them, keeping only the
/// values (8 bytes each) and a token's first bytes, never the whole text.
///
/// The rules, which every board input of coinline follows (arguments,
/// `--board`, standard input, the `parse` fuzz target):
/// - values are separated by any mix of whitespace (Unicode `White_Space`)
///   and commas; a comma ends a field, and a field with no value (`1,,2`, a
///   comma first or last) is an error naming its position;
/// - a value is an optional `+` followed by what Rust's `i64::from_str`
///   accepts (an optional sign and decimal digits), so `+5`, `-0`, `007`
///   are values; anything else is an error naming the token (its first
///   [`QUOTE_CHARS`] characters) and its 1-based position, and a token of
///   digits beyond the 64-bit range says so;
/// - the first error in the input is the one reported; bytes that are not
///   UTF-8 make the token they are in bad;
/// - a board longer than `max` is refused when value `max + 1` starts.
///
/// The overflow rule is not checked here
/// ([`Board::new`](crate::board::Board::new) does).
pub fn read_values(reader: impl BufRead, max: usize) -> Result<Vec<i64>> {
    Ok(scan(reader, max)?.values)
}

/// Values read, with their sum (wrapping) and the sum of their absolute
/// values (exact), taken as they were read.
pub(super) struct Scanned {
    pub(super) values: Vec<i64>,
    pub(super) abs_total: u128,
    pub(super) sum: i64,
}

/// Reads `reader` to its end with [`read_values`]'s rules.
pub(super) fn scan(mut reader: impl BufRead, max: usize) -> Result<Scanned> {
    let mut scan = Scanner::new(max);
    loop {
        let chunk = match reader.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(Error::read_failed("the board", &e)),
        };
        if chunk.is_empty() {
            break;
        }
        let used = chunk.len();
        scan.chunk(chunk)?;
        reader.consume(used);
    }
    scan.finish()
}

/// Where the scanner is within a token, as `i64::from_str` would see it
/// after the optional leading `+` of coinline's rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Between tokens.
    Between,
    /// Read coinline's optional `+` only.
    Plus,
    /// Read the sign that `from_str` takes (`+` or `-`), no digit yet.
    Sign,
    /// Reading digits.
    Digits,
    /// Not a value, whatever follows.
    Bad,
}

/// The byte-level tokenizer of [`read_values`], fed chunk by chunk.
struct Scanner {
    values: Vec<i64>,
    /// The sum of the absolute values pushed (at most 2^63 * 2^64: no wrap).
    abs_total: u128,
    /// The sum of the values pushed, wrapping (exact when `abs_total` fits).
    sum: i64,
    max: usize,
    phase: Phase,
    /// The token's sign (for `from_str`) was `-`.
    negative: bool,
    /// The token's sign (for `from_str`) was `+`: then a too-long number is
    /// "not an integer", as `parse_value` words it.
    plus_sign: bool,
    /// The magnitude read so far (saturates; `overflow` says so).
    magnitude: u64,
    /// Digits read so far (leading zeros included): up to 18 of them cannot
    /// overflow `u64` arithmetic, so only longer numbers are checked.
    digits: u32,
    overflow: bool,
    /// The token's text before the current chunk (at most `KEEP` bytes).
    carry: Vec<u8>,
    /// Whether a comma was read with no value after it yet (or, at the start,
    /// whether the input has begun a field: see `comma`).
    field_empty: bool,
    /// A multi-byte UTF-8 character being read: its bytes, and how many it
    /// has in all.
    pending: [u8; 4],
    pending_len: usize,
    pending_need: usize,
    /// Whether the bytes of `pending` before this chunk are already in
    /// `carry` (the character started inside a token).
    pending_in_token: bool,
}

/// Bytes of a token kept for its error message: [`QUOTE_CHARS`] characters
/// of up to 4 bytes, and one more, which tells that the token was longer.
const KEEP: usize = (QUOTE_CHARS + 1) * 4;

impl Scanner {
    fn new(max: usize) -> Self {
        Scanner {
            values: Vec::new(),
            abs_total: 0,
            sum: 0,
            max,
            phase: Phase::Between,
            negative: false,
            plus_sign: false,
            magnitude: 0,
            digits: 0,
            overflow: false,
            carry: Vec::new(),
            field_empty: true,
            pending: [0; 4],
            pending_len: 0,
            pending_need: 0,
            pending_in_token: false,
        }
    }

    /// The text of the current token: `carry` and the chunk up to `end`.
    fn token_text(&self, chunk: &[u8], start: usize, end: usize) -> Vec<u8> {
        let mut text = self.carry.clone();
        let room = KEEP.saturating_sub(text.len());
        text.extend_from_slice(&chunk[start..end.min(start + room)]);
        text
    }

    /// Starts a token (its first byte is handled by the caller).
    #[inline(always)]
    fn begin(&mut self) -> Result<()> {
        if self.values.len() >= self.max {
            return Err(too_long(self.max));
        }
        self.negative = false;
        self.plus_sign = false;
        self.magnitude = 0;
        self.overflow = false;
        self.carry.clear();
        Ok(())
    }

    /// Ends the current token: pushes its value, or says what was expected
    /// instead (see [`Scanner::bad_token`]).
    #[inline(always)]
    fn end(&mut self) -> std::result::Result<(), &'static str> {
        let phase = std::mem::replace(&mut self.phase, Phase::Between);
        self.field_empty = false;
        let limit = if self.negative {
            1u64 << 63
        } else {
            i64::MAX as u64
        };
        if phase == Phase::Digits && !self.overflow && self.magnitude <= limit {
            let value = if self.negative {
                (self.magnitude as i64).wrapping_neg()
            } else {
                self.magnitude as i64
            };
            self.values.push(value);
            self.abs_total += u128::from(self.magnitude);
            self.sum = self.sum.wrapping_add(value);
            return Ok(());
        }
        let integral = phase == Phase::Digits && !self.plus_sign;
        Err(if integral {
            "an integer within the 64-bit range"
        } else {
            "an integer"
        })
    }

    /// The error for the bad token just ended, whose text is `text`.
    fn bad_token(&self, expected: &'static str, text: &[u8]) -> Error {
        Error::new(ErrorKind::BadToken {
            token: quote(text),
            position: self.values.len() + 1,
            expected,
        })
    }

    /// Ends the token whose bytes in `chunk` are `start..end`.
    #[inline(always)]
    fn end_in(&mut self, chunk: &[u8], start: usize, end: usize) -> Result<()> {
        self.end()
            .map_err(|expected| self.bad_token(expected, &self.token_text(chunk, start, end)))
    }

    fn chunk(&mut self, chunk: &[u8]) -> Result<()> {
        let mut i = 0;
        // Where the current token starts in this chunk (0 if it began in an
        // earlier chunk: its earlier bytes are in `carry`).
        let mut start = 0;
        while i < chunk.len() {
            let b = chunk[i];
            if self.pending_need > 0 || b >= 0x80 {
                i = self.multibyte(chunk, i, &mut start)?;
                continue;
            }
            match self.phase {
                Phase::Between => {
                    i = self.fast(chunk, i)?;
                    if i < chunk.len() && chunk[i].is_ascii() {
                        // A token the fast path does not take.
                        self.begin()?;
                        start = i;
                        self.first_byte(chunk[i]);
                        i += 1;
                    }
                }
                Phase::Digits => {
                    // The hot loop: digits of a value.
                    let mut magnitude = self.magnitude;
                    let mut digits = self.digits;
                    while i < chunk.len() {
                        let digit = chunk[i].wrapping_sub(b'0');
                        if digit > 9 {
                            break;
                        }
                        match next_magnitude(magnitude, digits, digit) {
                            Some(m) => magnitude = m,
                            None => self.overflow = true,
                        }
                        digits = digits.saturating_add(1);
                        i += 1;
                    }
                    self.magnitude = magnitude;
                    self.digits = digits;
                    if i < chunk.len() && chunk[i].is_ascii() {
                        let b = chunk[i];
                        if is_separator(b) {
                            self.end_in(chunk, start, i)?;
                            // The field held this token; a comma starts the
                            // next field, empty so far.
                            self.field_empty = b == b',';
                        } else {
                            self.phase = Phase::Bad;
                        }
                        i += 1;
                    }
                }
                _ => {
                    if is_separator(b) {
                        // A sign alone, or a bad token: never a value, so
                        // `end` refuses it and reading stops here.
                        let refused = self.end_in(chunk, start, i);
                        debug_assert!(refused.is_err(), "only digits make a value");
                        return refused;
                    }
                    self.next_byte(b);
                    i += 1;
                }
            }
        }
        // Keep the start of an unfinished token for its error message.
        if self.phase != Phase::Between {
            let room = KEEP.saturating_sub(self.carry.len());
            let end = chunk.len().min(start + room);
            self.carry.extend_from_slice(&chunk[start..end]);
        }
        Ok(())
    }

    /// The first byte of a token (ASCII, not a separator).
    #[inline(always)]
    fn first_byte(&mut self, b: u8) {
        self.phase = match b {
            b'+' => Phase::Plus,
            b'-' => {
                self.negative = true;
                Phase::Sign
            }
            b'0'..=b'9' => {
                self.magnitude = u64::from(b - b'0');
                self.digits = 1;
                Phase::Digits
            }
            _ => Phase::Bad,
        };
    }

    /// The fast path, from `chunk[i]` between tokens: ASCII separators and
    /// values of an optional `-` and 1 to 18 digits (no overflow possible)
    /// followed by a separator in this chunk, on local variables. Returns
    /// the index of the first byte it does not take (a token of another
    /// form, a non-ASCII byte, a value cut by the chunk's end, or the end).
    #[inline(always)]
    fn fast(&mut self, chunk: &[u8], mut i: usize) -> Result<usize> {
        let mut values = std::mem::take(&mut self.values);
        let (mut abs_total, mut sum) = (self.abs_total, self.sum);
        let mut field_empty = self.field_empty;
        let outcome = loop {
            let Some(&b) = chunk.get(i) else {
                break Ok(i);
            };
            match b {
                b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c => {
                    i += 1;
                    continue;
                }
                b',' => {
                    if field_empty {
                        break Err(empty_field(values.len() + 1));
                    }
                    field_empty = true;
                    i += 1;
                    continue;
                }
                _ => {}
            }
            let negative = b == b'-';
            let first = i + usize::from(negative);
            let (mut j, mut magnitude) = (first, 0u64);
            match chunk.get(first..).and_then(leading_digits) {
                Some((count, value)) => (j, magnitude) = (first + count, value),
                // Eight digits or more, or near the chunk's end: byte by byte.
                None => {
                    while j < chunk.len() && j - first < 19 {
                        let digit = chunk[j].wrapping_sub(b'0');
                        if digit > 9 {
                            break;
                        }
                        magnitude = magnitude * 10 + u64::from(digit);
                        j += 1;
                    }
                }
            }
            let count = j - first;
            if count == 0 || count > 18 || j >= chunk.len() || !is_separator(chunk[j]) {
                break Ok(i);
            }
            if values.len() >= self.max {
                break Err(too_long(self.max));
            }
            // At most 18 digits: no overflow, and -magnitude fits.
            let value = if negative {
                -(magnitude as i64)
            } else {
                magnitude as i64
            };
            values.push(value);
            abs_total += u128::from(magnitude);
            sum = sum.wrapping_add(value);
            field_empty = false;
            // The separator is taken on the next turn.
            i = j;
        };
        self.values = values;
        (self.abs_total, self.sum) = (abs_total, sum);
        self.field_empty = field_empty;
        outcome
    }

    /// A later byte of a token in a phase other than `Digits` (ASCII, not a
    /// separator).
    #[inline(always)]
    fn next_byte(&mut self, b: u8) {
        self.phase = match (self.phase, b) {
            (Phase::Plus, b'+') => {
                self.plus_sign = true;
                Phase::Sign
            }
            (Phase::Plus, b'-') => {
                self.negative = true;
                Phase::Sign
            }
            (Phase::Plus | Phase::Sign, b'0'..=b'9') => {
                self.magnitude = u64::from(b - b'0');
                self.digits = 1;
                Phase::Digits
            }
            _ => Phase::Bad,
        };
    }

    /// Handles byte `i`, part of a multi-byte UTF-8 character (or a pending
    /// one interrupted); returns the next byte to look at.
    fn multibyte(&mut self, chunk: &[u8], i: usize, start: &mut usize) -> Result<usize> {
        let b = chunk[i];
        if self.pending_need == 0 {
            // A lead byte (or a stray byte that is not one).
            self.pending[0] = b;
            self.pending_len = 1;
            self.pending_need = match b {
                0xc2..=0xdf => 2,
                0xe0..=0xef => 3,
                0xf0..=0xf4 => 4,
                _ => 1,
            };
            self.pending_in_token = self.phase != Phase::Between;
            if self.pending_need == 1 {
                self.pending_need = 0;
                self.character(chunk, i + 1, false, start)?;
            }
            return Ok(i + 1);
        }
        // A continuation byte of the pending character. (While a character
        // is pending, `pending_len < pending_need`: it is complete, and no
        // longer pending, as soon as they are equal.)
        if b & 0xc0 == 0x80 {
            self.pending[self.pending_len] = b;
            self.pending_len += 1;
            if self.pending_len == self.pending_need {
                self.pending_need = 0;
                let whitespace = std::str::from_utf8(&self.pending[..self.pending_len])
                    .ok()
                    .and_then(|s| s.chars().next())
                    .is_some_and(char::is_whitespace);
                self.character(chunk, i + 1, whitespace, start)?;
            }
            return Ok(i + 1);
        }
        // The character was cut short: it is no whitespace; then look at
        // this byte afresh.
        self.pending_need = 0;
        self.character(chunk, i, false, start)?;
        Ok(i)
    }

    /// A whole non-ASCII character (or a bad byte sequence) ending just
    /// before `end` in `chunk`; its bytes are in `pending`.
    fn character(
        &mut self,
        chunk: &[u8],
        end: usize,
        whitespace: bool,
        start: &mut usize,
    ) -> Result<()> {
        let len = self.pending_len;
        // How many of its bytes are in this chunk.
        let here = len.min(end);
        match (self.phase, whitespace) {
            (Phase::Between, true) => {}
            (Phase::Between, false) => {
                self.begin()?;
                self.carry.extend_from_slice(&self.pending[..len]);
                *start = end;
                self.phase = Phase::Bad;
            }
            (_, true) => {
                // Ends the token just before the character.
                let mut text = self.carry.clone();
                if self.pending_in_token {
                    // Bytes of the character before this chunk went to carry.
                    let before = len - here;
                    text.truncate(text.len().saturating_sub(before));
                }
                let token_end = end - here;
                let from = (*start).min(token_end);
                text.extend_from_slice(&chunk[from..token_end]);
                self.end()
                    .map_err(|expected| self.bad_token(expected, &text))?;
            }
            (_, false) => self.phase = Phase::Bad,
        }
        Ok(())
    }

    fn finish(mut self) -> Result<Scanned> {
        if self.pending_need > 0 {
            self.pending_need = 0;
            let mut start = 0;
            self.character(&[], 0, false, &mut start)?;
        }
        if self.phase != Phase::Between {
            self.end()
                .map_err(|expected| self.bad_token(expected, &self.carry))?;
        } else if self.field_empty && !self.values.is_empty() {
            // The input ends with a comma.
            return Err(empty_field(self.values.len() + 1));
        }
        Ok(Scanned {
            values: self.values,
            abs_total: self.abs_total,
            sum: self.sum,
        })
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

/// The decimal digits that `bytes` starts with, when fewer than eight: how
/// many, and their value. Its first eight bytes are tested and converted at
/// once as one 64-bit word (most values of a board are short); `None` when
/// all eight are digits or `bytes` holds fewer than eight.
#[inline(always)]
fn leading_digits(bytes: &[u8]) -> Option<(usize, u64)> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let word = u64::from_le_bytes(bytes.get(..8)?.try_into().ok()?);
    // A digit becomes its value (0..=9); every other byte becomes 10 or more.
    let digits = word ^ (ONES * 0x30);
    // The high bit of each byte above 9 (adding 0x76 to the low seven bits
    // cannot carry into the next byte).
    let above_nine = (((digits & (ONES * 0x7f)) + ONES * 0x76) | digits) & (ONES * 0x80);
    if above_nine == 0 {
        return None;
    }
    let count = (above_nine.trailing_zeros() / 8) as usize;
    if count == 0 {
        return Some((0, 0));
    }
    // The digits moved to the top bytes (the first, most significant, in the
    // lowest of them), zeros before them; then pairs, fours, and eight.
    let d = digits << (8 * (8 - count));
    let pairs = d * 10 + (d >> 8);
    let mask = 0x0000_00ff_0000_00ff;
    let value = ((pairs & mask).wrapping_mul(100 + (1_000_000 << 32)))
        .wrapping_add(((pairs >> 16) & mask).wrapping_mul(1 + (10_000 << 32)))
        >> 32;
    Some((count, value))
}

/// Whether an ASCII byte separates values.
#[inline(always)]
fn is_separator(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c | b',')
}

fn too_long(max: usize) -> Error {
    Error::input(format!(
        "the board has more than {max} values, the most coinline reads"
    ))
}

fn empty_field(position: usize) -> Error {
    Error::new(ErrorKind::BadToken {
        token: String::new(),
        position,
        expected: "an integer (nothing between two commas, or a comma first or last)",
    })
}

/// A token for an error message: at most [`QUOTE_CHARS`] characters, then
/// `...` if it was longer.
fn quote(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    match text.char_indices().nth(QUOTE_CHARS) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.into_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, MAX_BOARD_LEN};

    #[test]
    fn bad_tokens_are_named_with_their_position() {
        let err = Board::parse("1 2 x3").unwrap_err();
        assert_eq!(err.to_string(), "token 3 \"x3\" is not an integer");
        let err = Board::parse("1 99999999999999999999").unwrap_err();
        assert!(err.to_string().contains("64-bit range"), "{err}");
        assert!(Board::parse("1.5").is_err());
        assert!(Board::parse("--1").is_err());
    }

    /// Reads `text` through a reader that hands out `size` bytes at a time,
    /// so tokens and characters straddle chunks.
    fn read_in_chunks(text: &[u8], size: usize) -> Result<Vec<i64>> {
        let reader = std::io::BufReader::with_capacity(size, text);
        read_values(reader, MAX_BOARD_LEN)
    }

    #[test]
    fn leading_digits_match_a_byte_by_byte_reading() {
        let samples: [&[u8; 8]; 9] = [
            b"12345678",
            b"1234567 ",
            b"0000001,",
            b"9999999\n",
            b"9 ------",
            b" 1234567",
            b"98/76543",
            b"5:000000",
            b"31\xff45678",
        ];
        for bytes in samples {
            let count = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
            let value = bytes[..count]
                .iter()
                .fold(0u64, |m, b| m * 10 + u64::from(b - b'0'));
            let expected = (count < 8).then_some((count, value));
            assert_eq!(leading_digits(bytes), expected, "{bytes:?}");
        }
        // Every byte after a digit, so every byte is tested as a non-digit.
        for b in 0..=255u8 {
            let bytes = [b'4', b'2', b, b'7', b' ', b' ', b' ', b' '];
            let expected = if b.is_ascii_digit() {
                (4, 4200 + u64::from(b - b'0') * 10 + 7)
            } else {
                (2, 42)
            };
            assert_eq!(leading_digits(&bytes), Some(expected), "byte {b}");
        }
        assert_eq!(leading_digits(b"123"), None);
        assert_eq!(leading_digits(b"12 4567890"), Some((2, 12)));
    }

    #[test]
    fn chunked_reading_matches_whole_reading() {
        let texts: [&[u8]; 14] = [
            b"8 15 3 7",
            b" 8,15\n3 \t7, -2 +4 ",
            b"+5 -0 007 ++5 +-5",
            b"9223372036854775807 -9223372036854775808 00000000000000000000000042",
            b"9223372036854775808",
            b"-9223372036854775809",
            b"++99999999999999999999",
            b"1 -+5",
            "1\u{a0}2\u{3000}3\u{85}4".as_bytes(),
            "1 2\u{e9}3 4".as_bytes(),
            b"1 \xff 2",
            b"1 \xe3\x80 2",
            b"1,2,,3",
            b"1,2,",
        ];
        for text in texts {
            let whole = read_in_chunks(text, 1 << 16);
            for size in 1..8 {
                assert_eq!(
                    read_in_chunks(text, size),
                    whole,
                    "{:?}",
                    text.escape_ascii().to_string()
                );
            }
        }
        assert_eq!(
            read_in_chunks("1\u{a0}2\u{3000}3\u{85}4".as_bytes(), 3),
            Ok(vec![1, 2, 3, 4])
        );
        assert_eq!(
            read_in_chunks(b"+5 -0 007 ++5 +-5", 2),
            Ok(vec![5, 0, 7, 5, -5])
        );
        assert_eq!(
            read_in_chunks(b"-9223372036854775808 00000000000000000000000042", 5),
            Ok(vec![i64::MIN, 42])
        );
    }

    #[test]
    fn errors_name_the_first_bad_token_or_empty_field() {
        let err = |text: &str| Board::parse(text).unwrap_err().to_string();
        assert_eq!(
            err("1,2,,3"),
            "token 3 \"\" is not an integer (nothing between two commas, or a comma first or last)"
        );
        assert!(err(",1").starts_with("token 1 \"\""));
        assert!(err("1 2,").starts_with("token 3 \"\""));
        assert!(err("1 2 x 3,,").starts_with("token 3 \"x\""));
        assert!(err("9223372036854775808").contains("64-bit range"));
        assert!(err("-9223372036854775809").contains("64-bit range"));
        assert_eq!(
            err("++99999999999999999999"),
            "token 1 \"++99999999999999999999\" is not an integer"
        );
        assert_eq!(err("1 2\u{e9}3"), "token 2 \"2\u{e9}3\" is not an integer");
        let long = format!("1 {}x", "7".repeat(100));
        assert_eq!(
            err(&long),
            format!("token 2 \"{}...\" is not an integer", "7".repeat(40))
        );
        // Not UTF-8: the bad byte makes its token bad.
        let e = Board::read(&b"1 2\xff 3"[..]).unwrap_err().to_string();
        assert_eq!(e, "token 2 \"2\u{fffd}\" is not an integer");
        // Bad tokens come before the overflow rule, as found in order.
        assert!(err("9223372036854775807 1 x").starts_with("token 3"));
        assert!(err("9223372036854775807 1").contains("does not fit"));
    }

    #[test]
    fn a_board_over_the_maximum_is_refused_before_the_rest_is_read() {
        // A reader that fails if read past the first few values.
        struct Endless(usize);
        impl std::io::Read for Endless {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                self.0 += 1;
                assert!(self.0 < 100, "read on after the limit");
                let n = buf.len().min(4);
                buf[..n].copy_from_slice(&b"1 2 "[..n]);
                Ok(n)
            }
        }
        let reader = std::io::BufReader::with_capacity(4, Endless(0));
        let err = read_values(reader, 10).unwrap_err().to_string();
        assert_eq!(
            err,
            "the board has more than 10 values, the most coinline reads"
        );
        assert_eq!(read_values(&b"1 2 3"[..], 3), Ok(vec![1, 2, 3]));
    }

    /// Values read, or the error's message.
    type Outcome = std::result::Result<Vec<i64>, String>;

    /// Reads `text` whole and in chunks of 1 to 8 bytes, checks that every
    /// way gives the same outcome, and returns it.
    fn read_every_way(text: &[u8], max: usize) -> Outcome {
        let whole = read_values(text, max).map_err(|e| e.to_string());
        for size in 1..=8 {
            let reader = std::io::BufReader::with_capacity(size, text);
            let chunked = read_values(reader, max).map_err(|e| e.to_string());
            assert_eq!(
                chunked,
                whole,
                "{} in chunks of {size}",
                text.escape_ascii()
            );
        }
        whole
    }

    #[test]
    fn every_input_form_reads_to_exact_values_or_an_exact_error() {
        let bad = |position: usize, token: &str, expected: &str| {
            Err(format!("token {position} {token:?} is not {expected}"))
        };
        let not_integer = "an integer";
        let range = "an integer within the 64-bit range";
        let empty = "an integer (nothing between two commas, or a comma first or last)";
        let long_digits = format!("{}x", "7".repeat(100));
        let long_smiles = "\u{1F600}".repeat(50);
        let cases: Vec<(Vec<u8>, Outcome)> = vec![
            (b"".to_vec(), Ok(vec![])),
            (b" \n\t\r ".to_vec(), Ok(vec![])),
            (b"8 15 3 7".to_vec(), Ok(vec![8, 15, 3, 7])),
            (
                b" 8,15\n3 \t7, -2 +4 ".to_vec(),
                Ok(vec![8, 15, 3, 7, -2, 4]),
            ),
            (b"1\x0b2\x0c3\r\n".to_vec(), Ok(vec![1, 2, 3])),
            (b"1 , 2,\n3".to_vec(), Ok(vec![1, 2, 3])),
            (b"+5 -0 007 ++5 +-5".to_vec(), Ok(vec![5, 0, 7, 5, -5])),
            // 18 digits (the fast path) and 19 (the checked path).
            (
                b"123456789012345678 -123456789012345678".to_vec(),
                Ok(vec![123_456_789_012_345_678, -123_456_789_012_345_678]),
            ),
            (
                b"1234567890123456789 -1234567890123456789".to_vec(),
                Ok(vec![1_234_567_890_123_456_789, -1_234_567_890_123_456_789]),
            ),
            (
                b"9223372036854775807 -9223372036854775808 00000000000000000000000042".to_vec(),
                Ok(vec![i64::MAX, i64::MIN, 42]),
            ),
            (b"+9223372036854775807".to_vec(), Ok(vec![i64::MAX])),
            (
                b"9223372036854775808".to_vec(),
                bad(1, "9223372036854775808", range),
            ),
            (
                b"1 -9223372036854775809".to_vec(),
                bad(2, "-9223372036854775809", range),
            ),
            // 2^64: beyond u64 as well.
            (
                b"18446744073709551616".to_vec(),
                bad(1, "18446744073709551616", range),
            ),
            (
                b"+99999999999999999999".to_vec(),
                bad(1, "+99999999999999999999", range),
            ),
            (
                b"++99999999999999999999".to_vec(),
                bad(1, "++99999999999999999999", not_integer),
            ),
            (b"-".to_vec(), bad(1, "-", not_integer)),
            (b"1 +".to_vec(), bad(2, "+", not_integer)),
            (b"1 -+5".to_vec(), bad(2, "-+5", not_integer)),
            (b"12a 4".to_vec(), bad(1, "12a", not_integer)),
            (b"1-2".to_vec(), bad(1, "1-2", not_integer)),
            (b"1 2 x3".to_vec(), bad(3, "x3", not_integer)),
            (b"1,2,,3".to_vec(), bad(3, "", empty)),
            (b"1,2,".to_vec(), bad(3, "", empty)),
            (b",1".to_vec(), bad(1, "", empty)),
            (b"1 ,, 2".to_vec(), bad(2, "", empty)),
            // The same after tokens the fast path leaves to the byte scanner
            // (a sign, 19 digits).
            (b"+5 ,1".to_vec(), Ok(vec![5, 1])),
            (b"+5,,1".to_vec(), bad(2, "", empty)),
            (
                b"1234567890123456789 ,1".to_vec(),
                Ok(vec![1_234_567_890_123_456_789, 1]),
            ),
            (b"1234567890123456789,,1".to_vec(), bad(2, "", empty)),
            // Unicode whitespace separates, also inside what was a number.
            (
                "1\u{a0}2\u{3000}3\u{85}4".as_bytes().to_vec(),
                Ok(vec![1, 2, 3, 4]),
            ),
            ("12\u{3000}34".as_bytes().to_vec(), Ok(vec![12, 34])),
            ("x\u{3000}1".as_bytes().to_vec(), bad(1, "x", not_integer)),
            (
                "1\u{3000}2\u{3000}y".as_bytes().to_vec(),
                bad(3, "y", not_integer),
            ),
            (
                "1 2\u{e9}3 4".as_bytes().to_vec(),
                bad(2, "2\u{e9}3", not_integer),
            ),
            (
                "1 \u{1F600} 2".as_bytes().to_vec(),
                bad(2, "\u{1F600}", not_integer),
            ),
            // Not UTF-8: a stray byte, a character cut short (mid-input and
            // at the end), and bytes that never start a character.
            (b"1 \xff 2".to_vec(), bad(2, "\u{fffd}", not_integer)),
            (b"1 \xe3\x80 2".to_vec(), bad(2, "\u{fffd}", not_integer)),
            (b"1 \xe3\x80".to_vec(), bad(2, "\u{fffd}", not_integer)),
            (b"1 2\xe3\x80".to_vec(), bad(2, "2\u{fffd}", not_integer)),
            (b"1 2\xff".to_vec(), bad(2, "2\u{fffd}", not_integer)),
            (
                b"1 \xc0\x80 2".to_vec(),
                bad(2, "\u{fffd}\u{fffd}", not_integer),
            ),
            // Long tokens are quoted by their first 40 characters.
            (
                long_digits.as_bytes().to_vec(),
                bad(1, &format!("{}...", "7".repeat(40)), not_integer),
            ),
            (
                format!("1 {long_smiles}").into_bytes(),
                bad(2, &format!("{}...", "\u{1F600}".repeat(40)), not_integer),
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(
                read_every_way(&text, MAX_BOARD_LEN),
                expected,
                "{}",
                text.escape_ascii()
            );
        }
    }

    #[test]
    fn the_fast_path_takes_plain_values_and_stops_where_its_contract_says() {
        // (text, the index `fast` stops at, the values it took). It takes
        // separators and values of an optional `-` and 1 to 18 digits
        // followed by a separator; it leaves anything else to the scanner.
        let cases: [(&[u8], usize, &[i64]); 11] = [
            (b"12 -34,5\t", 9, &[12, -34, 5]),
            (b"1 +6 ", 2, &[1]),
            (b"1 123456789012345678 7", 21, &[1, 123_456_789_012_345_678]),
            (b"-123456789012345678 ", 20, &[-123_456_789_012_345_678]),
            (b"1 1234567890123456789 ", 2, &[1]),
            (b"1 12a ", 2, &[1]),
            (b"1 -", 2, &[1]),
            (b"1 - 2", 2, &[1]),
            ("1 \u{a0}2".as_bytes(), 2, &[1]),
            (b" \n", 2, &[]),
            (b"", 0, &[]),
        ];
        for (text, stop, values) in cases {
            let mut scan = Scanner::new(MAX_BOARD_LEN);
            let what = text.escape_ascii().to_string();
            assert_eq!(scan.fast(text, 0), Ok(stop), "{what}");
            assert_eq!(scan.values, values, "{what}");
        }
        let mut scan = Scanner::new(10);
        assert_eq!(scan.fast(b"xx 7 8 ", 2), Ok(7));
        assert_eq!(scan.values, [7, 8]);
        assert!(!scan.field_empty);
        assert_eq!(scan.fast(b"9,", 0), Ok(2));
        assert_eq!(
            (scan.values.as_slice(), scan.field_empty),
            (&[7, 8, 9][..], true)
        );
        let mut full = Scanner::new(2);
        assert_eq!(
            full.fast(b"1 2 3 ", 0).map_err(|e| e.to_string()),
            Err("the board has more than 2 values, the most coinline reads".to_string())
        );
        assert_eq!(full.values, [1, 2]);
        assert_eq!(
            Scanner::new(10)
                .fast(b"1,,2 ", 0)
                .map_err(|e| e.to_string()),
            Err(
                "token 2 \"\" is not an integer (nothing between two commas, or a comma \
                 first or last)"
                    .to_string()
            )
        );
    }

    #[test]
    fn the_length_limit_holds_at_its_boundary_on_every_path() {
        let too_long = |max: usize| {
            Err(format!(
                "the board has more than {max} values, the most coinline reads"
            ))
        };
        assert_eq!(read_every_way(b"", 0), Ok(vec![]));
        assert_eq!(read_every_way(b"5", 0), too_long(0));
        assert_eq!(read_every_way(b"1 2 3", 3), Ok(vec![1, 2, 3]));
        assert_eq!(read_every_way(b"1 2 3 ", 3), Ok(vec![1, 2, 3]));
        // The fourth value by the fast path, the sign path and a non-ASCII
        // token: refused as it starts, before it is read.
        assert_eq!(read_every_way(b"1 2 3 4", 3), too_long(3));
        assert_eq!(read_every_way(b"+1 +2 +3 +4", 3), too_long(3));
        assert_eq!(read_every_way(b"1 2 3 \xff", 3), too_long(3));
    }

    #[test]
    fn read_errors_are_reported_and_interruptions_retried() {
        /// Fails once with `kind`, then reads `text`.
        struct Flaky(Option<std::io::ErrorKind>, &'static [u8]);
        impl std::io::Read for Flaky {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                if let Some(kind) = self.0.take() {
                    return Err(std::io::Error::new(kind, "flaky"));
                }
                std::io::Read::read(&mut self.1, buf)
            }
        }
        let read = |kind| read_values(std::io::BufReader::new(Flaky(Some(kind), b"4 5")), 10);
        assert_eq!(read(std::io::ErrorKind::Interrupted), Ok(vec![4, 5]));
        let failed = read(std::io::ErrorKind::Other).unwrap_err();
        assert_eq!(failed.to_string(), "cannot read the board: flaky");
        // The kind says what happened, and the OS error is the source.
        assert!(matches!(
            failed.kind(),
            crate::error::ErrorKind::Io {
                action: crate::error::IoAction::Read,
                ..
            }
        ));
        let source = std::error::Error::source(&failed).expect("an I/O error has a source");
        assert_eq!(source.to_string(), "flaky");
    }
}

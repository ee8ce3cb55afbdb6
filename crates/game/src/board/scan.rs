//! The board scanner: a streaming, byte-level tokenizer that reads values
//! chunk by chunk (never holding the whole text), with [`read_values`]'
//! rules, the sums the overflow rule needs, and errors that name the first
//! bad token and its position.
//!
//! The tokens are [`Tokens`]' (with commas); plain values take a fast path
//! over its buffered chunks ([`fast`]).

use super::tokens::{is_separator, Field, Gap, NotValue, Tokens};
use crate::error::{Error, ErrorKind, Result};
use std::io::BufRead;

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
///   [`QUOTE_CHARS`](super::QUOTE_CHARS) characters) and its 1-based
///   position, and a token of digits beyond the 64-bit range says so;
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
#[derive(Default)]
pub(super) struct Scanned {
    pub(super) values: Vec<i64>,
    pub(super) abs_total: u128,
    pub(super) sum: i64,
}

/// Reads `reader` to its end with [`read_values`]'s rules: the plain values
/// on the fast path, every other token through [`Tokens`].
pub(super) fn scan(reader: impl BufRead, max: usize) -> Result<Scanned> {
    let mut tokens = Tokens::new(reader, "the board").with_commas();
    let mut out = Scanned::default();
    loop {
        tokens.take_chunks(|chunk, line, field| fast(chunk, line, field, &mut out, max))?;
        let position = out.values.len() + 1;
        match tokens.gap(false)? {
            Gap::End | Gap::Newline => return Ok(out),
            Gap::EmptyField => return Err(bad_token(position, "", NotValue::EmptyField)),
            Gap::Token if position > max => return Err(too_long(max)),
            Gap::Token => {
                let token = tokens.token()?;
                match token.value {
                    Ok(value) => {
                        out.values.push(value);
                        out.abs_total += u128::from(value.unsigned_abs());
                        out.sum = out.sum.wrapping_add(value);
                    }
                    Err(why) => return Err(bad_token(position, &token.text(), why)),
                }
            }
        }
    }
}

/// The fast path, over one chunk from its start: ASCII separators and
/// values of an optional `-` and 1 to 18 digits (no overflow possible)
/// followed by a separator in this chunk, on local variables. Returns the
/// index of the first byte it does not take (a token of another form, a
/// comma that leaves a field empty, a non-ASCII byte, a value cut by the
/// chunk's end, or the end).
#[inline(always)]
fn fast(
    chunk: &[u8],
    line: &mut usize,
    field: &mut Field,
    out: &mut Scanned,
    max: usize,
) -> Result<usize> {
    let mut values = std::mem::take(&mut out.values);
    let (mut abs_total, mut sum) = (out.abs_total, out.sum);
    let (mut lines, mut at) = (*line, *field);
    let mut i = 0;
    let outcome = loop {
        let Some(&b) = chunk.get(i) else {
            break Ok(i);
        };
        match b {
            b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {
                i += 1;
                continue;
            }
            b'\n' => {
                lines += 1;
                i += 1;
                continue;
            }
            b',' if at != Field::Value => break Ok(i),
            b',' => {
                at = Field::Comma;
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
        if count == 0 || count > 18 || j >= chunk.len() || !is_separator(chunk[j], true) {
            break Ok(i);
        }
        if values.len() >= max {
            break Err(too_long(max));
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
        at = Field::Value;
        // The separator is taken on the next turn.
        i = j;
    };
    out.values = values;
    (out.abs_total, out.sum) = (abs_total, sum);
    (*line, *field) = (lines, at);
    outcome
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

fn too_long(max: usize) -> Error {
    Error::new(ErrorKind::TooManyValues { max })
}

/// The board's error for its token number `position`, `token` (as
/// [`Token::text`] gives it), which is not a value for `why`.
fn bad_token(position: usize, token: &str, why: NotValue) -> Error {
    Error::new(ErrorKind::BadToken {
        token: token.to_string(),
        position,
        expected: why.expected(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, MAX_BOARD_LEN};

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
            (b"1.5".to_vec(), bad(1, "1.5", not_integer)),
            (b"--1".to_vec(), bad(1, "--1", not_integer)),
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
        // The fast path over `chunk` into `out` (at most `max` values):
        // where it stops, or its error, with the line and field after it.
        let run = |chunk: &[u8], out: &mut Scanned, max: usize| {
            let (mut line, mut field) = (1, Field::Start);
            let stop = fast(chunk, &mut line, &mut field, out, max).map_err(|e| e.to_string());
            (stop, line, field)
        };
        for (text, stop, values) in cases {
            let mut out = Scanned::default();
            let what = text.escape_ascii().to_string();
            assert_eq!(run(text, &mut out, MAX_BOARD_LEN).0, Ok(stop), "{what}");
            assert_eq!(out.values, values, "{what}");
        }
        let mut out = Scanned::default();
        assert_eq!(run(b"7\n8 \n", &mut out, 10), (Ok(5), 3, Field::Value));
        assert_eq!(run(b"9,", &mut out, 10), (Ok(2), 1, Field::Comma));
        assert_eq!(out.values, [7, 8, 9]);
        assert_eq!((out.sum, out.abs_total), (24, 24));
        let mut full = Scanned::default();
        assert_eq!(
            run(b"1 2 3 ", &mut full, 2).0,
            Err("the board has more than 2 values, the most coinline reads".to_string())
        );
        assert_eq!(full.values, [1, 2]);
        // An empty field is left to the tokenizer, which names it.
        assert_eq!(run(b"1,,2 ", &mut Scanned::default(), 10).0, Ok(2));
        assert_eq!(
            run(b",1 ", &mut Scanned::default(), 10),
            (Ok(0), 1, Field::Start)
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

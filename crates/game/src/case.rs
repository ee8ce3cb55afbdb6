//! A case: a game and a board, with two stable encodings.
//!
//! - Text, one line: `coins: 8 15 3 7` (`coins: -` is the empty board).
//!   This is what failure messages print and what people paste.
//! - Bytes, the fuzz input layout, read by a hand-written
//!   decoder (also `arbitrary::Arbitrary` with the `arbitrary` feature) that uses only raw bytes, so the layout
//!   is the project's own and does not change with the `arbitrary` crate's
//!   version. [`Case::to_bytes`] writes the exact inverse, which is how
//!   failures found by `compare` become corpus files.
//!
//! Byte layout: the game, then the values. A game byte g with g % 8 < 6 is
//! the alias `Game::ALL[g % 8]`; g % 8 = 6 is followed by a compact rule set
//! (4 bytes: ends, take, delete, flags; a count byte c allows counts 1..=5
//! by its bits 0..4 and, if bit 5 is set, every count from 1 + (c >> 6)
//! on); g % 8 = 7 by a full one (ends, take mask u64 and tail start u8,
//! delete mask u64 and tail start u8, flags). Ends byte % 3: both, left,
//! right. Flags: bit 0 score=rest, bit 1 circle, bit 2 wide counts: then
//! the take and then the delete are followed by a u32 tail start (0: none;
//! it replaces the u8 one), a byte r (mod 5) and r runs `lo..=hi` of two
//! u32 each, which join the mask's counts (a set the rules cannot hold is
//! the mask's alone); bit 3 `take=a..Km`, then a byte, K = 1 + byte % 8
//! (after the wide counts, if any); bit 4 `putback`; a memory the other
//! rules do not allow is left out. A take decoded empty is `take=1`. Then each value is a tag byte followed by its payload:
//! tags 0..=191 are the value `tag - 96` itself (-96..=95), 192..=223 an
//! `i16`, 224..=247 an `i32`, 248..=255 an `i64`, payloads little-endian.
//! Decoding stops at the end of the input, at a truncated payload or at the
//! length cap the caller chooses.

use crate::board::Board;
use crate::error::{Error, ErrorKind, Result};
use crate::rules::{Counts, Ends, Game, Memory, Score, HIGH_RUNS, MASK_COUNTS};
use std::fmt;
use std::str::FromStr;

/// A game and a board.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Case {
    /// The game.
    pub game: Game,
    /// The board.
    pub board: Board,
}

/// Values decoded from bytes but not yet validated: the fuzz targets also
/// want to see boards the overflow rule refuses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawCase {
    /// The game.
    pub game: Game,
    /// The values, possibly breaking the overflow rule.
    pub values: Vec<i64>,
}

impl RawCase {
    /// Decodes at most `max_len` values from `u` (see the module docs).
    pub fn decode(u: &mut &[u8], max_len: usize) -> RawCase {
        let game = decode_game(u);
        let mut values = Vec::new();
        while values.len() < max_len {
            let Some(&[tag]) = take(u, 1) else { break };
            let payload = match tag {
                0..=191 => Some(i64::from(tag) - 96),
                192..=223 => read::<2>(u).map(|b| i64::from(i16::from_le_bytes(b))),
                224..=247 => read::<4>(u).map(|b| i64::from(i32::from_le_bytes(b))),
                _ => read::<8>(u).map(i64::from_le_bytes),
            };
            match payload {
                Some(v) => values.push(v),
                None => break,
            }
        }
        RawCase { game, values }
    }

    /// Decodes a whole byte string (as `arbitrary_take_rest` would).
    pub fn from_bytes(bytes: &[u8], max_len: usize) -> RawCase {
        RawCase::decode(&mut &bytes[..], max_len)
    }

    /// Validates the values into a [`Case`].
    pub fn validate(self) -> Result<Case> {
        Ok(Case {
            game: self.game,
            board: Board::new(self.values)?,
        })
    }
}

/// The game at the head of `u` (see the module documentation).
fn decode_game(u: &mut &[u8]) -> Game {
    let mut byte = || take(u, 1).map_or(0, |b| b[0]);
    let tag = usize::from(byte() % 8);
    if tag < Game::ALL.len() {
        return Game::ALL[tag];
    }
    let ends = [Ends::Both, Ends::Left, Ends::Right][usize::from(byte() % 3)];
    let (take, delete) = if tag == 6 {
        (compact_counts(byte()), compact_counts(byte()))
    } else {
        let mut full = || {
            let mask = (0..8).fold(0u64, |m, i| m | (u64::from(byte()) << (8 * i)));
            Counts::from_parts(mask, usize::from(byte()))
        };
        (full(), full())
    };
    let flags = byte();
    // Flag bit 2: the counts in full, counts above 63 and long tails too.
    let (take, delete) = if flags & 4 != 0 {
        (wide_counts(u, take), wide_counts(u, delete))
    } else {
        (take, delete)
    };
    Game {
        ends,
        take: if take.is_empty() {
            Counts::exactly(1)
        } else {
            take
        },
        delete,
        score: if flags & 1 == 1 {
            Score::Rest
        } else {
            Score::Taken
        },
        circle: flags & 2 == 2,
        memory: Memory::None,
    }
    .with_memory(flags, u)
}

/// The counts of the mask of `narrow` (counts up to 63), a u32 tail start
/// (0: none), a run count byte and that many runs `lo..=hi` (two u32 each).
/// A set the rules cannot hold is `narrow`'s counts up to 63, no tail.
fn wide_counts(u: &mut &[u8], narrow: Counts) -> Counts {
    let mut word = || read::<4>(u).map_or(0, |b| u32::from_le_bytes(b) as usize);
    let from = word();
    let (mask, _) = narrow.parts();
    let mut runs: Vec<(usize, usize)> = Counts::from_parts(mask, 0).runs().collect();
    let count = take(u, 1).map_or(0, |b| usize::from(b[0]) % (HIGH_RUNS + 1));
    for _ in 0..count {
        let mut word = || read::<4>(u).map_or(0, |b| u32::from_le_bytes(b) as usize);
        runs.push((word(), word()));
    }
    Counts::from_runs(runs.iter().copied(), from).unwrap_or_else(|| Counts::from_parts(mask, 0))
}

/// The bytes [`wide_counts`] reads back to `counts`, after its mask.
fn wide_bytes(counts: Counts, out: &mut Vec<u8>) {
    let from = counts.open_tail().unwrap_or(0) as u32;
    out.extend(from.to_le_bytes());
    let high: Vec<(usize, usize)> = counts
        .runs()
        .filter(|&(_, hi)| hi > MASK_COUNTS)
        .map(|(lo, hi)| (lo.max(MASK_COUNTS + 1), hi))
        .collect();
    out.push(high.len() as u8);
    for (lo, hi) in high {
        out.extend((lo as u32).to_le_bytes());
        out.extend((hi as u32).to_le_bytes());
    }
}

impl Game {
    /// The memory of flag bits 3 (`take=a..Km`: then a byte, K = 1 +
    /// byte % 8, and the take's least count as its `a`) and 4 (`putback`),
    /// where the rest of the rules allow it (`docs/rules.md`): a one-ended
    /// line without deletes, put-back taking at least 2 and scoring what it
    /// takes. Anything else keeps the rules without memory.
    fn with_memory(self, flags: u8, u: &mut &[u8]) -> Game {
        let memory = match (flags & 8 != 0, flags & 16 != 0) {
            (true, _) => Memory::Bound(1 + u32::from(take(u, 1).map_or(0, |b| b[0]) % 8)),
            (false, true) => Memory::PutBack,
            (false, false) => return self,
        };
        let simple = self.ends != Ends::Both && !self.circle && self.delete.is_empty();
        let game = match memory {
            Memory::Bound(_) => Game {
                take: Counts::from(self.take.min().unwrap_or(1)),
                memory,
                ..self
            },
            _ => Game { memory, ..self },
        };
        let put_ok = game.take.min().unwrap_or(1) >= 2 && game.score == Score::Taken;
        match memory {
            Memory::Bound(_) if simple => game,
            Memory::PutBack if simple && put_ok => game,
            _ => self,
        }
    }
}

fn compact_counts(c: u8) -> Counts {
    let finite = Counts::from_parts(u64::from(c & 0x1F) << 1, 0);
    if c & 0x20 != 0 {
        finite.union(Counts::from(1 + usize::from(c >> 6)))
    } else {
        finite
    }
}

/// The inverse of [`compact_counts`], when `counts` has a compact form.
fn compact_byte(counts: Counts) -> Option<u8> {
    let (mask, from) = counts.parts();
    let low = u8::try_from(mask >> 1).ok().filter(|b| b & !0x1F == 0)?;
    match from {
        0 => Some(low),
        1..=4 => Some(low | 0x20 | ((from as u8 - 1) << 6)),
        _ => None,
    }
}

fn encode_game(game: Game, out: &mut Vec<u8>) {
    if let Some(i) = Game::ALL.iter().position(|&g| g == game) {
        out.push(i as u8);
        return;
    }
    let ends = match game.ends {
        Ends::Both => 0,
        Ends::Left => 1,
        Ends::Right => 2,
    };
    let memory = match game.memory {
        Memory::None => 0,
        Memory::Bound(_) => 8,
        Memory::PutBack => 16,
    };
    let flags = u8::from(game.score == Score::Rest) | (u8::from(game.circle) << 1) | memory;
    // The factor byte of `take=a..Km` follows the flags (and wide counts).
    let factor = match game.memory {
        Memory::Bound(k) => Some((k - 1) as u8),
        Memory::None | Memory::PutBack => None,
    };
    // Counts the u64 mask and a u8 tail start cannot hold.
    let wide = |c: Counts| c.has_high() || c.open_tail().is_some_and(|k| k > 255);
    if wide(game.take) || wide(game.delete) {
        out.extend([7, ends]);
        for counts in [game.take, game.delete] {
            out.extend(counts.parts().0.to_le_bytes());
            out.push(0);
        }
        out.push(flags | 4);
        wide_bytes(game.take, out);
        wide_bytes(game.delete, out);
        out.extend(factor);
        return;
    }
    match (compact_byte(game.take), compact_byte(game.delete)) {
        (Some(t), Some(d)) => out.extend([6, ends, t, d, flags]),
        _ => {
            out.extend([7, ends]);
            for counts in [game.take, game.delete] {
                let (mask, from) = counts.parts();
                out.extend(mask.to_le_bytes());
                // Tails start at most at 64 (a larger start is the same set
                // for every board a fuzz input can hold).
                out.push(from.min(255) as u8);
            }
            out.push(flags);
        }
    }
    out.extend(factor);
}

fn read<const N: usize>(u: &mut &[u8]) -> Option<[u8; N]> {
    take(u, N).and_then(|b| b.try_into().ok())
}

/// The first `n` bytes of `u`, consumed; `None` (consuming nothing) when
/// fewer are left.
fn take<'a>(u: &mut &'a [u8], n: usize) -> Option<&'a [u8]> {
    if u.len() < n {
        return None;
    }
    let (head, rest) = u.split_at(n);
    *u = rest;
    Some(head)
}

impl Case {
    /// A case.
    pub fn new(game: Game, board: Board) -> Self {
        Case { game, board }
    }

    /// The byte encoding that [`RawCase::decode`] reads back to this case.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        encode_game(self.game, &mut out);
        for &v in self.board.values() {
            if (-96..=95).contains(&v) {
                out.push((v + 96) as u8);
            } else if let Ok(v) = i16::try_from(v) {
                out.push(192);
                out.extend_from_slice(&v.to_le_bytes());
            } else if let Ok(v) = i32::try_from(v) {
                out.push(224);
                out.extend_from_slice(&v.to_le_bytes());
            } else {
                out.push(248);
                out.extend_from_slice(&v.to_le_bytes());
            }
        }
        out
    }

    /// A short stable name for files holding this case (FNV-1a of its bytes).
    pub fn file_stem(&self) -> String {
        let hash = self
            .to_bytes()
            .iter()
            .fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| {
                (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
            });
        // Rule texts hold spaces and `=`: such games are just "rules" here.
        let game = self.game.alias().unwrap_or("rules");
        format!("{game}-n{}-{hash:016x}", self.board.len())
    }
}

#[cfg(feature = "arbitrary")]
impl<'a> arbitrary::Arbitrary<'a> for Case {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
        RawCase::decode(&mut u.bytes(u.len())?, 64)
            .validate()
            .map_err(|_| arbitrary::Error::IncorrectFormat)
    }
}

impl fmt::Display for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.board.is_empty() {
            write!(f, "{}: -", self.game)
        } else {
            write!(f, "{}: {}", self.game, self.board)
        }
    }
}

/// Prints the pasteable text form, so fuzzers' crash reports can be pasted
/// into `coinline solve --game GAME ...`.
impl fmt::Debug for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl FromStr for Case {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        let (game, values) = s
            .split_once(':')
            .ok_or_else(|| Error::new(ErrorKind::NotACase(s.to_string())))?;
        let values = values.trim();
        let board = if values == "-" {
            Board::default()
        } else {
            Board::parse(values)?
        };
        Ok(Case {
            game: game.parse()?,
            board,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_case_lines_are_quoted_cut_with_their_length() {
        use crate::error::assert_one_short_line;
        let error = |text: &str| text.parse::<Case>().unwrap_err().to_string();
        // No `GAME:`; a long game before it.
        let values = "1 ".repeat(40_000);
        let err = error(&values);
        assert_one_short_line(&err, 80_000, 300);
        assert!(
            err.ends_with("is not a case (expected GAME: VALUES)"),
            "{err}"
        );
        let game = format!("{}: 1 2", "coin".repeat(20_000));
        assert_one_short_line(&error(&game), 80_000, 300);
        assert_eq!(
            error("coins 1 2"),
            "\"coins 1 2\" is not a case (expected GAME: VALUES)"
        );
    }

    #[test]
    fn bytes_round_trip() {
        for text in [
            "coins: 8 15 3 7",
            "numbergame: -1000 -1000 -3 -1000 -1000",
            "gameofsum: -",
            "stonegame7: 5 3 1 4 2",
            "pizza: 1 2",
            "ends=right take=1,3.. delete=2 score=rest circle: 4 -5",
            "take=7,40 delete=1..: 9",
            "take=2..: 1 2 3",
            "take=1..100: 1 2",
            "ends=left take=2,63..70,200,1000..2000 delete=300..: 5",
            "take=1,70,200 circle: 1 2 3",
            "take=3,1000..: 1",
            "ends=left take=1..2m: 2 7 9 4 4",
            "ends=right take=3..8m score=rest: 1",
            "ends=left take=2..m: -1",
            "ends=left take=2.. putback: -1 2 -3 4 -5",
            "ends=right take=2,5 putback: 7",
            "coins: 95 -96 96 -97 32767 -32768 32768 2147483647 -2147483648 4611686018427387903",
        ] {
            let case: Case = text.parse().unwrap();
            assert_eq!(case.to_string(), text);
            let back = RawCase::from_bytes(&case.to_bytes(), usize::MAX)
                .validate()
                .unwrap();
            assert_eq!(back, case, "{text}");
        }
    }

    fn case(text: &str) -> Case {
        text.parse().unwrap()
    }

    #[test]
    fn the_byte_layout_is_the_documented_one() {
        // A built-in game is its index in Game::ALL.
        for (i, game) in Game::ALL.iter().enumerate() {
            assert_eq!(
                Case::new(*game, Board::new(vec![]).unwrap()).to_bytes(),
                [i as u8]
            );
        }
        // Each value takes the shortest form that holds it.
        let value = |v: i64| case(&format!("coins: {v}")).to_bytes()[1..].to_vec();
        assert_eq!(value(-96), [0]);
        assert_eq!(value(95), [191]);
        assert_eq!(value(96), [192, 96, 0]);
        assert_eq!(value(-97), [192, 0x9f, 0xff]);
        assert_eq!(value(32767), [192, 0xff, 0x7f]);
        assert_eq!(value(32768), [224, 0, 0x80, 0, 0]);
        assert_eq!(value(-32769), [224, 0xff, 0x7f, 0xff, 0xff]);
        assert_eq!(value(1 << 31), [248, 0, 0, 0, 0x80, 0, 0, 0, 0]);
        assert_eq!(value(-(1 << 62)), [248, 0, 0, 0, 0, 0, 0, 0, 0xc0]);
        // Rules whose counts have a one-byte form: 6, ends, take, delete, flags.
        for (text, bytes) in [
            ("ends=left take=1..3 score=rest: ", &[6, 1, 7, 0, 1][..]),
            ("take=2..: 1 2 3", &[6, 0, 0x60, 0, 0, 97, 98, 99]),
            ("ends=right take=1 delete=2 circle: ", &[6, 2, 1, 2, 2]),
        ] {
            assert_eq!(case(text).to_bytes(), bytes, "{text}");
        }
        // Other counts: 7, ends, then each set as its 64-bit mask and start.
        let mut long = vec![7, 0];
        long.extend(((1u64 << 7) | (1 << 40)).to_le_bytes());
        long.push(0);
        long.extend(0u64.to_le_bytes());
        long.extend([1, 0]);
        assert_eq!(case("take=7,40 delete=1..: ").to_bytes(), long);
        // Counts above 63: the masks, flag bit 2, then per set its u32
        // tail start, its number of runs above 63 and the runs.
        let mut wide = vec![7, 0];
        wide.extend(((1u64 << 63) | 2).to_le_bytes());
        wide.push(0);
        wide.extend(0u64.to_le_bytes());
        wide.extend([0, 4]);
        wide.extend(0u32.to_le_bytes());
        wide.push(1);
        wide.extend(64u32.to_le_bytes());
        wide.extend(70u32.to_le_bytes());
        wide.extend(300u32.to_le_bytes());
        wide.push(0);
        assert_eq!(case("take=1,63..70 delete=300..: ").to_bytes(), wide);
    }

    #[test]
    fn saved_names_tell_cases_apart() {
        let stem = case("coins: 8 15 3 7").file_stem();
        assert!(
            stem.starts_with("coins-n4-") && stem.len() == "coins-n4-".len() + 16,
            "{stem}"
        );
        assert_eq!(case("take=2..: 1 2").file_stem()[..9], *"rules-n2-");
        // Distinct boards and games, distinct names; the same case, the same name.
        let mut seen = std::collections::HashSet::new();
        for text in [
            "coins: 8 15 3 7",
            "coins: 8 15 3 6",
            "coins: 7 3 15 8",
            "numbergame: 8 15 3 7",
            "coins: ",
            "coins: 0",
            "coins: 0 0",
            "take=2..: 8 15 3 7",
        ] {
            assert!(
                seen.insert(case(text).file_stem()),
                "{text}: a name given twice"
            );
            assert_eq!(case(text).file_stem(), case(text).file_stem());
        }
    }

    #[test]
    fn debug_shows_the_case_line() {
        assert_eq!(format!("{:?}", case("coins: 8 15")), "coins: 8 15");
    }

    #[test]
    fn decoding_stops_at_truncation_and_cap() {
        let raw = RawCase::from_bytes(&[1, 96, 97, 192, 5], 10);
        assert_eq!(
            RawCase::from_bytes(&[6, 1, 7, 0, 1], 0).game.to_string(),
            "ends=left take=1..3 score=rest"
        );
        assert_eq!(raw.game, Game::NUMBERGAME);
        assert_eq!(raw.values, vec![0, 1]);
        assert_eq!(RawCase::from_bytes(&[2, 96, 96, 96], 2).values.len(), 2);
        assert_eq!(RawCase::from_bytes(&[], 2).values, Vec::<i64>::new());
    }
}

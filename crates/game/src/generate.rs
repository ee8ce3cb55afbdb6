//! Seeded board generation and exhaustive enumeration.
//!
//! Architecture invariant: a generated board depends on (seed, index) alone,
//! through [`SplitMix64`] as written here, never on a dependency's random
//! stream, the thread that made it or the boards made before it. That is
//! what makes `--seed S --only INDEX` and byte-identical reports possible.

use crate::board::Board;
use crate::error::{quote, Error, Result};
use std::fmt;
use std::str::FromStr;

/// SplitMix64 (Steele, Lea and Flood), fixed here so streams never drift.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// The SplitMix64 output function: a bijective mix of 64 bits.
pub fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl SplitMix64 {
    /// A generator starting from `seed`.
    pub fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    /// An independent generator for the item identified by `keys` (for
    /// example a seed and an index, or a seed, a length and an index).
    pub fn keyed(keys: &[u64]) -> Self {
        let state = keys.iter().fold(0x5EED_C011_u64, |acc, &k| {
            mix64(acc ^ mix64(k.wrapping_add(GOLDEN_GAMMA)))
        });
        SplitMix64 { state }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GOLDEN_GAMMA);
        mix64(self.state)
    }

    /// A uniform integer in `0..bound` (`bound` > 0), without modulo bias.
    pub fn below(&mut self, bound: u64) -> u64 {
        assert!(bound > 0, "below(0)");
        // Lemire's multiply-and-reject.
        loop {
            let product = u128::from(self.next_u64()) * u128::from(bound);
            let low = product as u64;
            if low >= bound.wrapping_neg() % bound {
                return (product >> 64) as u64;
            }
        }
    }

    /// A uniform integer in `lo..=hi` (`lo <= hi`).
    pub fn between(&mut self, lo: i64, hi: i64) -> i64 {
        let span = (i128::from(hi) - i128::from(lo)) as u128;
        if span >= u128::from(u64::MAX) {
            return self.next_u64() as i64;
        }
        (i128::from(lo) + i128::from(self.below(span as u64 + 1))) as i64
    }

    /// True with probability 1 / `one_in`.
    pub fn chance(&mut self, one_in: u64) -> bool {
        self.below(one_in) == 0
    }
}

/// Why a range, a shard or `--shard auto`'s environment is not one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// A range that is not `LO..HI` (the text is held).
    #[error("range {} is not of the form LO..HI with integer bounds", quote(.0))]
    NotRange(String),
    /// A range whose LO exceeds its HI.
    #[error("range {} is reversed (LO must not exceed HI)", quote(.0))]
    Reversed(String),
    /// A shard that is not `K/N`.
    #[error("shard {} is not of the form K/N (for example 2/8)", quote(.0))]
    NotShard(String),
    /// A shard that is not `auto` or `auto/N`.
    #[error("shard {} is not of the form auto or auto/N (N >= 1)", quote(.0))]
    NotAutoShard(String),
    /// A shard K/N without 1 <= K <= N.
    #[error("shard {part}/{count} is out of range (K/N needs 1 <= K <= N)")]
    ShardOutOfRange {
        /// K.
        part: u64,
        /// N.
        count: u64,
    },
    /// A scheduler's variable that is no number.
    #[error("--shard auto: {name}={} is not a non-negative integer", quote(.value))]
    NotNumber {
        /// The variable.
        name: &'static str,
        /// Its value.
        value: String,
    },
    /// Both Slurm's and GNU parallel's variables.
    #[error(
        "--shard auto: both SLURM_ARRAY_TASK_ID (a Slurm array task) and PARALLEL_SEQ \
         (GNU parallel) are set; give --shard K/N explicitly"
    )]
    BothSchedulers,
    /// Neither scheduler's variables.
    #[error(
        "--shard auto needs a Slurm array task (SLURM_ARRAY_TASK_ID with \
         SLURM_ARRAY_TASK_MIN and SLURM_ARRAY_TASK_MAX or SLURM_ARRAY_TASK_COUNT) or \
         GNU parallel (PARALLEL_SEQ, with --shard auto/N); none of them is set"
    )]
    NoScheduler,
    /// `PARALLEL_SEQ` (held) without `auto/N`.
    #[error(
        "--shard auto: PARALLEL_SEQ={0} is set but GNU parallel does not \
         export the number of jobs; give it as --shard auto/N"
    )]
    ParallelNeedsCount(u64),
    /// `PARALLEL_SEQ` outside `1..=N`.
    #[error("--shard auto/{count}: PARALLEL_SEQ={seq} is not in 1..={count}")]
    ParallelOutside {
        /// `PARALLEL_SEQ`.
        seq: u64,
        /// N.
        count: u64,
    },
    /// `SLURM_ARRAY_TASK_ID` (held) without `SLURM_ARRAY_TASK_MIN`.
    #[error(
        "--shard auto: SLURM_ARRAY_TASK_ID={0} is set but not \
         SLURM_ARRAY_TASK_MIN, so the shard number is unknown"
    )]
    SlurmNoMin(u64),
    /// `SLURM_ARRAY_TASK_MAX` below `SLURM_ARRAY_TASK_MIN`.
    #[error("--shard auto: SLURM_ARRAY_TASK_MAX={max} is below SLURM_ARRAY_TASK_MIN={min}")]
    SlurmMaxBelowMin {
        /// `SLURM_ARRAY_TASK_MAX`.
        max: u64,
        /// `SLURM_ARRAY_TASK_MIN`.
        min: u64,
    },
    /// `SLURM_ARRAY_TASK_ID` (held) without the array's size.
    #[error(
        "--shard auto: SLURM_ARRAY_TASK_ID={0} is set but neither \
         SLURM_ARRAY_TASK_MAX nor SLURM_ARRAY_TASK_COUNT, so the number \
         of shards is unknown"
    )]
    SlurmNoCount(u64),
    /// A task count that disagrees with MAX - MIN + 1.
    #[error(
        "--shard auto: the array is not contiguous (SLURM_ARRAY_TASK_COUNT={count} \
         tasks between SLURM_ARRAY_TASK_MIN={min} and SLURM_ARRAY_TASK_MAX={max}); \
         submit --array=1-N or give --shard K/N"
    )]
    SlurmGaps {
        /// `SLURM_ARRAY_TASK_COUNT`.
        count: u64,
        /// `SLURM_ARRAY_TASK_MIN`.
        min: u64,
        /// `SLURM_ARRAY_TASK_MAX`.
        max: u64,
    },
    /// A step (held) other than 1.
    #[error(
        "--shard auto: SLURM_ARRAY_TASK_STEP={0}: the array is not \
         contiguous; submit --array=1-N or give --shard K/N"
    )]
    SlurmStep(u64),
    /// `auto/N` whose N is not the array's size.
    #[error("--shard auto/{hint}: the Slurm array has {count} tasks")]
    SlurmHint {
        /// N as given.
        hint: u64,
        /// The array's size.
        count: u64,
    },
    /// A task ID outside the array.
    #[error(
        "--shard auto: SLURM_ARRAY_TASK_ID={id} is outside the array \
         (SLURM_ARRAY_TASK_MIN={min}, {count} tasks)"
    )]
    SlurmOutside {
        /// `SLURM_ARRAY_TASK_ID`.
        id: u64,
        /// `SLURM_ARRAY_TASK_MIN`.
        min: u64,
        /// The array's size.
        count: u64,
    },
}

crate::error::layer_errors!(GenerateError);

/// An inclusive range `LO..HI` as written on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Span<T> {
    /// Smallest value.
    pub lo: T,
    /// Largest value (inclusive).
    pub hi: T,
}

impl<T: FromStr + PartialOrd + Copy + fmt::Display> FromStr for Span<T> {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        let (lo, hi) = match s.split_once("..") {
            Some((lo, hi)) => (lo, hi.strip_prefix('=').unwrap_or(hi)),
            None => (s, s),
        };
        let parse = |t: &str| {
            t.trim()
                .parse::<T>()
                .map_err(|_| GenerateError::NotRange(s.to_string()))
        };
        let span = Span {
            lo: parse(lo)?,
            hi: parse(hi)?,
        };
        if span.lo > span.hi {
            return Err(GenerateError::Reversed(s.to_string()).into());
        }
        Ok(span)
    }
}

impl<T: fmt::Display> fmt::Display for Span<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.lo, self.hi)
    }
}

/// A distribution of values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Values {
    /// Uniform over an inclusive range (negatives allowed).
    Uniform(Span<i64>),
    /// Few distinct values (-1..2), many ties.
    Small,
    /// Huge magnitudes whose absolute sum is near i64::MAX, mixed with tiny values.
    Extreme,
    /// Mostly small values, a few large ones.
    Spiky,
    /// Uniform values, sorted ascending or descending.
    Sorted,
    /// Alternating high and low values.
    Zigzag,
    /// A palindrome.
    Palindrome,
}

impl Values {
    /// The named distributions (a uniform one is written `LO..HI`).
    pub const NAMES: [&'static str; 7] = [
        "LO..HI",
        "small",
        "extreme",
        "spiky",
        "sorted",
        "zigzag",
        "palindrome",
    ];

    /// `n` values drawn from this distribution.
    pub fn draw(self, rng: &mut SplitMix64, n: usize) -> Vec<i64> {
        let uniform = |rng: &mut SplitMix64| rng.between(-100, 100);
        match self {
            Values::Uniform(span) => {
                // Keep the absolute sum in range even for huge bounds (a
                // range wholly beyond the cap collapses onto it).
                let cap = i64::MAX / (n.max(1) as i64);
                let lo = span.lo.clamp(-cap, cap);
                let hi = span.hi.clamp(-cap, cap);
                (0..n).map(|_| rng.between(lo, hi)).collect()
            }
            Values::Small => (0..n).map(|_| rng.between(-1, 2)).collect(),
            Values::Extreme => {
                let cap = i64::MAX / (n.max(1) as i64);
                (0..n)
                    .map(|_| {
                        let magnitude = if rng.chance(4) {
                            rng.between(0, 3)
                        } else {
                            cap - rng.between(0, cap / 1000)
                        };
                        if rng.chance(2) {
                            -magnitude
                        } else {
                            magnitude
                        }
                    })
                    .collect()
            }
            Values::Spiky => (0..n)
                .map(|_| {
                    if rng.chance(8) {
                        rng.between(-1_000_000, 1_000_000)
                    } else {
                        rng.between(-3, 3)
                    }
                })
                .collect(),
            Values::Sorted => {
                let mut v: Vec<i64> = (0..n).map(|_| uniform(rng)).collect();
                v.sort_unstable();
                if rng.chance(2) {
                    v.reverse();
                }
                v
            }
            Values::Zigzag => {
                let high_first = rng.chance(2);
                (0..n)
                    .map(|i| {
                        if (i % 2 == 0) == high_first {
                            rng.between(50, 100)
                        } else {
                            rng.between(-100, 10)
                        }
                    })
                    .collect()
            }
            Values::Palindrome => {
                let half: Vec<i64> = (0..n.div_ceil(2)).map(|_| uniform(rng)).collect();
                let mut v = half.clone();
                v.extend(half.iter().rev().skip(n % 2));
                v
            }
        }
    }
}

impl FromStr for Values {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        Ok(match s.trim() {
            "small" => Values::Small,
            "extreme" => Values::Extreme,
            "spiky" => Values::Spiky,
            "sorted" => Values::Sorted,
            "zigzag" => Values::Zigzag,
            "palindrome" => Values::Palindrome,
            t if t.contains("..") => Values::Uniform(t.parse()?),
            _ => return Err(Error::unknown("value distribution", s, &Values::NAMES)),
        })
    }
}

impl fmt::Display for Values {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Values::Uniform(span) => write!(f, "{span}"),
            Values::Small => f.write_str("small"),
            Values::Extreme => f.write_str("extreme"),
            Values::Spiky => f.write_str("spiky"),
            Values::Sorted => f.write_str("sorted"),
            Values::Zigzag => f.write_str("zigzag"),
            Values::Palindrome => f.write_str("palindrome"),
        }
    }
}

/// The board number `index` of the random run with `seed`: its length is
/// uniform in `lengths`, its values drawn from `values`.
pub fn random_board(seed: u64, index: u64, lengths: Span<usize>, values: Values) -> Board {
    let mut rng = SplitMix64::keyed(&[seed, index]);
    let n = lengths.lo + rng.below((lengths.hi - lengths.lo) as u64 + 1) as usize;
    Board::new(values.draw(&mut rng, n)).expect("generators respect the overflow rule")
}

/// `board` made playable in `game` ([`crate::Game::admit`]): unchanged if
/// it is, else every value divided by n (truncating), which brings
/// n * (sum of |values|) within the sum the overflow rule already bounds.
pub fn admissible(game: crate::Game, board: Board) -> Board {
    if game.admit(&board).is_ok() {
        return board;
    }
    let n = board.len() as i64;
    let scaled = board.into_values().into_iter().map(|v| v / n).collect();
    Board::new(scaled).expect("scaling down keeps the overflow rule")
}

/// The `count` random rule sets of a run with `seed` (`compare
/// --random-games`): the same games for the same seed, whatever else the
/// run does, since they have a stream of their own.
pub fn random_games(seed: u64, count: u64) -> Vec<crate::Game> {
    let mut rng = SplitMix64::keyed(&[seed, 0x9a3e5]);
    (0..count).map(|_| random_game(&mut rng)).collect()
}

/// A random game (rule set) in which small and unbounded counts,
/// one-sided ends, deletes, rest-scoring and circles all occur.
pub fn random_game(rng: &mut SplitMix64) -> crate::Game {
    use crate::rules::{Counts, Ends, Score};
    let counts = |rng: &mut SplitMix64| match rng.below(5) {
        0 => Counts::exactly(1),
        1 => Counts::exactly(rng.below(3) as usize + 1),
        2 => Counts::range(1, rng.below(3) as usize + 1),
        3 => Counts::from(rng.below(3) as usize + 1),
        _ => Counts::exactly(1).union(Counts::exactly(3)),
    };
    crate::Game {
        ends: [Ends::Both, Ends::Left, Ends::Right][rng.below(3) as usize],
        take: counts(rng),
        delete: if rng.below(3) == 0 {
            counts(rng)
        } else {
            Counts::NONE
        },
        score: if rng.below(3) == 0 {
            Score::Rest
        } else {
            Score::Taken
        },
        circle: rng.below(4) == 0,
        // Drawn games keep the rules they were drawn from (seeded runs
        // print the same games); the fuzz targets draw the others.
        memory: crate::rules::Memory::None,
    }
}

/// How many boards of length `n` there are over `alphabet`, or `None` if the
/// count does not fit in u64.
pub fn enumeration_size(n: usize, alphabet: Span<i64>) -> Option<u64> {
    let k = u64::try_from(i128::from(alphabet.hi) - i128::from(alphabet.lo) + 1).ok()?;
    (0..n).try_fold(1u64, |acc, _| acc.checked_mul(k))
}

/// The board number `index` (0-based, lexicographic order) among all boards
/// of length `n` over `alphabet`. `index` must be below [`enumeration_size`].
pub fn enumerated_board(n: usize, alphabet: Span<i64>, index: u64) -> Board {
    let k = (i128::from(alphabet.hi) - i128::from(alphabet.lo) + 1) as u64;
    let mut rest = index;
    let mut values = vec![0i64; n];
    for slot in values.iter_mut().rev() {
        *slot = (i128::from(alphabet.lo) + i128::from(rest % k)) as i64;
        rest /= k;
    }
    Board::new(values).expect("enumeration alphabets are small")
}

/// How many boards there are of every length in `lengths` over `alphabet`
/// together, or `None` if the count does not fit in u64.
pub fn enumeration_total(lengths: Span<usize>, alphabet: Span<i64>) -> Option<u64> {
    (lengths.lo..=lengths.hi).try_fold(0u64, |acc, n| {
        acc.checked_add(enumeration_size(n, alphabet)?)
    })
}

/// The board number `index` (0-based) of the enumeration of every length in
/// `lengths` over `alphabet`: the shortest boards first, each length in the
/// order of [`enumerated_board`]. `None` past the end.
pub fn enumerated_board_in(lengths: Span<usize>, alphabet: Span<i64>, index: u64) -> Option<Board> {
    let mut rest = index;
    for n in lengths.lo..=lengths.hi {
        // A length whose count overflows u64 holds every remaining index.
        match enumeration_size(n, alphabet) {
            Some(size) if rest >= size => rest -= size,
            _ => return Some(enumerated_board(n, alphabet, rest)),
        }
    }
    None
}

/// Part `part` of a run split into `count` disjoint parts (written `K/N`,
/// 1-based). Part K holds the indices i with i % N = K - 1, so every part
/// mixes short and long boards and the parts together hold every index once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    part: u64,
    count: u64,
}

impl Shard {
    /// The whole run, `1/1`.
    pub const WHOLE: Shard = Shard { part: 1, count: 1 };

    /// Part `part` (1-based) of `count`.
    pub fn new(part: u64, count: u64) -> Result<Self> {
        if count == 0 || part == 0 || part > count {
            return Err(GenerateError::ShardOutOfRange { part, count }.into());
        }
        Ok(Shard { part, count })
    }

    /// K, 1-based.
    pub fn part(self) -> u64 {
        self.part
    }

    /// N.
    pub fn count(self) -> u64 {
        self.count
    }

    /// The parts of this shard's run for which `present` is false, written
    /// `K/N` (what a merge lists as missing).
    pub fn missing(self, present: impl Fn(u64) -> bool) -> Vec<String> {
        let count = self.count;
        (1..=count)
            .filter(|&k| !present(k))
            .map(|k| format!("{k}/{count}"))
            .collect()
    }

    /// Whether `index` belongs to this part.
    pub fn contains(self, index: u64) -> bool {
        index % self.count == self.part - 1
    }

    /// This part's indices below `total`, ascending.
    pub fn indices(self, total: u64) -> impl Iterator<Item = u64> {
        let count = self.count;
        std::iter::successors(Some(self.part - 1).filter(|&i| i < total), move |&i| {
            i.checked_add(count).filter(|&j| j < total)
        })
    }

    /// How many of the indices below `total` belong to this part.
    pub fn size(self, total: u64) -> u64 {
        let first = self.part - 1;
        if total <= first {
            0
        } else {
            (total - first - 1) / self.count + 1
        }
    }
}

impl Shard {
    /// The shard of this task of a scheduler, read through `lookup` (the
    /// environment in the command line; a map in tests):
    ///
    /// - a Slurm array task: `SLURM_ARRAY_TASK_ID` with `SLURM_ARRAY_TASK_MIN`
    ///   and `SLURM_ARRAY_TASK_MAX` or `SLURM_ARRAY_TASK_COUNT` gives
    ///   K = ID - MIN + 1 and N = MAX - MIN + 1 (or COUNT). The array must be
    ///   contiguous (`--array=1-64`, `0-63`, `1-64%8`): a step other than 1,
    ///   or a COUNT that disagrees with MAX - MIN + 1 (a list such as
    ///   `1,3,8`), is refused, since its task IDs do not number the shards.
    /// - GNU parallel: `PARALLEL_SEQ` (1-based) is K, and `count_hint` must
    ///   give N (parallel does not export the number of jobs).
    ///
    /// `count_hint`, when given with Slurm, must equal the array's size.
    /// Both schedulers' variables at once, or neither, is an error naming the
    /// variables; so is a value that is not a number. Unset and empty
    /// variables are the same.
    pub fn from_env(
        lookup: impl Fn(&str) -> Option<String>,
        count_hint: Option<u64>,
    ) -> Result<Shard> {
        let get = |name: &'static str| -> Result<Option<u64>> {
            match lookup(name) {
                None => Ok(None),
                Some(v) if v.trim().is_empty() => Ok(None),
                Some(value) => match value.trim().parse::<u64>() {
                    Ok(k) => Ok(Some(k)),
                    Err(_) => Err(GenerateError::NotNumber { name, value }.into()),
                },
            }
        };
        let slurm_id = get("SLURM_ARRAY_TASK_ID")?;
        let parallel_seq = get("PARALLEL_SEQ")?;
        match (slurm_id, parallel_seq) {
            (Some(_), Some(_)) => Err(GenerateError::BothSchedulers.into()),
            (None, None) => Err(GenerateError::NoScheduler.into()),
            (None, Some(seq)) => {
                let count = count_hint.ok_or(GenerateError::ParallelNeedsCount(seq))?;
                Shard::new(seq, count)
                    .map_err(|_| GenerateError::ParallelOutside { seq, count }.into())
            }
            (Some(id), None) => {
                let min = get("SLURM_ARRAY_TASK_MIN")?.ok_or(GenerateError::SlurmNoMin(id))?;
                let span = match get("SLURM_ARRAY_TASK_MAX")? {
                    Some(max) if max < min => {
                        return Err(GenerateError::SlurmMaxBelowMin { max, min }.into())
                    }
                    Some(max) => Some(max - min + 1),
                    None => None,
                };
                let count = match (span, get("SLURM_ARRAY_TASK_COUNT")?) {
                    (None, None) => return Err(GenerateError::SlurmNoCount(id).into()),
                    (Some(span), Some(count)) if span != count => {
                        let max = min + span - 1;
                        return Err(GenerateError::SlurmGaps { count, min, max }.into());
                    }
                    (Some(n), _) | (None, Some(n)) => n,
                };
                if let Some(step) = get("SLURM_ARRAY_TASK_STEP")?.filter(|&s| s != 1) {
                    return Err(GenerateError::SlurmStep(step).into());
                }
                if let Some(hint) = count_hint.filter(|&h| h != count) {
                    return Err(GenerateError::SlurmHint { hint, count }.into());
                }
                if id < min || id - min >= count {
                    return Err(GenerateError::SlurmOutside { id, min, count }.into());
                }
                Shard::new(id - min + 1, count)
            }
        }
    }

    /// The value of `--shard`: `K/N`, or `auto` or `auto/N`, which
    /// [`Shard::from_env`] resolves through `lookup`.
    pub fn from_arg(s: &str, lookup: impl Fn(&str) -> Option<String>) -> Result<Shard> {
        let t = s.trim();
        let Some(rest) = t.strip_prefix("auto") else {
            return t.parse();
        };
        let hint = match rest {
            "" => None,
            _ => Some(
                rest.strip_prefix('/')
                    .and_then(|n| n.trim().parse::<u64>().ok())
                    .filter(|&n| n > 0)
                    .ok_or_else(|| GenerateError::NotAutoShard(s.to_string()))?,
            ),
        };
        Shard::from_env(lookup, hint)
    }
}

impl FromStr for Shard {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        let bad = || GenerateError::NotShard(s.to_string());
        let (part, count) = s.split_once('/').ok_or_else(bad)?;
        let number = |t: &str| t.trim().parse::<u64>().map_err(|_| bad());
        Shard::new(number(part)?, number(count)?)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.part, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_games_depend_on_the_seed_alone_and_extend_as_a_prefix() {
        let five = random_games(7, 5);
        assert_eq!(five.len(), 5);
        assert_eq!(random_games(7, 5), five);
        assert_eq!(random_games(7, 8)[..5], five[..]);
        assert_ne!(random_games(8, 5), five);
        assert!(random_games(7, 0).is_empty());
    }
    use crate::error::ErrorKind;
    use crate::rules::{Counts, Ends, Score};
    use std::collections::HashMap;

    #[test]
    fn splitmix_matches_the_reference_stream() {
        // First outputs of SplitMix64 seeded with 0 (reference implementation).
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn ranges_refuse_other_text_and_draws_reach_both_ends() {
        assert!("a..1".parse::<Span<i64>>().is_err());
        let mut rng = SplitMix64::new(7);
        let drawn: Vec<i64> = (0..1000).map(|_| rng.between(-2, 2)).collect();
        assert!(drawn.contains(&-2) && drawn.contains(&2));
        assert!(drawn.iter().all(|v| (-2..=2).contains(v)));
    }

    #[test]
    fn long_ranges_shards_and_names_are_quoted_cut_with_their_length() {
        use crate::error::assert_one_short_line;
        let long = "7".repeat(80_000);
        let range = format!("1..{long}x");
        let err = range.parse::<Span<i64>>().unwrap_err().to_string();
        assert_one_short_line(&err, 80_004, 300);
        let shard = format!("1/{long}x");
        let err = Shard::from_arg(&shard, |_| None).unwrap_err().to_string();
        assert_one_short_line(&err, 80_003, 300);
        let auto = format!("auto/{long}x");
        let err = Shard::from_arg(&auto, |_| None).unwrap_err().to_string();
        assert_one_short_line(&err, 80_006, 300);
        let env = |name: &str| (name == "SLURM_ARRAY_TASK_ID").then(|| format!("{long}x"));
        let err = Shard::from_arg("auto", env).unwrap_err().to_string();
        assert_one_short_line(&err, 80_001, 300);
        let err = long.parse::<Values>().unwrap_err().to_string();
        assert_one_short_line(&err, 80_000, 300);
    }

    #[test]
    fn every_distribution_respects_the_overflow_rule() {
        for name in Values::NAMES.iter().skip(1).chain(&["-9..9"]) {
            let values: Values = name.parse().unwrap();
            for index in 0..200 {
                let b = random_board(1, index, Span { lo: 1, hi: 40 }, values);
                assert!(!b.is_empty() && b.len() <= 40);
            }
        }
        let huge: Values = "-9223372036854775807..9223372036854775807".parse().unwrap();
        random_board(3, 0, Span { lo: 30, hi: 30 }, huge);
    }

    #[test]
    fn enumeration_is_lexicographic() {
        let a = Span { lo: -1, hi: 1 };
        assert_eq!(enumeration_size(3, a), Some(27));
        assert_eq!(enumerated_board(3, a, 0).values(), &[-1, -1, -1]);
        assert_eq!(enumerated_board(3, a, 1).values(), &[-1, -1, 0]);
        assert_eq!(enumerated_board(3, a, 26).values(), &[1, 1, 1]);
    }

    #[test]
    fn enumeration_across_lengths_is_shortest_first() {
        let a = Span { lo: 0, hi: 1 };
        let lengths = Span { lo: 1, hi: 3 };
        assert_eq!(enumeration_total(lengths, a), Some(2 + 4 + 8));
        let all: Vec<Board> = (0..14)
            .map(|i| enumerated_board_in(lengths, a, i).unwrap())
            .collect();
        assert_eq!(all[0].values(), &[0]);
        assert_eq!(all[2].values(), &[0, 0]);
        assert_eq!(all[13].values(), &[1, 1, 1]);
        let distinct: std::collections::HashSet<_> = all.iter().collect();
        assert_eq!(distinct.len(), 14);
        assert!(enumerated_board_in(lengths, a, 14).is_none());
        let wide = Span { lo: 0, hi: 1000 };
        assert_eq!(enumeration_total(Span { lo: 1, hi: 7 }, wide), None);
    }

    #[test]
    fn missing_parts_are_listed_in_order() {
        let shard = Shard::new(2, 4).unwrap();
        assert_eq!(shard.missing(|k| k == 2), ["1/4", "3/4", "4/4"]);
        assert_eq!(shard.missing(|k| k != 3), ["3/4"]);
        assert!(shard.missing(|_| true).is_empty());
    }

    #[test]
    fn shards_partition_the_indices() {
        for count in 1..6u64 {
            for total in [0u64, 1, 7, 30] {
                let mut seen: Vec<u64> = (1..=count)
                    .flat_map(|k| {
                        let shard = Shard::new(k, count).unwrap();
                        assert_eq!(shard.indices(total).count() as u64, shard.size(total));
                        assert!(shard.indices(total).all(|i| shard.contains(i)));
                        shard.indices(total)
                    })
                    .collect();
                seen.sort_unstable();
                assert_eq!(seen, (0..total).collect::<Vec<_>>());
            }
        }
        assert_eq!("2/8".parse::<Shard>().unwrap().to_string(), "2/8");
        for bad in ["0/3", "4/3", "1/0", "3", "a/b", "-1/2"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }

    /// `--shard` values against environments: `Ok("K/N")` or the error. An
    /// environment is `KEY=VALUE,...`: `SEQ` is `PARALLEL_SEQ`, any other key
    /// `SLURM_ARRAY_TASK_KEY`.
    #[test]
    fn shard_auto_reads_slurm_and_gnu_parallel() {
        const SLURM_1_4: &str = "ID=3,MIN=1,MAX=4,COUNT=4,STEP=1";
        use GenerateError::*;
        let cases: [(&str, &str, std::result::Result<&str, GenerateError>); 31] = [
            // Plain K/N ignores the environment.
            ("2/8", "", Ok("2/8")),
            ("2/8", SLURM_1_4, Ok("2/8")),
            ("9/8", SLURM_1_4, Err(ShardOutOfRange { part: 9, count: 8 })),
            // Slurm, as sbatch --array=1-4 sets it.
            ("auto", SLURM_1_4, Ok("3/4")),
            ("auto/4", SLURM_1_4, Ok("3/4")),
            (" auto ", SLURM_1_4, Ok("3/4")),
            ("auto/5", SLURM_1_4, Err(SlurmHint { hint: 5, count: 4 })),
            // 0-based arrays, MAX alone, COUNT alone.
            ("auto", "ID=0,MIN=0,MAX=63", Ok("1/64")),
            ("auto", "ID=63,MIN=0,COUNT=64", Ok("64/64")),
            ("auto", "ID=7,MIN=7,MAX=7", Ok("1/1")),
            // Slurm variables that do not number the shards.
            ("auto", "ID=3,MAX=4", Err(SlurmNoMin(3))),
            ("auto", "ID=3,MIN=1", Err(SlurmNoCount(3))),
            (
                "auto",
                "ID=3,MIN=1,MAX=7,COUNT=4,STEP=2",
                Err(SlurmGaps {
                    count: 4,
                    min: 1,
                    max: 7,
                }),
            ),
            (
                "auto",
                "ID=3,MIN=1,MAX=8,COUNT=3",
                Err(SlurmGaps {
                    count: 3,
                    min: 1,
                    max: 8,
                }),
            ),
            ("auto", "ID=3,MIN=1,MAX=7,STEP=2", Err(SlurmStep(2))),
            (
                "auto",
                "ID=9,MIN=1,MAX=4",
                Err(SlurmOutside {
                    id: 9,
                    min: 1,
                    count: 4,
                }),
            ),
            (
                "auto",
                "ID=0,MIN=1,MAX=4",
                Err(SlurmOutside {
                    id: 0,
                    min: 1,
                    count: 4,
                }),
            ),
            (
                "auto",
                "ID=3,MIN=5,MAX=4",
                Err(SlurmMaxBelowMin { max: 4, min: 5 }),
            ),
            (
                "auto",
                "ID=x,MIN=1",
                Err(NotNumber {
                    name: "SLURM_ARRAY_TASK_ID",
                    value: "x".into(),
                }),
            ),
            (
                "auto",
                "ID=-1,MIN=1",
                Err(NotNumber {
                    name: "SLURM_ARRAY_TASK_ID",
                    value: "-1".into(),
                }),
            ),
            // GNU parallel: the count must be given.
            ("auto/8", "SEQ=5", Ok("5/8")),
            ("auto", "SEQ=5", Err(ParallelNeedsCount(5))),
            ("auto/4", "SEQ=5", Err(ParallelOutside { seq: 5, count: 4 })),
            ("auto/4", "SEQ=0", Err(ParallelOutside { seq: 0, count: 4 })),
            // Both, neither (empty counts as unset), and malformed values.
            ("auto/4", "SEQ=1,ID=1", Err(BothSchedulers)),
            ("auto", "", Err(NoScheduler)),
            ("auto/8", "ID=,SEQ= ", Err(NoScheduler)),
            ("auto/0", "SEQ=1", Err(NotAutoShard("auto/0".into()))),
            ("auto/", "SEQ=1", Err(NotAutoShard("auto/".into()))),
            ("autox", "SEQ=1", Err(NotAutoShard("autox".into()))),
            ("auto/-1", "SEQ=1", Err(NotAutoShard("auto/-1".into()))),
        ];
        for (arg, env, expected) in cases {
            let lookup = |name: &str| {
                let key = match name {
                    "PARALLEL_SEQ" => "SEQ",
                    _ => name.strip_prefix("SLURM_ARRAY_TASK_")?,
                };
                let mut pairs = env.split(',').filter_map(|pair| pair.split_once('='));
                pairs.find(|(k, _)| *k == key).map(|(_, v)| v.to_string())
            };
            let got = Shard::from_arg(arg, lookup).map(|s| s.to_string());
            let expected = expected.map(str::to_string).map_err(Error::from);
            assert_eq!(got, expected, "{arg:?} {env:?}");
        }
    }

    #[test]
    fn uniform_ranges_beyond_the_overflow_cap_are_clamped() {
        let far: Values = "9000000000000000000..9223372036854775807".parse().unwrap();
        let b = random_board(1, 0, Span { lo: 16, hi: 16 }, far);
        assert_eq!(b.len(), 16);
    }

    /// `runs` draws of `n` values each from `values`, one seed per run.
    fn draws(values: Values, n: usize, runs: u64) -> Vec<Vec<i64>> {
        (0..runs)
            .map(|seed| values.draw(&mut SplitMix64::keyed(&[seed, n as u64]), n))
            .collect()
    }

    #[test]
    fn keyed_generators_differ_by_every_key_and_their_order() {
        // For a fixed prefix the state is a bijection of the last key, so
        // 2^18 indices give 2^18 different first outputs.
        let mut first: Vec<u64> = (0..1u64 << 18)
            .map(|i| SplitMix64::keyed(&[7, i]).next_u64())
            .collect();
        first.sort_unstable();
        first.dedup();
        assert_eq!(first.len(), 1 << 18);
        let mut one: Vec<u64> = (0..1u64 << 16)
            .map(|k| SplitMix64::keyed(&[k]).next_u64())
            .collect();
        one.sort_unstable();
        one.dedup();
        assert_eq!(one.len(), 1 << 16);
        let out = |keys: &[u64]| SplitMix64::keyed(keys).next_u64();
        assert_ne!(out(&[1, 2]), out(&[2, 1]));
        assert_ne!(out(&[1, 2]), out(&[1, 2, 0]));
    }

    #[test]
    fn chance_comes_up_about_once_in_one_in() {
        let mut rng = SplitMix64::new(11);
        for (one_in, lo, hi) in [(2u64, 4_700, 5_300), (4, 2_200, 2_800), (10, 800, 1_200)] {
            let hits = (0..10_000).filter(|_| rng.chance(one_in)).count();
            assert!((lo..=hi).contains(&hits), "1/{one_in}: {hits} of 10000");
        }
        assert!((0..100).all(|_| rng.chance(1)));
    }

    #[test]
    fn spans_round_trip_and_refuse_only_reversal() {
        for (text, lo, hi, shown) in [
            ("-2..2", -2, 2, "-2..2"),
            ("3..3", 3, 3, "3..3"),
            ("4..=9", 4, 9, "4..9"),
            ("5", 5, 5, "5..5"),
            (" -7 .. -1 ", -7, -1, "-7..-1"),
        ] {
            let span: Span<i64> = text.parse().unwrap();
            assert_eq!((span.lo, span.hi), (lo, hi), "{text}");
            assert_eq!(span.to_string(), shown);
            assert_eq!(shown.parse::<Span<i64>>().unwrap(), span);
        }
        for bad in ["3..2", "0..-1", "10..=9"] {
            let err = bad.parse::<Span<i64>>().unwrap_err();
            let reversed = GenerateError::Reversed(bad.into());
            assert_eq!(err.layer(), Some(&reversed), "{bad}");
        }
    }

    #[test]
    fn distributions_round_trip_and_unknown_names_are_named() {
        for name in Values::NAMES.iter().skip(1).chain(&["-3..7", "0..0"]) {
            let values: Values = name.parse().unwrap();
            assert_eq!(values.to_string(), *name);
        }
        assert_eq!(
            "-3..7".parse::<Values>().unwrap(),
            Values::Uniform(Span { lo: -3, hi: 7 })
        );
        for bad in ["bogus", "5", ""] {
            let err = bad.parse::<Values>().unwrap_err();
            assert!(
                matches!(err.kind(), ErrorKind::UnknownName { .. }),
                "{bad:?}: {err}"
            );
        }
        let err = "3..1".parse::<Values>().unwrap_err();
        let reversed = GenerateError::Reversed("3..1".into());
        assert_eq!(err.layer(), Some(&reversed));
    }

    #[test]
    fn uniform_draws_cover_their_span_and_collapse_onto_the_cap() {
        for n in [1usize, 10, 16, 40] {
            let all: Vec<i64> = draws("-1000..1000".parse().unwrap(), n, 400).concat();
            assert!(all.iter().all(|v| (-1000..=1000).contains(v)), "n = {n}");
            assert!(*all.iter().min().unwrap() < -900, "n = {n}");
            assert!(*all.iter().max().unwrap() > 900, "n = {n}");
            let narrow = draws("-5..5".parse().unwrap(), n, 100).concat();
            assert!(narrow.iter().all(|v| (-5..=5).contains(v)), "n = {n}");
        }
        let cap = i64::MAX / 16;
        let high = draws(
            "9000000000000000000..9223372036854775807".parse().unwrap(),
            16,
            20,
        );
        assert!(high.concat().iter().all(|&v| v == cap));
        let low = draws(
            "-9223372036854775807..-9000000000000000000"
                .parse()
                .unwrap(),
            16,
            20,
        );
        assert!(low.concat().iter().all(|&v| v == -cap));
    }

    /// The smallest and largest of all values.
    fn extremes(all: &[i64]) -> (i64, i64) {
        (*all.iter().min().unwrap(), *all.iter().max().unwrap())
    }

    #[test]
    fn small_and_spiky_values_keep_their_ranges_and_reach_both_ends() {
        let small = draws(Values::Small, 12, 100).concat();
        assert_eq!(extremes(&small), (-1, 2));
        let spiky = draws(Values::Spiky, 12, 400).concat();
        let (quiet, spikes): (Vec<i64>, Vec<i64>) =
            spiky.iter().partition(|v| (-3..=3).contains(*v));
        assert_eq!(extremes(&quiet), (-3, 3));
        let (lo, hi) = extremes(&spikes);
        assert!(lo < -100_000 && hi > 100_000, "{lo} {hi}");
        assert!(lo >= -1_000_000 && hi <= 1_000_000, "{lo} {hi}");
        // About one value in eight is a spike (and a spike is rarely tiny).
        let rate = spikes.len() as f64 / spiky.len() as f64;
        assert!((0.09..0.16).contains(&rate), "{rate}");
    }

    #[test]
    fn extreme_values_are_tiny_or_within_a_thousandth_of_the_cap() {
        for n in [1usize, 7, 30] {
            let cap = i64::MAX / n as i64;
            let rows = draws(Values::Extreme, n, 2000 / n as u64);
            for row in &rows {
                let abs: i128 = row.iter().map(|&v| i128::from(v).abs()).sum();
                assert!(abs <= i128::from(i64::MAX), "n = {n}: {row:?}");
            }
            let all = rows.concat();
            let (tiny, huge): (Vec<i64>, Vec<i64>) =
                all.iter().partition(|v| (-3..=3).contains(*v));
            assert_eq!(extremes(&tiny), (-3, 3), "n = {n}");
            assert!(huge.iter().all(|v| v.abs() >= cap - cap / 1000), "n = {n}");
            assert!(huge.iter().any(|&v| v < 0) && huge.iter().any(|&v| v > 0));
            // The magnitudes spread over that thousandth, not onto one value.
            let spread = huge.iter().map(|v| cap - v.abs()).max().unwrap();
            assert!(spread > cap / 2000, "n = {n}: {spread}");
            let rate = tiny.len() as f64 / all.len() as f64;
            assert!((0.18..0.32).contains(&rate), "n = {n}: {rate}");
        }
    }

    #[test]
    fn sorted_zigzag_and_palindrome_have_their_shapes() {
        let mut directions = [false; 2];
        for row in draws(Values::Sorted, 9, 100) {
            let up = row.windows(2).all(|w| w[0] <= w[1]);
            let down = row.windows(2).all(|w| w[0] >= w[1]);
            assert!(up || down, "{row:?}");
            directions[usize::from(up)] = true;
            assert!(row.iter().all(|v| (-100..=100).contains(v)), "{row:?}");
        }
        assert_eq!(directions, [true, true]);
        for n in 1..=12usize {
            let rows = draws(Values::Palindrome, n, 40);
            for row in &rows {
                assert_eq!(row.len(), n);
                assert!(row.iter().eq(row.iter().rev()), "{row:?}");
            }
            let (lo, hi) = extremes(&rows.concat());
            assert!(
                (-100..-50).contains(&lo) && (51..=100).contains(&hi),
                "{lo} {hi}"
            );
        }
        for n in 1..=9usize {
            for seed in 0..30 {
                let mut rng = SplitMix64::keyed(&[seed]);
                // The first coin of the draw decides which comes first.
                let high_first = rng.clone().chance(2);
                let row = Values::Zigzag.draw(&mut rng, n);
                assert_eq!(row.len(), n);
                for (i, v) in row.iter().enumerate() {
                    let high = (50..=100).contains(v);
                    assert!(high || (-100..=10).contains(v), "{row:?}");
                    assert_eq!(high, (i % 2 == 0) == high_first, "{row:?}");
                }
            }
        }
    }

    #[test]
    fn random_games_reach_every_rule_at_its_rate() {
        let mut takes: HashMap<Counts, u32> = HashMap::new();
        let (mut ends, mut deletes, mut rest, mut circles) = (HashMap::new(), 0, 0, 0);
        let mut rng = SplitMix64::new(5);
        for _ in 0..10_000 {
            let game = random_game(&mut rng);
            *takes.entry(game.take).or_default() += 1;
            *ends.entry(game.ends).or_insert(0) += 1;
            deletes += u32::from(!game.delete.is_empty());
            rest += u32::from(game.score == Score::Rest);
            circles += u32::from(game.circle);
        }
        // Every arm of `counts`: 1; exactly 1..=3; 1..=1..3; 1.. to 3..; {1, 3}.
        let mut expected = vec![Counts::exactly(1).union(Counts::exactly(3))];
        for k in 1..=3 {
            expected.extend([Counts::exactly(k), Counts::range(1, k), Counts::from(k)]);
        }
        expected.sort_unstable();
        expected.dedup();
        let mut seen: Vec<Counts> = takes.keys().copied().collect();
        seen.sort_unstable();
        assert_eq!(seen, expected);
        // Exactly one: arm 0 always (1/5), arms 1 and 2 one time in three.
        let one = takes[&Counts::exactly(1)];
        assert!((3_000..3_700).contains(&one), "exactly 1: {one}");
        let both = takes[&Counts::exactly(1).union(Counts::exactly(3))];
        assert!((1_700..2_300).contains(&both), "1 or 3: {both}");
        assert_eq!(ends.len(), 3);
        assert!(ends.contains_key(&Ends::Left) && ends.contains_key(&Ends::Right));
        assert!((3_000..3_700).contains(&deletes), "deletes: {deletes}");
        assert!((3_000..3_700).contains(&rest), "rest: {rest}");
        assert!((2_200..2_800).contains(&circles), "circles: {circles}");
    }

    #[test]
    fn admissible_divides_by_n_only_what_score_rest_refuses() {
        let rest = crate::Game {
            score: Score::Rest,
            ..crate::Game::COINS
        };
        let big = i64::MAX / 4 - 1;
        let board = Board::new(vec![big, -big, 7, big / 2, -9]).unwrap();
        assert!(rest.admit(&board).is_err());
        // Taken scoring admits it as it is.
        let same = admissible(crate::Game::COINS, board.clone());
        assert_eq!(same.values(), board.values());
        let scaled = admissible(rest, board.clone());
        let want: Vec<i64> = board.values().iter().map(|v| v / 5).collect();
        assert_eq!(scaled.values(), want.as_slice());
        assert_eq!(scaled.values()[2..], [1, big / 10, -1]);
        assert!(rest.admit(&scaled).is_ok());
        let fine = Board::new(vec![3, -4, 5]).unwrap();
        assert_eq!(admissible(rest, fine.clone()).values(), fine.values());
    }

    #[test]
    fn shards_keep_their_numbers_and_hold_only_their_indices() {
        for count in 1..=6u64 {
            for part in 1..=count {
                let shard = Shard::new(part, count).unwrap();
                assert_eq!((shard.part(), shard.count()), (part, count));
                assert_eq!(shard.to_string().parse::<Shard>().unwrap(), shard);
                for index in 0..40u64 {
                    assert_eq!(shard.contains(index), index % count == part - 1);
                }
                let listed: Vec<u64> = shard.indices(40).collect();
                let held: Vec<u64> = (0..40).filter(|&i| shard.contains(i)).collect();
                assert_eq!(listed, held);
            }
        }
        assert_eq!(Shard::WHOLE, Shard::new(1, 1).unwrap());
    }
}

//! The boards of a source, in canonical order: every board over an
//! alphabet (one per symmetry class: lexicographically least of its
//! class), or seeded random boards. Each board comes with its ordinal
//! (its place in that order, per length, which shards split on) and the
//! number of boards its class stands for.

use super::quantity::Measure;
use coinline_core::generate::{Span, SplitMix64, Values};
use coinline_core::play::Game;
use serde::{Deserialize, Serialize};

/// Where the boards come from.
#[derive(Clone, Debug, PartialEq)]
pub enum Source {
    /// Every board of each length over `alphabet`, one per symmetry class
    /// when `symmetry` (the rule set's: see [`Symmetry::of`]).
    Enumerate {
        /// The values.
        alphabet: Span<i64>,
        /// Whether to enumerate symmetry classes rather than boards.
        symmetry: bool,
    },
    /// `boards` random boards of each length, board i of length n keyed
    /// by (seed, n, i), values from the existing distributions.
    Random {
        /// The distribution.
        values: Values,
        /// Boards per length.
        boards: u64,
        /// The seed.
        seed: u64,
        /// How many boards a length takes beyond `boards` (none: `boards`).
        sample: Option<super::sample::Sample>,
    },
    /// One board per k of a formula such as `0 0 (k 1)^k` (see
    /// [`super::formula`]), in the order of k.
    Formula {
        /// Each k with its board.
        boards: Vec<(i64, Vec<i64>)>,
    },
    /// Local search: `restarts` seeded walks per length, each of `budget`
    /// evaluations, moving to boards that change one or two values; the
    /// source yields each walk's best board.
    Search {
        /// The values.
        alphabet: Span<i64>,
        /// Walks per length.
        restarts: u64,
        /// Evaluations per walk.
        budget: u64,
        /// The measure the walk optimises.
        objective: Measure,
        /// Whether it seeks the minimum.
        minimise: bool,
        /// The seed.
        seed: u64,
    },
}

/// A source with its name in the tables.
#[derive(Clone, Debug, PartialEq)]
pub struct Named {
    /// The name (`name` in the file, else the alphabet or distribution).
    pub label: String,
    /// The lengths of its boards, increasing.
    pub n: Vec<usize>,
    /// The boards.
    pub source: Source,
}

/// The symmetries used to enumerate one representative per class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Symmetry {
    /// Every board.
    None,
    /// A board and its reversal (a row whose rules treat both ends alike).
    Reversal,
    /// The rotations of a circle.
    Rotation,
    /// The rotations and the reflection of a circle.
    Dihedral,
}

impl Symmetry {
    /// The symmetries of `game` that keep its value.
    pub fn of(game: Game, wanted: bool) -> Symmetry {
        match (wanted && game.circle, wanted && game.is_symmetric()) {
            (true, true) => Symmetry::Dihedral,
            (true, false) => Symmetry::Rotation,
            (false, true) => Symmetry::Reversal,
            (false, false) => Symmetry::None,
        }
    }

    /// A short name for the tables.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Reversal => "reversal",
            Symmetry::Rotation => "rotations",
            Symmetry::Dihedral => "rotations+reflection",
        }
    }
}

impl Source {
    /// About how many boards (classes) of `n` values the source evaluates
    /// in `game` (a sample's cap; a search's every step).
    pub fn boards(&self, game: Game, n: usize) -> f64 {
        match self {
            Source::Enumerate { alphabet, symmetry } => {
                let k = (alphabet.hi - alphabet.lo + 1) as f64;
                let turns = if *symmetry && game.circle { n } else { 1 };
                let flips = 1 + usize::from(*symmetry && game.is_symmetric());
                k.powi(n as i32) / (turns * flips) as f64
            }
            Source::Random { boards, sample, .. } => {
                sample.as_ref().map_or(*boards, |s| s.cap(n, *boards)) as f64
            }
            Source::Formula { boards } => boards.iter().filter(|b| b.1.len() == n).count() as f64,
            Source::Search {
                restarts, budget, ..
            } => *restarts as f64 * *budget as f64,
        }
    }
}

/// Random boards handed out together.
pub const BATCH: usize = 8192;

/// A piece of an enumeration: the classes whose words start with
/// `prefix`, in lexicographic order. The pieces of a length, in order,
/// hold every class once, in canonical order, so they are evaluated on
/// every core at once and split between shards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Task {
    prefix: Vec<u8>,
    /// For necklaces: the length of the prefix's last Lyndon factor.
    period: usize,
}

/// Pieces per length: about this many (fixed by n and the alphabet alone,
/// never by the thread count, so that the output does not depend on it).
const PIECES: u64 = 512;

/// The pieces of the enumeration of length `n` over `k` symbols.
pub fn tasks(n: usize, k: u8, symmetry: Symmetry) -> Vec<Task> {
    // The shortest prefix that makes enough pieces, at most n long.
    let enough = |d: &usize| u64::from(k).saturating_pow(*d as u32) >= PIECES;
    let d = (0..n).find(enough).unwrap_or(n);
    let mut tasks = Vec::new();
    let (prefix, period) = (Vec::new(), 1);
    let root = Task { prefix, period };
    extend(&root, d, n, k, symmetry, &mut |prefix, period| {
        let prefix = prefix.to_vec();
        tasks.push(Task { prefix, period })
    });
    tasks
}

/// Visits the words of length `len` that extend `task`'s prefix, in
/// lexicographic order: every word, or under rotations the prenecklaces
/// (prefixes of necklaces of length `n`) with their last Lyndon factor's
/// length.
fn extend(task: &Task, len: usize, n: usize, k: u8, symmetry: Symmetry, visit: Visit) {
    let d = task.prefix.len();
    match symmetry {
        Symmetry::None | Symmetry::Reversal => {
            let mut digits = task.prefix.clone();
            digits.resize(len, 0);
            loop {
                visit(&digits, 1);
                if !next_word(&mut digits[d..], k) {
                    break;
                }
            }
        }
        Symmetry::Rotation | Symmetry::Dihedral => {
            let mut a = vec![0u8; n + 1];
            a[1..=d].copy_from_slice(&task.prefix);
            prenecklaces(&mut a, d + 1, task.period, n, k, len + 1, visit);
        }
    }
}

/// Visits the boards of piece `t` of the enumeration of length `n` over
/// `alphabet` (see [`tasks`]), in canonical order, each with its ordinal
/// (increasing in canonical order) and the boards its class stands for.
pub fn run_piece(
    (t, task): (usize, &Task),
    n: usize,
    alphabet: Span<i64>,
    symmetry: Symmetry,
    mut visit: impl FnMut(u64, &[i64], u64),
) {
    let k = (alphabet.hi - alphabet.lo + 1) as u8;
    let (mut values, mut local) = (vec![0i64; n], 0u64);
    extend(task, n, n, k, symmetry, &mut |word, p| {
        let weight = match symmetry {
            Symmetry::None => Some(1),
            Symmetry::Reversal => reversal_weight(word),
            // A prenecklace whose p divides n is a necklace of period p.
            _ if n % p != 0 => None,
            Symmetry::Rotation => Some(p as u64),
            Symmetry::Dihedral => dihedral_weight(word, p),
        };
        let Some(weight) = weight else { return };
        for (v, &d) in values.iter_mut().zip(word) {
            *v = alphabet.lo + i64::from(d);
        }
        visit(((t as u64) << 40) | local, &values, weight);
        local += 1;
    });
}

/// What [`extend`] visits: a word, and for a prenecklace its last Lyndon
/// factor's length.
type Visit<'a> = &'a mut dyn FnMut(&[u8], usize);

/// The next word in lexicographic order; false after the last.
fn next_word(digits: &mut [u8], k: u8) -> bool {
    for d in digits.iter_mut().rev() {
        if *d + 1 < k {
            *d += 1;
            return true;
        }
        *d = 0;
    }
    false
}

/// `Some(boards in the class)` if `digits` is the least of itself and its
/// reversal.
fn reversal_weight(digits: &[u8]) -> Option<u64> {
    match digits.iter().cmp(digits.iter().rev()) {
        std::cmp::Ordering::Less => Some(2),
        std::cmp::Ordering::Equal => Some(1),
        std::cmp::Ordering::Greater => None,
    }
}

/// The prenecklaces of length `n` over `k` symbols extending `a[1..t]`
/// (whose last Lyndon factor has length `p`), in lexicographic order: the
/// recursive Fredricksen-Kessler-Maiorana algorithm. A prenecklace whose
/// p divides n is a necklace (a word least of its rotations) of period p.
/// With `stop <= n`, visits the prefixes of length `stop - 1` instead.
fn prenecklaces(a: &mut [u8], t: usize, p: usize, n: usize, k: u8, stop: usize, visit: Visit) {
    if t > n || t == stop {
        visit(&a[1..t], p);
        return;
    }
    a[t] = a[t - p];
    prenecklaces(a, t + 1, p, n, k, stop, visit);
    for j in a[t - p] + 1..k {
        a[t] = j;
        prenecklaces(a, t + 1, t, n, k, stop, visit);
    }
}

/// For a necklace `word` of period `period`: `Some(boards in its class)`
/// under rotations and the reflection if it is also no greater than any
/// rotation of its reflection (a bracelet), else `None`. No allocation:
/// this runs once per necklace.
fn dihedral_weight(word: &[u8], period: usize) -> Option<u64> {
    let mut symmetric = false;
    for shift in 0..word.len() {
        // The reflection rotated by `shift`: word[..n - shift] reversed,
        // then the rest reversed.
        let (head, tail) = word.split_at(word.len() - shift);
        match head.iter().rev().chain(tail.iter().rev()).cmp(word) {
            std::cmp::Ordering::Less => return None,
            std::cmp::Ordering::Equal => symmetric = true,
            std::cmp::Ordering::Greater => {}
        }
    }
    Some(period as u64 * if symmetric { 1 } else { 2 })
}

/// Random board `index` of length `n`: keyed by (seed, n, index), values
/// from the generators' distribution.
pub fn random_values(seed: u64, n: usize, index: u64, values: Values) -> Vec<i64> {
    let mut rng = SplitMix64::keyed(&[seed, n as u64, index]);
    values.draw(&mut rng, n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every class of boards of length `n` over 0..k under `symmetry`, in
    /// canonical order (the pieces one after the other).
    /// Each as (ordinal, values, weight).
    fn classes(n: usize, k: i64, symmetry: Symmetry) -> Vec<(u64, Vec<i64>, u64)> {
        let (mut all, alphabet) = (Vec::new(), Span { lo: 0, hi: k - 1 });
        for piece in tasks(n, k as u8, symmetry).iter().enumerate() {
            run_piece(piece, n, alphabet, symmetry, |ordinal, values, weight| {
                all.push((ordinal, values.to_vec(), weight))
            });
        }
        all
    }

    /// Every necklace of length `n` over `k` symbols with its period, in
    /// lexicographic order.
    fn necklaces(n: usize, k: u8, mut visit: impl FnMut(&[u8], usize)) {
        if n == 0 || k == 0 {
            return;
        }
        let mut a = vec![0u8; n + 1];
        prenecklaces(&mut a, 1, 1, n, k, usize::MAX, &mut |word, p| {
            if n % p == 0 {
                visit(word, p)
            }
        });
    }

    /// The class of a word under the symmetry, by brute force.
    fn class_of(word: &[i64], symmetry: Symmetry) -> Vec<Vec<i64>> {
        let n = word.len();
        let mut images = vec![word.to_vec()];
        if matches!(symmetry, Symmetry::Reversal | Symmetry::Dihedral) {
            images.push(word.iter().rev().copied().collect());
        }
        if matches!(symmetry, Symmetry::Rotation | Symmetry::Dihedral) {
            let base = images.clone();
            for w in base {
                for s in 1..n {
                    images.push(w[s..].iter().chain(&w[..s]).copied().collect());
                }
            }
        }
        images.sort();
        images.dedup();
        images
    }

    #[test]
    fn classes_partition_every_board_by_brute_force() {
        for symmetry in [
            Symmetry::None,
            Symmetry::Reversal,
            Symmetry::Rotation,
            Symmetry::Dihedral,
        ] {
            for (n, k) in [(1, 3), (4, 2), (6, 3), (7, 2), (5, 4), (11, 2), (7, 3)] {
                let items = classes(n, k, symmetry);
                let mut seen = std::collections::BTreeSet::new();
                let mut boards = 0;
                for (_, values, weight) in &items {
                    let class = class_of(values, symmetry);
                    assert_eq!(
                        &class[0], values,
                        "{symmetry:?}: not the least of its class"
                    );
                    assert_eq!(class.len() as u64, *weight, "{symmetry:?} {values:?}");
                    boards += weight;
                    for b in class {
                        assert!(seen.insert(b), "{symmetry:?}: two classes share a board");
                    }
                }
                assert_eq!(boards, (k as u64).pow(n as u32), "{symmetry:?} n={n} k={k}");
                let mut sorted = items.clone();
                sorted.sort_by(|a, b| a.1.cmp(&b.1));
                assert_eq!(sorted, items, "canonical order is lexicographic");
                assert!(items.windows(2).all(|w| w[0].0 < w[1].0));
            }
        }
    }

    #[test]
    fn bracelets_of_15_over_3() {
        // Burnside: necklaces (3^15 + 2*3^5 + 4*3^3 + 8*3) / 15 = 956,635,
        // bracelets (956,635 + 3^8) / 2 = 481,598.
        let mut count = 0u64;
        necklaces(15, 3, |w, p| {
            count += u64::from(dihedral_weight(w, p).is_some())
        });
        assert_eq!(count, 481_598);
    }
}

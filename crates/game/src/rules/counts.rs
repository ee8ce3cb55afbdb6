//! [`Counts`], a set of counts a take or a delete may remove: any counts
//! from 1 up to [`MAX_COUNT`], and optionally every count from some `k` on.
//!
//! Held inline (a rule set is `Copy`): counts 1..=63 as a bit mask, which
//! is every set the rules allowed before counts above 63, and the counts
//! above 63 as up to [`HIGH_RUNS`] runs. Every set has one representation
//! (`normalized`), so equal sets compare equal.

use crate::board::MAX_BOARD_LEN;

/// The largest count a set can name: no board is longer.
pub const MAX_COUNT: usize = MAX_BOARD_LEN;

/// The largest count the bit mask holds; larger ones are runs.
pub const MASK_COUNTS: usize = 63;

/// How many separate runs of counts above 63 a set may hold (`1,70,200`
/// is two; `1..1000` is one).
pub const HIGH_RUNS: usize = 4;

/// A set of counts (each at least 1). See the module documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Counts {
    /// Bit k set: count k is allowed (bit 0 is never set).
    mask: u64,
    /// Runs `lo..=hi` of counts above 63, ascending, apart, below the tail;
    /// the unused ones are `(0, 0)` at the end.
    high: [(u32, u32); HIGH_RUNS],
    /// Every count >= `from` is allowed; 0 means none.
    from: usize,
}

impl Counts {
    /// No count at all.
    pub const NONE: Counts = Counts {
        mask: 0,
        high: [(0, 0); HIGH_RUNS],
        from: 0,
    };

    /// Exactly `k` (1..=63; larger counts through [`Counts::try_range`]).
    pub const fn exactly(k: usize) -> Counts {
        Counts::range(k, k)
    }

    /// Every count from `k` on (k >= 1).
    pub const fn from(k: usize) -> Counts {
        Counts {
            from: k,
            ..Counts::NONE
        }
    }

    /// The counts `lo..=hi` (1 <= lo <= hi <= 63).
    pub const fn range(lo: usize, hi: usize) -> Counts {
        let mut mask = 0u64;
        let mut k = lo;
        while k <= hi {
            mask |= 1 << k;
            k += 1;
        }
        Counts {
            mask,
            ..Counts::NONE
        }
    }

    /// The counts `lo..=hi` of any size (1 <= lo <= hi <= [`MAX_COUNT`]).
    pub fn try_range(lo: usize, hi: usize) -> Option<Counts> {
        Counts::from_runs([(lo, hi)], 0)
    }

    /// The set of the runs `lo..=hi` (each 1 <= lo <= hi <= [`MAX_COUNT`],
    /// in any order, overlapping or not) and every count from `from` on (0:
    /// none); `None` when it needs more than [`HIGH_RUNS`] runs above 63.
    pub fn from_runs(
        runs: impl IntoIterator<Item = (usize, usize)>,
        from: usize,
    ) -> Option<Counts> {
        let mut runs: Vec<(usize, usize)> = runs.into_iter().collect();
        runs.sort_unstable();
        // Merge overlapping and adjacent runs, then fold the tail in.
        let mut merged: Vec<(usize, usize)> = Vec::with_capacity(runs.len());
        for (lo, hi) in runs {
            if lo == 0 || lo > hi || hi > MAX_COUNT {
                return None;
            }
            match merged.last_mut() {
                Some(last) if lo <= last.1 + 1 => last.1 = last.1.max(hi),
                _ => merged.push((lo, hi)),
            }
        }
        let mut from = from;
        if from > 0 {
            while let Some(&(lo, hi)) = merged.last() {
                if hi + 1 < from {
                    break;
                }
                from = from.min(lo);
                merged.pop();
            }
        }
        let mut counts = Counts {
            from,
            ..Counts::NONE
        };
        let mut high = 0;
        for (lo, hi) in merged {
            for k in lo..=hi.min(MASK_COUNTS) {
                counts.mask |= 1 << k;
            }
            if hi > MASK_COUNTS {
                let slot = counts.high.get_mut(high)?;
                *slot = (lo.max(MASK_COUNTS + 1) as u32, hi as u32);
                high += 1;
            }
        }
        Some(counts)
    }

    /// The maximal runs `lo..=hi` of the finite counts, ascending (a run
    /// may cross 63): the canonical text prints them.
    pub fn runs(self) -> impl Iterator<Item = (usize, usize)> {
        let mut bits = self.mask;
        let low = std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let lo = bits.trailing_zeros() as usize;
            let ones = (bits >> lo).trailing_ones() as usize;
            bits &= !(((1u128 << ones) - 1) << lo) as u64;
            Some((lo, lo + ones - 1))
        });
        let high = self
            .high
            .into_iter()
            .take_while(|&(lo, _)| lo != 0)
            .map(|(lo, hi)| (lo as usize, hi as usize));
        let mut pending: Option<(usize, usize)> = None;
        let mut all = low.chain(high);
        std::iter::from_fn(move || loop {
            match (pending, all.next()) {
                (None, None) => return None,
                (Some(p), None) => {
                    pending = None;
                    return Some(p);
                }
                (None, Some(r)) => pending = Some(r),
                (Some(p), Some(r)) if r.0 == p.1 + 1 => pending = Some((p.0, r.1)),
                (Some(p), Some(r)) => {
                    pending = Some(r);
                    return Some(p);
                }
            }
        })
    }

    /// The smallest allowed count in `at_least..=at_most`, if any.
    #[inline]
    pub(crate) fn next_in(self, at_least: usize, at_most: usize) -> Option<usize> {
        let finite = if at_least <= MASK_COUNTS {
            let bits = self.mask & (!0u64 << at_least);
            (bits != 0).then(|| bits.trailing_zeros() as usize)
        } else {
            None
        };
        let finite = finite.or_else(|| {
            self.high
                .iter()
                .take_while(|&&(lo, _)| lo != 0)
                .find(|&&(_, hi)| hi as usize >= at_least)
                .map(|&(lo, _)| (lo as usize).max(at_least))
        });
        let tail = (self.from > 0).then(|| self.from.max(at_least));
        let next = match (finite, tail) {
            (Some(a), Some(b)) => a.min(b),
            (a, b) => a.or(b)?,
        };
        (next <= at_most).then_some(next)
    }

    /// The set with finite counts `mask` (bit k: count k; bit 0 is
    /// ignored) and every count from `from` on (0: none).
    pub fn from_parts(mask: u64, from: usize) -> Counts {
        let runs = Counts {
            mask: mask & !1,
            ..Counts::NONE
        }
        .runs();
        // Runs of the mask alone need no high slot.
        Counts::from_runs(runs, from).unwrap_or(Counts::NONE)
    }

    /// The mask of the counts 1..=63 and the tail start, as
    /// [`Counts::from_parts`] takes them (counts above 63 not included).
    pub fn parts(self) -> (u64, usize) {
        (self.mask, self.from)
    }

    /// Whether some finite count is above 63 (the parts do not hold it).
    pub fn has_high(self) -> bool {
        self.high[0].0 != 0
    }

    /// Whether no count is allowed.
    pub fn is_empty(self) -> bool {
        self.mask == 0 && !self.has_high() && self.from == 0
    }

    /// Whether `k` is allowed.
    pub fn contains(self, k: usize) -> bool {
        k > 0 && self.next_in(k, k).is_some()
    }

    /// The smallest allowed count.
    pub fn min(self) -> Option<usize> {
        self.next_in(1, usize::MAX)
    }

    /// Whether the set is unbounded (`k..`).
    pub fn is_unbounded(self) -> bool {
        self.from > 0
    }

    /// The first count of the unbounded tail (`k` of `k..`), if any.
    pub fn open_tail(self) -> Option<usize> {
        (self.from > 0).then_some(self.from)
    }

    /// The finite counts, ascending: all below the tail, if there is one.
    pub fn finite(self) -> impl Iterator<Item = usize> {
        self.runs().flat_map(|(lo, hi)| lo..=hi)
    }

    /// How many finite counts (not the tail's) are at most `n`.
    pub fn finite_upto(self, n: usize) -> usize {
        self.runs()
            .take_while(|&(lo, _)| lo <= n)
            .map(|(lo, hi)| hi.min(n) - lo + 1)
            .sum()
    }

    /// How many allowed counts are at most `n` (a move's count is at most
    /// the values left): what the solvers' costs count, without listing them.
    pub fn count_upto(self, n: usize) -> usize {
        let finite = self.finite_upto(n);
        let tail = match self.from {
            0 => 0,
            from => (n + 1).saturating_sub(from),
        };
        finite + tail
    }

    /// The counts in either set; `None` when that needs more than
    /// [`HIGH_RUNS`] runs above 63.
    pub fn try_union(self, other: Counts) -> Option<Counts> {
        let from = match (self.from, other.from) {
            (0, f) | (f, 0) => f,
            (a, b) => a.min(b),
        };
        Counts::from_runs(self.runs().chain(other.runs()), from)
    }

    /// The counts in either set, for sets of counts up to 63 (of which
    /// any union is held); a union that cannot be held keeps `self`.
    pub fn union(self, other: Counts) -> Counts {
        self.try_union(other).unwrap_or(self)
    }

    /// The set without `k` (a finite count or one of the tail);
    /// `None` when that needs more than [`HIGH_RUNS`] runs above 63.
    pub fn without(self, k: usize) -> Option<Counts> {
        let mut runs: Vec<(usize, usize)> = Vec::new();
        for (lo, hi) in self.runs() {
            if (lo..=hi).contains(&k) {
                runs.extend(
                    [(lo, k - 1), (k + 1, hi)]
                        .into_iter()
                        .filter(|r| r.0 <= r.1),
                );
            } else {
                runs.push((lo, hi));
            }
        }
        let mut from = self.from;
        if from > 0 && k >= from {
            if k > from {
                runs.push((from, k - 1));
            }
            from = k + 1;
        }
        Counts::from_runs(runs, from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_have_one_representation() {
        // The tail starts below the finite counts it meets; the finite part
        // keeps only counts below the tail; count 0 is never held.
        let cases = [
            ((0b1_1100, 5), (0, 2)),
            ((0b1010, 4), (0b10, 3)),
            ((0b1110, 2), (0, 1)),
            ((0b101, 3), (0, 2)),
            ((0b101, 0), (0b100, 0)),
            ((0b1, 0), (0, 0)),
            ((1 << 63 | 1 << 62, 64), (0, 62)),
            ((1 << 63 | 1 << 61, 64), (1 << 61, 63)),
            ((1 << 63, 65), (1 << 63, 65)),
        ];
        for ((mask, from), parts) in cases {
            assert_eq!(
                Counts::from_parts(mask, from).parts(),
                parts,
                "{mask:#b} {from}"
            );
        }
        let min = |mask: u64, from: usize| Counts::from_parts(mask, from).min();
        assert_eq!(min(0b10_0100, 0), Some(2));
        assert_eq!(min(0, 3), Some(3));
        assert_eq!(min(0b10, 5), Some(1));
        assert_eq!(min(1 << 40, 7), Some(7));
        assert_eq!(min(0, 0), None);
        assert_eq!(Counts::NONE.min(), None);
    }

    #[test]
    fn counts_above_63_are_runs_with_one_representation() {
        let runs = |c: Counts| c.runs().collect::<Vec<_>>();
        let big = Counts::from_runs([(1, 100)], 0).unwrap();
        assert_eq!(runs(big), [(1, 100)]);
        assert_eq!(big, Counts::from_runs([(64, 100), (1, 63)], 0).unwrap());
        assert_eq!(big, Counts::from_runs([(1, 70), (50, 100)], 0).unwrap());
        // A tail swallows the runs that reach it.
        let tail = Counts::from_runs([(1, 5), (70, 99)], 100).unwrap();
        assert_eq!((runs(tail), tail.open_tail()), (vec![(1, 5)], Some(70)));
        for k in [1, 5, 70, 99, 100, 10_000] {
            assert!(tail.contains(k), "{k}");
        }
        for k in [0, 6, 63, 64, 69] {
            assert!(!tail.contains(k), "{k}");
        }
        let spread = Counts::from_runs([(1, 1), (70, 70), (200, 200)], 0).unwrap();
        assert_eq!(spread.finite().collect::<Vec<_>>(), [1, 70, 200]);
        assert_eq!(spread.next_in(2, 300), Some(70));
        assert_eq!(spread.next_in(71, 199), None);
        assert_eq!(spread.count_upto(100), 2);
        assert_eq!(big.count_upto(80), 80);
        assert_eq!(tail.count_upto(80), 5 + 11);
        // More separate runs above 63 than a set holds.
        let many = (0..=HIGH_RUNS).map(|i| (100 + 2 * i, 100 + 2 * i));
        assert_eq!(Counts::from_runs(many, 0), None);
        assert_eq!(Counts::from_runs([(1, MAX_COUNT + 1)], 0), None);
        // Removing a count splits its run; from the tail, it leaves a run.
        assert_eq!(runs(big.without(64).unwrap()), [(1, 63), (65, 100)]);
        let cut = Counts::from(3).without(5).unwrap();
        assert_eq!((runs(cut), cut.open_tail()), (vec![(3, 4)], Some(6)));
    }
}

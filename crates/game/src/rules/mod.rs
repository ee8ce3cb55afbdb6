//! Games as data: a [`Game`] is a rule set, any member of the
//! take-from-the-ends family: the ends a move may use, the counts a move may
//! take (and score) or delete, what a take scores, and whether the board is a
//! circle for the first move. The rules, the value of a board and the text
//! form are defined in one place, `docs/rules.md`. This module holds a rule
//! set as data and the facts that follow from it (the fact methods the
//! check's invariants ask); `text.rs` parses and prints its text form,
//! `moves.rs` lists its legal moves and says why a move is illegal.
//!
//! Text form (see `docs/rules.md`): words separated by spaces, e.g.
//! `take=1 delete=2`, `ends=left take=1..3`, `take=1 score=rest`,
//! `take=1 circle`. Built-in aliases name common members ([`ALIASES`]). A
//! game's canonical name, one spelling per rule set, is its alias if it has
//! one and else its canonical rule text ([`Game::rule_text`]); `Display`
//! prints it.
//!
//! Every method that decides something from the rules destructures the
//! whole [`Game`] (no `..`), so a new kind of rule (a new field) is a
//! compile error wherever a fact must be reconsidered: here, in the text
//! form, the moves, play ([`crate::play`]) and the shrink lattice of
//! `coinline-core`; ARCHITECTURE.md ("Adding a kind of rule") lists the
//! places the compiler does not name.

mod moves;
mod text;

pub use moves::{Kind, Move, MoveTable, Moves, MovesOf, Side};

/// The largest count a finite set of counts can name; larger counts are
/// reached only by an unbounded range (`k..`).
pub const MAX_COUNT: usize = 63;

/// Which ends a move may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ends {
    /// Either end.
    Both,
    /// The left end only.
    Left,
    /// The right end only.
    Right,
}

/// What a take scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Score {
    /// The sum of the values taken.
    Taken,
    /// The sum of the values that remain after the move.
    Rest,
}

/// A set of counts (each at least 1): a finite part (counts 1..=63) and,
/// optionally, every count from some `k` on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Counts {
    /// Bit k set: count k is allowed (bit 0 is never set).
    mask: u64,
    /// Every count >= `from` is allowed; 0 means none.
    from: usize,
}

impl Counts {
    /// No count at all.
    pub const NONE: Counts = Counts { mask: 0, from: 0 };

    /// Exactly `k` (1..=63).
    pub const fn exactly(k: usize) -> Counts {
        Counts {
            mask: 1 << k,
            from: 0,
        }
    }

    /// Every count from `k` on (k >= 1).
    pub const fn from(k: usize) -> Counts {
        Counts { mask: 0, from: k }
    }

    /// The counts `lo..=hi` (1 <= lo <= hi <= 63).
    pub const fn range(lo: usize, hi: usize) -> Counts {
        let mut mask = 0u64;
        let mut k = lo;
        while k <= hi {
            mask |= 1 << k;
            k += 1;
        }
        Counts { mask, from: 0 }
    }

    /// The smallest allowed count in `at_least..=at_most`, if any.
    #[inline]
    fn next_in(self, at_least: usize, at_most: usize) -> Option<usize> {
        let finite = if at_least <= MAX_COUNT {
            let bits = self.mask & (!0u64 << at_least);
            (bits != 0).then(|| bits.trailing_zeros() as usize)
        } else {
            None
        };
        let tail = (self.from > 0).then(|| self.from.max(at_least));
        let next = match (finite, tail) {
            (Some(a), Some(b)) => a.min(b),
            (a, b) => a.or(b)?,
        };
        (next <= at_most).then_some(next)
    }

    /// The set with finite counts `mask` (bit k: count k; bit 0 and bits
    /// above [`MAX_COUNT`] are ignored) and every count from `from` on (0:
    /// none).
    pub fn from_parts(mask: u64, from: usize) -> Counts {
        Counts {
            mask: mask & !1,
            from,
        }
        .normalized()
    }

    /// One representation per set, so that equal sets compare equal: the
    /// tail starts as low as the finite counts below it allow, and the
    /// finite part holds no count the tail covers.
    fn normalized(mut self) -> Counts {
        if self.from == 0 {
            return self;
        }
        while self.from > 1 && self.from - 1 <= MAX_COUNT && self.mask & (1 << (self.from - 1)) != 0
        {
            self.from -= 1;
        }
        if self.from <= MAX_COUNT {
            self.mask &= (1u64 << self.from) - 1;
        }
        self
    }

    /// The finite mask and the tail start, as [`Counts::from_parts`] takes them.
    pub fn parts(self) -> (u64, usize) {
        (self.mask, self.from)
    }

    /// Whether no count is allowed.
    pub fn is_empty(self) -> bool {
        self.mask == 0 && self.from == 0
    }

    /// Whether `k` is allowed.
    pub fn contains(self, k: usize) -> bool {
        (self.from > 0 && k >= self.from) || (k <= MAX_COUNT && self.mask & (1 << k) != 0)
    }

    /// The smallest allowed count.
    pub fn min(self) -> Option<usize> {
        let finite = (self.mask != 0).then(|| self.mask.trailing_zeros() as usize);
        match (finite, self.from) {
            (Some(f), 0) => Some(f),
            (Some(f), from) => Some(f.min(from)),
            (None, 0) => None,
            (None, from) => Some(from),
        }
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
        // Normalized: no finite count reaches the tail.
        let mut bits = self.mask;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let k = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(k)
        })
    }

    /// The counts in either set.
    pub fn union(self, other: Counts) -> Counts {
        let from = match (self.from, other.from) {
            (0, f) | (f, 0) => f,
            (a, b) => a.min(b),
        };
        Counts {
            mask: self.mask | other.mask,
            from,
        }
        .normalized()
    }
}

/// One member of the family. See the module documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Game {
    /// Which ends moves use.
    pub ends: Ends,
    /// The counts a take may remove (never empty).
    pub take: Counts,
    /// The counts a delete may remove (often none).
    pub delete: Counts,
    /// What a take scores.
    pub score: Score,
    /// Whether the first move sees a circle.
    pub circle: bool,
}

/// The built-in aliases: a name, the game, and its rule text (a test checks
/// that each text parses to its game).
pub const ALIASES: [(&str, Game, &str); 6] = [
    ("coins", Game::COINS, "take=1"),
    ("numbergame", Game::NUMBERGAME, "take=1 delete=2"),
    ("gameofsum", Game::GAMEOFSUM, "take=1.."),
    ("stonegame7", Game::STONEGAME7, "take=1 score=rest"),
    ("stonegame3", Game::STONEGAME3, "ends=left take=1..3"),
    ("pizza", Game::PIZZA, "take=1 circle"),
];

impl Game {
    /// Take one from either end, score it (the coins write-up).
    pub const COINS: Game = Game {
        ends: Ends::Both,
        take: Counts::exactly(1),
        delete: Counts::NONE,
        score: Score::Taken,
        circle: false,
    };

    /// Coins, or delete two from an end without scoring (algospot NUMBERGAME).
    pub const NUMBERGAME: Game = Game {
        delete: Counts::exactly(2),
        ..Game::COINS
    };

    /// Take any number from an end and score their sum (UVa 10891).
    pub const GAMEOFSUM: Game = Game {
        take: Counts::from(1),
        ..Game::COINS
    };

    /// Take one from an end, score the sum of what remains (LeetCode 1690).
    pub const STONEGAME7: Game = Game {
        score: Score::Rest,
        ..Game::COINS
    };

    /// Take 1, 2 or 3 from the left end (LeetCode 1406).
    pub const STONEGAME3: Game = Game {
        ends: Ends::Left,
        take: Counts::range(1, 3),
        ..Game::COINS
    };

    /// Coins on a circle: the first slice anywhere, then from the ends of
    /// what is left (the pizza problem).
    pub const PIZZA: Game = Game {
        circle: true,
        ..Game::COINS
    };

    /// Every alias, in the order of [`ALIASES`]: what `--game all` means.
    pub const ALL: [Game; 6] = [
        Game::COINS,
        Game::NUMBERGAME,
        Game::GAMEOFSUM,
        Game::STONEGAME7,
        Game::STONEGAME3,
        Game::PIZZA,
    ];

    /// The alias naming this game, if any.
    pub fn alias(&self) -> Option<&'static str> {
        ALIASES
            .iter()
            .find(|(_, game, _)| game == self)
            .map(|(name, _, _)| *name)
    }

    /// The names of the aliases.
    pub fn names() -> Vec<&'static str> {
        ALIASES.iter().map(|(name, _, _)| *name).collect()
    }

    /// The canonical name: the alias if there is one, else the rule text.
    /// One spelling per game; it is what reports and reproduce lines print.
    pub fn name(&self) -> String {
        self.to_string()
    }

    /// The rules of a circle's first move: any run may be taken or deleted;
    /// it is written as a left move from where the run starts.
    pub fn first_on_circle(self) -> Game {
        let Game {
            ends: _,
            take,
            delete,
            score,
            circle: _,
        } = self;
        Game {
            ends: Ends::Left,
            take,
            delete,
            score,
            circle: false,
        }
    }

    /// Whether these are the coins rules, where the parity strategy, the
    /// constant-shift rule and the odd-n bound are proved.
    pub fn are_coins(&self) -> bool {
        let Game {
            ends,
            take,
            delete,
            score,
            circle,
        } = *self;
        ends == Ends::Both
            && take == Counts::exactly(1)
            && delete.is_empty()
            && score == Score::Taken
            && !circle
    }

    /// Whether both ends are allowed alike, so reversing the board keeps
    /// its value.
    pub fn is_symmetric(&self) -> bool {
        let Game {
            ends,
            take: _,
            delete: _,
            score: _,
            circle: _,
        } = *self;
        ends == Ends::Both
    }

    /// Whether every value is scored by one player or the other on every
    /// line, so that first + second = the board's sum: takes score what
    /// they take, nothing is deleted, and a take of one is always possible.
    pub fn scores_everything(&self) -> bool {
        let Game {
            ends: _,
            take,
            delete,
            score,
            circle: _,
        } = *self;
        score == Score::Taken && delete.is_empty() && take.contains(1)
    }

    /// Whether each move takes exactly one value and every value is
    /// scored: then the first player takes ceil(n/2) values on every line,
    /// so adding c to every value adds c * ceil(n/2) to the first total.
    pub fn takes_singles(&self) -> bool {
        let Game {
            ends: _,
            take,
            delete: _,
            score: _,
            circle: _,
        } = *self;
        self.scores_everything() && take == Counts::exactly(1)
    }

    /// How adding 1 to every value of a board of n values changes its value,
    /// when every line of play changes alike: when each move takes exactly
    /// one value and nothing is deleted, every line has n moves and the
    /// k-th leaves n - k values. Scoring what is taken, the first player
    /// takes ceil(n/2) values and the second floor(n/2): the change is
    /// n mod 2. Scoring what remains, moves k and k + 1 differ by 1 in what
    /// remains, and the last move scores nothing: the change is floor(n/2).
    /// `None` for every other game.
    pub fn shift_effect(&self, n: usize) -> Option<i128> {
        let Game {
            ends: _,
            take,
            delete,
            score,
            circle: _,
        } = *self;
        if take != Counts::exactly(1) || !delete.is_empty() {
            return None;
        }
        Some(match score {
            Score::Taken => (n % 2) as i128,
            Score::Rest => (n / 2) as i128,
        })
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
    fn the_first_move_on_a_circle_is_a_left_move_in_a_row() {
        // Any run may be taken: written from its start, as a left move.
        assert_eq!(
            Game::PIZZA.first_on_circle().to_string(),
            "ends=left take=1"
        );
        let game: Game = "take=2,3 delete=1.. score=rest circle".parse().unwrap();
        assert_eq!(
            game.first_on_circle().to_string(),
            "ends=left take=2,3 delete=1.. score=rest"
        );
    }

    #[test]
    fn facts_follow_from_the_rules() {
        let r = |t: &str| t.parse::<Game>().unwrap();
        assert!(r("coins").takes_singles() && r("pizza").takes_singles());
        assert!(!r("numbergame").scores_everything());
        assert!(r("gameofsum").scores_everything() && !r("gameofsum").takes_singles());
        assert!(!r("take=2").scores_everything());
        assert!(!r("stonegame7").scores_everything());
        assert!(!r("stonegame3").is_symmetric() && r("stonegame7").is_symmetric());
        // The coins facts are the coins rules, field by field.
        for game in Game::ALL {
            assert_eq!(game.are_coins(), game == Game::COINS, "{game}");
        }
    }
}

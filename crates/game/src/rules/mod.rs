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

mod counts;
mod moves;
mod params;
mod text;

pub use counts::{Counts, HIGH_RUNS, MASK_COUNTS, MAX_COUNT};
pub use moves::IllegalReason;
pub use moves::{Kind, Move, MoveTable, Moves, MovesOf, Side};
pub use params::{is_name, Param, Params, RuleSet};
pub use text::{CountsError, CountsFault, ParamFault, RuleError, RuleFault};

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

/// What a position remembers beyond the values left: the history-dependent
/// rules (`docs/rules.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Memory {
    /// Nothing: a position is the interval of values left.
    None,
    /// `take=a..Km`: a take's count is also at most K times M, the largest
    /// take so far (1 before any); the factor K is held here and `take` is
    /// the tail `a..` (LeetCode 1140, Stone Game II, is `ends=left
    /// take=1..2m`).
    Bound(u32),
    /// `putback`: a take scores what it takes and puts one value back at
    /// its end, their sum (LeetCode 1872, Stone Game VIII, is `ends=left
    /// take=2.. putback`).
    PutBack,
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
    /// What a position remembers of the moves before it.
    pub memory: Memory,
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
        memory: Memory::None,
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
            memory,
        } = self;
        Game {
            ends: Ends::Left,
            take,
            delete,
            score,
            circle: false,
            memory,
        }
    }

    /// Why the memory of these rules (`take=a..Km`, `putback`) does not
    /// combine with the rest of them, if it does not (`docs/rules.md`):
    /// only such rule sets are games, and the rule text refuses the others.
    pub fn memory_conflict(&self) -> Option<RuleFault> {
        text::memory_conflict(self)
    }

    /// The rules of a position of a `take=a..Km` game whose largest take so
    /// far is `m`: the takes `a..=K*m`, nothing remembered. Every other
    /// game is its own rules at every position.
    pub fn capped(self, m: usize) -> Game {
        match self.memory {
            Memory::Bound(factor) => {
                let lo = self.take.min().unwrap_or(1);
                let hi = (factor as usize).saturating_mul(m).min(MAX_COUNT);
                Game {
                    take: Counts::try_range(lo, hi).unwrap_or(Counts::NONE),
                    memory: Memory::None,
                    ..self
                }
            }
            Memory::None | Memory::PutBack => self,
        }
    }

    /// The bound M after a take of `count` from a position whose bound is
    /// `m` (`take=a..Km`: the largest take so far); `m` for other games.
    pub fn next_bound(self, m: usize, count: usize) -> usize {
        match self.memory {
            Memory::Bound(_) => m.max(count),
            Memory::None | Memory::PutBack => m,
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
            memory,
        } = *self;
        ends == Ends::Both
            && take == Counts::exactly(1)
            && delete.is_empty()
            && score == Score::Taken
            && !circle
            && memory == Memory::None
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
            memory: _,
        } = *self;
        ends == Ends::Both
    }

    /// Whether every value is scored by one player or the other on every
    /// line, so that first + second = the board's sum: takes score what
    /// they take, nothing is deleted, a take of one is always possible (so
    /// under `take=1..Km` too: 1 <= K * M), and nothing is put back.
    pub fn scores_everything(&self) -> bool {
        let Game {
            ends: _,
            take,
            delete,
            score,
            circle: _,
            memory,
        } = *self;
        score == Score::Taken && delete.is_empty() && take.contains(1) && memory != Memory::PutBack
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
            memory: _,
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
            memory: _,
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

//! Games as data: a [`Game`] is a rule set, any member of the
//! take-from-the-ends family: the ends a move may use, the counts a move may
//! take (and score) or delete, what a take scores, and whether the board is a
//! circle for the first move. The rules, the value of a board and the text
//! form are defined in one place, `docs/rules.md`; this module holds a rule
//! set as data, lists its legal moves and parses and prints its text.
//!
//! Text form (see `docs/rules.md`): words separated by spaces, e.g.
//! `take=1 delete=2`, `ends=left take=1..3`, `take=1 score=rest`,
//! `take=1 circle`. Built-in aliases name common members ([`ALIASES`]). A
//! game's canonical name, one spelling per rule set, is its alias if it has
//! one and else its canonical rule text ([`Game::rule_text`]); `Display`
//! prints it.
//!
//! A new kind of rule (a new field here) must say, in [`Game::moves`],
//! [`Game::illegal_reason`] and [`crate::game::Row::play`], what it allows
//! and scores, and in the fact methods ([`Game::is_symmetric`],
//! [`Game::scores_everything`], [`Game::takes_singles`]) whether the
//! check's invariants still hold; ARCHITECTURE.md ("Adding a kind of rule")
//! lists the other places.

use crate::error::{Error, Result};
use std::fmt;
use std::str::FromStr;

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

impl fmt::Display for Counts {
    /// Canonical: ascending; runs of three or more as `a..b`; an unbounded
    /// tail as `a..`; `none` for the empty set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("none");
        }
        // Normalized: the tail already starts below any finite count that
        // joins it (`1,2..` is held as `1..`), and no finite count reaches it.
        let open = self.open_tail();
        let mut parts = Vec::new();
        let mut k = 1;
        while k <= MAX_COUNT {
            if self.mask & (1 << k) == 0 {
                k += 1;
                continue;
            }
            let start = k;
            while k < MAX_COUNT && self.mask & (1 << (k + 1)) != 0 {
                k += 1;
            }
            match k - start {
                0 => parts.push(start.to_string()),
                1 => parts.push(format!("{start},{k}")),
                _ => parts.push(format!("{start}..{k}")),
            }
            k += 1;
        }
        if let Some(s) = open {
            parts.push(format!("{s}.."));
        }
        f.write_str(&parts.join(","))
    }
}

impl FromStr for Counts {
    type Err = Error;

    /// `k`, `a..b`, `a..`, comma-separated; `none` is the empty set.
    fn from_str(s: &str) -> Result<Self> {
        if s == "none" {
            return Ok(Counts::NONE);
        }
        let bad = |why: &str| {
            Error::invalid(format!(
                "{s:?} is not a set of counts ({why}; write k, a..b or a.. with counts from 1 to {MAX_COUNT}, separated by commas)"
            ))
        };
        let number = |t: &str| -> Result<usize> {
            match t.parse::<usize>() {
                Ok(k) if (1..=MAX_COUNT).contains(&k) => Ok(k),
                Ok(_) => Err(bad("a count is out of range")),
                Err(_) => Err(bad(&format!("{t:?} is not a count"))),
            }
        };
        let mut counts = Counts::NONE;
        for item in s.split(',') {
            let part = match item.split_once("..") {
                None => Counts::exactly(number(item)?),
                Some((lo, "")) => Counts::from(number(lo)?),
                Some((lo, hi)) => {
                    let (lo, hi) = (number(lo)?, number(hi)?);
                    if lo > hi {
                        return Err(bad("a range runs backwards"));
                    }
                    Counts::range(lo, hi)
                }
            };
            counts = counts.union(part);
        }
        if counts.is_empty() {
            return Err(bad("no count"));
        }
        Ok(counts)
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

const FORMS: &str = "ends=both|left|right, take=COUNTS, delete=COUNTS, score=taken|rest, circle; \
    COUNTS is k, a..b or a.. (commas join them); or an alias: coins, numbergame, gameofsum, \
    stonegame7, stonegame3, pizza";

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

    /// The canonical rule text (`take=1 delete=2`), alias or not.
    pub fn rule_text(&self) -> String {
        let mut words = Vec::new();
        match self.ends {
            Ends::Both => {}
            Ends::Left => words.push("ends=left".to_string()),
            Ends::Right => words.push("ends=right".to_string()),
        }
        words.push(format!("take={}", self.take));
        if !self.delete.is_empty() {
            words.push(format!("delete={}", self.delete));
        }
        if self.score == Score::Rest {
            words.push("score=rest".to_string());
        }
        if self.circle {
            words.push("circle".to_string());
        }
        words.join(" ")
    }

    /// How far the rule set is from the simplest one, `take=1` (coins):
    /// one for each of `ends=left|right`, `score=rest` and `circle`, and per
    /// set of counts (take, delete) the sum of its finite counts plus 64 +
    /// k for a tail `k..`, less one for the take of 1 every rule set could
    /// have. `take=1` is 0; every other rule set is above it. Shrinking
    /// ([`Game::simplifications`]) only ever lowers it, so it ends.
    pub fn complexity(&self) -> usize {
        fn weight(counts: Counts) -> usize {
            counts.finite().sum::<usize>() + counts.open_tail().map_or(0, |k| 64 + k)
        }
        usize::from(self.ends != Ends::Both)
            + usize::from(self.score == Score::Rest)
            + usize::from(self.circle)
            + weight(self.take)
            + weight(self.delete)
            - 1
    }

    /// Simpler rule sets, most drastic first, for shrinking a failure: the
    /// simplest, `take=1`; then one change at a time: no deletes, no
    /// circle, `score=taken`, `ends=both`, `take=1`; one count dropped from
    /// the takes, then from the deletes; a tail `k..` cut to `k`; a count
    /// `c` lowered to `c - 1`. Only candidates of lower
    /// [`Game::complexity`] are listed, each once, so repeated shrinking
    /// ends (at `take=1` at the latest).
    pub fn simplifications(&self) -> Vec<Game> {
        let mut out: Vec<Game> = vec![Game::COINS];
        out.push(Game {
            delete: Counts::NONE,
            ..*self
        });
        out.push(Game {
            circle: false,
            ..*self
        });
        out.push(Game {
            score: Score::Taken,
            ..*self
        });
        out.push(Game {
            ends: Ends::Both,
            ..*self
        });
        out.push(Game {
            take: Counts::exactly(1),
            ..*self
        });
        for (is_take, counts) in [(true, self.take), (false, self.delete)] {
            let with = |counts: Counts| {
                if is_take {
                    Game {
                        take: counts,
                        ..*self
                    }
                } else {
                    Game {
                        delete: counts,
                        ..*self
                    }
                }
            };
            let (mask, from) = counts.parts();
            let finite: Vec<usize> = counts.finite().collect();
            for &k in &finite {
                out.push(with(Counts::from_parts(mask & !(1 << k), from)));
            }
            if counts.is_unbounded() {
                out.push(with(
                    Counts::from_parts(mask, 0).union(Counts::exactly(from.min(MAX_COUNT))),
                ));
            }
            for &k in finite.iter().filter(|&&k| k > 1) {
                let lowered =
                    Counts::from_parts(mask & !(1 << k), from).union(Counts::exactly(k - 1));
                out.push(with(lowered));
            }
        }
        let own = self.complexity();
        let mut seen = Vec::new();
        out.retain(|g| {
            let keep = !g.take.is_empty() && g.complexity() < own && !seen.contains(g);
            if keep {
                seen.push(*g);
            }
            keep
        });
        out
    }

    /// The rules of a circle's first move: any run may be taken or deleted;
    /// it is written as a left move from where the run starts.
    pub fn first_on_circle(self) -> Game {
        Game {
            ends: Ends::Left,
            circle: false,
            ..self
        }
    }

    /// Whether these are the coins rules, where the parity strategy, the
    /// constant-shift rule and the odd-n bound are proved.
    pub fn are_coins(&self) -> bool {
        *self == Game::COINS
    }

    /// Whether both ends are allowed alike, so reversing the board keeps
    /// its value.
    pub fn is_symmetric(&self) -> bool {
        self.ends == Ends::Both
    }

    /// Whether every value is scored by one player or the other on every
    /// line, so that first + second = the board's sum: takes score what
    /// they take, nothing is deleted, and a take of one is always possible.
    pub fn scores_everything(&self) -> bool {
        self.score == Score::Taken && self.delete.is_empty() && self.take.contains(1)
    }

    /// Whether each move takes exactly one value and every value is
    /// scored: then the first player takes ceil(n/2) values on every line,
    /// so adding c to every value adds c * ceil(n/2) to the first total.
    pub fn takes_singles(&self) -> bool {
        self.scores_everything() && self.take == Counts::exactly(1)
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
        if self.take != Counts::exactly(1) || !self.delete.is_empty() {
            return None;
        }
        Some(match self.score {
            Score::Taken => (n % 2) as i128,
            Score::Rest => (n / 2) as i128,
        })
    }

    /// The legal moves from a line position with `remaining` values, in
    /// canonical order: takes (left counts ascending, then right), then
    /// deletes likewise. Solvers that build lines pick the first optimal
    /// move in this order.
    pub fn moves(self, remaining: usize) -> Moves {
        let (sides, side_count) = match self.ends {
            Ends::Both => ([Side::Left, Side::Right], 2),
            Ends::Left => ([Side::Left, Side::Left], 1),
            Ends::Right => ([Side::Right, Side::Right], 1),
        };
        Moves {
            counts: [self.take, self.delete],
            sides,
            side_count,
            remaining,
            kind: 0,
            side: 0,
            next: 1,
        }
    }

    /// Why `mv` is not legal with `remaining` values left, if it is not.
    pub fn illegal_reason(&self, mv: Move, remaining: usize) -> Option<String> {
        let (counts, kind) = match mv.kind {
            Kind::Take => (self.take, "take"),
            Kind::Delete => (self.delete, "delete"),
        };
        if mv.count == 0 {
            Some(format!("a {kind} removes at least one value"))
        } else if !counts.contains(mv.count) {
            Some(format!("a {kind} of {} is not allowed by {self}", mv.count))
        } else if mv.count > remaining {
            Some(format!(
                "removes {} values but {remaining} are left",
                mv.count
            ))
        } else if !self.is_symmetric() && mv.side != self.allowed_side() {
            Some(format!(
                "{self} allows moves at the {} end only",
                self.allowed_side()
            ))
        } else {
            None
        }
    }

    fn allowed_side(&self) -> Side {
        match self.ends {
            Ends::Right => Side::Right,
            Ends::Both | Ends::Left => Side::Left,
        }
    }
}

impl fmt::Display for Game {
    /// The canonical name: the alias, or else the canonical rule text
    /// (fields in a fixed order, defaults left out).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.alias() {
            Some(name) => f.write_str(name),
            None => f.write_str(&self.rule_text()),
        }
    }
}

impl FromStr for Game {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        let text = s.trim();
        if let Some((_, game, _)) = ALIASES
            .iter()
            .find(|(name, _, _)| name.eq_ignore_ascii_case(text))
        {
            return Ok(*game);
        }
        // One word that is no rule is most likely a misspelt alias.
        if !text.is_empty()
            && !text.contains(char::is_whitespace)
            && !text.contains('=')
            && text != "circle"
        {
            let mut expected = Game::names();
            expected.push("or rules such as 'take=1..3 delete=2' (see coinline games)");
            return Err(Error::unknown("game", text, &expected));
        }
        let bad = |word: &str, why: String| {
            Error::invalid(format!("rule {word:?}: {why} (valid forms: {FORMS})"))
        };
        let mut rules = Game {
            take: Counts::NONE,
            ..Game::COINS
        };
        let mut seen = Vec::new();
        for word in text.split_whitespace() {
            let (key, value) = word.split_once('=').unwrap_or((word, ""));
            if seen.contains(&key) {
                return Err(bad(word, format!("{key} is given twice")));
            }
            seen.push(key);
            match (key, value) {
                ("ends", "both") => rules.ends = Ends::Both,
                ("ends", "left") => rules.ends = Ends::Left,
                ("ends", "right") => rules.ends = Ends::Right,
                ("take", v) => {
                    rules.take = v.parse().map_err(|e: Error| bad(word, e.to_string()))?
                }
                ("delete", v) => {
                    rules.delete = v.parse().map_err(|e: Error| bad(word, e.to_string()))?
                }
                ("score", "taken") => rules.score = Score::Taken,
                ("score", "rest") => rules.score = Score::Rest,
                ("circle", "") => rules.circle = true,
                ("ends" | "score", _) => return Err(bad(word, format!("unknown {key}"))),
                _ => return Err(bad(word, "unknown word".into())),
            }
        }
        if rules.take.is_empty() {
            return Err(bad(text, "a rule set needs take=COUNTS".into()));
        }
        Ok(rules)
    }
}

/// [`Game::moves`] of every position with up to `n` values, listed once
/// where the list stays small: a search that visits the same lengths again
/// and again then reads a slice instead of running the iterator each time.
#[derive(Clone, Debug)]
pub struct MoveTable {
    game: Game,
    /// The moves of `remaining` values are `moves[starts[remaining]..starts[remaining + 1]]`;
    /// empty when they are generated on demand.
    moves: Vec<Move>,
    starts: Vec<usize>,
}

/// The longest board whose moves are listed even when a count is unbounded
/// (n^2 moves: 1 MB at this length).
const LISTED_UNBOUNDED: usize = 256;

impl MoveTable {
    /// The moves of `game` for 0 to `n` values left: listed when the game's
    /// counts are bounded or `n` is small, generated on demand otherwise
    /// (with an unbounded count the list grows as n^2).
    pub fn new(game: Game, n: usize) -> MoveTable {
        let mut table = MoveTable {
            game,
            moves: Vec::new(),
            starts: Vec::new(),
        };
        let bounded = !game.take.is_unbounded() && !game.delete.is_unbounded();
        if bounded || n <= LISTED_UNBOUNDED {
            table.starts.reserve(n + 2);
            table.starts.push(0);
            for remaining in 0..=n {
                table.moves.extend(game.moves(remaining));
                table.starts.push(table.moves.len());
            }
        }
        table
    }

    /// The moves with `remaining` values left (at most the `n` it was built
    /// for), in [`Game::moves`]' order.
    #[inline]
    pub fn get(&self, remaining: usize) -> MovesOf<'_> {
        match self.starts.get(remaining..remaining + 2) {
            Some(&[from, to]) => MovesOf::Listed(self.moves[from..to].iter()),
            _ => MovesOf::Generated(self.game.moves(remaining)),
        }
    }
}

/// The moves of one position from a [`MoveTable`].
#[derive(Clone, Debug)]
pub enum MovesOf<'a> {
    /// Read from the table's list.
    Listed(std::slice::Iter<'a, Move>),
    /// Generated by [`Game::moves`].
    Generated(Moves),
}

impl Iterator for MovesOf<'_> {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        match self {
            MovesOf::Listed(moves) => moves.next().copied(),
            MovesOf::Generated(moves) => moves.next(),
        }
    }
}

/// The legal moves of a position in canonical order; see [`Game::moves`].
#[derive(Clone, Debug)]
pub struct Moves {
    counts: [Counts; 2],
    sides: [Side; 2],
    side_count: usize,
    remaining: usize,
    kind: usize,
    side: usize,
    next: usize,
}

impl Iterator for Moves {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        while self.kind < 2 {
            if let Some(count) = self.counts[self.kind].next_in(self.next, self.remaining) {
                self.next = count + 1;
                let kind = if self.kind == 0 {
                    Kind::Take
                } else {
                    Kind::Delete
                };
                return Some(Move {
                    kind,
                    side: self.sides[self.side],
                    count,
                });
            }
            self.next = 1;
            self.side += 1;
            if self.side == self.side_count {
                self.side = 0;
                self.kind += 1;
            }
        }
        None
    }
}

/// An end of the row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The leftmost end.
    Left,
    /// The rightmost end.
    Right,
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Left => "left",
            Side::Right => "right",
        })
    }
}

/// Take (and score) or delete.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Remove and score.
    Take,
    /// Remove without scoring.
    Delete,
}

/// A move of a rule set, printed `L`, `R3`, `DL2`; on a circle's first
/// move `@k` says where the run starts (1-based, going right): `L2@5`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Take or delete.
    pub kind: Kind,
    /// Which end.
    pub side: Side,
    /// How many values.
    pub count: usize,
}

impl Move {
    /// A take of `count` from `side`.
    pub const fn take(side: Side, count: usize) -> Move {
        Move {
            kind: Kind::Take,
            side,
            count,
        }
    }

    /// A delete of `count` from `side`.
    pub const fn delete(side: Side, count: usize) -> Move {
        Move {
            kind: Kind::Delete,
            side,
            count,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = if self.kind == Kind::Delete { "D" } else { "" };
        let s = if self.side == Side::Left { "L" } else { "R" };
        match (self.kind, self.count) {
            (Kind::Take, 1) => write!(f, "{s}"),
            (_, c) => write!(f, "{d}{s}{c}"),
        }
    }
}

impl FromStr for Move {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        let bad = || {
            Error::invalid(format!(
                "{s:?} is not a move (expected L, R, Lk, Rk, DLk or DRk with k >= 1)"
            ))
        };
        let (kind, rest) = match s.strip_prefix('D') {
            Some(rest) => (Kind::Delete, rest),
            None => (Kind::Take, s),
        };
        let side = match rest.as_bytes().first() {
            Some(b'L') => Side::Left,
            Some(b'R') => Side::Right,
            _ => return Err(bad()),
        };
        let digits = &rest[1..];
        let count = match (kind, digits) {
            (Kind::Take, "") => 1,
            (_, d) if !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()) => {
                d.parse::<usize>().map_err(|_| bad())?
            }
            _ => return Err(bad()),
        };
        if count == 0 {
            return Err(bad());
        }
        Ok(Move { kind, side, count })
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
    fn counts_print_canonically() {
        let cases = [
            ("1", "1"),
            ("2,1", "1,2"),
            ("3,1,2", "1..3"),
            ("1,2..", "1.."),
            ("2,4..6,8..", "2,4..6,8.."),
            ("5..7,6..", "5.."),
            ("62,63", "62,63"),
            ("61..63", "61..63"),
            ("62,63..", "62.."),
            ("1,40..", "1,40.."),
        ];
        for (text, canonical) in cases {
            let counts: Counts = text.parse().unwrap();
            assert_eq!(counts.to_string(), canonical, "{text}");
        }
        assert_eq!(Counts::NONE.to_string(), "none");
        // A range of one count is that count; a reversed one is refused.
        assert_eq!("3..3".parse::<Counts>().unwrap(), Counts::exactly(3));
        assert!("4..3".parse::<Counts>().is_err());
        // A game's name is its alias, else its canonical rule text.
        assert_eq!(Game::COINS.name(), "coins");
        let game: Game = "delete=2 take=3,1,2".parse().unwrap();
        assert_eq!(game.name(), "take=1..3 delete=2");
        let counts: Counts = "2,4..6,8..".parse().unwrap();
        assert_eq!(counts.finite().collect::<Vec<_>>(), [2, 4, 5, 6]);
        let counts: Counts = "1,63".parse().unwrap();
        assert_eq!(counts.finite().collect::<Vec<_>>(), [1, 63]);
        assert_eq!(Counts::from(3).finite().count(), 0);
    }

    #[test]
    fn complexity_weighs_each_rule() {
        // Finite counts weigh their sum, a tail `k..` 64 + k; one end, rest
        // scoring and a circle 1 each; take=1 is 0.
        let cases = [
            ("take=1", 0),
            ("take=1 delete=2", 2),
            ("take=1..", 64),
            ("take=1 circle", 1),
            ("take=1 ends=left", 1),
            ("take=1 score=rest", 1),
            ("take=1..3 delete=2", 7),
            ("take=2,3 delete=1 circle ends=right score=rest", 8),
            ("take=1,4.. delete=2..", 1 + 68 + 66 - 1),
        ];
        for (text, complexity) in cases {
            assert_eq!(
                text.parse::<Game>().unwrap().complexity(),
                complexity,
                "{text}"
            );
        }
    }

    #[test]
    fn simplifications_of_a_rule_set_in_their_order() {
        let names = |text: &str| -> Vec<String> {
            let game: Game = text.parse().unwrap();
            game.simplifications()
                .iter()
                .map(|g| g.to_string())
                .collect()
        };
        assert_eq!(
            names("take=1..3 delete=2 circle"),
            [
                "coins",
                "take=1..3 circle",
                "take=1..3 delete=2",
                "take=1 delete=2 circle",
                "take=2,3 delete=2 circle",
                "take=1,3 delete=2 circle",
                "take=1,2 delete=2 circle",
                "take=1..3 delete=1 circle",
            ]
        );
        assert!(names("take=1").is_empty());
    }

    #[test]
    fn a_move_table_gives_the_moves_of_the_rules() {
        let games = [
            "coins",
            "gameofsum",
            "take=2,5 delete=1.. circle",
            "ends=right take=1..3",
        ];
        for text in games {
            let game: Game = text.parse().unwrap();
            // Short boards are listed whatever the counts; a long board of
            // an unbounded game is generated on demand.
            for n in [0, 7, LISTED_UNBOUNDED + 1] {
                let table = MoveTable::new(game, n);
                let listed = !game.take.is_unbounded() && !game.delete.is_unbounded()
                    || n <= LISTED_UNBOUNDED;
                assert_eq!(table.starts.is_empty(), !listed, "{text} n={n}");
                for remaining in 0..=n {
                    let expected: Vec<Move> = game.moves(remaining).collect();
                    assert_eq!(table.get(remaining).collect::<Vec<_>>(), expected, "{text}");
                    // What is listed is read, not generated again.
                    let read = matches!(table.get(remaining), MovesOf::Listed(_));
                    assert_eq!(read, listed, "{text} n={n} remaining={remaining}");
                }
            }
        }
    }

    #[test]
    fn every_alias_parses_and_prints_its_canonical_text() {
        for (name, game, text) in ALIASES {
            let rules: Game = name.parse().unwrap();
            assert_eq!(rules, game);
            assert_eq!(rules.rule_text(), text);
            assert_eq!(text.parse::<Game>().unwrap(), rules);
            assert_eq!(rules.alias(), Some(name));
            assert_eq!(rules.to_string(), name);
        }
        assert_eq!(Game::ALL.map(|g| g.alias().unwrap()), Game::names()[..]);
    }

    #[test]
    fn one_spelling_per_rule_set() {
        for (a, b) in [
            ("take=1,2,3", "take=1..3"),
            ("take=3,1,2", "take=1..3"),
            ("take=1,2..", "take=1.."),
            ("take=1,2,5..", "take=1,2,5.."),
            ("take=1..2", "take=1,2"),
            ("circle take=1 ends=both", "take=1 circle"),
            ("take=2 score=taken delete=none", "take=2"),
            ("ends=right take=1,3..5,7", "ends=right take=1,3..5,7"),
        ] {
            assert_eq!(a.parse::<Game>().unwrap().rule_text(), b, "{a}");
        }
    }

    #[test]
    fn malformed_rules_name_the_bad_word() {
        for (text, fragment) in [
            ("take=0", "rule \"take=0\""),
            ("take=1 take=2", "given twice"),
            ("take=x", "\"x\" is not a count"),
            ("take=3..1", "runs backwards"),
            ("take=64", "out of range"),
            ("ends=middle take=1", "unknown ends"),
            ("delete=2", "needs take=COUNTS"),
            ("take=1 wrap", "rule \"wrap\": unknown word"),
            ("", "needs take"),
            ("circle", "needs take"),
        ] {
            let err = text.parse::<Game>().unwrap_err().to_string();
            assert!(err.contains(fragment), "{text}: {err}");
            assert!(err.contains("valid forms"), "{text}: {err}");
        }
    }

    #[test]
    fn a_single_word_that_is_no_rule_is_a_misspelt_alias() {
        let error = |text: &str| text.parse::<Game>().unwrap_err().to_string();
        assert_eq!(
            error("pizzza"),
            "unknown game \"pizzza\" (expected one of: coins, numbergame, gameofsum, \
             stonegame7, stonegame3, pizza, or rules such as 'take=1..3 delete=2' \
             (see coinline games))"
        );
        // Two words, or one with `=`, are read as rules.
        for (text, word) in [("circle wrap", "wrap"), ("take=x", "take=x")] {
            assert!(
                error(text).starts_with(&format!("rule {word:?}: ")),
                "{text}: {}",
                error(text)
            );
        }
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
    fn moves_come_in_canonical_order() {
        let names = |rules: &str, n| {
            let rules: Game = rules.parse().unwrap();
            rules
                .moves(n)
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(names("coins", 3), "L R");
        assert_eq!(names("numbergame", 2), "L R DL2 DR2");
        assert_eq!(names("numbergame", 1), "L R");
        assert_eq!(names("gameofsum", 3), "L L2 L3 R R2 R3");
        assert_eq!(names("stonegame3", 5), "L L2 L3");
        assert_eq!(names("ends=right take=2", 1), "");
        assert_eq!(names("coins", 0), "");
    }

    #[test]
    fn moves_print_and_parse_back() {
        for text in ["L", "R", "L3", "R12", "DL1", "DR2"] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
        }
        // Counts are digits only: no sign, space or suffix.
        for bad in [
            "", "D", "DL", "L0", "X", "l", "DL-1", "L+2", "DR+1", "R 2", "L2x",
        ] {
            assert!(bad.parse::<Move>().is_err(), "{bad}");
        }
    }

    #[test]
    fn simplifications_lower_the_complexity_and_end_at_take_one() {
        let r = |t: &str| t.parse::<Game>().unwrap();
        assert_eq!(Game::COINS.complexity(), 0);
        assert!(Game::COINS.simplifications().is_empty());
        let names = |t: &str| {
            r(t).simplifications()
                .iter()
                .map(|g| g.rule_text())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            names("take=1..3 delete=2"),
            [
                "take=1",
                "take=1..3",
                "take=1 delete=2",
                "take=2,3 delete=2",
                "take=1,3 delete=2",
                "take=1,2 delete=2",
                "take=1..3 delete=1",
            ]
        );
        assert_eq!(
            names("ends=left take=2.. score=rest circle"),
            [
                "take=1",
                "ends=left take=2.. score=rest",
                "ends=left take=2.. circle",
                "take=2.. score=rest circle",
                "ends=left take=1 score=rest circle",
                "ends=left take=2 score=rest circle",
            ]
        );
        // Every chain of simplifications ends, at take=1 when always taken.
        let mut rng = crate::generate::SplitMix64::new(12);
        for _ in 0..500 {
            let mut game = crate::generate::random_game(&mut rng);
            let mut steps = 0;
            while let Some(&next) = {
                let all = game.simplifications();
                let pick = rng.below(all.len().max(1) as u64) as usize;
                all.get(pick).copied().as_ref()
            } {
                assert!(next.complexity() < game.complexity(), "{game} -> {next}");
                game = next;
                steps += 1;
                assert!(steps < 400);
            }
            assert_eq!(game, Game::COINS);
        }
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
        let illegal = r("stonegame3").illegal_reason(Move::take(Side::Right, 1), 4);
        assert!(illegal.unwrap().contains("left end only"));
        assert!(r("coins")
            .illegal_reason(Move::take(Side::Left, 2), 4)
            .is_some());
        assert!(r("coins")
            .illegal_reason(Move::take(Side::Left, 1), 0)
            .is_some());
        assert!(r("numbergame")
            .illegal_reason(Move::delete(Side::Right, 2), 2)
            .is_none());
    }
}

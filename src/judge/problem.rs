//! The problem catalogue: each judge problem's format name, game, answer,
//! constraints and trusted answer, and the seeded boards `stress`
//! generates within those constraints.
//!
//! Architecture invariant: a generated input depends on (seed, board index)
//! alone, through [`crate::generate`]; how boards are grouped into runs
//! never changes them, which is what lets `stress` narrow a failing run down
//! to one board and `--only` re-create it.

use crate::board::Board;
use crate::error::{Error, Result};
use crate::game::Game;
use crate::generate::{Span, SplitMix64, Values};
use crate::solve::{solve, Generic, Solver, Table};
use std::fmt;
use std::str::FromStr;

/// What a problem asks for, per board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    /// The first player's total minus the second's, under optimal play.
    Difference,
    /// The first player's total under optimal play (only for games whose
    /// totals are determined by the difference).
    First,
}

impl Answer {
    /// Both answers, in a fixed order.
    pub const ALL: [Answer; 2] = [Answer::Difference, Answer::First];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Answer::Difference => "difference",
            Answer::First => "first",
        }
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Answer {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        Answer::ALL
            .into_iter()
            .find(|a| a.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| Error::unknown("answer", s, &["difference", "first"]))
    }
}

/// A judge's input format; each is also the name of a problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// algospot NUMBERGAME: `C`, then per case a line `n` and a line of n
    /// values. Output: one difference per case.
    AlgospotNumbergame,
    /// AtCoder Educational DP Contest L "Deque": `N`, then a line of N
    /// values. Output: X - Y.
    AtcoderDpL,
    /// CSES 1097 "Removal Game": `n`, then a line of n values. Output: the
    /// first player's total.
    CsesRemovalGame,
    /// UVa 10891 "Game of Sum": cases of a line `n` and a line of n values,
    /// ended by a line `0`. Output: one difference per case.
    Uva10891,
    /// One board per line (values separated by spaces); one answer per line.
    /// The game and the answer are chosen by the user.
    Lines,
}

impl Format {
    /// Every format, in a fixed order.
    pub const ALL: [Format; 5] = [
        Format::AlgospotNumbergame,
        Format::AtcoderDpL,
        Format::CsesRemovalGame,
        Format::Uva10891,
        Format::Lines,
    ];

    /// The problem name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::AlgospotNumbergame => "algospot-numbergame",
            Format::AtcoderDpL => "atcoder-dp-l",
            Format::CsesRemovalGame => "cses-removal-game",
            Format::Uva10891 => "uva-10891",
            Format::Lines => "lines",
        }
    }

    /// The names of all problems.
    pub fn names() -> Vec<&'static str> {
        Format::ALL.iter().map(|f| f.name()).collect()
    }

    /// The game and the answer the problem prescribes; `None` for `lines`.
    pub fn prescribed(self) -> Option<(Game, Answer)> {
        match self {
            Format::AlgospotNumbergame => Some((Game::NUMBERGAME, Answer::Difference)),
            Format::AtcoderDpL => Some((Game::COINS, Answer::Difference)),
            Format::CsesRemovalGame => Some((Game::COINS, Answer::First)),
            Format::Uva10891 => Some((Game::GAMEOFSUM, Answer::Difference)),
            Format::Lines => None,
        }
    }

    /// The problem's constraints, which are also the default bounds of
    /// generated boards.
    pub fn default_limits(self) -> Limits {
        let (n, v) = match self {
            Format::AlgospotNumbergame => (50, (-1000, 1000)),
            Format::AtcoderDpL => (3000, (1, 1_000_000_000)),
            Format::CsesRemovalGame => (5000, (-1_000_000_000, 1_000_000_000)),
            Format::Uva10891 => (100, (-1000, 1000)),
            Format::Lines => (100, (-1000, 1000)),
        };
        Limits {
            n: Span { lo: 1, hi: n },
            values: Span { lo: v.0, hi: v.1 },
        }
    }

    /// The most boards one input may hold (algospot allows 50 cases; the
    /// single-case formats hold one board).
    pub fn max_batch(self) -> usize {
        match self {
            Format::AlgospotNumbergame => 50,
            Format::AtcoderDpL | Format::CsesRemovalGame => 1,
            Format::Uva10891 | Format::Lines => usize::MAX,
        }
    }

    /// How many boards `stress` puts into one input by default.
    pub fn default_batch(self) -> usize {
        self.max_batch().min(50)
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        Format::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| Error::unknown("problem", s, &Format::names()))
    }
}

/// The longest board [`Limits::new`] accepts: the trusted table solver takes
/// O(n^2) time, so far longer boards would only stall a run.
pub const MAX_N: usize = 100_000;

/// Bounds of board lengths and values, inclusive: a problem's constraints,
/// or the user's override of them for generation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Lengths.
    pub n: Span<usize>,
    /// Values.
    pub values: Span<i64>,
}

impl Limits {
    /// Validated bounds: lengths from 1 to [`MAX_N`], and any board within
    /// them passes the overflow rule.
    pub fn new(n: Span<usize>, values: Span<i64>) -> Result<Limits> {
        if n.lo == 0 {
            return Err(Error::invalid(format!(
                "length range {n} starts at 0; every judge board has at least one value"
            )));
        }
        if n.hi > MAX_N {
            return Err(Error::invalid(format!(
                "length range {n} goes above {MAX_N}, too long for the O(n^2) trusted solver"
            )));
        }
        let largest = i128::from(values.lo).abs().max(i128::from(values.hi).abs());
        if largest * n.hi as i128 > i128::from(i64::MAX) {
            return Err(Error::invalid(format!(
                "{} values within {values} could sum beyond the 64-bit range",
                n.hi
            )));
        }
        Ok(Limits { n, values })
    }

    /// Why `board` breaks these bounds, or `None` if it keeps them.
    pub fn violation(&self, board: &Board) -> Option<String> {
        let n = board.len();
        if n < self.n.lo || n > self.n.hi {
            return Some(format!("n = {n} is outside {}", self.n));
        }
        let (lo, hi) = (self.values.lo, self.values.hi);
        board
            .values()
            .iter()
            .position(|v| !(lo..=hi).contains(v))
            .map(|i| {
                format!(
                    "value {} (position {}) is outside {}",
                    board.values()[i],
                    i + 1,
                    self.values
                )
            })
    }

    /// Whether `board` keeps these bounds.
    pub fn admits(&self, board: &Board) -> bool {
        self.violation(board).is_none()
    }

    /// The generated board number `index` of the run with `seed`, drawn
    /// with [`crate::generate`]'s random stream and value distributions.
    /// Lengths: the edges (shortest and longest) one time in ten each,
    /// otherwise mostly short boards with some of any length, the parity
    /// alternating with the index. Values: a distribution of [`Values`]
    /// (uniform over the limits two times in eight; small values with
    /// ties, extreme, spiky, sorted, zigzag) or one extreme value repeated,
    /// each value then clamped into the limits (so extremes and spikes
    /// land on them).
    pub fn board(&self, seed: u64, index: u64) -> Board {
        let mut rng = SplitMix64::keyed(&[seed, index]);
        let n = self.length(&mut rng, index);
        let (lo, hi) = (self.values.lo, self.values.hi);
        let values = match rng.below(8) {
            // One value repeated: every move ties.
            7 => vec![Values::Extreme.draw(&mut rng, 1)[0]; n],
            pick => {
                let distribution = match pick {
                    0 | 1 => Values::Uniform(self.values),
                    2 => Values::Small,
                    3 => Values::Extreme,
                    4 => Values::Spiky,
                    5 => Values::Sorted,
                    _ => Values::Zigzag,
                };
                distribution.draw(&mut rng, n)
            }
        };
        Board::new(values.into_iter().map(|v| v.clamp(lo, hi)).collect())
            .expect("Limits::new bounds the sum of absolute values")
    }

    fn length(&self, rng: &mut SplitMix64, index: u64) -> usize {
        let Span { lo, hi } = self.n;
        let pick =
            |rng: &mut SplitMix64, top: usize| lo + rng.below((top - lo) as u64 + 1) as usize;
        let n = match rng.below(20) {
            0 => return lo,
            1 => return hi,
            2..=9 => pick(rng, hi.min(lo.saturating_add(9))),
            10..=15 => pick(rng, hi.min(lo.saturating_add(99))),
            _ => pick(rng, hi),
        };
        let wanted_parity = (index % 2) as usize;
        match n {
            _ if n % 2 == wanted_parity => n,
            _ if n < hi => n + 1,
            _ if n > lo => n - 1,
            _ => n,
        }
    }
}

/// A judge problem: a format, the game it plays and the answer it wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Problem {
    format: Format,
    game: Game,
    answer: Answer,
}

impl Problem {
    /// The problem of `format`. A prescribed problem refuses any `game` or
    /// `answer` (they are fixed); `lines` defaults to coins and the
    /// difference, and refuses `first` for numbergame (whose totals depend
    /// on the line of play; only the difference is unique).
    pub fn new(format: Format, game: Option<Game>, answer: Option<Answer>) -> Result<Problem> {
        let (game, answer) = match format.prescribed() {
            Some((fixed_game, fixed_answer)) => {
                // Refused even when they agree, so an option never looks
                // as if it changed a fixed problem.
                if let Some(g) = game {
                    return Err(Error::invalid(format!(
                        "--game {g} is only for --problem lines; problem {format} is always game {fixed_game}"
                    )));
                }
                if let Some(a) = answer {
                    return Err(Error::invalid(format!(
                        "--answer {a} is only for --problem lines; problem {format} always asks for the {fixed_answer}"
                    )));
                }
                (fixed_game, fixed_answer)
            }
            None => (
                game.unwrap_or(Game::COINS),
                answer.unwrap_or(Answer::Difference),
            ),
        };
        if !game.scores_everything() && answer == Answer::First {
            return Err(Error::invalid(format!(
                "--answer first is refused for {game}: its totals depend on the line of play, only the difference is unique"
            )));
        }
        Ok(Problem {
            format,
            game,
            answer,
        })
    }

    /// The problem named `name`, with its defaults.
    pub fn by_name(name: &str) -> Result<Problem> {
        Problem::new(name.parse()?, None, None)
    }

    /// Every problem: the four prescribed ones and `lines` with each game
    /// and answer it accepts.
    pub fn all() -> Vec<Problem> {
        let mut all: Vec<Problem> = Format::ALL
            .iter()
            .filter(|&&f| f != Format::Lines)
            .filter_map(|&f| Problem::new(f, None, None).ok())
            .collect();
        for game in Game::ALL {
            for answer in Answer::ALL {
                all.extend(Problem::new(Format::Lines, Some(game), Some(answer)).ok());
            }
        }
        all
    }

    /// The input format.
    pub fn format(&self) -> Format {
        self.format
    }

    /// The game played.
    pub fn game(&self) -> Game {
        self.game
    }

    /// The answer wanted per board.
    pub fn answer(&self) -> Answer {
        self.answer
    }

    /// The problem's constraints.
    pub fn limits(&self) -> Limits {
        self.format.default_limits()
    }

    /// The command-line options naming this problem, such as
    /// `--problem lines --game coins --answer first`.
    pub fn options(&self) -> String {
        match self.format {
            Format::Lines => format!(
                "--problem lines --game {} --answer {}",
                self.game, self.answer
            ),
            f => format!("--problem {f}"),
        }
    }

    /// The trusted answer for `board`: the table solver's difference (the
    /// generic table's in games without a specialised one), or the first
    /// player's total derived from it.
    pub fn expected(&self, board: &Board) -> Result<i64> {
        let trusted: &dyn Solver = if Table.supports(self.game) {
            &Table
        } else {
            &Generic
        };
        let solution = solve(trusted, self.game, board, false)?;
        match self.answer {
            Answer::Difference => Ok(solution.difference),
            Answer::First => solution.totals.map(|t| t.first).ok_or_else(|| {
                Error::invalid(format!("game {} has no unique first total", self.game))
            }),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.format {
            Format::Lines => write!(f, "lines (game {}, answer {})", self.game, self.answer),
            format => write!(f, "{format}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn problems_refuse_what_they_cannot_answer() {
        let lines = Format::Lines;
        assert!(Problem::new(lines, Some(Game::NUMBERGAME), Some(Answer::First)).is_err());
        assert!(Problem::new(Format::AtcoderDpL, Some(Game::NUMBERGAME), None).is_err());
        assert!(Problem::new(Format::CsesRemovalGame, None, Some(Answer::Difference)).is_err());
        assert!(Problem::new(Format::CsesRemovalGame, Some(Game::COINS), None).is_err());
        assert!(Problem::new(Format::CsesRemovalGame, None, Some(Answer::First)).is_err());
        assert!(Problem::new(Format::CsesRemovalGame, None, None).is_ok());
        assert!(Problem::by_name("codeforces").is_err());
        // Games without a specialised table are answered by the generic one.
        let sg7 = Problem::new(lines, Some(Game::STONEGAME7), None).unwrap();
        assert_eq!(
            sg7.expected(&Board::parse("5 3 1 4 2").unwrap()).unwrap(),
            6
        );
        // Four formats, and lines with each alias: the difference, and the
        // first total where every value is scored (all but numbergame and
        // stonegame7).
        assert_eq!(Problem::all().len(), 4 + 6 + 4);
    }

    #[test]
    fn trusted_answers_follow_the_problem() {
        let board = Board::parse("8 15 3 7").unwrap();
        let cses = Problem::by_name("cses-removal-game").unwrap();
        let atcoder = Problem::by_name("atcoder-dp-l").unwrap();
        assert_eq!(cses.expected(&board).unwrap(), 22);
        assert_eq!(atcoder.expected(&board).unwrap(), 22 - 11);
    }

    #[test]
    fn generation_covers_edges_parities_and_limits() {
        for problem in Problem::all() {
            let limits = problem.limits();
            let generated: Vec<Board> = (0..400).map(|i| limits.board(7, i)).collect();
            assert!(generated.iter().all(|b| limits.admits(b)), "{problem}");
            let has = |f: &dyn Fn(&Board) -> bool| generated.iter().any(f);
            assert!(has(&|b| b.len() == 1), "{problem}: n = 1");
            assert!(has(&|b| b.len() == limits.n.hi), "{problem}: max n");
            assert!(has(&|b| b.len() % 2 == 0 && b.len() > 1), "{problem}: even");
            assert!(has(&|b| b.len() % 2 == 1 && b.len() > 1), "{problem}: odd");
            assert!(has(&|b| b.values().contains(&limits.values.hi)));
            assert!(has(&|b| b.values().contains(&limits.values.lo)));
            if limits.values.lo < 0 {
                assert!(has(&|b| b.values().iter().any(|&v| v < 0)));
            }
            let ties = |b: &Board| b.len() > 2 && b.values().iter().all(|&v| v == b.values()[0]);
            assert!(has(&ties), "{problem}: ties");
        }
        let limits = Format::AtcoderDpL.default_limits();
        assert_eq!(limits.board(3, 9), limits.board(3, 9));
        assert_ne!(limits.board(3, 9), limits.board(4, 9));
    }

    #[test]
    fn limits_refuse_overflow_and_empty_boards() {
        let n = |lo, hi| Span::<usize> { lo, hi };
        let v = |lo, hi| Span::<i64> { lo, hi };
        assert!(Limits::new(n(0, 5), v(1, 2)).is_err());
        assert!(Limits::new(n(1, 10), v(-i64::MAX / 5, 1)).is_err());
        assert!(Limits::new(n(1, MAX_N + 1), v(0, 0)).is_err());
        let limits = Limits::new(n(2, 3), v(-1, 1)).unwrap();
        let why = limits.violation(&Board::parse("1 2").unwrap()).unwrap();
        assert_eq!(why, "value 2 (position 2) is outside -1..1");
        assert!(limits.violation(&Board::parse("1").unwrap()).is_some());
    }
}

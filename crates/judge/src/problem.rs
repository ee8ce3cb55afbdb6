//! Problems as data: a problem is a game (rule set), an input layout, an
//! answer per case and the statement's limits. The built-in problems are
//! TOML files under `problems/`, embedded in the binary; a user's problem is
//! the same kind of file, read by the judge's `spec` module.

use super::error::{at, JudgeError};
use super::instance::{draw_params, Instance, ParamLimit};
use super::limits::InputLimits;
use super::template::Template;
use coinline_core::board::Board;
use coinline_core::error::{Error, Result};
use coinline_core::play::Game;
use coinline_core::rules::{Params, RuleSet};
use coinline_core::solve::{solve, solvers_for, Generic, OneEnded, Solver, Table};
use coinline_core::strategy::{heuristic_by_name, self_play};
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

/// How the cases of one input follow each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cases {
    /// Exactly one case.
    One,
    /// The number of cases first (`T`), then the cases.
    Count,
    /// Cases until the end of the input.
    UntilEnd,
    /// Cases until a case whose length is 0 (UVa 10891); only with the
    /// length written first.
    UntilZero,
}

/// How one case is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CaseLayout {
    /// `n`, then the n values (anywhere: tokens, not lines).
    LengthFirst,
    /// The values alone: a case is the rest of the input when it is the only
    /// one, otherwise one line.
    ValuesOnly,
    /// The values on one line, then `n`.
    LengthLast,
}

/// An input layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    /// How cases follow each other.
    pub cases: Cases,
    /// How each case is written.
    pub case: CaseLayout,
}

impl Cases {
    /// Every kind, with its name in a problem file.
    pub const NAMES: [(&'static str, Cases); 4] = [
        ("one", Cases::One),
        ("count", Cases::Count),
        ("until-end", Cases::UntilEnd),
        ("until-zero", Cases::UntilZero),
    ];

    /// The name in a problem file.
    pub fn name(self) -> &'static str {
        Cases::NAMES.iter().find(|(_, c)| *c == self).unwrap().0
    }
}

impl CaseLayout {
    /// Every layout, with its name in a problem file.
    pub const NAMES: [(&'static str, CaseLayout); 3] = [
        ("n values", CaseLayout::LengthFirst),
        ("values", CaseLayout::ValuesOnly),
        ("values n", CaseLayout::LengthLast),
    ];

    /// The name in a problem file.
    pub fn name(self) -> &'static str {
        CaseLayout::NAMES
            .iter()
            .find(|(_, c)| *c == self)
            .unwrap()
            .0
    }
}

/// Who wins a tie, for answers that name the winner with two words.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Tie {
    /// A tie is printed as the first player's word (LeetCode 486: "if the
    /// scores are equal, player 1 is still the winner").
    First,
    /// A tie is printed as the second player's word.
    Second,
    /// A tie has its own word (LeetCode 1406: `Tie`).
    Word(String),
}

/// The words of a winner answer.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Winner {
    /// Printed when the first player's total is larger.
    pub first: String,
    /// Printed when the second player's total is larger.
    pub second: String,
    /// What a tie prints.
    pub tie: Tie,
}

impl Winner {
    /// The word for a board of value `difference`.
    pub fn word(&self, difference: i64) -> &str {
        match difference.cmp(&0) {
            std::cmp::Ordering::Greater => &self.first,
            std::cmp::Ordering::Less => &self.second,
            std::cmp::Ordering::Equal => match &self.tie {
                Tie::First => &self.first,
                Tie::Second => &self.second,
                Tie::Word(w) => w,
            },
        }
    }

    /// Every word an answer may be.
    pub fn words(&self) -> Vec<&str> {
        let mut words = vec![self.first.as_str(), self.second.as_str()];
        if let Tie::Word(w) = &self.tie {
            words.push(w);
        }
        words
    }
}

/// What a problem asks for, per case.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    /// The first player's total minus the second's, under optimal play.
    Difference,
    /// The first player's total under optimal play (only where every value
    /// is scored, so the difference fixes the totals).
    First,
    /// The second player's total, likewise.
    Second,
    /// Both totals, first then second, likewise.
    Totals,
    /// The larger of the two totals, likewise: what the winner ends with
    /// (the common total on a tie).
    WinnerTotal,
    /// The smaller of the two totals, likewise.
    LoserTotal,
    /// Which player ends ahead under optimal play, as one of the words.
    Winner(Winner),
    /// Both totals when both players follow the named heuristic
    /// (Codeforces 381A: both greedy).
    Play(String),
}

impl Answer {
    /// The answers `--answer` may choose (the others need the words or the
    /// heuristic a problem file gives).
    pub const SIMPLE: [(&'static str, Answer); 4] = [
        ("difference", Answer::Difference),
        ("first", Answer::First),
        ("second", Answer::Second),
        ("totals", Answer::Totals),
    ];

    /// The kind's name in a problem file.
    pub fn kind(&self) -> &'static str {
        match self {
            Answer::Difference => "difference",
            Answer::First => "first",
            Answer::Second => "second",
            Answer::Totals => "totals",
            Answer::WinnerTotal => "winner-total",
            Answer::LoserTotal => "loser-total",
            Answer::Winner(_) => "winner",
            Answer::Play(_) => "play",
        }
    }

    /// How many tokens one answer takes.
    pub fn tokens(&self) -> usize {
        match self {
            Answer::Totals | Answer::Play(_) => 2,
            _ => 1,
        }
    }

    /// Whether the answer needs totals that only games scoring every value
    /// fix under optimal play.
    fn needs_unique_totals(&self) -> bool {
        matches!(
            self,
            Answer::First
                | Answer::Second
                | Answer::Totals
                | Answer::WinnerTotal
                | Answer::LoserTotal
        )
    }

    /// Why `game` cannot have this answer, if it cannot.
    pub fn refusal(&self, game: Game) -> Option<Error> {
        if self.needs_unique_totals() && !game.scores_everything() {
            let answer = self.kind();
            return Some(JudgeError::TotalsNotUnique { answer, game }.into());
        }
        match self {
            Answer::Play(name) => heuristic_by_name(name).err(),
            _ => None,
        }
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Winner(w) => write!(f, "winner ({})", w.words().join("/")),
            Answer::Play(h) => write!(f, "totals when both play {h}"),
            other => f.write_str(other.kind()),
        }
    }
}

impl FromStr for Answer {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        let names: Vec<&str> = Answer::SIMPLE.iter().map(|(n, _)| *n).collect();
        Answer::SIMPLE
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(s.trim()))
            .map(|(_, a)| a.clone())
            .ok_or_else(|| Error::unknown("answer", s, &names))
    }
}

/// One answer: what a case's output holds.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Reply {
    /// One integer.
    Number(i64),
    /// Two integers (first, then second).
    Pair(i64, i64),
    /// A word.
    Word(String),
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::Number(x) => write!(f, "{x}"),
            Reply::Pair(x, y) => write!(f, "{x} {y}"),
            Reply::Word(w) => f.write_str(w),
        }
    }
}

/// Where a problem was defined.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// Built into coinline (`problems/NAME.toml`).
    BuiltIn,
    /// A user's file.
    File(PathBuf),
}

/// A judge problem: its name, game, input layout, answer and limits.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Problem {
    pub(super) name: String,
    pub(super) about: String,
    pub(super) url: Option<String>,
    /// The game; for rules with parameters, bound at their largest values
    /// (what the limits are checked against).
    pub(super) game: Game,
    /// The rules as the file writes them, parameters and all.
    pub(super) rules: RuleSet,
    /// The parameters read from the input, in the order they are read.
    pub(super) params: Vec<ParamLimit>,
    pub(super) layout: Layout,
    pub(super) answer: Answer,
    pub(super) template: Option<Template>,
    pub(super) limits: InputLimits,
    pub(super) adjustable: bool,
    pub(super) origin: Origin,
    /// An interactive problem's interaction (its `[interaction]` table).
    pub(super) interaction: Option<super::interaction::Interaction>,
}

impl Problem {
    /// `self` with the game and answer the user chose, for a problem whose
    /// file allows it (`adjustable = true`: `lines`); any other problem
    /// refuses both, even when they agree, so an option never looks as if it
    /// changed a fixed problem.
    pub fn adjusted(mut self, game: Option<Game>, answer: Option<Answer>) -> Result<Problem> {
        if !self.adjustable {
            let problem = self.name.clone();
            if let Some(given) = game {
                Err(JudgeError::FixedGame {
                    given,
                    problem,
                    game: self.game,
                })?
            } else if let Some(given) = answer {
                Err(JudgeError::FixedAnswer {
                    given: given.to_string(),
                    problem,
                    answer: self.answer.to_string(),
                })?
            }
            return Ok(self);
        }
        if let Some(g) = game {
            self.game = g;
            self.rules = g.to_string().parse()?;
        }
        if let Some(a) = answer {
            self.answer = a;
        }
        if let Some(why) = self.answer.refusal(self.game) {
            return Err(why.within("--answer"));
        }
        self.limits
            .validate(self.game)
            .map_err(|e| e.within(format!("problem {} with {}", self.name, self.game)))?;
        check_trusted_limit(self.game, &self.limits)
            .map_err(|e| e.within(format!("problem {}", self.name)))?;
        Ok(self)
    }

    /// How the program plays the jury, for an interactive problem.
    pub fn interaction(&self) -> Option<super::interaction::Interaction> {
        self.interaction.clone()
    }

    /// The name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// One line saying what the problem is.
    pub fn about(&self) -> &str {
        &self.about
    }

    /// The statement's address, if the file gives one.
    pub fn url(&self) -> Option<&str> {
        self.url.as_deref()
    }

    /// The game played.
    pub fn game(&self) -> Game {
        self.game
    }

    /// The rules as the problem file writes them (with their parameters).
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// The parameters the input holds, in the order they are read.
    pub fn params(&self) -> &[ParamLimit] {
        &self.params
    }

    /// The game of a case whose parameters are `params`.
    pub fn game_of(&self, params: &Params) -> Result<Game> {
        match self.params.is_empty() {
            true => Ok(self.game),
            false => self.rules.bind(params),
        }
    }

    /// The seeded cases of indices `lo..=hi` within `limits` (the
    /// problem's, or narrower ones), parameters drawn too.
    pub fn generate(&self, limits: &InputLimits, seed: u64, lo: u64, hi: u64) -> Vec<Instance> {
        let boards = (lo..=hi).map(|i| limits.board(seed, i)).collect();
        draw_params(&self.params, seed, lo, boards)
    }

    /// `boards` as cases of this problem: with the parameters given, or
    /// drawn from seed 0 when the rules need some (a board of a corpus).
    pub fn cases_of(&self, boards: Vec<Board>) -> Vec<Instance> {
        draw_params(&self.params, 0, 0, boards)
    }

    /// The input layout.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// The answer wanted per case.
    pub fn answer(&self) -> &Answer {
        &self.answer
    }

    /// The output template of each case's line, if the problem prints more
    /// than the answer (`Case {case}: {answer}`).
    pub fn template(&self) -> Option<&Template> {
        self.template.as_ref()
    }

    /// The problem's limits, which are also the default bounds of generated
    /// boards.
    pub fn limits(&self) -> InputLimits {
        self.limits
    }

    /// Where the problem was defined.
    pub fn origin(&self) -> &Origin {
        &self.origin
    }

    /// The most cases one input may hold.
    pub fn max_batch(&self) -> usize {
        self.limits.cases.hi
    }

    /// How many cases `stress` puts into one input by default.
    pub fn default_batch(&self) -> usize {
        self.max_batch().min(50)
    }

    /// The command-line options naming this problem, such as
    /// `--problem lines --game coins --answer first`.
    pub fn options(&self) -> String {
        let named = match &self.origin {
            Origin::BuiltIn => format!("--problem {}", self.name),
            Origin::File(path) => format!(
                "--problem-file {}",
                coinline_core::shell::shell_word(&path.display().to_string())
            ),
        };
        match self.adjustable {
            true => format!(
                "{named} --game {} --answer {}",
                coinline_core::shell::shell_word(&self.game.to_string()),
                self.answer.kind()
            ),
            false => named,
        }
    }

    /// The trusted answer for `board`: from the trusted solver's difference,
    /// or from both players following the heuristic.
    pub fn expected(&self, case: &Instance) -> Result<Reply> {
        let (game, board) = (self.game_of(&case.params)?, &case.board);
        if let Answer::Play(name) = &self.answer {
            let (_, totals) = self_play(heuristic_by_name(name)?, game, board)?;
            return Ok(Reply::Pair(totals.first, totals.second));
        }
        let solution = solve(trusted_solver(game), game, board, false)?;
        let d = solution.difference;
        cross_check(game, board, d)?;
        let totals =
            || (solution.totals).ok_or_else(|| Error::from(JudgeError::NoUniqueTotals { game }));
        Ok(match &self.answer {
            Answer::Difference => Reply::Number(d),
            Answer::First => Reply::Number(totals()?.first),
            Answer::Second => Reply::Number(totals()?.second),
            Answer::Totals => {
                let t = totals()?;
                Reply::Pair(t.first, t.second)
            }
            Answer::WinnerTotal => {
                let t = totals()?;
                Reply::Number(t.first.max(t.second))
            }
            Answer::LoserTotal => {
                let t = totals()?;
                Reply::Number(t.first.min(t.second))
            }
            Answer::Winner(w) => Reply::Word(w.word(d).to_string()),
            Answer::Play(_) => unreachable!("answered above"),
        })
    }
}

/// Refuses limits longer than the trusted solver takes for `game`.
pub fn check_trusted_limit(game: Game, limits: &InputLimits) -> Result<()> {
    let solver = trusted_solver(game);
    match solver.limit(game) {
        Some(limit) if limits.n.hi > limit => {
            let (n, solver) = (limits.n, solver.name().to_string());
            let above = JudgeError::AboveTrustedSolver {
                n,
                limit,
                solver,
                game,
            };
            Err(at("limits.n", above))
        }
        _ => Ok(()),
    }
}

/// Where the trusted solver is generic and the one-ended table takes the
/// game too (stonegame3 and the other one-ended games of takes from 1),
/// the table's value must be the trusted one: at LeetCode 1406's 50,000
/// values no other exact solver reaches, and the table costs O(n * k).
fn cross_check(game: Game, board: &Board, difference: i64) -> Result<()> {
    if trusted_solver(game).name() != Generic.name() || !OneEnded.supports(game) {
        return Ok(());
    }
    let other = solve(&OneEnded, game, board, false)?.difference;
    match other == difference {
        true => Ok(()),
        false => Err(JudgeError::SolversDisagree {
            n: board.len(),
            game,
            generic: difference,
            one_ended: other,
        })?,
    }
}

/// The exact solvers that can answer for `game`: the registry's (the
/// one-ended table among them, which also cross-checks the trusted answer,
/// see `cross_check`).
pub fn answering_solvers(game: Game) -> Vec<&'static dyn Solver> {
    solvers_for(game).collect()
}

/// The solver whose answers a problem trusts: the specialised table where
/// one is registered for the game, the generic one otherwise.
pub fn trusted_solver(game: Game) -> &'static dyn Solver {
    if Table.supports(game) {
        &Table
    } else {
        &Generic
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.adjustable {
            true => write!(
                f,
                "{} (game {}, answer {})",
                self.name, self.game, self.answer
            ),
            false => f.write_str(&self.name),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(s: &str) -> Instance {
        Board::parse(s).unwrap().into()
    }

    #[test]
    fn problems_refuse_what_they_cannot_answer() {
        let lines = || Problem::by_name("lines").unwrap();
        assert!(lines()
            .adjusted(Some(Game::NUMBERGAME), Some(Answer::First))
            .is_err());
        assert!(lines()
            .adjusted(Some(Game::STONEGAME7), Some(Answer::Totals))
            .is_err());
        let atcoder = || Problem::by_name("atcoder-dp-l").unwrap();
        assert!(atcoder().adjusted(Some(Game::NUMBERGAME), None).is_err());
        assert!(atcoder().adjusted(Some(Game::COINS), None).is_err());
        assert!(atcoder().adjusted(None, Some(Answer::First)).is_err());
        assert!(atcoder().adjusted(None, None).is_ok());
        assert!(Problem::by_name("codeforces").is_err());
        // Games without a specialised table are answered by the generic one.
        let sg7 = lines().adjusted(Some(Game::STONEGAME7), None).unwrap();
        assert_eq!(sg7.expected(&board("5 3 1 4 2")).unwrap(), Reply::Number(6));
    }

    #[test]
    fn the_data_files_examples_get_their_answers() {
        #[derive(serde::Deserialize)]
        struct Example {
            problem: String,
            board: String,
            answer: String,
        }
        #[derive(serde::Deserialize)]
        struct File {
            example: Vec<Example>,
        }
        let file = include_str!("../../../tests/data/problem_examples.toml");
        for e in toml::from_str::<File>(file).unwrap().example {
            let problem = Problem::by_name(&e.problem).unwrap();
            let reply = problem.expected(&board(&e.board)).unwrap();
            assert_eq!(reply.to_string(), e.answer, "{problem} {}", e.board);
        }
    }

    #[test]
    fn trusted_answers_follow_the_answer_kind() {
        let b = board("8 15 3 7");
        let lines = Problem::by_name("lines").unwrap();
        let with = |a: Answer| lines.clone().adjusted(None, Some(a)).unwrap().expected(&b);
        assert_eq!(with(Answer::Second).unwrap(), Reply::Number(11));
        assert_eq!(with(Answer::Totals).unwrap(), Reply::Pair(22, 11));
        // The winner's and the loser's totals, whoever wins: 22 and 11
        // when the first player wins, 100 and 2 when the second does.
        assert_eq!(with(Answer::WinnerTotal).unwrap(), Reply::Number(22));
        assert_eq!(with(Answer::LoserTotal).unwrap(), Reply::Number(11));
        let second_wins = board("1 100 1");
        let on = |a: Answer| {
            let p = lines.clone().adjusted(None, Some(a)).unwrap();
            p.expected(&second_wins).unwrap()
        };
        assert_eq!(on(Answer::WinnerTotal), Reply::Number(100));
        assert_eq!(on(Answer::LoserTotal), Reply::Number(2));
        assert_eq!(on(Answer::First), Reply::Number(2));
        // Both need unique totals.
        for a in [Answer::WinnerTotal, Answer::LoserTotal] {
            assert!(lines
                .clone()
                .adjusted(Some(Game::NUMBERGAME), Some(a))
                .is_err());
        }
        // Take 1..k from the left, k per case: 1 2 3 7 with k = 3 is
        // stonegame3 (the first player gets 6 of 13); with k = 1 the
        // players alternate (1 + 3); with k = 4 the first takes all.
        let take_k = Problem::by_name("take-k").unwrap();
        let with_k = |k: usize| {
            let mut case = board("1 2 3 7");
            case.params.set("k", k);
            take_k.expected(&case).unwrap()
        };
        assert_eq!(with_k(3), Reply::Number(6));
        assert_eq!(with_k(1), Reply::Number(4));
        assert_eq!(with_k(4), Reply::Number(13));
        assert!(take_k.expected(&board("1 2 3 7")).is_err(), "k unbound");
    }

    /// The trusted answer is cross-checked at every built-in problem's
    /// full limits: at its longest board at least two exact solvers take
    /// the game, within their length limits and `coinline solve`'s default
    /// budget of 10 s each, and agree on a seeded board of that length.
    #[test]
    fn two_exact_solvers_reach_every_built_in_problems_limits() {
        for problem in Problem::all() {
            if matches!(problem.answer(), Answer::Play(_)) {
                continue;
            }
            let (game, n) = (problem.game(), problem.limits().n.hi);
            let reaching: Vec<&dyn Solver> = answering_solvers(game)
                .into_iter()
                .filter(|s| s.limit(game).is_none_or(|limit| n <= limit))
                .filter(|s| s.cost(game, n).is_some_and(|c| c.seconds <= 10.0))
                .collect();
            let names: Vec<&str> = reaching.iter().map(|s| s.name()).collect();
            assert!(
                names.len() >= 2,
                "{problem} ({game}, n = {n}): only {names:?}"
            );
            assert!(names.contains(&trusted_solver(game).name()), "{problem}");
            // The generator reaches the longest board within 200 draws.
            let longest = (0..200)
                .map(|i| problem.limits().board(5, i))
                .find(|b| b.len() == n)
                .unwrap();
            let values: Vec<i64> = reaching
                .iter()
                .filter(|s| s.cost(game, n).unwrap().seconds < 0.5)
                .map(|s| solve(*s, game, &longest, false).unwrap().difference)
                .collect();
            assert!(values.len() >= 2, "{problem}: {names:?}");
            assert!(
                values.windows(2).all(|w| w[0] == w[1]),
                "{problem}: {values:?}"
            );
        }
    }

    #[test]
    fn every_problem_generates_within_its_limits() {
        for problem in Problem::all() {
            let limits = problem.limits();
            let generated: Vec<Board> = (0..200).map(|i| limits.board(7, i)).collect();
            for b in &generated {
                assert!(limits.admits(b), "{problem}: {b}");
            }
            let has = |f: &dyn Fn(&Board) -> bool| generated.iter().any(f);
            assert!(has(&|b| b.len() == limits.n.lo), "{problem}: shortest");
            assert!(has(&|b| b.len() == limits.n.hi), "{problem}: longest");
        }
    }
}

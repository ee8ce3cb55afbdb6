//! A person playing one side of a game against the computer, move by move,
//! as a pure state machine ([`HumanGame`]) over the core's value table
//! ([`ValueTable`], the one `coinline explain` and `coinline play` read),
//! and the text of what the terminal shows ([`render`]). The binary reads
//! the person's lines and prints; no I/O here. Under `take=a..Km` a
//! position is the values left and the bound M, which the session keeps
//! from the moves played: the legal moves, their costs and the computer's
//! moves are those of that bound.
//!
//! Every move, the person's and the opponent's, is recorded as an explain
//! [`Step`]: its value before, what it is worth with best play after it, so
//! its cost against the best move is [`Step::loss`] (0 for a best move).
//! The person's regret is the sum of their moves' costs.
//!
//! The optimal opponent plays the table's first optimal move in
//! [`Game::moves`] order (takes before deletes, left before right, fewer
//! values before more), the move `coinline explain` shows; the heuristics
//! play their own policy.

pub mod keys;
pub mod render;

use crate::explain::Step;
use crate::HarnessError;
use coinline_core::board::Board;
use coinline_core::error::{Error, Result};
use coinline_core::play::{replay, Game, Line, Move, PlayError, Side, Totals};
use coinline_core::strategy::{heuristic_by_name, Heuristic, State, ValueTable};
use std::fmt;
use std::str::FromStr;

/// The longest board a person is offered: beyond it a row no longer fits
/// a line of the terminal.
pub const LIMIT: usize = 60;

/// Who plays the other side.
#[derive(Clone, Copy)]
pub enum Computer {
    /// The table's first optimal move.
    Optimal,
    /// A built-in heuristic's move.
    Heuristic(&'static dyn Heuristic),
}

impl Computer {
    /// The names `--opponent` takes.
    pub const NAMES: [&'static str; 3] = ["optimal", "greedy", "parity"];

    /// The opponent's name.
    pub fn name(&self) -> &str {
        match self {
            Computer::Optimal => "optimal",
            Computer::Heuristic(h) => h.name(),
        }
    }
}

impl fmt::Debug for Computer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Computer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl PartialEq for Computer {
    fn eq(&self, other: &Self) -> bool {
        self.name() == other.name()
    }
}

impl FromStr for Computer {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        let name = s.trim();
        if name.eq_ignore_ascii_case("optimal") {
            return Ok(Computer::Optimal);
        }
        heuristic_by_name(&name.to_ascii_lowercase())
            .map(Computer::Heuristic)
            .map_err(|_| Error::unknown("opponent", s, &Computer::NAMES))
    }
}

/// Which side is to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// The person at the terminal.
    Person,
    /// The computer.
    Computer,
}

/// One legal move of the position with what it is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move.
    pub mv: Move,
    /// What it scores.
    pub gain: i64,
    /// Its worth to the mover with best play after it: the gain minus the
    /// value of what is left.
    pub worth: i64,
    /// The position's value minus the worth: 0 for a best move.
    pub cost: i128,
}

/// What the person typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// A move in the notation (`L`, `R3`, `DL2`) or `left`/`right`.
    Play(Move),
    /// Take back the person's last move and the reply to it.
    Undo,
    /// The value of each move now.
    Hint,
    /// The commands.
    Help,
    /// Stop the game.
    Quit,
}

impl Command {
    /// Reads one line: `None` for a blank line, a [`HarnessError::NotAMove`]
    /// naming the text when it is neither a move nor a command. Case does
    /// not matter.
    pub fn parse(line: &str) -> Result<Option<Command>> {
        let text = line.trim();
        let word = text.to_ascii_lowercase();
        Ok(Some(match word.as_str() {
            "" => return Ok(None),
            "left" => Command::Play(Move::take(Side::Left, 1)),
            "right" => Command::Play(Move::take(Side::Right, 1)),
            "u" | "undo" => Command::Undo,
            "hint" | "hints" => Command::Hint,
            "h" | "help" | "?" => Command::Help,
            "q" | "quit" | "exit" => Command::Quit,
            _ => match text.to_ascii_uppercase().parse::<Move>() {
                Ok(mv) => Command::Play(mv),
                Err(_) => {
                    let text = text.to_string();
                    return Err(HarnessError::NotAMove { text }.into());
                }
            },
        }))
    }
}

/// One game of a person against the computer.
#[derive(Clone, Debug)]
pub struct HumanGame<'a> {
    game: Game,
    board: &'a Board,
    table: ValueTable<'a>,
    person_first: bool,
    opponent: Computer,
    steps: Vec<Step>,
}

impl<'a> HumanGame<'a> {
    /// A game of `board` under `game`, the person first or second. Refuses
    /// an empty board, one over [`LIMIT`], a circle (the table is a row's),
    /// a board the rules cannot total, and an opponent that does not apply.
    pub fn new(
        game: Game,
        board: &'a Board,
        person_first: bool,
        opponent: Computer,
    ) -> Result<Self> {
        if board.is_empty() {
            return Err(HarnessError::NoValues { command: "play" }.into());
        }
        if board.len() > LIMIT {
            return Err(HarnessError::TooLongToPlay { n: board.len() }.into());
        }
        if game.circle {
            return Err(HarnessError::PlayOnCircle { game }.into());
        }
        game.admit(board)?;
        if let Computer::Heuristic(h) = opponent {
            // Asked once here, so a heuristic that does not apply is refused
            // before the game starts.
            drop(h.policy(game, board).map_err(|e| e.within("--opponent"))?);
        }
        let table = ValueTable::new(game, board)?;
        Ok(HumanGame {
            game,
            board,
            table,
            person_first,
            opponent,
            steps: Vec::new(),
        })
    }

    /// The rules.
    pub fn game(&self) -> Game {
        self.game
    }

    /// The board from the start.
    pub fn board(&self) -> &Board {
        self.board
    }

    /// The opponent.
    pub fn opponent(&self) -> Computer {
        self.opponent
    }

    /// Whether the person moves first.
    pub fn person_first(&self) -> bool {
        self.person_first
    }

    /// The moves played so far.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// Who played `step`.
    pub fn player(&self, step: &Step) -> Turn {
        if step.first_moves == self.person_first {
            Turn::Person
        } else {
            Turn::Computer
        }
    }

    /// The values `[left, right)` still on the row.
    pub fn position(&self) -> (usize, usize) {
        self.steps.last().map_or((0, self.board.len()), |s| s.after)
    }

    /// The position as a state of the value table: the values left and
    /// the bound M of the moves so far (`take=a..Km`; 1 for other rules).
    pub fn state(&self) -> State {
        let (left, right) = self.position();
        let bound = self
            .steps
            .iter()
            .fold(1, |m, s| self.game.next_bound(m, s.mv.count));
        State { left, right, bound }
    }

    /// The legal moves of the position, in [`Game::moves`] order.
    pub fn moves(&self) -> Vec<Move> {
        self.table.moves(self.state()).collect()
    }

    /// The values still on the row.
    pub fn remaining(&self) -> &[i64] {
        let (l, r) = self.position();
        &self.board.values()[l..r]
    }

    /// Both totals so far.
    pub fn totals(&self) -> Totals {
        self.steps.last().map(|s| s.totals).unwrap_or_default()
    }

    /// The person's total and the computer's.
    pub fn scores(&self) -> (i64, i64) {
        let t = self.totals();
        if self.person_first {
            (t.first, t.second)
        } else {
            (t.second, t.first)
        }
    }

    /// Whether the game is over: no legal move is left (the row is empty,
    /// or what is left is fewer values than every count allows).
    pub fn is_over(&self) -> bool {
        self.table.moves(self.state()).next().is_none()
    }

    /// Who moves next; `None` at the end.
    pub fn to_move(&self) -> Option<Turn> {
        if self.is_over() {
            None
        } else if (self.steps.len() % 2 == 0) == self.person_first {
            Some(Turn::Person)
        } else {
            Some(Turn::Computer)
        }
    }

    /// Every legal move of the position, in [`Game::moves`] order.
    pub fn choices(&self) -> Vec<Choice> {
        let state = self.state();
        let value = self.table.value(state);
        self.table
            .moves(state)
            .map(|mv| {
                let (gain, next) = self.table.play(mv, state);
                let worth = gain - self.table.value(next);
                Choice {
                    mv,
                    gain,
                    worth,
                    cost: i128::from(value) - i128::from(worth),
                }
            })
            .collect()
    }

    /// The first best move of the position; `None` at the end.
    pub fn best(&self) -> Option<Move> {
        self.table.best_move(self.state())
    }

    /// Plays the person's move. A [`PlayError::Illegal`] when it is
    /// not legal here, [`HarnessError::NotYourMove`] when it is not their turn.
    pub fn play(&mut self, mv: Move) -> Result<Step> {
        if self.to_move() != Some(Turn::Person) {
            return Err(HarnessError::NotYourMove.into());
        }
        self.push(mv)
    }

    /// The computer's move, when it is the computer's turn.
    pub fn reply(&mut self) -> Result<Option<Step>> {
        if self.to_move() != Some(Turn::Computer) {
            return Ok(None);
        }
        let (l, r) = self.position();
        let mv = match self.opponent {
            Computer::Optimal => self.best(),
            Computer::Heuristic(h) => Some(h.policy(self.game, self.board)?(l, r)),
        };
        let mv = mv.ok_or(HarnessError::NoMove)?;
        self.push(mv).map(Some)
    }

    fn push(&mut self, mv: Move) -> Result<Step> {
        let state = self.state();
        if let Some(reason) = self.table.illegal_reason(mv, state) {
            return Err(PlayError::Illegal {
                position: self.steps.len() + 1,
                mv,
                reason,
            }
            .into());
        }
        let (gain, next) = self.table.play(mv, state);
        let first_moves = self.steps.len() % 2 == 0;
        let mut totals = self.totals();
        if first_moves {
            totals.first += gain;
        } else {
            totals.second += gain;
        }
        self.steps.push(Step {
            number: self.steps.len() + 1,
            first_moves,
            mv,
            before: (state.left, state.right),
            after: (next.left, next.right),
            gain,
            totals,
            value: self.table.value(state),
            best: self.table.best_move(state).unwrap_or(mv),
            worth: gain - self.table.value(next),
        });
        Ok(self.steps[self.steps.len() - 1].clone())
    }

    /// Takes back the person's last move and every move after it (the
    /// reply); returns how many moves were taken back. An
    /// [`HarnessError::NothingToUndo`] when the person has not moved yet.
    pub fn undo(&mut self) -> Result<usize> {
        let last = self
            .steps
            .iter()
            .rposition(|s| s.first_moves == self.person_first)
            .ok_or(HarnessError::NothingToUndo)?;
        let taken = self.steps.len() - last;
        self.steps.truncate(last);
        Ok(taken)
    }

    /// The person's regret: the sum of their moves' costs.
    pub fn regret(&self) -> i128 {
        self.steps
            .iter()
            .filter(|s| self.player(s) == Turn::Person)
            .map(Step::loss)
            .sum()
    }

    /// The optimal line from the start (the table's first best moves) and
    /// its totals.
    pub fn optimal_line(&self) -> Result<(Line, Totals)> {
        let mut state = State::start(self.board.len());
        let mut moves = Vec::new();
        while let Some(mv) = self.table.best_move(state) {
            moves.push(mv);
            (_, state) = self.table.play(mv, state);
        }
        let line = Line::new(moves);
        let totals = replay(self.game, self.board, &line)?;
        Ok((line, totals))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use coinline_core::generate::SplitMix64;
    use coinline_core::solve::{solve, Generic, Memo};

    fn board(s: &str) -> Board {
        Board::parse(s).unwrap()
    }

    /// The value of `values[l..r]` by memo, the solver the test trusts.
    fn memo(game: Game, values: &[i64], l: usize, r: usize) -> i64 {
        let sub = Board::new(values[l..r].to_vec()).unwrap();
        solve(&Memo, game, &sub, false).unwrap().difference
    }

    #[test]
    fn costs_totals_and_regret_match_the_solvers() {
        let mut rng = SplitMix64::new(31);
        for game in Game::ALL.into_iter().filter(|g| !g.circle) {
            for round in 0..25 {
                let n = 1 + round % 9;
                let values: Vec<i64> = (0..n).map(|_| rng.between(-9, 20)).collect();
                let b = Board::new(values.clone()).unwrap();
                let mut s = HumanGame::new(game, &b, round % 2 == 0, Computer::Optimal).unwrap();
                let mut regret = 0i128;
                while let Some(player) = s.to_move() {
                    let step = match player {
                        Turn::Computer => s.reply().unwrap().unwrap(),
                        Turn::Person => {
                            let choices = s.choices();
                            let pick = choices[rng.below(choices.len() as u64) as usize];
                            let step = s.play(pick.mv).unwrap();
                            assert_eq!(step.loss(), pick.cost);
                            step
                        }
                    };
                    let (l, r) = step.before;
                    let (l2, r2) = step.after;
                    let worth = step.gain - memo(game, &values, l2, r2);
                    let cost = i128::from(memo(game, &values, l, r)) - i128::from(worth);
                    assert_eq!(step.loss(), cost, "{game} {b} {step:?}");
                    match player {
                        Turn::Computer => assert_eq!(cost, 0, "the optimal opponent errs"),
                        Turn::Person => regret += cost,
                    }
                }
                assert_eq!(s.regret(), regret);
                let line = Line::new(s.steps().iter().map(|st| st.mv));
                assert_eq!(replay(game, &b, &line).unwrap(), s.totals());
                let (best, totals) = s.optimal_line().unwrap();
                let table = solve(&Generic, game, &b, true).unwrap();
                assert_eq!(Some(best), table.line, "{game} {b}");
                assert_eq!(totals.difference(), table.difference);
            }
        }
    }

    #[test]
    fn undo_takes_back_the_move_and_the_reply() {
        let b = board("8 15 3 7");
        let mut s = HumanGame::new(Game::COINS, &b, true, Computer::Optimal).unwrap();
        assert!(matches!(
            s.undo().unwrap_err().layer::<HarnessError>(),
            Some(HarnessError::NothingToUndo)
        ));
        s.play(Move::take(Side::Left, 1)).unwrap();
        s.reply().unwrap();
        assert_eq!((s.position(), s.scores()), ((2, 4), (8, 15)));
        assert_eq!(s.undo().unwrap(), 2);
        assert_eq!(
            (s.position(), s.scores(), s.steps().len()),
            ((0, 4), (0, 0), 0)
        );
        // Second: the computer's first move stays.
        let mut s = HumanGame::new(Game::COINS, &b, false, Computer::Optimal).unwrap();
        assert!(
            s.play(Move::take(Side::Left, 1)).is_err(),
            "not the person's turn"
        );
        assert_eq!(s.reply().unwrap().unwrap().mv, Move::take(Side::Right, 1));
        assert!(s.undo().is_err());
        s.play(Move::take(Side::Right, 1)).unwrap();
        assert_eq!(s.undo().unwrap(), 1);
        assert_eq!(s.steps().len(), 1);
    }

    #[test]
    fn an_illegal_move_is_refused_and_changes_nothing() {
        let b = board("8 15 3 7");
        let mut s = HumanGame::new(Game::COINS, &b, true, Computer::Optimal).unwrap();
        let err = s.play(Move::take(Side::Left, 2)).unwrap_err();
        assert!(
            matches!(err.layer(), Some(PlayError::Illegal { position: 1, .. })),
            "{err}"
        );
        assert!(!err.to_string().contains('\n'));
        assert!(s.steps().is_empty());
        let three = board("1 2 3");
        let mut left =
            HumanGame::new(game("take=1 ends=left"), &three, true, Computer::Optimal).unwrap();
        assert!(left.play(Move::take(Side::Right, 1)).is_err());
        assert!(left.play(Move::take(Side::Left, 1)).is_ok());
    }

    fn game(s: &str) -> Game {
        s.parse().unwrap()
    }

    #[test]
    fn heuristic_opponents_play_their_policy() {
        let b = board("8 15 3 7");
        let greedy = "greedy".parse::<Computer>().unwrap();
        let five = board("5 3 9 1 2");
        let mut s = HumanGame::new(Game::COINS, &five, true, greedy).unwrap();
        s.play(Move::take(Side::Left, 1)).unwrap();
        // Greedy takes the larger end, 3 over 2, though 2 is the best move.
        let step = s.reply().unwrap().unwrap();
        assert_eq!(step.mv, Move::take(Side::Left, 1));
        assert!(step.loss() > 0);
        let parity = "parity".parse::<Computer>().unwrap();
        assert!(HumanGame::new(Game::COINS, &board("1 2 3"), true, parity).is_err());
        assert!(HumanGame::new(Game::NUMBERGAME, &b, true, parity).is_err());
        assert!(HumanGame::new(Game::COINS, &b, true, parity).is_ok());
        assert!(matches!(
            "best".parse::<Computer>().unwrap_err().kind(),
            coinline_core::error::ErrorKind::UnknownName { .. }
        ));
    }

    #[test]
    fn refuses_what_it_cannot_play() {
        let o = Computer::Optimal;
        assert!(HumanGame::new(Game::COINS, &board(""), true, o).is_err());
        let long = Board::new(vec![1; LIMIT + 1]).unwrap();
        assert!(HumanGame::new(Game::COINS, &long, true, o).is_err());
        assert!(HumanGame::new(Game::COINS, &Board::new(vec![1; LIMIT]).unwrap(), true, o).is_ok());
        assert!(HumanGame::new(game("take=1 circle"), &board("1 2"), true, o).is_err());
    }

    #[test]
    fn commands_read_as_the_notation_and_words() {
        let left = Move::take(Side::Left, 1);
        for (text, command) in [
            ("L", Command::Play(left)),
            (" l ", Command::Play(left)),
            ("Left", Command::Play(left)),
            ("right", Command::Play(Move::take(Side::Right, 1))),
            ("dr2", Command::Play(Move::delete(Side::Right, 2))),
            ("L3", Command::Play(Move::take(Side::Left, 3))),
            ("undo", Command::Undo),
            ("Q", Command::Quit),
            ("?", Command::Help),
            ("hint", Command::Hint),
        ] {
            assert_eq!(Command::parse(text).unwrap(), Some(command), "{text}");
        }
        assert_eq!(Command::parse("  ").unwrap(), None);
        for bad in ["L0", "x", "left left", "D", "R-1", "\u{7f}L"] {
            let err = Command::parse(bad).unwrap_err();
            assert!(
                matches!(err.layer::<HarnessError>(), Some(HarnessError::NotAMove { text }) if text == bad.trim()),
                "{bad}: {err}"
            );
            assert!(!err.to_string().contains('\n'));
        }
    }
}

//! The words a program and its opponent speak: coinline's own (the
//! protocol of docs/play.md), or an interactive statement's, renamed by a
//! problem's `[interaction]` table (docs/problems.md). The session of
//! [`crate::play::program`] asks this one place what to write and how to read;
//! it is the same session whatever the words.

use coinline_core::board::Board;
use coinline_core::error::quote;
use coinline_core::play::{Game, Move, Totals};
use coinline_core::rules::Side;
use coinline_core::strategy::player::{Choice, Seat};

/// How the game is told at the start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Start {
    /// `game RULES`, `board N V1 ... VN`, `side first|second`.
    #[default]
    Play,
    /// `N` on a line, then the N values on a line.
    Values,
}

impl Start {
    /// Every value, with its word in a problem file.
    pub const NAMES: [(&'static str, Start); 2] = [
        ("game board side", Start::Play),
        ("n values", Start::Values),
    ];
}

/// The words of a protocol; [`Words::default`] is docs/play.md's.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Words {
    /// The words of a take of one from the left and from the right, in
    /// place of `L` and `R` (then no other move can be spoken).
    pub moves: Option<(String, String)>,
    /// How the game is told.
    pub start: Start,
    /// The line before each of the program's moves (empty: none).
    pub turn: String,
    /// How the opponent's move is told: `{move}` is the move.
    pub opponent: String,
    /// The line at the end: `{first}` and `{second}` are the totals (empty:
    /// none; the program's input then just ends).
    pub end: String,
}

impl Default for Words {
    fn default() -> Self {
        Words {
            moves: None,
            start: Start::Play,
            turn: "your move".into(),
            opponent: "opponent {move}".into(),
            end: "end {first} {second}".into(),
        }
    }
}

/// A program's line read as a choice, or why it is not one.
pub fn parse_choice(line: &str) -> std::result::Result<Choice, String> {
    let word = line.trim();
    if word.is_empty() {
        return Err("an empty line, not a move".into());
    }
    let (mv, start) = match word.split_once('@') {
        Some((mv, start)) => {
            let k = start
                .parse::<usize>()
                .ok()
                .filter(|&k| k >= 1)
                .ok_or_else(|| {
                    format!("{}: the start after @ is a position from 1", quote(word))
                })?;
            (mv, Some(k - 1))
        }
        None => (word, None),
    };
    let mv: Move = mv
        .parse()
        .map_err(|e: coinline_core::Error| e.to_string())?;
    Ok(Choice { mv, start })
}

/// `line` and its newline, or nothing for an empty line.
fn line(text: String) -> String {
    match text.is_empty() {
        true => text,
        false => text + "\n",
    }
}

impl Words {
    /// Whether these are docs/play.md's words.
    pub fn is_play(&self) -> bool {
        *self == Words::default()
    }

    /// What the program is sent before the first move.
    pub fn header(&self, game: Game, board: &Board, seat: Seat) -> String {
        let values: String = board.values().iter().map(|v| format!(" {v}")).collect();
        match self.start {
            Start::Play => format!("game {game}\nboard {}{values}\nside {seat}\n", board.len()),
            Start::Values => format!("{}\n{}\n", board.len(), values.trim_start()),
        }
    }

    /// A move as these words write it (`L@3` for a circle's first move).
    pub fn spoken(&self, choice: Choice) -> String {
        match (&self.moves, choice.mv.count, choice.start) {
            (Some((left, right)), 1, None) if choice.mv == Move::take(choice.mv.side, 1) => {
                match choice.mv.side {
                    Side::Left => left.clone(),
                    Side::Right => right.clone(),
                }
            }
            _ => choice.to_string(),
        }
    }

    /// The lines telling the opponent's move.
    pub fn told(&self, choice: Choice) -> String {
        line(self.opponent.replace("{move}", &self.spoken(choice)))
    }

    /// The lines before the program's move.
    pub fn turn(&self) -> String {
        line(self.turn.clone())
    }

    /// The lines at the end of the game.
    pub fn end(&self, totals: Totals) -> String {
        line(
            self.end
                .replace("{first}", &totals.first.to_string())
                .replace("{second}", &totals.second.to_string()),
        )
    }

    /// The program's line read as a move, or why it is not one.
    pub fn read(&self, text: &str) -> std::result::Result<Choice, String> {
        let Some((left, right)) = &self.moves else {
            return parse_choice(text);
        };
        let word = text.trim();
        let side = match word {
            w if w == left => Side::Left,
            w if w == right => Side::Right,
            _ => {
                return Err(format!(
                    "{} is not a move (expected {left} or {right})",
                    quote(word)
                ))
            }
        };
        Ok(Choice {
            mv: Move::take(side, 1),
            start: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn statement() -> Words {
        Words {
            moves: Some(("LEFT".into(), "RIGHT".into())),
            start: Start::Values,
            turn: String::new(),
            opponent: "{move}".into(),
            end: String::new(),
        }
    }

    #[test]
    fn the_play_words_are_the_protocol_of_play_md() {
        let w = Words::default();
        assert!(w.is_play() && !statement().is_play());
        let board: Board = "3 1 2".parse().unwrap();
        assert_eq!(
            w.header(Game::COINS, &board, Seat::Second),
            "game coins\nboard 3 3 1 2\nside second\n"
        );
        let r = Choice {
            mv: Move::take(Side::Right, 2),
            start: None,
        };
        assert_eq!(w.told(r), "opponent R2\n");
        assert_eq!(w.turn(), "your move\n");
        let totals = Totals {
            first: 4,
            second: -1,
        };
        assert_eq!(w.end(totals), "end 4 -1\n");
        assert_eq!(w.read(" L3 ").unwrap().to_string(), "L3");
    }

    #[test]
    fn a_statements_words_rename_the_moves_and_drop_empty_lines() {
        let w = statement();
        let board: Board = "3 1 2".parse().unwrap();
        assert_eq!(w.header(Game::COINS, &board, Seat::First), "3\n3 1 2\n");
        let l = Choice {
            mv: Move::take(Side::Left, 1),
            start: None,
        };
        assert_eq!(w.told(l), "LEFT\n");
        assert_eq!(w.turn(), "");
        assert_eq!(w.end(Totals::default()), "");
        assert_eq!(w.read("RIGHT\r").unwrap().to_string(), "R");
        let e = w.read("L").unwrap_err();
        assert!(e.contains("\"L\"") && e.contains("LEFT or RIGHT"), "{e}");
        assert!(w.read("left").is_err() && w.read("").is_err());
    }
}

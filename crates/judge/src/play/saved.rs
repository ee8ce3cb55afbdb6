//! A failing game as text, for `play --save` and `--replay`: its seat, its
//! opponent and its case (`coins: 8 15 3 7`), one per line after a first
//! line that says coinline wrote it. The binary reads and writes the files.

use super::Setup;
use crate::error::JudgeError;
use coinline_core::case::Case;
use coinline_core::error::Result;
use coinline_core::strategy::player::Seat;

/// The first line of a saved game (also what the ownership rule looks for).
pub const MARK: &str = "# coinline play: a failing game";

/// The file extension of a saved game.
pub const EXTENSION: &str = "play";

/// A saved game: what to play, and against whom (as `--opponent` takes it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    /// The game to play.
    pub setup: Setup,
    /// The opponent's text.
    pub opponent: String,
}

/// The file name of a saved game (without the folder): the case's stem
/// and the seat.
pub fn file_name(setup: &Setup) -> String {
    let case = Case::new(setup.game, setup.board.clone());
    format!("{}-{}.{EXTENSION}", case.file_stem(), setup.seat)
}

/// The text of a saved game.
pub fn to_text(saved: &SavedGame) -> String {
    let case = Case::new(saved.setup.game, saved.setup.board.clone());
    format!(
        "{MARK}\nside {}\nopponent {}\ncase {case}\n",
        saved.setup.seat, saved.opponent
    )
}

/// A saved game read back from `text`.
pub fn from_text(text: &str) -> Result<SavedGame> {
    let mut lines = text.lines();
    if lines.next().map(str::trim_end) != Some(MARK) {
        Err(JudgeError::NotSavedGame)?
    }
    let (mut seat, mut opponent, mut case) = (None, None, None);
    for (i, line) in lines.enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        let value = value.trim();
        match key {
            "side" => {
                seat = Some(match value {
                    "first" => Seat::First,
                    "second" => Seat::Second,
                    _ => {
                        let side = value.to_string();
                        Err(JudgeError::BadSide { line: i + 2, side })?
                    }
                })
            }
            "opponent" => opponent = Some(value.to_string()),
            "case" => {
                case = Some(
                    value
                        .parse::<Case>()
                        .map_err(|e| e.within(format!("line {}", i + 2)))?,
                )
            }
            _ => {
                let key = key.to_string();
                Err(JudgeError::NotSavedGameLine { line: i + 2, key })?
            }
        }
    }
    match (seat, opponent, case) {
        (Some(seat), Some(opponent), Some(case)) => Ok(SavedGame {
            setup: Setup {
                game: case.game,
                board: case.board,
                seat,
            },
            opponent,
        }),
        _ => Err(JudgeError::SavedGameIncomplete)?,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use coinline_core::play::Game;

    #[test]
    fn a_saved_game_reads_back() {
        let saved = SavedGame {
            setup: Setup {
                game: Game::NUMBERGAME,
                board: "3 -1 4".parse().unwrap(),
                seat: Seat::Second,
            },
            opponent: "'./my bot' -x".into(),
        };
        assert_eq!(from_text(&to_text(&saved)).unwrap(), saved);
        assert!(file_name(&saved.setup).ends_with("-second.play"));
        for bad in [
            "",
            "side first\n",
            &format!("{MARK}\nside third\n"),
            &format!("{MARK}\nside first\nopponent optimal\n"),
        ] {
            assert!(from_text(bad).is_err(), "{bad}");
        }
    }
}

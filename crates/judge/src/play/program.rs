//! An outside program as a [`Strategy`]: the line protocol of
//! docs/play.md over its standard input and output, in the sandbox's
//! [`Conversation`]. Everything it does wrong is a [`Breach`]; nothing it does
//! can hang the judge.

use crate::words::Words;
use coinline_core::board::Board;
use coinline_core::error::{quote, Result};
use coinline_core::play::{Game, Totals};
use coinline_core::strategy::player::{Answer, Breach, BreachKind, Choice, Position, Seat};
use coinline_core::strategy::Strategy;
use coinline_sandbox::conversation::{Conversation, Heard};
use coinline_sandbox::{Exit, Program};
use std::fmt::Write as _;
use std::time::Duration;

/// The longest line a program may answer.
pub const LINE_CAP: usize = 4096;

/// The longest transcript line kept (a board line can be long).
const SHOWN: usize = 200;

/// How a program plays: its limits and the words it speaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramTerms {
    /// How long it may think over one move (and take to end after the game).
    pub move_time: Duration,
    /// Its address-space limit in MiB, if any.
    pub memory_mb: Option<u64>,
    /// The protocol's words (docs/play.md's, or a statement's).
    pub words: Words,
}

/// A program playing one seat of one game.
pub struct ProgramPlayer {
    program: Program,
    session: Option<Conversation>,
    limits: ProgramTerms,
    /// How many moves of the line it has been told (or made).
    told: usize,
    /// What went each way: `> ` to the program, `< ` from it.
    transcript: Vec<String>,
    /// The start of its standard error, once it ended.
    stderr: String,
}

impl ProgramPlayer {
    /// Starts `program` for a game of `game` on `board` in `seat`, and sends
    /// it the game. Fails only when it cannot be started.
    pub fn start(
        program: &Program,
        limits: ProgramTerms,
        game: Game,
        board: &Board,
        seat: Seat,
    ) -> Result<ProgramPlayer> {
        let session = Conversation::start(program, limits.memory_mb)?;
        let header = limits.words.header(game, board, seat);
        let mut player = ProgramPlayer {
            program: program.clone(),
            session: Some(session),
            limits,
            told: 0,
            transcript: Vec::new(),
            stderr: String::new(),
        };
        // A program that does not take its header is judged at its first
        // turn (or the end), where the breach has a position.
        player.send(header);
        Ok(player)
    }

    /// The transcript so far.
    pub fn transcript(&self) -> &[String] {
        &self.transcript
    }

    /// The start of the program's standard error (once it ended).
    pub fn stderr(&self) -> &str {
        &self.stderr
    }

    /// Writes `text` (whole lines) and records each line; false if the
    /// program did not take it.
    fn send(&mut self, text: String) -> bool {
        for line in text.lines() {
            self.record('>', line);
        }
        let limit = self.limits.move_time;
        self.session
            .as_mut()
            .is_some_and(|s| s.send(text.as_bytes(), limit))
    }

    fn record(&mut self, way: char, line: &str) {
        let mut shown = format!("{way} ");
        if line.len() > SHOWN {
            let cut = (0..=SHOWN)
                .rev()
                .find(|&i| line.is_char_boundary(i))
                .unwrap_or(0);
            let _ = write!(shown, "{}... ({} bytes)", &line[..cut], line.len());
        } else {
            shown.push_str(line);
        }
        self.transcript.push(shown);
    }

    /// The opponent's moves it has not been told yet, as protocol lines.
    fn news(&mut self, position: &Position<'_>) -> String {
        let mut text = String::new();
        let moves = &position.line.moves;
        for (i, mv) in (self.told..moves.len()).filter_map(|i| Some((i, moves.get(i)?))) {
            let start = if i == 0 { position.line.start } else { None };
            text.push_str(&self.limits.words.told(Choice { mv, start }));
        }
        self.told = moves.len();
        text
    }

    /// The program's output ended early: how it ended.
    fn ended_early(&mut self, rest: &[u8]) -> Breach {
        let how = self.end_now().map_or(String::new(), |e| format!(" ({e})"));
        let tail = if rest.is_empty() {
            String::new()
        } else {
            format!(
                ", after {} without a newline",
                quote(&String::from_utf8_lossy(rest))
            )
        };
        Breach::new(
            BreachKind::EarlyExit,
            format!(
                "{} ended before the game did{how}{tail}",
                self.program.command
            ),
        )
    }

    /// Ends the program now (killed if it does not end at once); its exit.
    fn end_now(&mut self) -> Option<Exit> {
        let ended = self
            .session
            .take()?
            .finish(Duration::from_millis(50), 0)
            .ok()?;
        self.stderr = ended.stderr;
        Some(ended.exit)
    }

    /// Before telling the program more: what it wrote unasked, once it is
    /// quiet (docs/play.md, "Extra output").
    fn unasked(&mut self) -> Option<Breach> {
        let session = self.session.as_mut()?;
        session.settle(self.limits.move_time);
        if !session.has_output() {
            return None;
        }
        let heard = session.read_line(Duration::ZERO, LINE_CAP);
        let text = match heard {
            Heard::Line(b) | Heard::Silent(b) | Heard::Ended(b) => {
                String::from_utf8_lossy(&b).into_owned()
            }
            Heard::TooLong => "a line too long".into(),
        };
        self.record('<', &text);
        Some(Breach::new(
            BreachKind::ExtraOutput,
            format!("printed {} before its turn", quote(&text)),
        ))
    }
}

impl Strategy for ProgramPlayer {
    fn name(&self) -> String {
        self.program.to_string()
    }

    fn choose(&mut self, position: &Position<'_>) -> Answer<Choice> {
        let mut text = self.news(position);
        text.push_str(&self.limits.words.turn());
        // Output is out of turn only while the program still has something
        // to be told: in words with no turn line, the first mover has been
        // told all it needs by the header and may answer at once.
        if !text.is_empty() {
            if let Some(breach) = self.unasked() {
                return Err(breach);
            }
        }
        let sent = self.send(text);
        let limit = self.limits.move_time;
        let Some(session) = self.session.as_mut() else {
            return Err(self.ended_early(&[]));
        };
        match session.read_line(limit, LINE_CAP) {
            Heard::Line(bytes) => {
                let line = String::from_utf8_lossy(&bytes).into_owned();
                self.record('<', &line);
                self.told += 1;
                if std::str::from_utf8(&bytes).is_err() {
                    return Err(Breach::new(
                        BreachKind::Malformed,
                        "the line is not UTF-8 text",
                    ));
                }
                (self.limits.words)
                    .read(&line)
                    .map_err(|why| Breach::new(BreachKind::Malformed, why))
            }
            Heard::Ended(rest) => Err(self.ended_early(&rest)),
            Heard::Silent(part) => {
                let why = if sent {
                    format!("no move within {} s", limit.as_secs_f64())
                } else {
                    format!("did not read its input within {} s", limit.as_secs_f64())
                };
                let part = match part.is_empty() {
                    true => String::new(),
                    false => format!(
                        " (it wrote {} without a newline)",
                        quote(&String::from_utf8_lossy(&part))
                    ),
                };
                Err(Breach::new(BreachKind::Silent, why + &part))
            }
            Heard::TooLong => Err(Breach::new(
                BreachKind::Malformed,
                format!("a line longer than {LINE_CAP} bytes"),
            )),
        }
    }

    fn finish(&mut self, position: &Position<'_>, totals: Totals) -> Answer<()> {
        let mut text = self.news(position);
        if let Some(breach) = self.unasked() {
            return Err(breach);
        }
        text.push_str(&self.limits.words.end(totals));
        self.send(text);
        let Some(session) = self.session.take() else {
            return Err(self.ended_early(&[]));
        };
        let limit = self.limits.move_time;
        let ended = session
            .finish(limit, LINE_CAP)
            .map_err(|e| Breach::new(BreachKind::BadExit, e.to_string()))?;
        self.stderr = ended.stderr;
        if !ended.extra.is_empty() {
            let text = String::from_utf8_lossy(&ended.extra).into_owned();
            for line in text.lines() {
                self.record('<', line);
            }
            return Err(Breach::new(
                BreachKind::ExtraOutput,
                format!("printed {} after the end", quote(text.trim_end())),
            ));
        }
        if ended.killed {
            return Err(Breach::new(
                BreachKind::BadExit,
                format!("did not exit within {} s of the end", limit.as_secs_f64()),
            ));
        }
        match ended.exit {
            Exit::Code(0) => Ok(()),
            exit => Err(Breach::new(
                BreachKind::BadExit,
                format!("{exit} after the end"),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::Start;
    use coinline_core::play::{Line, Move, Side};
    use std::time::Instant;

    /// The words of a statement with no turn line: the first mover answers
    /// the header itself.
    fn no_turn_line() -> ProgramTerms {
        ProgramTerms {
            move_time: Duration::from_secs(5),
            memory_mb: None,
            words: Words {
                moves: Some(("LEFT".into(), "RIGHT".into())),
                start: Start::Values,
                turn: String::new(),
                opponent: "{move}".into(),
                end: String::new(),
            },
        }
    }

    /// `script` started in `seat` of a coins game on `2 1`, once its first
    /// line of output has arrived.
    fn answered(script: &str, seat: Seat) -> ProgramPlayer {
        let program = Program::new(&["sh".into(), "-c".into(), script.into()]).unwrap();
        let board: Board = "2 1".parse().unwrap();
        let mut player =
            ProgramPlayer::start(&program, no_turn_line(), Game::COINS, &board, seat).unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        while !player.session.as_mut().unwrap().has_output() {
            assert!(Instant::now() < deadline, "{script} wrote nothing");
            std::thread::sleep(Duration::from_millis(5));
        }
        player
    }

    fn position<'a>(board: &'a Board, line: &'a Line, seat: Seat) -> Position<'a> {
        let taken = line.moves.len();
        Position {
            game: Game::COINS,
            board,
            seat,
            left: taken,
            right: board.len(),
            bound: 1,
            line,
        }
    }

    #[test]
    fn a_first_move_written_before_the_judge_asks_is_in_turn_when_nothing_is_left_to_tell() {
        // Written before it reads its input, the move reaches the judge
        // before `choose` (a race a fast program won one game in eight).
        let mut player = answered("echo LEFT; cat >/dev/null", Seat::First);
        let board: Board = "2 1".parse().unwrap();
        let line = Line::default();
        let chosen = player.choose(&position(&board, &line, Seat::First));
        assert_eq!(chosen.map(|c| c.mv), Ok(Move::take(Side::Left, 1)));
    }

    #[test]
    fn a_move_written_before_the_opponents_move_is_told_is_out_of_turn() {
        let mut player = answered("echo LEFT; cat >/dev/null", Seat::Second);
        let board: Board = "2 1".parse().unwrap();
        let line = Line::new(vec![Move::take(Side::Left, 1)]);
        let chosen = player.choose(&position(&board, &line, Seat::Second));
        let breach = chosen.unwrap_err();
        assert_eq!(breach.kind, BreachKind::ExtraOutput, "{}", breach.detail);
    }
}

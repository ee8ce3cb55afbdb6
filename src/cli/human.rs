//! `coinline play --human`: a person plays one side at the terminal against
//! the computer (the session and its text are `coinline_harness::human`).
//! `--human` is a flag of `play` ([`PlayArgs`]): clap refuses it with the
//! options of programs and runs; here it reads the options a person has.
//!
//! On a terminal the screen is redrawn after each line typed; otherwise
//! (pipes, files) the same lines are written one after another, each line
//! read echoed after `> `, so a transcript reads as the game went. End of
//! input ends the game with status 0; Ctrl-C exits 130 as every command.

use super::error::UsageError;
use super::play::PlayArgs;
use super::status::{print, Status};
use coinline_core::board::Board;
use coinline_core::error::{Error, Result};
use coinline_core::generate::{admissible, random_board, Span, Values};
use coinline_harness::human::render::{self, Ending};
use coinline_harness::human::{Command, Computer, HumanGame, Turn};
use coinline_harness::HarnessError;
use std::io::{BufRead, IsTerminal};

/// The board length of a random board when `--n` is not given.
const DEFAULT_N: usize = 8;

/// The values of a random board: small and positive, for a person to add up.
const VALUES: Values = Values::Uniform(Span { lo: 1, hi: 20 });

/// The longest line read, in bytes; a longer one is read past and refused.
const MAX_LINE: usize = 1000;

/// Runs `coinline play --human`.
pub fn run(args: &PlayArgs) -> Result<Status> {
    let game = args.params.bind(&args.game)?;
    let opponent: Computer = (args.opponent.parse()).map_err(|e: Error| e.within("--opponent"))?;
    let (board, seed) = match &args.board {
        Some(text) => (Board::parse(text).map_err(|e| e.within("--board"))?, None),
        None => {
            let lengths = args.lengths.n.unwrap_or(Span {
                lo: DEFAULT_N,
                hi: DEFAULT_N,
            });
            let seed = args.seed.or_clock();
            let board = random_board(seed, 0, lengths, VALUES);
            (admissible(game, board), Some((lengths, seed)))
        }
    };
    if board.is_empty() {
        return Err(UsageError::NoValuesToPlay.into());
    }
    let mut session = HumanGame::new(game, &board, !args.second, opponent)?;
    let mut view = View::new(render::header(&session, seed), args.hints)?;
    let mut input = std::io::stdin().lock();
    loop {
        if session.to_move() == Some(Turn::Computer) {
            if let Some(step) = session.reply()? {
                let text = render::step(&session, &step);
                view.note(text)?;
            }
            continue;
        }
        if session.is_over() {
            return view.end(&session, Ending::Finished);
        }
        view.ask(&session)?;
        let Some(line) = read_line(&mut input)? else {
            return view.end(&session, Ending::EndOfInput);
        };
        view.echo(line.as_deref().unwrap_or("(a line too long)"))?;
        let said = match line.and_then(|line| Command::parse(&line)) {
            Err(e) => vec![format!("{e}; type help for the commands")],
            Ok(None) => Vec::new(),
            Ok(Some(Command::Quit)) => return view.end(&session, Ending::Quit),
            Ok(Some(Command::Help)) => render::help(&session),
            Ok(Some(Command::Hint)) => vec![render::hints(&session)],
            Ok(Some(Command::Undo)) => vec![match session.undo() {
                Ok(taken) => render::undone(taken),
                Err(e) => e.to_string(),
            }],
            Ok(Some(Command::Play(mv))) => vec![match session.play(mv) {
                Ok(step) => render::step(&session, &step),
                Err(e) => format!("{e}; try again (moves: {})", render::move_list(&session)),
            }],
        };
        for text in said {
            view.note(text)?;
        }
    }
}

/// One line of standard input without its line end (not UTF-8 is read as
/// a malformed move); `None` at the end. A line over [`MAX_LINE`] bytes is
/// read past a piece at a time, never held, and is the error naming its
/// length.
fn read_line(input: &mut impl BufRead) -> Result<Option<Result<String>>> {
    let failed = |e: std::io::Error| Error::read_failed("standard input", &e);
    let mut bytes = Vec::new();
    let mut piece = |bytes: &mut Vec<u8>| {
        bytes.clear();
        let mut piece = std::io::Read::take(&mut *input, MAX_LINE as u64 + 1);
        piece.read_until(b'\n', bytes).map_err(failed)
    };
    let (mut length, mut last) = (0, usize::MAX);
    while last > MAX_LINE && bytes.last() != Some(&b'\n') {
        last = piece(&mut bytes)?;
        length += last;
    }
    if length == 0 {
        return Ok(None);
    }
    let bytes_read = length - usize::from(bytes.last() == Some(&b'\n'));
    if bytes_read > MAX_LINE {
        let max = MAX_LINE;
        return Ok(Some(Err(HarnessError::LongLine { bytes_read, max }.into())));
    }
    while matches!(bytes.last(), Some(b'\n' | b'\r')) {
        bytes.pop();
    }
    Ok(Some(Ok(String::from_utf8_lossy(&bytes).into_owned())))
}

/// How the game is shown: a screen redrawn in place on a terminal, plain
/// lines otherwise.
struct View {
    screen: bool,
    hints: bool,
    header: String,
    /// On a screen, the last lines said, shown under the position.
    log: Vec<String>,
}

/// The lines of the log a screen keeps.
const LOG_LINES: usize = 12;

/// Moves the cursor home and clears the screen.
const CLEAR: &str = "\x1b[H\x1b[2J";

impl View {
    fn new(header: String, hints: bool) -> Result<View> {
        let screen = std::io::stdout().is_terminal();
        if !screen {
            print(&format!("{header}\n"))?;
        }
        Ok(View {
            screen,
            hints,
            header,
            log: Vec::new(),
        })
    }

    /// Says one line: at once on plain output, in the log of a screen.
    fn note(&mut self, text: String) -> Result<()> {
        if self.screen {
            self.log.push(text);
            let extra = self.log.len().saturating_sub(LOG_LINES);
            self.log.drain(..extra);
            Ok(())
        } else {
            print(&format!("{text}\n"))
        }
    }

    /// The top of the screen: cleared, the header, the log.
    fn top(&self, text: &mut String) {
        text.push_str(CLEAR);
        text.push_str(&self.header);
        text.push_str("\n\n");
        for line in &self.log {
            text.push_str(line);
            text.push('\n');
        }
    }

    /// The position and the prompt.
    fn ask(&mut self, session: &HumanGame) -> Result<()> {
        let mut text = String::new();
        if self.screen {
            self.top(&mut text);
            if !self.log.is_empty() {
                text.push('\n');
            }
        }
        for line in [
            render::row(session),
            render::score(session),
            render::moves(session),
        ] {
            text.push_str(&line);
            text.push('\n');
        }
        if self.hints {
            text.push_str(&render::hints(session));
            text.push('\n');
        }
        text.push_str("> ");
        print(&text)
    }

    /// On plain output, the line read after its prompt (a terminal shows
    /// what was typed itself).
    fn echo(&mut self, line: &str) -> Result<()> {
        if self.screen {
            Ok(())
        } else {
            print(&format!("{line}\n"))
        }
    }

    /// The end: the last position and the summary; status 0.
    fn end(&mut self, session: &HumanGame, how: Ending) -> Result<Status> {
        let mut text = String::new();
        if how == Ending::EndOfInput {
            // The prompt is left open: end its line.
            text.push('\n');
        }
        if self.screen {
            self.top(&mut text);
            text.push('\n');
        }
        // Plain output showed the position just before a quit or the end
        // of input; a finished game shows its empty row and final score.
        let position = if self.screen || how == Ending::Finished {
            vec![render::row(session), render::score(session)]
        } else {
            Vec::new()
        };
        for line in position.into_iter().chain(render::ending(session, how)) {
            text.push_str(&line);
            text.push('\n');
        }
        print(&text)?;
        Ok(Status::Ok)
    }
}

//! `coinline play --human`: a person plays one side at the terminal against
//! the computer (the session and its text are `coinline_harness::human`).
//! `--human` is a flag of `play` ([`PlayArgs`]): clap refuses it with the
//! options of programs and runs; here it reads the options a person has.
//!
//! When standard input and output are both a terminal the game is played
//! by keys ([`keys`](coinline_harness::human::keys)), read with crossterm
//! in raw mode, on the alternate screen redrawn after every key and
//! resize; otherwise (pipes, files) lines of at most [`MAX_LINE`] bytes are
//! read and the same lines written one after another, each line read
//! echoed after `> `, so a transcript reads as the game went. End of input
//! ends the game with status 0; Ctrl-C exits 130 as every command.

use super::error::UsageError;
use super::play::PlayArgs;
use super::status::{print, say, to_stdout, Status};
use coinline_core::board::Board;
use coinline_core::error::{Error, Result};
use coinline_core::generate::{admissible, random_board, Span, Values};
use coinline_harness::human::keys::{Action, Key, Prompt};
use coinline_harness::human::render::{self, Ending};
use coinline_harness::human::{Command, Computer, HumanGame};
use coinline_harness::HarnessError;
use crossterm::cursor::MoveTo;
use crossterm::event::{Event, KeyCode, KeyEventKind, KeyModifiers};
use crossterm::style::Print;
use crossterm::terminal::{Clear, ClearType, EnterAlternateScreen, LeaveAlternateScreen};
use crossterm::{execute, queue};
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
    let header = render::header(&session, seed);
    if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
        return keyed(&mut session, &header, args.hints);
    }
    print(&format!("{header}\n"))?;
    let mut input = std::io::stdin().lock();
    loop {
        lines(&replies(&mut session)?)?;
        if session.is_over() {
            return end(&session, Ending::Finished);
        }
        let mut ask = vec![
            render::row(&session),
            render::score(&session),
            render::moves(&session),
        ];
        ask.extend(args.hints.then(|| render::hints(&session)));
        lines(&ask)?;
        print("> ")?;
        let Some(line) = read_line(&mut input)? else {
            return end(&session, Ending::EndOfInput);
        };
        print(&format!(
            "{}\n",
            line.as_deref().unwrap_or("(a line too long)")
        ))?;
        match line.and_then(|line| Command::parse(&line)) {
            Err(e) => lines(&[format!("{e}; type help for the commands")])?,
            Ok(command) => match act(&mut session, command, false) {
                Act::Said(said) => lines(&said)?,
                Act::End(how) => return end(&session, how),
            },
        }
    }
}

/// What a command did: lines to say, or the end of the game.
enum Act {
    Said(Vec<String>),
    End(Ending),
}

/// Carries out the person's command (`None`: a blank line); `keys` when
/// they play by keys, whose help differs.
fn act(session: &mut HumanGame, command: Option<Command>, keys: bool) -> Act {
    Act::Said(match command {
        None => Vec::new(),
        Some(Command::Quit) => return Act::End(Ending::Quit),
        Some(Command::Help) => render::help(session, keys),
        Some(Command::Hint) => vec![render::hints(session)],
        Some(Command::Undo) => vec![match session.undo() {
            Ok(taken) => render::undone(taken),
            Err(e) => e.to_string(),
        }],
        Some(Command::Play(mv)) => vec![match session.play(mv) {
            Ok(step) => render::step(session, &step),
            Err(e) => format!("{e}; try again (moves: {})", render::move_list(session)),
        }],
    })
}

/// The computer's moves until the person's turn or the end, a line each.
fn replies(session: &mut HumanGame) -> Result<Vec<String>> {
    let mut said = Vec::new();
    while let Some(step) = session.reply()? {
        said.push(render::step(session, &step));
    }
    Ok(said)
}

/// Prints `said`, a line each.
fn lines(said: &[String]) -> Result<()> {
    said.iter().try_for_each(|line| print(&format!("{line}\n")))
}

/// The end of a game on plain output: a finished game's empty row and
/// final score (the position before a quit or the end of input is shown
/// already), and the summary; status 0.
fn end(session: &HumanGame, how: Ending) -> Result<Status> {
    if how == Ending::EndOfInput {
        // The prompt is left open: end its line.
        print("\n")?;
    }
    if how == Ending::Finished {
        lines(&[render::row(session), render::score(session)])?;
    }
    lines(&render::ending(session, how))?;
    Ok(Status::Ok)
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

/// The game on a terminal, read a key at a time in raw mode on the
/// alternate screen, which is redrawn after every key and resize; the
/// summary is printed on the normal screen after it. Ctrl-C, read as a
/// key in raw mode, says so on a line of its own and exits 130.
fn keyed(session: &mut HumanGame, header: &str, hints: bool) -> Result<Status> {
    let mut status = Vec::new();
    let how = {
        let _raw = Raw::enter()?;
        play_keys(session, header, hints, &mut status)?
    };
    let Some(how) = how else {
        say!("coinline play --human: interrupted by Ctrl-C");
        std::process::exit(130);
    };
    let position = [header.into(), render::row(session), render::score(session)];
    lines(&position)?;
    lines(&status)?;
    lines(&render::ending(session, how))?;
    Ok(Status::Ok)
}

/// The moves and keys of a game on a terminal until it ends (`None`: by
/// Ctrl-C); `status` keeps the lines of the last thing done.
fn play_keys(
    session: &mut HumanGame,
    header: &str,
    hints: bool,
    status: &mut Vec<String>,
) -> Result<Option<Ending>> {
    let mut prompt = Prompt::default();
    loop {
        status.extend(replies(session)?);
        if session.is_over() {
            return Ok(Some(Ending::Finished));
        }
        let failed = |e: std::io::Error| Error::read_failed("the terminal", &e);
        let (width, height) = crossterm::terminal::size().map_err(failed)?;
        let size = (usize::from(width), usize::from(height));
        let (screen, (x, y)) = render::screen(session, header, hints, prompt.typed(), status, size);
        to_stdout(|mut out| {
            let _ = queue!(&mut out, MoveTo(0, 0), Clear(ClearType::All));
            for (y, line) in (0..).zip(&screen) {
                let _ = queue!(&mut out, MoveTo(0, y), Print(line));
            }
            let _ = queue!(&mut out, MoveTo(cell(x), cell(y)));
            Ok(())
        })?;
        let Some(key) = key(crossterm::event::read().map_err(failed)?) else {
            continue;
        };
        let done = match prompt.key(key) {
            Err(e) => Act::Said(vec![format!("{e}; ? for help")]),
            Ok(Action::Edited) => continue,
            Ok(Action::Say(text)) => Act::Said(vec![text.into()]),
            Ok(Action::Command(command)) => act(session, Some(command), true),
            Ok(Action::Interrupt) => return Ok(None),
            Ok(Action::EndOfInput) => return Ok(Some(Ending::EndOfInput)),
        };
        match done {
            Act::Said(said) => *status = said,
            Act::End(how) => return Ok(Some(how)),
        }
    }
}

/// A screen coordinate (the screen is at most `u16` cells a side).
fn cell(at: usize) -> u16 {
    u16::try_from(at).unwrap_or(u16::MAX)
}

/// The game's key of a terminal event; `None` for the rest (a resize:
/// the screen is redrawn).
fn key(event: Event) -> Option<Key> {
    let Event::Key(k) = event else { return None };
    let control = k.modifiers.contains(KeyModifiers::CONTROL);
    Some(match k.code {
        _ if k.kind == KeyEventKind::Release => return None,
        KeyCode::Char('c') if control => Key::Interrupt,
        KeyCode::Char('d') if control => Key::EndOfInput,
        KeyCode::Char(c) if !control => Key::Char(c),
        KeyCode::Left => Key::Left,
        KeyCode::Right => Key::Right,
        KeyCode::Up | KeyCode::Down => Key::UpDown,
        KeyCode::Enter => Key::Enter,
        KeyCode::Backspace => Key::Backspace,
        _ => return None,
    })
}

/// Raw mode and the alternate screen while held: left when dropped, on a
/// panic (before its message) and on a signal ([`restore`]), so every
/// way out gives the terminal back as it was.
struct Raw;

impl Raw {
    fn enter() -> Result<Raw> {
        let failed = |e: std::io::Error| Error::read_failed("the terminal", &e);
        let hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            hook(info);
        }));
        crossterm::terminal::enable_raw_mode().map_err(failed)?;
        let raw = Raw;
        execute!(std::io::stdout(), EnterAlternateScreen).map_err(failed)?;
        Ok(raw)
    }
}

impl Drop for Raw {
    fn drop(&mut self) {
        restore();
    }
}

/// Leaves raw mode and the alternate screen, if the game is in them.
pub fn restore() {
    if crossterm::terminal::is_raw_mode_enabled().unwrap_or(false) {
        let _ = crossterm::terminal::disable_raw_mode();
        let _ = execute!(std::io::stdout(), LeaveAlternateScreen);
    }
}

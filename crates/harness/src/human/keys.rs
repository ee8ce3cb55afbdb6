//! The keys of the game on a terminal: a key at a time, turned into the
//! person's [`Command`]s. ← and → take from that end, after a count typed
//! first (`3 →` is `R3`, `D2 ←` is `DL2`); Enter plays a move typed in the
//! notation; on an empty prompt `u`, `h`, `?` and `q` are undo, hint, help
//! and quit. The binary maps the terminal's events to [`Key`]s; no I/O here.

use super::Command;
use coinline_core::error::Result;

/// The longest text the prompt holds; further characters are not taken.
pub const MAX_TYPED: usize = 24;

/// A key the game knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// ←: take from the left end.
    Left,
    /// →: take from the right end.
    Right,
    /// ↑ or ↓: they do nothing, and say so.
    UpDown,
    /// Enter: play what was typed.
    Enter,
    /// Backspace: remove the last character typed.
    Backspace,
    /// A character typed.
    Char(char),
    /// Ctrl-C.
    Interrupt,
    /// Ctrl-D: the end of input.
    EndOfInput,
}

/// What a key asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Nothing but the prompt changed (or nothing at all).
    Edited,
    /// A command to carry out.
    Command(Command),
    /// A line for the status line: the key has no use here.
    Say(&'static str),
    /// Ctrl-C.
    Interrupt,
    /// Ctrl-D.
    EndOfInput,
}

/// The prompt: what has been typed since the last move.
#[derive(Clone, Debug, Default)]
pub struct Prompt {
    typed: String,
}

impl Prompt {
    /// What has been typed.
    pub fn typed(&self) -> &str {
        &self.typed
    }

    /// Reads one key. An arrow or Enter empties the prompt; a text that
    /// is no move is the error of [`Command::parse`].
    pub fn key(&mut self, key: Key) -> Result<Action> {
        let side = match key {
            Key::Left => 'L',
            Key::Right => 'R',
            Key::Enter => {
                let typed = std::mem::take(&mut self.typed);
                return Ok(Command::parse(&typed)?.map_or(Action::Edited, Action::Command));
            }
            Key::UpDown => {
                return Ok(Action::Say(
                    "↑ and ↓ do nothing: ← and → take from the ends",
                ))
            }
            Key::Backspace => {
                self.typed.pop();
                return Ok(Action::Edited);
            }
            Key::Interrupt => return Ok(Action::Interrupt),
            Key::EndOfInput => return Ok(Action::EndOfInput),
            Key::Char(c) => return Ok(self.char(c)),
        };
        let typed = std::mem::take(&mut self.typed);
        let (delete, count) = match typed.strip_prefix(['d', 'D']) {
            Some(count) => ("D", count),
            None => ("", typed.as_str()),
        };
        if !count.bytes().all(|b| b.is_ascii_digit()) {
            return Ok(Action::Say("← and → take a count typed first: 3 → is R3"));
        }
        Ok(Command::parse(&format!("{delete}{side}{count}"))?
            .map_or(Action::Edited, Action::Command))
    }

    fn char(&mut self, c: char) -> Action {
        let command = match c.to_ascii_lowercase() {
            'q' => Some(Command::Quit),
            'u' => Some(Command::Undo),
            'h' => Some(Command::Hint),
            '?' => Some(Command::Help),
            _ => None,
        };
        match command {
            Some(command) if self.typed.is_empty() => return Action::Command(command),
            _ if !c.is_control() && self.typed.chars().count() < MAX_TYPED => self.typed.push(c),
            _ => {}
        }
        Action::Edited
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::HarnessError;
    use coinline_core::play::{Move, Side};

    /// The actions of `keys` typed in turn, and what is left typed.
    fn run(keys: &[Key]) -> (Vec<Action>, String) {
        let mut prompt = Prompt::default();
        let actions = keys.iter().map(|&k| prompt.key(k).unwrap()).collect();
        (actions, prompt.typed().to_string())
    }

    fn chars(text: &str) -> Vec<Key> {
        text.chars().map(Key::Char).collect()
    }

    #[test]
    fn arrows_take_from_their_end_with_the_count_typed_first() {
        let play = |mv| Action::Command(Command::Play(mv));
        for (typed, arrow, mv) in [
            ("", Key::Left, Move::take(Side::Left, 1)),
            ("", Key::Right, Move::take(Side::Right, 1)),
            ("3", Key::Right, Move::take(Side::Right, 3)),
            ("12", Key::Left, Move::take(Side::Left, 12)),
            ("d2", Key::Left, Move::delete(Side::Left, 2)),
            ("D1", Key::Right, Move::delete(Side::Right, 1)),
        ] {
            let mut keys = chars(typed);
            keys.push(arrow);
            let (actions, left) = run(&keys);
            assert_eq!(actions.last(), Some(&play(mv)), "{typed} {arrow:?}");
            assert_eq!(left, "");
        }
        let (actions, _) = run(&[Key::Char('x'), Key::Left]);
        assert!(matches!(actions[1], Action::Say(_)));
        let mut prompt = Prompt::default();
        prompt.key(Key::Char('0')).unwrap();
        let err = prompt.key(Key::Left).unwrap_err();
        assert!(matches!(
            err.layer::<HarnessError>(),
            Some(HarnessError::NotAMove { text }) if text == "L0"
        ));
    }

    #[test]
    fn letters_are_commands_on_an_empty_prompt_and_text_after() {
        let (actions, typed) = run(&chars("uhq?"));
        let expected = [Command::Undo, Command::Hint, Command::Quit, Command::Help];
        assert_eq!(actions, expected.map(Action::Command));
        assert_eq!(typed, "");
        // Inside a word they are typed: `r2` Enter, `left` Enter.
        for (text, mv) in [
            ("r2", Move::take(Side::Right, 2)),
            ("left", Move::take(Side::Left, 1)),
            ("DQ\u{8}R2", Move::delete(Side::Right, 2)),
        ] {
            let mut keys: Vec<Key> = text
                .chars()
                .map(|c| {
                    if c == '\u{8}' {
                        Key::Backspace
                    } else {
                        Key::Char(c)
                    }
                })
                .collect();
            keys.push(Key::Enter);
            let (actions, _) = run(&keys);
            assert_eq!(
                actions.last(),
                Some(&Action::Command(Command::Play(mv))),
                "{text}"
            );
        }
        assert_eq!(run(&[Key::Enter]).0, [Action::Edited]);
        assert!(matches!(run(&[Key::UpDown]).0[0], Action::Say(_)));
        assert_eq!(run(&[Key::Interrupt]).0, [Action::Interrupt]);
        assert_eq!(run(&[Key::EndOfInput]).0, [Action::EndOfInput]);
    }

    #[test]
    fn the_prompt_is_bounded_and_takes_no_control_characters() {
        let mut keys = chars("\u{1b}[A\t");
        keys.extend(chars(&"7".repeat(MAX_TYPED + 10)));
        let (_, typed) = run(&keys);
        assert_eq!(typed, format!("[A{}", "7".repeat(MAX_TYPED - 2)));
    }
}

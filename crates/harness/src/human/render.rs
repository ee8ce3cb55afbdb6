//! What the terminal shows of a [`HumanGame`], as text: each function returns
//! one line (or a few) without a trailing newline. The same lines serve the
//! plain output (pipes, files) and the screen of a terminal, which the
//! binary redraws from them.

use super::{Choice, HumanGame, Turn};
use crate::explain::Step;
use coinline_core::generate::Span;
use coinline_core::play::{Kind, Move, Side};
use std::fmt::Write;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The row is empty.
    Finished,
    /// The person typed `quit`.
    Quit,
    /// Standard input ended (Ctrl-D).
    EndOfInput,
}

/// The first line: the rules, the board, the sides; a random board's
/// lengths and seed as given, which draw it again.
pub fn header(session: &HumanGame, random: Option<(Span<usize>, u64)>) -> String {
    let n = session.board().len();
    let origin = match random {
        Some((lengths, seed)) if lengths.lo == lengths.hi => {
            format!(", a random board (--n {} --seed {seed})", lengths.lo)
        }
        Some((lengths, seed)) => format!(", a random board (--n {lengths} --seed {seed})"),
        None => String::new(),
    };
    let side = if session.person_first() {
        "first"
    } else {
        "second"
    };
    format!(
        "coinline: {} on {} values{origin}; you play {side} against the computer ({})",
        session.game(),
        n,
        session.opponent()
    )
}

/// The values still on the row, the ends a move can take from marked
/// `L>` and `<R`: `row: L> 8 15 3 7 <R`.
pub fn row(session: &HumanGame) -> String {
    let values: Vec<String> = session.remaining().iter().map(i64::to_string).collect();
    let (left, right) = ends(session);
    let mut text = String::from("row:");
    if left {
        text.push_str(" L>");
    }
    if values.is_empty() {
        text.push_str(" (empty)");
    } else {
        text.push(' ');
        text.push_str(&values.join(" "));
    }
    if right {
        text.push_str(" <R");
    }
    text
}

/// Whether some legal move takes or deletes from the left end, the right.
fn ends(session: &HumanGame) -> (bool, bool) {
    let sides: Vec<Side> = session.moves().iter().map(|mv| mv.side).collect();
    (sides.contains(&Side::Left), sides.contains(&Side::Right))
}

/// Both totals and whose turn it is: `you 8 · computer 7 · your move`.
pub fn score(session: &HumanGame) -> String {
    let (you, computer) = session.scores();
    let turn = match session.to_move() {
        Some(Turn::Person) => "your move",
        Some(Turn::Computer) => "the computer's move",
        None => "game over",
    };
    format!("you {you} · computer {computer} · {turn}")
}

/// The moves line: `moves: L, R (or undo, hint, help, quit)`.
pub fn moves(session: &HumanGame) -> String {
    format!("moves: {} (or undo, hint, help, quit)", move_list(session))
}

/// The legal moves, runs of counts written `L1..L3`: `L, R`.
pub fn move_list(session: &HumanGame) -> String {
    let all: Vec<Move> = session.moves();
    let mut groups: Vec<(Move, Move)> = Vec::new();
    for mv in all {
        match groups.last_mut() {
            Some((_, last))
                if last.kind == mv.kind && last.side == mv.side && last.count + 1 == mv.count =>
            {
                *last = mv;
            }
            _ => groups.push((mv, mv)),
        }
    }
    let shown: Vec<String> = groups
        .iter()
        .map(|&(from, to)| {
            if from == to {
                from.to_string()
            } else {
                format!("{}..{}", counted(from), counted(to))
            }
        })
        .collect();
    shown.join(", ")
}

/// A move with its count written even when it is 1 (`L1`), as a range's
/// end; the notation reads it back.
fn counted(mv: Move) -> String {
    let kind = if mv.kind == Kind::Delete { "D" } else { "" };
    let side = if mv.side == Side::Left { "L" } else { "R" };
    format!("{kind}{side}{}", mv.count)
}

/// The hint line: the best move, then each move's worth (what it earns
/// against best play after it) and cost.
pub fn hints(session: &HumanGame) -> String {
    let Some(best) = session.best() else {
        return "hints: no move left".into();
    };
    let mut text = format!("hints: best {best};");
    for (i, c) in session.choices().iter().enumerate() {
        let Choice {
            mv, worth, cost, ..
        } = c;
        let sep = if i == 0 { " " } else { ", " };
        let _ = write!(text, "{sep}{mv} worth {worth} (cost {cost})");
    }
    text
}

/// One move, as it was played: `move 1, you: L takes 8, scores 8; cost 14,
/// the best was R`. The computer's costs are said only when it gave
/// something away.
pub fn step(session: &HumanGame, step: &Step) -> String {
    let removed: Vec<String> = session.board().values()[step.removed()]
        .iter()
        .map(i64::to_string)
        .collect();
    let who = match session.player(step) {
        Turn::Person => "you",
        Turn::Computer => "computer",
    };
    let mut text = format!("move {}, {who}: {}", step.number, step.mv);
    match step.mv.kind {
        Kind::Take => {
            let _ = write!(text, " takes {}, scores {}", removed.join(" "), step.gain);
        }
        Kind::Delete => {
            let _ = write!(text, " deletes {}", removed.join(" "));
        }
    }
    let cost = step.loss();
    match (session.player(step), cost) {
        (Turn::Person, 0) => text.push_str("; cost 0 (a best move)"),
        (Turn::Person, _) => {
            let _ = write!(text, "; cost {cost}, the best was {}", step.best);
        }
        (Turn::Computer, 0) => {}
        (Turn::Computer, _) => {
            let _ = write!(
                text,
                "; cost {cost} to the computer (its best was {})",
                step.best
            );
        }
    }
    text
}

/// The line after an undo.
pub fn undone(taken: usize) -> String {
    let moves = if taken == 1 { "move" } else { "moves" };
    format!("undo: took back {taken} {moves}")
}

/// The help, a few lines: of the keys on a terminal, of the lines typed
/// otherwise.
pub fn help(session: &HumanGame, keys: bool) -> Vec<String> {
    let rules = format!("the rules: {} (coinline games lists them)", session.game());
    let (moves, commands) = if keys {
        (
            "keys: ← and → take one value from that end, a count typed first that many \
             (3 → is R3, D2 ← deletes two: DL2); ↑ and ↓ do nothing",
            "Enter plays a move typed in the notation (L, R3, DR2, left); u undo, h hint, \
             ? help, q quit; Ctrl-D ends the game, Ctrl-C interrupts it",
        )
    } else {
        (
            "moves: L or left, R or right take one value from that end; Lk, Rk take k; \
             DLk, DRk delete k (as the rules allow)",
            "commands: undo (take back your last move and the reply), hint (what each move is \
             worth), help, quit; Ctrl-D ends the game too",
        )
    };
    vec![
        rules,
        moves.into(),
        commands.into(),
        "after each move: its cost, what it gave away against the best move (0: a best move)"
            .into(),
    ]
}

/// The end: how it ended, both totals, the person's regret and the optimal
/// line from the start.
pub fn ending(session: &HumanGame, how: Ending) -> Vec<String> {
    let (you, computer) = session.scores();
    let played = session.steps().len();
    let moves = if played == 1 { "move" } else { "moves" };
    let first = match how {
        Ending::Finished => {
            format!("game over after {played} {moves}: you {you}, computer {computer}")
        }
        Ending::Quit => format!("you quit after {played} {moves}: you {you}, computer {computer}"),
        Ending::EndOfInput => format!(
            "end of input: the game stops after {played} {moves}: you {you}, computer {computer}"
        ),
    };
    let margin = i128::from(you) - i128::from(computer);
    let verdict = match (how, margin.signum()) {
        (Ending::Finished, 1) => format!("; you won by {margin}"),
        (Ending::Finished, -1) => format!("; the computer won by {}", -margin),
        (Ending::Finished, _) => "; a draw".into(),
        _ => String::new(),
    };
    let costly: Vec<String> = session
        .steps()
        .iter()
        .filter(|s| session.player(s) == Turn::Person && s.loss() != 0)
        .map(|s| format!("move {} {} cost {}", s.number, s.mv, s.loss()))
        .collect();
    let regret = if !session
        .steps()
        .iter()
        .any(|s| session.player(s) == Turn::Person)
    {
        "your regret: 0 (you made no move)".to_string()
    } else if costly.is_empty() {
        format!(
            "your regret: {} (every move of yours was a best move)",
            session.regret()
        )
    } else {
        format!("your regret: {} ({})", session.regret(), costly.join(", "))
    };
    let optimal = match session.optimal_line() {
        Ok((line, totals)) => format!(
            "optimal line from the start: {line} (first {}, second {})",
            totals.first, totals.second
        ),
        Err(e) => format!("optimal line from the start: not available ({e})"),
    };
    vec![first + &verdict, regret, optimal]
}

/// A terminal's screen of `width` x `height` cells: the header, the row,
/// the score, the moves and keys, the hints (with `--hints`), the prompt
/// and, under it, the status: the lines of the last thing done, which
/// replace those before. Lines are cut into pieces of `width` characters
/// and the status is cut off at the bottom, so the position never scrolls
/// away. The lines and the cursor's place (column, line).
pub fn screen(
    session: &HumanGame,
    header: &str,
    hints: bool,
    typed: &str,
    status: &[String],
    (width, height): (usize, usize),
) -> (Vec<String>, (usize, usize)) {
    let width = width.max(1);
    let keys = format!(
        "moves: {} (keys: ← → an end, u undo, h hint, ? help, q quit)",
        move_list(session)
    );
    let hint = hints.then(|| self::hints(session));
    let mut lines = Vec::new();
    for line in [header.into(), row(session), score(session), keys]
        .iter()
        .chain(&hint)
    {
        wrap(line, width, &mut lines);
    }
    let prompt = format!("> {typed}");
    let at = prompt.chars().count();
    let cursor = (at % width, lines.len() + at / width);
    for line in std::iter::once(&prompt).chain(status) {
        wrap(line, width, &mut lines);
    }
    lines.truncate(height);
    (lines, (cursor.0, cursor.1.min(height.saturating_sub(1))))
}

/// `text` cut into lines of `width` characters (an empty text is a line).
fn wrap(text: &str, width: usize, lines: &mut Vec<String>) {
    let chars: Vec<char> = text.chars().collect();
    lines.extend(chars.chunks(width).map(|piece| piece.iter().collect()));
    if chars.is_empty() {
        lines.push(String::new());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::human::Computer;
    use coinline_core::board::Board;
    use coinline_core::play::Game;

    fn session(game: &str, board: &str) -> HumanGame<'static> {
        let game: Game = game.parse().unwrap();
        // A test's few boards live to its end.
        let board: &'static Board = Box::leak(Box::new(Board::parse(board).unwrap()));
        HumanGame::new(game, board, true, Computer::Optimal).unwrap()
    }

    #[test]
    fn the_row_marks_the_ends_a_move_may_take_from() {
        assert_eq!(row(&session("coins", "8 15 3 7")), "row: L> 8 15 3 7 <R");
        assert_eq!(row(&session("take=1 ends=left", "1 2 3")), "row: L> 1 2 3");
        assert_eq!(row(&session("take=1 ends=right", "1 2 3")), "row: 1 2 3 <R");
        let mut s = session("coins", "4");
        s.play(Move::take(Side::Right, 1)).unwrap();
        assert_eq!(row(&s), "row: (empty)");
        assert_eq!(score(&s), "you 4 · computer 0 · game over");
    }

    #[test]
    fn moves_are_listed_in_runs() {
        assert_eq!(move_list(&session("coins", "1 2")), "L, R");
        assert_eq!(move_list(&session("gameofsum", "1 2 3")), "L1..L3, R1..R3");
        assert_eq!(move_list(&session("numbergame", "1 2 3")), "L, R, DL2, DR2");
        assert_eq!(
            move_list(&session("take=1 delete=1..2", "1 2")),
            "L, R, DL1..DL2, DR1..DR2"
        );
    }

    #[test]
    fn a_step_says_what_it_removed_scored_and_cost() {
        let mut s = session("numbergame", "5 -3 2 8");
        let step = s.play(Move::delete(Side::Left, 2)).unwrap();
        let cost = step.loss();
        let text = super::step(&s, &step);
        assert!(
            text.starts_with("move 1, you: DL2 deletes 5 -3; cost "),
            "{text}"
        );
        assert!(text.contains(&format!("cost {cost}")), "{text}");
        let reply = s.reply().unwrap().unwrap();
        let text = super::step(&s, &reply);
        assert!(text.starts_with("move 2, computer: "), "{text}");
        assert!(
            !text.contains("cost"),
            "the optimal computer gives nothing away: {text}"
        );
    }

    #[test]
    fn the_ending_states_the_winner_and_the_costly_moves() {
        let mut s = session("coins", "8 15 3 7");
        for _ in 0..2 {
            s.play(Move::take(Side::Left, 1)).unwrap();
            s.reply().unwrap();
        }
        let lines = ending(&s, Ending::Finished);
        assert_eq!(
            lines,
            [
                "game over after 4 moves: you 11, computer 22; the computer won by 11",
                "your regret: 22 (move 1 L cost 14, move 3 L cost 8)",
                "optimal line from the start: R L L L (first 22, second 11)",
            ]
        );
        assert!(ending(&s, Ending::Quit)[0].starts_with("you quit after 4 moves"));
        let none = ending(&session("coins", "8 15 3 7"), Ending::EndOfInput);
        assert_eq!(none[1], "your regret: 0 (you made no move)");
    }

    #[test]
    fn a_small_screen_keeps_the_position_and_cuts_the_status() {
        let s = session("coins", "8 15 3 7 1 2 3 4 5 6 7 8 9 10 11 12 13");
        let header = "coinline: coins on 17 values; you play first against the computer";
        let status: Vec<String> = (0..30).map(|i| format!("message {i}")).collect();
        let (lines, cursor) = screen(&s, header, true, "12", &status, (40, 12));
        assert_eq!(lines.len(), 12);
        assert!(lines.iter().all(|l| l.chars().count() <= 40), "{lines:#?}");
        assert_eq!(lines[..2].concat(), header);
        assert_eq!(lines[2..4].concat(), row(&s));
        let prompt = lines.iter().position(|l| l == "> 12").unwrap();
        assert_eq!(cursor, (4, prompt));
        assert_eq!(lines[prompt + 1], "message 0");
        assert_eq!(lines[11], format!("message {}", 10 - prompt));
        // Wide enough, each line is one line and the status is all there.
        let (lines, _) = screen(&s, header, false, "", &status[..2], (200, 50));
        assert_eq!(lines[4..], ["> ", "message 0", "message 1"]);
    }
}

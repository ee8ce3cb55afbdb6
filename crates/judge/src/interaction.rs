//! Interactive problems: a problem file's `[interaction]` table, which
//! says that the contestant's program plays the game against the jury
//! (perfect play, adversarial among equal moves) over the line protocol of
//! docs/play.md, which side it plays, and what counts as accepted.
//!
//! The games themselves are `coinline play`'s (crates/judge/src/play/);
//! this module is only the table, the statement's protocol words and the
//! acceptance rule.

use super::error::{at, JudgeError};
use crate::words::{Start, Words};
use coinline_core::error::Result;
use coinline_core::play::Game;
use coinline_core::rules::Counts;
use coinline_core::strategy::player::{GameReport, Seat};
use serde::Deserialize;

/// The `[interaction]` table as written.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct InteractionTable {
    side: String,
    accept: String,
    protocol: Option<String>,
    moves: Option<MovesTable>,
    start: Option<String>,
    turn: Option<String>,
    opponent: Option<String>,
    end: Option<String>,
}

/// `moves = { left = "LEFT", right = "RIGHT" }`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovesTable {
    left: String,
    right: String,
}

/// Which side the contestant's program plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sides {
    /// Always the first player.
    First,
    /// Always the second player.
    Second,
    /// Either, chosen per case by the jury: first in the odd-numbered cases
    /// (1, 3, ...) and generated boards 0, 2, ...; second in the others.
    Either,
}

impl Sides {
    /// Every value, with its word in a problem file.
    pub const NAMES: [(&'static str, Sides); 3] = [
        ("first", Sides::First),
        ("second", Sides::Second),
        ("either", Sides::Either),
    ];

    /// The seat of the game numbered `index` from 0.
    pub fn seat(self, index: u64) -> Seat {
        match (self, index % 2) {
            (Sides::First, _) | (Sides::Either, 0) => Seat::First,
            _ => Seat::Second,
        }
    }
}

/// What counts as an accepted game (a breach of the protocol never does).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Accept {
    /// No move loses value: the program secures the best value of its side
    /// (against the jury, exactly the board's value).
    #[default]
    Optimal,
    /// Its total is at least the jury's.
    NoLoss,
    /// Its total is above the jury's.
    Win,
}

impl Accept {
    /// Every value, with its word in a problem file.
    pub const NAMES: [(&'static str, Accept); 3] = [
        ("optimal", Accept::Optimal),
        ("no-loss", Accept::NoLoss),
        ("win", Accept::Win),
    ];

    /// Whether the game of `report` is accepted.
    pub fn accepts(self, report: &GameReport) -> bool {
        if report.breach.is_some() {
            return false;
        }
        match (self, report.achieved) {
            (Accept::Optimal, _) => report.regret == 0,
            (Accept::NoLoss, Some(a)) => a >= 0,
            (Accept::Win, Some(a)) => a > 0,
            (_, None) => false,
        }
    }

    /// The word in a problem file.
    pub fn name(self) -> &'static str {
        Accept::NAMES.iter().find(|(_, a)| *a == self).unwrap().0
    }
}

/// A problem's interaction.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Interaction {
    /// Which side the program plays.
    pub sides: Sides,
    /// What counts as accepted.
    pub accept: Accept,
    /// The protocol's words: docs/play.md's unless the table renames them.
    pub words: Words,
}

/// The protocol an interaction speaks unless the table renames its words
/// (docs/play.md).
pub const PROTOCOL: &str = "play";

/// The value of the word `text` among `names`, at `key`.
fn word<T: Copy>(key: &str, text: &str, names: &[(&'static str, T)]) -> Result<T> {
    if let Some(&(_, value)) = names.iter().find(|(n, _)| *n == text.trim()) {
        return Ok(value);
    }
    let (text, valid) = (text.to_string(), names.iter().map(|(n, _)| *n).collect());
    Err(at(key, JudgeError::NotOneOf { text, valid }))
}

fn refuse<T>(key: &str, fault: JudgeError) -> Result<T> {
    Err(at(&format!("interaction.{key}"), fault))
}

/// One line of the protocol (`key`): no line break, and only the
/// placeholders in `allowed`, each at most once.
fn one_line(key: &str, text: &str, allowed: &[&'static str]) -> Result<String> {
    if text.contains(['\n', '\r']) {
        let text = text.to_string();
        return refuse(key, JudgeError::LineBreak { text });
    }
    let mut rest = text.to_string();
    for name in allowed {
        if rest.matches(name).count() > 1 {
            let (text, placeholder) = (text.to_string(), *name);
            return refuse(key, JudgeError::PlaceholderTwice { text, placeholder });
        }
        rest = rest.replace(name, "");
    }
    if rest.contains(['{', '}']) {
        let (text, placeholders) = (text.to_string(), allowed.to_vec());
        return refuse(key, JudgeError::StrayBrace { text, placeholders });
    }
    Ok(text.trim().to_string())
}

/// The statement's words of the table, checked against each other and
/// against `game`'s moves.
fn words(table: &InteractionTable, game: Game) -> Result<Words> {
    let play = Words::default();
    let moves = match &table.moves {
        None => None,
        Some(m) => {
            let (left, right) = (m.left.trim(), m.right.trim());
            for (side, w) in [("left", left), ("right", right)] {
                if w.is_empty() || w.contains(char::is_whitespace) {
                    let word = w.to_string();
                    return refuse("moves", JudgeError::MoveNotOneWord { side, word });
                }
            }
            if left == right {
                let word = left.to_string();
                return refuse("moves", JudgeError::SameMoveWords { word });
            }
            // Only a take of one from either end has a word of its own.
            let singles = game.take == Counts::exactly(1)
                && game.delete.is_empty()
                && !game.circle
                && game.ends == coinline_core::rules::Ends::Both;
            if !singles {
                return refuse("moves", JudgeError::MovesWithoutWords { game });
            }
            Some((left.to_string(), right.to_string()))
        }
    };
    let opponent = match &table.opponent {
        None => play.opponent,
        Some(t) => {
            let t = one_line("opponent", t, &["{move}"])?;
            if !t.contains("{move}") {
                return refuse("opponent", JudgeError::NoMovePlaceholder { text: t });
            }
            t
        }
    };
    Ok(Words {
        moves,
        start: match &table.start {
            None => play.start,
            Some(t) => word("interaction.start", t, &Start::NAMES)?,
        },
        turn: match &table.turn {
            None => play.turn,
            Some(t) => one_line("turn", t, &[])?,
        },
        opponent,
        end: match &table.end {
            None => play.end,
            Some(t) => one_line("end", t, &["{first}", "{second}"])?,
        },
    })
}

/// Reads the `[interaction]` table of a problem of `game`.
pub fn parse(table: &InteractionTable, game: Game) -> Result<Interaction> {
    let words = words(table, game)?;
    if let Some(p) = table.protocol.as_deref() {
        if p.trim() != PROTOCOL {
            let text = p.to_string();
            return refuse("protocol", JudgeError::UnknownProtocol { text });
        }
        if !words.is_play() {
            return refuse("protocol", JudgeError::ProtocolRenamed);
        }
    }
    let sides = word("interaction.side", &table.side, &Sides::NAMES)?;
    // Without a side line the program knows its seat from the statement only.
    if words.start == Start::Values && sides == Sides::Either {
        return refuse("start", JudgeError::ValuesNeedSide);
    }
    Ok(Interaction {
        sides,
        accept: word("interaction.accept", &table.accept, &Accept::NAMES)?,
        words,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ProblemFileError;
    use coinline_core::strategy::player::Breached;
    use coinline_core::strategy::player::{Breach, BreachKind};

    fn table(side: &str, accept: &str, protocol: Option<&str>) -> InteractionTable {
        InteractionTable {
            side: side.into(),
            accept: accept.into(),
            protocol: protocol.map(str::to_string),
            moves: None,
            start: None,
            turn: None,
            opponent: None,
            end: None,
        }
    }

    #[test]
    fn the_table_reads_and_each_mistake_names_its_key() {
        let i = parse(&table("either", "no-loss", Some("play")), Game::COINS).unwrap();
        assert_eq!((i.sides, i.accept), (Sides::Either, Accept::NoLoss));
        for (t, key) in [
            (table("both", "win", None), "interaction.side"),
            (table("first", "draw", None), "interaction.accept"),
            (
                table("first", "win", Some("codeforces")),
                "interaction.protocol",
            ),
        ] {
            let e = parse(&t, Game::COINS).unwrap_err();
            let at = e
                .layer::<ProblemFileError>()
                .expect("a problem file's error");
            assert_eq!(at.key, key, "{e}");
        }
    }

    #[test]
    fn either_side_alternates_and_acceptance_follows_the_achieved_value() {
        let seats: Vec<Seat> = (0..4).map(|i| Sides::Either.seat(i)).collect();
        assert_eq!(
            seats,
            [Seat::First, Seat::Second, Seat::First, Seat::Second]
        );
        assert_eq!(Sides::Second.seat(0), Seat::Second);
        let report = |achieved: i64, regret: i64| GameReport {
            seat: Seat::First,
            line: Default::default(),
            totals: Default::default(),
            achieved: Some(achieved),
            best: achieved + regret,
            regret,
            mistake: None,
            moves: 1,
            breach: None,
        };
        let cases = [
            // achieved, regret: optimal, no-loss, win
            ((0, 0), [true, true, false]),
            ((0, 2), [false, true, false]),
            ((-1, 0), [true, false, false]),
            ((3, 1), [false, true, true]),
        ];
        for ((a, r), wanted) in cases {
            let got =
                [Accept::Optimal, Accept::NoLoss, Accept::Win].map(|x| x.accepts(&report(a, r)));
            assert_eq!(got, wanted, "achieved {a}, regret {r}");
        }
        let mut broken = report(5, 0);
        broken.breach = Some(Breached {
            breach: Breach::new(BreachKind::Silent, "no move"),
            seat: Seat::First,
            left: 0,
            right: 1,
        });
        assert!(!Accept::Win.accepts(&broken));
    }
}

//! The words of `coinline play`: a CSV row per game, the summary of a run
//! (regret statistics and verdict counts), and the report of a failure.

use super::{Failure, Played};
use coinline_core::error::{escaped, plural, shown_ends};
use coinline_core::strategy::player::{interval_text, BreachKind, Seat};
use std::fmt::Write as _;

/// The header of the CSV rows.
pub const HEADER: &str =
    "index,game,board,side,opponent,achieved,best,regret,mistake_at,mistake,cost,best_move,verdict,detail";

/// A game's verdict word: `ok`, or the breach's kind (`opponent-` before it
/// when the opponent broke the rules).
pub fn verdict(played: &Played) -> String {
    match &played.report.breach {
        None => "ok".into(),
        Some(b) if b.seat == played.setup.seat => b.breach.kind.name().into(),
        Some(b) => format!("opponent-{}", b.breach.kind.name()),
    }
}

/// The CSV row of game `index` (`-` for a replayed or given board) against
/// `opponent`, with its newline.
pub fn row(index: Option<u64>, played: &Played, opponent: &str) -> String {
    let r = &played.report;
    let n = played.setup.board.len();
    let (at, mv, cost, best) = match &r.mistake {
        Some(m) => (
            interval_text(n, m.left, m.right),
            m.played.to_string(),
            m.cost.to_string(),
            m.best.to_string(),
        ),
        None => Default::default(),
    };
    let detail = r.breach.as_ref().map_or(String::new(), |b| {
        format!(
            "at {}: {}",
            interval_text(n, b.left, b.right),
            b.breach.detail
        )
    });
    let fields = [
        index.map_or("-".into(), |i| i.to_string()),
        played.setup.game.to_string(),
        played.setup.board.to_string(),
        played.setup.seat.to_string(),
        opponent.to_string(),
        r.achieved.map_or(String::new(), |a| a.to_string()),
        r.best.to_string(),
        r.regret.to_string(),
        at,
        mv,
        cost,
        best,
        verdict(played),
        detail,
    ];
    let mut line = String::new();
    for (i, f) in fields.iter().enumerate() {
        if i > 0 {
            line.push(',');
        }
        line.push_str(&csv_field(f));
    }
    line.push('\n');
    line
}

/// `text` as one CSV field, quoted where it must be.
pub fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// Mergeable statistics of a run's games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlaySummary {
    /// Games played.
    pub games: u64,
    /// Games played perfectly and by the rules.
    pub optimal: u64,
    /// The sum of the regrets of games without a breach (wide: a long run
    /// of large values passes 64 bits).
    pub regret_sum: i128,
    /// The largest regret, and the index of its first game.
    pub worst: Option<(i64, Option<u64>)>,
    /// Moves made by the judged side.
    pub moves: u64,
    /// Games per verdict: `ok` first, then each breach kind's.
    pub verdicts: Vec<(String, u64)>,
}

impl PlaySummary {
    /// Counts one game.
    pub fn add(&mut self, index: Option<u64>, played: &Played) {
        let r = &played.report;
        self.games += 1;
        self.moves += r.moves as u64;
        if r.is_optimal() {
            self.optimal += 1;
        }
        if r.breach.is_none() {
            self.regret_sum += i128::from(r.regret);
            if self.worst.is_none_or(|(w, _)| r.regret > w) {
                self.worst = Some((r.regret, index));
            }
        }
        let word = verdict(played);
        match self.verdicts.iter_mut().find(|(w, _)| *w == word) {
            Some((_, k)) => *k += 1,
            None => self.verdicts.push((word, 1)),
        }
        let rank = |w: &str| {
            BreachKind::ALL
                .iter()
                .position(|k| w.ends_with(k.name()))
                .map_or(0, |p| p + 1 + usize::from(w.starts_with("opponent-")) * 10)
        };
        self.verdicts.sort_by_key(|(w, _)| rank(w));
    }

    /// The mean regret of the games without a breach.
    pub fn mean_regret(&self) -> f64 {
        let finished = self.games
            - self
                .verdicts
                .iter()
                .filter(|(w, _)| w != "ok")
                .map(|(_, k)| k)
                .sum::<u64>();
        if finished == 0 {
            0.0
        } else {
            self.regret_sum as f64 / finished as f64
        }
    }

    /// The summary as lines of text.
    pub fn text(&self, who: &str, seat: Seat, opponent: &str) -> String {
        let share = if self.games == 0 {
            0.0
        } else {
            100.0 * self.optimal as f64 / self.games as f64
        };
        let mut out = format!(
            "{} of {who} as {seat} against {opponent}: {} optimal ({share:.1}%)\n",
            plural(self.games, "game"),
            self.optimal
        );
        let worst = match self.worst {
            Some((w, Some(i))) => format!("{w} (board {i})"),
            Some((w, None)) => w.to_string(),
            None => "-".into(),
        };
        let _ = writeln!(
            out,
            "regret: mean {:.3}, max {worst}; {} by {who}",
            self.mean_regret(),
            plural(self.moves, "move")
        );
        let counts: Vec<String> = self
            .verdicts
            .iter()
            .map(|(w, k)| format!("{w} {k}"))
            .collect();
        let _ = writeln!(out, "verdicts: {}", counts.join(", "));
        out
    }
}

/// The report of one failure: the board, the shrunk board, what went
/// wrong there and the shrunk game's transcript.
pub fn failure_text(failure: &Failure) -> String {
    let mut out = String::new();
    let first = &failure.played;
    let at = failure
        .index
        .map_or(String::new(), |i| format!(" (board {i})"));
    let _ = writeln!(
        out,
        "failure{at}: {}: {}",
        first.setup.game, first.setup.board
    );
    let s = &failure.shrunk;
    if s.setup.board != first.setup.board {
        let _ = writeln!(
            out,
            "shrunk to {} values: {}",
            s.setup.board.len(),
            s.setup.board
        );
    }
    if !failure.steady {
        out.push_str("played again, it did not fail: the failure depends on timing or chance\n");
    }
    out.push_str(&what_went_wrong(s));
    if !s.transcript.is_empty() {
        out.push_str("transcript (> to the program, < from it):\n");
        for line in &s.transcript {
            let _ = writeln!(out, "  {}", escaped(line.as_bytes()));
        }
    }
    if !s.stderr.trim().is_empty() {
        let _ = writeln!(
            out,
            "its standard error began: {}",
            shown_ends(s.stderr.lines().next().unwrap_or(""))
        );
    }
    out
}

/// One line on a judged game's first fault.
pub fn what_went_wrong(played: &Played) -> String {
    let r = &played.report;
    let n = played.setup.board.len();
    let mut out = String::new();
    if let Some(b) = &r.breach {
        let who = if b.seat == played.setup.seat {
            ""
        } else {
            "the opponent: "
        };
        let _ = writeln!(
            out,
            "{who}{} with values {} left, {}: {}",
            b.breach.kind.name(),
            interval_text(n, b.left, b.right),
            match r.line.moves.is_empty() {
                true => "before any move".to_string(),
                false => format!("after {}", r.line),
            },
            b.breach.detail
        );
    }
    if let Some(m) = &r.mistake {
        let _ = writeln!(
            out,
            "first suboptimal move: {} with values {} left (move {}) costs {}; best {}",
            m.played,
            interval_text(n, m.left, m.right),
            m.ply + 1,
            m.cost,
            m.best
        );
    }
    if let Some(a) = r.achieved {
        let _ = writeln!(
            out,
            "achieved {a}, best {} from the start, regret {}; line {}",
            r.best, r.regret, r.line
        );
    }
    out
}

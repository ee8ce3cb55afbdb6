//! `coinline play --tournament`: every entrant against every other, in
//! both orders, on the same seeded boards; both sides of every game priced
//! against perfect play.
//!
//! Optimal play is always an entrant (as an opponent it plays with the
//! adversarial tie rule of [`price_game`]). The games of a run are played on a
//! thread pool and collected in order, so the table's bytes depend on the
//! options alone, never on `--jobs`.
//!
//! [`price_game`]: coinline_core::strategy::player::price_game

use super::program::ProgramTerms;
use super::{play_one, seeded_board, Contestant, Played, Setup};
use crate::error::JudgeError;
use coinline_core::board::Board;
use coinline_core::error::Result;
use coinline_core::generate::Span;
use coinline_core::play::{Game, Line};
use coinline_core::strategy::player::{HeuristicPlayer, Position, Seat};
use coinline_core::strategy::{State, ValueTable};
use coinline_sandbox as sandbox;
use rayon::prelude::*;
use std::fmt::Write as _;

/// What defines a tournament.
#[derive(Clone, Debug)]
pub struct TournamentConfig {
    /// The rule set.
    pub game: Game,
    /// The entrants, optimal play first; no two of the same name.
    pub entrants: Vec<Contestant>,
    /// Board lengths.
    pub lengths: Span<usize>,
    /// Values.
    pub values: Span<i64>,
    /// The seed of the boards.
    pub seed: u64,
    /// Boards per ordered pair (the same boards for every pair).
    pub runs: u64,
    /// Worker threads.
    pub jobs: usize,
    /// A program's limits.
    pub limits: ProgramTerms,
}

impl TournamentConfig {
    /// `listed` with optimal play put first (once), duplicates left out.
    pub fn entrants(listed: Vec<Contestant>) -> Vec<Contestant> {
        let mut all = vec![Contestant::Optimal];
        for p in listed {
            if !all.iter().any(|q| q.to_string() == p.to_string()) {
                all.push(p);
            }
        }
        all
    }

    /// The ordered pairs (first, second) of distinct entrants, by index.
    pub fn pairs(&self) -> Vec<(usize, usize)> {
        let k = self.entrants.len();
        (0..k)
            .flat_map(|a| (0..k).filter(move |&b| b != a).map(move |b| (a, b)))
            .collect()
    }
}

/// One side's record in a pair.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SideRecord {
    /// The sum of its regrets over the games without a breach (wide: a
    /// long run of large values passes 64 bits).
    pub regret_sum: i128,
    /// Games it won (its total above the other's).
    pub wins: u64,
    /// Games it forfeited by breaking the protocol.
    pub breaches: u64,
    /// Its largest regret above 0 and the first board where it was reached.
    pub worst: Option<(i64, Board)>,
}

/// The record of one ordered pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairRecord {
    /// The first player's name.
    pub first: String,
    /// The second player's name.
    pub second: String,
    /// Games played.
    pub games: u64,
    /// Games with equal totals.
    pub ties: u64,
    /// The first player's side of it, then the second's.
    pub sides: [SideRecord; 2],
}

impl PairRecord {
    /// The mean regret of side `i` (0: first) over the games played to the end.
    pub fn mean_regret(&self, i: usize) -> f64 {
        let finished = self.games - self.sides[0].breaches - self.sides[1].breaches;
        match finished {
            0 => 0.0,
            f => self.sides[i].regret_sum as f64 / f as f64,
        }
    }

    /// Counts one game.
    fn add(&mut self, game: &Priced) {
        self.games += 1;
        if let Some(seat) = game.breach {
            self.sides[seat_index(seat)].breaches += 1;
            return;
        }
        match game.first_minus_second {
            d if d > 0 => self.sides[0].wins += 1,
            d if d < 0 => self.sides[1].wins += 1,
            _ => self.ties += 1,
        }
        for (side, &regret) in self.sides.iter_mut().zip(&game.regrets) {
            side.regret_sum += i128::from(regret);
            // A side that never lost value has no worst board.
            if regret > 0 && side.worst.as_ref().is_none_or(|(w, _)| regret > *w) {
                side.worst = Some((regret, game.board.clone()));
            }
        }
    }
}

fn seat_index(seat: Seat) -> usize {
    match seat {
        Seat::First => 0,
        Seat::Second => 1,
    }
}

/// One game of a pair, both sides priced.
#[derive(Clone, Debug)]
struct Priced {
    board: Board,
    regrets: [i64; 2],
    first_minus_second: i64,
    /// The seat that broke the protocol, if one did.
    breach: Option<Seat>,
}

/// The sum of the costs of `seat`'s moves in `line` (legal, as judged).
pub fn regret_of(game: Game, board: &Board, line: &Line, seat: Seat) -> Result<i64> {
    let table = ValueTable::new(game, board)?;
    let mut state = State::start(board.len());
    let mut sofar = Line {
        start: line.start,
        ..Line::default()
    };
    let mut regret = 0;
    for (ply, mv) in line.moves.iter().enumerate() {
        let mover = Seat::of_ply(ply);
        let position = Position::at(game, board, mover, state, &sofar);
        let choices = table.choices(&position);
        let best = choices.iter().map(|&(_, v)| v).max().unwrap_or(0);
        let start = if ply == 0 { line.start } else { None };
        let (value, _) = choices
            .iter()
            .find(|(c, _)| c.mv == mv && c.start == start)
            .map(|&(c, v)| (v, c))
            .ok_or_else(|| JudgeError::NotJudgedMove { mv: mv.to_string() })?;
        if mover == seat {
            regret += best - value;
        }
        let choice = coinline_core::strategy::player::Choice { mv, start };
        (_, state) = table.apply(&position, choice)?;
        sofar.moves.push(mv);
    }
    Ok(regret)
}

/// Plays entrant `a` (first) against entrant `b` (second) on `board`.
fn play_pair(config: &TournamentConfig, a: usize, b: usize, board: Board) -> Result<Priced> {
    let (first, second) = (&config.entrants[a], &config.entrants[b]);
    // The judged side is a strategy: optimal play is the opponent if it plays.
    let (me, other, seat) = match first {
        Contestant::Optimal => (second, first, Seat::Second),
        _ => (first, second, Seat::First),
    };
    let setup = Setup {
        game: config.game,
        board,
        seat,
    };
    let Played { setup, report, .. } = play_one(me, other, config.limits.clone(), &setup)?;
    let breach = report.breach.as_ref().map(|b| b.seat);
    let regrets = match breach {
        Some(_) => [0, 0],
        None => [
            regret_of(config.game, &setup.board, &report.line, Seat::First)?,
            regret_of(config.game, &setup.board, &report.line, Seat::Second)?,
        ],
    };
    Ok(Priced {
        first_minus_second: Seat::First.difference(report.totals),
        board: setup.board,
        regrets,
        breach,
    })
}

/// Plays the tournament: every ordered pair on boards `0..runs` of the seed.
pub fn run(config: &TournamentConfig) -> Result<Vec<PairRecord>> {
    let pairs = config.pairs();
    let pool = super::thread_pool(config.jobs)?;
    let mut records: Vec<PairRecord> = pairs
        .iter()
        .map(|&(a, b)| PairRecord {
            first: config.entrants[a].to_string(),
            second: config.entrants[b].to_string(),
            games: 0,
            ties: 0,
            sides: Default::default(),
        })
        .collect();
    // Boards in chunks, so a long run holds one chunk's games at a time;
    // each chunk is folded in pair and board order, whatever the threads.
    let chunk = (config.jobs.max(1) as u64 * 16).max(64);
    let mut at = 0;
    while at < config.runs && !sandbox::interrupted() {
        let end = at.saturating_add(chunk).min(config.runs);
        let boards: Vec<Board> = (at..end)
            .map(|i| seeded_board(config.game, config.seed, i, config.lengths, config.values))
            .collect();
        // A heuristic that cannot play a board (parity on an odd row) is
        // refused before the board's games, naming it.
        for (i, board) in (at..).zip(&boards) {
            for p in &config.entrants {
                if let Contestant::Heuristic(h) = p {
                    HeuristicPlayer::new(*h, config.game, board).map_err(|e| {
                        e.within(format!("{p} on board {i} ({} values)", board.len()))
                    })?;
                }
            }
        }
        let games: Vec<(usize, usize)> = (0..pairs.len())
            .flat_map(|p| (0..boards.len()).map(move |i| (p, i)))
            .collect();
        let played: Vec<Result<Priced>> = pool.install(|| {
            games
                .par_iter()
                .map(|&(p, i)| play_pair(config, pairs[p].0, pairs[p].1, boards[i].clone()))
                .collect()
        });
        for (&(p, _), game) in games.iter().zip(played) {
            records[p].add(&game?);
        }
        at = end;
    }
    sandbox::sweep_escaped();
    Ok(records)
}

/// The header of the tournament's CSV.
pub const HEADER: &str = "first,second,games,first_mean_regret,second_mean_regret,first_wins,ties,second_wins,first_breaches,second_breaches,first_worst_regret,first_worst_board,second_worst_regret,second_worst_board";

/// The table as CSV, a row per ordered pair.
pub fn csv(records: &[PairRecord]) -> String {
    let mut out = format!("{HEADER}\n");
    for r in records {
        let worst = |i: usize| {
            r.sides[i]
                .worst
                .as_ref()
                .map_or((String::new(), String::new()), |(w, b)| {
                    (w.to_string(), b.to_string())
                })
        };
        let ((w0, b0), (w1, b1)) = (worst(0), worst(1));
        let fields = [
            r.first.clone(),
            r.second.clone(),
            r.games.to_string(),
            format!("{:.3}", r.mean_regret(0)),
            format!("{:.3}", r.mean_regret(1)),
            r.sides[0].wins.to_string(),
            r.ties.to_string(),
            r.sides[1].wins.to_string(),
            r.sides[0].breaches.to_string(),
            r.sides[1].breaches.to_string(),
            w0,
            b0,
            w1,
            b1,
        ];
        let fields: Vec<String> = fields.iter().map(|f| super::rows::csv_field(f)).collect();
        let _ = writeln!(out, "{}", fields.join(","));
    }
    out
}

/// The table as aligned text, for the terminal.
pub fn text(records: &[PairRecord]) -> String {
    let mut rows = vec![[
        "first".to_string(),
        "second".into(),
        "regret 1st".into(),
        "regret 2nd".into(),
        "won-tied-lost".into(),
        "worst regret on board (1st / 2nd)".into(),
    ]];
    for r in records {
        let worst = |i: usize| {
            r.sides[i]
                .worst
                .as_ref()
                .map_or("-".to_string(), |(w, b)| format!("{w} on {b}"))
        };
        let breaches = match (r.sides[0].breaches, r.sides[1].breaches) {
            (0, 0) => String::new(),
            (x, y) => format!(" (breaches {x}/{y})"),
        };
        rows.push([
            r.first.clone(),
            r.second.clone(),
            format!("{:.3}", r.mean_regret(0)),
            format!("{:.3}", r.mean_regret(1)),
            format!(
                "{}-{}-{}{breaches}",
                r.sides[0].wins, r.ties, r.sides[1].wins
            ),
            format!("{} / {}", worst(0), worst(1)),
        ]);
    }
    let widths: Vec<usize> = (0..6)
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for row in rows {
        let mut line = String::new();
        for (c, cell) in row.iter().enumerate() {
            let pad = widths[c] - cell.chars().count();
            if c > 0 {
                line.push_str("  ");
            }
            line.push_str(cell);
            if c + 1 < row.len() {
                line.push_str(&" ".repeat(pad));
            }
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use coinline_core::strategy::heuristic_by_name;

    fn config(listed: &[&str], runs: u64) -> TournamentConfig {
        let listed = listed
            .iter()
            .map(|w| Contestant::Heuristic(heuristic_by_name(w).unwrap()))
            .collect();
        TournamentConfig {
            game: Game::COINS,
            entrants: TournamentConfig::entrants(listed),
            lengths: Span { lo: 2, hi: 8 },
            values: Span { lo: 1, hi: 20 },
            seed: 5,
            runs,
            jobs: 1,
            limits: ProgramTerms {
                move_time: std::time::Duration::from_secs(1),
                memory_mb: None,
                words: Default::default(),
            },
        }
    }

    #[test]
    fn the_regret_of_a_line_is_the_sum_of_its_costs() {
        // 8 15 3 7: L (greedy, costs 14: 8 - 11 against 7 - (-4)), then
        // the opponent's best.
        let board: Board = "8 15 3 7".parse().unwrap();
        let line: Line = Line::new(vec!["L".parse().unwrap(), "L".parse().unwrap()]);
        assert_eq!(
            regret_of(Game::COINS, &board, &line, Seat::First).unwrap(),
            14
        );
        assert_eq!(
            regret_of(Game::COINS, &board, &line, Seat::Second).unwrap(),
            0
        );
        // The second taking the 7 instead of the 15 on 15 3 7 costs 16.
        let line = Line::new(vec!["L".parse().unwrap(), "R".parse().unwrap()]);
        assert_eq!(
            regret_of(Game::COINS, &board, &line, Seat::Second).unwrap(),
            16
        );
    }

    #[test]
    fn optimal_play_has_no_regret_and_every_pair_plays_every_board() {
        let odd = config(&["greedy", "parity"], 30);
        let e = run(&odd).unwrap_err().to_string();
        assert!(e.starts_with("parity on board "), "{e}");
        let mut c = config(&["greedy", "parity", "greedy"], 30);
        c.lengths = Span { lo: 6, hi: 6 };
        assert_eq!(c.entrants.len(), 3, "optimal added once, greedy once");
        let records = run(&c).unwrap();
        assert_eq!(records.len(), 6);
        for r in &records {
            assert_eq!(r.games, 30);
            assert_eq!(r.sides[0].wins + r.ties + r.sides[1].wins, 30);
            for (i, name) in [&r.first, &r.second].into_iter().enumerate() {
                if name == "optimal" {
                    assert_eq!(
                        (r.sides[i].regret_sum, &r.sides[i].worst),
                        (0, &None),
                        "{r:?}"
                    );
                }
            }
        }
        let greedy_first = records
            .iter()
            .find(|r| r.first == "greedy" && r.second == "optimal")
            .unwrap();
        assert!(greedy_first.mean_regret(0) > 0.0, "{greedy_first:?}");
        let (worst, board) = greedy_first.sides[0].worst.clone().unwrap();
        assert!(worst > 0);
        // The worst board's regret is greedy's there, as the judge prices it.
        let mut greedy = coinline_core::strategy::HeuristicPlayer::new(
            heuristic_by_name("greedy").unwrap(),
            Game::COINS,
            &board,
        )
        .unwrap();
        let report = coinline_core::strategy::price_game(
            Game::COINS,
            &board,
            Seat::First,
            &mut greedy,
            coinline_core::strategy::Adversary::Optimal,
        )
        .unwrap();
        assert_eq!(report.regret, worst);
    }
}

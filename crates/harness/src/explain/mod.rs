//! The page of `coinline explain`: a board's interval table, its optimal line
//! of play, greedy's line and first mistake, and (coins) the parity
//! colouring, as a model ([`explain`]) and as one self-contained HTML page
//! ([`render_html`]). This module is the model, the data of the page; its
//! `page` module renders it, with the page's fixed text (skeleton, CSS,
//! script) in `page.html`.
//!
//! Pure: no I/O. Interval values come from the rules alone (every move of
//! [`Game::moves`], scored with [`Row::play`]); greedy's and parity's lines
//! from [`coinline_core::strategy::evaluate`]. The tests check the values against
//! the exact solvers.
//!
//! The page keeps its numbers in the DOM for tests and tools: `val-K`
//! (0-based position K) and `cell-I-J` (values I..=J, 0-based, inclusive)
//! carry `data-value` (and cells `data-move`, the first optimal move in
//! [`Game::moves`] order); `step-S` rows of the optimal line (S = 0 is the
//! start) carry `data-move`, `data-gain`, `data-first`, `data-second` and the
//! interval before and after the move; `greedy-step-S` likewise, with
//! `data-loss` on greedy's moves. Its script shows step `#step=S` of the URL
//! and sets `data-step` on `<body>`.
//!
//! The play mode (the `play` module's JSON in `#play-data`) shows the game
//! in `#play-log` (one row per move: step, player, move, gain, best move,
//! cost, both totals), `#play-first`, `#play-second`, `#play-cost-you`,
//! `#play-cost-computer` and `#play-status`, with a button `#play-mv-M` per
//! legal move and the values as `#play-val-K`; `<body>` counts its renders
//! in `data-renders`.

mod page;
mod play;

pub use page::{escape_html, render_html};

use coinline_core::board::Board;
use coinline_core::error::{Error, Result};
use coinline_core::play::{replay, Game, Kind, Line, Move, Row, Totals};
use coinline_core::strategy::{evaluate, Greedy, Heuristic, Parity};

/// The longest board [`explain`] draws: beyond it the table no longer fits
/// a screen.
pub const LIMIT: usize = 30;

/// The value and first optimal move of every interval of a row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Intervals {
    n: usize,
    value: Vec<i64>,
    best: Vec<Option<Move>>,
}

impl Intervals {
    /// Fills the table for `board` under `game`'s rules, shortest intervals
    /// first: the value of `[l, r)` is the best over the legal moves of the
    /// score earned minus the value of what is left. O(n^2) memory; O(n^2)
    /// time, O(n^3) for gameofsum.
    pub fn new(game: Game, board: &Board) -> Self {
        let n = board.len();
        let row = Row::new(game, board.values());
        let size = (n + 1) * (n + 1);
        let mut table = Intervals {
            n,
            value: vec![0; size],
            best: vec![None; size],
        };
        for len in 1..=n {
            for l in 0..=n - len {
                let r = l + len;
                let mut best: Option<(i64, Move)> = None;
                for mv in game.moves(len) {
                    let (gain, l2, r2) = row.play(mv, l, r);
                    // Fits: both terms are bounded by the interval's absolute sum.
                    let worth = gain - table.value(l2, r2);
                    if best.is_none_or(|(b, _)| worth > b) {
                        best = Some((worth, mv));
                    }
                }
                if let Some((worth, mv)) = best {
                    let at = table.at(l, r);
                    table.value[at] = worth;
                    table.best[at] = Some(mv);
                }
            }
        }
        table
    }

    fn at(&self, left: usize, right: usize) -> usize {
        left * (self.n + 1) + right
    }

    /// The number of values of the row.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether the row is empty.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// The value of the values `[left, right)` for the player to move (their
    /// total minus the other's under optimal play); 0 for an empty interval.
    pub fn value(&self, left: usize, right: usize) -> i64 {
        self.value[self.at(left, right)]
    }

    /// The first optimal move on `[left, right)` in [`Game::moves`] order;
    /// `None` for an empty interval.
    pub fn best(&self, left: usize, right: usize) -> Option<Move> {
        self.best[self.at(left, right)]
    }
}

/// One move of a line, seen against the interval table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// 1-based move number.
    pub number: usize,
    /// Whether the first player moves.
    pub first_moves: bool,
    /// The move.
    pub mv: Move,
    /// The values `[left, right)` before the move.
    pub before: (usize, usize),
    /// The values `[left, right)` after the move.
    pub after: (usize, usize),
    /// What the move scores (0 for a deletion).
    pub gain: i64,
    /// Both totals after the move.
    pub totals: Totals,
    /// The value of the position before the move, for the mover.
    pub value: i64,
    /// The first optimal move there.
    pub best: Move,
    /// What this move is worth to the mover if both play optimally after it:
    /// the gain minus the value of what is left.
    pub worth: i64,
}

impl Step {
    /// How much the move gives away against optimal play (0 for an optimal
    /// move). i128: it can exceed i64 on extreme boards.
    pub fn loss(&self) -> i128 {
        i128::from(self.value) - i128::from(self.worth)
    }

    /// The positions (0-based, half-open) the move removes.
    pub fn removed(&self) -> std::ops::Range<usize> {
        if self.after.0 > self.before.0 {
            self.before.0..self.after.0
        } else {
            self.after.1..self.before.1
        }
    }

    /// Whether the move scores (a take) rather than deletes.
    pub fn scores(&self) -> bool {
        self.mv.kind == Kind::Take
    }
}

/// Greedy as the first player against an opponent who plays the table's
/// optimal moves. Along such a line greedy's losses (see [`Step::loss`]) add
/// up to exactly the value minus greedy's difference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GreedyStory {
    /// The line, move by move.
    pub steps: Vec<Step>,
    /// Index in `steps` of greedy's first move that loses value, if any.
    pub first_mistake: Option<usize>,
    /// Greedy's total minus the opponent's.
    pub difference: i64,
    /// The totals at the end.
    pub totals: Totals,
    /// Greedy's difference against an opponent who knows it and
    /// best-responds (as `coinline solve` reports it): at most `difference`.
    pub best_reply_difference: i64,
}

/// The parity strategy's colouring (coins).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParityStory {
    /// The sum of the values at odd positions (1st, 3rd, ...).
    pub odd_sum: i64,
    /// The sum of the values at even positions.
    pub even_sum: i64,
    /// For an even number of values: the parity strategy's difference
    /// against a best-responding opponent (never below 0).
    pub difference: Option<i64>,
}

impl ParityStory {
    /// Whether the class kept is the odd positions (ties go to odd, as the
    /// strategy does).
    pub fn keeps_odd(&self) -> bool {
        self.odd_sum >= self.even_sum
    }
}

/// Everything the page shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The game.
    pub game: Game,
    /// The board.
    pub board: Board,
    /// Every interval's value and first optimal move.
    pub table: Intervals,
    /// The optimal line: the first optimal move at every position.
    pub optimal: Vec<Step>,
    /// Greedy against a best reply.
    pub greedy: GreedyStory,
    /// The parity colouring; coins only.
    pub parity: Option<ParityStory>,
}

impl Explanation {
    /// The game's value: first player's total minus second's, optimal play.
    pub fn value(&self) -> i64 {
        self.table.value(0, self.board.len())
    }

    /// The optimal line as moves.
    pub fn line(&self) -> Line {
        Line::new(self.optimal.iter().map(|s| s.mv).collect())
    }

    /// The totals at the end of the optimal line.
    pub fn totals(&self) -> Totals {
        self.optimal.last().map(|s| s.totals).unwrap_or_default()
    }
}

/// Builds the page model for `board`. Refuses an empty board and boards of
/// more than [`LIMIT`] values.
pub fn explain(game: Game, board: &Board) -> Result<Explanation> {
    if board.is_empty() {
        return Err(Error::usage("no values to explain"));
    }
    if board.len() > LIMIT {
        return Err(Error::usage(format!(
            "explain draws boards of at most {LIMIT} values; this one has {} (try coinline solve)",
            board.len()
        )));
    }
    if game.circle {
        return Err(Error::new(coinline_core::error::ErrorKind::Unsupported(format!(
            "explain draws the interval table of a row; {game} is a circle (try coinline solve --game {game})"
        ))));
    }
    game.admit(board)?;
    let table = Intervals::new(game, board);
    let row = Row::new(game, board.values());
    let mut optimal_moves = Vec::new();
    let (mut l, mut r) = (0, board.len());
    while let Some(mv) = table.best(l, r) {
        optimal_moves.push(mv);
        (_, l, r) = row.play(mv, l, r);
    }
    let optimal = walk(game, board, &table, &optimal_moves)?;
    let policy = Greedy.policy(game, board)?;
    let mut greedy_moves = Vec::new();
    let (mut l, mut r) = (0, board.len());
    while l < r {
        let mv = if greedy_moves.len() % 2 == 0 {
            policy(l, r)
        } else {
            table.best(l, r).unwrap_or_else(|| policy(l, r))
        };
        greedy_moves.push(mv);
        (_, l, r) = row.play(mv, l, r);
    }
    let steps = walk(game, board, &table, &greedy_moves)?;
    let first_mistake = steps.iter().position(|s| s.first_moves && s.loss() > 0);
    let totals = steps.last().map(|s| s.totals).unwrap_or_default();
    let greedy = GreedyStory {
        steps,
        first_mistake,
        difference: totals.difference(),
        totals,
        best_reply_difference: evaluate(&Greedy, game, board)?.difference,
    };
    let parity = game.are_coins().then(|| {
        let (odd_sum, even_sum) = board.position_sums();
        ParityStory {
            odd_sum,
            even_sum,
            difference: evaluate(&Parity, game, board).ok().map(|p| p.difference),
        }
    });
    Ok(Explanation {
        game,
        board: board.clone(),
        table,
        optimal,
        greedy,
        parity,
    })
}

/// Plays `moves` from the start, recording each against the table. The
/// moves must form a legal line that ends the game.
fn walk(game: Game, board: &Board, table: &Intervals, moves: &[Move]) -> Result<Vec<Step>> {
    // Checks legality and that the line empties the board.
    replay(game, board, &Line::new(moves.to_vec()))?;
    let row = Row::new(game, board.values());
    let (mut l, mut r) = (0, board.len());
    let mut totals = Totals::default();
    let mut steps = Vec::with_capacity(moves.len());
    for (i, &mv) in moves.iter().enumerate() {
        let (gain, l2, r2) = row.play(mv, l, r);
        let first_moves = i % 2 == 0;
        if first_moves {
            totals.first += gain;
        } else {
            totals.second += gain;
        }
        steps.push(Step {
            number: i + 1,
            first_moves,
            mv,
            before: (l, r),
            after: (l2, r2),
            gain,
            totals,
            value: table.value(l, r),
            best: table.best(l, r).unwrap_or(mv),
            worth: gain - table.value(l2, r2),
        });
        (l, r) = (l2, r2);
    }
    Ok(steps)
}

#[cfg(test)]
mod tests {
    use super::*;
    use coinline_core::generate::SplitMix64;
    use coinline_core::solve::{solve, Generic, Memo};

    fn board(s: &str) -> Board {
        Board::parse(s).unwrap()
    }

    fn random_board(rng: &mut SplitMix64, n: usize) -> Board {
        Board::new((0..n).map(|_| (rng.next_u64() % 41) as i64 - 20).collect()).unwrap()
    }

    #[test]
    fn values_and_lines_match_the_solvers_on_random_boards() {
        let mut rng = SplitMix64::new(17);
        for game in Game::ALL.into_iter().filter(|g| !g.circle) {
            for round in 0..60 {
                let n = 1 + round % 12;
                let b = random_board(&mut rng, n);
                let x = explain(game, &b).unwrap();
                // Every interval against memo on the sub-board.
                for l in 0..n {
                    for r in l + 1..=n {
                        let sub = Board::new(b.values()[l..r].to_vec()).unwrap();
                        let memo = solve(&Memo, game, &sub, false).unwrap();
                        assert_eq!(x.table.value(l, r), memo.difference, "{game} {b} {l}..{r}");
                    }
                }
                // The line is the table solver's canonical line, replays to
                // the value, and its totals are the replay's.
                let table = solve(&Generic, game, &b, true).unwrap();
                assert_eq!(x.value(), table.difference);
                assert_eq!(Some(x.line()), table.line, "{game} {b}");
                let totals = replay(game, &b, &x.line()).unwrap();
                assert_eq!(totals.difference(), x.value());
                assert_eq!(x.totals(), totals);
                assert!(x.optimal.iter().all(|s| s.loss() == 0 && s.mv == s.best));
            }
        }
    }

    #[test]
    fn greedy_goes_wrong_exactly_when_it_has_regret() {
        let mut rng = SplitMix64::new(5);
        let mut mistakes = 0;
        for game in Game::ALL.into_iter().filter(|g| !g.circle) {
            for round in 0..80 {
                let b = random_board(&mut rng, 1 + round % 10);
                let x = explain(game, &b).unwrap();
                let g = &x.greedy;
                let p = evaluate(&Greedy, game, &b).unwrap();
                assert_eq!(g.best_reply_difference, p.difference);
                assert!(p.difference <= g.difference && g.difference <= x.value());
                assert_eq!(
                    replay(game, &b, &Line::new(g.steps.iter().map(|s| s.mv).collect())).unwrap(),
                    g.totals
                );
                // Against the table's moves the opponent loses nothing, so
                // greedy's losses add up to the whole gap.
                assert!(g.steps.iter().all(|s| s.first_moves || s.loss() == 0));
                let lost: i128 = g.steps.iter().map(Step::loss).sum();
                assert_eq!(
                    lost,
                    i128::from(x.value()) - i128::from(g.difference),
                    "{game} {b}"
                );
                assert_eq!(
                    g.first_mistake.is_some(),
                    g.difference < x.value(),
                    "{game} {b}"
                );
                if let Some(i) = g.first_mistake {
                    mistakes += 1;
                    assert!(g.steps[..i].iter().all(|s| s.loss() == 0));
                    assert!(g.steps[i].first_moves && g.steps[i].loss() > 0);
                }
            }
        }
        assert!(mistakes > 50, "{mistakes}");
    }

    #[test]
    fn the_textbook_example() {
        let x = explain(Game::COINS, &board("8 15 3 7")).unwrap();
        assert_eq!(x.value(), 11);
        assert_eq!(x.line().to_string(), "R L L L");
        assert_eq!(
            x.totals(),
            Totals {
                first: 22,
                second: 11
            }
        );
        let m = &x.greedy.steps[x.greedy.first_mistake.unwrap()];
        assert_eq!(
            (m.number, m.mv.to_string(), m.best.to_string()),
            (1, "L".into(), "R".into())
        );
        // L is worth 8 - F(15 3 7) = 8 - 11 = -3; R is worth 11.
        assert_eq!((m.worth, m.value, m.loss()), (-3, 11, 14));
        let p = x.parity.unwrap();
        assert_eq!((p.odd_sum, p.even_sum, p.difference), (11, 22, Some(11)));
        assert!(!p.keeps_odd());
        assert!(explain(Game::NUMBERGAME, &board("1 2"))
            .unwrap()
            .parity
            .is_none());
    }

    #[test]
    fn refuses_empty_and_large_boards() {
        assert!(explain(Game::COINS, &board("")).is_err());
        let max = Board::new(vec![1; LIMIT]).unwrap();
        assert!(explain(Game::GAMEOFSUM, &max).is_ok());
        let big = Board::new(vec![1; LIMIT + 1]).unwrap();
        let err = explain(Game::COINS, &big).unwrap_err().to_string();
        assert!(
            err.contains("at most 30 values") && !err.contains('\n'),
            "{err}"
        );
    }
}

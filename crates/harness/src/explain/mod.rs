//! The page of `coinline explain`: a board's interval table, its optimal line
//! of play, greedy's line and first mistake, and (coins) the parity
//! colouring, as a model ([`explain`]) and as one self-contained HTML page
//! ([`render_html`]). This module is the model, the data of the page; its
//! `page` module renders it, with the page's fixed text (skeleton, CSS,
//! script) in `page.html`.
//!
//! Pure: no I/O. Interval values and best moves come from the core's value
//! table ([`ValueTable`], the one `coinline play` and the terminal game
//! read); greedy's and parity's lines from
//! [`coinline_core::strategy::evaluate`]. The tests check the values against
//! the exact solvers. Rule sets whose positions are not intervals are
//! refused: circles, and `take=a..Km`, where a position is the values left
//! and the bound M.
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

use crate::HarnessError;
use coinline_core::board::Board;
use coinline_core::error::Result;
use coinline_core::play::{replay, Game, Kind, Line, Move, Totals};
use coinline_core::rules::Memory;
use coinline_core::strategy::{evaluate, Greedy, Heuristic, Parity, State, ValueTable};

/// The longest board [`explain`] draws: beyond it the table no longer fits
/// a screen.
pub const LIMIT: usize = 30;

/// The state of the values `[left, right)` of a row: explain draws the
/// rule sets whose positions are intervals, so the bound is always 1.
pub fn interval(left: usize, right: usize) -> State {
    State {
        left,
        right,
        bound: 1,
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
#[derive(Clone, Debug)]
pub struct Explanation<'a> {
    /// The game.
    pub game: Game,
    /// The board.
    pub board: Board,
    /// Every interval's value, and so its first optimal move.
    pub table: ValueTable<'a>,
    /// The optimal line: the first optimal move at every position.
    pub optimal: Vec<Step>,
    /// Greedy against a best reply.
    pub greedy: GreedyStory,
    /// The parity colouring; coins only.
    pub parity: Option<ParityStory>,
}

impl Explanation<'_> {
    /// The game's value: first player's total minus second's, optimal play.
    pub fn value(&self) -> i64 {
        self.table.value(interval(0, self.board.len()))
    }

    /// The value of the values `[left, right)` for the player to move.
    pub fn value_at(&self, left: usize, right: usize) -> i64 {
        self.table.value(interval(left, right))
    }

    /// The optimal line as moves.
    pub fn line(&self) -> Line {
        Line::new(self.optimal.iter().map(|s| s.mv))
    }

    /// The totals at the end of the optimal line.
    pub fn totals(&self) -> Totals {
        self.optimal.last().map(|s| s.totals).unwrap_or_default()
    }
}

/// Builds the page model for `board`. Refuses an empty board, boards of
/// more than [`LIMIT`] values, circles and `take=a..Km`.
pub fn explain(game: Game, board: &Board) -> Result<Explanation<'_>> {
    if board.is_empty() {
        return Err(HarnessError::NoValues { command: "explain" }.into());
    }
    if board.len() > LIMIT {
        return Err(HarnessError::TooLongToExplain { n: board.len() }.into());
    }
    if game.circle {
        return Err(HarnessError::ExplainCircle { game }.into());
    }
    if let Memory::Bound(_) = game.memory {
        return Err(HarnessError::ExplainBound { game }.into());
    }
    game.admit(board)?;
    let table = ValueTable::new(game, board)?;
    let mut optimal_moves = Vec::new();
    let mut at = State::start(board.len());
    while let Some(mv) = table.best_move(at) {
        optimal_moves.push(mv);
        (_, at) = table.play(mv, at);
    }
    let optimal = walk(board, &table, &optimal_moves)?;
    let policy = Greedy.policy(game, board)?;
    let mut greedy_moves = Vec::new();
    let mut at = State::start(board.len());
    // Until no move is left (values can be left over: `take=2`, `putback`).
    while table.moves(at).next().is_some() {
        let mv = if greedy_moves.len() % 2 == 0 {
            policy(at.left, at.right)
        } else {
            table
                .best_move(at)
                .unwrap_or_else(|| policy(at.left, at.right))
        };
        greedy_moves.push(mv);
        (_, at) = table.play(mv, at);
    }
    let steps = walk(board, &table, &greedy_moves)?;
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
fn walk(board: &Board, table: &ValueTable<'_>, moves: &[Move]) -> Result<Vec<Step>> {
    // Checks legality and that the line empties the board.
    replay(table.game(), board, &Line::new(moves.to_vec()))?;
    let mut at = State::start(board.len());
    let mut totals = Totals::default();
    let mut steps = Vec::with_capacity(moves.len());
    for (i, &mv) in moves.iter().enumerate() {
        let (gain, next) = table.play(mv, at);
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
            before: (at.left, at.right),
            after: (next.left, next.right),
            gain,
            totals,
            value: table.value(at),
            best: table.best_move(at).unwrap_or(mv),
            worth: gain - table.value(next),
        });
        at = next;
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
                        assert_eq!(x.value_at(l, r), memo.difference, "{game} {b} {l}..{r}");
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
                    replay(game, &b, &Line::new(g.steps.iter().map(|s| s.mv))).unwrap(),
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
        let b = board("8 15 3 7");
        let x = explain(Game::COINS, &b).unwrap();
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
        let err = explain(Game::COINS, &big).unwrap_err();
        assert!(
            matches!(
                err.layer::<HarnessError>(),
                Some(HarnessError::TooLongToExplain { n: 31 })
            ),
            "{err}"
        );
    }
}

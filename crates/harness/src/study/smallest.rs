//! Smallest counterexamples, and the even-n guarantee as checked.
//!
//! "Smallest" orders boards by length, then by largest absolute value, then
//! lexicographically (as numbers, left to right). The search walks that
//! order (for each length, each largest absolute value `m`, the boards over
//! the domain's values up to `m` in lexicographic order, skipping those
//! whose largest absolute value is below `m`), so the first board found is
//! the smallest within the search bounds. The table solver and the greedy
//! evaluation screen boards; the one found is then put through the full
//! check, minimax included.

use super::exact::ExactGroup;
use super::stats::Stats;
use super::table::CsvTable;
use coinline_core::board::Board;
use coinline_core::check::{check_builtin, CheckConfig};
use coinline_core::generate::{enumerated_board, enumeration_size, Span};
use coinline_core::play::Game;
use coinline_core::solve::{specialised_for, totals_from_difference, Generic, Solver};
use coinline_core::strategy::{evaluate, Greedy};

/// The longest board searched.
pub const SEARCH_MAX_N: usize = 12;
/// The largest absolute value searched.
pub const SEARCH_MAX_VALUE: i64 = 20;
/// The most boards screened for one counterexample before giving up.
pub const SEARCH_BUDGET: u64 = 20_000_000;

/// How far a search goes: the longest board, the largest absolute value
/// and the most boards screened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The longest board searched.
    pub max_n: usize,
    /// The largest absolute value searched.
    pub max_value: i64,
    /// The most boards screened before giving up.
    pub budget: u64,
}

/// The limits of the odd-n report's searches.
pub const ODD_N_LIMITS: Limits = Limits {
    max_n: SEARCH_MAX_N,
    max_value: SEARCH_MAX_VALUE,
    budget: SEARCH_BUDGET,
};

/// Which values a board may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Domain {
    /// Values >= 0.
    NonNegative,
    /// Values >= 1.
    Positive,
    /// Any integers.
    Signed,
}

impl Domain {
    /// Every domain, in report order.
    pub const ALL: [Domain; 3] = [Domain::NonNegative, Domain::Positive, Domain::Signed];

    /// The name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Domain::NonNegative => "values >= 0",
            Domain::Positive => "values >= 1",
            Domain::Signed => "signed values",
        }
    }

    /// The values of the domain with absolute value at most `m`, if any.
    fn alphabet(self, m: i64) -> Option<Span<i64>> {
        match self {
            Domain::NonNegative => Some(Span { lo: 0, hi: m }),
            Domain::Positive => (m >= 1).then_some(Span { lo: 1, hi: m }),
            Domain::Signed => Some(Span { lo: -m, hi: m }),
        }
    }
}

/// What a counterexample shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// The first player strictly loses under optimal play.
    FirstLoses,
    /// Greedy (against a best response) does strictly worse than optimal.
    GreedyWorse,
    /// The sum is positive and the first player, under optimal play, gets
    /// no more than the second (at most half the sum, in rule sets that
    /// score every value).
    NotAhead,
}

impl Question {
    /// The name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Question::FirstLoses => "first player loses",
            Question::GreedyWorse => "greedy worse than optimal",
            Question::NotAhead => "first player gets at most half",
        }
    }

    /// Whether `board` answers the question in `game`, with the game's
    /// fastest exact solver (a specialised one if it has one, else generic).
    fn holds(self, game: Game, board: &Board) -> bool {
        let solver: &dyn Solver = specialised_for(game).last().unwrap_or(&Generic);
        let optimal = solver.difference(game, board);
        self.holds_with(game, board, Some(optimal))
    }

    /// Whether the question holds given the optimal difference (`None`
    /// when it is unknown: never).
    fn holds_with(self, game: Game, board: &Board, optimal: Option<i64>) -> bool {
        let Some(optimal) = optimal else {
            return false;
        };
        match self {
            Question::FirstLoses => optimal < 0,
            Question::GreedyWorse => {
                evaluate(&Greedy, game, board).is_ok_and(|p| p.difference < optimal)
            }
            Question::NotAhead => optimal <= 0 && board.values().iter().sum::<i64>() > 0,
        }
    }
}

/// The outcome of one search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The question.
    pub question: Question,
    /// The value domain.
    pub domain: Domain,
    /// Odd (`true`) or even lengths.
    pub odd: bool,
    /// The smallest counterexample, if one is within the bounds.
    pub board: Option<Board>,
    /// Boards screened, the counterexample included.
    pub searched: u64,
    /// The bounds of the search.
    pub limits: Limits,
    /// The longest length whose boards were all screened (0 for none).
    pub complete_n: usize,
}

/// Searches the smallest coins board of the given length parity and
/// domain answering `question`, within the odd-n report's limits.
pub fn search(question: Question, domain: Domain, odd: bool) -> Found {
    search_game(Game::COINS, question, domain, odd, ODD_N_LIMITS)
}

/// Searches the smallest board of `game` of the given length parity and
/// domain answering `question`, within `limits`.
pub fn search_game(
    game: Game,
    question: Question,
    domain: Domain,
    odd: bool,
    limits: Limits,
) -> Found {
    let mut searched = 0u64;
    let mut complete_n = 0;
    let lengths = (1..=limits.max_n).filter(|n| (n % 2 == 1) == odd);
    for n in lengths {
        for m in 0..=limits.max_value {
            let Some(alphabet) = domain.alphabet(m) else {
                continue;
            };
            let size = enumeration_size(n, alphabet).unwrap_or(u64::MAX);
            for index in 0..size {
                let board = enumerated_board(n, alphabet, index);
                let largest = board.values().iter().map(|v| v.abs()).max();
                if largest != Some(m) {
                    continue;
                }
                searched += 1;
                if question.holds(game, &board) {
                    return Found {
                        question,
                        domain,
                        odd,
                        board: Some(board),
                        searched,
                        limits,
                        complete_n,
                    };
                }
                if searched >= limits.budget {
                    return Found {
                        question,
                        domain,
                        odd,
                        board: None,
                        searched,
                        limits,
                        complete_n,
                    };
                }
            }
        }
        complete_n = n;
    }
    Found {
        question,
        domain,
        odd,
        board: None,
        searched,
        limits,
        complete_n,
    }
}

/// Every search of the report: the first player losing with odd n, and
/// greedy worse than optimal with odd and with even n, in each domain.
pub fn search_all() -> Vec<Found> {
    let mut out = Vec::new();
    for domain in Domain::ALL {
        out.push(search(Question::FirstLoses, domain, true));
    }
    for odd in [true, false] {
        for domain in Domain::ALL {
            out.push(search(Question::GreedyWorse, domain, odd));
        }
    }
    out
}

fn parity(odd: bool) -> &'static str {
    if odd {
        "odd"
    } else {
        "even"
    }
}

const HEADER: [&str; 13] = [
    "question", "domain", "parity", "n", "max_abs", "board", "optimal", "greedy", "first",
    "second", "solvers", "searched", "result",
];

/// The row of one search's result in `game`, the board put through the
/// full check.
fn found_row(game: Game, found: &Found) -> Vec<(&'static str, String)> {
    let mut cells = vec![
        found.question.name().to_string(),
        found.domain.name().to_string(),
        parity(found.odd).to_string(),
    ];
    match &found.board {
        Some(board) => {
            let report = check_builtin(game, board, &CheckConfig::default());
            let mut stats = Stats::default();
            stats.add(0, &report);
            let optimal = report.value;
            let greedy = report.performance_of("greedy").map(|p| p.difference);
            let totals = optimal
                .filter(|_| game.scores_everything())
                .map(|d| totals_from_difference(board, d));
            let opt = |v: Option<i64>| v.map(|v| v.to_string()).unwrap_or_default();
            let confirmed = report.is_ok() && found.question.holds_with(game, board, optimal);
            cells.extend([
                board.len().to_string(),
                opt(board.values().iter().map(|v| v.abs()).max()),
                board.to_string(),
                opt(optimal),
                opt(greedy),
                opt(totals.map(|t| t.first)),
                opt(totals.map(|t| t.second)),
                stats.solver_names(),
                found.searched.to_string(),
                if confirmed {
                    "smallest".to_string()
                } else {
                    format!("NOT CONFIRMED by the check: {:?}", report.violation)
                },
            ]);
        }
        None => {
            cells.extend(std::iter::repeat_n(String::new(), 7));
            cells.push(String::new());
            cells.push(found.searched.to_string());
            let max_value = found.limits.max_value;
            cells.push(if found.searched < found.limits.budget {
                format!(
                    "none with n <= {} and |value| <= {max_value}",
                    found.complete_n
                )
            } else {
                format!(
                    "none with n <= {} and |value| <= {max_value} (search stopped after {} boards)",
                    found.complete_n, found.searched
                )
            });
        }
    }
    HEADER.iter().copied().zip(cells).collect()
}

/// The even-n statement: over every enumerated board of even length, how
/// many the first player loses (and whether the parity strategy ever lost).
fn even_row(groups: &[ExactGroup]) -> Vec<(&'static str, String)> {
    let even: Vec<&ExactGroup> = groups.iter().filter(|g| g.n % 2 == 0).collect();
    let mut all = Stats::default();
    for g in &even {
        all.merge(g.stats.clone());
    }
    let mut alphabets: Vec<String> = even.iter().map(|g| g.alphabet.to_string()).collect();
    alphabets.dedup();
    let shortest = even.iter().map(|g| g.n).min();
    let longest = even.iter().map(|g| g.n).max();
    let lengths = match (shortest, longest) {
        (Some(a), Some(b)) => format!("{a}..{b}"),
        _ => String::new(),
    };
    let parity_losses = all.tally.heuristic("parity").map_or(0, |p| p.losses);
    let result = if all.tally.losses == 0 && parity_losses == 0 {
        format!(
            "never: 0 losses in {} boards (parity strategy: 0 losses)",
            all.tally.boards
        )
    } else {
        format!(
            "BROKEN: {} losses, parity strategy {} losses",
            all.tally.losses, parity_losses
        )
    };
    let cells = [
        Question::FirstLoses.name().to_string(),
        format!("every board over {}", alphabets.join(" and ")),
        "even".to_string(),
        lengths,
        String::new(),
        String::new(),
        String::new(),
        String::new(),
        String::new(),
        String::new(),
        all.solver_names(),
        all.tally.boards.to_string(),
        result,
    ];
    HEADER.iter().copied().zip(cells).collect()
}

/// The rows of `smallest.csv`: each search's result, then the even-n
/// statement over the exhaustive groups.
pub fn table(found: &[Found], exact: &[ExactGroup]) -> CsvTable {
    let mut rows: Vec<Vec<(&str, String)>> =
        found.iter().map(|f| found_row(Game::COINS, f)).collect();
    rows.push(even_row(exact));
    CsvTable::from_pairs(HEADER.to_vec(), rows)
}

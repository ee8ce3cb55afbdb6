//! The page of `coinline explain`: a board's interval table, its optimal line
//! of play, greedy's line and first mistake, and (coins) the parity
//! colouring, as a model ([`explain`]) and as one self-contained HTML page
//! ([`render_html`]).
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

use coinline_core::board::Board;
use coinline_core::error::{Error, Result};
use coinline_core::game::{replay, Game, Kernel, Kind, Line, Move, Row, Totals};
use coinline_core::rules::{Counts, Ends, Score};
use coinline_core::strategy::{evaluate, Greedy, Heuristic, Parity};
use std::fmt::Write as _;

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
        return Err(Error::invalid("no values to explain"));
    }
    if board.len() > LIMIT {
        return Err(Error::invalid(format!(
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

/// Escapes text for HTML element content and double- or single-quoted
/// attribute values.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Shorthand: anything displayable, escaped.
fn e(x: impl std::fmt::Display) -> String {
    escape_html(&x.to_string())
}

fn player(first: bool) -> &'static str {
    if first {
        "first"
    } else {
        "second"
    }
}

/// "values 2..5" (1-based, inclusive) or "value 3".
fn positions(range: std::ops::Range<usize>) -> String {
    if range.len() == 1 {
        format!("value {}", range.start + 1)
    } else {
        format!("values {}..{}", range.start + 1, range.end)
    }
}

fn describe(step: &Step, values: &[i64]) -> String {
    let range = step.removed();
    let taken: Vec<String> = values[range.clone()].iter().map(i64::to_string).collect();
    if step.scores() {
        format!(
            "{} player plays {}: takes {} ({}), scoring {}",
            player(step.first_moves),
            step.mv,
            positions(range),
            taken.join(" + "),
            step.gain
        )
    } else {
        format!(
            "{} player plays {}: deletes {} ({}) without scoring",
            player(step.first_moves),
            step.mv,
            positions(range),
            taken.join(", ")
        )
    }
}

/// The rules in a sentence and the recurrence of F, both derived from the
/// game.
fn rules_text(game: Game) -> (String, String) {
    let ends = match game.ends {
        Ends::Both => "the left (L) or right (R) end",
        Ends::Left => "the left end (L)",
        Ends::Right => "the right end (R)",
    };
    let count = |counts: Counts| {
        if counts == Counts::exactly(1) {
            "one value".to_string()
        } else {
            format!("k values (k in {counts})")
        }
    };
    let scoring = match game.score {
        Score::Taken => "scores what it takes",
        Score::Rest => "scores the sum of the values that remain",
    };
    let mut sentence = format!(
        "Players take turns; a move takes {} from {ends} and {scoring}",
        count(game.take)
    );
    if !game.delete.is_empty() {
        sentence.push_str(&format!(
            ", or deletes {} from {ends} without scoring (D)",
            count(game.delete)
        ));
    }
    sentence.push_str(". A player with no legal move ends the game.");
    let terms = match game.kernel() {
        Some(Kernel::Coins) => {
            "v<sub>i</sub> &minus; F(i+1,j), v<sub>j</sub> &minus; F(i,j&minus;1)".to_string()
        }
        Some(Kernel::NumberGame) => "v<sub>i</sub> &minus; F(i+1,j), v<sub>j</sub> &minus; \
             F(i,j&minus;1), &minus;F(i+2,j), &minus;F(i,j&minus;2)"
            .to_string(),
        Some(Kernel::StoneGame7) => "(v<sub>i+1</sub>+&hellip;+v<sub>j</sub>) &minus; F(i+1,j), \
             (v<sub>i</sub>+&hellip;+v<sub>j&minus;1</sub>) &minus; F(i,j&minus;1)"
            .to_string(),
        Some(Kernel::GameOfSum) => {
            "max over k of ( v<sub>i</sub>+&hellip;+v<sub>i+k&minus;1</sub> \
             &minus; F(i+k,j), v<sub>j&minus;k+1</sub>+&hellip;+v<sub>j</sub> &minus; \
             F(i,j&minus;k) )"
                .to_string()
        }
        None => "over the legal moves m: the score of m &minus; F(what m leaves); \
                 F = 0 where no move is legal"
            .to_string(),
    };
    (sentence, format!("F(i,j) = max( {terms} )"))
}

fn outcome(difference: i64) -> String {
    match difference.cmp(&0) {
        std::cmp::Ordering::Greater => format!("the first player wins by {difference}"),
        std::cmp::Ordering::Less => format!(
            "the second player wins by {}",
            i128::from(difference).unsigned_abs()
        ),
        std::cmp::Ordering::Equal => "a tie".to_string(),
    }
}

fn sign_class(v: i64) -> &'static str {
    match v.cmp(&0) {
        std::cmp::Ordering::Greater => "pos",
        std::cmp::Ordering::Less => "neg",
        std::cmp::Ordering::Equal => "zero",
    }
}

const STYLE: &str = r#"
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:1.2em auto;max-width:1200px;padding:0 1em;color:#1d2330;background:#fbfbfd}
h1{font-size:1.45em;margin:.2em 0}h3{font-size:1em;margin:0 0 .3em}h2{font-size:1.12em;margin:1.4em 0 .4em;border-bottom:1px solid #dde;padding-bottom:.15em}
code,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.lead{margin:.3em 0 .8em}
.board{display:flex;flex-wrap:wrap;gap:4px;margin:.5em 0}
.coin{min-width:2.6em;padding:.25em .35em;border:2px solid #99a;border-radius:8px;text-align:center;background:#fff;transition:all .15s}
.coin .p{display:block;font-size:.7em;color:#778}.coin .v{font-weight:600;font-size:1.05em}
.coin.gone{opacity:.5}.coin.gone.by-first,.coin.now.by-first{background:#d7e6ff;border-color:#2f6fd6}
.coin.gone.by-second,.coin.now.by-second{background:#ffe2c7;border-color:#d9822b}
.coin.gone.by-delete,.coin.now.by-delete{background:#eee;border-color:#aaa;text-decoration:line-through}
.coin.now{opacity:1;transform:translateY(-4px);box-shadow:0 3px 6px rgba(0,0,0,.2)}
.controls{display:flex;align-items:center;gap:.4em;margin:.6em 0;flex-wrap:wrap}
button{font:inherit;padding:.25em .8em;border:1px solid #99a;border-radius:6px;background:#fff;cursor:pointer}button:hover{background:#eef}
#caption{min-height:1.5em;font-weight:500}
.cols{display:flex;gap:2em;flex-wrap:wrap;align-items:flex-start}.cols>div:last-child{flex:1;min-width:20em;overflow-x:auto}
.cols.wide{display:block}.cols.wide>div:last-child{margin-top:1em}.cols.wide #intervals td.cell{min-width:2.2em;font-size:.9em}
table{border-collapse:collapse}th,td{padding:.15em .45em;text-align:right}
table.steps td,table.steps th{border-bottom:1px solid #e4e4ec}
table.steps tr.current{background:#fff3b0}table.steps tr.mistake{background:#ffd6d6}
table.steps td.first{color:#2f6fd6}table.steps td.second{color:#c76a12}
#intervals td.cell{border:1px solid #dde;min-width:2.7em;height:2.3em;text-align:center;padding:0 .2em;font-variant-numeric:tabular-nums}
#intervals td.cell small{display:block;font-size:.68em;color:#667;line-height:1}
#intervals td.pos{background:#eef7ee}#intervals td.neg{background:#fbeeee}#intervals td.zero{background:#f4f4f4}
#intervals td.from{outline:2px dashed #555;outline-offset:-3px}
#intervals td.here{background:#ffe066;font-weight:700}
#intervals th{font-weight:500;color:#556;font-size:.85em}
.note{color:#556;font-size:.92em}
.par-odd{background:#e3f1ff;border-color:#4a8fd8}.par-even{background:#eadcff;border-color:#8a5cd0}
.coin.keep{border-width:3px;box-shadow:0 0 0 2px #fff,0 0 0 3px #889}
table.steps td.mv{text-align:center}
"#;

const SCRIPT: &str = r#"
(function () {
  var rows = document.querySelectorAll('#line tr.step');
  var last = rows.length - 1;
  var coins = document.querySelectorAll('#board .coin');
  var caption = document.getElementById('caption');
  var cur = 0;
  function cell(l, r) { return r > l ? document.getElementById('cell-' + l + '-' + (r - 1)) : null; }
  function show(k) {
    k = Math.max(0, Math.min(last, k | 0));
    cur = k;
    document.body.setAttribute('data-step', k);
    rows.forEach(function (row, i) { row.classList.toggle('current', i === k); });
    coins.forEach(function (c) {
      var s = +c.getAttribute('data-removed');
      c.classList.toggle('gone', s < k);
      c.classList.toggle('now', s === k);
    });
    document.querySelectorAll('#intervals td.here, #intervals td.from').forEach(function (c) {
      c.classList.remove('here'); c.classList.remove('from');
    });
    var row = rows[k];
    var here = cell(+row.getAttribute('data-after-left'), +row.getAttribute('data-after-right'));
    if (here) { here.classList.add('here'); }
    if (k > 0) {
      var from = cell(+row.getAttribute('data-left'), +row.getAttribute('data-right'));
      if (from) { from.classList.add('from'); }
    }
    caption.textContent = row.getAttribute('data-caption');
    if (history.replaceState) { history.replaceState(null, '', '#step=' + k); }
  }
  function fromHash() {
    var m = /step=(\d+)/.exec(location.hash);
    show(m ? +m[1] : 0);
  }
  document.getElementById('first').onclick = function () { show(0); };
  document.getElementById('prev').onclick = function () { show(cur - 1); };
  document.getElementById('next').onclick = function () { show(cur + 1); };
  document.getElementById('last').onclick = function () { show(last); };
  document.addEventListener('keydown', function (ev) {
    var to = { ArrowLeft: cur - 1, ArrowRight: cur + 1, Home: 0, End: last }[ev.key];
    if (to !== undefined) { show(to); ev.preventDefault(); }
  });
  window.addEventListener('hashchange', fromHash);
  fromHash();
  document.body.setAttribute('data-ready', '1');
})();
"#;

/// Renders the page: one self-contained HTML document (inline CSS and
/// script, nothing fetched). Every piece of text is escaped.
pub fn render_html(x: &Explanation) -> String {
    let values = x.board.values();
    let n = values.len();
    let (first_last, value) = (x.totals(), x.value());
    let board_text: Vec<String> = values.iter().map(i64::to_string).collect();
    let board_text = board_text.join(" ");
    let (rules_text, recurrence) = rules_text(x.game);
    let mut h = String::with_capacity(16_384 + 400 * n * n);
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>coinline explain: {game} {board}</title>\n<style>{STYLE}</style>\n</head>\n\
         <body data-game=\"{game}\" data-n=\"{n}\" data-value=\"{value}\" data-step=\"0\">\n\
         <h1>{game}: <span class=\"mono\">{board}</span></h1>\n\
         <p class=\"lead\">{rules_text} With optimal play by both, <strong>{outcome}</strong>: \
         first player {first}, second player {second} (value <span id=\"value\">{value}</span>).</p>\n",
        game = e(x.game),
        board = e(&board_text),
        outcome = e(outcome(value)),
        first = first_last.first,
        second = first_last.second,
    );

    // The board and the stepper.
    let mut removed_at = vec![0usize; n];
    let mut owner = vec!["by-delete"; n];
    for s in &x.optimal {
        for k in s.removed() {
            removed_at[k] = s.number;
            owner[k] = if !s.scores() {
                "by-delete"
            } else if s.first_moves {
                "by-first"
            } else {
                "by-second"
            };
        }
    }
    h.push_str("<h2>The optimal line, step by step</h2>\n<div id=\"board\" class=\"board\">\n");
    for (k, v) in values.iter().enumerate() {
        let _ = writeln!(
            h,
            "<div class=\"coin {owner}\" id=\"val-{k}\" data-value=\"{v}\" data-removed=\"{r}\">\
             <span class=\"p\">{p}</span><span class=\"v\">{v}</span></div>",
            owner = owner[k],
            r = removed_at[k],
            p = k + 1,
            v = e(v),
        );
    }
    h.push_str(
        "</div>\n<div class=\"controls\"><button id=\"first\" title=\"Home\">&laquo; start</button>\
         <button id=\"prev\" title=\"left arrow\">&#x25C0; back</button>\
         <button id=\"next\" title=\"right arrow\">next &#x25B6;</button>\
         <button id=\"last\" title=\"End\">end &raquo;</button>\
         <span class=\"note\">or use the arrow keys; blue: taken by the first player, orange: by the second",
    );
    if !x.game.delete.is_empty() {
        h.push_str(", grey: deleted");
    }
    let start_caption = format!(
        "Start: {n} values, F(1,{n}) = {value}, best first move {}",
        x.table
            .best(0, n)
            .map_or("-".to_string(), |m| m.to_string())
    );
    let _ = write!(
        h,
        ".</span></div>\n<p id=\"caption\">{}</p>\n",
        e(&start_caption)
    );

    // The line.
    let _ = write!(
        h,
        "<div class=\"cols{wide}\"><div>\n<table id=\"line\" class=\"steps\">\n<thead><tr><th>step</th>\
         <th>player</th><th>move</th><th>gain</th><th>first</th><th>second</th>\
         <th title=\"value of the position for the player to move\">F before</th></tr></thead>\n<tbody>\n",
        wide = if n > 12 { " wide" } else { "" },
    );
    let _ = writeln!(
        h,
        "<tr class=\"step\" id=\"step-0\" data-move=\"\" data-left=\"0\" data-right=\"{n}\" \
         data-after-left=\"0\" data-after-right=\"{n}\" data-gain=\"0\" data-first=\"0\" \
         data-second=\"0\" data-caption=\"{cap}\"><td>0</td><td colspan=\"3\" style=\"text-align:left\">start</td>\
         <td>0</td><td>0</td><td></td></tr>",
        cap = e(&start_caption)
    );
    for s in &x.optimal {
        let caption = format!(
            "Step {} of {}: {}. Totals: first {}, second {}.",
            s.number,
            x.optimal.len(),
            describe(s, values),
            s.totals.first,
            s.totals.second
        );
        let _ = writeln!(
            h,
            "<tr class=\"step\" id=\"step-{num}\" data-move=\"{mv}\" data-player=\"{pl}\" \
             data-left=\"{l}\" data-right=\"{r}\" data-after-left=\"{l2}\" data-after-right=\"{r2}\" \
             data-gain=\"{gain}\" data-first=\"{f}\" data-second=\"{sc}\" data-caption=\"{cap}\">\
             <td>{num}</td><td class=\"{pl}\">{pl}</td><td class=\"mono mv\">{mv}</td><td>{gain}</td>\
             <td>{f}</td><td>{sc}</td><td>{val}</td></tr>",
            num = s.number,
            mv = e(s.mv),
            pl = player(s.first_moves),
            l = s.before.0,
            r = s.before.1,
            l2 = s.after.0,
            r2 = s.after.1,
            gain = s.gain,
            f = s.totals.first,
            sc = s.totals.second,
            val = s.value,
            cap = e(&caption),
        );
    }
    h.push_str("</tbody></table>\n</div>\n<div>\n");

    // The interval table.
    let _ = write!(
        h,
        "<h3>Interval values F(i, j)</h3>\n<p class=\"note\">F(i, j): what the player to move on \
         values i..j gets minus what the other player gets, with the first best move below it. \
         The yellow cell is the position now; the dashed one, where the last move was \
         chosen.<br>{recurrence}</p>\n<table id=\"intervals\">\n<thead><tr><th>i \\ j</th>"
    );
    for (j, v) in values.iter().enumerate() {
        let _ = write!(h, "<th>{}<br><small>{}</small></th>", j + 1, e(v));
    }
    h.push_str("</tr></thead>\n<tbody>\n");
    for (i, vi) in values.iter().enumerate() {
        let _ = write!(h, "<tr><th>{} <small>({})</small></th>", i + 1, e(vi));
        for j in 0..n {
            if j < i {
                h.push_str("<td></td>");
                continue;
            }
            let v = x.table.value(i, j + 1);
            let mv = x
                .table
                .best(i, j + 1)
                .map_or(String::new(), |m| m.to_string());
            let _ = write!(
                h,
                "<td class=\"cell {cls}\" id=\"cell-{i}-{j}\" data-value=\"{v}\" data-move=\"{mv}\" \
                 title=\"values {a}..{b}: F = {v}, best move {mv}\">{v}<small>{mv}</small></td>",
                cls = sign_class(v),
                a = i + 1,
                b = j + 1,
                mv = e(&mv),
            );
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</tbody></table>\n</div></div>\n");

    // Greedy.
    let g = &x.greedy;
    let regret = i128::from(value) - i128::from(g.difference);
    h.push_str("<h2>Greedy: take the larger end</h2>\n");
    let _ = write!(
        h,
        "<p id=\"greedy-summary\" data-difference=\"{d}\" data-first=\"{f}\" data-second=\"{s}\" \
         data-regret=\"{regret}\" data-best-reply=\"{br}\">Greedy takes the larger end value \
         (ties go left; it never takes more than one or deletes). Playing first against an \
         opponent who plays the table's moves, greedy ends <strong>{f} to {s}</strong> \
         (difference {d}); optimal play ends {of} to {os} (difference {value}). ",
        d = g.difference,
        f = g.totals.first,
        s = g.totals.second,
        br = g.best_reply_difference,
        of = first_last.first,
        os = first_last.second,
    );
    match g.first_mistake.map(|i| &g.steps[i]) {
        Some(m) => {
            let _ = write!(
                h,
                "It goes wrong at <strong>step {num}</strong>: on {span} it plays {mv}, worth \
                 {w} with best play after it, where {best} is worth {val}: it gives away \
                 {loss}. Its mistakes add up to the {regret} it loses. ",
                num = m.number,
                span = e(positions(m.before.0..m.before.1)),
                mv = e(m.mv),
                w = m.worth,
                best = e(m.best),
                val = m.value,
                loss = m.loss(),
            );
        }
        None => h.push_str("Here every greedy move is optimal. "),
    }
    let _ = writeln!(
        h,
        "An opponent who knows greedy&rsquo;s rule can do {more}: difference {br} (the greedy \
         row of <code>coinline solve</code>).</p>",
        more = if g.best_reply_difference < g.difference {
            "better still"
        } else {
            "no better"
        },
        br = g.best_reply_difference,
    );
    h.push_str(
        "<table id=\"greedy\" class=\"steps\">\n<thead><tr><th>step</th><th>player</th>\
         <th>move</th><th>gain</th><th>first</th><th>second</th><th>best move</th>\
         <th title=\"the move's gain minus F of what is left\">worth</th><th>F before</th>\
         <th>gives away</th></tr></thead>\n<tbody>\n",
    );
    for (i, s) in g.steps.iter().enumerate() {
        let greedy_moves = s.first_moves;
        let class = if Some(i) == g.first_mistake {
            "step mistake"
        } else {
            "step"
        };
        let (best, worth, loss) = if greedy_moves {
            (e(s.best), s.worth.to_string(), s.loss().to_string())
        } else {
            (String::new(), String::new(), String::new())
        };
        let _ = writeln!(
            h,
            "<tr class=\"{class}\" id=\"greedy-step-{num}\" data-move=\"{mv}\" data-player=\"{pl}\" \
             data-gain=\"{gain}\" data-first=\"{f}\" data-second=\"{sc}\" data-loss=\"{loss}\">\
             <td>{num}</td><td class=\"{pl}\">{who}</td><td class=\"mono mv\">{mv}</td><td>{gain}</td>\
             <td>{f}</td><td>{sc}</td><td class=\"mono mv\">{best}</td><td>{worth}</td><td>{val}</td>\
             <td>{loss}</td></tr>",
            num = s.number,
            mv = e(s.mv),
            pl = player(s.first_moves),
            who = if greedy_moves { "greedy" } else { "optimal" },
            gain = s.gain,
            f = s.totals.first,
            sc = s.totals.second,
            val = s.value,
        );
    }
    h.push_str("</tbody></table>\n");

    // Parity.
    if let Some(p) = &x.parity {
        let keep = if p.keeps_odd() { "odd" } else { "even" };
        h.push_str(
            "<h2>Parity: odd and even positions</h2>\n<div id=\"parity\" class=\"board\">\n",
        );
        for (k, v) in values.iter().enumerate() {
            let class = if k % 2 == 0 { "odd" } else { "even" };
            let _ = writeln!(
                h,
                "<div class=\"coin par-{class}{kept}\" id=\"par-{k}\" data-class=\"{class}\" \
                 data-value=\"{v}\"><span class=\"p\">{p}</span><span class=\"v\">{v}</span></div>",
                kept = if class == keep { " keep" } else { "" },
                p = k + 1,
                v = e(v),
            );
        }
        let _ = write!(
            h,
            "</div>\n<p id=\"parity-summary\" data-odd=\"{o}\" data-even=\"{ev}\" data-keep=\"{keep}\">\
             Odd positions (blue) sum to <strong>{o}</strong>, even positions (purple) to \
             <strong>{ev}</strong>; {which}. ",
            o = p.odd_sum,
            ev = p.even_sum,
            which = if p.odd_sum == p.even_sum {
                "the classes tie, and the strategy keeps the odd positions (outlined)".to_string()
            } else {
                format!("the {keep} positions (outlined) hold more")
            },
        );
        match p.difference {
            Some(d) => {
                let _ = writeln!(
                    h,
                    "With an even number of values the two ends always lie in different classes, \
                     so the first player can take every {keep} value: never a loss. Against a best \
                     reply that ends with difference <strong>{d}</strong>; optimal play gets {value}.</p>"
                );
            }
            None => h.push_str(
                "With an odd number of values both ends are odd positions, and whichever the first \
                 player takes, the second faces an even row and could keep to a class: the parity \
                 strategy applies to even rows only.</p>\n",
            ),
        }
    }

    let _ = write!(
        h,
        "<p class=\"note\">Moves: L/R take the leftmost/rightmost value, Lk/Rk take k values, \
         DLk/DRk delete k values. Where several moves are optimal the first of {order} is shown. \
         Made by <code>coinline explain</code>.</p>\n<script>{SCRIPT}</script>\n</body>\n</html>\n",
        order = x.game.moves(3).map(e).collect::<Vec<_>>().join(" ")
            + if x.game.take.is_unbounded() {
                " &hellip;"
            } else {
                ""
            }
    );
    h
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

    #[test]
    fn escapes_html() {
        assert_eq!(
            escape_html(r#"<a href="x">'&'</a>"#),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;"
        );
        assert_eq!(escape_html("-3 plain"), "-3 plain");
    }

    #[test]
    fn the_page_holds_the_numbers_and_nothing_external() {
        let x = explain(Game::NUMBERGAME, &board("100 -1000 -1000 100 -1000 -1000")).unwrap();
        let html = render_html(&x);
        assert!(html.starts_with("<!DOCTYPE html>") && html.ends_with("</html>\n"));
        assert!(html.contains("id=\"cell-0-5\" data-value=\"1100\" data-move=\"L\""));
        assert!(html.contains("id=\"step-3\" data-move=\"DL2\""));
        assert!(html.contains("id=\"val-1\" data-value=\"-1000\""));
        for external in ["http:", "https:", "src=", "<link", "@import", "url("] {
            assert!(!html.contains(external), "{external}");
        }
        // Every id is unique.
        let ids: Vec<&str> = html
            .split(" id=\"")
            .skip(1)
            .map(|s| &s[..s.find('"').unwrap()])
            .collect();
        let mut sorted = ids.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), ids.len());
    }
}

//! The play mode of `coinline explain`'s page in a real browser: headless
//! Chromium driven over the DevTools protocol ([`crate::cdp`]) with real
//! clicks and key presses plays whole games on several boards (odd and even
//! n, a delete rule, take counts, values past 2^53), against optimal play,
//! greedy and parity, with undo and restart. After every input the log,
//! totals, costs, move buttons and status the page shows are compared with
//! a model built from the library in this test: the solver's value of every
//! interval, its first optimal move, and the heuristics' policies.
//!
//! Skipped with a note without a browser, as in [`crate::explain`].

use coinline_core::generate::SplitMix64;
use coinline_core::play::{Game, Kind, Move, Row, Side};
use coinline_core::solve::{solve, Generic};
use coinline_core::strategy::{Greedy, Heuristic, Parity, Policy};
use coinline_core::Board;
use serde_json::Value;

use crate::cdp::Browser;
use crate::explain::browser_or_skip;
use crate::support::{workdir, Coinline};

/// The game as the page should play it, from the library's values.
struct Model<'a> {
    game: Game,
    values: &'a [i64],
    n: usize,
    /// The solver's value of `[l, r)` at `l * (n + 1) + r`.
    f: Vec<i128>,
    /// The solver's first optimal move there.
    best: Vec<Option<Move>>,
    greedy: Policy<'a>,
    parity: Option<Policy<'a>>,
    you_first: bool,
    opponent: &'static str,
    moves: Vec<Move>,
}

/// What the page shows, as text.
#[derive(Debug, PartialEq)]
struct Shown {
    rows: Vec<Vec<String>>,
    totals: [String; 4],
    buttons: Vec<String>,
    status: String,
}

impl<'a> Model<'a> {
    fn new(game: Game, board: &'a Board) -> Model<'a> {
        let n = board.len();
        let mut f = vec![0; (n + 1) * (n + 1)];
        let mut best = vec![None; (n + 1) * (n + 1)];
        for l in 0..n {
            for r in l + 1..=n {
                let sub = Board::new(board.values()[l..r].to_vec()).unwrap();
                let s = solve(&Generic, game, &sub, true).unwrap();
                f[l * (n + 1) + r] = i128::from(s.difference);
                best[l * (n + 1) + r] = s.line.unwrap().moves().get(0);
            }
        }
        Model {
            game,
            values: board.values(),
            n,
            f,
            best,
            greedy: Greedy.policy(game, board).unwrap(),
            parity: Parity.policy(game, board).ok(),
            you_first: true,
            opponent: "optimal",
            moves: Vec::new(),
        }
    }

    fn at(&self, l: usize, r: usize) -> usize {
        l * (self.n + 1) + r
    }

    /// The position after the moves, and the log rows the page should show.
    fn replay(&self) -> ((usize, usize), Vec<Vec<String>>, [i128; 4]) {
        let row = Row::new(self.game, self.values);
        let (mut l, mut r, mut t) = (0, self.n, [0i128; 4]);
        let mut rows = Vec::new();
        for (k, &mv) in self.moves.iter().enumerate() {
            let (gain, l2, r2) = row.play(mv, l, r);
            let worth = i128::from(gain) - self.f[self.at(l2, r2)];
            let cost = self.f[self.at(l, r)] - worth;
            t[k % 2] += i128::from(gain);
            t[2 + usize::from(!self.yours(k))] += cost;
            let mover = if k % 2 == 0 { "first" } else { "second" };
            let who = if self.yours(k) { "you" } else { self.opponent };
            let best = self.best[self.at(l, r)].unwrap();
            rows.push(vec![
                (k + 1).to_string(),
                format!("{mover} ({who})"),
                mv.to_string(),
                gain.to_string(),
                best.to_string(),
                cost.to_string(),
                t[0].to_string(),
                t[1].to_string(),
            ]);
            (l, r) = (l2, r2);
        }
        ((l, r), rows, t)
    }

    fn yours(&self, k: usize) -> bool {
        (k % 2 == 0) == self.you_first
    }

    fn legal(&self) -> Vec<Move> {
        let ((l, r), _, _) = self.replay();
        self.game.moves(r - l).collect()
    }

    /// The computer's moves until it is the reader's turn or the end.
    fn reply(&mut self) {
        while !self.legal().is_empty() && !self.yours(self.moves.len()) {
            let ((l, r), _, _) = self.replay();
            let mv = match self.opponent {
                "optimal" => self.best[self.at(l, r)].unwrap(),
                "greedy" => (self.greedy)(l, r),
                _ => (self.parity.as_ref().unwrap())(l, r),
            };
            self.moves.push(mv);
        }
    }

    fn play(&mut self, mv: Move) {
        assert!(self.legal().contains(&mv) && self.yours(self.moves.len()));
        self.moves.push(mv);
        self.reply();
    }

    fn undo(&mut self) {
        while !self.yours(self.moves.len() - 1) {
            self.moves.pop();
        }
        self.moves.pop();
    }

    fn restart(&mut self, you_first: bool, opponent: &'static str) {
        (self.you_first, self.opponent) = (you_first, opponent);
        self.moves.clear();
        self.reply();
    }

    /// The move a click on the value at `q` plays: the take from the end
    /// up to it, the shorter if both are legal, the left one on a tie.
    fn clicked(&self, q: usize) -> Option<Move> {
        let ((l, r), _, _) = self.replay();
        let legal = self.legal();
        let left = Move::take(Side::Left, q + 1 - l);
        let right = Move::take(Side::Right, r - q);
        match (legal.contains(&left), legal.contains(&right)) {
            (true, true) if q + 1 - l <= r - q => Some(left),
            (true, false) => Some(left),
            (_, true) => Some(right),
            _ => None,
        }
    }

    fn expected(&self) -> Shown {
        let ((l, r), rows, t) = self.replay();
        let legal = self.legal();
        let status = if legal.is_empty() {
            format!(
                "Game over: first {}, second {} (difference {}); optimal play from the start \
                 gives difference {}.",
                t[0],
                t[1],
                t[0] - t[1],
                self.f[self.at(0, self.n)]
            )
        } else {
            let side = if self.you_first { "first" } else { "second" };
            let span = if r - l == 1 {
                format!("value {}", l + 1)
            } else {
                format!("values {}..{r}", l + 1)
            };
            format!("Your move ({side} player) on {span}.")
        };
        Shown {
            rows,
            totals: t.map(|x| x.to_string()),
            buttons: legal.iter().map(Move::to_string).collect(),
            status,
        }
    }
}

/// Reads what the page shows.
fn shown(b: &mut Browser) -> Shown {
    let v = b.eval(
        "(function () { var t = function (id) { return document.getElementById(id).textContent; }; \
         return { rows: Array.from(document.querySelectorAll('#play-log tbody tr')).map(function (tr) { \
           return Array.from(tr.cells).map(function (c) { return c.textContent; }); }), \
           totals: ['play-first', 'play-second', 'play-cost-you', 'play-cost-computer'].map(t), \
           buttons: Array.from(document.querySelectorAll('#play-moves button')).map(function (e) { \
             return e.textContent; }), \
           status: t('play-status') }; })()",
    );
    let strings = |v: &Value| -> Vec<String> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_string())
            .collect()
    };
    let totals = strings(&v["totals"]);
    Shown {
        rows: v["rows"].as_array().unwrap().iter().map(strings).collect(),
        totals: [0, 1, 2, 3].map(|i| totals[i].clone()),
        buttons: strings(&v["buttons"]),
        status: v["status"].as_str().unwrap().to_string(),
    }
}

/// One input and its effect, checked: the page must render once more and
/// then show what the model expects.
struct HumanGame<'b, 'a> {
    browser: &'b mut Browser,
    model: Model<'a>,
    what: String,
    /// How many moves were played by key, by clicking a value and by a
    /// move button; how many of the reader's moves cost something.
    inputs: [usize; 3],
    costly: usize,
}

impl HumanGame<'_, '_> {
    fn renders(&mut self) -> i64 {
        let v = self
            .browser
            .eval("+document.body.getAttribute('data-renders')");
        v.as_i64().unwrap()
    }

    fn check(&mut self, input: impl FnOnce(&mut Browser), doing: &str) {
        let before = self.renders();
        input(self.browser);
        let wait = format!("+document.body.getAttribute('data-renders') > {before}");
        self.browser.wait_for(&wait, doing);
        assert_eq!(
            shown(self.browser),
            self.model.expected(),
            "{}: after {doing} (moves {:?})",
            self.what,
            self.model
                .moves
                .iter()
                .map(Move::to_string)
                .collect::<Vec<_>>()
        );
    }

    /// The reader's move, chosen by `rng`, by a key, a click on a value or
    /// a move button.
    fn human_move(&mut self, rng: &mut SplitMix64) {
        let legal = self.model.legal();
        let mv = legal[rng.below(legal.len() as u64) as usize];
        let ((l, r), _, _) = self.model.replay();
        let side = match mv.side {
            Side::Left => 'l',
            Side::Right => 'r',
        };
        let by_key = legal
            .iter()
            .find(|m| m.side == mv.side && m.kind == Kind::Take)
            == Some(&mv);
        let q = match mv.side {
            Side::Left => l + mv.count - 1,
            Side::Right => r - mv.count,
        };
        let by_click = mv.kind == Kind::Take && self.model.clicked(q) == Some(mv);
        let costly = {
            let (gain, l2, r2) = Row::new(self.model.game, self.model.values).play(mv, l, r);
            self.model.f[self.model.at(l, r)]
                > i128::from(gain) - self.model.f[self.model.at(l2, r2)]
        };
        self.costly += usize::from(costly);
        self.model.play(mv);
        let how = rng.below(3) as usize;
        match how {
            0 if by_key => {
                self.inputs[0] += 1;
                self.check(|b| b.key(side), &format!("key {side} ({mv})"));
            }
            1 if by_click => {
                self.inputs[1] += 1;
                self.check(
                    |b| b.click(&format!("play-val-{q}")),
                    &format!("click on value {q} ({mv})"),
                );
            }
            _ => {
                self.inputs[2] += 1;
                self.check(
                    |b| b.click(&format!("play-mv-{mv}")),
                    &format!("button {mv}"),
                );
            }
        }
    }

    fn play_out(&mut self, rng: &mut SplitMix64) {
        while !self.model.legal().is_empty() {
            self.human_move(rng);
        }
        let (_, _, t) = self.model.replay();
        // The end's difference is the start's value less the first player's
        // costs plus the second's.
        let (first_cost, second_cost) = if self.model.you_first {
            (t[2], t[3])
        } else {
            (t[3], t[2])
        };
        assert_eq!(
            t[0] - t[1],
            self.model.f[self.model.at(0, self.model.n)] - first_cost + second_cost
        );
    }

    fn click(&mut self, id: &str) {
        self.check(|b| b.click(id), &format!("click on #{id}"));
    }

    fn key(&mut self, key: char) {
        self.check(|b| b.key(key), &format!("key {key}"));
    }
}

#[test]
fn the_page_plays_against_the_reader_in_a_real_browser() {
    let Some(chromium) = browser_or_skip("the play mode of coinline explain") else {
        return;
    };
    let dir = workdir("explain-play", "browser");
    let mut browser = Browser::launch(&chromium, &dir.join("profile"));
    let cases: &[(Game, &str)] = &[
        (Game::COINS, "8 15 3 7"),
        (Game::COINS, "3 -1 4 1 -5 9 2"),
        (Game::NUMBERGAME, "100 -1000 -1000 100 -1000 -1000"),
        (Game::GAMEOFSUM, "-7 3 8 -2 5"),
        // Past 2^53: the page must add as BigInt, not as doubles.
        (
            Game::COINS,
            "9007199254740993 -9007199254740993 1 2 4000000000000001",
        ),
    ];
    let (mut inputs, mut costly) = ([0; 3], 0);
    for (index, &(game, text)) in cases.iter().enumerate() {
        let board = Board::parse(text).unwrap();
        let page = dir.join(format!("play-{index}.html"));
        let name = game.name();
        let mut args = vec![
            "explain",
            "--game",
            &name,
            "--out",
            page.to_str().unwrap(),
            "--",
        ];
        args.extend(text.split_whitespace());
        let out = Coinline::new(&args).run();
        assert_eq!(out.code, 0, "{}", out.stderr);
        let url = format!("file://{}", page.display());
        browser.open(&url, "document.body.getAttribute('data-renders') === '1'");
        let mut g = HumanGame {
            browser: &mut browser,
            model: Model::new(game, &board),
            what: format!("{game} {text}"),
            inputs: [0; 3],
            costly: 0,
        };
        let mut rng = SplitMix64::new(31 + index as u64);
        assert_eq!(
            shown(g.browser),
            g.model.expected(),
            "{}: at the start",
            g.what
        );
        // First against optimal play; two undos, by button and by key.
        g.play_out(&mut rng);
        g.model.undo();
        g.click("play-undo");
        if g.model
            .moves
            .iter()
            .enumerate()
            .any(|(k, _)| g.model.yours(k))
        {
            g.model.undo();
            g.key('u');
        }
        g.human_move(&mut rng);
        g.model.restart(true, "optimal");
        g.key('n');
        // Second against greedy: greedy moves first at once.
        g.model.restart(false, "optimal");
        g.click("play-side-second");
        g.model.restart(false, "greedy");
        g.click("play-opp-greedy");
        g.play_out(&mut rng);
        g.model.undo();
        g.key('u');
        g.human_move(&mut rng);
        g.model.restart(false, "greedy");
        g.click("play-restart");
        // Parity where it applies (an even row of coins): it plays first.
        let parity = g.model.parity.is_some();
        let hidden = g
            .browser
            .eval("document.getElementById('play-opp-parity').hidden");
        assert_eq!(hidden, Value::Bool(!parity), "{}", g.what);
        if parity {
            g.model.restart(false, "parity");
            g.click("play-opp-parity");
            g.play_out(&mut rng);
            // Playing first again sets the opponent back to optimal.
            g.model.restart(true, "optimal");
            g.click("play-side-first");
        }
        for (sum, got) in inputs.iter_mut().zip(g.inputs) {
            *sum += got;
        }
        costly += g.costly;
    }
    // Every kind of input was used, and the reader's moves were not all free.
    assert!(inputs.iter().all(|&k| k >= 3), "{inputs:?}");
    assert!(costly >= 3, "{costly}");
    drop(browser);
    eprintln!(
        "browser play test: {} boards, {} moves by key, {} by value clicks, {} by buttons",
        cases.len(),
        inputs[0],
        inputs[1],
        inputs[2]
    );
}

//! A person at the terminal (`coinline play --human`, a flag of `play`):
//! whole games typed through a pipe, checked move by move against the library's solvers (each move's score and cost, the totals,
//! the regret, the optimal line); typos, illegal moves, undo, quit and end of
//! input; refusals; and the same game in a real terminal (tmux), played by
//! keys: arrows, a count typed first, single-key commands, messages in one
//! place under the prompt on a small terminal, a redraw on resize, Ctrl-C
//! on a line of its own and the terminal restored after every ending.
//! Without tmux the terminal tests say so and pass, unless
//! `COINLINE_TMUX_TEST=1`.

use crate::support::{assert_refused, assert_status, tmux_present, Coinline, Run, Terminal};
use coinline_core::generate::SplitMix64;
use coinline_core::play::{replay, Game, Line, Move, Row, Side};
use coinline_core::solve::{solve, Generic, Memo};
use coinline_core::Board;
use std::time::Duration;

/// The command, named once (it becomes `play --human`).
const HUMAN: &[&str] = &["play", "--human"];

fn human(args: &[&str], stdin: &str) -> Run {
    Coinline::new(HUMAN.iter().chain(args))
        .stdin(stdin)
        .timeout(Duration::from_secs(60))
        .run()
}

/// The value of `values[l..r]` for the player to move, by memo.
fn memo(game: Game, values: &[i64], l: usize, r: usize) -> i64 {
    if l == r {
        return 0;
    }
    let sub = Board::new(values[l..r].to_vec()).unwrap();
    solve(&Memo, game, &sub, false).unwrap().difference
}

/// A move line of the output: `move K, WHO: MV takes .., scores G; cost C ..`.
#[derive(Debug)]
struct Said {
    person: bool,
    mv: Move,
    scores: Option<i64>,
    cost: i128,
}

/// The number that follows `after` in `line`.
fn number_after(line: &str, after: &str) -> Option<i128> {
    let rest = &line[line.find(after)? + after.len()..];
    let digits: String = rest
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '-')
        .collect();
    digits.parse().ok()
}

fn moves_said(output: &str) -> Vec<Said> {
    let mut said = Vec::new();
    for line in output.lines() {
        let Some(rest) = line.strip_prefix("move ") else {
            continue;
        };
        let (person, rest) = match (rest.split_once(", you: "), rest.split_once(", computer: ")) {
            (Some((_, rest)), _) => (true, rest),
            (None, Some((_, rest))) => (false, rest),
            _ => continue,
        };
        let mv = rest.split(' ').next().unwrap().parse().unwrap();
        said.push(Said {
            person,
            mv,
            scores: number_after(line, ", scores ").map(|g| g as i64),
            // The computer's cost is said only when it is not 0.
            cost: number_after(line, "; cost ").unwrap_or(0),
        });
    }
    said
}

/// Checks one whole game played through a pipe against the solvers; the
/// person's regret.
fn check_game(game: &str, board: &str, side: &str, opponent: &str, typed: &[&str]) -> i128 {
    let what = format!("{game} [{board}] {side} against {opponent}");
    let input: String = typed
        .iter()
        .cycle()
        .take(200)
        .map(|t| format!("{t}\n"))
        .collect();
    let run = human(
        &[
            "--game",
            game,
            "--board",
            board,
            side,
            "--opponent",
            opponent,
        ],
        &input,
    );
    assert_status(&run, 0);
    assert_eq!(run.stderr, "", "{what}");
    let out = &run.stdout;
    let game: Game = game.parse().unwrap();
    let b = Board::parse(board).unwrap();
    let values = b.values();
    let said = moves_said(out);
    let line = Line::new(said.iter().map(|s| s.mv));
    let totals = replay(game, &b, &line).unwrap_or_else(|e| panic!("{what}: {e}\n{out}"));
    let row = Row::new(game, values);
    let (mut l, mut r) = (0, values.len());
    let mut regret = 0;
    for s in &said {
        let (gain, l2, r2) = row.play(s.mv, l, r);
        let worth = gain - memo(game, values, l2, r2);
        let cost = i128::from(memo(game, values, l, r)) - i128::from(worth);
        assert_eq!(s.cost, cost, "{what}: {s:?}\n{out}");
        if s.scores.is_some() {
            assert_eq!(s.scores, Some(gain), "{what}: {s:?}");
        }
        if s.person {
            regret += cost;
        } else if opponent == "optimal" {
            assert_eq!(cost, 0, "{what}: the optimal computer gave away {cost}");
        }
        (l, r) = (l2, r2);
    }
    assert!(said.iter().any(|s| s.person) && said.iter().any(|s| !s.person));
    let (you, computer) = if side == "--first" {
        (totals.first, totals.second)
    } else {
        (totals.second, totals.first)
    };
    let moves = if said.len() == 1 { "move" } else { "moves" };
    let end = format!(
        "game over after {} {moves}: you {you}, computer {computer}",
        said.len()
    );
    assert!(out.contains(&end), "{what}: no {end:?} in\n{out}");
    assert!(
        out.contains(&format!("your regret: {regret} (")),
        "{what}: {out}"
    );
    let best = solve(&Generic, game, &b, true).unwrap().line.unwrap();
    let t = replay(game, &b, &best).unwrap();
    let optimal = format!(
        "optimal line from the start: {best} (first {}, second {})",
        t.first, t.second
    );
    assert!(out.contains(&optimal), "{what}: no {optimal:?} in\n{out}");
    regret
}

#[test]
fn whole_games_by_pipe_match_the_solvers() {
    let mut rng = SplitMix64::new(2026);
    let random: Vec<String> = (0..9).map(|_| rng.between(-5, 20).to_string()).collect();
    let random = random.join(" ");
    let games = [
        ("coins", "8 15 3 7", "--first", "optimal", &["L"][..]),
        (
            "coins",
            random.as_str(),
            "--second",
            "optimal",
            &["R", "L", "L"][..],
        ),
        ("coins", "5 3 9 1 2 6", "--first", "greedy", &["left"][..]),
        ("coins", "5 3 9 1 2 6", "--second", "parity", &["R"][..]),
        (
            "gameofsum",
            "3 -1 4 1 -5 9 2",
            "--first",
            "optimal",
            &["L2", "R"][..],
        ),
        (
            "numbergame",
            "5 -3 2 8 1 -4",
            "--first",
            "optimal",
            &["DR2", "L"][..],
        ),
        ("stonegame7", "5 3 1 4 2", "--second", "optimal", &["L"][..]),
    ];
    let mut regret = 0;
    for (game, board, side, opponent, typed) in games {
        regret += check_game(game, board, side, opponent, typed);
    }
    // The costs checked are not all 0.
    assert!(regret > 0);
}

#[test]
fn typos_and_illegal_moves_ask_again_and_undo_takes_back() {
    let typed = "L\nxyz\nL9\n\nundo\nR\nL\n";
    let run = human(&["--board", "8 15 3 7"], typed);
    assert_status(&run, 0);
    let out = &run.stdout;
    let at = |text: &str| {
        out.find(text)
            .unwrap_or_else(|| panic!("no {text:?} in\n{out}"))
    };
    // Each refusal is one line, and the game goes on from the same place.
    let typo = at("> xyz\n\"xyz\" is neither a move");
    let illegal = at("> L9\nmove 3 (L9) is illegal: a take of 9 is not allowed by coins; try again (moves: L, R)\nrow: L> 3 7 <R\nyou 8 · computer 15");
    let undo =
        at("> undo\nundo: took back 2 moves\nrow: L> 8 15 3 7 <R\nyou 0 · computer 0 · your move");
    assert!(typo < illegal && illegal < undo);
    assert!(out.contains("move 1, you: R takes 7, scores 7; cost 0 (a best move)"));
    assert!(out.contains("game over after 4 moves: you 22, computer 11; you won by 11"));
    assert!(out.contains("your regret: 0 (every move of yours was a best move)"));
    // The undone move counts for nothing.
    assert!(!out[undo..].contains("cost 14"));
}

#[test]
fn quit_end_of_input_and_odd_bytes_end_or_go_on_cleanly() {
    let run = human(&["--board", "8 15 3 7"], "L\n");
    assert_status(&run, 0);
    assert!(run.stdout.contains("you 8 · computer 15 · your move\nmoves: L, R (or undo, hint, help, quit)\n> \nend of input: the game stops after 2 moves: you 8, computer 15\nyour regret: 14 (move 1 L cost 14)\noptimal line from the start: R L L L (first 22, second 11)\n"), "{}", run.stdout);
    let run = human(&["--board", "8 15 3 7"], "");
    assert_status(&run, 0);
    assert!(run
        .stdout
        .contains("end of input: the game stops after 0 moves"));
    let run = human(&["--board", "8 15 3 7", "--second"], "quit\nL\n");
    assert_status(&run, 0);
    assert!(run
        .stdout
        .contains("you quit after 1 move: you 0, computer 7"));
    assert!(!run.stdout.contains("move 2"));
    // Not UTF-8, an overlong line, a carriage return: refused or read, never the end.
    let mut bytes = b"\xff\xfe\n".to_vec();
    bytes.extend(vec![b'L'; 5000]);
    bytes.extend(b"\nR\r\n");
    let run = Coinline::new(HUMAN.iter().chain(&["--board", "8 15 3 7"]))
        .stdin(bytes)
        .run();
    assert_status(&run, 0);
    assert!(!crate::support::panicked(&run), "{}", run.stderr);
    let refusals = run
        .stdout
        .lines()
        .filter(|l| l.ends_with("; type help for the commands"))
        .count();
    assert_eq!(refusals, 2, "{}", run.stdout);
    assert!(run
        .stdout
        .contains("a line of 5000 bytes is longer than the 1000"));
    assert!(run.stdout.contains("move 1, you: R takes 7"));
}

#[test]
fn bad_options_and_boards_are_refused() {
    for (args, message) in [
        (&["--board", ""][..], "no values to play"),
        (&["--board", "1 x 3"], "--board"),
        (
            &["--board", "1 2", "--opponent", "best"],
            "unknown opponent",
        ),
        (
            &["--board", "1 2 3", "--opponent", "parity"],
            "--opponent: the parity strategy",
        ),
        (
            &["--board", "1 2", "--game", "take=1 circle"],
            "is a circle",
        ),
        (&["--n", "61", "--seed", "1"], "at most 60 values"),
        (&["--n", "0"], "no values to play"),
        (&["--board", "1 2", "--seed", "3"], "--seed"),
        (&["--first", "--second"], "--second"),
        (&["--board", "1 2", "--game", "coinz"], "coinz"),
        // clap refuses a program's options and a program with the flag.
        (
            &["--board", "1 2", "--runs", "3"],
            "the argument '--human' cannot be used with '--runs <N>'",
        ),
        (&["--board", "1 2", "--out", "x.csv"], "'--out <FILE>'"),
        (&["--board", "1 2", "--tournament"], "'--tournament'"),
        (&["--board", "1 2", "--", "./bot"], "'[PROGRAM]...'"),
        (&["--n", "4", "--board", "1 2"], "'--n <MIN..MAX>'"),
    ] {
        assert_refused(&human(args, "L\n"), message, &args);
    }
}

#[test]
fn human_is_a_flag_of_play_anywhere_among_its_options() {
    let after = Coinline::new(["play", "--board", "8 15 3 7", "--human"])
        .stdin("L\n")
        .run();
    assert_status(&after, 0);
    assert_eq!(after.stdout, human(&["--board", "8 15 3 7"], "L\n").stdout);
    let args = ["play", "--hints", "--", "greedy"];
    let run = Coinline::new(args).run();
    assert_refused(&run, "required arguments were not provided: --human", &args);
}

#[test]
fn a_random_board_names_its_seed_and_replays_from_it() {
    let first = human(&["--n", "7", "--seed", "5", "--hints"], "L\nL\nL\nL\n");
    assert_status(&first, 0);
    let again = human(&["--n", "7", "--seed", "5", "--hints"], "L\nL\nL\nL\n");
    assert_eq!(first.stdout, again.stdout);
    assert!(first.stdout.contains("a random board (--n 7 --seed 5)"));
    let clock = human(&["--n", "7"], "");
    let seed = number_after(&clock.stdout, "--seed ").expect("the seed is printed");
    let row = |run: &Run| {
        run.stdout
            .lines()
            .find(|l| l.starts_with("row:"))
            .map(String::from)
    };
    let replayed = human(&["--n", "7", "--seed", &seed.to_string()], "");
    assert_eq!(row(&clock), row(&replayed));
    let ranged = human(&["--n", "3..9", "--seed", "11"], "");
    assert!(
        ranged.stdout.contains("(--n 3..9 --seed 11)"),
        "{}",
        ranged.stdout
    );
}

/// Checks the hints line of a screen against memo's values of `board`.
fn expected_hints(game: Game, values: &[i64]) -> String {
    let n = values.len();
    let row = Row::new(game, values);
    let value = memo(game, values, 0, n);
    let mut best = None;
    let mut parts = Vec::new();
    for mv in game.moves(n) {
        let (gain, l, r) = row.play(mv, 0, n);
        let worth = gain - memo(game, values, l, r);
        if worth == value && best.is_none() {
            best = Some(mv);
        }
        parts.push(format!("{mv} worth {worth} (cost {})", value - worth));
    }
    format!("hints: best {}; {}", best.unwrap(), parts.join(", "))
}

/// The screen once coinline in `term` has ended: its exit status is
/// `status`, the terminal is as it was before, and `said` is on the screen.
fn ended(term: &Terminal, status: i32, said: &[&str]) -> String {
    let screen = term.wait_for("terminal ");
    let restored = format!("exit status {status}\nterminal restored\n");
    for text in said.iter().chain([&restored.as_str()]) {
        assert!(screen.contains(text), "{text:?} not on\n{screen}");
    }
    screen
}

#[test]
fn a_real_terminal_plays_by_keys_undoes_and_ends() {
    if !tmux_present("a_real_terminal_plays_by_keys_undoes_and_ends") {
        return;
    }
    let board = "8 15 3 7";
    let values = Board::parse(board).unwrap().into_values();
    let game = Game::COINS;
    let mut args = HUMAN.to_vec();
    args.extend(["--board", board, "--hints"]);
    let term = Terminal::start("human", "play", &args);
    let screen = term.wait_for("> ");
    assert!(
        screen.contains("row: L> 8 15 3 7 <R\nyou 0 · computer 0 · your move"),
        "{screen}"
    );
    assert!(screen.contains(&expected_hints(game, &values)), "{screen}");
    term.keys(&["Left"]);
    let screen = term.wait_for("move 2, computer");
    let cost = memo(game, &values, 0, 4) - (8 - memo(game, &values, 1, 4));
    let best = solve(&Generic, game, &Board::new(values.clone()).unwrap(), true)
        .unwrap()
        .line
        .unwrap();
    let said = format!(
        "move 1, you: L takes 8, scores 8; cost {cost}, the best was {}",
        best.moves().get(0).unwrap()
    );
    assert!(screen.contains(&said), "{said:?} not on\n{screen}");
    // The screen is redrawn, not scrolled: one position on it.
    assert_eq!(screen.matches("row:").count(), 1, "{screen}");
    // A message replaces the one before, under the prompt.
    term.keys(&["Up"]);
    let screen = term.wait_for("↑ and ↓ do nothing");
    assert!(!screen.contains("move 2, computer"), "{screen}");
    assert!(screen.contains(">\n↑ and ↓"), "{screen}");
    // A count typed first, then an arrow: L9.
    term.keys(&["9", "Left"]);
    term.wait_for("move 3 (L9) is illegal");
    term.keys(&["u"]);
    let screen = term.wait_for("took back 2 moves");
    assert!(
        screen.contains("row: L> 8 15 3 7 <R\nyou 0 · computer 0 · your move"),
        "{screen}"
    );
    // The first move typed in the notation, the rest by arrows.
    let mine: Vec<Move> = best.moves().iter().step_by(2).collect();
    term.type_line(&mine[0].to_string());
    for mv in &mine[1..] {
        term.keys(&[if mv.side == Side::Left {
            "Left"
        } else {
            "Right"
        }]);
    }
    let t = replay(game, &Board::new(values).unwrap(), &best).unwrap();
    let end = format!(
        "game over after 4 moves: you {}, computer {}; you won by {}",
        t.first,
        t.second,
        t.difference()
    );
    let optimal = format!("optimal line from the start: {best}");
    ended(&term, 0, &[&end, &optimal]);
}

#[test]
fn in_a_terminal_ctrl_d_ends_the_game_and_ctrl_c_interrupts() {
    if !tmux_present("in_a_terminal_ctrl_d_ends_the_game_and_ctrl_c_interrupts") {
        return;
    }
    let mut args = HUMAN.to_vec();
    args.extend(["--n", "6", "--seed", "9", "--second"]);
    let term = Terminal::start("human", "ctrl-d", &args);
    term.wait_for("move 1, computer");
    term.keys(&["C-d"]);
    let end = "end of input: the game stops after 1 move";
    ended(&term, 0, &[end, "your regret: 0 (you made no move)"]);
    drop(term);
    let term = Terminal::start("human", "ctrl-c", &args);
    term.wait_for("> ");
    term.keys(&["2", "C-c"]);
    let screen = ended(&term, 130, &[]);
    // The message has a line of its own, the game's screen is gone.
    let said = "coinline play --human: interrupted by Ctrl-C\nexit status 130\n";
    assert!(screen.starts_with(said), "{screen}");
    assert!(!screen.contains("> "), "{screen}");
    drop(term);
    // A signal from outside: the terminal is given back before its message.
    let term = Terminal::start("human", "sigterm", &args);
    term.wait_for("> ");
    term.signal("TERM");
    let screen = ended(&term, 143, &[]);
    let said = "coinline play --human: interrupted by SIGTERM";
    assert!(screen.starts_with(said), "{screen}");
}

#[test]
fn a_small_terminal_keeps_the_board_and_a_resize_redraws() {
    if !tmux_present("a_small_terminal_keeps_the_board_and_a_resize_redraws") {
        return;
    }
    let term = Terminal::start(
        "human",
        "small",
        &[HUMAN[0], HUMAN[1], "--board", "8 15 3 7"],
    );
    term.wait_for("> ");
    term.resize(40, 12);
    let header = "coinline: coins on 4 values; you play first against the computer (optimal)";
    // Many messages, a help of several lines last.
    for round in 0..20 {
        term.type_line(&format!("x{round}"));
        term.keys(&["Up", "u"]);
    }
    term.keys(&["?"]);
    let screen = term.wait_for("the rules: coins");
    let lines: Vec<&str> = screen.lines().collect();
    assert_eq!(lines[..2].concat(), header, "{screen}");
    assert_eq!(
        lines[2..4],
        ["row: L> 8 15 3 7 <R", "you 0 · computer 0 · your move"],
        "{screen}"
    );
    assert_eq!(screen.matches("nothing to undo").count(), 0, "{screen}");
    // Grown, the screen is drawn again at the new width.
    term.resize(100, 30);
    let screen = term.wait_for(header);
    assert!(
        screen.starts_with(&format!("{header}\nrow: L> 8 15 3 7 <R\n")),
        "{screen}"
    );
    term.keys(&["q"]);
    ended(&term, 0, &["you quit after 0 moves"]);
}

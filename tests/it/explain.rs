//! `coinline explain` end to end: the command's errors, and the page as a
//! real browser renders it. Headless Chromium loads each page (with
//! `#step=K` in the URL, which the page's script honours), and the rendered
//! DOM is checked against the library's solvers and `coinline solve`: every
//! interval's value and best move, the optimal line with its running totals,
//! the highlighted step, greedy's line and the parity sums.
//!
//! Without a `chromium` (or `chromium-browser`, or `$COINLINE_CHROMIUM`) the
//! browser test prints a note and passes, unless `COINLINE_BROWSER_TEST=1`
//! (set by `scripts/browser-test.sh`) makes that a failure.
//! `COINLINE_EXPLAIN_SCREENSHOT=FILE` keeps the screenshot it takes.

use coinline_core::play::{replay, Game, Line, Move, Row};
use coinline_core::solve::{solve, Generic};
use coinline_core::strategy::{evaluate, Greedy};
use coinline_core::Board;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::support::{assert_refused_alone, workdir, Coinline, Run};

fn coinline(args: &[&str], stdin: &str) -> Run {
    Coinline::new(args).stdin(stdin).run()
}

#[test]
fn bad_input_is_one_line_and_status_2() {
    let big: Vec<String> = (0..31).map(|i| i.to_string()).collect();
    let mut args = vec!["explain"];
    args.extend(big.iter().map(String::as_str));
    let refused: &[(&[&str], &str, &str)] = &[
        (&args, "", "at most 30 values; this one has 31"),
        (
            &["explain", "1", "x"],
            "",
            "token 2 \"x\" is not an integer",
        ),
        (&["explain", "--game", "chess", "1"], "", "unknown game"),
        (&["explain", "-"], "  \n", "no values given"),
        (
            &["explain", "9223372036854775807", "1"],
            "",
            "does not fit in a 64-bit integer",
        ),
        (
            &["explain", "--out", "/proc/coinline/page.html", "1"],
            "",
            "--out /proc/coinline/page.html",
        ),
    ];
    for (args, stdin, phrase) in refused {
        assert_refused_alone(&coinline(args, stdin), phrase, args);
    }
}

#[test]
fn stdin_stdout_and_out_give_the_same_page() {
    let dir = workdir("explain", "out");
    let file = dir.join("sub/page.html");
    let by_args = coinline(&["explain", "--", "8", "-15", "3", "7"], "");
    let by_stdin = coinline(&["explain", "-"], "8,-15\n3 7\n");
    let by_file = coinline(
        &[
            "explain",
            "--out",
            file.to_str().unwrap(),
            "8",
            "-15",
            "3",
            "7",
        ],
        "",
    );
    for run in [&by_args, &by_stdin, &by_file] {
        assert_eq!(run.code, 0, "{}", run.stderr);
    }
    assert!(by_file.stdout.is_empty());
    assert_eq!(by_args.stdout, by_stdin.stdout);
    assert_eq!(std::fs::read(&file).unwrap(), by_args.stdout.as_bytes());
    let page = by_args.stdout;
    assert!(page.contains("id=\"val-1\" data-value=\"-15\""));
}

// ---- the browser ----

fn find_chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("COINLINE_CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| ["chromium", "chromium-browser"].map(|name| dir.join(name)))
        .find(|p| p.is_file())
}

/// Runs headless Chromium with `args` and the page URL; returns stdout.
fn chromium(browser: &Path, profile: &Path, args: &[&str], url: &str) -> String {
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromium starts");
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stdout.read_to_string(&mut text);
        text
    });
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium took more than 60 s on {url}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    reader.join().unwrap()
}

/// The start tag of the element with id `id` in serialized HTML.
fn tag<'a>(dom: &'a str, id: &str) -> &'a str {
    let needle = format!(" id=\"{id}\"");
    let at = dom
        .find(&needle)
        .unwrap_or_else(|| panic!("no element #{id} in the DOM"));
    let start = dom[..at].rfind('<').unwrap();
    let end = at + dom[at..].find('>').unwrap();
    &dom[start..=end]
}

fn attr<'a>(tag: &'a str, name: &str) -> &'a str {
    let needle = format!(" {name}=\"");
    let at = tag
        .find(&needle)
        .unwrap_or_else(|| panic!("no {name} in {tag}"))
        + needle.len();
    &tag[at..at + tag[at..].find('"').unwrap()]
}

fn classes(tag: &str) -> Vec<&str> {
    if tag.contains(" class=\"") {
        attr(tag, "class").split_whitespace().collect()
    } else {
        Vec::new()
    }
}

fn num(tag: &str, name: &str) -> i64 {
    attr(tag, name)
        .parse()
        .unwrap_or_else(|_| panic!("{name} of {tag}"))
}

/// Checks one rendered page against the library and `coinline solve`.
fn check_page(game: Game, board: &Board, dom: &str, step: usize) {
    let what = format!("{game} {board}");
    let values = board.values();
    let n = values.len();
    let body = tag_body(dom);
    assert_eq!(
        attr(body, "data-ready"),
        "1",
        "{what}: the script did not run"
    );
    assert_eq!(num(body, "data-n"), n as i64, "{what}");

    // Every interval, against the table solver on the sub-board.
    for i in 0..n {
        assert_eq!(num(tag(dom, &format!("val-{i}")), "data-value"), values[i]);
        for j in i..n {
            let sub = Board::new(values[i..=j].to_vec()).unwrap();
            let solution = solve(&Generic, game, &sub, true).unwrap();
            let cell = tag(dom, &format!("cell-{i}-{j}"));
            assert_eq!(
                num(cell, "data-value"),
                solution.difference,
                "{what} {i}..{j}"
            );
            let first = solution.line.unwrap().moves().get(0).unwrap().to_string();
            assert_eq!(attr(cell, "data-move"), first, "{what} {i}..{j}");
        }
    }

    // The optimal line and its running totals, against `coinline solve`.
    let name = game.name();
    let args = ["solve", "--game", &name, "--solver", "generic", "--line"];
    let args: Vec<&str> = args.into_iter().chain(["--format", "csv", "--"]).collect();
    let values_text: Vec<String> = values.iter().map(i64::to_string).collect();
    let mut all = args.clone();
    all.extend(values_text.iter().map(String::as_str));
    let out = coinline(&all, "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let csv = out.stdout;
    let row: Vec<&str> = csv.lines().nth(1).unwrap().split(',').collect();
    let (difference, solve_line): (i64, Line) = (row[2].parse().unwrap(), row[6].parse().unwrap());
    assert_eq!(num(body, "data-value"), difference, "{what}");
    let steps = solve_line.moves().len();
    let mut line = Vec::new();
    for s in 1..=steps {
        let t = tag(dom, &format!("step-{s}"));
        line.push(attr(t, "data-move").parse::<Move>().unwrap());
        let totals = replay_prefix(game, board, &line);
        assert_eq!(num(t, "data-first"), totals.0, "{what} step {s}");
        assert_eq!(num(t, "data-second"), totals.1, "{what} step {s}");
    }
    assert!(!dom.contains(&format!(" id=\"step-{}\"", steps + 1)));
    assert_eq!(Line::new(line.clone()), solve_line, "{what}");
    let end = replay(game, board, &solve_line).unwrap();
    assert_eq!(end.difference(), difference);

    // The highlighted step: its row, the values it removed, and the cell of
    // the position left.
    let k = step.min(steps);
    assert_eq!(num(body, "data-step"), k as i64, "{what}");
    for s in 0..=steps {
        let current = classes(tag(dom, &format!("step-{s}"))).contains(&"current");
        assert_eq!(
            current,
            s == k,
            "{what}: step-{s} highlighted = {current}, shown {k}"
        );
    }
    let row = Row::new(game, values);
    let (mut l, mut r, mut removed) = (0, n, vec![usize::MAX; n]);
    for (s, &mv) in line.iter().enumerate() {
        let (_, l2, r2) = row.play(mv, l, r);
        (l..l2).chain(r2..r).for_each(|p| removed[p] = s + 1);
        (l, r) = if s < k { (l2, r2) } else { (l, r) };
    }
    for (p, &s) in removed.iter().enumerate() {
        let c = classes(tag(dom, &format!("val-{p}")));
        assert_eq!(c.contains(&"now"), s == k, "{what}: val-{p} at step {k}");
        assert_eq!(c.contains(&"gone"), s < k, "{what}: val-{p} at step {k}");
    }
    let here: Vec<&str> = start_tags(dom)
        .filter(|t| classes(t).contains(&"here"))
        .map(|t| attr(t, "id"))
        .collect();
    let expect_here = if l < r {
        vec![format!("cell-{l}-{}", r - 1)]
    } else {
        vec![]
    };
    assert_eq!(here, expect_here, "{what}: the position after step {k}");

    // Greedy: its line replays to its totals, and the best-reply figure is
    // the greedy row of `coinline solve`.
    let summary = tag(dom, "greedy-summary");
    let p = evaluate(&Greedy, game, board).unwrap();
    assert_eq!(num(summary, "data-best-reply"), p.difference, "{what}");
    let greedy: Vec<Move> = (1..=n)
        .map_while(|s| {
            let needle = format!(" id=\"greedy-step-{s}\"");
            dom.contains(&needle).then(|| {
                attr(tag(dom, &format!("greedy-step-{s}")), "data-move")
                    .parse()
                    .unwrap()
            })
        })
        .collect();
    let totals = replay(game, board, &Line::new(greedy.clone())).unwrap();
    assert_eq!(num(summary, "data-first"), totals.first, "{what}");
    assert_eq!(num(summary, "data-second"), totals.second, "{what}");
    for (s, mv) in greedy.iter().enumerate().step_by(2) {
        let (left, right) = replay_interval(game, board, &greedy[..s]);
        // The first move with the best immediate score (coins: the larger end).
        let row = Row::new(game, values);
        let mut best: Option<(i64, Move)> = None;
        for m in game.moves(right - left) {
            let (gain, _, _) = row.play(m, left, right);
            if best.is_none_or(|(b, _)| gain > b) {
                best = Some((gain, m));
            }
        }
        assert_eq!(
            Some(*mv),
            best.map(|b| b.1),
            "{what}: greedy's move {}",
            s + 1
        );
    }
    let regret = i128::from(difference) - i128::from(totals.difference());
    assert_eq!(attr(summary, "data-regret"), regret.to_string(), "{what}");
    let mistakes = start_tags(dom)
        .filter(|t| classes(t).contains(&"mistake"))
        .count();
    assert_eq!(mistakes, usize::from(regret > 0), "{what}");

    // Parity (coins): the two class sums.
    if game == Game::COINS {
        let (odd, even) = board.position_sums();
        let parity = tag(dom, "parity-summary");
        assert_eq!(
            (num(parity, "data-odd"), num(parity, "data-even")),
            (odd, even)
        );
    } else {
        assert!(!dom.contains("id=\"parity-summary\""));
    }
}

/// Every start tag of serialized HTML (text and attributes hold no `<`).
fn start_tags(dom: &str) -> impl Iterator<Item = &str> {
    dom.split('<')
        .filter(|piece| piece.starts_with(|c: char| c.is_ascii_alphabetic()))
        .filter_map(|piece| piece.find('>').map(|end| &piece[..end]))
}

fn tag_body(dom: &str) -> &str {
    let start = dom.find("<body").expect("a body");
    &dom[start..=start + dom[start..].find('>').unwrap()]
}

fn replay_prefix(game: Game, board: &Board, moves: &[Move]) -> (i64, i64) {
    let row = Row::new(game, board.values());
    let (mut l, mut r, mut t) = (0, board.len(), (0, 0));
    for (i, &mv) in moves.iter().enumerate() {
        assert!(game.illegal_reason(mv, r - l).is_none());
        let (gain, l2, r2) = row.play(mv, l, r);
        if i % 2 == 0 {
            t.0 += gain;
        } else {
            t.1 += gain;
        }
        (l, r) = (l2, r2);
    }
    t
}

fn replay_interval(game: Game, board: &Board, moves: &[Move]) -> (usize, usize) {
    let row = Row::new(game, board.values());
    let (mut l, mut r) = (0, board.len());
    for &mv in moves {
        assert!(game.illegal_reason(mv, r - l).is_none());
        (_, l, r) = row.play(mv, l, r);
    }
    (l, r)
}

/// The browser to test `what` in; without one, a note and `None`, or a
/// failure under `COINLINE_BROWSER_TEST=1`.
pub fn browser_or_skip(what: &str) -> Option<PathBuf> {
    let required = std::env::var("COINLINE_BROWSER_TEST").is_ok_and(|v| v == "1");
    let found = find_chromium();
    if found.is_none() {
        assert!(
            !required,
            "COINLINE_BROWSER_TEST=1 but no chromium found (install Debian's chromium)"
        );
        eprintln!("note: no chromium on PATH; the browser test of {what} is skipped");
    }
    found
}

#[test]
fn pages_render_in_a_real_browser() {
    let Some(browser) = browser_or_skip("coinline explain") else {
        return;
    };
    let started = Instant::now();
    let dir = workdir("explain", "browser");
    let profile = dir.join("profile");
    let thirty: Vec<String> = (0..30)
        .map(|i: i64| ((i * 37 + 11) % 61 - 30).to_string())
        .collect();
    let thirty = thirty.join(" ");
    let cases: &[(Game, &str, usize)] = &[
        (Game::COINS, "8 15 3 7", 2),
        (Game::COINS, "5 -3 7 2 -4 8 1 6", 3),
        (Game::COINS, "3 -1 4 1 -5 9 2", 4),
        (Game::COINS, &thirty, 17),
        (Game::NUMBERGAME, "100 -1000 -1000 100 -1000 -1000", 3),
        (Game::GAMEOFSUM, "-7 3 8 -2 5 -9 4", 1),
        (Game::GAMEOFSUM, "1 2", 9),
    ];
    for (index, &(game, text, step)) in cases.iter().enumerate() {
        let board = Board::parse(text).unwrap();
        let page = dir.join(format!("page-{index}.html"));
        let tokens: Vec<&str> = text.split_whitespace().collect();
        let name = game.name();
        let mut args = vec!["explain", "--game", &name, "--out"];
        args.push(page.to_str().unwrap());
        args.push("--");
        args.extend(tokens);
        let out = coinline(&args, "");
        assert_eq!(out.code, 0, "{}", out.stderr);
        let url = format!("file://{}#step={step}", page.display());
        let dom = chromium(&browser, &profile, &["--dump-dom"], &url);
        check_page(game, &board, &dom, step);
    }

    // A screenshot of the second page at greedy's first mistake (the one in
    // docs/explain.png).
    let png = dir.join("explain.png");
    let url = format!("file://{}#step=3", dir.join("page-1.html").display());
    let shot = format!("--screenshot={}", png.display());
    chromium(
        &browser,
        &profile,
        &[&shot, "--window-size=1100,1300"],
        &url,
    );
    let bytes = std::fs::read(&png).expect("chromium wrote the screenshot");
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n") && bytes.len() > 20_000);
    if let Some(keep) = std::env::var_os("COINLINE_EXPLAIN_SCREENSHOT") {
        std::fs::copy(&png, &keep).expect("the screenshot can be kept");
    }
    eprintln!(
        "browser test: {} pages checked in Chromium in {:.1} s",
        cases.len(),
        started.elapsed().as_secs_f64()
    );
}

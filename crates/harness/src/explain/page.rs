//! The HTML of `coinline explain`'s page, as a pure function of an
//! [`Explanation`]: the fixed text (skeleton, CSS, script) is `page.html`,
//! whose `{{name}}` placeholders [`render_html`] fills with the board's
//! fragments, each already escaped.

use super::{interval, Explanation, Step};
use coinline_core::play::{Game, Kernel};
use coinline_core::rules::{Counts, Ends, Score};
use std::fmt::Write as _;

/// The page with its placeholders: `{{game}}`, `{{board}}`, `{{n}}`,
/// `{{value}}`, `{{rules}}`, `{{outcome}}`, `{{first}}`, `{{second}}` (the
/// heading and lead), `{{coins}}` (the board), `{{deleted}}` (the legend's
/// grey), `{{start}}` (the start caption), `{{wide}}`, `{{steps}}` (the
/// optimal line), `{{recurrence}}`, `{{heads}}` and `{{cells}}` (the interval
/// table), `{{greedy}}` and `{{greedy-steps}}`, `{{parity}}` and `{{order}}`
/// (the move order of the legend), `{{play-data}}` (the play mode's JSON).
const TEMPLATE: &str = include_str!("page.html");

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

/// Renders the page: one self-contained HTML document (inline CSS and
/// script, nothing fetched). Every piece of text is escaped.
pub fn render_html(x: &Explanation) -> String {
    let values = x.board.values();
    let n = values.len();
    let (totals, value) = (x.totals(), x.value());
    let board_text: Vec<String> = values.iter().map(i64::to_string).collect();
    let (rules, recurrence) = rules_text(x.game);
    let start = format!(
        "Start: {n} values, F(1,{n}) = {value}, best first move {}",
        x.table
            .best_move(interval(0, n))
            .map_or("-".to_string(), |m| m.to_string())
    );
    let deleted = if x.game.delete.is_empty() {
        ""
    } else {
        ", grey: deleted"
    };
    fill(
        TEMPLATE,
        &[
            ("game", &e(x.game)),
            ("board", &e(board_text.join(" "))),
            ("n", &n.to_string()),
            ("value", &value.to_string()),
            ("rules", &rules),
            ("outcome", &e(outcome(value))),
            ("first", &totals.first.to_string()),
            ("second", &totals.second.to_string()),
            ("coins", &coins(x)),
            ("deleted", deleted),
            ("start", &e(&start)),
            ("wide", if n > 12 { " wide" } else { "" }),
            ("steps", &line_rows(x)),
            ("recurrence", &recurrence),
            ("heads", &interval_heads(values)),
            ("cells", &interval_rows(x)),
            ("greedy", &greedy_summary(x)),
            ("greedy-steps", &greedy_rows(x)),
            ("parity", &parity_section(x)),
            ("order", &move_order(x.game)),
            ("play-data", &super::play::play_data(x)),
        ],
    )
}

/// `template` with every `{{name}}` replaced by the value of `name` in
/// `values` (a name without a value is left as it is).
fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out =
        String::with_capacity(template.len() + values.iter().map(|v| v.1.len()).sum::<usize>());
    let mut rest = template;
    while let Some(at) = rest.find("{{") {
        let (before, tail) = rest.split_at(at);
        out.push_str(before);
        let found = tail[2..].find("}}").and_then(|end| {
            let name = &tail[2..2 + end];
            let value = values.iter().find(|(key, _)| *key == name)?.1;
            Some((value, &tail[end + 4..]))
        });
        match found {
            Some((value, after)) => {
                out.push_str(value);
                rest = after;
            }
            None => {
                out.push_str("{{");
                rest = &tail[2..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The board of the stepper: each value with the step that removes it on
/// the optimal line and who removes it.
fn coins(x: &Explanation) -> String {
    let values = x.board.values();
    let n = values.len();
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
    let mut h = String::new();
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
    h
}

/// The rows of the optimal line after its start row.
fn line_rows(x: &Explanation) -> String {
    let values = x.board.values();
    let mut h = String::new();
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
    h
}

/// The column heads of the interval table: position and value.
fn interval_heads(values: &[i64]) -> String {
    let mut h = String::new();
    for (j, v) in values.iter().enumerate() {
        let _ = write!(h, "<th>{}<br><small>{}</small></th>", j + 1, e(v));
    }
    h
}

/// The rows of the interval table: F and the first best move of every
/// interval i..=j.
fn interval_rows(x: &Explanation) -> String {
    let values = x.board.values();
    let n = values.len();
    let mut h = String::with_capacity(400 * n * n);
    for (i, vi) in values.iter().enumerate() {
        let _ = write!(h, "<tr><th>{} <small>({})</small></th>", i + 1, e(vi));
        for j in 0..n {
            if j < i {
                h.push_str("<td></td>");
                continue;
            }
            let v = x.value_at(i, j + 1);
            let mv = x
                .table
                .best_move(interval(i, j + 1))
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
    h
}

/// The paragraph on greedy: its result, its first mistake, and what a
/// best reply makes of it.
fn greedy_summary(x: &Explanation) -> String {
    let (g, value, optimal) = (&x.greedy, x.value(), x.totals());
    let regret = i128::from(value) - i128::from(g.difference);
    let mut h = String::new();
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
        of = optimal.first,
        os = optimal.second,
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
    h
}

/// The rows of greedy's line against the table's replies.
fn greedy_rows(x: &Explanation) -> String {
    let g = &x.greedy;
    let mut h = String::new();
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
    h
}

/// The parity section (coins only; empty otherwise): the colouring and
/// what the strategy makes of it.
fn parity_section(x: &Explanation) -> String {
    let Some(p) = &x.parity else {
        return String::new();
    };
    let keep = if p.keeps_odd() { "odd" } else { "even" };
    let mut h = String::from(
        "<h2>Parity: odd and even positions</h2>\n<div id=\"parity\" class=\"board\">\n",
    );
    for (k, v) in x.board.values().iter().enumerate() {
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
                 reply that ends with difference <strong>{d}</strong>; optimal play gets {value}.</p>",
                value = x.value(),
            );
        }
        None => h.push_str(
            "With an odd number of values both ends are odd positions, and whichever the first \
             player takes, the second faces an even row and could keep to a class: the parity \
             strategy applies to even rows only.</p>\n",
        ),
    }
    h
}

/// The first moves in [`Game::moves`] order, for the legend.
fn move_order(game: Game) -> String {
    game.moves(3).map(e).collect::<Vec<_>>().join(" ")
        + if game.take.is_unbounded() {
            " &hellip;"
        } else {
            ""
        }
}

#[cfg(test)]
mod tests {
    use super::super::explain;
    use super::*;
    use coinline_core::board::Board;

    fn board(s: &str) -> Board {
        Board::parse(s).unwrap()
    }

    #[test]
    fn fills_placeholders() {
        let filled = fill("a{{x}}b{{y}}{{z}}{{", &[("x", "1"), ("y", "")]);
        assert_eq!(filled, "a1b{{z}}{{");
        // Every placeholder of the page has a value.
        let b = board("1 2");
        let x = explain(Game::COINS, &b).unwrap();
        assert!(!render_html(&x).contains("{{"));
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
        let b = board("100 -1000 -1000 100 -1000 -1000");
        let x = explain(Game::NUMBERGAME, &b).unwrap();
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

//! The findings of an outcome report (`README.md` of a rule set's folder),
//! rendered from the CSV tables alone:
//! every figure is read from a cell, and wording that states a result is
//! chosen by the figures, so re-rendering the committed CSV files gives the
//! committed text.

use super::notes::{notes, take_up_to};
use super::{command_line, Tables};
use crate::study::table::{CsvTable, Record};
use coinline_core::error::{Error, Result};
use coinline_core::play::Game;
use std::fmt::Write;

pub(super) type Fmt = std::fmt::Result;

/// Renders the README of one rule set's report.
pub fn render(tables: &Tables) -> Result<String> {
    let game = tables.game()?;
    let config = tables.config()?;
    let mut out = String::new();
    write_report(&mut out, tables, game, &command_line(game, &config))
        .map_err(|e| Error::internal(format!("cannot render the findings: {e}")))?;
    Ok(out)
}

pub(super) fn num(r: &Record, column: &str) -> u64 {
    r.num(column).unwrap_or(0)
}

pub(super) fn percent(part: u64, whole: u64) -> String {
    if whole == 0 {
        "-".to_string()
    } else {
        format!("{:.2}%", 100.0 * part as f64 / whole as f64)
    }
}

fn rate(r: &Record, column: &str) -> String {
    r.num::<f64>(column)
        .map_or("-".to_string(), |v| format!("{:.1}%", 100.0 * v))
}

fn rate_with_interval(r: &Record, column: &str) -> String {
    let (lo, hi) = (
        r.num::<f64>(&format!("{column}_low")),
        r.num::<f64>(&format!("{column}_high")),
    );
    match (lo, hi) {
        (Some(lo), Some(hi)) => {
            format!("{} [{:.1}, {:.1}]", rate(r, column), 100.0 * lo, 100.0 * hi)
        }
        _ => rate(r, column),
    }
}

pub(super) fn distinct(table: &CsvTable, column: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for r in table.records() {
        let cell = r.get(column).to_string();
        if !out.contains(&cell) {
            out.push(cell);
        }
    }
    out
}

pub(super) fn sum(table: &CsvTable, column: &str, keep: impl Fn(&Record) -> bool) -> u64 {
    table
        .records()
        .filter(|r| keep(r))
        .map(|r| num(&r, column))
        .sum()
}

fn solve_command(game: Game, board: &str) -> String {
    let values = if board.starts_with('-') {
        format!("-- {board}")
    } else {
        board.to_string()
    };
    format!("coinline solve --game {} {values}", super::game_arg(game))
}

/// Whether the alphabet or distribution text has no negative values.
pub(super) fn non_negative(text: &str) -> bool {
    !text.starts_with('-')
}

/// The smallest-counterexample rows answering `question` for a parity.
pub(super) fn found<'a>(t: &'a Tables, question: &str, parity: &str) -> Vec<Record<'a>> {
    t.smallest
        .records()
        .filter(|r| r.get("question") == question && r.get("parity") == parity)
        .collect()
}

fn write_report(out: &mut String, t: &Tables, game: Game, command: &str) -> Fmt {
    let known = match game.alias() {
        Some("coins") => " (coins in a line, CSES Removal Game)",
        Some("numbergame") => " (algospot NUMBERGAME)",
        Some("gameofsum") => " (UVa 10891 Game of Sum)",
        Some("stonegame7") => " (LeetCode 1690 Stone Game VII)",
        Some("stonegame3") => " (LeetCode 1406 Stone Game III)",
        Some("pizza") => " (Peter Winkler's pizza problem)",
        _ => "",
    };
    writeln!(out, "# Outcomes: {}\n", game.name())?;
    writeln!(
        out,
        "Rule set `{}`{known}; the rules are defined in [docs/rules.md](../../../docs/rules.md). \
         Every figure below is read from the CSV files of this folder (exact.csv: every board of \
         each length over each alphabet; sampled.csv: random boards, with 95% Wilson intervals; \
         smallest.csv: smallest counterexamples). Regenerate this folder with `{command}`, and \
         every report with the command in [../README.md](../README.md).\n",
        game.rule_text()
    )?;
    checked(out, t)?;
    outcomes(out, t, game)?;
    greedy(out, t, game)?;
    smallest_table(out, t, game)?;
    shares(out, t, game)?;
    residues(out, t, game)?;
    let text = notes(game);
    if !text.is_empty() {
        writeln!(out, "## Notes and proofs\n\n{text}")?;
    }
    Ok(())
}

fn checked(out: &mut String, t: &Tables) -> Fmt {
    let config = t.config().map_err(|_| std::fmt::Error)?;
    let enumerated = sum(&t.exact, "boards", |_| true);
    let random = sum(&t.sampled, "boards", |_| true);
    let agreed = sum(&t.exact, "agreed", |_| true) + sum(&t.sampled, "agreed", |_| true);
    writeln!(out, "## 1. Every board checked\n")?;
    let alphabets: Vec<String> = distinct(&t.exact, "alphabet");
    let sizes: Vec<String> = distinct(&t.sampled, "n");
    let values: Vec<String> = distinct(&t.sampled, "values");
    writeln!(
        out,
        "Every board of length 1..{} over {} ({enumerated} boards), and {} random boards per \
         length and distribution for n = {} over {} (seed {}; {random} boards). Each went \
         through the full check (every exact solver that implements the rule set agrees, their \
         lines replay, the rule set's invariants hold, greedy is never above optimal).",
        config.max_n,
        alphabets.join(" and "),
        config.boards,
        sizes.join(", "),
        values.join(", "),
        config.seed
    )?;
    let total = enumerated + random;
    if agreed == total {
        writeln!(out, "The check passed on all {total} boards.\n")?;
    } else {
        writeln!(
            out,
            "**The check FAILED on {} of {total} boards** (column `agreed`).\n",
            total - agreed
        )?;
    }
    writeln!(out, "Exact solvers that ran on every board of a row:\n")?;
    writeln!(out, "| boards | n | solvers |\n|---|---|---|")?;
    for (name, table) in [("every board", &t.exact), ("random", &t.sampled)] {
        for solvers in distinct(table, "solvers") {
            let ns: Vec<u64> = table
                .records()
                .filter(|r| r.get("solvers") == solvers)
                .map(|r| num(&r, "n"))
                .collect();
            let (lo, hi) = (ns.iter().min(), ns.iter().max());
            if let (Some(lo), Some(hi)) = (lo, hi) {
                writeln!(out, "| {name} | {lo}..{hi} | {solvers} |")?;
            }
        }
    }
    writeln!(out)
}

fn outcomes(out: &mut String, t: &Tables, game: Game) -> Fmt {
    writeln!(out, "## 2. Who wins, by parity of n\n")?;
    let alphabets = distinct(&t.exact, "alphabet");
    writeln!(
        out,
        "Every board, first player's result under optimal play by both (win / tie / loss):\n"
    )?;
    let mut header = String::from("| n |");
    let mut rule = String::from("|---|");
    for a in &alphabets {
        header += &format!(" {a}: win | tie | loss |");
        rule += "---|---|---|";
    }
    writeln!(out, "{header}\n{rule}")?;
    for n in distinct(&t.exact, "n") {
        let mut line = format!("| {n} |");
        for a in &alphabets {
            let row = t
                .exact
                .records()
                .find(|r| r.get("n") == n && r.get("alphabet") == *a);
            match row {
                Some(r) => {
                    line += &format!(
                        " {} | {} | {} |",
                        rate(&r, "win_rate"),
                        rate(&r, "tie_rate"),
                        rate(&r, "loss_rate")
                    )
                }
                None => line += " - | - | - |",
            }
        }
        writeln!(out, "{line}")?;
    }
    writeln!(out, "\nBy parity, over every enumerated board:\n")?;
    writeln!(
        out,
        "| alphabet | parity | boards | first player wins | ties | loses |\n|---|---|---|---|---|---|"
    )?;
    for a in &alphabets {
        for parity in ["odd", "even"] {
            let keep = |r: &Record| r.get("alphabet") == *a && r.get("parity") == parity;
            let boards = sum(&t.exact, "boards", keep);
            let [wins, ties, losses] = ["wins", "ties", "losses"].map(|c| sum(&t.exact, c, keep));
            writeln!(
                out,
                "| {a} | {parity} | {boards} | {wins} ({}) | {ties} ({}) | {losses} ({}) |",
                percent(wins, boards),
                percent(ties, boards),
                percent(losses, boards)
            )?;
        }
    }
    writeln!(out, "\nRandom boards (rate [95% interval]):\n")?;
    writeln!(
        out,
        "| n | values | boards | first player wins | ties | loses |\n|---|---|---|---|---|---|"
    )?;
    for r in t.sampled.records() {
        writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} |",
            r.get("n"),
            r.get("values"),
            r.get("boards"),
            rate_with_interval(&r, "win_rate"),
            rate_with_interval(&r, "tie_rate"),
            rate_with_interval(&r, "loss_rate")
        )?;
    }
    writeln!(out)?;
    for parity in ["odd", "even"] {
        let enumerated_losses = sum(&t.exact, "losses", |r| r.get("parity") == parity);
        let random_losses = sum(&t.sampled, "losses", |r| r.get("parity") == parity);
        let rows = found(t, "first player loses", parity);
        let examples: Vec<String> = rows
            .iter()
            .filter(|r| !r.get("board").is_empty())
            .map(|r| {
                format!(
                    "`{}` ({}, value {}; `{}`)",
                    r.get("board"),
                    r.get("domain"),
                    r.get("optimal"),
                    solve_command(game, r.get("board"))
                )
            })
            .collect();
        let answer = if examples.is_empty() && enumerated_losses + random_losses == 0 {
            format!(
                "**no** board found: 0 losses among the enumerated and random boards of {parity} length, and none in the searches of section 4"
            )
        } else if examples.is_empty() {
            format!(
                "**yes**: {enumerated_losses} enumerated and {random_losses} random boards of {parity} length are lost"
            )
        } else {
            format!("**yes**; smallest: {}", examples.join(", "))
        };
        writeln!(
            out,
            "Can the first player lose with {parity} n? {answer}.\n"
        )?;
    }
    Ok(())
}

fn greedy(out: &mut String, t: &Tables, game: Game) -> Fmt {
    writeln!(out, "## 3. Greedy against optimal play\n")?;
    writeln!(
        out,
        "Greedy takes the move with the best immediate score (ties in canonical order); it plays \
         against an opponent who answers every move optimally. Its regret is the optimal \
         difference minus greedy's.\n"
    )?;
    writeln!(
        out,
        "| n | alphabet | greedy optimal | greedy worse | mean regret | max regret | a worst board |\n|---|---|---|---|---|---|---|"
    )?;
    for r in t.exact.records() {
        writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | `{}` |",
            r.get("n"),
            r.get("alphabet"),
            rate(&r, "greedy_optimal_rate"),
            r.get("greedy_worse"),
            r.get("greedy_mean_regret"),
            r.get("greedy_max_regret"),
            r.get("greedy_worst_board")
        )?;
    }
    writeln!(out, "\nRandom boards:\n")?;
    writeln!(
        out,
        "| n | values | greedy optimal | mean regret | max regret |\n|---|---|---|---|---|"
    )?;
    for r in t.sampled.records() {
        writeln!(
            out,
            "| {} | {} | {} | {} | {} |",
            r.get("n"),
            r.get("values"),
            rate_with_interval(&r, "greedy_optimal_rate"),
            r.get("greedy_mean_regret"),
            r.get("greedy_max_regret")
        )?;
    }
    writeln!(out)?;
    for parity in ["odd", "even"] {
        let rows = found(t, "greedy worse than optimal", parity);
        let examples: Vec<String> = rows
            .iter()
            .filter(|r| !r.get("board").is_empty())
            .map(|r| {
                format!(
                    "`{}` ({}: optimal {}, greedy {})",
                    r.get("board"),
                    r.get("domain"),
                    r.get("optimal"),
                    r.get("greedy")
                )
            })
            .collect();
        let worse = sum(&t.exact, "greedy_worse", |r| r.get("parity") == parity)
            + sum(&t.sampled, "greedy_worse", |r| r.get("parity") == parity);
        let answer = if !examples.is_empty() {
            format!(
                "no; smallest boards where it is worse: {}",
                examples.join(", ")
            )
        } else if worse == 0 {
            format!("on every {parity}-length board checked")
        } else {
            format!("no: worse on {worse} boards checked")
        };
        writeln!(out, "Is greedy optimal with {parity} n? {answer}.")?;
    }
    let _ = game;
    writeln!(out)
}

fn smallest_table(out: &mut String, t: &Tables, game: Game) -> Fmt {
    writeln!(out, "## 4. Smallest counterexamples\n")?;
    writeln!(
        out,
        "Smallest means shortest, then smallest largest absolute value, then first in \
         lexicographic order; each search screens boards with the rule set's fastest exact \
         solver and puts the board found through the full check. `optimal` and `greedy` are \
         differences (first player's total minus second's); `first` and `second` are the optimal \
         totals where every value is scored.\n"
    )?;
    writeln!(
        out,
        "| question | values | parity | board | optimal | greedy | first | second | checked by | result | reproduce |\n|---|---|---|---|---|---|---|---|---|---|---|"
    )?;
    for r in t.smallest.records() {
        let board = r.get("board");
        let (shown, reproduce) = if board.is_empty() {
            ("-".to_string(), "-".to_string())
        } else {
            (
                format!("`{board}`"),
                format!("`{}`", solve_command(game, board)),
            )
        };
        writeln!(
            out,
            "| {} | {} | {} | {shown} | {} | {} | {} | {} | {} | {} | {reproduce} |",
            r.get("question"),
            r.get("domain"),
            r.get("parity"),
            r.get("optimal"),
            r.get("greedy"),
            r.get("first"),
            r.get("second"),
            r.get("solvers"),
            r.get("result")
        )?;
    }
    writeln!(out)
}

fn shares(out: &mut String, t: &Tables, game: Game) -> Fmt {
    let with_shares: Vec<Record> = t
        .exact
        .records()
        .filter(|r| !r.get("share_boards").is_empty() && non_negative(r.get("alphabet")))
        .collect();
    if with_shares.is_empty() {
        return Ok(());
    }
    writeln!(out, "## 5. The first player's worst share\n")?;
    writeln!(
        out,
        "Over every board of n values from the alphabet with a positive sum: the smallest share \
         of the sum the first player gets with optimal play (the share they can guarantee on \
         every such board), a board reaching it, and the boards where the first player gets at \
         most half. 4/9 = 0.444444.\n"
    )?;
    writeln!(
        out,
        "| n | alphabet | boards | at most half | worst share | first / sum | a worst board |\n|---|---|---|---|---|---|---|"
    )?;
    let mut lowest: Option<(f64, String, String)> = None;
    for r in &with_shares {
        let share = r.num::<f64>("min_share");
        writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} / {} | `{}` |",
            r.get("n"),
            r.get("alphabet"),
            r.get("share_boards"),
            r.get("at_most_half"),
            r.get("min_share"),
            r.get("min_share_first"),
            r.get("min_share_sum"),
            r.get("min_share_board")
        )?;
        if let Some(s) = share {
            if lowest.as_ref().is_none_or(|(l, _, _)| s < *l) {
                lowest = Some((
                    s,
                    r.get("min_share_board").to_string(),
                    r.get("n").to_string(),
                ));
            }
        }
    }
    if let Some((share, board, n)) = lowest {
        let relation = if share < 4.0 / 9.0 - 1e-9 {
            "below 4/9"
        } else if share < 4.0 / 9.0 + 1e-9 {
            "exactly 4/9"
        } else if share > 0.5 + 1e-9 {
            "above 1/2"
        } else if share > 0.5 - 1e-9 {
            "exactly 1/2"
        } else {
            "between 4/9 and 1/2"
        };
        writeln!(
            out,
            "\nThe lowest share over every enumerated board with values >= 0 is {share:.6}, {relation}, on `{board}` (n = {n}; `{}`).\n",
            solve_command(game, &board)
        )?;
    }
    sampled_shares(out, t, game)
}

/// The random boards' part of [`shares`].
fn sampled_shares(out: &mut String, t: &Tables, game: Game) -> Fmt {
    let rows: Vec<Record> = t
        .sampled
        .records()
        .filter(|r| !r.get("share_boards").is_empty() && non_negative(r.get("values")))
        .collect();
    if !rows.is_empty() {
        writeln!(
            out,
            "Random boards with values >= 0 (the worst board is re-made from its index):\n"
        )?;
        writeln!(
            out,
            "| n | values | boards | at most half | worst share | index |\n|---|---|---|---|---|---|"
        )?;
        let mut lowest: Option<(f64, Record)> = None;
        for r in rows {
            if let Some(share) = r.num::<f64>("min_share") {
                if lowest.as_ref().is_none_or(|(l, _)| share < *l) {
                    lowest = Some((share, r));
                }
            }
            writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} |",
                r.get("n"),
                r.get("values"),
                r.get("share_boards"),
                r.get("at_most_half"),
                r.get("min_share"),
                r.get("min_share_index")
            )?;
        }
        writeln!(out)?;
        if let Some((share, r)) = lowest {
            let relation = if share < 4.0 / 9.0 - 1e-9 {
                "below 4/9"
            } else if share < 0.5 - 1e-9 {
                "below 1/2 and above 4/9"
            } else {
                "not below 1/2"
            };
            writeln!(
                out,
                "The lowest share on a random board is {share:.6}, {relation} (n = {}, values {}, index {}):",
                r.get("n"),
                r.get("values"),
                r.get("min_share_index")
            )?;
            let board = match (
                r.num("seed"),
                r.num("n"),
                r.num("min_share_index"),
                r.get("values").parse(),
            ) {
                (Some(seed), Some(n), Some(index), Ok(values)) => {
                    crate::study::sampled::board(seed, n, index, values).to_string()
                }
                _ => return Err(std::fmt::Error),
            };
            writeln!(out, "`{}`.\n", solve_command(game, &board))?;
        }
    }
    Ok(())
}

fn residues(out: &mut String, t: &Tables, game: Game) -> Fmt {
    let Some(k) = take_up_to(game) else {
        return Ok(());
    };
    writeln!(out, "## 6. Losses by n mod {}\n", k + 1)?;
    writeln!(
        out,
        "Take 1..{k} from either end: the first player's losses grouped by n mod {} (every board \
         enumerated, then random boards).\n",
        k + 1
    )?;
    writeln!(
        out,
        "| boards | values | n mod {} | lengths | boards | loses | ties |\n|---|---|---|---|---|---|---|",
        k + 1
    )?;
    for (name, table, column) in [
        ("every board", &t.exact, "alphabet"),
        ("random", &t.sampled, "values"),
    ] {
        for a in distinct(table, column) {
            for residue in 0..=k {
                let keep =
                    |r: &Record| r.get(column) == a && (num(r, "n") as usize) % (k + 1) == residue;
                let boards = sum(table, "boards", keep);
                if boards == 0 {
                    continue;
                }
                let lengths: Vec<String> = table
                    .records()
                    .filter(|r| keep(r))
                    .map(|r| r.get("n").to_string())
                    .collect();
                let [losses, ties] = ["losses", "ties"].map(|c| sum(table, c, keep));
                writeln!(
                    out,
                    "| {name} | {a} | {residue} | {} | {boards} | {} | {} |",
                    lengths.join(","),
                    percent(losses, boards),
                    percent(ties, boards)
                )?;
            }
        }
    }
    writeln!(out)?;
    let mut firsts = Vec::new();
    for residue in 0..=k {
        let first = [(&t.exact, "alphabet"), (&t.sampled, "values")]
            .iter()
            .flat_map(|(table, column)| {
                table
                    .records()
                    .filter(move |r| non_negative(r.get(column)) && num(r, "losses") > 0)
                    .map(move |r| (num(&r, "n"), r.get(column).to_string()))
            })
            .filter(|(n, _)| (*n as usize) % (k + 1) == residue)
            .min();
        firsts.push(match first {
            Some((n, values)) => format!("{residue}: n = {n} ({values})"),
            None => format!("{residue}: none"),
        });
    }
    writeln!(
        out,
        "With values >= 0, the shortest length with a lost board, by n mod {}: {}.\n",
        k + 1,
        firsts.join("; ")
    )
}

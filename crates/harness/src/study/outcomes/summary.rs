//! The summary across rule sets (`reports/outcomes/README.md`), rendered
//! from each rule set's CSV tables alone.

use super::findings::{distinct, found, non_negative, num, percent, sum, Fmt};
use super::notes::take_up_to;
use super::Tables;
use crate::study::table::{CsvTable, Record};
use coinline_core::error::{Error, Result};
use coinline_core::play::Game;
use std::fmt::Write;

/// Renders the summary across rule sets.
pub fn summary(reports: &[Tables]) -> Result<String> {
    let mut out = String::new();
    write_summary(&mut out, reports)
        .map_err(|e| Error::internal(format!("cannot render the summary: {e}")))?;
    Ok(out)
}

fn write_summary(out: &mut String, reports: &[Tables]) -> Fmt {
    writeln!(out, "# Outcome reports\n")?;
    let games: Vec<Game> = reports
        .iter()
        .map(|t| t.game())
        .collect::<Result<_>>()
        .map_err(|_| std::fmt::Error)?;
    let args: Vec<String> = games
        .iter()
        .map(|g| format!(" --game {}", super::game_arg(*g)))
        .collect();
    writeln!(
        out,
        "One folder per rule set, each with exact.csv, sampled.csv, smallest.csv and README.md \
         (the findings). Regenerate them all with `coinline study outcomes{}` (run from the \
         repository; a rule set's own command is in its README).\n",
        args.concat()
    )?;
    writeln!(
        out,
        "Loss rates are over every enumerated board (alphabets in the column names); smallest \
         lost boards are from smallest.csv (signed values, then values >= 1).\n"
    )?;
    let alphabets = reports
        .first()
        .map(|t| distinct(&t.exact, "alphabet"))
        .unwrap_or_default();
    let mut header = String::from("| rule set | boards checked | check |");
    let mut rule = String::from("|---|---|---|");
    for parity in ["odd", "even"] {
        for a in &alphabets {
            header += &format!(" {parity} n, {a}: loses |");
            rule += "---|";
        }
    }
    header += " ties | greedy optimal | smallest lost, odd n | smallest lost, even n | worst share (values >= 0) |";
    rule += "---|---|---|---|---|";
    writeln!(out, "{header}\n{rule}")?;
    for (t, game) in reports.iter().zip(&games) {
        writeln!(out, "{}", summary_row(t, *game, &alphabets))?;
    }
    take_residues(out, reports, &games, &alphabets)?;
    writeln!(out)
}

/// The summary's row of one rule set.
fn summary_row(t: &Tables, game: Game, alphabets: &[String]) -> String {
    let boards = sum(&t.exact, "boards", |_| true) + sum(&t.sampled, "boards", |_| true);
    let agreed = sum(&t.exact, "agreed", |_| true) + sum(&t.sampled, "agreed", |_| true);
    let mut line = format!(
        "| [{}]({}/README.md) | {boards} | {} |",
        game.name(),
        super::folder(game),
        if agreed == boards { "passed" } else { "FAILED" }
    );
    for parity in ["odd", "even"] {
        for a in alphabets {
            let keep = |r: &Record| r.get("alphabet") == *a && r.get("parity") == parity;
            line += &format!(
                " {} |",
                percent(sum(&t.exact, "losses", keep), sum(&t.exact, "boards", keep))
            );
        }
    }
    let all = sum(&t.exact, "boards", |_| true);
    line += &format!(
        " {} | {} |",
        percent(sum(&t.exact, "ties", |_| true), all),
        percent(sum(&t.exact, "greedy_optimal", |_| true), all)
    );
    for parity in ["odd", "even"] {
        let boards: Vec<String> = found(t, "first player loses", parity)
            .iter()
            .filter(|r| ["signed values", "values >= 1"].contains(&r.get("domain")))
            .map(|r| {
                let b = r.get("board");
                if b.is_empty() {
                    "none".to_string()
                } else {
                    format!("`{b}`")
                }
            })
            .collect();
        line += &format!(" {} |", boards.join(", "));
    }
    let worst = t
        .exact
        .records()
        .filter(|r| non_negative(r.get("alphabet")))
        .filter_map(|r| r.num::<f64>("min_share"))
        .fold(None, |m: Option<f64>, s| Some(m.map_or(s, |m| m.min(s))));
    line += &match worst {
        Some(s) => format!(" {s:.6} |"),
        None => " - |".to_string(),
    };
    line
}

/// The summary's table of loss rates by n mod (k + 1), for the rule sets
/// that take 1..k from either end.
fn take_residues(
    out: &mut String,
    reports: &[Tables],
    games: &[Game],
    alphabets: &[String],
) -> Fmt {
    let takes: Vec<(usize, &Tables, &Game)> = reports
        .iter()
        .zip(games)
        .filter_map(|(t, g)| take_up_to(*g).map(|k| (k, t, g)))
        .collect();
    if !takes.is_empty() {
        writeln!(
            out,
            "\n**Take 1..k from either end**: the first player's loss rate by n mod (k + 1), over every enumerated board (each alphabet) and over the random boards (all distributions together):\n"
        )?;
        writeln!(
            out,
            "| rule set | k | boards | n mod (k + 1) | lengths | loses |\n|---|---|---|---|---|---|"
        )?;
        for (k, t, g) in takes {
            let mut groups: Vec<(String, &CsvTable, Option<String>)> = alphabets
                .iter()
                .map(|a| (format!("every board, {a}"), &t.exact, Some(a.clone())))
                .collect();
            groups.push(("random".to_string(), &t.sampled, None));
            for (name, table, alphabet) in groups {
                for residue in 0..=k {
                    let keep = |r: &Record| {
                        alphabet.as_ref().is_none_or(|a| r.get("alphabet") == *a)
                            && (num(r, "n") as usize) % (k + 1) == residue
                    };
                    let boards = sum(table, "boards", keep);
                    if boards == 0 {
                        continue;
                    }
                    let mut lengths: Vec<String> = table
                        .records()
                        .filter(|r| keep(r))
                        .map(|r| r.get("n").to_string())
                        .collect();
                    lengths.dedup();
                    writeln!(
                        out,
                        "| {} | {k} | {name} | {residue} | {} | {} |",
                        g.name(),
                        lengths.join(","),
                        percent(sum(table, "losses", keep), boards)
                    )?;
                }
            }
        }
    }
    Ok(())
}

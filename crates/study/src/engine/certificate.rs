//! Certificates of a table's extreme boards (`certify = true`): for each
//! witness, both players' optimal line of play from the first move on, and
//! the exact solvers whose own line was replayed, move by move, to the
//! board's value. A certificate is only written when at least two
//! solvers' lines replay, so a reader can trust an extreme without trusting
//! any one solver; otherwise the run fails on that board.

use super::aggregate::{header, key_columns, Cell, State, Witness};
use super::spec::{Query, Table};
use crate::table::CsvTable;
use coinline_core::board::Board;
use coinline_core::check::{check_builtin, CheckConfig};
use coinline_core::play::{replay, Game, Line, Totals};
use rayon::iter::Either;
use rayon::prelude::*;

/// How many solvers' lines must replay to the value.
pub const REPLAYS: usize = 2;

/// One extreme board's evidence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// The totals under optimal play.
    pub totals: Totals,
    /// The first solver's line (both players' moves, the first move first).
    pub line: Line,
    /// The solvers whose own line replayed to the value.
    pub replayed_by: Vec<String>,
}

impl Certificate {
    /// Replays the certificate's line on `values`: its totals must be the
    /// certificate's and their difference `value`.
    pub fn verify(&self, game: Game, values: &[i64], value: i64) -> Result<(), String> {
        let board = Board::new(values.to_vec()).map_err(|e| e.to_string())?;
        let totals = replay(game, &board, &self.line).map_err(|e| e.to_string())?;
        if totals != self.totals || totals.difference() != value {
            return Err(format!(
                "the line {} replays to {} - {}, not the value {value}",
                self.line, totals.first, totals.second
            ));
        }
        Ok(())
    }
}

/// The certificate of one board: every exact solver's value and line from
/// the full check (minimax's line too), each line replayed again here.
pub fn certify(game: Game, values: &[i64]) -> Result<Certificate, String> {
    let board = Board::new(values.to_vec()).map_err(|e| e.to_string())?;
    let config = CheckConfig {
        minimax_lines: true,
        ..CheckConfig::default()
    };
    let report = check_builtin(game, &board, &config);
    if let Some(v) = &report.violation {
        return Err(format!("the check failed: {}", v.signature()));
    }
    let value = report.value.ok_or("no exact solver ran")?;
    let mut found: Option<Certificate> = None;
    for s in &report.solvers {
        let Some(line) = &s.line else { continue };
        let solver = &s.solver;
        let totals = replay(game, &board, line).map_err(|e| format!("{solver}: {e}"))?;
        let cert = found.get_or_insert_with(|| Certificate {
            totals,
            line: line.clone(),
            replayed_by: Vec::new(),
        });
        if totals.difference() != value {
            return Err(format!("{solver}'s line {line} does not replay to {value}"));
        }
        cert.replayed_by.push(solver.clone());
    }
    let cert = found.ok_or("no solver built a line")?;
    if cert.replayed_by.len() < REPLAYS {
        let by = cert.replayed_by.join(" ");
        let why = format!("only {by} replayed a line; a certificate needs {REPLAYS}");
        return Err(why);
    }
    cert.verify(game, values, value)?;
    Ok(cert)
}

/// The certificates of a min or max table's witnesses, and what failed.
pub fn render(table: &Table, state: &State, query: &Query) -> (CsvTable, Vec<String>) {
    let mut header = header(table, &["n", "board", "first", "second", "difference"]);
    header.extend(["first_move", "line", "replayed_by"].map(String::from));
    let kept: Vec<(&Cell, &Witness)> = (state.cells.iter())
        .filter(|c| table.covers(query.games[c.game]))
        .flat_map(|c| c.witnesses.iter().map(move |w| (c, w)))
        .collect();
    let (rows, failures) = kept.par_iter().partition_map(|&(cell, w)| {
        let game = query.games[cell.game];
        let c = match certify(game, &w.values) {
            Ok(c) => c,
            Err(what) => {
                let (name, board) = (&table.name, w.board());
                let failure = format!("table {name} {game}: no certificate for {board}: {what}");
                return Either::Right(failure);
            }
        };
        let line = c.line.to_string();
        let first_move = line.split(' ').next().unwrap_or("-").to_string();
        let mut row = key_columns(table, cell, query);
        row.extend([w.n.to_string(), w.board()]);
        let totals = [c.totals.first, c.totals.second, c.totals.difference()];
        row.extend(totals.map(|t| t.to_string()));
        row.extend([first_move, line, c.replayed_by.join(" ")]);
        Either::Left(row)
    });
    (CsvTable { header, rows }, failures)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pizza() -> Game {
        "pizza".parse().unwrap()
    }

    /// One of the two 15-slice pizzas (up to symmetry) where the first
    /// player gets exactly 4/9 over 0..2.
    const FOUR_NINTHS: [i64; 15] = [0, 0, 1, 0, 1, 0, 0, 1, 0, 2, 0, 0, 2, 0, 2];

    #[test]
    fn a_four_ninths_pizza_is_certified_by_two_replayed_lines() {
        let cert = certify(pizza(), &FOUR_NINTHS).unwrap();
        assert_eq!((cert.totals.first, cert.totals.second), (4, 5));
        assert!(cert.replayed_by.len() >= REPLAYS, "{:?}", cert.replayed_by);
        assert_eq!(cert.line.moves().len(), 15);
        assert!(
            cert.line.start.is_some(),
            "a circle's line names its first slice"
        );
        cert.verify(pizza(), &FOUR_NINTHS, -1).unwrap();
    }

    #[test]
    fn a_tampered_certificate_fails_to_verify() {
        let cert = certify(pizza(), &FOUR_NINTHS).unwrap();
        assert!(
            cert.verify(pizza(), &FOUR_NINTHS, 1).is_err(),
            "a wrong value"
        );
        let mut totals = cert.clone();
        totals.totals.first += 1;
        assert!(
            totals.verify(pizza(), &FOUR_NINTHS, -1).is_err(),
            "wrong totals"
        );
        let mut short = cert.clone();
        let moves = &cert.line.moves;
        short.line.moves = moves.iter().take(moves.len() - 1).collect();
        assert!(
            short.verify(pizza(), &FOUR_NINTHS, -1).is_err(),
            "a line that stops early"
        );
    }

    #[test]
    fn only_min_and_max_tables_are_certified() {
        let study = |aggregate: &str| {
            let text = format!(
                "name = \"c\"\ngames = [\"pizza\"]\n[source]\nkind = \"enumerate\"\n\
                 n = \"1..4\"\nalphabet = \"0..1\"\n[[table]]\nname = \"t\"\n\
                 measure = \"loss\"\naggregate = \"{aggregate}\"\ncertify = true\n"
            );
            super::super::spec::Query::parse(&text, "c")
        };
        let refused = study("rate").unwrap_err();
        assert!(
            matches!(
                refused.layer::<crate::StudyError>(),
                Some(crate::StudyError::BadAggregate {
                    why: crate::AggregateMismatch::Certify,
                    ..
                })
            ),
            "{refused}"
        );
    }

    #[test]
    fn every_line_game_is_certified() {
        for name in ["coins", "numbergame", "take=1..3"] {
            let game: Game = name.parse().unwrap();
            let cert = certify(game, &[3, -1, 4, 1, -5, 9, 2]).unwrap();
            assert!(
                cert.replayed_by.len() >= REPLAYS,
                "{name}: {:?}",
                cert.replayed_by
            );
        }
    }
}

//! The tallies of a summary recomputed from the rows of its row file, so
//! that `merge` refuses a summary whose figures were edited after it was
//! written: a row holds everything [`Tally::add`] counts (the status, the
//! outcome, each heuristic's difference and regret), so where a row file
//! has a row for every board (`--rows all`, the default) every figure is
//! checked; with `--rows failures` only the failures are.

use crate::{FileProblem, MergeError};
use coinline_core::board::Board;
use coinline_core::error::{Error, Result};
use coinline_core::play::Game;
use coinline_core::summary::{HeuristicTally, Tally};
use std::collections::BTreeMap;

use super::CompareSummary;

/// Tallies per game and length, built row by row.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recount {
    status: usize,
    outcome: usize,
    /// Per heuristic: its name and its difference and regret columns.
    heuristics: Vec<(String, usize, usize)>,
    /// What the rows read so far add up to.
    pub tallies: BTreeMap<(Game, usize), Tally>,
}

impl Recount {
    /// A recount for row files with this header, or `None` if the header
    /// lacks the columns (a row file of another layout: the header check
    /// refuses it).
    pub fn new(header: &csv::StringRecord) -> Option<Recount> {
        let column = |name: &str| header.iter().position(|c| c == name);
        let heuristics = (header.iter())
            .filter_map(|c| c.strip_suffix("_regret"))
            .map(|h| {
                let difference = column(&format!("{h}_difference"))?;
                Some((h.to_string(), difference, column(&format!("{h}_regret"))?))
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Recount {
            status: column("status")?,
            outcome: column("outcome")?,
            heuristics,
            tallies: BTreeMap::new(),
        })
    }

    /// Adds the row of board number `index`, of `game` and length `n`, as
    /// [`Tally::add`] would have counted its board. `at` words an error of
    /// a cell.
    pub fn add(
        &mut self,
        (game, n, index): (Game, usize, u64),
        record: &csv::StringRecord,
        at: impl Fn(FileProblem) -> Error,
    ) -> Result<()> {
        let cell = |i: usize| record.get(i).unwrap_or_default();
        let tally = self.tallies.entry((game, n)).or_default();
        tally.boards += 1;
        tally.agreed += u64::from(cell(self.status) == "ok");
        match cell(self.outcome) {
            "" => return Ok(()),
            "win" => tally.wins += 1,
            "tie" => tally.ties += 1,
            "loss" => tally.losses += 1,
            other => return Err(at(FileProblem::Outcome(other.into()))),
        }
        let number = |i: usize| {
            cell(i)
                .parse::<i128>()
                .map_err(|_| at(FileProblem::Integer(cell(i).into())))
        };
        for (name, difference, regret) in &self.heuristics {
            if cell(*regret).is_empty() {
                continue;
            }
            let (achieved, regret) = (number(*difference)?, number(*regret)?);
            let board = || Board::parse(cell(5)).map_err(|e| at(FileProblem::Cell(e)));
            (tally.heuristic_mut(name)).count(index, achieved, regret, board)?;
        }
        Ok(())
    }
}

/// Refuses the summary `summary_name` if a figure it records differs from
/// what the rows of `rows_name` add up to (`recount`). A run of
/// `rows=all` (its settings, [`CompareSummary::rows_all`]) is compared in
/// full, so a group whose rows differ from its boards is refused; one of
/// `rows=failures` only in its failures.
pub fn check_tallies(
    rows_name: &str,
    recount: &BTreeMap<(Game, usize), Tally>,
    summary_name: &str,
    summary: &CompareSummary,
) -> Result<()> {
    let (empty, all) = (Tally::default(), summary.rows_all());
    for (&(game, n), recorded) in &summary.groups {
        let counted = recount.get(&(game, n)).unwrap_or(&empty);
        let differ = |field: String, recorded: String, counted: String| MergeError::Changed {
            summary: summary_name.to_string(),
            rows: rows_name.to_string(),
            game,
            n,
            field,
            recorded,
            counted,
        };
        let failures = |t: &Tally| t.boards - t.agreed;
        if !all {
            if failures(recorded) != counted.boards - counted.agreed {
                let counted = counted.boards - counted.agreed;
                let recorded = failures(recorded).to_string();
                return Err(differ("failures".into(), recorded, counted.to_string()).into());
            }
            continue;
        }
        let counts = [
            ("boards", recorded.boards, counted.boards),
            ("agreed", recorded.agreed, counted.agreed),
            ("wins", recorded.wins, counted.wins),
            ("ties", recorded.ties, counted.ties),
            ("losses", recorded.losses, counted.losses),
        ];
        if let Some((field, r, c)) = counts.into_iter().find(|(_, r, c)| r != c) {
            return Err(differ(field.into(), r.to_string(), c.to_string()).into());
        }
        for name in &summary.heuristics {
            let none = HeuristicTally::default();
            let r = recorded.heuristic(name).unwrap_or(&none);
            let c = counted.heuristic(name).unwrap_or(&none);
            if let Some((field, r, c)) = heuristic_difference(r, c) {
                return Err(differ(format!("{name}_{field}"), r, c).into());
            }
        }
    }
    if let Some(&(game, n)) = (recount.keys()).find(|k| !summary.groups.contains_key(k)) {
        return Err(MergeError::GroupMissing {
            summary: summary_name.to_string(),
            rows: rows_name.to_string(),
            game,
            n,
        }
        .into());
    }
    Ok(())
}

/// The first figure of a heuristic's tally that differs: its summary
/// column, the recorded and the counted value.
fn heuristic_difference(
    recorded: &HeuristicTally,
    counted: &HeuristicTally,
) -> Option<(&'static str, String, String)> {
    let counts = [
        ("boards", recorded.boards, counted.boards),
        ("optimal", recorded.optimal, counted.optimal),
        (
            "turned_into_loss",
            recorded.turned_into_loss,
            counted.turned_into_loss,
        ),
        ("losses", recorded.losses, counted.losses),
    ];
    if let Some((field, r, c)) = counts.into_iter().find(|(_, r, c)| r != c) {
        return Some((field, r.to_string(), c.to_string()));
    }
    if recorded.regret_sum != counted.regret_sum {
        let (r, c) = (recorded.regret_sum, counted.regret_sum);
        return Some(("regret_sum", r.to_string(), c.to_string()));
    }
    let worst = |t: &HeuristicTally| t.worst.clone().map(|(r, k, b)| (r, k, b.to_string()));
    match (worst(recorded), worst(counted)) {
        (r, c) if r == c => None,
        (Some(r), Some(c)) if r.0 != c.0 => Some(("max_regret", r.0.to_string(), c.0.to_string())),
        (Some(r), Some(c)) if r.1 != c.1 => Some(("worst_index", r.1.to_string(), c.1.to_string())),
        (Some(r), Some(c)) => Some(("worst_board", format!("{:?}", r.2), format!("{:?}", c.2))),
        (r, c) => {
            let shown =
                |w: Option<(i128, u64, String)>| w.map_or("none".into(), |w| w.0.to_string());
            Some(("max_regret", shown(r), shown(c)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str = "seed,index,game,n,parity,board,table_difference,agree,status,violation,\
                        first_total,outcome,greedy_difference,greedy_regret";

    fn recount(rows: &[&str]) -> BTreeMap<(Game, usize), Tally> {
        let header = csv::StringRecord::from(HEAD.split(',').collect::<Vec<_>>());
        let mut recount = Recount::new(&header).unwrap();
        for row in rows {
            let record = csv::StringRecord::from(row.split(',').collect::<Vec<_>>());
            let key = (
                record[2].parse().unwrap(),
                record[3].parse().unwrap(),
                record[1].parse().unwrap(),
            );
            let at = |problem| MergeError::in_file("rows.csv", None, problem);
            recount.add(key, &record, at).unwrap();
        }
        recount.tallies
    }

    const ROWS: [&str; 3] = [
        "1,0,coins,2,even,3 5,2,true,ok,,5,win,2,0",
        "1,1,coins,2,even,4 4,0,true,ok,,4,tie,0,0",
        "1,2,coins,3,odd,1 9 1,-7,true,ok,,1,loss,-7,0",
    ];

    #[test]
    fn rows_add_up_to_the_tally_the_check_would_have_made() {
        let tallies = recount(&ROWS);
        let two = &tallies[&("coins".parse().unwrap(), 2)];
        assert_eq!(
            (two.boards, two.agreed, two.wins, two.ties, two.losses),
            (2, 2, 1, 1, 0)
        );
        let three = tallies[&("coins".parse().unwrap(), 3)]
            .heuristic("greedy")
            .cloned();
        let three = three.unwrap();
        assert_eq!(
            (three.boards, three.losses, three.turned_into_loss),
            (1, 1, 0)
        );
        let odd = &tallies[&("coins".parse().unwrap(), 3)];
        assert_eq!((odd.wins, odd.ties, odd.losses), (0, 0, 1));
        // A regret of 2 at index 5 beats regret 0; equal regrets keep the smaller index.
        let mut rows = ROWS.to_vec();
        rows.extend([
            "1,5,coins,2,even,1 6,5,true,ok,,6,win,3,2",
            "1,4,coins,2,even,2 7,5,true,ok,,7,win,3,2",
        ]);
        let tallies = recount(&rows);
        let greedy = tallies[&("coins".parse().unwrap(), 2)]
            .heuristic("greedy")
            .cloned();
        let worst = greedy.unwrap().worst.unwrap();
        assert_eq!(
            (worst.0, worst.1, worst.2.to_string()),
            (2, 4, "2 7".to_string())
        );
    }

    fn summary_of(tallies: &BTreeMap<(Game, usize), Tally>) -> CompareSummary {
        let mut summary = CompareSummary::new(vec!["greedy".into()]);
        summary.groups = tallies.clone();
        summary.rows = tallies.iter().map(|(k, t)| (*k, t.boards)).collect();
        summary.run = "seed=1 rows=all".into();
        summary
    }

    #[test]
    fn an_edited_figure_is_named() {
        let tallies = recount(&ROWS);
        let summary = summary_of(&tallies);
        check_tallies("r.csv", &tallies, "s.csv", &summary).unwrap();
        let key = ("coins".parse().unwrap(), 2);
        type Edit = fn(&mut Tally);
        let edits: [(&str, Edit); 7] = [
            ("boards", |t| {
                (t.boards, t.agreed) = (t.boards + 9, t.agreed + 9)
            }),
            ("wins", |t| t.wins += 1),
            ("losses", |t| t.losses += 1),
            ("greedy_regret_sum", |t| {
                t.heuristic_mut("greedy").regret_sum += 3
            }),
            ("greedy_max_regret", |t| {
                t.heuristic_mut("greedy").worst.as_mut().unwrap().0 = 9
            }),
            ("greedy_worst_index", |t| {
                t.heuristic_mut("greedy").worst.as_mut().unwrap().1 = 7
            }),
            ("greedy_worst_board", |t| {
                t.heuristic_mut("greedy").worst.as_mut().unwrap().2 = Board::parse("1 1").unwrap()
            }),
        ];
        for (field, edit) in edits {
            let mut edited = summary.clone();
            edit(edited.groups.get_mut(&key).unwrap());
            let message = check_tallies("r.csv", &tallies, "s.csv", &edited)
                .unwrap_err()
                .to_string();
            assert!(
                message.starts_with(&format!("s.csv: coins n = 2: {field} is ")),
                "{field}: {message}"
            );
            assert!(message.ends_with("the summary was changed after it was written"));
        }
        // Failures-only rows check the failures, nothing else.
        let mut partial = summary.clone();
        partial.run = "seed=1 rows=failures".into();
        partial.groups.get_mut(&key).unwrap().wins += 1;
        check_tallies("r.csv", &BTreeMap::new(), "s.csv", &partial).unwrap_or_else(|e| {
            panic!("{e}");
        });
        partial.groups.get_mut(&key).unwrap().agreed -= 1;
        let message = check_tallies("r.csv", &BTreeMap::new(), "s.csv", &partial).unwrap_err();
        assert!(message
            .to_string()
            .contains("failures is 1 but the rows of r.csv give 0"));
        // A row file of failures that also holds a passing row: its
        // failures are its rows less the passing ones.
        let ok_row = ["1,0,coins,2,even,3 5,2,true,ok,,5,win,2,0"];
        let mut one_ok = summary_of(&recount(&ok_row));
        one_ok.run = "seed=1 rows=failures".into();
        let group = one_ok.groups.get_mut(&key).unwrap();
        (group.boards, group.agreed) = (4, 4);
        check_tallies("r.csv", &recount(&ok_row), "s.csv", &one_ok).unwrap();
        let two_rows = [
            ok_row[0],
            "1,1,coins,2,even,4 4,0,false,disagree,x,4,tie,0,0",
        ];
        let group = one_ok.groups.get_mut(&key).unwrap();
        (group.boards, group.agreed) = (5, 3);
        let message = check_tallies("r.csv", &recount(&two_rows), "s.csv", &one_ok).unwrap_err();
        assert!(
            message
                .to_string()
                .contains("failures is 2 but the rows of r.csv give 1"),
            "{message}"
        );
    }
}

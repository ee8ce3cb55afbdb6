//! Aggregates that merge: a table's state is a sorted list of cells, one
//! per (rule set, group), and two states of disjoint boards merge into the
//! state of their union whatever the order, witnesses included (the first
//! k in (n, canonical order)), so shards merge to the bytes of one run.

use super::measure::Num;
use super::spec::{Aggregate, Ratio, Table};
use crate::study::table::CsvTable;
use coinline_core::play::Game;
use coinline_core::summary::wilson_interval;
use serde::{Deserialize, Serialize};

/// A board kept as evidence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Witness {
    /// Its length.
    pub n: usize,
    /// Its place in the source's order for that length.
    pub ordinal: u64,
    /// The values.
    pub values: Vec<i64>,
    /// The boards of its symmetry class.
    pub weight: u64,
}

impl Witness {
    fn key(&self) -> (usize, u64) {
        (self.n, self.ordinal)
    }

    /// The values as a board's text.
    pub fn board(&self) -> String {
        let text: Vec<String> = self.values.iter().map(i64::to_string).collect();
        text.join(" ")
    }
}

/// One group of one table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cell {
    /// The rule set, by its index in the query.
    pub game: usize,
    /// The group's sort key.
    pub key: u64,
    /// The group's label.
    pub label: String,
    /// Classes and boards on which the measure is defined.
    pub classes: u64,
    /// See `classes`.
    pub boards: u64,
    /// Boards on which it is not.
    pub undefined: u64,
    /// Classes and boards that hold (rate, smallest) or attain the extreme.
    pub hit_classes: u64,
    /// See `hit_classes`.
    pub hit_boards: u64,
    /// The extreme so far.
    pub best: Option<Ratio>,
    /// The first witnesses (extremes) or the smallest board.
    pub witnesses: Vec<Witness>,
    /// Boards below the table's floor.
    pub below_floor: u64,
}

/// The state of one table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The cells, sorted by (game, key).
    pub cells: Vec<Cell>,
}

impl State {
    fn cell(&mut self, game: usize, key: u64, label: impl FnOnce() -> String) -> &mut Cell {
        let at = match self
            .cells
            .binary_search_by_key(&(game, key), |c| (c.game, c.key))
        {
            Ok(at) => at,
            Err(at) => {
                let cell = Cell {
                    game,
                    key,
                    label: label(),
                    ..Cell::default()
                };
                self.cells.insert(at, cell);
                at
            }
        };
        &mut self.cells[at]
    }

    /// Adds one board's measure.
    pub fn add(
        &mut self,
        table: &Table,
        game: usize,
        witness: impl FnOnce() -> Witness,
        n: usize,
        weight: u64,
        num: Num,
    ) {
        let key = table.group.key(n);
        let cell = self.cell(game, key, || table.group.label(key));
        let value = match num {
            Num::Undefined => {
                cell.undefined += weight;
                return;
            }
            Num::Bool(b) => {
                cell.classes += 1;
                cell.boards += weight;
                if b {
                    cell.hit_classes += 1;
                    cell.hit_boards += weight;
                    if table.aggregate == Aggregate::Smallest && cell.witnesses.is_empty() {
                        cell.witnesses.push(witness());
                    }
                }
                return;
            }
            Num::Ratio(r) => r,
        };
        cell.classes += 1;
        cell.boards += weight;
        if table.floor.is_some_and(|floor| value < floor) {
            cell.below_floor += weight;
        }
        // A board neither better nor tied, or tied past the first k, keeps
        // no witness: most boards allocate nothing here.
        let (better, tied) = match cell.best {
            None => (true, false),
            Some(best) if table.aggregate == Aggregate::Min => (value < best, value == best),
            Some(best) => (value > best, value == best),
        };
        if !better && !tied {
            return;
        }
        // Boards come in canonical order within a piece, so a tie's
        // witness goes at the end: no sort here (merges sort).
        let keep = table.witnesses > 0 && (better || cell.witnesses.len() < table.witnesses);
        if better {
            cell.best = Some(value);
            cell.hit_classes = 0;
            cell.hit_boards = 0;
            cell.witnesses.clear();
        }
        cell.hit_classes += 1;
        cell.hit_boards += weight;
        if keep {
            cell.witnesses.push(witness());
        }
    }

    /// Merges the state of other boards into this one.
    pub fn merge(&mut self, other: State, table: &Table) {
        for theirs in other.cells {
            let label = theirs.label.clone();
            let mine = self.cell(theirs.game, theirs.key, || label);
            mine.classes += theirs.classes;
            mine.boards += theirs.boards;
            mine.undefined += theirs.undefined;
            mine.below_floor += theirs.below_floor;
            match table.aggregate {
                Aggregate::Rate => {
                    mine.hit_classes += theirs.hit_classes;
                    mine.hit_boards += theirs.hit_boards;
                }
                Aggregate::Smallest => {
                    mine.hit_classes += theirs.hit_classes;
                    mine.hit_boards += theirs.hit_boards;
                    mine.witnesses.extend(theirs.witnesses);
                    mine.witnesses.sort_by_key(Witness::key);
                    mine.witnesses.truncate(1);
                }
                Aggregate::Min | Aggregate::Max => {
                    let extreme = Cell {
                        hit_classes: theirs.hit_classes,
                        hit_boards: theirs.hit_boards,
                        best: theirs.best,
                        witnesses: theirs.witnesses,
                        ..Cell::default()
                    };
                    merge_extreme(mine, extreme, table);
                }
            }
        }
    }
}

/// Folds the extreme of `other` (its best, hits and witnesses) into `cell`.
fn merge_extreme(cell: &mut Cell, other: Cell, table: &Table) {
    let Some(theirs) = other.best else { return };
    let better = match cell.best {
        None => true,
        Some(mine) if table.aggregate == Aggregate::Min => theirs < mine,
        Some(mine) => theirs > mine,
    };
    if better {
        cell.best = Some(theirs);
        cell.hit_classes = other.hit_classes;
        cell.hit_boards = other.hit_boards;
        cell.witnesses = other.witnesses;
    } else if cell.best == Some(theirs) {
        cell.hit_classes += other.hit_classes;
        cell.hit_boards += other.hit_boards;
        cell.witnesses.extend(other.witnesses);
        cell.witnesses.sort_by_key(Witness::key);
        cell.witnesses.truncate(table.witnesses);
    }
}

fn decimal(r: Ratio) -> String {
    format!("{:.6}", r.to_f64())
}

/// The table's CSV rows.
pub fn render(table: &Table, state: &State, games: &[Game]) -> CsvTable {
    let mut header: Vec<&str> = vec!["game", "group", "classes", "boards", "undefined"];
    let what = match table.aggregate {
        Aggregate::Min => "min",
        Aggregate::Max => "max",
        Aggregate::Rate => "rate",
        Aggregate::Smallest => "smallest",
    };
    match table.aggregate {
        Aggregate::Min | Aggregate::Max => {
            header.extend([
                what,
                "decimal",
                "attained_classes",
                "attained_boards",
                "witnesses",
            ]);
            if table.floor.is_some() {
                header.push("below_floor");
            }
        }
        Aggregate::Rate => header.extend(["holds", "rate", "wilson_low", "wilson_high"]),
        Aggregate::Smallest => header.extend(["holds", "smallest_n", "smallest_board"]),
    }
    let mut rows = Vec::new();
    for cell in &state.cells {
        let mut row = vec![
            games[cell.game].to_string(),
            cell.label.clone(),
            cell.classes.to_string(),
            cell.boards.to_string(),
            cell.undefined.to_string(),
        ];
        match table.aggregate {
            Aggregate::Min | Aggregate::Max => {
                row.push(cell.best.map_or(String::new(), |b| b.to_string()));
                row.push(cell.best.map_or(String::new(), decimal));
                row.push(cell.hit_classes.to_string());
                row.push(cell.hit_boards.to_string());
                row.push(cell.witnesses.len().to_string());
                if table.floor.is_some() {
                    row.push(cell.below_floor.to_string());
                }
            }
            Aggregate::Rate => {
                let (lo, hi) = wilson_interval(cell.hit_boards, cell.boards);
                let rate = if cell.boards == 0 {
                    0.0
                } else {
                    cell.hit_boards as f64 / cell.boards as f64
                };
                row.push(cell.hit_boards.to_string());
                row.extend([rate, lo, hi].map(|x| format!("{x:.6}")));
            }
            Aggregate::Smallest => {
                row.push(cell.hit_boards.to_string());
                let first = cell.witnesses.first();
                row.push(first.map_or(String::new(), |w| w.n.to_string()));
                row.push(first.map_or(String::new(), Witness::board));
            }
        }
        rows.push(row);
    }
    CsvTable {
        header: header.into_iter().map(String::from).collect(),
        rows,
    }
}

/// The witnesses of a min, max or smallest table, one row each.
pub fn render_witnesses(table: &Table, state: &State, games: &[Game]) -> CsvTable {
    let header = ["game", "group", "n", "board", "boards_in_class", "value"];
    let mut rows = Vec::new();
    for cell in &state.cells {
        for w in &cell.witnesses {
            let value = match table.aggregate {
                Aggregate::Min | Aggregate::Max => {
                    cell.best.map_or(String::new(), |b| b.to_string())
                }
                _ => "yes".to_string(),
            };
            rows.push(vec![
                games[cell.game].to_string(),
                cell.label.clone(),
                w.n.to_string(),
                w.board(),
                w.weight.to_string(),
                value,
            ]);
        }
    }
    CsvTable {
        header: header.into_iter().map(String::from).collect(),
        rows,
    }
}

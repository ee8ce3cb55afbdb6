//! Aggregates that merge: a table's state is a sorted list of cells, one
//! per (rule set, group), and two states of disjoint boards merge into the
//! state of their union whatever the order, witnesses included (the first
//! k in (n, canonical order)), so shards merge to the bytes of one run.

use super::measure::Num;
use super::spec::{Aggregate, Query, Ratio, Table};
use crate::study::table::CsvTable;
use coinline_core::summary::wilson_interval;
use serde::{Deserialize, Serialize};

/// A board kept as evidence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Witness {
    /// Its source, by index in the query.
    #[serde(default)]
    pub source: usize,
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
    /// Its place: source, length, ordinal.
    pub fn key(&self) -> (usize, usize, u64) {
        (self.source, self.n, self.ordinal)
    }

    /// The values as a board's text.
    pub fn board(&self) -> String {
        super::measure::board_text(&self.values)
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
    /// The sum of a whole-number measure over the boards (mean).
    #[serde(default)]
    pub sum: i128,
}

/// The bits of a cell's key above the group's: the source, when the table
/// groups by it.
const SOURCE_SHIFT: u32 = 48;

/// The key of the group of a board of `n` values from `source`.
pub fn group_key(table: &Table, source: usize, n: usize) -> u64 {
    let inner = table.group.key(n);
    if table.by_source {
        ((source as u64) << SOURCE_SHIFT) | inner
    } else {
        inner
    }
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
        (source, n): (usize, usize),
        weight: u64,
        num: Num,
    ) {
        let key = group_key(table, source, n);
        let cell = self.cell(game, key, || table.group.label(table.group.key(n)));
        if num == Num::Undefined {
            cell.undefined += weight;
            return;
        }
        cell.classes += 1;
        cell.boards += weight;
        let Num::Ratio(value) = num else {
            if num == Num::Bool(true) {
                cell.hit_classes += 1;
                cell.hit_boards += weight;
                if table.aggregate == Aggregate::Smallest && cell.witnesses.is_empty() {
                    cell.witnesses.push(witness());
                }
            }
            return;
        };
        if table.aggregate == Aggregate::Mean {
            // Whole numbers: den is 1.
            cell.sum += value.num * i128::from(weight);
            return;
        }
        if table.floor.is_some_and(|floor| value < floor) {
            cell.below_floor += weight;
        }
        // A board neither better nor tied, or tied past the first k, keeps
        // no witness: most boards allocate nothing here.
        let (better, tied) = (beats(table, value, cell.best), cell.best == Some(value));
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
            mine.sum += theirs.sum;
            match table.aggregate {
                Aggregate::Mean => {}
                Aggregate::Min | Aggregate::Max => merge_extreme(mine, theirs, table),
                // A rate keeps no witness; smallest keeps the first.
                Aggregate::Rate | Aggregate::Smallest => {
                    mine.hit_classes += theirs.hit_classes;
                    mine.hit_boards += theirs.hit_boards;
                    mine.witnesses.extend(theirs.witnesses);
                    mine.witnesses.sort_by_key(Witness::key);
                    mine.witnesses.truncate(1);
                }
            }
        }
    }
}

/// Whether `value` beats `best`, the extreme so far of a min or max table.
fn beats(table: &Table, value: Ratio, best: Option<Ratio>) -> bool {
    best.is_none_or(|best| match table.aggregate {
        Aggregate::Min => value < best,
        _ => value > best,
    })
}

/// Folds the extreme of `other` (its best, hits and witnesses) into `cell`.
fn merge_extreme(cell: &mut Cell, other: Cell, table: &Table) {
    let Some(theirs) = other.best else { return };
    if beats(table, theirs, cell.best) {
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

/// The leading columns of a row: the rule set, the source when the table
/// groups by it, the group.
pub(super) fn key_columns(table: &Table, cell: &Cell, query: &Query) -> Vec<String> {
    let mut row = vec![query.games[cell.game].to_string()];
    if table.by_source {
        let source = (cell.key >> SOURCE_SHIFT) as usize;
        let label = query.sources.get(source).map(|s| s.label.clone());
        row.push(label.unwrap_or_default());
    }
    row.push(cell.label.clone());
    row
}

/// The header of a table's rows: the columns of [`key_columns`], then `rest`.
pub(super) fn header(table: &Table, rest: &[&str]) -> Vec<String> {
    let mut header = vec!["game".to_string()];
    if table.by_source {
        header.push("source".into());
    }
    header.push("group".into());
    header.extend(rest.iter().map(|c| c.to_string()));
    header
}

/// The columns of one measure of a rate or mean table.
fn tally_columns(table: &Table, cell: &Cell) -> Vec<String> {
    let per_board = |x: f64| match cell.boards {
        0 => 0.0,
        boards => x / boards as f64,
    };
    if table.aggregate == Aggregate::Mean {
        let mean = per_board(cell.sum as f64);
        return vec![cell.sum.to_string(), format!("{mean:.6}")];
    }
    let (lo, hi) = wilson_interval(cell.hit_boards, cell.boards);
    let rate = per_board(cell.hit_boards as f64);
    let mut out = vec![cell.hit_boards.to_string()];
    out.extend([rate, lo, hi].map(|x| format!("{x:.6}")));
    out
}

/// The table's CSV rows: `states` holds one state per measure.
pub fn render(table: &Table, states: &[&State], query: &Query) -> CsvTable {
    let mut header = header(table, &["classes", "boards", "undefined"]);
    let tally: &[&str] = match table.aggregate {
        Aggregate::Mean => &["sum", "mean"],
        _ => &["holds", "rate", "wilson_low", "wilson_high"],
    };
    match table.aggregate {
        Aggregate::Min | Aggregate::Max => {
            header.push(format!("{:?}", table.aggregate).to_lowercase());
            let more = [
                "decimal",
                "attained_classes",
                "attained_boards",
                "witnesses",
            ];
            header.extend(more.map(String::from));
            if table.floor.is_some() {
                header.push("below_floor".into());
            }
        }
        Aggregate::Rate | Aggregate::Mean => {
            for m in &table.measures {
                // A table of one measure names its columns plainly.
                let prefix = match table.measures.len() {
                    1 => String::new(),
                    _ => format!("{m}_"),
                };
                header.extend(tally.iter().map(|c| format!("{prefix}{c}")));
            }
        }
        Aggregate::Smallest => {
            header.extend(["holds", "smallest_n", "smallest_board"].map(String::from))
        }
    }
    let mut rows = Vec::new();
    for (at, cell) in states[0].cells.iter().enumerate() {
        if !table.covers(query.games[cell.game]) {
            continue;
        }
        let mut row = key_columns(table, cell, query);
        row.extend([cell.classes, cell.boards, cell.undefined].map(|c| c.to_string()));
        match table.aggregate {
            Aggregate::Min | Aggregate::Max => {
                let decimal = |b: Ratio| format!("{:.6}", b.to_f64());
                let best = [cell.best.map(|b| b.to_string()), cell.best.map(decimal)];
                row.extend(best.map(Option::unwrap_or_default));
                let kept = cell.witnesses.len() as u64;
                row.extend([cell.hit_classes, cell.hit_boards, kept].map(|c| c.to_string()));
                if table.floor.is_some() {
                    row.push(cell.below_floor.to_string());
                }
            }
            Aggregate::Rate | Aggregate::Mean => {
                // Every board adds to every measure's cell: the cells line up.
                for state in states {
                    row.extend(tally_columns(table, &state.cells[at]));
                }
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
    CsvTable { header, rows }
}

/// The witnesses of a min, max or smallest table, one row each.
pub fn render_witnesses(table: &Table, state: &State, query: &Query) -> CsvTable {
    let header = header(table, &["n", "board", "boards_in_class", "value"]);
    let mut rows = Vec::new();
    for cell in &state.cells {
        if !table.covers(query.games[cell.game]) {
            continue;
        }
        let value = match table.aggregate {
            Aggregate::Smallest => "yes".to_string(),
            _ => cell.best.map_or(String::new(), |b| b.to_string()),
        };
        for w in &cell.witnesses {
            let mut row = key_columns(table, cell, query);
            row.extend([
                w.n.to_string(),
                w.board(),
                w.weight.to_string(),
                value.clone(),
            ]);
            rows.push(row);
        }
    }
    CsvTable { header, rows }
}

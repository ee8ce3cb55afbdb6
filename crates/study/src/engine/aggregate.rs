//! Aggregates that merge: a table's state is a sorted list of cells, one
//! per (rule set, group), and two states of disjoint boards merge into the
//! state of their union whatever the order, witnesses included (the first
//! k in (n, canonical order)), so shards merge to the bytes of one run.

use super::measure::Num;
use super::spec::{Aggregate, Query, Ratio, Table};
use crate::table::CsvTable;
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
    let source = (source as u64) << SOURCE_SHIFT;
    (if table.by_source { source } else { 0 }) | table.group.key(n)
}

/// The state of one table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The cells, sorted by (game, key).
    pub cells: Vec<Cell>,
}

impl State {
    fn cell(&mut self, game: usize, key: u64, label: impl FnOnce() -> String) -> &mut Cell {
        let at = match (self.cells).binary_search_by_key(&(game, key), |c| (c.game, c.key)) {
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
        if beats(table, value, cell.best) {
            cell.best = Some(value);
            cell.hit_classes = 0;
            cell.hit_boards = 0;
            cell.witnesses.clear();
        } else if cell.best != Some(value) {
            return;
        }
        cell.hit_classes += 1;
        cell.hit_boards += weight;
        // Boards come in canonical order within a piece, so a tie's
        // witness goes at the end: no sort here (merges sort).
        if cell.witnesses.len() < table.witnesses {
            cell.witnesses.push(witness());
        }
    }

    /// Merges the state of other boards into this one.
    pub fn merge(&mut self, other: State, table: &Table) {
        let extreme = matches!(table.aggregate, Aggregate::Min | Aggregate::Max);
        // A rate keeps no witness; smallest keeps the first.
        let keep = if extreme { table.witnesses } else { 1 };
        for theirs in other.cells {
            let label = theirs.label.clone();
            let mine = self.cell(theirs.game, theirs.key, || label);
            mine.classes += theirs.classes;
            mine.boards += theirs.boards;
            mine.undefined += theirs.undefined;
            mine.below_floor += theirs.below_floor;
            mine.sum += theirs.sum;
            // Of two different extremes, the better one's hits and witnesses
            // stand alone; a tie's (and a rate's or smallest's) add up.
            if extreme && mine.best != theirs.best {
                if theirs.best.is_some_and(|b| beats(table, b, mine.best)) {
                    mine.best = theirs.best;
                    mine.hit_classes = theirs.hit_classes;
                    mine.hit_boards = theirs.hit_boards;
                    mine.witnesses = theirs.witnesses;
                }
                continue;
            }
            mine.hit_classes += theirs.hit_classes;
            mine.hit_boards += theirs.hit_boards;
            mine.witnesses.extend(theirs.witnesses);
            mine.witnesses.sort_by_key(Witness::key);
            mine.witnesses.truncate(keep);
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
    let keys =
        (["game", "source", "group"].into_iter()).filter(|c| table.by_source || *c != "source");
    keys.chain(rest.iter().copied()).map(String::from).collect()
}

/// The columns of a row after [`key_columns`], named: `cells` holds the
/// group's cell of each measure.
fn value_columns(table: &Table, cells: &[&Cell]) -> Vec<(String, String)> {
    let cell = cells[0];
    let count = |name: &str, c: u64| (name.to_string(), c.to_string());
    let text = |name: &str, t: Option<String>| (name.to_string(), t.unwrap_or_default());
    let decimal = |x: f64| format!("{x:.6}");
    let mut row = vec![count("classes", cell.classes)];
    row.push(count("boards", cell.boards));
    row.push(count("undefined", cell.undefined));
    match table.aggregate {
        Aggregate::Min | Aggregate::Max => {
            let name = format!("{:?}", table.aggregate).to_lowercase();
            row.push(text(&name, cell.best.map(|b| b.to_string())));
            row.push(text("decimal", cell.best.map(|b| decimal(b.to_f64()))));
            row.push(count("attained_classes", cell.hit_classes));
            row.push(count("attained_boards", cell.hit_boards));
            row.push(count("witnesses", cell.witnesses.len() as u64));
            row.extend(table.floor.map(|_| count("below_floor", cell.below_floor)));
        }
        // Every board adds to every measure's cell: the cells line up.
        Aggregate::Rate | Aggregate::Mean => {
            for (m, cell) in table.measures.iter().zip(cells) {
                // No boards: no hits and no sum either.
                let per_board = |x: f64| decimal(x / cell.boards.max(1) as f64);
                let (lo, hi) = wilson_interval(cell.hit_boards, cell.boards);
                let tally = match table.aggregate {
                    Aggregate::Mean => vec![
                        ("sum", cell.sum.to_string()),
                        ("mean", per_board(cell.sum as f64)),
                    ],
                    _ => vec![
                        ("holds", cell.hit_boards.to_string()),
                        ("rate", per_board(cell.hit_boards as f64)),
                        ("wilson_low", decimal(lo)),
                        ("wilson_high", decimal(hi)),
                    ],
                };
                // A table of one measure names its columns plainly.
                let prefix = match table.measures.len() {
                    1 => String::new(),
                    _ => format!("{m}_"),
                };
                row.extend(tally.into_iter().map(|(c, v)| (format!("{prefix}{c}"), v)));
            }
        }
        Aggregate::Smallest => {
            let first = cell.witnesses.first();
            row.push(count("holds", cell.hit_boards));
            row.push(text("smallest_n", first.map(|w| w.n.to_string())));
            row.push(text("smallest_board", first.map(Witness::board)));
        }
    }
    row
}

/// The table's CSV rows: `states` holds one state per measure.
pub fn render(table: &Table, states: &[&State], query: &Query) -> CsvTable {
    // The header holds the names of the columns of a row of empty cells.
    let empty = Cell::default();
    let names = value_columns(table, &vec![&empty; states.len()]);
    let names: Vec<&str> = names.iter().map(|(name, _)| name.as_str()).collect();
    let rows = (states[0].cells.iter().enumerate())
        .filter(|(_, cell)| table.covers(query.games[cell.game]))
        .map(|(at, cell)| {
            let cells: Vec<&Cell> = states.iter().map(|s| &s.cells[at]).collect();
            let mut row = key_columns(table, cell, query);
            row.extend(value_columns(table, &cells).into_iter().map(|(_, v)| v));
            row
        })
        .collect();
    let header = header(table, &names);
    CsvTable { header, rows }
}

/// The witnesses of a min, max or smallest table, one row each.
pub fn render_witnesses(table: &Table, state: &State, query: &Query) -> CsvTable {
    let header = header(table, &["n", "board", "boards_in_class", "value"]);
    let mut rows = Vec::new();
    for cell in (state.cells.iter()).filter(|c| table.covers(query.games[c.game])) {
        let value = match table.aggregate {
            Aggregate::Smallest => "yes".to_string(),
            _ => cell.best.map_or(String::new(), |b| b.to_string()),
        };
        for w in &cell.witnesses {
            let (mut row, weight) = (key_columns(table, cell, query), w.weight.to_string());
            row.extend([w.n.to_string(), w.board(), weight, value.clone()]);
            rows.push(row);
        }
    }
    CsvTable { header, rows }
}

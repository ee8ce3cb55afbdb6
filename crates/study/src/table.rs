//! A CSV table of text cells: what the study writes, and what its plots and
//! findings are drawn from (so every figure they show is read back from a
//! CSV file, never from a separate computation).

use crate::StudyError;
use coinline_core::error::Result;

/// A header and rows of text cells, all rows as wide as the header.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CsvTable {
    /// Column names.
    pub header: Vec<String>,
    /// The rows, in order.
    pub rows: Vec<Vec<String>>,
}

/// The table `name` among a run's rendered tables.
pub fn find<'a>(tables: &'a [(String, CsvTable)], name: &str) -> Result<&'a CsvTable> {
    let found = (tables.iter().find(|(n, _)| n == name)).map(|(_, t)| t);
    found.ok_or_else(|| StudyError::NoTable { table: name.into() }.into())
}

/// One row of a [`CsvTable`], with cells looked up by column name.
#[derive(Clone, Copy, Debug)]
pub struct Record<'a> {
    table: &'a CsvTable,
    row: &'a [String],
}

impl CsvTable {
    /// The table as CSV text (a header line, then one line per row).
    pub fn to_csv(&self) -> String {
        let mut w = csv::Writer::from_writer(Vec::new());
        // Writing to memory fails only on a logic error in the csv crate.
        for row in std::iter::once(&self.header).chain(&self.rows) {
            w.write_record(row).expect("write to memory");
        }
        let bytes = w.into_inner().expect("flush to memory");
        String::from_utf8(bytes).expect("cells are UTF-8")
    }

    /// Reads CSV text written by [`CsvTable::to_csv`]; `what` names the input
    /// in errors.
    pub fn from_csv(text: &str, what: &str) -> Result<CsvTable> {
        let bad = |e| StudyError::Csv {
            what: what.to_string(),
            error: std::sync::Arc::new(e),
        };
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        let header = reader.headers().map_err(bad)?.deserialize(None);
        let rows = reader.deserialize().collect::<csv::Result<_>>();
        let (header, rows) = (header.map_err(bad)?, rows.map_err(bad)?);
        Ok(CsvTable { header, rows })
    }

    /// The rows as [`Record`]s.
    pub fn records(&self) -> impl Iterator<Item = Record<'_>> {
        self.rows.iter().map(move |row| Record { table: self, row })
    }

    /// The place of column `name`, if the table has it.
    pub fn column(&self, name: &str) -> Option<usize> {
        self.header.iter().position(|h| h == name)
    }

    /// The place of column `name`; `what` names the table in the error.
    pub fn col(&self, name: &str, what: &str) -> Result<usize> {
        self.column(name).ok_or_else(|| {
            let (table, column) = (what.to_string(), name.to_string());
            StudyError::NoColumn { table, column }.into()
        })
    }
}

impl<'a> Record<'a> {
    /// The cell of column `name`; empty if there is no such column.
    pub fn get(&self, name: &str) -> &'a str {
        (self.table.column(name).and_then(|i| self.row.get(i))).map_or("", String::as_str)
    }

    /// The cell of column `name` parsed as a number; `None` if the cell is
    /// empty or not a number.
    pub fn num<T: std::str::FromStr>(&self, name: &str) -> Option<T> {
        self.get(name).parse().ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_round_trips_with_quoted_cells() {
        let table = CsvTable {
            header: vec!["n".into(), "board".into()],
            rows: vec![
                vec!["3".into(), "1 5 1".into()],
                vec!["2".into(), "a,\"b\"".into()],
            ],
        };
        let text = table.to_csv();
        assert_eq!(CsvTable::from_csv(&text, "test").unwrap(), table);
        let first = table.records().next().unwrap();
        assert_eq!(first.num::<usize>("n"), Some(3));
        assert_eq!(first.get("missing"), "");
        assert!(CsvTable::from_csv("a,b\n1\n", "test").is_err());
    }
}

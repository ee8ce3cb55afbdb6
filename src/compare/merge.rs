//! Merging the row files of `compare --shard K/N` runs back into the rows
//! of the whole run.

use super::rows::{csv_writer, ROW_PREFIX};
use crate::error::{Error, Result};
use crate::game::Game;
use std::collections::BTreeMap;

/// Joins the row files of the shards of one run, given as (name, contents),
/// into the rows of the whole run: index order, games in [`Game::ALL`]
/// order within an index. Refuses files with other columns, rows of
/// different seeds and rows present twice.
pub fn merge_rows(inputs: &[(String, Vec<u8>)]) -> Result<Vec<u8>> {
    let mut header: Option<(String, csv::StringRecord)> = None;
    // Each row with the number of the input it came from.
    let mut rows: Vec<(u64, usize, usize, csv::StringRecord)> = Vec::new();
    let mut seed: Option<(String, String)> = None;
    for (file, (name, bytes)) in inputs.iter().enumerate() {
        let bad = |what: String| Error::invalid(format!("{name}: {what}"));
        let mut reader = csv::ReaderBuilder::new().from_reader(bytes.as_slice());
        let this = reader
            .headers()
            .map_err(|e| bad(format!("malformed CSV: {e}")))?
            .clone();
        if this.len() < ROW_PREFIX.len() || this.iter().take(ROW_PREFIX.len()).ne(ROW_PREFIX) {
            return Err(bad(format!(
                "not a compare row file (its header does not start with {})",
                ROW_PREFIX.join(",")
            )));
        }
        match &header {
            Some((first, h)) if *h != this => {
                return Err(bad(format!("its columns differ from those of {first}")));
            }
            Some(_) => {}
            None => header = Some((name.clone(), this)),
        }
        for (line, record) in reader.records().enumerate() {
            let record = record.map_err(|e| bad(format!("malformed CSV: {e}")))?;
            let at = |what: String| bad(format!("line {}: {what}", line + 2));
            let index: u64 = record[1]
                .parse()
                .map_err(|_| at(format!("index {:?} is not an integer", &record[1])))?;
            let game: Game = record[2].parse().map_err(|e| at(format!("{e}")))?;
            let rank = Game::ALL.iter().position(|&g| g == game).unwrap_or(0);
            match &seed {
                Some((first, s)) if *s != record[0] => {
                    return Err(at(format!(
                        "seed {:?} differs from seed {s:?} of {first}: not shards of one run",
                        &record[0]
                    )));
                }
                Some(_) => {}
                None => seed = Some((name.clone(), record[0].to_string())),
            }
            rows.push((index, rank, file, record));
        }
    }
    let (_, header) = header.ok_or_else(|| Error::invalid("merge needs at least one row file"))?;
    rows.sort_by_key(|(index, rank, file, _)| (*index, *rank, *file));
    if let Some(pair) = rows
        .windows(2)
        .find(|p| (p[0].0, p[0].1) == (p[1].0, p[1].1))
    {
        let (first, second) = (&inputs[pair[0].2].0, &inputs[pair[1].2].0);
        return Err(Error::invalid(format!(
            "index {} ({}) appears in more than one row (in {first} and {second}): the inputs overlap",
            pair[0].0,
            Game::ALL[pair[0].1]
        )));
    }
    let mut w = csv_writer(Vec::new());
    let io = |e: csv::Error| Error::invalid(format!("cannot write rows: {e}"));
    w.write_record(&header).map_err(io)?;
    for (_, _, _, record) in &rows {
        w.write_record(record).map_err(io)?;
    }
    w.into_inner()
        .map_err(|e| Error::invalid(format!("cannot write rows: {e}")))
}

/// The rows of a row file per game and length (its `game` and `n`
/// columns), to be held against what its summary records. `name` labels
/// errors.
pub fn row_counts(name: &str, bytes: &[u8]) -> Result<BTreeMap<(Game, usize), u64>> {
    let bad = |what: String| Error::invalid(format!("{name}: {what}"));
    let mut reader = csv::ReaderBuilder::new().from_reader(bytes);
    let mut counts = BTreeMap::new();
    for (line, record) in reader.records().enumerate() {
        let record = record.map_err(|e| bad(format!("malformed CSV: {e}")))?;
        let at = |what: String| bad(format!("line {}: {what}", line + 2));
        let game: Game = record
            .get(2)
            .unwrap_or_default()
            .parse()
            .map_err(|e| at(format!("{e}")))?;
        let n: usize = (record.get(3).unwrap_or_default().parse()).map_err(|_| {
            at(format!(
                "n {:?} is not a length",
                record.get(3).unwrap_or_default()
            ))
        })?;
        *counts.entry((game, n)).or_default() += 1;
    }
    Ok(counts)
}

//! Merging the row files of `compare --shard K/N` runs back into the rows
//! of the whole run.
//!
//! Each shard's row file is in index order (games in [`Game::ALL`] order
//! within an index), as `compare` writes it, so the files merge as sorted
//! streams ([`merge_row_streams`]): one buffered reader per file and a heap
//! of each file's next row, each row written as it comes. Memory holds one
//! row per file, not the rows of the run.

use super::recount::Recount;
use super::rows::{csv_writer, ROW_PREFIX};
use super::summary_csv::{DigestReader, DigestWriter};
use crate::{FileProblem, MergeError};
use coinline_core::error::Result;
use coinline_core::play::Game;
use coinline_core::summary::Tally;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};
use std::io::{Read, Write};

/// The seed of the first row read, with the name of its file.
type FirstSeed = Option<(String, String)>;

/// One row, with its place in the merged order: (index, rank of its game
/// in [`Game::ALL`]).
struct Row {
    key: (u64, usize),
    game: Game,
    n: usize,
    record: csv::StringRecord,
}

/// Checks the header of the row file `name` against the first file's.
fn check_header(
    name: &str,
    this: &csv::StringRecord,
    header: &mut Option<(String, csv::StringRecord)>,
) -> Result<()> {
    let bad = |problem| MergeError::in_file(name, None, problem);
    if this.len() < ROW_PREFIX.len() || this.iter().take(ROW_PREFIX.len()).ne(ROW_PREFIX) {
        return Err(bad(FileProblem::NotRows));
    }
    match header {
        Some((first, h)) if h != this => Err(bad(FileProblem::OtherColumns {
            first: first.clone(),
        })),
        Some(_) => Ok(()),
        None => {
            *header = Some((name.to_string(), this.clone()));
            Ok(())
        }
    }
}

/// Reads the next row of the row file `name`, whose `line`-th line it is,
/// refusing what cannot be a row of the same run as the rows before it.
fn read_row<R: Read>(
    reader: &mut csv::Reader<R>,
    name: &str,
    line: u64,
    seed: &mut FirstSeed,
) -> Result<Option<Row>> {
    let mut record = csv::StringRecord::new();
    match reader.read_record(&mut record) {
        Ok(false) => return Ok(None),
        Ok(true) => {}
        Err(e) => return Err(MergeError::csv(name, e).into()),
    }
    let at = |problem| MergeError::in_file(name, Some(line), problem);
    let index: u64 = (record[1].parse()).map_err(|_| at(FileProblem::Index(record[1].into())))?;
    let game: Game = record[2].parse().map_err(|e| at(FileProblem::Cell(e)))?;
    let rank = Game::ALL.iter().position(|&g| g == game).unwrap_or(0);
    match seed {
        Some((first, s)) if *s != record[0] => {
            return Err(at(FileProblem::Seed {
                seed: record[0].to_string(),
                first_seed: s.clone(),
                first: first.clone(),
            }));
        }
        Some(_) => {}
        None => *seed = Some((name.to_string(), record[0].to_string())),
    }
    let n: usize = (record[3].parse()).map_err(|_| at(FileProblem::Length(record[3].into())))?;
    Ok(Some(Row {
        key: (index, rank),
        game,
        n,
        record,
    }))
}

/// A source of rows in merged order.
trait Rows {
    fn name(&self) -> &str;
    fn next_row(&mut self, seed: &mut FirstSeed) -> Result<Option<Row>>;
}

/// Rows already read and sorted.
struct Sorted {
    name: String,
    rows: std::vec::IntoIter<Row>,
}

impl Rows for Sorted {
    fn name(&self) -> &str {
        &self.name
    }
    fn next_row(&mut self, _: &mut FirstSeed) -> Result<Option<Row>> {
        Ok(self.rows.next())
    }
}

/// A row file read as it is merged; its rows must come in merged order.
struct Stream<R: Read> {
    name: String,
    reader: csv::Reader<DigestReader<R>>,
    /// The line of the last row read.
    line: u64,
    last: Option<(u64, usize)>,
    counts: BTreeMap<(Game, usize), u64>,
    recount: Recount,
}

impl<R: Read> Rows for Stream<R> {
    fn name(&self) -> &str {
        &self.name
    }
    fn next_row(&mut self, seed: &mut FirstSeed) -> Result<Option<Row>> {
        let Some(row) = read_row(&mut self.reader, &self.name, self.line + 1, seed)? else {
            return Ok(None);
        };
        self.line += 1;
        let (file, line) = (&self.name, Some(self.line));
        let at = |problem| MergeError::in_file(file, line, problem);
        // An equal key is left to the merge, which names the overlap.
        if let Some(last) = self.last.filter(|&last| row.key < last) {
            let problem = FileProblem::OutOfOrder {
                index: row.key.0,
                game: row.game,
                after: last.0,
                after_game: Game::ALL[last.1],
            };
            return Err(at(problem));
        }
        self.last = Some(row.key);
        *self.counts.entry((row.game, row.n)).or_default() += 1;
        (self.recount).add((row.game, row.n, row.key.0), &row.record, at)?;
        Ok(Some(row))
    }
}

/// Writes the header and then the rows of `sources`, smallest key first
/// (the lower source first among equal keys, which are refused).
fn merge_sorted(
    sources: &mut [impl Rows],
    header: &csv::StringRecord,
    seed: &mut FirstSeed,
    out: &mut dyn Write,
) -> Result<u64> {
    let mut w = csv_writer(out);
    let io = |e| MergeError::Write(std::sync::Arc::new(e));
    w.write_record(header).map_err(io)?;
    let mut heads: Vec<Option<csv::StringRecord>> = Vec::with_capacity(sources.len());
    let mut heap = BinaryHeap::with_capacity(sources.len());
    for (i, source) in sources.iter_mut().enumerate() {
        let row = source.next_row(seed)?;
        if let Some(row) = &row {
            heap.push(Reverse((row.key, i)));
        }
        heads.push(row.map(|r| r.record));
    }
    let mut last: Option<((u64, usize), usize)> = None;
    let mut written = 0u64;
    while let Some(Reverse((key, i))) = heap.pop() {
        if let Some((_, before)) = last.filter(|&(k, _)| k == key) {
            return Err(MergeError::Overlap {
                index: key.0,
                game: Game::ALL[key.1],
                first: sources[before].name().to_string(),
                second: sources[i].name().to_string(),
            }
            .into());
        }
        if let Some(record) = heads[i].take() {
            w.write_record(&record).map_err(io)?;
            written += 1;
        }
        last = Some((key, i));
        if let Some(row) = sources[i].next_row(seed)? {
            heap.push(Reverse((row.key, i)));
            heads[i] = Some(row.record);
        }
    }
    w.flush().map_err(|e| io(e.into()))?;
    Ok(written)
}

/// Joins the row files of the shards of one run, given as (name, contents),
/// into the rows of the whole run: index order, games in [`Game::ALL`]
/// order within an index. Refuses files with other columns, rows of
/// different seeds and rows present twice. The files' rows may come in any
/// order (they are sorted here, in memory); [`merge_row_streams`] merges
/// files in compare's order without holding them.
pub fn merge_rows(inputs: &[(String, Vec<u8>)]) -> Result<Vec<u8>> {
    let mut header: Option<(String, csv::StringRecord)> = None;
    let mut seed: FirstSeed = None;
    let mut sources = Vec::with_capacity(inputs.len());
    for (name, bytes) in inputs {
        let mut reader = csv::ReaderBuilder::new().from_reader(bytes.as_slice());
        let this = (reader.headers())
            .map_err(|e| MergeError::csv(name, e))?
            .clone();
        check_header(name, &this, &mut header)?;
        let mut rows = Vec::new();
        while let Some(row) = read_row(&mut reader, name, rows.len() as u64 + 2, &mut seed)? {
            rows.push(row);
        }
        rows.sort_by_key(|r| r.key);
        sources.push(Sorted {
            name: name.clone(),
            rows: rows.into_iter(),
        });
    }
    let (_, header) = header.ok_or(MergeError::NoRowFiles)?;
    let mut out = Vec::new();
    merge_sorted(&mut sources, &header, &mut seed, &mut out)?;
    Ok(out)
}

/// What [`merge_row_streams`] read from one row file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StreamedInput {
    /// Its rows per game and length (as [`row_counts`] counts them).
    pub counts: BTreeMap<(Game, usize), u64>,
    /// What its rows add up to per game and length, to be held against
    /// its summary ([`super::check_tallies`]).
    pub tallies: BTreeMap<(Game, usize), Tally>,
    /// The SHA-256 of its bytes ([`super::rows_digest`]).
    pub digest: String,
}

/// What [`merge_row_streams`] wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Streamed {
    /// Per input, in the order given.
    pub inputs: Vec<StreamedInput>,
    /// Rows written, header not counted.
    pub rows: u64,
    /// The SHA-256 of the bytes written ([`super::rows_digest`]).
    pub digest: String,
}

/// [`merge_rows`] for row files read as they are merged, given as (name,
/// reader): the rows of each must be in the order compare writes them
/// (index, then game), which is checked. Writes the merged rows to `out`
/// as they come, holding one row per input; a refusal can come after part
/// of the output is written, so `out` should be a temporary file
/// ([`coinline_output::write_checked`]). Also counts each input's rows and
/// digests its bytes and the output, for the summaries.
pub fn merge_row_streams<R: Read>(
    inputs: Vec<(String, R)>,
    out: &mut dyn Write,
) -> Result<Streamed> {
    let mut header: Option<(String, csv::StringRecord)> = None;
    let mut sources = Vec::with_capacity(inputs.len());
    for (name, input) in inputs {
        let mut reader = csv::ReaderBuilder::new()
            .buffer_capacity(1 << 16)
            .from_reader(DigestReader::new(input));
        let this = (reader.headers())
            .map_err(|e| MergeError::csv(&name, e))?
            .clone();
        check_header(&name, &this, &mut header)?;
        let recount = (Recount::new(&this))
            .ok_or_else(|| MergeError::in_file(&name, None, FileProblem::NoTallyColumns))?;
        sources.push(Stream {
            name,
            reader,
            line: 1,
            last: None,
            counts: BTreeMap::new(),
            recount,
        });
    }
    let (_, header) = header.ok_or(MergeError::NoRowFiles)?;
    let mut seed = None;
    let mut digesting = DigestWriter::new(out);
    let rows = merge_sorted(&mut sources, &header, &mut seed, &mut digesting)?;
    let inputs = sources
        .into_iter()
        .map(|s| StreamedInput {
            digest: s.reader.into_inner().digest(),
            counts: s.counts,
            tallies: s.recount.tallies,
        })
        .collect();
    Ok(Streamed {
        inputs,
        rows,
        digest: digesting.digest(),
    })
}

/// The rows of a row file per game and length (its `game` and `n`
/// columns), to be held against what its summary records. `name` labels
/// errors.
pub fn row_counts(name: &str, bytes: &[u8]) -> Result<BTreeMap<(Game, usize), u64>> {
    let mut reader = csv::ReaderBuilder::new().from_reader(bytes);
    let mut counts = BTreeMap::new();
    for (line, record) in reader.records().enumerate() {
        let record = record.map_err(|e| MergeError::csv(name, e))?;
        let at = |problem| MergeError::in_file(name, Some(line as u64 + 2), problem);
        let cell = |i| record.get(i).unwrap_or_default();
        let game: Game = cell(2).parse().map_err(|e| at(FileProblem::Cell(e)))?;
        let n: usize = (cell(3).parse()).map_err(|_| at(FileProblem::Length(cell(3).into())))?;
        *counts.entry((game, n)).or_default() += 1;
    }
    Ok(counts)
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str = "seed,index,game,n,parity,board,agree,status,outcome\n";

    fn file(name: &str, body: &str) -> (String, Vec<u8>) {
        (name.to_string(), format!("{HEAD}{body}").into_bytes())
    }

    fn merged(inputs: &[(String, Vec<u8>)]) -> String {
        String::from_utf8(merge_rows(inputs).unwrap()).unwrap()
    }

    fn refused(inputs: &[(String, Vec<u8>)]) -> String {
        merge_rows(inputs).unwrap_err().to_string()
    }

    #[test]
    fn shards_merge_in_index_then_game_order() {
        let a = file(
            "a.csv",
            "7,2,coins,2,even,1 2,true,ok,\n7,0,gameofsum,1,odd,5,true,ok,\n",
        );
        let b = file(
            "b.csv",
            "7,1,coins,1,odd,4,true,ok,\n7,0,numbergame,1,odd,5,true,ok,\n7,0,coins,1,odd,5,true,ok,\n",
        );
        let expected = format!(
            "{HEAD}7,0,coins,1,odd,5,true,ok,\n7,0,numbergame,1,odd,5,true,ok,\n\
             7,0,gameofsum,1,odd,5,true,ok,\n7,1,coins,1,odd,4,true,ok,\n7,2,coins,2,even,1 2,true,ok,\n"
        );
        assert_eq!(merged(&[a.clone(), b.clone()]), expected);
        assert_eq!(merged(&[b, a]), expected);
        // Exactly the six leading columns is a row file too.
        let bare = (
            "bare.csv".to_string(),
            b"seed,index,game,n,parity,board\n1,0,coins,1,odd,3\n".to_vec(),
        );
        assert_eq!(
            merged(&[bare]),
            "seed,index,game,n,parity,board\n1,0,coins,1,odd,3\n"
        );
    }

    #[test]
    fn inputs_of_other_runs_or_overlapping_shards_are_refused() {
        let a = file("a.csv", "7,0,coins,1,odd,5,true,ok,\n");
        assert_eq!(
            refused(&[a.clone(), file("b.csv", "8,1,coins,1,odd,5,true,ok,\n")]),
            "b.csv: line 2: seed \"8\" differs from seed \"7\" of a.csv: not shards of one run"
        );
        assert_eq!(
            refused(&[
                a.clone(),
                file(
                    "b.csv",
                    "7,1,coins,1,odd,5,true,ok,\n7,0,coins,1,odd,5,true,ok,\n"
                )
            ]),
            "index 0 (coins) appears in more than one row (in a.csv and b.csv): the inputs overlap"
        );
        let other = (
            "c.csv".to_string(),
            b"seed,index,game,n,parity,board,status\n7,1,coins,1,odd,5,ok\n".to_vec(),
        );
        assert_eq!(
            refused(&[a.clone(), other]),
            "c.csv: its columns differ from those of a.csv"
        );
        let foreign = ("d.csv".to_string(), b"a,b,c,d,e,f,g\n".to_vec());
        assert_eq!(
            refused(&[foreign]),
            "d.csv: not a compare row file (its header does not start with \
             seed,index,game,n,parity,board)"
        );
        let short = ("e.csv".to_string(), b"seed,index\n".to_vec());
        let short = merge_rows(&[short]).unwrap_err();
        assert!(
            matches!(
                short.layer::<MergeError>(),
                Some(MergeError::File {
                    problem: FileProblem::NotRows,
                    ..
                })
            ),
            "{short}"
        );
        assert_eq!(refused(&[]), "merge needs at least one row file");
    }

    fn streamed(inputs: &[(String, Vec<u8>)]) -> Result<(String, Streamed)> {
        let readers = (inputs.iter())
            .map(|(name, bytes)| (name.clone(), bytes.as_slice()))
            .collect();
        let mut out = Vec::new();
        let streamed = merge_row_streams(readers, &mut out)?;
        Ok((String::from_utf8(out).unwrap(), streamed))
    }

    #[test]
    fn streams_merge_k_ways_in_index_then_game_order() {
        // Three shards of indices 0..9 (i % 3), two games at index 4.
        let shard = |k: u64| {
            let body: String = (0..9u64)
                .filter(|i| i % 3 == k)
                .map(|i| match i {
                    4 => "7,4,coins,1,odd,4,true,ok,\n7,4,gameofsum,1,odd,4,true,ok,\n".to_string(),
                    _ => format!("7,{i},coins,1,odd,{i},true,ok,\n"),
                })
                .collect();
            file(&format!("s{k}.csv"), &body)
        };
        let inputs = [shard(2), shard(0), shard(1)];
        let (out, streamed) = streamed(&inputs).unwrap();
        let indices: Vec<&str> = out
            .lines()
            .skip(1)
            .map(|l| l.split(',').nth(1).unwrap())
            .collect();
        assert_eq!(indices, ["0", "1", "2", "3", "4", "4", "5", "6", "7", "8"]);
        assert!(out.contains("7,4,coins,1,odd,4,true,ok,\n7,4,gameofsum,1,odd,4,true,ok,\n7,5,"));
        // The same bytes as the in-memory merge, with digests of every file.
        assert_eq!(out.as_bytes(), merge_rows(&inputs).unwrap());
        assert_eq!(streamed.rows, 10);
        assert_eq!(streamed.digest, crate::compare::rows_digest(out.as_bytes()));
        assert_eq!(
            streamed.inputs[1].digest,
            crate::compare::rows_digest(&inputs[1].1)
        );
        let coins = "coins".parse::<Game>().unwrap();
        assert_eq!(streamed.inputs[0].counts, BTreeMap::from([((coins, 1), 3)]));
        assert_eq!(streamed.inputs[2].counts.values().sum::<u64>(), 4);
    }

    #[test]
    fn streams_out_of_order_or_overlapping_are_refused() {
        let unsorted = file(
            "u.csv",
            "7,2,coins,1,odd,5,true,ok,\n7,0,coins,1,odd,5,true,ok,\n",
        );
        assert_eq!(
            streamed(&[unsorted]).unwrap_err().to_string(),
            "u.csv: line 3: index 0 (coins) comes after index 2 (coins): \
             the rows are not in the order compare writes them"
        );
        let a = file(
            "a.csv",
            "7,0,coins,1,odd,5,true,ok,\n7,3,coins,1,odd,5,true,ok,\n",
        );
        let b = file(
            "b.csv",
            "7,1,coins,1,odd,5,true,ok,\n7,3,coins,1,odd,5,true,ok,\n",
        );
        assert_eq!(
            streamed(&[a.clone(), b]).unwrap_err().to_string(),
            "index 3 (coins) appears in more than one row (in a.csv and b.csv): the inputs overlap"
        );
        assert_eq!(
            streamed(&[a.clone(), a]).unwrap_err().to_string(),
            "index 0 (coins) appears in more than one row (in a.csv and a.csv): the inputs overlap"
        );
        assert_eq!(
            streamed(&[]).unwrap_err().to_string(),
            "merge needs at least one row file"
        );
    }

    #[test]
    fn a_stream_names_the_line_and_the_repeated_row() {
        // The line of a bad row counts the header: the second row is line 3.
        let bad = file(
            "b.csv",
            "7,0,coins,1,odd,5,true,ok,\n7,zero,coins,1,odd,5,true,ok,\n",
        );
        assert_eq!(
            streamed(&[bad]).unwrap_err().to_string(),
            "b.csv: line 3: index \"zero\" is not an integer"
        );
        // A row repeated within one file is an overlap, not an order error.
        let twice = file(
            "t.csv",
            "7,0,coins,1,odd,5,true,ok,\n7,0,coins,1,odd,5,true,ok,\n",
        );
        assert_eq!(
            streamed(&[twice]).unwrap_err().to_string(),
            "index 0 (coins) appears in more than one row (in t.csv and t.csv): the inputs overlap"
        );
    }

    #[test]
    fn rows_are_counted_per_game_and_length() {
        let rows = "7,0,coins,3,odd,1 2 3,true,ok,\n7,1,coins,3,odd,1 2 3,true,ok,\n\
                    7,1,numbergame,3,odd,1 2 3,true,ok,\n7,2,coins,4,even,1 2 3 4,true,ok,\n";
        let counts = row_counts("r.csv", format!("{HEAD}{rows}").as_bytes()).unwrap();
        let game = |name: &str| name.parse::<Game>().unwrap();
        let expected = BTreeMap::from([
            ((game("coins"), 3), 2),
            ((game("coins"), 4), 1),
            ((game("numbergame"), 3), 1),
        ]);
        assert_eq!(counts, expected);
        let bad = row_counts(
            "r.csv",
            format!("{HEAD}7,0,coins,x,odd,1,true,ok,\n").as_bytes(),
        );
        assert_eq!(
            bad.unwrap_err().to_string(),
            "r.csv: line 2: n \"x\" is not a length"
        );
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str = "seed,index,game,n,parity,board,agree\n";

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
            "7,2,coins,2,even,1 2,true\n7,0,gameofsum,1,odd,5,true\n",
        );
        let b = file(
            "b.csv",
            "7,1,coins,1,odd,4,true\n7,0,numbergame,1,odd,5,true\n7,0,coins,1,odd,5,true\n",
        );
        let expected = format!(
            "{HEAD}7,0,coins,1,odd,5,true\n7,0,numbergame,1,odd,5,true\n\
             7,0,gameofsum,1,odd,5,true\n7,1,coins,1,odd,4,true\n7,2,coins,2,even,1 2,true\n"
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
        let a = file("a.csv", "7,0,coins,1,odd,5,true\n");
        assert_eq!(
            refused(&[a.clone(), file("b.csv", "8,1,coins,1,odd,5,true\n")]),
            "b.csv: line 2: seed \"8\" differs from seed \"7\" of a.csv: not shards of one run"
        );
        assert_eq!(
            refused(&[
                a.clone(),
                file("b.csv", "7,1,coins,1,odd,5,true\n7,0,coins,1,odd,5,true\n")
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
        assert!(refused(&[short]).starts_with("e.csv: not a compare row file"));
        assert_eq!(refused(&[]), "merge needs at least one row file");
    }

    #[test]
    fn rows_are_counted_per_game_and_length() {
        let rows = "7,0,coins,3,odd,1 2 3,true\n7,1,coins,3,odd,1 2 3,true\n\
                    7,1,numbergame,3,odd,1 2 3,true\n7,2,coins,4,even,1 2 3 4,true\n";
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
            format!("{HEAD}7,0,coins,x,odd,1,true\n").as_bytes(),
        );
        assert_eq!(
            bad.unwrap_err().to_string(),
            "r.csv: line 2: n \"x\" is not a length"
        );
    }
}

//! The shard files of `coinline study odd-n --shard K/N`: one JSON file per
//! part, `shard-K-of-N.json`, holding the study's configuration, the part
//! and the [`Stats`] of every enumerated and random group over the part's
//! boards. `--merge` reads the files of all parts, checks that they are
//! the parts of one study, and merges them ([`super::Part::merge`]) into
//! the report of the whole run, byte for byte.

use super::exact::ExactGroup;
use super::sampled::SampledGroup;
use super::stats::Stats;
use super::{Config, Part};
use coinline_core::error::{Error, Result};
use coinline_core::generate::{enumeration_size, Shard};
use serde::{Deserialize, Serialize};

/// What marks a shard file, and its version.
const FORMAT: &str = "coinline study odd-n shard";
const VERSION: u32 = 1;

/// The name of part `shard`'s file: `shard-K-of-N.json`.
pub fn file_name(shard: Shard) -> String {
    format!("shard-{}-of-{}.json", shard.part(), shard.count())
}

/// Whether `name` is named like a shard file (`shard-*-of-*.json`).
pub fn is_file_name(name: &str) -> bool {
    name.starts_with("shard-") && name.ends_with(".json") && name.contains("-of-")
}

/// A shard file. The configuration is written out field by field, lists
/// of alphabets and distributions as their option text.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    format: String,
    version: u32,
    shard: String,
    max_n: usize,
    alphabets: Vec<String>,
    sizes: Vec<usize>,
    values: Vec<String>,
    boards: u64,
    seed: u64,
    exact: Vec<Stats>,
    sampled: Vec<Stats>,
}

/// The shard file of part `shard` of the study `config`, whose groups over
/// the part's boards are `part`.
pub fn to_json(config: &Config, shard: Shard, part: &Part) -> Result<String> {
    let file = File {
        format: FORMAT.to_string(),
        version: VERSION,
        shard: shard.to_string(),
        max_n: config.max_n,
        alphabets: config.alphabets.iter().map(|a| a.to_string()).collect(),
        sizes: config.sizes.clone(),
        values: config.values.iter().map(|v| v.to_string()).collect(),
        boards: config.boards,
        seed: config.seed,
        exact: part.exact.iter().map(|g| g.stats.clone()).collect(),
        sampled: part.sampled.iter().map(|g| g.stats.clone()).collect(),
    };
    let mut text = serde_json::to_string(&file)
        .map_err(|e| Error::internal(format!("cannot write the shard file: {e}")))?;
    text.push('\n');
    Ok(text)
}

/// A shard file read back.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The study's configuration.
    pub config: Config,
    /// Which part.
    pub shard: Shard,
    /// The part's groups.
    pub part: Part,
}

/// Reads the shard file `name` (for messages) from `text`. Refuses what
/// [`to_json`] cannot have written: another format, an invalid
/// configuration, groups that are not the configuration's, or counts that
/// do not fit the part's boards.
pub fn from_json(name: &str, text: &str) -> Result<Loaded> {
    let bad = |what: String| Error::format(format!("{name}: {what}"));
    let file: File =
        serde_json::from_str(text).map_err(|e| bad(format!("not a study shard file ({e})")))?;
    if file.format != FORMAT || file.version != VERSION {
        return Err(bad(format!(
            "not a study shard file of version {VERSION} (format {:?}, version {})",
            file.format, file.version
        )));
    }
    let shard: Shard = file.shard.parse().map_err(|e| bad(format!("{e}")))?;
    let parsed = |list: &[String]| -> Result<Vec<_>> {
        list.iter()
            .map(|t| t.parse().map_err(|e| bad(format!("{e}"))))
            .collect()
    };
    let config = Config {
        max_n: file.max_n,
        alphabets: parsed(&file.alphabets)?,
        sizes: file.sizes,
        values: (file.values.iter())
            .map(|t| t.parse().map_err(|e| bad(format!("{e}"))))
            .collect::<Result<_>>()?,
        boards: file.boards,
        seed: file.seed,
    };
    config.validate().map_err(|e| bad(format!("{e}")))?;
    let keys: Vec<_> = (config.alphabets.iter())
        .flat_map(|&a| (1..=config.max_n).map(move |n| (n, a)))
        .collect();
    let randoms: Vec<_> = (config.sizes.iter())
        .flat_map(|&n| config.values.iter().map(move |&v| (n, v)))
        .collect();
    if keys.len() != file.exact.len() || randoms.len() != file.sampled.len() {
        return Err(bad(format!(
            "holds {} enumerated and {} random groups, but its configuration has {} and {}",
            file.exact.len(),
            file.sampled.len(),
            keys.len(),
            randoms.len()
        )));
    }
    let mut exact = Vec::with_capacity(keys.len());
    for (&(n, alphabet), stats) in keys.iter().zip(file.exact) {
        let total = enumeration_size(n, alphabet).unwrap_or(u64::MAX);
        let group = format!("n = {n}, alphabet {alphabet}");
        check_counts(&stats, shard.size(total)).map_err(|e| bad(format!("{group}: {e}")))?;
        exact.push(ExactGroup { n, alphabet, stats });
    }
    let mut sampled = Vec::with_capacity(randoms.len());
    for (&(n, values), stats) in randoms.iter().zip(file.sampled) {
        let group = format!("n = {n}, values {values}");
        check_counts(&stats, shard.size(config.boards))
            .map_err(|e| bad(format!("{group}: {e}")))?;
        let seed = config.seed;
        sampled.push(SampledGroup {
            n,
            values,
            seed,
            stats,
        });
    }
    Ok(Loaded {
        config,
        shard,
        part: Part {
            exact,
            sampled,
            elapsed: Vec::new(),
        },
    })
}

/// Refuses stats that do not describe `boards` boards: a different board
/// count, or a count above it.
fn check_counts(stats: &Stats, boards: u64) -> std::result::Result<(), String> {
    let t = &stats.tally;
    if t.boards != boards {
        return Err(format!("{} boards where the part has {boards}", t.boards));
    }
    let mut counts = vec![
        t.agreed,
        t.wins,
        t.ties,
        t.losses,
        stats.bound.checked,
        stats.bound.held,
        stats.bound.tight,
    ];
    for (_, h) in &t.heuristics {
        counts.extend([h.boards, h.optimal, h.turned_into_loss, h.losses]);
    }
    if counts.iter().any(|&c| c > boards)
        || t.wins.saturating_add(t.ties).saturating_add(t.losses) > boards
    {
        return Err(format!("a count exceeds its {boards} boards"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::{run_part, Bars};

    fn small() -> Config {
        Config {
            max_n: 3,
            alphabets: vec!["0..2".parse().unwrap()],
            sizes: vec![11, 12],
            values: vec!["-2..2".parse().unwrap()],
            boards: 7,
            seed: 5,
        }
    }

    #[test]
    fn parts_written_and_read_back_merge_into_the_whole() {
        let config = small();
        let whole = run_part(&config, Shard::WHOLE, &Bars::hidden());
        let mut merged: Option<Part> = None;
        for k in 1..=3 {
            let shard = Shard::new(k, 3).unwrap();
            let part = run_part(&config, shard, &Bars::hidden());
            let text = to_json(&config, shard, &part).unwrap();
            let loaded = from_json("s.json", &text).unwrap();
            assert_eq!(
                (loaded.config.clone(), loaded.shard),
                (config.clone(), shard)
            );
            match &mut merged {
                Some(m) => m.merge(loaded.part).unwrap(),
                None => merged = Some(loaded.part),
            }
        }
        let merged = merged.unwrap();
        let stats = |p: &Part| -> Vec<Stats> {
            (p.exact.iter().map(|g| g.stats.clone()))
                .chain(p.sampled.iter().map(|g| g.stats.clone()))
                .collect()
        };
        assert_eq!(stats(&merged), stats(&whole));
        assert!(stats(&whole).iter().all(|s| s.tally.boards > 0));
    }

    #[test]
    fn damaged_or_foreign_files_are_refused() {
        let config = small();
        let shard = Shard::new(2, 3).unwrap();
        let part = run_part(&config, shard, &Bars::hidden());
        let text = to_json(&config, shard, &part).unwrap();
        let refused = |t: &str| from_json("s.json", t).unwrap_err().to_string();
        assert!(refused("{}").starts_with("s.json: not a study shard file"));
        assert!(refused("hello").starts_with("s.json: not a study shard file"));
        // The part's boards of a group: 7 boards, indices 1 and 4 in 2/3.
        let other = text.replacen("\"shard\":\"2/3\"", "\"shard\":\"1/3\"", 1);
        assert!(
            refused(&other).contains("2 boards where the part has 3"),
            "{}",
            refused(&other)
        );
        let fewer = text.replacen("\"max_n\":3", "\"max_n\":2", 1);
        assert!(refused(&fewer).contains("holds 3 enumerated and 2 random groups"));
        let bad_board = text.replacen("\"worst\":[", "\"worst\":[\"x\",", 1);
        assert!(refused(&bad_board).starts_with("s.json: not a study shard file"));
    }
}

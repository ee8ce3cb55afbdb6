//! A study file (TOML) and the query it states: rule sets x a board source
//! x tables, each table one measure aggregated over groups of boards. The
//! leaf of the engine: every other file of it reads these types.

use crate::{AggregateMismatch as Why, FitProblem, FormulaProblem, StudyError};
use coinline_core::error::{Error, Result};
use coinline_core::generate::{Span, Values};
use coinline_core::play::Game;
use serde::Deserialize;

pub use super::fit::FitSpec;
pub use super::plot::Plot;
pub(crate) use super::quantity::check_name;
pub use super::quantity::{heuristic, holds, Cmp, Measure, Ratio};
pub use super::source::{Named, Source, Symmetry};

/// The file as written (a missing key is its default: the checks below
/// refuse an empty name, list of rule sets or of sources).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct StudyFile {
    name: String,
    title: Option<String>,
    games: Vec<String>,
    #[serde(deserialize_with = "coinline_spec::one_or_many")]
    source: Vec<SourceFile>,
    table: Vec<TableFile>,
    check: Option<CheckFile>,
    per_game: bool,
    fit: Vec<FitSpec>,
    plot: Vec<Plot>,
}

/// A source as written: a key of another kind is refused (not by unit variants).
#[derive(Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
enum SourceFile {
    Enumerate {
        name: Option<String>,
        n: String,
        alphabet: String,
        symmetry: Option<bool>,
    },
    Random {
        name: Option<String>,
        n: String,
        values: String,
        boards: Option<u64>,
        seed: Option<u64>,
        sample: Option<super::sample::Sample>,
    },
    Search {
        name: Option<String>,
        n: String,
        alphabet: String,
        objective: String,
        goal: Option<String>,
        restarts: Option<u64>,
        budget: Option<u64>,
        seed: Option<u64>,
    },
    Formula {
        name: Option<String>,
        formula: String,
        k: Option<String>,
    },
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TableFile {
    name: String,
    measure: Option<String>,
    measures: Option<Vec<String>>,
    aggregate: Aggregate,
    group: Option<String>,
    witnesses: Option<usize>,
    floor: Option<String>,
    holds: Option<String>,
    games: Option<Vec<String>>,
    certify: Option<bool>,
    sources: Option<Vec<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckFile {
    every: Option<std::num::NonZeroU64>,
}

/// How a table groups boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// One group.
    All,
    /// By length.
    N,
    /// By n modulo a number (2 is the parity).
    Residue(usize),
}

impl Group {
    /// The group of a board of `n` values: its sort key.
    pub fn key(self, n: usize) -> u64 {
        match self {
            Group::All => 0,
            Group::N => n as u64,
            Group::Residue(m) => (n % m) as u64,
        }
    }

    /// The label of the group of key `key`.
    pub fn label(self, key: u64) -> String {
        match self {
            Group::All => "all".to_string(),
            Group::N => key.to_string(),
            Group::Residue(2) => if key == 0 { "even" } else { "odd" }.to_string(),
            Group::Residue(m) => format!("{key} mod {m}"),
        }
    }
}

/// How a table aggregates its measure (named in lower case in a file).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Aggregate {
    /// The smallest value, with the boards attaining it.
    Min,
    /// The largest value, with the boards attaining it.
    Max,
    /// How often a yes-or-no measure holds, with a 95% Wilson interval.
    Rate,
    /// The first board (shortest, then in canonical order) where it holds.
    Smallest,
    /// The mean of a whole-number measure, kept as an exact sum.
    Mean,
}

/// One table of the study.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// Its name: the CSV file is NAME.csv.
    pub name: String,
    /// What is measured: one measure, or several side by side (rate and
    /// mean), each over the same groups.
    pub measures: Vec<Measure>,
    /// A number measure turned into a yes or no: it holds when it
    /// compares so with the number.
    pub holds: Option<(Cmp, Ratio)>,
    /// How.
    pub aggregate: Aggregate,
    /// Over which groups.
    pub group: Group,
    /// Whether the groups are also split by source.
    pub by_source: bool,
    /// The rule sets the table covers (`None`: every one of the study).
    pub games: Option<Vec<Game>>,
    /// At most this many witness boards per group (min and max).
    pub witnesses: usize,
    /// A value below this is a failure (a bound the literature proves).
    pub floor: Option<Ratio>,
    /// Whether each witness gets a certificate (min and max tables).
    pub certify: bool,
    /// The sources the table covers, by name (`None`: every one).
    pub sources: Option<Vec<String>>,
}

impl Table {
    /// Whether the table covers `game`.
    pub fn covers(&self, game: Game) -> bool {
        self.games.as_ref().is_none_or(|g| g.contains(&game))
    }

    /// Whether the table covers the source labelled `label`.
    pub fn reads(&self, label: &str) -> bool {
        (self.sources.as_ref()).is_none_or(|s| s.iter().any(|l| l == label))
    }

    /// Whether the table keeps witnesses (min, max and smallest do).
    pub fn has_witnesses(&self) -> bool {
        !matches!(self.aggregate, Aggregate::Rate | Aggregate::Mean)
    }

    /// The CSV files the table writes: its own, then its witnesses' and
    /// certificates' if it has them.
    pub fn files(&self) -> Vec<String> {
        let name = &self.name;
        let mut files = vec![name.clone()];
        files.extend(self.has_witnesses().then(|| format!("{name}-witnesses")));
        files.extend(self.certify.then(|| format!("{name}-certificates")));
        files
    }
}

/// A study: what a study file says, validated.
#[derive(Clone, Debug, PartialEq)]
pub struct Query {
    /// Its name.
    pub name: String,
    /// Its title.
    pub title: String,
    /// The rule sets, in the order given.
    pub games: Vec<Game>,
    /// The boards, from each source in turn.
    pub sources: Vec<Named>,
    /// Whether each rule set's rows go to a folder of their own.
    pub per_game: bool,
    /// The tables.
    pub tables: Vec<Table>,
    /// The `[[fit]]`s, rendered after the tables.
    pub fits: Vec<FitSpec>,
    /// Every `check_every`-th board of each length (from the first) goes
    /// through the full check.
    pub check_every: u64,
    /// The SVG plots drawn from the tables.
    pub plots: Vec<Plot>,
}

/// The default number of witnesses a table keeps per group.
pub const DEFAULT_WITNESSES: usize = 20;

/// The longest enumeration: so many boards per length at most.
pub const MAX_ENUMERATED: u64 = 1 << 36;

/// The longest board of a study.
pub const MAX_N: usize = 1 << 20;

/// The largest |value| of an enumerated or searched board: n * 2^40 fits
/// i64 with room.
pub const MAX_VALUE: u64 = 1 << 40;

impl Query {
    /// Parses a study file; `what` names it in errors.
    pub fn parse(text: &str, what: &str) -> Result<Query> {
        let file = coinline_spec::read_toml(text).map_err(Error::layer_of);
        (file.and_then(Query::from_file)).map_err(|e| e.within(what.to_string()))
    }

    fn from_file(file: StudyFile) -> Result<Query> {
        // The name is the default output folder: one plain name, no path.
        check_name("study", &file.name).map_err(|e| e.within("name"))?;
        if file.games.is_empty() {
            return Err(StudyError::NoGames.into());
        }
        let games: Vec<Game> = parsed(&file.games)?;
        if file.source.is_empty() {
            return Err(StudyError::NoSection { section: "source" }.into());
        }
        let sources: Vec<Named> = file.source.iter().map(named).collect::<Result<_>>()?;
        if let Some(name) = repeated(sources.iter().map(|s| &s.label)).cloned() {
            return Err(StudyError::SameSourceName { name }.into());
        }
        if file.table.is_empty() {
            return Err(StudyError::NoSection { section: "table" }.into());
        }
        let tables = (file.table.iter())
            .map(|t| table(t, &games, &sources))
            .collect::<Result<Vec<_>>>()?;
        if let Some(name) = repeated(tables.iter().map(|t| &t.name)).cloned() {
            let what = "tables";
            return Err(StudyError::SameName { what, name }.into());
        }
        let check_every = file.check.and_then(|c| c.every).map_or(1000, |e| e.get());
        let fits = (file.fit.into_iter().map(FitSpec::checked)).collect::<Result<Vec<_>>>()?;
        let made = check_references(&tables, &fits, &sources)?;
        let plots =
            (file.plot.into_iter().map(|p| p.checked(&made))).collect::<Result<Vec<_>>>()?;
        if let Some(name) = repeated(plots.iter().map(|p| &p.name)).cloned() {
            let what = "plots";
            return Err(StudyError::SameName { what, name }.into());
        }
        Ok(Query {
            plots,
            title: file.title.unwrap_or_else(|| file.name.clone()),
            name: file.name,
            games,
            sources,
            per_game: file.per_game,
            fits,
            tables,
            check_every,
        })
    }

    /// The same study over other rule sets (a built-in study run for the
    /// rule sets given on the command line): a table naming rule sets
    /// covers those of them that remain.
    pub fn with_games(mut self, games: Vec<Game>) -> Result<Query> {
        for table in &self.tables {
            defined(table, &games).map_err(|e| e.within(format!("study {}", self.name)))?;
        }
        self.games = games;
        Ok(self)
    }

    /// The longest board of every source.
    pub fn longest(&self) -> usize {
        let longest = self.sources.iter().filter_map(|s| s.n.last());
        longest.max().copied().unwrap_or(1)
    }
}

/// Refuses a table with a measure not defined for a rule set it covers.
fn defined(table: &Table, games: &[Game]) -> Result<()> {
    for &game in games.iter().filter(|&&g| table.covers(g)) {
        if let Some(m) = table.measures.iter().find(|m| !m.defined_for(game)) {
            let (table, measure) = (table.name.clone(), m.to_string());
            return Err(StudyError::Undefined {
                table,
                measure,
                game,
            }
            .into());
        }
    }
    Ok(())
}

/// Refuses a fit or a sample's `until` naming no rate table, and two
/// outputs of one name; the outputs, as [`table_files`] names them.
fn check_references(tables: &[Table], fits: &[FitSpec], sources: &[Named]) -> Result<Vec<String>> {
    let is_rate =
        |name: &str| (tables.iter()).any(|t| t.name == name && t.aggregate == Aggregate::Rate);
    if let Some(f) = fits.iter().find(|f| !is_rate(&f.table)) {
        let (fit, table) = (f.name.clone(), f.table.clone());
        let why = FitProblem::NoRateTable { table };
        return Err(StudyError::Fit { fit, why }.into());
    }
    let untils = (sources.iter()).filter_map(|s| match &s.source {
        Source::Random { sample, .. } => sample.as_ref()?.until.as_deref(),
        _ => None,
    });
    if let Some(name) = untils.into_iter().find(|u| !is_rate(u)) {
        return Err(StudyError::UntilNoRateTable { table: name.into() }.into());
    }
    let made = table_files(tables, fits);
    if let Some(name) = repeated(&made).cloned() {
        return Err(StudyError::SameOutput { name }.into());
    }
    Ok(made)
}

/// The first of `names` that comes again.
fn repeated<'a>(names: impl IntoIterator<Item = &'a String>) -> Option<&'a String> {
    let mut seen = std::collections::HashSet::new();
    names.into_iter().find(|&name| !seen.insert(name))
}

/// Each text parsed.
fn parsed<T: std::str::FromStr<Err = Error>>(texts: &[String]) -> Result<Vec<T>> {
    texts.iter().map(|t| t.parse()).collect()
}

/// The names of the CSV tables a run writes, in the order it writes them:
/// each table's (and its witnesses' and certificates'), the fits', then
/// `sources` and `checks`.
pub(crate) fn table_files(tables: &[Table], fits: &[FitSpec]) -> Vec<String> {
    let mut made: Vec<String> = tables.iter().flat_map(Table::files).collect();
    made.extend(fits.iter().map(|f| f.name.clone()));
    made.extend(["sources".to_string(), "checks".to_string()]);
    made
}

/// Lengths such as `1..8` or `11..16,49,50`: increasing, each once.
pub(crate) fn lengths(text: &str) -> Result<Vec<usize>> {
    let mut n = Vec::new();
    for part in text.split(',') {
        let span: Span<usize> = part.trim().parse()?;
        if span.hi > MAX_N {
            return Err(StudyError::TooLong { n: span.hi }.into());
        }
        n.extend(span.lo..=span.hi);
    }
    n.sort_unstable();
    n.dedup();
    match n.first() {
        Some(0) | None => Err(StudyError::LengthZero.into()),
        _ => Ok(n),
    }
}

/// A source with its label: its name, else its distribution, formula or
/// alphabet.
fn named(s: &SourceFile) -> Result<Named> {
    let alphabet = |text: &str| -> Result<Span<i64>> {
        let a: Span<i64> = text.parse()?;
        // Every sum of every board stays far within i64 (the engine sums
        // enumerated boards without building them).
        if a.lo.unsigned_abs().max(a.hi.unsigned_abs()) > MAX_VALUE {
            return Err(StudyError::AlphabetValues.into());
        }
        if a.hi - a.lo > 255 {
            return Err(StudyError::AlphabetTooLarge.into());
        }
        Ok(a)
    };
    let (name, label, n, source) = match s {
        SourceFile::Formula { name, formula, k } => {
            let k = lengths(k.as_deref().unwrap_or("1..4"))?;
            let (n, boards) = super::formula::family(formula, k)?;
            if (boards.iter().flat_map(|(_, b)| b)).any(|v| v.unsigned_abs() > MAX_VALUE) {
                let (text, why) = (formula.clone(), FormulaProblem::Values);
                return Err(StudyError::Formula { text, why }.into());
            }
            (name, formula.clone(), n, Source::Formula { boards })
        }
        SourceFile::Enumerate {
            name,
            n,
            alphabet: text,
            symmetry,
        } => {
            let (n, alphabet) = (lengths(n)?, alphabet(text)?);
            let (k, longest) = ((alphabet.hi - alphabet.lo + 1) as u64, n[n.len() - 1]);
            if (k.checked_pow(longest as u32)).is_none_or(|t| t > MAX_ENUMERATED) {
                return Err(StudyError::TooManyBoards { k, longest }.into());
            }
            let symmetry = symmetry.unwrap_or(true);
            let enumerate = Source::Enumerate { alphabet, symmetry };
            (name, text.clone(), n, enumerate)
        }
        SourceFile::Random {
            name,
            n,
            values,
            boards,
            seed,
            sample,
        } => {
            let (n, values): (_, Values) = (lengths(n)?, values.parse()?);
            let random = Source::Random {
                values,
                boards: boards.unwrap_or(1000),
                seed: seed.unwrap_or(0),
                sample: sample.clone(),
            };
            (name, values.to_string(), n, random)
        }
        SourceFile::Search {
            name,
            n,
            alphabet: text,
            objective,
            goal,
            restarts,
            budget,
            seed,
        } => {
            let (n, objective): (_, Measure) = (lengths(n)?, objective.parse()?);
            if objective.is_bool() {
                return Err(StudyError::ObjectiveNotNumber.into());
            }
            let minimise = match goal.as_deref().unwrap_or("min") {
                "min" => true,
                "max" => false,
                other => return Err(StudyError::BadGoal { goal: other.into() }.into()),
            };
            let search = Source::Search {
                alphabet: alphabet(text)?,
                restarts: restarts.unwrap_or(8),
                budget: budget.unwrap_or(10_000).max(1),
                objective,
                minimise,
                seed: seed.unwrap_or(0),
            };
            (name, text.clone(), n, search)
        }
    };
    let label = name.clone().unwrap_or(label);
    Ok(Named { label, n, source })
}

/// `group = "n"`, `"parity"`, `"mod K"`, `"all"`, each optionally after
/// `source` (`"source n"`; `"source"` alone is by source only).
fn group(t: &TableFile) -> Result<(Group, bool)> {
    let text = t.group.as_deref().unwrap_or("n").trim();
    let (by_source, rest) =
        (text.strip_prefix("source")).map_or((false, text), |r| (true, r.trim()));
    let modulo = (rest.strip_prefix("mod ")).and_then(|m| m.trim().parse::<usize>().ok());
    let group = match (rest, modulo) {
        ("", _) if by_source => Group::All,
        ("all", _) => Group::All,
        ("n", _) => Group::N,
        ("parity", _) => Group::Residue(2),
        (_, Some(m)) if m >= 2 => Group::Residue(m),
        _ => {
            let (table, group) = (t.name.clone(), text.to_string());
            return Err(StudyError::BadGroup { table, group }.into());
        }
    };
    Ok((group, by_source))
}

/// The table of `t`, refused if it names a source or a rule set the study
/// does not have, or a measure one of them does not define.
fn table(t: &TableFile, games: &[Game], sources: &[Named]) -> Result<Table> {
    let named: Vec<String> = (t.measure.iter().chain(t.measures.iter().flatten()))
        .cloned()
        .collect();
    if named.is_empty() {
        let table = t.name.clone();
        return Err(StudyError::NoMeasure { table }.into());
    }
    let measures: Vec<Measure> = parsed(&named)?;
    let aggregate = t.aggregate;
    let holds = t.holds.as_deref().map(holds).transpose()?;
    let is_bool = holds.is_some() || measures.iter().all(|m| m.is_bool());
    let mixed = holds.is_none() && measures.iter().any(|m| m.is_bool() != is_bool);
    let several = measures.len() > 1;
    let one_number = holds.is_none() || (!several && !measures[0].is_bool());
    let integers = measures.iter().all(|m| m.is_integer());
    let mean = aggregate == Aggregate::Mean;
    let yes_no = matches!(aggregate, Aggregate::Rate | Aggregate::Smallest);
    let tally = matches!(aggregate, Aggregate::Rate | Aggregate::Mean);
    let extreme = matches!(aggregate, Aggregate::Min | Aggregate::Max);
    // The first reason that applies.
    let why = [
        (mixed || !one_number, Why::Mixed),
        (yes_no != is_bool && !mean, Why::Kind),
        (mean && holds.is_some(), Why::MeanOfHolds),
        (mean && !integers, Why::MeanOfFractions),
        (several && !tally, Why::Several),
        (t.certify == Some(true) && !extreme, Why::Certify),
    ];
    if let Some(&(_, why)) = why.iter().find(|(applies, _)| *applies) {
        let (table, measures) = (t.name.clone(), named.clone());
        return Err(StudyError::BadAggregate {
            table,
            aggregate,
            measures,
            why,
        }
        .into());
    }
    check_name("table", &t.name)?;
    let (group, by_source) = group(t)?;
    let table = Table {
        name: t.name.clone(),
        measures,
        holds,
        aggregate,
        group,
        by_source,
        games: t.games.as_deref().map(parsed).transpose()?,
        witnesses: t.witnesses.unwrap_or(DEFAULT_WITNESSES),
        floor: t.floor.as_deref().map(str::parse).transpose()?,
        certify: t.certify.unwrap_or(false),
        sources: t.sources.clone(),
    };
    let unknown = |n: &&String| sources.iter().all(|s| s.label != **n);
    if let Some(name) = table.sources.iter().flatten().find(unknown).cloned() {
        return Err(StudyError::NoSource { name }.into());
    }
    defined(&table, games)?;
    if let Some(g) = table.games.iter().flatten().find(|g| !games.contains(g)) {
        let (table, game) = (table.name.clone(), *g);
        return Err(StudyError::NotStudyGame { table, game }.into());
    }
    Ok(table)
}

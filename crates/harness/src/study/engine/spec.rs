//! A study file (TOML) and the query it states: rule sets x a board source
//! x tables, each table one measure aggregated over groups of boards. The
//! leaf of the engine: every other file of it reads these types.

use coinline_core::error::{quote, Error, Result};
use coinline_core::generate::{Span, Values};
use coinline_core::play::Game;
use coinline_core::strategy::{heuristic_by_name, Heuristic};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::fmt;

/// The file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct StudyFile {
    name: String,
    title: Option<String>,
    games: Vec<String>,
    source: SourceFile,
    #[serde(default)]
    table: Vec<TableFile>,
    check: Option<CheckFile>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SourceFile {
    kind: String,
    n: String,
    alphabet: Option<String>,
    values: Option<String>,
    symmetry: Option<bool>,
    seed: Option<u64>,
    boards: Option<u64>,
    restarts: Option<u64>,
    budget: Option<u64>,
    objective: Option<String>,
    goal: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TableFile {
    name: String,
    measure: String,
    aggregate: String,
    group: Option<String>,
    witnesses: Option<usize>,
    floor: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckFile {
    every: Option<u64>,
}

/// Where the boards come from.
#[derive(Clone, Debug, PartialEq)]
pub enum Source {
    /// Every board of each length over `alphabet`, one per symmetry class
    /// when `symmetry` (the rule set's: see [`Symmetry::of`]).
    Enumerate {
        /// The lengths.
        n: Span<usize>,
        /// The values.
        alphabet: Span<i64>,
        /// Whether to enumerate symmetry classes rather than boards.
        symmetry: bool,
    },
    /// `boards` random boards of each length, board i of length n keyed
    /// by (seed, n, i), values from the existing distributions.
    Random {
        /// The lengths.
        n: Span<usize>,
        /// The distribution.
        values: Values,
        /// Boards per length.
        boards: u64,
        /// The seed.
        seed: u64,
    },
    /// Local search: `restarts` seeded walks per length, each of `budget`
    /// evaluations, moving to boards that change one or two values; the
    /// source yields each walk's best board.
    Search {
        /// The lengths.
        n: Span<usize>,
        /// The values.
        alphabet: Span<i64>,
        /// Walks per length.
        restarts: u64,
        /// Evaluations per walk.
        budget: u64,
        /// The measure the walk optimises.
        objective: Measure,
        /// Whether it seeks the minimum.
        minimise: bool,
        /// The seed.
        seed: u64,
    },
}

impl Source {
    /// The lengths of the source.
    pub fn lengths(&self) -> Span<usize> {
        match self {
            Source::Enumerate { n, .. } | Source::Random { n, .. } | Source::Search { n, .. } => *n,
        }
    }
}

/// The symmetries used to enumerate one representative per class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Symmetry {
    /// Every board.
    None,
    /// A board and its reversal (a row whose rules treat both ends alike).
    Reversal,
    /// The rotations of a circle.
    Rotation,
    /// The rotations and the reflection of a circle.
    Dihedral,
}

impl Symmetry {
    /// The symmetries of `game` that keep its value.
    pub fn of(game: Game, wanted: bool) -> Symmetry {
        match (wanted, game.circle, game.is_symmetric()) {
            (false, _, _) => Symmetry::None,
            (true, true, true) => Symmetry::Dihedral,
            (true, true, false) => Symmetry::Rotation,
            (true, false, true) => Symmetry::Reversal,
            (true, false, false) => Symmetry::None,
        }
    }

    /// A short name for the tables.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Reversal => "reversal",
            Symmetry::Rotation => "rotations",
            Symmetry::Dihedral => "rotations+reflection",
        }
    }
}

/// What is measured on one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Measure {
    /// The first player's total minus the second's.
    Value,
    /// The first player's total.
    First,
    /// The second player's total.
    Second,
    /// The first player's total over the board's sum (boards of positive sum).
    Share,
    /// The value over the board's sum of absolute values: defined for every
    /// rule set (boards not all zero), so extremes compare across games.
    ValueShare,
    /// The first player wins, ties, loses.
    Win,
    /// See [`Measure::Win`].
    Tie,
    /// See [`Measure::Win`].
    Loss,
    /// A heuristic's value against a best-responding opponent.
    Result(usize),
    /// The optimal value minus the heuristic's.
    Regret(usize),
    /// The regret over the board's sum of absolute values.
    RegretShare(usize),
    /// Whether the heuristic's regret is 0.
    Optimal(usize),
}

/// The heuristics a measure may name, by index.
pub fn heuristic(index: usize) -> &'static dyn Heuristic {
    coinline_core::strategy::heuristics()[index]
}

impl Measure {
    /// Whether the measure is a yes or no (rates and smallest boards).
    pub fn is_bool(self) -> bool {
        matches!(
            self,
            Measure::Win | Measure::Tie | Measure::Loss | Measure::Optimal(_)
        )
    }

    /// The heuristic the measure needs, if any.
    pub fn heuristic(self) -> Option<usize> {
        match self {
            Measure::Result(h)
            | Measure::Regret(h)
            | Measure::RegretShare(h)
            | Measure::Optimal(h) => Some(h),
            _ => None,
        }
    }

    /// Whether `game` defines the measure (totals and shares need a game
    /// that scores every value).
    pub fn defined_for(self, game: Game) -> bool {
        !matches!(self, Measure::First | Measure::Second | Measure::Share)
            || game.scores_everything()
    }
}

impl std::str::FromStr for Measure {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        let plain = match s {
            "value" => Some(Measure::Value),
            "first" => Some(Measure::First),
            "second" => Some(Measure::Second),
            "share" => Some(Measure::Share),
            "value_share" => Some(Measure::ValueShare),
            "win" => Some(Measure::Win),
            "tie" => Some(Measure::Tie),
            "loss" => Some(Measure::Loss),
            _ => None,
        };
        if let Some(m) = plain {
            return Ok(m);
        }
        let bad = || {
            Error::usage(format!(
                "unknown measure {}: expected value, value_share, first, second, share, win, tie, loss, or HEURISTIC.result, .regret, .regret_share, .optimal",
                quote(s)
            ))
        };
        let (name, what) = s.split_once('.').ok_or_else(bad)?;
        let found = heuristic_by_name(name)?;
        let index = coinline_core::strategy::heuristics()
            .iter()
            .position(|h| h.name() == found.name())
            .ok_or_else(bad)?;
        match what {
            "result" => Ok(Measure::Result(index)),
            "regret" => Ok(Measure::Regret(index)),
            "regret_share" => Ok(Measure::RegretShare(index)),
            "optimal" => Ok(Measure::Optimal(index)),
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for Measure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Measure::Value => f.write_str("value"),
            Measure::First => f.write_str("first"),
            Measure::Second => f.write_str("second"),
            Measure::Share => f.write_str("share"),
            Measure::ValueShare => f.write_str("value_share"),
            Measure::Win => f.write_str("win"),
            Measure::Tie => f.write_str("tie"),
            Measure::Loss => f.write_str("loss"),
            Measure::Result(h) => write!(f, "{}.result", heuristic(h).name()),
            Measure::Regret(h) => write!(f, "{}.regret", heuristic(h).name()),
            Measure::RegretShare(h) => write!(f, "{}.regret_share", heuristic(h).name()),
            Measure::Optimal(h) => write!(f, "{}.optimal", heuristic(h).name()),
        }
    }
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

/// How a table aggregates its measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aggregate {
    /// The smallest value, with the boards attaining it.
    Min,
    /// The largest value, with the boards attaining it.
    Max,
    /// How often a yes-or-no measure holds, with a 95% Wilson interval.
    Rate,
    /// The first board (shortest, then in canonical order) where it holds.
    Smallest,
}

/// An exact fraction, `num / den` with `den > 0`, not necessarily
/// reduced: equality and order are those of the numbers, and it is shown
/// reduced.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
pub struct Ratio {
    /// Numerator.
    pub num: i128,
    /// Denominator, positive.
    pub den: i128,
}

impl Ratio {
    /// `num / den`, reduced; `None` unless `den > 0`.
    pub fn new(num: i128, den: i128) -> Option<Ratio> {
        if den <= 0 {
            return None;
        }
        let g = gcd(num.unsigned_abs(), den.unsigned_abs()).max(1) as i128;
        Some(Ratio {
            num: num / g,
            den: den / g,
        })
    }

    /// `num / den` as it stands (no gcd on the hot path); `None` unless
    /// `den > 0`.
    pub fn unreduced(num: i128, den: i128) -> Option<Ratio> {
        (den > 0).then_some(Ratio { num, den })
    }

    /// This fraction in lowest terms.
    pub fn reduced(self) -> Ratio {
        Ratio::new(self.num, self.den).unwrap_or(self)
    }

    /// A whole number.
    pub fn int(v: i64) -> Ratio {
        Ratio {
            num: i128::from(v),
            den: 1,
        }
    }

    /// The decimal value, for reading.
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl PartialEq for Ratio {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Ratio {}

impl Ord for Ratio {
    fn cmp(&self, other: &Self) -> Ordering {
        // Denominators are at most a board's absolute sum, so the products fit.
        (self.num * other.den).cmp(&(other.num * self.den))
    }
}

impl PartialOrd for Ratio {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Ratio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = self.reduced();
        if r.den == 1 {
            write!(f, "{}", r.num)
        } else {
            write!(f, "{}/{}", r.num, r.den)
        }
    }
}

impl std::str::FromStr for Ratio {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        let bad = || Error::usage(format!("{} is not a number or a fraction A/B", quote(s)));
        let (a, b) = s.split_once('/').unwrap_or((s, "1"));
        let a: i128 = a.trim().parse().map_err(|_| bad())?;
        let b: i128 = b.trim().parse().map_err(|_| bad())?;
        Ratio::new(a, b).ok_or_else(bad)
    }
}

/// One table of the study.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// Its name: the CSV file is NAME.csv.
    pub name: String,
    /// What is measured.
    pub measure: Measure,
    /// How.
    pub aggregate: Aggregate,
    /// Over which groups.
    pub group: Group,
    /// At most this many witness boards per group (min and max).
    pub witnesses: usize,
    /// A value below this is a failure (a bound the literature proves).
    pub floor: Option<Ratio>,
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
    /// The boards.
    pub source: Source,
    /// The tables.
    pub tables: Vec<Table>,
    /// Every `check_every`-th board of each length (from the first) goes
    /// through the full check.
    pub check_every: u64,
}

/// The default number of witnesses a table keeps per group.
pub const DEFAULT_WITNESSES: usize = 20;

/// The longest enumeration: so many boards per length at most.
pub const MAX_ENUMERATED: u64 = 1 << 36;

impl Query {
    /// Parses a study file; `what` names it in errors.
    pub fn parse(text: &str, what: &str) -> Result<Query> {
        let file: StudyFile =
            toml::from_str(text).map_err(|e| Error::usage(format!("{what}: {}", e.message())))?;
        Query::from_file(file).map_err(|e| e.within(what.to_string()))
    }

    fn from_file(file: StudyFile) -> Result<Query> {
        if file.games.is_empty() {
            return Err(Error::usage("games is empty: name at least one rule set"));
        }
        let games = file
            .games
            .iter()
            .map(|g| g.parse::<Game>())
            .collect::<Result<Vec<_>>>()?;
        let source = source(&file.source)?;
        if file.table.is_empty() {
            return Err(Error::usage("the study has no [[table]]"));
        }
        let mut tables = Vec::new();
        for t in &file.table {
            let table = table(t)?;
            for &game in &games {
                if !table.measure.defined_for(game) {
                    return Err(Error::usage(format!(
                        "table {}: {} is not defined for {game} (it does not score every value)",
                        quote(&table.name),
                        table.measure
                    )));
                }
            }
            if tables.iter().any(|o: &Table| o.name == table.name) {
                return Err(Error::usage(format!(
                    "two tables are named {}",
                    quote(&table.name)
                )));
            }
            tables.push(table);
        }
        let check_every = file.check.and_then(|c| c.every).unwrap_or(1000);
        if check_every == 0 {
            return Err(Error::usage("check.every must be at least 1"));
        }
        Ok(Query {
            title: file.title.unwrap_or_else(|| file.name.clone()),
            name: file.name,
            games,
            source,
            tables,
            check_every,
        })
    }
}

fn source(s: &SourceFile) -> Result<Source> {
    let n: Span<usize> = s.n.parse()?;
    if n.lo == 0 {
        return Err(Error::usage("source.n must start at 1 or more"));
    }
    let need = |field: Option<&String>, name: &str| {
        field
            .cloned()
            .ok_or_else(|| Error::usage(format!("source kind {} needs {name}", quote(&s.kind))))
    };
    let alphabet = || -> Result<Span<i64>> {
        let a: Span<i64> = need(s.alphabet.as_ref(), "alphabet")?.parse()?;
        if a.hi - a.lo > 255 {
            return Err(Error::usage("source.alphabet has more than 256 values"));
        }
        // Every sum of every board stays far within i64 (the engine sums
        // enumerated boards without building them).
        if a.lo.unsigned_abs().max(a.hi.unsigned_abs()) > 1 << 40 || n.hi > 1 << 20 {
            return Err(Error::usage(
                "source.alphabet's values must be within -2^40..2^40 and n at most 2^20",
            ));
        }
        Ok(a)
    };
    match s.kind.as_str() {
        "enumerate" => {
            let alphabet = alphabet()?;
            let k = (alphabet.hi - alphabet.lo + 1) as u64;
            if k.checked_pow(n.hi as u32)
                .is_none_or(|t| t > MAX_ENUMERATED)
            {
                return Err(Error::limit(format!(
                    "enumerating {k}^{} boards is beyond this engine (at most {MAX_ENUMERATED} a length); use kind = \"search\"",
                    n.hi
                )));
            }
            Ok(Source::Enumerate {
                n,
                alphabet,
                symmetry: s.symmetry.unwrap_or(true),
            })
        }
        "random" => Ok(Source::Random {
            n,
            values: need(s.values.as_ref(), "values")?.parse()?,
            boards: s.boards.unwrap_or(1000),
            seed: s.seed.unwrap_or(0),
        }),
        "search" => {
            let objective: Measure = need(s.objective.as_ref(), "objective")?.parse()?;
            if objective.is_bool() {
                return Err(Error::usage(
                    "source.objective must be a number, not a yes or no",
                ));
            }
            let minimise = match s.goal.as_deref().unwrap_or("min") {
                "min" => true,
                "max" => false,
                other => {
                    return Err(Error::usage(format!(
                        "source.goal {} is not min or max",
                        quote(other)
                    )))
                }
            };
            Ok(Source::Search {
                n,
                alphabet: alphabet()?,
                restarts: s.restarts.unwrap_or(8),
                budget: s.budget.unwrap_or(10_000).max(1),
                objective,
                minimise,
                seed: s.seed.unwrap_or(0),
            })
        }
        other => Err(Error::usage(format!(
            "source.kind {} is not enumerate, random or search",
            quote(other)
        ))),
    }
}

fn table(t: &TableFile) -> Result<Table> {
    let measure: Measure = t.measure.parse()?;
    let aggregate = match t.aggregate.as_str() {
        "min" => Aggregate::Min,
        "max" => Aggregate::Max,
        "rate" => Aggregate::Rate,
        "smallest" => Aggregate::Smallest,
        other => {
            return Err(Error::usage(format!(
                "table {}: aggregate {} is not min, max, rate or smallest",
                quote(&t.name),
                quote(other)
            )))
        }
    };
    if matches!(aggregate, Aggregate::Rate | Aggregate::Smallest) != measure.is_bool() {
        return Err(Error::usage(format!(
            "table {}: {} of {measure}: rate and smallest take a yes-or-no measure (win, tie, loss, H.optimal), min and max a number",
            quote(&t.name),
            t.aggregate
        )));
    }
    let name_ok = !t.name.is_empty()
        && t.name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if !name_ok {
        return Err(Error::usage(format!(
            "table name {} must be letters, digits, - and _",
            quote(&t.name)
        )));
    }
    let group = match t.group.as_deref().unwrap_or("n") {
        "all" => Group::All,
        "n" => Group::N,
        "parity" => Group::Residue(2),
        other => match other
            .strip_prefix("mod ")
            .and_then(|m| m.trim().parse::<usize>().ok())
        {
            Some(m) if m >= 2 => Group::Residue(m),
            _ => {
                return Err(Error::usage(format!(
                    "table {}: group {} is not all, n, parity or \"mod K\" (K >= 2)",
                    quote(&t.name),
                    quote(other)
                )))
            }
        },
    };
    Ok(Table {
        name: t.name.clone(),
        measure,
        aggregate,
        group,
        witnesses: t.witnesses.unwrap_or(DEFAULT_WITNESSES),
        floor: t.floor.as_deref().map(str::parse).transpose()?,
    })
}

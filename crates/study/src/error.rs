//! The study engine's own errors: a study file, a template or a part file
//! it refuses, and what it cannot compute.
//! Variants are documented by their `#[error]` messages; a doc says only more.

// The fields are named by the messages their variants print.
#![allow(missing_docs)]

use crate::engine::spec::{Aggregate, MAX_ENUMERATED};
use coinline_core::error::{quote, Error};
use coinline_core::play::Game;
use std::sync::Arc;

/// What the study engine refuses.
#[derive(Debug, Clone, thiserror::Error)]
#[non_exhaustive]
pub enum StudyError {
    /// A study's, table's, plot's or fit's name (`what`) that is not plain.
    #[error("{what} name {} must be letters, digits, - and _", quote(.name))]
    BadName { what: &'static str, name: String },
    #[error("unknown measure {}: expected value, value_share, abs_sum, first, second, share, win, tie, loss, odd_bound, odd_bound_slack, or HEURISTIC.result, .regret, .regret_share, .optimal, .turned_loss, .first, .share", quote(.measure))]
    UnknownMeasure { measure: String },
    #[error("holds {} must be <, <=, >, >= or = and a number", quote(.text))]
    BadHolds { text: String },
    #[error("{} is not a number or a fraction A/B", quote(.text))]
    NotARatio { text: String },
    #[error("{} is beyond -2^62..2^62", quote(.text))]
    RatioTooLarge { text: String },
    #[error("games is empty: name at least one rule set")]
    NoGames,
    /// The study has no `[[source]]` or no `[[table]]` (`section`).
    #[error("the study has no [[{section}]]")]
    NoSection { section: &'static str },
    #[error("two sources are named {}: give each a different name", quote(.name))]
    SameSourceName { name: String },
    /// Two tables or two plots (`what`) of one name.
    #[error("two {what} are named {}", quote(.name))]
    SameName { what: &'static str, name: String },
    #[error("two outputs would be {name}.csv (sources and checks are the engine's; a min, max or smallest table T also writes T-witnesses, a certified one T-certificates)")]
    SameOutput { name: String },
    #[error("table {}: {measure} is not defined for {game} (it does not score every value): name the rule sets it covers in the table's games", quote(.table))]
    Undefined {
        table: String,
        measure: String,
        game: Game,
    },
    #[error("table {} names no measure", quote(.table))]
    NoMeasure { table: String },
    /// A table whose aggregate does not take its measures.
    #[error("table {}: {} of {}: {why}", quote(.table), format!("{:?}", .aggregate).to_lowercase(), .measures.join(", "))]
    BadAggregate {
        table: String,
        aggregate: Aggregate,
        measures: Vec<String>,
        why: AggregateMismatch,
    },
    #[error("table {}: group {} is not all, n, parity or \"mod K\" (K >= 2), each optionally after source", quote(.table), quote(.group))]
    BadGroup { table: String, group: String },
    /// A table naming a source the study does not have.
    #[error("the study has no source {}", quote(.name))]
    NoSource { name: String },
    #[error("table {}: {game} is not one of the study's games", quote(.table))]
    NotStudyGame { table: String, game: Game },
    #[error("source.sample.until: the study has no rate table {}", quote(.table))]
    UntilNoRateTable { table: String },
    /// The rate table of a sample's `until` missing from a run.
    #[error("source.sample.until: no rate table {table}")]
    UntilTableMissing { table: String },
    #[error(
        "a source whose [source.sample] has until stops by its own counts: it cannot be sharded"
    )]
    UntilSharded,
    #[error("n = {n} is beyond this engine (at most 2^20)")]
    TooLong { n: usize },
    #[error("source.n must start at 1 or more")]
    LengthZero,
    #[error("source.alphabet's values must be within -2^40..2^40")]
    AlphabetValues,
    #[error("source.alphabet has more than 256 values")]
    AlphabetTooLarge,
    #[error("enumerating {k}^{longest} boards is beyond this engine (at most {MAX_ENUMERATED} a length); use kind = \"search\"")]
    TooManyBoards { k: u64, longest: usize },
    #[error("source.objective must be a number, not a yes or no")]
    ObjectiveNotNumber,
    #[error("source.goal {} is not min or max", quote(.goal))]
    BadGoal { goal: String },
    /// A `source.formula` the engine cannot expand.
    #[error("source.formula {}: {why}", quote(.text))]
    Formula { text: String, why: FormulaProblem },
    /// A fit the engine cannot make.
    #[error("fit {}: {why}", quote(.fit))]
    Fit { fit: String, why: FitProblem },
    /// A plot the engine cannot draw from the study's tables.
    #[error("plot {}: {why}", quote(.plot))]
    Plot { plot: String, why: PlotProblem },
    /// The drawing library failed on a plot.
    #[error("cannot draw {plot}.svg: {error}")]
    Draw {
        plot: String,
        #[source]
        error: Arc<dyn std::error::Error + Send + Sync>,
    },
    #[error("no exact solver of {game} takes boards of {longest} values")]
    NoSolver { game: Game, longest: usize },
    /// A template placeholder or table the template cannot fill.
    #[error("{0}")]
    Template(TemplateProblem),
    #[error("the study makes no table {}", quote(.table))]
    NoTable { table: String },
    #[error("table {} has no column {}", quote(.table), quote(.column))]
    NoColumn { table: String, column: String },
    /// A study table (`what`) that is not CSV as the engine writes it.
    #[error("{what}: {error}")]
    Csv {
        what: String,
        #[source]
        error: Arc<csv::Error>,
    },
    #[error("a part of study {study} is not of this study's shape (parts {parts:?} of {count}, {tables} tables, {rule_sets} rule sets)")]
    PartShape {
        study: String,
        parts: Vec<u64>,
        count: u64,
        tables: usize,
        rule_sets: usize,
    },
    #[error("no parts to merge")]
    NoParts,
    #[error("part {}/{} is of another run (study {}, digest {}) than part {}/{} (study {}, digest {})", .this.part, .this.count, .this.study, .this.digest, .first.part, .first.count, .first.study, .first.digest)]
    OtherRun { this: PartOf, first: PartOf },
    #[error("part {part}/{count} is given twice")]
    PartTwice { part: u64, count: u64 },
    #[error(
        "part {part}/{count} has {rows} source rows where part {first}/{count} has {first_rows}"
    )]
    SourceRows {
        part: u64,
        first: u64,
        count: u64,
        rows: usize,
        first_rows: usize,
    },
    /// Parts of the run not given (each as `K/N`).
    #[error("parts missing: {}", .missing.join(", "))]
    PartsMissing { missing: Vec<String> },
}

/// A part of a sharded run, as a merge names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartOf {
    pub part: u64,
    pub count: u64,
    pub study: String,
    pub digest: String,
}

/// Why a table's aggregate does not take its measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum AggregateMismatch {
    #[error("holds turns one number measure into a yes or no; several measures must all be yes or no, or all numbers")]
    Mixed,
    #[error("rate and smallest take a yes-or-no measure (win, tie, loss, H.optimal, H.turned_loss, or a number with holds), min and max a number")]
    Kind,
    #[error("holds makes a yes or no, which rate counts: mean takes the number itself")]
    MeanOfHolds,
    #[error(
        "mean takes whole-number measures (value, abs_sum, first, second, H.result, H.regret)"
    )]
    MeanOfFractions,
    #[error("only rate and mean tables take several measures")]
    Several,
    #[error("certify = true is for min and max tables (their witnesses)")]
    Certify,
}

/// Why a `source.formula` cannot be expanded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FormulaProblem {
    #[error("{} is not a number, k, -k, (, ) or ^", quote(.0))]
    UnknownWord(String),
    #[error("a ) without its (")]
    UnopenedParen,
    #[error("a ( without its )")]
    UnclosedParen,
    #[error("the board is empty")]
    Empty,
    #[error("^ must follow an item")]
    PowerFirst,
    #[error("^ takes a count: a number or k, not negative")]
    BadCount,
    #[error("its boards have more than 2^20 values (one board, or every k's together)")]
    TooLong,
    #[error("its values must be within -2^40..2^40")]
    Values,
}

/// Why a fit cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FitProblem {
    #[error("window must be at least 2")]
    Window,
    #[error("the study has no rate table {}", quote(.table))]
    NoRateTable { table: String },
    #[error("{} of table {} is not a count: its group must be n", quote(.cell), quote(.table))]
    NotCount { cell: String, table: String },
    #[error("{} is not a count of hits (more than the boards at n = {n})", quote(.hits))]
    HitsOverBoards { hits: String, n: usize },
}

/// Why a plot cannot be drawn.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlotProblem {
    #[error("name a table, or give [[plot.panel]]s")]
    NoPanel,
    #[error("{} is not a table of the study", quote(.table))]
    NoTable { table: String },
    #[error("low and high go together")]
    LowWithoutHigh,
}

/// What a template asks that cannot be filled.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TemplateProblem {
    #[error("the template has a {{{{ without its }}}}")]
    Unclosed,
    #[error("the template has a {{{{when}}}} without its {{{{end}}}}")]
    WhenWithoutEnd,
    #[error("unknown placeholder {}", quote(&format!("{{{{{}}}}}", .placeholder)))]
    UnknownPlaceholder { placeholder: String },
    #[error("table {table} has no row {}", quote(.group))]
    NoRow { table: String, group: String },
    #[error("{{{{table {table} {}}}}}: expected where COLUMN=VALUE, columns A,B,... or first K", .options.join(" "))]
    TableOptions { table: String, options: Vec<String> },
    #[error("{{{{table {table} where {condition}}}}}: expected COLUMN=VALUE")]
    Where { table: String, condition: String },
}

coinline_core::error::layer_errors!(StudyError);

impl From<TemplateProblem> for Error {
    fn from(e: TemplateProblem) -> Self {
        Error::layer_of(StudyError::Template(e))
    }
}

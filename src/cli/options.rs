//! The options several subcommands share, each defined once: one name, one
//! value name, one meaning (docs/options.md is their table, checked by the
//! test below). A subcommand flattens the structs it needs and, where its
//! default differs, sets it with `mut_arg` next to its own definition.
//! Beside them, the value parsers the subcommands' own options use.

use super::error::UsageError;
use clap::Args;
use coinline_core::error::{Error, Result};
use coinline_core::generate::{mix64, Shard, Span};
use coinline_core::play::Game;
use coinline_core::rules::{Param, Params, RuleSet};
use std::path::PathBuf;
use std::str::FromStr;

/// The range of a 64-bit count option, for messages.
pub const U64: &str = "0..=18446744073709551615";

/// The most worker threads `--jobs` accepts: far more than any machine the
/// harness runs on, and few enough that starting them cannot hang.
pub const MAX_JOBS: usize = 256;

/// `--seed SEED`. The one default rule: commands that hunt for failures
/// (compare, stress) draw a fresh seed from the clock and print it;
/// commands that reproduce a committed report or measurement (study,
/// bench) default to that report's seed, set with `mut_arg`.
#[derive(Debug, Clone, Args)]
pub struct SeedArg {
    /// Seed of the generated boards [default: from the clock; always printed].
    #[arg(long, value_name = "SEED", allow_hyphen_values = true,
          value_parser = non_negative::<u64>("--seed", U64))]
    pub seed: Option<u64>,
}

impl SeedArg {
    /// The seed given, or a fresh one from the clock.
    pub fn or_clock(&self) -> u64 {
        self.seed.unwrap_or_else(|| {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
            mix64(nanos ^ u64::from(std::process::id()))
        })
    }
}

/// `--jobs N`: worker threads.
#[derive(Debug, Clone, Args)]
pub struct JobsArg {
    /// Worker threads, 0 for one per core (at most 256). The output does
    /// not depend on it.
    #[arg(long, value_name = "N", default_value_t = 0, allow_hyphen_values = true,
          value_parser = jobs)]
    pub jobs: usize,
}

impl JobsArg {
    /// The number of worker threads: `--jobs`, 0 for one per core.
    pub fn threads(&self) -> usize {
        match self.jobs {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        }
    }
}

/// `--budget SECONDS`: a long run's time budget (compare, study).
#[derive(Debug, Clone, Args)]
pub struct BudgetArg {
    /// Refuse a run whose estimated time (from the solvers' and heuristics'
    /// stated costs, on the threads it uses) is over this many seconds.
    #[arg(long, allow_negative_numbers = true, value_name = "SECONDS", default_value = "3600",
          value_parser = positive_seconds)]
    pub budget: f64,
}

impl BudgetArg {
    /// The run's estimated wall-clock seconds for `cost` (of one core, and
    /// its memory) on `threads` threads, or its refusal over the budget.
    pub fn allow(&self, cost: coinline_core::solve::Cost, threads: usize) -> Result<f64> {
        let wall = cost.seconds / threads.max(1) as f64;
        match wall > self.budget {
            true => Err(UsageError::RunOverBudget {
                seconds: wall,
                bytes: cost.bytes,
                threads: threads as u64,
                budget: self.budget,
            }
            .into()),
            false => Ok(wall),
        }
    }
}

fn jobs(text: &str) -> std::result::Result<usize, String> {
    let n = non_negative::<usize>("--jobs", "0..=256")(text)?;
    if n > MAX_JOBS {
        return Err(format!("--jobs {n}: too many threads (at most {MAX_JOBS})"));
    }
    Ok(n)
}

/// `--n MIN..MAX`: the lengths of generated boards.
#[derive(Debug, Clone, Args)]
pub struct LengthsArg {
    /// Board lengths, an inclusive range MIN..MAX (a single N is N..N).
    #[arg(long = "n", allow_hyphen_values = true, value_name = "MIN..MAX", value_parser = parse_with::<Span<usize>>)]
    pub n: Option<Span<usize>>,
}

/// `--only INDEX`: a part of a run, as a reproduce line names it.
#[derive(Debug, Clone, Args)]
pub struct OnlyArg {
    /// Only the generated board of this index, or the indices A..B, as a
    /// reproduce line prints them.
    #[arg(long, value_name = "INDEX", allow_hyphen_values = true,
          value_parser = parse_with::<Span<u64>>)]
    pub only: Option<Span<u64>>,
}

/// `--shrink-budget N` and `--no-shrink`: how much work shrinking a
/// failure to a small board may take.
#[derive(Debug, Clone, Args)]
pub struct ShrinkArgs {
    /// What shrinking one failure may spend: checks (compare) or program
    /// runs (stress).
    #[arg(long, value_name = "N", default_value_t = 1000, allow_hyphen_values = true,
          value_parser = non_negative::<usize>("--shrink-budget", U64))]
    pub shrink_budget: usize,
    /// Report failures as found, without shrinking (--shrink-budget 0).
    #[arg(long, conflicts_with = "shrink_budget")]
    pub no_shrink: bool,
}

impl ShrinkArgs {
    /// The budget, 0 when shrinking is off.
    pub fn budget(&self) -> usize {
        if self.no_shrink {
            0
        } else {
            self.shrink_budget
        }
    }
}

/// `--runs N`: how many generated boards a run plays or judges.
#[derive(Debug, Clone, Args)]
pub struct RunsArg {
    /// How many generated boards to judge (0: only --replay).
    // Each command sets its default (1000 in stress, 100 in play).
    #[arg(long, value_name = "N", required = false, allow_hyphen_values = true,
          value_parser = non_negative::<u64>("--runs", U64))]
    pub runs: u64,
}

impl RunsArg {
    /// The indices of the boards to play: `--only`'s, else `0..runs`
    /// (`None` for `--runs 0`).
    pub fn boards(&self, only: &OnlyArg) -> Option<Span<u64>> {
        match (only.only, self.runs) {
            (Some(only), _) => Some(only),
            (None, 0) => None,
            (None, runs) => Some(Span {
                lo: 0,
                hi: runs - 1,
            }),
        }
    }
}

/// `--memory MB`: the address-space limit of each outside program.
#[derive(Debug, Clone, Args)]
pub struct MemoryArg {
    /// Memory limit per run in MB (the address-space limit, RLIMIT_AS).
    #[arg(long, value_name = "MB", allow_hyphen_values = true, value_parser = memory_mb)]
    pub memory: Option<u64>,
}

fn memory_mb(text: &str) -> std::result::Result<u64, String> {
    match non_negative::<u64>("--memory", "1..=18446744073709551615")(text)? {
        0 => Err("the limit must be at least 1 MB".into()),
        mb => Ok(mb),
    }
}

/// A time limit in seconds as written on the command line
/// ([`positive_seconds`]), for `--timeout`, `--case-timeout` and `--move-time`.
pub fn limit_seconds(text: &str) -> std::result::Result<std::time::Duration, String> {
    positive_seconds(text).map(std::time::Duration::from_secs_f64)
}

/// `--max-failures N` and `--keep-going`: when a run stops.
#[derive(Debug, Clone, Args)]
pub struct StopArgs {
    /// Stop at the N-th failure (0: never).
    // Each command sets its default (10 in compare, 1 in stress).
    #[arg(long, value_name = "N", required = false, allow_hyphen_values = true,
          value_parser = non_negative::<u64>("--max-failures", U64))]
    pub max_failures: u64,
    /// Go on after every failure (--max-failures 0).
    #[arg(long, conflicts_with = "max_failures")]
    pub keep_going: bool,
}

impl StopArgs {
    /// The failure to stop at; 0 is none.
    pub fn max_failures(&self) -> u64 {
        if self.keep_going {
            0
        } else {
            self.max_failures
        }
    }
}

/// `--out FILE`: where a command's one output file goes.
#[derive(Debug, Clone, Args)]
pub struct OutFileArg {
    /// Write the output to FILE (`-`: standard output).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// `--force`: the one exception to the ownership rule of outputs
/// (docs/options.md, Outputs).
#[derive(Debug, Clone, Args)]
pub struct ForceArg {
    /// Replace an existing output file coinline did not write (an input of
    /// the run is refused as an output whatever; see docs/options.md, Outputs).
    #[arg(long)]
    pub force: bool,
}

/// `--out DIR`: where a report directory goes (the studies).
#[derive(Debug, Clone, Args)]
pub struct OutDirArg {
    /// Directory the report is written to; checked before any work.
    // Each study sets its own default folder.
    #[arg(long, value_name = "DIR", required = false)]
    pub out: PathBuf,
}

/// `--shard K/N`: a part of a run, for runs split across machines. Each
/// command says what the option conflicts with, and where it splits
/// otherwise than "the run" its help, with [`shard_in`] (`compare` keeps
/// this help).
#[derive(Debug, Clone, Default, Args)]
pub struct ShardArg {
    /// Do part K of N (1-based) of the run (joined by `coinline merge`, or
    /// the command's own `--merge`). `auto`
    /// reads K and N from a Slurm array task (SLURM_ARRAY_TASK_*), `auto/N`
    /// also from GNU parallel (PARALLEL_SEQ).
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    pub shard: Option<Shard>,
}

/// For `mut_args`: `--shard` conflicting with `conflicts`, with `help` in
/// place of [`ShardArg`]'s where given. (`mut_arg` would move the option
/// to the end of the completion scripts' lists; this keeps it in place.)
pub fn shard_in(
    conflicts: &'static [&'static str],
    help: Option<&'static str>,
) -> impl FnMut(clap::Arg) -> clap::Arg {
    move |arg| {
        if arg.get_id() != "shard" {
            return arg;
        }
        let arg = arg.conflicts_with_all(conflicts);
        match help {
            Some(help) => arg.help(help),
            None => arg,
        }
    }
}

/// `--shard K/N`, `auto` or `auto/N`, resolved from the environment here.
fn parse_shard(s: &str) -> std::result::Result<Shard, String> {
    Shard::from_arg(s, |name| std::env::var(name).ok()).map_err(|e| e.to_string())
}

/// `--param NAME=COUNT`: the values of the parameters a `--game` rule text
/// names (`ends=left take=1..k`), wherever `--game` is taken.
#[derive(Debug, Clone, Args)]
pub struct ParamArg {
    /// The value of a parameter of the rules, NAME=COUNT (repeat for more).
    #[arg(long, value_name = "NAME=COUNT", value_parser = parse_with::<Param>)]
    pub param: Vec<Param>,
}

impl ParamArg {
    /// The bindings given (a name given twice is an error).
    pub fn params(&self) -> Result<Params> {
        Params::new(self.param.iter().cloned())
    }

    /// `rules` with the parameters bound: an unbound one, or one the
    /// rules do not use, is a usage error naming it.
    pub fn bind(&self, rules: &RuleSet) -> Result<Game> {
        rules.bind(&self.params()?)
    }

    /// Each of `rules` bound with the parameters it uses; a parameter that
    /// none of them uses is a usage error.
    pub fn bind_each(&self, rules: &[RuleSet]) -> Result<Vec<Game>> {
        let all = self.params()?;
        if let Some((name, _)) = all
            .iter()
            .find(|(n, _)| !rules.iter().any(|r| r.params().iter().any(|p| p == n)))
        {
            let name = name.to_string();
            return Err(UsageError::UnusedParameter { name }.into());
        }
        rules
            .iter()
            .map(|r| {
                let used = all
                    .iter()
                    .filter(|(n, _)| r.params().iter().any(|p| p == n));
                let mut own = Params::default();
                used.for_each(|(n, v)| own.set(n, v));
                r.bind(&own)
            })
            .collect()
    }
}

/// The value of `--game` where it may be `all`: one rule set (its
/// parameters bound by `--param`), or every alias.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameChoice(pub Vec<RuleSet>);

impl GameChoice {
    /// The rule sets of several `--game`s, bound by `bind`, in the order
    /// given, each once.
    pub fn distinct(
        choices: &[GameChoice],
        bind: impl FnOnce(&[RuleSet]) -> Result<Vec<Game>>,
    ) -> Result<Vec<Game>> {
        let rules: Vec<RuleSet> = choices.iter().flat_map(|c| c.0.clone()).collect();
        let mut games: Vec<Game> = Vec::new();
        for game in bind(&rules)? {
            if !games.contains(&game) {
                games.push(game);
            }
        }
        Ok(games)
    }
}

impl FromStr for GameChoice {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        if s.trim().eq_ignore_ascii_case("all") {
            let all = Game::ALL.iter().map(|g| RuleSet::from(*g)).collect();
            return Ok(GameChoice(all));
        }
        s.parse::<RuleSet>()
            .map(|g| GameChoice(vec![g]))
            .map_err(|e| {
                // A rule text keeps its own message, which names the bad word.
                if s.contains('=') {
                    return e;
                }
                let mut names = Game::names();
                names.push("all");
                Error::unknown("game", s, &names)
            })
    }
}

/// Parses a command-line value with the library's `FromStr`, for clap's
/// `value_parser`; the library's error becomes clap's message.
pub fn parse_with<T: FromStr<Err = Error>>(s: &str) -> std::result::Result<T, String> {
    s.parse::<T>().map_err(|e| e.to_string())
}

/// Parses a non-negative number option; a negative one gets a message
/// naming the option and its range, not clap's "unexpected argument".
pub fn non_negative<T: FromStr>(
    option: &'static str,
    range: &'static str,
) -> impl Fn(&str) -> std::result::Result<T, String> + Clone + Send + Sync + 'static {
    move |text: &str| {
        text.trim().parse::<T>().map_err(|_| {
            let shown = coinline_core::error::quote(text);
            if text.trim().starts_with('-') {
                format!("{option} cannot be negative ({shown}); it takes a whole number in {range}")
            } else {
                format!("{option} takes a whole number in {range}; {shown} is not one")
            }
        })
    }
}

/// The largest number of seconds an option takes: about 31 years.
pub const MAX_SECONDS: f64 = 1e9;

/// Parses a number of seconds (a positive decimal, at most
/// [`MAX_SECONDS`]), for `--duration` and `--budget`; the message says
/// which of "not a number", "not positive" or "too large" (clap names the
/// option before it).
pub fn positive_seconds(text: &str) -> std::result::Result<f64, String> {
    let shown = coinline_core::error::quote(text);
    match text.trim().parse::<f64>() {
        Ok(x) if x > 0.0 && x <= MAX_SECONDS => Ok(x),
        Ok(x) if x > MAX_SECONDS => Err(format!(
            "{shown} is too many seconds (at most {MAX_SECONDS:e})"
        )),
        Ok(x) if x.is_nan() => Err(format!("{shown} is not a number of seconds")),
        Ok(_) => Err(format!("{shown} is not more than 0 seconds")),
        Err(_) => Err(format!(
            "{shown} is not a number of seconds (such as 2 or 0.5)"
        )),
    }
}

/// Refuses `-` (the board from standard input) among other values, which
/// would otherwise be read as a value and called "not an integer".
pub fn stdin_dash_alone(values: &[String]) -> Result<()> {
    if values.len() > 1 && values.iter().any(|v| v == "-") {
        let others = values.len() as u64 - 1;
        return Err(UsageError::DashAmongValues { others }.into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    /// (option, value name) -> the subcommands that have it, as clap
    /// defines them.
    fn defined() -> BTreeMap<(String, String), Vec<String>> {
        let mut found: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
        fn walk(
            cmd: &clap::Command,
            path: &str,
            found: &mut BTreeMap<(String, String), Vec<String>>,
        ) {
            for sub in cmd.get_subcommands() {
                let name = [path, sub.get_name()].join(" ").trim().to_string();
                if sub.has_subcommands() {
                    walk(sub, &name, found);
                    continue;
                }
                for arg in sub.get_arguments() {
                    let Some(long) = arg.get_long() else { continue };
                    if long == "help" || long == "version" {
                        continue;
                    }
                    let takes_value = arg.get_num_args().is_some_and(|n| n.takes_values())
                        && !matches!(
                            arg.get_action(),
                            clap::ArgAction::SetTrue | clap::ArgAction::Count
                        );
                    let value = match (takes_value, arg.get_value_names()) {
                        (true, Some(names)) => names.join(" "),
                        (true, None) => arg.get_id().as_str().to_uppercase(),
                        (false, _) => String::new(),
                    };
                    found
                        .entry((format!("--{long}"), value))
                        .or_default()
                        .push(name.clone());
                }
            }
        }
        let mut command = crate::cli::command();
        command.build();
        walk(&command, "", &mut found);
        for commands in found.values_mut() {
            commands.sort();
        }
        found
    }

    /// The rows of the table in docs/options.md: option, value, commands.
    fn documented() -> BTreeMap<(String, String), Vec<String>> {
        let page = include_str!("../../docs/options.md");
        let table = page
            .split("<!-- options table -->")
            .nth(1)
            .expect("docs/options.md marks its table with <!-- options table -->");
        let mut rows = BTreeMap::new();
        for line in table.lines().skip_while(|l| !l.starts_with('|')) {
            if !line.starts_with('|') {
                break;
            }
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            // | option | value | meaning | default | commands |
            if cells.len() < 6 || cells[1] == "option" || cells[1].starts_with("---") {
                continue;
            }
            let unquote = |s: &str| s.trim().trim_matches('`').to_string();
            let mut commands: Vec<String> = cells[5].split(',').map(unquote).collect();
            commands.retain(|c| !c.is_empty());
            commands.sort();
            let previous = rows.insert((unquote(cells[1]), unquote(cells[2])), commands);
            assert!(previous.is_none(), "docs/options.md lists {line} twice");
        }
        rows
    }

    #[test]
    fn the_options_table_is_what_clap_defines() {
        let (defined, documented) = (defined(), documented());
        let row = |(option, value): &(String, String), commands: &Vec<String>| {
            format!(
                "| `{option}` | `{value}` | ... | ... | {} |",
                commands.join(", ")
            )
        };
        let mut wrong = Vec::new();
        for (key, commands) in &defined {
            match documented.get(key) {
                Some(listed) if listed == commands => {}
                Some(listed) => wrong.push(format!(
                    "{} is in {} but the table says {}",
                    key.0,
                    commands.join(", "),
                    listed.join(", ")
                )),
                None => wrong.push(format!("missing row: {}", row(key, commands))),
            }
        }
        for key in documented.keys().filter(|k| !defined.contains_key(*k)) {
            wrong.push(format!("no subcommand has {} {}", key.0, key.1));
        }
        assert!(wrong.is_empty(), "docs/options.md:\n{}", wrong.join("\n"));
    }

    #[test]
    fn seconds_take_decimals_and_refuse_nonsense() {
        use super::{limit_seconds, memory_mb};
        use std::time::Duration;
        assert_eq!(limit_seconds("0.25"), Ok(Duration::from_millis(250)));
        assert_eq!(limit_seconds("2"), Ok(Duration::from_secs(2)));
        for bad in ["0", "-1", "nan", "inf", "1e10", "", "2s"] {
            assert!(limit_seconds(bad).is_err(), "{bad}");
        }
        assert!(memory_mb("0").unwrap_err().contains("at least 1 MB"));
        assert_eq!(memory_mb("64"), Ok(64));
    }

    #[test]
    fn one_option_name_has_one_value_name() {
        // `--out` is FILE for a file and DIR for a study's report folder;
        // `--values` is a distribution, or the value limits of a judge problem.
        let allowed = ["--out", "--values"];
        let mut names: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for (option, value) in defined().keys() {
            names.entry(option.clone()).or_default().push(value.clone());
        }
        for (option, values) in names {
            assert!(
                values.len() == 1 || allowed.contains(&option.as_str()),
                "{option} takes {values:?}: one option, one value name"
            );
        }
    }
}

//! Timing the exact solvers on growing boards: the library side of
//! `coinline bench`.
//!
//! For one game and one solver, [`run`] times solves of seeded random boards
//! of growing length n, up to the solver's practical cap ([`cap`]) or until
//! one solve takes longer than the time budget; it then bisects between the
//! last length within the budget and the first beyond it, to report the
//! largest n solved within the budget. Each length is timed on one board,
//! repeated until [`Plan::min_sample_seconds`] have passed, and the fastest
//! repetition is kept (the least disturbed one on a busy machine).
//!
//! "States" are the positions a solver evaluates, which differ by solver:
//! tree nodes for minimax, intervals (n(n+1)/2) for memo and the tables,
//! values read for linear, and suffixes (n + 1) for the generic table on a
//! one-ended game.

use coinline_core::board::Board;
use coinline_core::generate::{random_board, Span, Values};
use coinline_core::play::Game;
use coinline_core::solve::{generic, table, Solver};
use std::time::Instant;

/// How to measure.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Plan {
    /// The budget of one solve: growth stops at the first length that takes
    /// longer, and the report names the largest length within it.
    pub max_seconds: f64,
    /// Repeat a solve until this much time has passed (at least once).
    pub min_sample_seconds: f64,
    /// The seed of the boards (board of length n is index n of this seed).
    pub seed: u64,
    /// For table: the instruction set of the value fill (`None`: the widest
    /// this processor has, as the solver itself picks).
    pub isa: Option<table::Isa>,
    /// A lower cap on n than the solver's own ([`cap`]), if any.
    pub max_n: Option<usize>,
    /// Time a solve with its optimal line ([`Solver::line`]; for table with
    /// `isa`, the recording fill of that set and the walk) instead of the
    /// value alone; a solver without lines is timed on its value.
    pub line: bool,
}

impl Default for Plan {
    fn default() -> Self {
        Plan {
            max_seconds: 1.0,
            min_sample_seconds: 0.2,
            seed: 1,
            isa: None,
            max_n: None,
            line: false,
        }
    }
}

/// One timed length.
#[derive(Clone, Debug, PartialEq)]
pub struct Measurement {
    /// The board length.
    pub n: usize,
    /// Seconds of the fastest repetition.
    pub seconds: f64,
    /// How many repetitions were timed.
    pub repetitions: u32,
    /// Positions evaluated by one solve (see the module documentation).
    pub states: f64,
    /// The value found (so a run cannot be optimized away, and for reports).
    pub value: i64,
}

impl Measurement {
    /// States per second of the fastest repetition.
    pub fn states_per_second(&self) -> f64 {
        self.states / self.seconds.max(1e-12)
    }
}

/// Everything measured for one game and solver.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// The game.
    pub game: Game,
    /// The solver's name.
    pub solver: String,
    /// The cap on n for this solver and game.
    pub cap: usize,
    /// Every timed length, in the order measured.
    pub measurements: Vec<Measurement>,
    /// The largest length solved within the budget (`None` if even n = 1
    /// was over it). Equal to `cap` when the cap was reached in time.
    pub largest_within_budget: Option<usize>,
}

/// The largest n worth timing for `solver` on `game`: the solver's own
/// limit, and a length where time or memory runs out: 10^7 for the
/// solvers linear in n (linear, and generic on a one-ended game), 10^5 for
/// the others.
pub fn cap(solver: &dyn Solver, game: Game) -> usize {
    let practical = if linear_in_n(solver, game) {
        10_000_000
    } else {
        100_000
    };
    solver.limit(game).map_or(practical, |l| l.min(practical))
}

/// Positions one solve evaluates; see the module documentation.
pub fn states(solver: &dyn Solver, game: Game, n: usize) -> f64 {
    match solver.name() {
        "minimax" => coinline_core::solve::minimax::tree_nodes(game, n),
        "linear" => n as f64,
        "generic" if generic::is_one_ended(game) => n as f64 + 1.0,
        _ => n as f64 * (n as f64 + 1.0) / 2.0,
    }
}

/// Whether `solver` takes time linear in n on `game`.
fn linear_in_n(solver: &dyn Solver, game: Game) -> bool {
    match solver.name() {
        "linear" => true,
        "generic" => generic::is_one_ended(game),
        _ => false,
    }
}

/// The board timed at length n.
pub fn board(seed: u64, n: usize) -> Board {
    random_board(
        seed,
        n as u64,
        Span { lo: n, hi: n },
        Values::Uniform(Span {
            lo: -1_000_000,
            hi: 1_000_000,
        }),
    )
}

/// The lengths tried while growing: 1, 2, 5, 10, 20, 50 ... for polynomial
/// solvers, every length from 10 on for minimax (each step multiplies its
/// time by 2 to 3); always ending at the cap.
pub fn growth(solver: &dyn Solver, cap: usize) -> Vec<usize> {
    let mut sizes: Vec<usize> = if solver.name() == "minimax" {
        [1, 5].into_iter().chain(10..=cap).collect()
    } else {
        let mut v = Vec::new();
        let mut decade = 1usize;
        while decade <= cap {
            v.extend([decade, 2 * decade, 5 * decade]);
            decade = decade.saturating_mul(10);
        }
        v
    };
    sizes.retain(|&n| n <= cap);
    if sizes.last() != Some(&cap) {
        sizes.push(cap);
    }
    sizes
}

fn solve_once(solver: &dyn Solver, game: Game, board: &Board, plan: &Plan) -> i64 {
    let kernel = game.kernel().filter(|_| solver.name() == "table");
    let by_isa = match (kernel, plan.isa, plan.line) {
        (Some(k), Some(isa), false) => table::value_with(k, board.values(), isa),
        (Some(k), Some(isa), true) => table::line_with(k, board.values(), isa).map(|(v, _)| v),
        _ => None,
    };
    by_isa
        .or_else(|| {
            plan.line
                .then(|| solver.line(game, board).map(|(v, _)| v))
                .flatten()
        })
        .unwrap_or_else(|| solver.difference(game, board))
}

/// Times `solver` on the board of length `n`.
pub fn measure(solver: &dyn Solver, game: Game, n: usize, plan: &Plan) -> Measurement {
    let board = board(plan.seed, n);
    let mut best = f64::INFINITY;
    let mut repetitions = 0;
    let started = Instant::now();
    let value = loop {
        let t = Instant::now();
        let value =
            std::hint::black_box(solve_once(solver, game, std::hint::black_box(&board), plan));
        best = best.min(t.elapsed().as_secs_f64());
        repetitions += 1;
        if started.elapsed().as_secs_f64() >= plan.min_sample_seconds {
            break value;
        }
    };
    Measurement {
        n,
        seconds: best,
        repetitions,
        states: states(solver, game, n),
        value,
    }
}

/// Measures `solver` on `game` as described in the module documentation,
/// calling `progress` after each measurement. Returns `None` when the
/// solver does not implement the game.
pub fn run(
    solver: &dyn Solver,
    game: Game,
    plan: &Plan,
    mut progress: impl FnMut(&Measurement),
) -> Option<Series> {
    if !solver.supports(game) {
        return None;
    }
    let cap = plan
        .max_n
        .map_or(cap(solver, game), |m| m.min(cap(solver, game)));
    let mut series = Series {
        game,
        solver: solver.name().to_string(),
        cap,
        measurements: Vec::new(),
        largest_within_budget: None,
    };
    let mut record = |series: &mut Series, n: usize| {
        let m = measure(solver, game, n, plan);
        progress(&m);
        let within = m.seconds <= plan.max_seconds;
        series.measurements.push(m);
        within
    };
    let mut within: Option<usize> = None;
    let mut beyond: Option<usize> = None;
    for n in growth(solver, cap) {
        if record(&mut series, n) {
            within = Some(n);
        } else {
            beyond = Some(n);
            break;
        }
    }
    // Bisect to within 2% (or one value) of the largest length in budget.
    if let (Some(mut lo), Some(mut hi)) = (within, beyond) {
        while hi - lo > 1 && (hi - lo) * 50 > lo {
            let mid = lo + (hi - lo) / 2;
            if record(&mut series, mid) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        within = Some(lo);
    }
    series.largest_within_budget = within;
    Some(series)
}

/// One length of [`against_generic`]: the generic table and one
/// specialised solver timed on the same board.
#[derive(Clone, Debug, PartialEq)]
pub struct Versus {
    /// The game.
    pub game: Game,
    /// The specialised solver's name.
    pub solver: String,
    /// The generic table's time.
    pub generic: Measurement,
    /// The specialised solver's time.
    pub specialised: Measurement,
}

impl Versus {
    /// How many times faster the specialised solver is.
    pub fn speedup(&self) -> f64 {
        self.generic.seconds / self.specialised.seconds.max(1e-12)
    }
}

/// The longest board [`against_generic`] times when the plan sets no
/// `max_n`: LeetCode 1690's limit, where issue 12 asks for the comparison.
pub const AGAINST_GENERIC_N: usize = 1_000;

/// Times the generic table against every specialised solver of `game`
/// ([`coinline_core::solve::specialised_for`]) on the same boards: lengths 10, 20,
/// 50, 100 ... up to `plan.max_n` (default [`AGAINST_GENERIC_N`]) and the
/// caps of both, stopping after the first length where the generic table
/// takes longer than `plan.max_seconds`. Calls `progress` after each pair.
/// Empty when `game` has no specialised solver.
pub fn against_generic(game: Game, plan: &Plan, mut progress: impl FnMut(&Versus)) -> Vec<Versus> {
    let generic = &coinline_core::solve::Generic;
    let mut pairs = Vec::new();
    for solver in coinline_core::solve::specialised_for(game) {
        let top = plan
            .max_n
            .unwrap_or(AGAINST_GENERIC_N)
            .min(cap(generic, game))
            .min(cap(solver, game));
        for n in growth(generic, top).into_iter().filter(|&n| n >= 10) {
            let versus = Versus {
                game,
                solver: solver.name().to_string(),
                generic: measure(generic, game, n, plan),
                specialised: measure(solver, game, n, plan),
            };
            progress(&versus);
            let over = versus.generic.seconds > plan.max_seconds;
            pairs.push(versus);
            if over {
                break;
            }
        }
    }
    pairs
}

/// The settings of [`check_dispatch`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DispatchPlan {
    /// The board length timed (one seeded board per game, see [`board`]).
    pub n: usize,
    /// The seed of the boards.
    pub seed: u64,
    /// Rounds over the instruction sets; each set's fastest time is kept.
    /// Interleaving the sets makes a burst of load hit all of them alike.
    pub rounds: u32,
    /// Each timing of a round repeats the solve for at least this long.
    pub sample_seconds: f64,
    /// A level may take at most this factor times the level below it.
    pub margin: f64,
    /// The widest level must be at least this many times faster than the
    /// portable fill (the point of compiling it).
    pub min_speedup: f64,
}

impl Default for DispatchPlan {
    fn default() -> Self {
        DispatchPlan {
            n: 4000,
            seed: 1,
            rounds: 5,
            sample_seconds: 0.03,
            margin: 1.3,
            min_speedup: 1.5,
        }
    }
}

/// One comparison of the dispatch check.
#[derive(Clone, Debug, PartialEq)]
pub struct DispatchVerdict {
    /// What was compared, for a person.
    pub what: String,
    /// Whether it held.
    pub ok: bool,
}

/// The dispatch check of one game and one kind of fill.
#[derive(Clone, Debug, PartialEq)]
pub struct DispatchGame {
    /// The game.
    pub game: Game,
    /// Which fills: `value` (the value fills) or `line` (the recording
    /// fills and the walk of the line, [`table::line_with`]), in 64-bit
    /// lanes, or `value i32` and `line i32` in 32-bit lanes.
    pub fill: &'static str,
    /// Every instruction set, narrowest first, with its fastest time (the
    /// thread's processor time, in seconds), or
    /// `None` when this build or processor lacks it.
    pub timings: Vec<(table::Isa, Option<f64>)>,
    /// The comparisons made (none involve a missing set).
    pub verdicts: Vec<DispatchVerdict>,
}

impl DispatchGame {
    /// Whether every comparison held.
    pub fn ok(&self) -> bool {
        self.verdicts.iter().all(|v| v.ok)
    }
}

/// The games whose table fill is compiled per instruction set (gameofsum
/// has one scalar fill, the same in every set, and is not checked).
pub const DISPATCHED_GAMES: [Game; 3] = [Game::COINS, Game::NUMBERGAME, Game::STONEGAME7];

/// How much slower than its value fill the widest recording fill may be in
/// [`check_dispatch`]: issue 29's goal. A recording fill is its value fill
/// keeping a diagonal per block of lengths, and the walk of the line
/// (1.1x to 1.2x at n = 10,000 on AVX2, reports/PERFORMANCE.md); one that
/// stopped vectorizing, or recorded again per cell, takes 2x or more.
pub const LINE_MARGIN: f64 = 1.5;

/// Times table's value fill and its recording fill for every available
/// instruction set on the same board, per game in [`DISPATCHED_GAMES`], in
/// the processor time of the calling thread (fastest of the rounds), and
/// checks, for each kind of fill, that each level is not slower than the one
/// below it (within `plan.margin`) and that the widest is at least
/// `plan.min_speedup` times faster than the portable fill; and that the
/// widest recording fill takes at most [`LINE_MARGIN`] times its value fill.
/// A guard against a fill that silently stops vectorizing (issue 14). Every
/// fill must also give the same value; a difference is a failed verdict.
/// Returns the value fills' check and the recording fills' check per game,
/// in 64-bit lanes, then in 32-bit lanes ([`table::Lanes`]) on the board's
/// values divided by [`NARROWING`] when they fit there (they do for every
/// game up to n = 4000), where the widest must be [`NARROW_SPEEDUP_SHARE`]
/// of `plan.min_speedup` faster than portable.
pub fn check_dispatch(plan: &DispatchPlan) -> Vec<DispatchGame> {
    let isas: Vec<table::Isa> = table::Isa::ALL
        .into_iter()
        .filter(|i| i.available())
        .collect();
    let mut checks = Vec::new();
    for game in DISPATCHED_GAMES {
        let kernel = game.kernel().expect("a kernel");
        let board = board(plan.seed, plan.n);
        // The 32-bit fills on the same board scaled down until they fit
        // (values -100..100 from n = 4000: n * S about 8 * 10^8).
        let small: Vec<i64> = board.values().iter().map(|v| v / NARROWING).collect();
        for (lanes, values) in [
            (table::Lanes::Wide, board.values()),
            (table::Lanes::Narrow, &small[..]),
        ] {
            if lanes.fit(kernel, values) {
                checks.extend(check_lanes(plan, &isas, game, lanes, values));
            }
        }
    }
    checks
}

/// What [`check_dispatch`] divides the board's values by for the 32-bit
/// fills.
pub const NARROWING: i64 = 10_000;

/// The share of `min_speedup` the 32-bit fills must reach: their portable
/// fills are vectorized four lanes to a vector and the 32-bit value fills
/// are bound by more than arithmetic, so AVX-512 is 1.45x (stonegame7) to
/// 2.4x (numbergame) faster there at n = 4000, not the 64-bit fills' 2x to
/// 6x; 1.2x still catches a fill that stopped vectorizing.
pub const NARROW_SPEEDUP_SHARE: f64 = 0.8;

/// The value fills' and the recording fills' checks of one game in one
/// width of lanes.
fn check_lanes(
    plan: &DispatchPlan,
    isas: &[table::Isa],
    game: Game,
    lanes: table::Lanes,
    values: &[i64],
) -> [DispatchGame; 2] {
    let kernel = game.kernel().expect("a kernel");
    let plan = &match lanes {
        table::Lanes::Wide => *plan,
        table::Lanes::Narrow => DispatchPlan {
            min_speedup: plan.min_speedup * NARROW_SPEEDUP_SHARE,
            ..*plan
        },
    };
    // Interleaved: each round times every set of both kinds.
    let fills: [&dyn Fn(table::Isa) -> Option<i64>; 2] = [
        &|isa| table::value_with_lanes(kernel, values, isa, lanes),
        &|isa| table::line_with_lanes(kernel, values, isa, lanes).map(|(v, _)| v),
    ];
    let mut best = vec![[f64::INFINITY; 2]; isas.len()];
    let mut found = vec![[None; 2]; isas.len()];
    for _ in 0..plan.rounds.max(1) {
        for (k, &isa) in isas.iter().enumerate() {
            for (kind, fill) in fills.iter().enumerate() {
                let started = Instant::now();
                loop {
                    let t = thread_seconds();
                    found[k][kind] = std::hint::black_box(fill(std::hint::black_box(isa)));
                    best[k][kind] = best[k][kind].min(thread_seconds() - t);
                    if started.elapsed().as_secs_f64() >= plan.sample_seconds {
                        break;
                    }
                }
            }
        }
    }
    let names = match lanes {
        table::Lanes::Wide => ["value", "line"],
        table::Lanes::Narrow => ["value i32", "line i32"],
    };
    [0, 1].map(|kind| {
        let times: Vec<f64> = best.iter().map(|b| b[kind]).collect();
        let values: Vec<Option<i64>> = found.iter().map(|f| f[kind]).collect();
        let mut verdicts = level_verdicts(plan, isas, &times, &values);
        if let (1, Some(last)) = (kind, best.last()) {
            verdicts.push(DispatchVerdict {
                what: format!(
                    "{} line ({}) at most {LINE_MARGIN}x its value fill ({}): {:.2}x",
                    isas[isas.len() - 1].name(),
                    ms(last[1]),
                    ms(last[0]),
                    last[1] / last[0].max(1e-12)
                ),
                ok: last[1] <= LINE_MARGIN * last[0],
            });
        }
        DispatchGame {
            game,
            fill: names[kind],
            timings: table::Isa::ALL
                .into_iter()
                .map(|isa| (isa, isas.iter().position(|&i| i == isa).map(|k| times[k])))
                .collect(),
            verdicts,
        }
    })
}

/// The processor time this thread has used, in seconds, what
/// [`check_dispatch`] times the fills by: the fills run on the calling
/// thread, and on a busy machine wall clock also counts the time others
/// hold the processor (two runs at load 5 to 8 differed by 2x), this
/// clock barely. Wall clock where there is no thread clock.
fn thread_seconds() -> f64 {
    #[cfg(target_os = "linux")]
    {
        let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
        t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
    }
    #[cfg(not(target_os = "linux"))]
    {
        static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
        START.get_or_init(Instant::now).elapsed().as_secs_f64()
    }
}

fn ms(s: f64) -> String {
    format!("{:.2} ms", s * 1e3)
}

/// A threshold as people write it: at most two decimals, no trailing
/// zeros (1.5 * 0.8 is 1.2000000000000002 in floating point).
fn factor(x: f64) -> String {
    let text = format!("{x:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The verdicts on one kind of fill: the same value everywhere, each level
/// within the margin of the one below, the widest faster than portable.
fn level_verdicts(
    plan: &DispatchPlan,
    isas: &[table::Isa],
    best: &[f64],
    values: &[Option<i64>],
) -> Vec<DispatchVerdict> {
    let mut verdicts = Vec::new();
    if values.iter().any(|v| *v != values[0]) {
        verdicts.push(DispatchVerdict {
            what: format!("the fills disagree on the value: {values:?}"),
            ok: false,
        });
    }
    for pair in isas.windows(2).zip(best.windows(2)) {
        let ([lower, upper], [t_lower, t_upper]) = pair else {
            continue;
        };
        verdicts.push(DispatchVerdict {
            what: format!(
                "{} ({}) at most {}x {} ({})",
                upper.name(),
                ms(*t_upper),
                factor(plan.margin),
                lower.name(),
                ms(*t_lower)
            ),
            ok: *t_upper <= plan.margin * *t_lower,
        });
    }
    if isas.len() > 1 {
        let (widest, t_widest) = (isas[isas.len() - 1], best[isas.len() - 1]);
        verdicts.push(DispatchVerdict {
            what: format!(
                "{} at least {}x faster than portable ({:.2}x)",
                widest.name(),
                factor(plan.min_speedup),
                best[0] / t_widest
            ),
            ok: t_widest * plan.min_speedup <= best[0],
        });
    }
    verdicts
}

#[cfg(test)]
mod tests {
    use super::*;
    use coinline_core::solve::minimax::{refusal_limit, tree_nodes};
    use coinline_core::solve::{Generic, Linear, Memo, Minimax, Table};

    #[test]
    fn tree_nodes_count_the_game_tree() {
        // Coins: a full binary tree of depth n.
        assert_eq!(tree_nodes(Game::COINS, 3), 15.0);
        // Numbergame, n = 2: root, L and R (one value left: 2 children each),
        // DL and DR (leaves): 1 + 2 * 3 + 2 = 9.
        assert_eq!(tree_nodes(Game::NUMBERGAME, 2), 9.0);
        // Gameofsum, n = 2: root; L1, R1 lead to one value (1 + 2 nodes);
        // L2, R2 are leaves: 1 + 2 * 3 + 2 = 9.
        assert_eq!(tree_nodes(Game::GAMEOFSUM, 2), 9.0);
    }

    #[test]
    fn growth_ends_at_the_cap_and_respects_limits() {
        assert_eq!(growth(&Table, 100), vec![1, 2, 5, 10, 20, 50, 100]);
        assert_eq!(growth(&Table, 30), vec![1, 2, 5, 10, 20, 30]);
        assert_eq!(growth(&Minimax, 12), vec![1, 5, 10, 11, 12]);
        assert_eq!(cap(&Linear, Game::COINS), 10_000_000);
        assert_eq!(cap(&Generic, Game::STONEGAME3), 10_000_000);
        assert_eq!(cap(&Generic, Game::STONEGAME7), generic::TABLE_LIMIT);
        assert_eq!(states(&Generic, Game::STONEGAME3, 9), 10.0);
        assert_eq!(cap(&Memo, Game::GAMEOFSUM), 1_000);
        assert_eq!(cap(&Minimax, Game::COINS), refusal_limit(Game::COINS));
    }

    #[test]
    fn thresholds_print_as_written() {
        assert_eq!(factor(1.5 * NARROW_SPEEDUP_SHARE), "1.2");
        assert_eq!(factor(LINE_MARGIN), "1.5");
        assert_eq!(factor(1.3), "1.3");
        assert_eq!(factor(1.25), "1.25");
    }

    #[test]
    fn the_dispatch_check_times_every_available_set_and_can_fail() {
        // Tiny and without repetitions: this checks the verdicts' logic, not
        // the speed (no timed unit tests).
        let plan = DispatchPlan {
            n: 50,
            rounds: 1,
            sample_seconds: 0.0,
            ..DispatchPlan::default()
        };
        let games = check_dispatch(&plan);
        // Both widths of every game (n = 50 values / 10^4 fit 32 bits).
        assert_eq!(games.len(), 4 * DISPATCHED_GAMES.len());
        let available = table::Isa::ALL.iter().filter(|i| i.available()).count();
        for game in &games {
            let timed = game.timings.iter().filter(|(_, t)| t.is_some()).count();
            assert_eq!(timed, available);
            // One comparison per adjacent pair, and one against portable;
            // the recording fills one more, against their value fill.
            let expected = if available > 1 { available } else { 0 };
            let line = usize::from(game.fill.starts_with("line"));
            assert_eq!(game.verdicts.len(), expected + line, "{}", game.fill);
        }
        let kinds: Vec<&str> = games.iter().map(|g| g.fill).collect();
        let widths = ["value", "line", "value i32", "line i32"];
        assert_eq!(kinds, widths.repeat(DISPATCHED_GAMES.len()));
        // An impossible speed-up fails.
        let strict = DispatchPlan {
            min_speedup: f64::INFINITY,
            ..plan
        };
        if available > 1 {
            assert!(check_dispatch(&strict).iter().all(|g| !g.ok()));
        }
    }

    #[test]
    fn against_generic_pairs_every_specialised_solver_at_the_same_n() {
        let plan = Plan {
            min_sample_seconds: 0.0,
            max_n: Some(50),
            ..Plan::default()
        };
        let mut seen = 0;
        let pairs = against_generic(Game::COINS, &plan, |_| seen += 1);
        assert_eq!(seen, pairs.len());
        let rows: Vec<(&str, usize)> = pairs.iter().map(|p| (&*p.solver, p.generic.n)).collect();
        let each = |solver| [10, 20, 50].map(|n| (solver, n));
        assert_eq!(rows, [each("linear"), each("table")].concat());
        for pair in &pairs {
            assert_eq!(pair.generic.n, pair.specialised.n);
            assert_eq!(pair.generic.value, pair.specialised.value);
            assert!(pair.speedup() > 0.0);
        }
        let sg7 = against_generic(Game::STONEGAME7, &plan, |_| {});
        let solvers =
            |pairs: Vec<Versus>| pairs.iter().map(|p| p.solver.clone()).collect::<Vec<_>>();
        assert_eq!(
            solvers(sg7),
            ["linear", "linear", "linear", "table", "table", "table"]
        );
        let sg3 = against_generic(Game::STONEGAME3, &plan, |_| {});
        assert_eq!(solvers(sg3), ["one-ended", "one-ended", "one-ended"]);
        // A zero budget stops each solver after its first length.
        let none = Plan {
            max_seconds: 0.0,
            ..plan
        };
        assert_eq!(against_generic(Game::COINS, &none, |_| {}).len(), 2);
    }

    #[test]
    fn run_bisects_to_the_budget() {
        // A zero budget: nothing fits, the first length is over it.
        let plan = Plan {
            max_seconds: 0.0,
            min_sample_seconds: 0.0,
            ..Plan::default()
        };
        let series = run(&Table, Game::COINS, &plan, |_| {}).unwrap();
        assert_eq!(series.largest_within_budget, None);
        assert_eq!(series.measurements.len(), 1);
        assert!(run(&Linear, Game::NUMBERGAME, &plan, |_| {}).is_none());
        // A generous budget on a tiny cap reaches the cap.
        let plan = Plan {
            max_seconds: 60.0,
            min_sample_seconds: 0.0,
            max_n: Some(8),
            ..Plan::default()
        };
        let series = run(&Minimax, Game::GAMEOFSUM, &plan, |_| {}).unwrap();
        assert_eq!(series.cap, 8);
        assert_eq!(series.largest_within_budget, Some(8));
        let last = series.measurements.last().unwrap();
        assert_eq!(
            last.value,
            Table.difference(Game::GAMEOFSUM, &board(1, last.n))
        );
    }
}

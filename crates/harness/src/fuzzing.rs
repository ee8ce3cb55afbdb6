//! Fuzz entry points: what the cargo-fuzz targets in `fuzz/` and the corpus
//! replay in `tests/it/corpus.rs` call.
//!
//! Each target has an input type (decoded from raw bytes by a hand-written
//! [`Arbitrary`] impl in a byte layout the project controls, with a `Debug`
//! that prints something pasteable), a `check_*` function that returns a
//! readable [`Finding`] instead of panicking, and a panicking wrapper that the
//! fuzz target calls in one line. [`TARGETS`] lists them for the replay.
//!
//! Architecture invariant: nothing here decides whether a solver is right;
//! the `check_*` functions call [`check::check`] and only choose its solvers,
//! heuristics and configuration. The one property checked here directly is
//! the overflow rule's refusal, which [`check::check`] never sees.

use arbitrary::{Arbitrary, Unstructured};
use coinline_core::board::Board;
use coinline_core::case::{Case, RawCase};
use coinline_core::check::{self, CaseReport, CheckConfig};
use coinline_core::generate::{random_board, Span, Values};
use coinline_core::mutants::PlantedTable;
use coinline_core::play::{replay, Game, Kernel, Line};
use coinline_core::shrink::shrink_case;
use coinline_core::solve::{exact_solvers, solver_by_name, Linear, Memo, Minimax, Solver, Table};
use coinline_core::strategy::{heuristic_by_name, heuristics, Heuristic};
use coinline_judge as judge;
use std::fmt;
use texts::{check_rule_set, check_streamed_board, one_line, round_trip, same};

mod texts;

/// What a `check_*` function found wrong, as a message for a person: the
/// violation, the case, a shrunk case when shrinking helped, and the command
/// that reproduces it.
pub type Finding = String;

/// Most values a `solvers_agree` input holds (minimax runs only within the
/// check's own limits, so this bounds the other solvers' work).
pub const SOLVERS_AGREE_MAX_LEN: usize = 64;
/// Most values a `heuristics` input holds.
pub const HEURISTICS_MAX_LEN: usize = 128;
/// Shortest board a `large_boards` input makes.
pub const LARGE_MIN_LEN: usize = 200;
/// Calls to the check that shrinking a failing board may spend.
const SHRINK_BUDGET: usize = 400;

/// The longest board a `large_boards` input makes for `game`: every exact
/// solver but minimax runs on it, and memo and generic try every count at
/// every interval, so an unbounded count (gameofsum: O(n^3)) or many finite
/// ones (`take=1..63 delete=1`: 64 a position, 25 s a check at 1,200 values
/// in the fuzz build) cost like a longer board.
pub fn large_max_len(game: Game) -> usize {
    let counts = game.take.finite_upto(1200) + game.delete.finite_upto(1200);
    if unbounded(game) || counts > MANY_COUNTS {
        300
    } else {
        1200
    }
}

/// More finite take and delete counts than this shorten `large_boards`'
/// boards as an unbounded count does (the aliases have at most three).
const MANY_COUNTS: usize = 8;

fn unbounded(game: Game) -> bool {
    game.take.is_unbounded() || game.delete.is_unbounded()
}

/// A fuzz input in the [`RawCase`] byte layout with at most `MAX` values.
/// `Debug` prints the case's text form, such as `coins: 8 15 3 7`.
#[derive(Clone, PartialEq, Eq)]
pub struct CaseInput<const MAX: usize>(pub RawCase);

/// The input of the `solvers_agree` target.
pub type SolversAgreeInput = CaseInput<SOLVERS_AGREE_MAX_LEN>;
/// The input of the `heuristics` target.
pub type HeuristicsInput = CaseInput<HEURISTICS_MAX_LEN>;

impl<'a, const MAX: usize> Arbitrary<'a> for CaseInput<MAX> {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        Ok(CaseInput(RawCase::decode(&mut u.bytes(u.len())?, MAX)))
    }
}

impl<const MAX: usize> fmt::Debug for CaseInput<MAX> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_raw_case(f, &self.0)
    }
}

/// `game: v1 v2 ...` (`-` for no values), also for values the overflow rule
/// refuses, which `Case`'s `Display` cannot hold.
fn write_raw_case(f: &mut fmt::Formatter<'_>, raw: &RawCase) -> fmt::Result {
    match raw.clone().validate() {
        Ok(case) => write!(f, "{case}"),
        Err(_) => {
            write!(f, "{}:", raw.game)?;
            raw.values.iter().try_for_each(|v| write!(f, " {v}"))
        }
    }
}

/// The input of the `parse` target: bytes read as text (lossily when they
/// are not UTF-8). `Debug` prints a Rust string literal, or a byte-string
/// literal when the bytes are not UTF-8.
#[derive(Clone, PartialEq, Eq)]
pub struct ParseInput<'a>(pub &'a [u8]);

impl<'a> Arbitrary<'a> for ParseInput<'a> {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        Ok(ParseInput(u.bytes(u.len())?))
    }
}

impl fmt::Debug for ParseInput<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match std::str::from_utf8(self.0) {
            Ok(text) => write!(f, "{text:?}"),
            Err(_) => write!(f, "b\"{}\"", self.0.escape_ascii()),
        }
    }
}

/// The input of the `large_boards` target: a long board built from a short
/// input. Byte layout: a length selector (`u16`, little-endian), a fill byte,
/// a seed (`u64`, little-endian), then a case in the [`RawCase`] layout that
/// gives the game and the board's first values. Missing header bytes read
/// as zero. `Debug` prints the whole board as a case.
#[derive(Clone, PartialEq, Eq)]
pub struct LargeInput {
    /// Picks the length: [`LARGE_MIN_LEN`] + selector mod the room up to
    /// [`large_max_len`].
    pub selector: u16,
    /// Picks how the values after the given ones are made:
    /// `LargeInput::FILLS[fill % 8]`.
    pub fill: u8,
    /// The seed of a drawn fill.
    pub seed: u64,
    /// The game and the board's first values (those past its length are
    /// not used).
    pub given: RawCase,
}

/// How the rest of a large board is filled, picked by the fill byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FillRule {
    /// Values drawn from a distribution with the seed.
    Draw(Values),
    /// The given values repeated to the board's length (zeros if none).
    Repeat,
}

impl LargeInput {
    /// The fills, indexed by the fill byte mod 8.
    pub const FILLS: [FillRule; 8] = [
        FillRule::Draw(Values::Uniform(Span { lo: -100, hi: 100 })),
        FillRule::Draw(Values::Small),
        FillRule::Draw(Values::Extreme),
        FillRule::Draw(Values::Spiky),
        FillRule::Draw(Values::Sorted),
        FillRule::Draw(Values::Zigzag),
        FillRule::Draw(Values::Palindrome),
        FillRule::Repeat,
    ];

    /// The bytes that decode to a board of `len` values (clamped into the
    /// game's range) starting with `prefix`'s board, the rest filled by
    /// `FILLS[fill % 8]` with `seed`.
    pub fn encode(prefix: &Case, len: usize, fill: u8, seed: u64) -> Vec<u8> {
        let room = large_max_len(prefix.game) - LARGE_MIN_LEN + 1;
        let selector = len.saturating_sub(LARGE_MIN_LEN).min(room - 1) as u16;
        let mut out = selector.to_le_bytes().to_vec();
        out.push(fill);
        out.extend_from_slice(&seed.to_le_bytes());
        out.extend(prefix.to_bytes());
        out
    }

    /// The board's length.
    pub fn board_len(&self) -> usize {
        let room = large_max_len(self.given.game) - LARGE_MIN_LEN + 1;
        LARGE_MIN_LEN + usize::from(self.selector) % room
    }

    /// The game and the whole board (possibly breaking the overflow rule
    /// through the given values).
    pub fn raw_case(&self) -> RawCase {
        let len = self.board_len();
        let given = &self.given.values;
        let mut values: Vec<i64> = match Self::FILLS[usize::from(self.fill % 8)] {
            FillRule::Draw(distribution) => {
                random_board(self.seed, 0, Span { lo: len, hi: len }, distribution).into_values()
            }
            FillRule::Repeat if given.is_empty() => vec![0; len],
            FillRule::Repeat => given.iter().copied().cycle().take(len).collect(),
        };
        let used = given.len().min(len);
        values[..used].copy_from_slice(&given[..used]);
        RawCase {
            game: self.given.game,
            values,
        }
    }
}

impl<'a> Arbitrary<'a> for LargeInput {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let mut byte = || u.bytes(1).map_or(0, |b| b[0]);
        let selector = u16::from_le_bytes([byte(), byte()]);
        let fill = byte();
        let seed = u64::from_le_bytes(std::array::from_fn(|_| byte()));
        let given = RawCase::decode(&mut u.bytes(u.len())?, large_max_len(Game::COINS));
        Ok(LargeInput {
            selector,
            fill,
            seed,
            given,
        })
    }
}

impl fmt::Debug for LargeInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_raw_case(f, &self.raw_case())
    }
}

/// Decodes `bytes` as the fuzz target does and insists that they are
/// exactly one input: at least `min_len` bytes, every one of them used (the
/// file without its last byte, if still long enough, decodes to something
/// else). A corpus file failing this holds bytes the decoding skips, for
/// example after a change of the layout, and libFuzzer would not say so.
pub fn decode_whole<'a, T>(bytes: &'a [u8], min_len: usize) -> Result<T, Finding>
where
    T: Arbitrary<'a> + PartialEq,
{
    if bytes.len() < min_len {
        return Err(format!(
            "has {} bytes; an input of this target has at least {min_len}",
            bytes.len()
        ));
    }
    // libfuzzer-sys decodes with `arbitrary_take_rest`, which for these types
    // is the default: `arbitrary` on the whole input.
    let decode = |bytes: &'a [u8]| T::arbitrary(&mut Unstructured::new(bytes));
    let input = decode(bytes).map_err(|e| format!("does not decode: {e}"))?;
    let mut used = bytes.len();
    while used > min_len && decode(&bytes[..used - 1]).as_ref() == Ok(&input) {
        used -= 1;
    }
    if used < bytes.len() {
        return Err(format!(
            "decodes to the same input from its first {used} of {} bytes (a \
             truncated value, or more values than the target reads); keep \
             those with `head -c {used}`",
            bytes.len()
        ));
    }
    Ok(input)
}

/// Checks Board::new's refusal against the overflow rule computed here in
/// i128: `Ok(Some(case))` for an accepted board, `Ok(None)` for a rightly
/// refused one.
fn validated(raw: &RawCase) -> Result<Option<Case>, Finding> {
    let abs_sum: i128 = raw.values.iter().map(|&v| i128::from(v).abs()).sum();
    let overflows = abs_sum > i128::from(i64::MAX);
    match (raw.clone().validate(), overflows) {
        (Ok(case), false) => admitted(case).map(Some),
        (Err(_), true) => Ok(None),
        (Ok(case), true) => Err(format!(
            "Board::new accepted a board whose absolute sum {abs_sum} overflows i64\n  case: {case}"
        )),
        (Err(e), false) => Err(format!(
            "Board::new refused a board whose absolute sum {abs_sum} fits in i64: {e}"
        )),
    }
}

/// `case` made playable in its game: a board whose totals could overflow
/// under `score=rest` or `putback` is scaled down ([`coinline_core::generate::admissible`]), after
/// checking that [`Game::admit`] refused exactly such a board.
fn admitted(case: Case) -> Result<Case, Finding> {
    let (n, abs) = (case.board.len() as i128, i128::from(case.board.abs_sum()));
    // Rest-scoring and put-back games score a value more than once: their
    // totals fit only when n * (sum of |values|) does (Game::admit's rule).
    let scores_once = case.game.score == coinline_core::rules::Score::Taken
        && case.game.memory != coinline_core::rules::Memory::PutBack;
    let fits = scores_once || n * abs <= i128::from(i64::MAX);
    match (case.game.admit(&case.board), fits) {
        (Ok(()), true) => Ok(case),
        (Err(_), false) => Ok(Case::new(
            case.game,
            coinline_core::generate::admissible(case.game, case.board),
        )),
        (Ok(()), false) => Err(format!(
            "Game::admit accepted a board whose totals may overflow\n  case: {case}"
        )),
        (Err(e), true) => Err(format!(
            "Game::admit refused a board whose totals fit: {e}\n  case: {case}"
        )),
    }
}

/// Runs `run_check` on `case`; on a violation, shrinks the rule set and
/// the board while the failure keeps its signature
/// ([`coinline_core::shrink::shrink_case`]) and describes both.
/// `run_check(game, board)` checks `board` in `game`.
fn verdict(case: &Case, run_check: impl Fn(Game, &Board) -> CaseReport) -> Result<(), Finding> {
    let report = run_check(case.game, &case.board);
    let Some(violation) = report.violation else {
        return Ok(());
    };
    let signature = violation.signature();
    let small = shrink_case(case, SHRINK_BUDGET, |g, b| {
        run_check(g, b).violation.map(|v| v.signature()).as_ref() == Some(&signature)
    });
    let mut message = format!("{signature}: {violation}\n  case: {case}");
    if small != *case {
        let again = run_check(small.game, &small.board)
            .violation
            .map_or(String::new(), |v| v.to_string());
        message += &format!("\n  shrunk: {small}\n  which fails as: {again}");
    }
    message += &format!(
        "\n  reproduce: cargo run --release -- solve --game {} --line --board='{}'",
        coinline_core::shell::shell_word(&small.game.name()),
        small.board
    );
    Err(message)
}

/// Minimax's limit in `solvers_agree`, per game (indexed like
/// [`Game::ALL`]): exhaustive search up to here, memo and table (and linear)
/// checked against each other above. Lower than the check's default (16, 12,
/// 10), whose last lengths cost 8 to 30 times the rest of a check: fuzzing
/// needs throughput (issue 14), and `compare` and the property tests run
/// minimax up to the default limits. Other games: a tree of 5,000 nodes.
pub fn solvers_agree_minimax_max(game: Game) -> usize {
    match game.kernel() {
        Some(Kernel::Coins | Kernel::StoneGame7) => 12,
        Some(Kernel::NumberGame) => 10,
        Some(Kernel::GameOfSum) => 8,
        None => coinline_core::solve::minimax::longest_within(game, 5e3),
    }
}

/// The longest board on which `solvers_agree` plays the heuristics too. The
/// `heuristics` target plays them on boards up to [`HEURISTICS_MAX_LEN`]
/// values; here they double the cost of a long board.
pub const SOLVERS_AGREE_HEURISTICS_MAX_LEN: usize = 24;

/// The most values `solvers_agree` checks for `game`: the input's first
/// ones. gameofsum and other games with an unbounded count stop at 16
/// (memo and generic, their independent solvers above minimax, are O(n^3)
/// there), every other game at 32: since every check also runs the generic
/// solvers, boards of 64 values took most of the fuzzer's time under
/// comparison tracing (issue 14). `large_boards` covers long boards.
pub fn solvers_agree_max_len(game: Game) -> usize {
    if unbounded(game) {
        16
    } else {
        32
    }
}

/// `solvers_agree`: the full check with `solvers` (the fuzz target passes
/// [`exact_solvers`]): agreement, every line but minimax's replayed,
/// invariants, minimax up to [`solvers_agree_minimax_max`], and the
/// built-in heuristics on boards up to [`SOLVERS_AGREE_HEURISTICS_MAX_LEN`]
/// values, on the first [`solvers_agree_max_len`] values of the input.
/// Minimax's own line is not asked for (it costs a second search; the
/// property tests replay it).
pub fn check_solvers_agree(raw: &RawCase, solvers: &[&dyn Solver]) -> Result<(), Finding> {
    let cut;
    let raw = match solvers_agree_max_len(raw.game) {
        max if raw.values.len() > max => {
            cut = RawCase {
                game: raw.game,
                values: raw.values[..max].to_vec(),
            };
            &cut
        }
        _ => raw,
    };
    let Some(case) = validated(raw)? else {
        return Ok(());
    };
    let config = |game: Game| CheckConfig {
        minimax_max: Some(solvers_agree_minimax_max(game)),
        minimax_lines: false,
        ..CheckConfig::default()
    };
    let plays = if case.board.len() <= SOLVERS_AGREE_HEURISTICS_MAX_LEN {
        heuristics()
    } else {
        &[]
    };
    verdict(&case, |g, b| check::check(g, b, solvers, plays, &config(g)))
}

/// The solvers of the `planted` target: the exact solvers with
/// [`PlantedTable`] (the planted bug, see [`coinline_core::mutants`]) in table's place.
pub const PLANTED_SOLVERS: [&dyn Solver; 4] = [&Minimax, &Memo, &Linear, &PlantedTable];

/// `planted`: [`check_solvers_agree`] with [`PLANTED_SOLVERS`]. It must find
/// a problem: on numbergame boards of three or more values the planted table
/// disagrees. `scripts/fuzz-smoke.sh` requires the target to crash.
pub fn check_planted(raw: &RawCase) -> Result<(), Finding> {
    check_solvers_agree(raw, &PLANTED_SOLVERS)
}

/// `heuristics`: `heuristics` played against a best-responding opponent and
/// compared with `reference`'s optimal value (the generic table's where
/// `reference` does not implement the game) (the check without its solver
/// comparison and invariants): lines replay, no heuristic beats optimal,
/// documented guarantees hold.
pub fn check_heuristics(
    raw: &RawCase,
    reference: &dyn Solver,
    heuristics: &[&dyn Heuristic],
) -> Result<(), Finding> {
    let Some(case) = validated(raw)? else {
        return Ok(());
    };
    let config = CheckConfig {
        invariants: false,
        ..CheckConfig::default()
    };
    // A specialised reference covers its own games; the generic table the rest.
    let reference = |game: Game| {
        if reference.supports(game) {
            reference
        } else {
            &coinline_core::solve::Generic
        }
    };
    verdict(&case, |g, b| {
        check::check(g, b, &[reference(g)], heuristics, &config)
    })
}

/// `large_boards`: `solvers` compared on a long board (minimax disabled,
/// every other solver within its own limit), with the invariants but
/// without heuristics (the `heuristics` target covers those).
pub fn check_large_boards(raw: &RawCase, solvers: &[&dyn Solver]) -> Result<(), Finding> {
    let Some(case) = validated(raw)? else {
        return Ok(());
    };
    let config = CheckConfig::default().with_minimax_max(0);
    verdict(&case, |g, b| check::check(g, b, solvers, &[], &config))
}

/// `linear`: the linear-time coins solver against table on a long board,
/// played as coins whatever game the input names.
pub fn check_linear(raw: &RawCase) -> Result<(), Finding> {
    let coins = RawCase {
        game: Game::COINS,
        values: raw.values.clone(),
    };
    check_large_boards(&coins, &[&Linear, &Table])
}

/// `parse`: every text format the project reads, on arbitrary bytes
/// (boards, cases, lines, games, ranges, distributions, solver and heuristic
/// names). Each parser must return a value or a one-line error; a parsed value printed
/// and parsed again must be equal. Also: bytes in the corpus layout that
/// decode to a valid case encode back to a decoding of the same case, and
/// `CASE|LINE` replays without a panic.
pub fn check_parse(bytes: &[u8]) -> Result<(), Finding> {
    let text = String::from_utf8_lossy(bytes);
    let text = text.as_ref();
    round_trip::<Board>("board", text)?;
    round_trip::<Case>("case", text)?;
    round_trip::<Line>("line", text)?;
    round_trip::<Game>("game", text)?;
    check_rule_set(text)?;
    round_trip::<Span<i64>>("span", text)?;
    round_trip::<Span<usize>>("length span", text)?;
    round_trip::<Values>("distribution", text)?;
    let lookups = [solver_by_name(text).err(), heuristic_by_name(text).err()];
    for e in lookups.into_iter().flatten() {
        one_line("name lookup", text, &e.to_string())?;
    }
    check_streamed_board(bytes, text)?;
    let tokens: Vec<&str> = text.split_whitespace().collect();
    if let Ok(board) = Board::from_tokens(&tokens) {
        same(
            "board from tokens",
            text,
            &board,
            &Board::parse(&board.to_string()),
        )?;
    }
    if let Some((case, line)) = text.split_once('|') {
        if let (Ok(case), Ok(line)) = (case.parse::<Case>(), line.parse::<Line>()) {
            if let Err(e) = replay(case.game, &case.board, &line) {
                one_line("replay", text, &e.to_string())?;
            }
        }
    }
    if let Ok(case) = RawCase::from_bytes(bytes, usize::MAX).validate() {
        let back = RawCase::from_bytes(&case.to_bytes(), usize::MAX).validate();
        same("case bytes", text, &case, &back)?;
    }
    let (problems, built_ins) = problems();
    for problem in problems {
        let what = format!("{problem} input");
        match judge::parse_input_bytes(problem, bytes) {
            Ok(boards) => {
                let again = judge::parse_input(problem, &problem.write_input(&boards));
                same(&what, text, &boards, &again)?;
            }
            Err(e) => one_line(&what, text, &e.to_string())?,
        }
    }
    for problem in built_ins {
        for cases in [0, 1, 3] {
            if let Err(e) = judge::parse_answers_bytes(problem.answer(), bytes, cases) {
                one_line("judge answers", text, &e.to_string())?;
            }
        }
    }
    Ok(())
}

/// Every judge problem and the built-in ones, read once per process: parsing
/// their TOML took three fifths of each `parse` input's time.
fn problems() -> &'static (Vec<judge::Problem>, Vec<judge::Problem>) {
    static PROBLEMS: std::sync::OnceLock<(Vec<judge::Problem>, Vec<judge::Problem>)> =
        std::sync::OnceLock::new();
    PROBLEMS.get_or_init(|| (judge::Problem::all(), judge::spec::built_ins()))
}

/// Panics with `finding`, for the fuzz targets.
fn expect_ok(target: &str, finding: Result<(), Finding>) {
    if let Err(message) = finding {
        panic!("coinline fuzz target {target} found a problem\n  {message}");
    }
}

/// The `solvers_agree` fuzz target.
pub fn solvers_agree(input: &SolversAgreeInput) {
    expect_ok(
        "solvers_agree",
        check_solvers_agree(&input.0, exact_solvers()),
    );
}

/// The `planted` fuzz target: must crash (see [`check_planted`]).
pub fn planted(input: &SolversAgreeInput) {
    expect_ok("planted", check_planted(&input.0));
}

/// The `heuristics` fuzz target: the built-in heuristics against table.
pub fn heuristics_bounds(input: &HeuristicsInput) {
    expect_ok(
        "heuristics",
        check_heuristics(&input.0, &Table, heuristics()),
    );
}

/// The `parse` fuzz target.
pub fn parse(input: &ParseInput<'_>) {
    expect_ok("parse", check_parse(input.0));
}

/// The `large_boards` fuzz target: every registered exact solver.
pub fn large_boards(input: &LargeInput) {
    expect_ok(
        "large_boards",
        check_large_boards(&input.raw_case(), exact_solvers()),
    );
}

/// The `linear` fuzz target: `linear` against `table` on long coins boards.
pub fn linear(input: &LargeInput) {
    expect_ok("linear", check_linear(&input.raw_case()));
}

/// A fuzz target as the corpus replay sees it.
#[derive(Clone, Copy)]
pub struct Target {
    /// The target's name: its file in `fuzz/fuzz_targets/` and its folder in
    /// `corpus/`.
    pub name: &'static str,
    /// Decodes a corpus file strictly ([`decode_whole`]) and runs the
    /// target's check on it.
    pub replay: fn(&[u8]) -> Result<(), Finding>,
    /// Whether the target exists to fail (`planted`): its corpus holds
    /// inputs it must find a problem on, and fuzzing it must crash.
    pub must_fail: bool,
}

/// Every fuzz target.
pub const TARGETS: [Target; 6] = [
    Target {
        name: "solvers_agree",
        replay: |bytes| {
            check_solvers_agree(
                &decode_whole::<SolversAgreeInput>(bytes, 1)?.0,
                exact_solvers(),
            )
        },
        must_fail: false,
    },
    Target {
        name: "planted",
        replay: |bytes| check_planted(&decode_whole::<SolversAgreeInput>(bytes, 1)?.0),
        must_fail: true,
    },
    Target {
        name: "heuristics",
        replay: |bytes| {
            let input = decode_whole::<HeuristicsInput>(bytes, 1)?;
            check_heuristics(&input.0, &Table, heuristics())
        },
        must_fail: false,
    },
    Target {
        name: "parse",
        replay: |bytes| check_parse(decode_whole::<ParseInput>(bytes, 0)?.0),
        must_fail: false,
    },
    Target {
        name: "large_boards",
        replay: |bytes| {
            check_large_boards(
                &decode_whole::<LargeInput>(bytes, 12)?.raw_case(),
                exact_solvers(),
            )
        },
        must_fail: false,
    },
    Target {
        name: "linear",
        replay: |bytes| check_linear(&decode_whole::<LargeInput>(bytes, 12)?.raw_case()),
        must_fail: false,
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fuzz_finding_is_reported_in_the_simplest_rule_set_that_fails() {
        // The planted solver is wrong wherever a take of one is allowed: a
        // finding in take=1..3 delete=2 is shrunk to coins, and its
        // reproduce line names coins.
        let solvers: [&dyn Solver; 3] =
            [&Minimax, &Memo, &coinline_core::mutants::OffWhenTakingOne];
        let raw = RawCase {
            game: "take=1..3 delete=2".parse().unwrap(),
            values: vec![5, -3, 8, 1, 9, -7],
        };
        let finding = check_solvers_agree(&raw, &solvers).unwrap_err();
        assert!(
            finding.starts_with("disagree:off-when-taking-one"),
            "{finding}"
        );
        assert!(
            finding.contains("case: take=1..3 delete=2: 5 -3 8 1 9 -7"),
            "{finding}"
        );
        assert!(finding.contains("\n  shrunk: coins: "), "{finding}");
        assert!(
            finding.contains("reproduce: cargo run --release -- solve --game coins --line"),
            "{finding}"
        );
        // A rule set the planted solver gets right is not blamed.
        let right = RawCase {
            game: "take=2".parse().unwrap(),
            values: raw.values.clone(),
        };
        assert!(check_solvers_agree(&right, &solvers).is_ok());
    }

    #[test]
    fn take_rest_decodes_like_arbitrary() {
        // libFuzzer uses arbitrary_take_rest; the replay uses arbitrary.
        for bytes in [&b""[..], &[1, 90, 200, 3, 0, 255], &[7; 40]] {
            let mut u = Unstructured::new(bytes);
            let a = SolversAgreeInput::arbitrary(&mut u).unwrap();
            let b = SolversAgreeInput::arbitrary_take_rest(Unstructured::new(bytes)).unwrap();
            assert_eq!(a, b);
            let mut u = Unstructured::new(bytes);
            let a = LargeInput::arbitrary(&mut u).unwrap();
            let b = LargeInput::arbitrary_take_rest(Unstructured::new(bytes)).unwrap();
            assert_eq!(a, b);
            let b = ParseInput::arbitrary_take_rest(Unstructured::new(bytes)).unwrap();
            assert_eq!(b.0, bytes);
        }
    }

    #[test]
    fn debug_prints_pasteable_text() {
        let case: Case = "coins: 8 15 3 7".parse().unwrap();
        let input = decode_whole::<SolversAgreeInput>(&case.to_bytes(), 1).unwrap();
        assert_eq!(format!("{input:?}"), "coins: 8 15 3 7");
        let refused = CaseInput::<4>(RawCase {
            game: Game::NUMBERGAME,
            values: vec![i64::MIN, 1],
        });
        assert_eq!(format!("{refused:?}"), "numbergame: -9223372036854775808 1");
        assert_eq!(format!("{:?}", ParseInput(b"1 \"2\"")), r#""1 \"2\"""#);
        assert_eq!(format!("{:?}", ParseInput(b"1\xff")), r#"b"1\xff""#);
    }

    #[test]
    fn many_counts_shorten_large_boards_as_an_unbounded_count_does() {
        let game = |text: &str| text.parse::<Game>().unwrap();
        assert_eq!(large_max_len(Game::COINS), 1200);
        assert_eq!(large_max_len(Game::STONEGAME3), 1200);
        assert_eq!(large_max_len(game("take=1..8")), 1200);
        assert_eq!(large_max_len(game("take=1..9")), 300);
        assert_eq!(large_max_len(game("take=1..63 delete=1")), 300);
        assert_eq!(large_max_len(Game::GAMEOFSUM), 300);
    }

    #[test]
    fn large_inputs_have_the_encoded_length_and_prefix() {
        let prefix: Case = "gameofsum: 5 -3 7".parse().unwrap();
        for (len, fill) in [(200, 0), (333, 2), (400, 7), (9999, 7), (0, 6)] {
            let bytes = LargeInput::encode(&prefix, len, fill, 42);
            let input = decode_whole::<LargeInput>(&bytes, 12).unwrap().raw_case();
            let expected = len.clamp(LARGE_MIN_LEN, large_max_len(Game::GAMEOFSUM));
            assert_eq!(input.values.len(), expected);
            assert_eq!(input.game, Game::GAMEOFSUM);
            assert_eq!(input.values[..3], [5, -3, 7]);
            if fill == 7 {
                assert_eq!(input.values[3..6], [5, -3, 7]);
            }
        }
    }

    #[test]
    fn decode_whole_refuses_short_and_trailing_bytes() {
        assert!(decode_whole::<SolversAgreeInput>(&[], 1).is_err());
        // A truncated i16 payload after the value 1.
        let err = decode_whole::<SolversAgreeInput>(&[0, 97, 192, 5], 1).unwrap_err();
        assert!(err.contains("first 2 of 4 bytes"), "{err}");
        let err = decode_whole::<SolversAgreeInput>(&[0, 97, 192], 1).unwrap_err();
        assert!(err.contains("first 2 of 3 bytes"), "{err}");
        assert!(decode_whole::<SolversAgreeInput>(&[0], 1).is_ok());
        assert!(decode_whole::<LargeInput>(&[0; 12], 12).is_ok());
        let too_many = [vec![0u8], vec![96; SOLVERS_AGREE_MAX_LEN + 1]].concat();
        assert!(decode_whole::<SolversAgreeInput>(&too_many, 1).is_err());
        assert!(decode_whole::<LargeInput>(&[0; 11], 12).is_err());
    }

    #[test]
    fn overflow_refusal_is_checked_both_ways() {
        let raw = |values: Vec<i64>| RawCase {
            game: Game::COINS,
            values,
        };
        assert_eq!(validated(&raw(vec![i64::MAX, 1])), Ok(None));
        assert_eq!(validated(&raw(vec![i64::MIN])), Ok(None));
        let case = validated(&raw(vec![i64::MAX, 0])).unwrap().unwrap();
        assert_eq!(case.board.values(), &[i64::MAX, 0]);
    }

    #[test]
    fn parse_check_accepts_every_format_and_flags_bad_round_trips() {
        for text in [
            "8 15 3 7",
            "coins: 8 15 3 7|R L L L",
            "L DR R3",
            "-3..5",
            "zigzag",
            "",
        ] {
            check_parse(text.as_bytes()).unwrap();
        }
        // The check itself must be able to fail: a value whose Display does
        // not parse back.
        let err = same("board", "x", &1, &Ok(2)).unwrap_err();
        assert!(err.contains("does not print and parse back"), "{err}");
        assert!(one_line("board", "x", "two\nlines").is_err());
    }
}

//! The fixed notes of each rule set's outcome report: what is known of the
//! rules' outcomes, written once and quoted under the tables.

use coinline_core::play::Game;
use coinline_core::rules::{Ends, Score};

/// The k of "take 1..k from either end, scoring what is taken, on a line",
/// if the rule set is one of those.
pub fn take_up_to(game: Game) -> Option<usize> {
    let plain = game.ends == Ends::Both
        && game.delete.is_empty()
        && game.score == Score::Taken
        && !game.circle;
    let mut runs = game.take.runs();
    let k = match (runs.next(), runs.next(), game.take.is_unbounded()) {
        (Some((1, k)), None, false) => k,
        _ => return None,
    };
    plain.then_some(k)
}

/// The hand-written notes of a rule set: proofs of what the tables show.
pub(super) fn notes(game: Game) -> &'static str {
    match game.name().as_str() {
        "coins" => COINS_NOTES,
        "numbergame" => NUMBERGAME_NOTES,
        "gameofsum" => GAMEOFSUM_NOTES,
        "stonegame7" => STONEGAME7_NOTES,
        "stonegame3" => STONEGAME3_NOTES,
        "pizza" => PIZZA_NOTES,
        _ if take_up_to(game).is_some() => TAKE_NOTES,
        _ => "",
    }
}

const COINS_NOTES: &str = "\
**Even n: the first player never loses.** This is the parity strategy, proved in \
[the odd-n report](../../odd-n/README.md) (section 3): with an even number of values the first \
player can collect every value at odd positions, or every value at even positions, and takes \
the larger. With odd n the first move spends that choice and the first player can lose. The \
odd-n report also proves the odd-n bound and the greedy families; this report is the same \
study run through the generic outcome driver, for comparison with the other rule sets.
";

const NUMBERGAME_NOTES: &str = "\
**Deletions break the parity strategy, and the first player can lose with even n.** The \
parity argument needs every move to remove exactly one value, so that the first player can \
always uncover values of one colour for the opponent. A delete of two keeps the colours of \
the ends and lets either player hand the move back at the same parity, and the argument no \
longer applies. It does not merely fail to prove a win: section 4 gives the smallest even \
boards the first player loses, each confirmed by every exact solver (minimax, memo, generic, \
table) and the full check, so they are counterexamples to \"the first player never loses with \
even n\".

**Odd n.** The first player can lose, as in coins: `-1` (n = 1: a delete of two is not \
legal with one value, so the only move takes the -1), and with positive values `1 3 1`: \
taking a 1 leaves `3 1` or `1 3`, where the opponent takes the 3 and the first player ends \
with 2 against 3; deleting two leaves a single 1 for the opponent. Either way the value is -1.
";

const GAMEOFSUM_NOTES: &str = "\
**With values >= 0 the first player never loses, and gets everything.** A move may take all \
n values, which scores the whole sum S; no line of play can give the first player more than \
S minus what the opponent scores, and the opponent scores at least 0. So the value is exactly \
S, the worst share is 1 (section 5), and every loss needs a negative value (section 4: `-1`, \
and for even n the smallest signed board found).
";

const STONEGAME7_NOTES: &str = "\
**Claim (LeetCode 1690's \"Bob always loses\"): with values >= 1 and n >= 2 the first player \
wins; with n = 1 the game is a tie (the only move scores nothing).** Proof. Number the moves \
1..n; the first player makes the odd-numbered ones. A stone removed at move t is on the board \
after each of the moves 1..t-1, and each of those moves scores it once for its mover (the move \
that removes it scores it for nobody). Of the moves 1..t-1, the first player made one more \
than the second when t - 1 is odd, and as many when t - 1 is even. So the stone adds its value \
to the difference (first minus second) exactly when it is removed on an even-numbered move, by \
the second player, and nothing otherwise:

    difference = the sum of the stones the second player removes.

The second player removes floor(n / 2) stones, so with values >= 0 the difference is >= 0 on \
every line, optimal or not, and with values >= 1 and n >= 2 it is >= 1. The tables agree: no \
loss with alphabet 0..4 or values 1..100 (section 2), and the searches of section 4 find none \
with values >= 0.

**Negative values: the first player can lose**, from n = 2 on: `-1 -1` (whoever moves second \
removes a -1) and `-1 -1 -1` (section 4). The identity above says more: the first player wants \
the second to remove a large sum, which is the same as removing a small sum themself (the two \
removed sums add up to S); so each player, in turn, removes one end stone trying to minimise \
their own removed sum. That is coins played on the negated board, and the value is \
(S + coins(-v)) / 2, where coins(-v) is the coins value of the board with every sign flipped \
(on LeetCode's `5 3 1 4 2`: (15 + (-3)) / 2 = 6). With even n the coins value is >= |O - E| \
>= 0 (parity strategy), so the first player can lose with even n only when the sum S is \
negative.
";

const STONEGAME3_NOTES: &str = "\
**From the left end only, the first player can lose with values >= 1**, for odd and even n \
(section 4; LeetCode 1406's own example `1 2 3 7` is a loss, value -1). No parity argument \
applies: the opponent always gets the next values in order, and taking three can hand them a \
large value just as taking one can.
";

const PIZZA_NOTES: &str = "\
**Even n: the first player never loses, whatever the signs, and with values >= 0 gets at least \
half.** Colour the slices alternately around the circle (n even, so the colours alternate all \
the way round). After the first slice the pizza is a line of n - 1 slices whose two ends are \
next to the slice taken, so both are of the other colour; from then on the parity strategy of \
coins works: whatever end the opponent takes uncovers a slice of the first player's colour. \
Taking a slice of the colour with the larger sum first, the first player collects that whole \
colour, a difference of at least 0. The tables agree (no even-n loss over 0..4 or -2..2), and \
the worst even-n share in section 5 is exactly 1/2 (`1 1`).

**Odd n and the 4/9 theorem.** Cibulka, Kyncl, Meszaros, Stolar and Valtr proved that the \
first player can always get at least 4/9 of any pizza with non-negative slices, and that 4/9 \
cannot be improved. Measured here (section 5): on every pizza of up to 8 slices of sizes 0..4 \
and on every pizza of up to 16 slices of sizes 0 and 1 (section 4, \"values 0 and 1\"), the \
first player never gets less than half; the smallest pizzas where they get no more than half \
are `1 1` (even n) and `0 1 1` (odd n), and with slices >= 1 and odd n none was found within \
the search. Longer random pizzas do go below half (section 5 names the lowest, with the \
command that solves it), and none goes below 4/9, as the theorem says; the pizzas that \
approach 4/9 are not among the boards this study covers.
";

const TAKE_NOTES: &str = "\
**Take 1..k from either end.** With k = 1 (coins) the first player never loses with even n, by \
the parity strategy. For k >= 2 no residue of n mod (k + 1) is safe: section 6 gives, per \
residue, the loss rate and the shortest length with a lost board with values >= 0. On the short \
enumerated boards the losses with values >= 0 sit at some residues only, but random boards of \
the other residues are lost too, so that pattern is one of small n, not a rule. Section 4 gives \
the smallest lost boards; the summary in [../README.md](../README.md) compares k = 1, 2, 3.
";

//! The data of the page's play mode: for every interval, its value and each
//! legal move with what it scores, what it costs against the best move and
//! the interval it leaves, plus the move optimal play, greedy and parity
//! choose there. The page's script only looks these up and adds the gains
//! (as BigInt), so it cannot disagree with the library.

use super::{interval, Explanation};
use coinline_core::strategy::{Greedy, Heuristic, Parity};
use serde_json::{json, Value};

/// The play data as JSON for a `<script type="application/json">` element:
/// `{"n", "values", "parity", "pos"}`, where `pos[l * (n + 1) + r]` is
/// `null` for an empty interval and otherwise `{"v", "m", "best", "greedy",
/// "parity"}`: `v` the interval's value, `m` its legal moves in
/// [`coinline_core::play::Game::moves`] order as `[name, gain, worth, cost,
/// left, right]` (numbers that can pass 2^53 as decimal strings), and the
/// other three indices into `m` (`parity` only where the parity strategy
/// applies, as the first player on an even row of coins).
pub(super) fn play_data(x: &Explanation) -> String {
    let (game, values, table) = (x.game, x.board.values(), &x.table);
    let n = values.len();
    let greedy = Greedy.policy(game, &x.board).ok();
    let parity = Parity.policy(game, &x.board).ok();
    let mut pos = vec![Value::Null; (n + 1) * (n + 1)];
    for l in 0..n {
        for r in l + 1..=n {
            let at = interval(l, r);
            let value = table.value(at);
            let moves: Vec<_> = table.moves(at).collect();
            let index = |mv| moves.iter().position(|&m| m == mv);
            let listed: Vec<Value> = moves
                .iter()
                .map(|&mv| {
                    let (gain, next) = table.play(mv, at);
                    let (l2, r2) = (next.left, next.right);
                    // Fits: both terms are bounded by the interval's absolute sum.
                    let worth = gain - table.value(next);
                    // i128: the cost can pass i64 on extreme boards.
                    let cost = i128::from(value) - i128::from(worth);
                    json!([
                        mv.to_string(),
                        gain.to_string(),
                        worth.to_string(),
                        cost.to_string(),
                        l2,
                        r2
                    ])
                })
                .collect();
            let best = table.best_move(at).and_then(index);
            let greedy = greedy.as_ref().filter(|_| !moves.is_empty());
            // Parity plays first on an even row, so it only meets even lengths.
            let parity = parity
                .as_ref()
                .filter(|_| !moves.is_empty() && (r - l) % 2 == 0);
            pos[l * (n + 1) + r] = json!({
                "v": value.to_string(),
                "m": listed,
                "best": best,
                "greedy": greedy.and_then(|p| index(p(l, r))),
                "parity": parity.and_then(|p| index(p(l, r))),
            });
        }
    }
    let data = json!({
        "n": n,
        "values": values.iter().map(i64::to_string).collect::<Vec<_>>(),
        "parity": parity.is_some(),
        "pos": pos,
    });
    // No `<` may reach the page's script element (`</script>` would end it);
    // in JSON it can only occur inside a string, where \u003c means the same.
    data.to_string().replace('<', "\\u003c")
}

#[cfg(test)]
mod tests {
    use super::super::explain;
    use super::*;
    use coinline_core::board::Board;
    use coinline_core::play::{Game, Move};
    use coinline_core::solve::{solve, Memo};

    fn data(game: Game, text: &str) -> (Board, Value) {
        let board = Board::parse(text).unwrap();
        let x = explain(game, &board).unwrap();
        let json = play_data(&x);
        (board, serde_json::from_str(&json).unwrap())
    }

    fn num(v: &Value) -> i128 {
        v.as_str().unwrap().parse().unwrap()
    }

    #[test]
    fn every_cost_is_the_value_minus_the_moves_worth_by_the_solver() {
        for (game, text) in [
            (Game::COINS, "8 15 3 7"),
            (Game::NUMBERGAME, "100 -1000 -1000 100 -1000 -1000"),
            (Game::GAMEOFSUM, "-7 3 8 -2 5"),
        ] {
            let (board, d) = data(game, text);
            let n = board.len();
            let f = |l: usize, r: usize| -> i128 {
                if l == r {
                    return 0;
                }
                let sub = Board::new(board.values()[l..r].to_vec()).unwrap();
                i128::from(solve(&Memo, game, &sub, false).unwrap().difference)
            };
            assert!(d["pos"][0].is_null());
            for l in 0..n {
                for r in l + 1..=n {
                    let p = &d["pos"][l * (n + 1) + r];
                    assert_eq!(num(&p["v"]), f(l, r), "{game} {text} {l}..{r}");
                    let moves = p["m"].as_array().unwrap();
                    assert_eq!(moves.len(), game.moves(r - l).count());
                    for m in moves {
                        let (gain, l2, r2) =
                            (num(&m[1]), m[4].as_u64().unwrap(), m[5].as_u64().unwrap());
                        let worth = gain - f(l2 as usize, r2 as usize);
                        assert_eq!(num(&m[2]), worth);
                        assert_eq!(num(&m[3]), f(l, r) - worth, "{game} {text} {l}..{r} {m}");
                        m[0].as_str().unwrap().parse::<Move>().unwrap();
                    }
                    let best = &moves[p["best"].as_u64().unwrap() as usize];
                    assert_eq!(num(&best[3]), 0);
                    assert!(p["greedy"].is_u64());
                }
            }
        }
    }

    #[test]
    fn parity_only_on_even_rows_of_coins_and_no_angle_bracket() {
        let (_, even) = data(Game::COINS, "1 2 3 4");
        assert_eq!(even["parity"], true);
        assert!(even["pos"][4]["parity"].is_u64());
        assert!(even["pos"][5 + 4]["parity"].is_null());
        let (_, odd) = data(Game::COINS, "1 2 3");
        assert_eq!(odd["parity"], false);
        assert!(odd["pos"][3]["parity"].is_null());
        let b = Board::parse("1 2").unwrap();
        let x = explain(Game::COINS, &b).unwrap();
        assert!(!play_data(&x).contains('<'));
    }
}

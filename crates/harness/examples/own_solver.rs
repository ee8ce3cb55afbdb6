//! Put a solver of your own through coinline's machinery: the check, the
//! board generators and shrinking.
//!
//! `TextbookCoins` is the classic table for coins in a line, written as it
//! often is: F(i, j), the mover's best total on values i..=j, is
//! max(v_i + min(F(i+2, j), F(i+1, j-1)), v_j + min(F(i+1, j-1), F(i, j-2))).
//! It keeps totals in `i32`: right on everyday coins, wrong on large values.
//! The example runs it next to the built-in table solver over three value
//! distributions and reports the first disagreement, shrunk.
//!
//! Run with `cargo run --release -p coinline-harness --example own_solver`.

#![allow(clippy::disallowed_macros)] // an example prints what it finds

use coinline_core::generate::{Span, Values};
use coinline_core::progress::Quiet;
use coinline_core::solve::{Solver, Table};
use coinline_core::{Board, Case, Game};
use coinline_harness::compare::{run, Boards, CompareOptions};

/// The textbook total table, with 32-bit totals (the bug the example finds).
struct TextbookCoins;

impl Solver for TextbookCoins {
    fn name(&self) -> &str {
        "textbook"
    }

    fn supports(&self, game: Game) -> bool {
        game == Game::COINS
    }

    fn difference(&self, _game: Game, board: &Board) -> i64 {
        let v: Vec<i32> = board.values().iter().map(|&x| x as i32).collect();
        let n = v.len();
        if n == 0 {
            return 0;
        }
        // f[i][j]: the mover's best total on v[i..=j]; 0 when i > j.
        let mut f = vec![vec![0i32; n]; n];
        let at = |f: &Vec<Vec<i32>>, i: usize, j: Option<usize>| match j {
            Some(j) if i <= j && j < n => f[i][j],
            _ => 0,
        };
        for len in 1..=n {
            for i in 0..=n - len {
                let j = i + len - 1;
                let take_left =
                    v[i].wrapping_add(at(&f, i + 2, Some(j)).min(at(&f, i + 1, j.checked_sub(1))));
                let take_right = v[j].wrapping_add(at(&f, i + 1, j.checked_sub(1)).min(at(
                    &f,
                    i,
                    j.checked_sub(2),
                )));
                f[i][j] = take_left.max(take_right);
            }
        }
        // Difference = first - second = 2 * first - sum.
        2 * i64::from(f[0][n - 1]) - v.iter().map(|&x| i64::from(x)).sum::<i64>()
    }
}

fn main() -> coinline_core::Result<()> {
    let solvers: [&dyn Solver; 2] = [&Table, &TextbookCoins];
    for values in [
        Values::Uniform(Span { lo: 1, hi: 100 }),
        Values::Spiky,
        Values::Extreme,
    ] {
        let options = CompareOptions {
            games: vec![Game::COINS],
            lengths: Span { lo: 1, hi: 16 },
            boards: Boards::Random {
                count: 20_000,
                values,
            },
            seed: 2024,
            max_failures: 1,
            ..CompareOptions::default()
        };
        let outcome = run(&options, &solvers, &[], &Quiet)?;
        match outcome.failures.first() {
            None => println!(
                "values {values}: {} boards, no disagreement",
                outcome.boards
            ),
            Some(f) => {
                println!("values {values}: board {} fails: {}", f.index, f.violation);
                println!("  found:  {}", Case::new(f.game, f.found.clone()));
                println!("  shrunk: {} ({})", f.shrunk_case(), f.shrunk_violation);
            }
        }
    }
    Ok(())
}

//! Criterion benchmarks of the exact solvers at the sizes named by the
//! performance targets of issue 7 (see reports/PERFORMANCE.md).
//!
//! `cargo bench --bench solvers` runs them all; add a filter such as
//! `cargo bench --bench solvers -- table/coins` to run some.

use coinline_core::solve::table::{value_with, Isa};
use coinline_core::solve::{linear, Generic, Memo, Minimax, Solver, Table};
use coinline_core::Game;
use coinline_harness::bench::board;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use std::hint::black_box;
use std::time::Duration;

const SEED: u64 = 1;

/// Table's value fill per instruction set, coins and numbergame at the
/// target size, and gameofsum.
fn table(c: &mut Criterion) {
    let mut group = c.benchmark_group("table");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(4));
    for (game, n) in [
        (Game::COINS, 20_000),
        (Game::NUMBERGAME, 20_000),
        (Game::GAMEOFSUM, 5_000),
    ] {
        let b = board(SEED, n);
        for isa in Isa::ALL.into_iter().filter(|i| i.available()) {
            if game == Game::GAMEOFSUM && isa != Isa::Portable {
                continue; // one scalar fill for every instruction set
            }
            let id = BenchmarkId::new(format!("{game}/{}", isa.name()), n);
            group.bench_with_input(id, &b, |bench, b| {
                let kernel = game.kernel().expect("a kernel");
                bench.iter(|| value_with(kernel, black_box(b.values()), isa))
            });
        }
    }
    group.finish();
}

fn linear_coins(c: &mut Criterion) {
    let mut group = c.benchmark_group("linear");
    group.sample_size(10);
    for n in [100_000, 10_000_000] {
        let b = board(SEED, n);
        group.bench_with_input(BenchmarkId::new("coins", n), &b, |bench, b| {
            bench.iter(|| linear::value(black_box(b.values())))
        });
    }
    group.finish();
}

fn exhaustive(c: &mut Criterion) {
    let mut group = c.benchmark_group("minimax");
    group.sample_size(10);
    for (game, n) in [
        (Game::COINS, 25),
        (Game::NUMBERGAME, 18),
        (Game::GAMEOFSUM, 15),
    ] {
        let b = board(SEED, n);
        group.bench_with_input(BenchmarkId::new(game.name(), n), &b, |bench, b| {
            bench.iter(|| Minimax.difference(game, black_box(b)))
        });
    }
    group.finish();
}

fn memo(c: &mut Criterion) {
    let mut group = c.benchmark_group("memo");
    group.sample_size(10);
    let b = board(SEED, 5_000);
    group.bench_with_input(BenchmarkId::new("coins", 5_000), &b, |bench, b| {
        bench.iter(|| Memo.difference(Game::COINS, black_box(b)))
    });
    group.finish();
}

/// The generic table against the specialised one, per alias, at n = 1,000
/// (LeetCode's limit for Stone Game VII); values kept small enough for
/// every alias to admit the board.
fn generic_vs_specialised(c: &mut Criterion) {
    let mut group = c.benchmark_group("generic");
    group.sample_size(10);
    let n = 1_000;
    let b = coinline_core::generate::admissible(Game::STONEGAME7, board(SEED, n));
    for game in Game::ALL {
        group.bench_with_input(BenchmarkId::new(game.name(), n), &b, |bench, b| {
            bench.iter(|| Generic.difference(game, black_box(b)))
        });
        if Table.supports(game) {
            let id = BenchmarkId::new(format!("{game}/table"), n);
            group.bench_with_input(id, &b, |bench, b| {
                bench.iter(|| Table.difference(game, black_box(b)))
            });
        }
    }
    group.finish();
}

criterion_group!(
    benches,
    table,
    linear_coins,
    exhaustive,
    memo,
    generic_vs_specialised
);
criterion_main!(benches);

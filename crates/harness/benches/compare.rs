//! Per-board throughput of `compare`: generation, the full check (every
//! exact solver, minimax up to its check limit, the invariants, every
//! heuristic), tallying and CSV rows, for boards of 1..16 values.
//!
//! `cargo bench --bench compare`; criterion prints elements per second,
//! an element being one check (a board in one game): boards per second for
//! one game, six times that for `all`. Multiply by 60 for a minute.

use coinline_core::generate::Span;
use coinline_core::progress::Quiet;
use coinline_core::solve::exact_solvers;
use coinline_core::strategy::heuristics;
use coinline_core::Game;
use coinline_harness::compare::{run, Boards, CompareOptions};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

/// Boards per iteration. `cargo test` runs each benchmark once in a debug
/// build as a smoke test: a few boards are enough there.
const BOARDS: u64 = if cfg!(debug_assertions) { 50 } else { 2_000 };

fn compare(c: &mut Criterion) {
    let mut group = c.benchmark_group("compare");
    group.sample_size(10);
    let all = Game::ALL.to_vec();
    for (games, jobs) in [
        (vec![Game::COINS], 1),
        (vec![Game::COINS], 2),
        (vec![Game::NUMBERGAME], 1),
        (vec![Game::GAMEOFSUM], 1),
        (all.clone(), 2),
    ] {
        // Elements are checks: one per board and game.
        group.throughput(Throughput::Elements(BOARDS * games.len() as u64));
        let name = if games == all {
            "all".to_string()
        } else {
            games[0].name()
        };
        let options = CompareOptions {
            games,
            lengths: Span { lo: 1, hi: 16 },
            boards: Boards::random(BOARDS),
            seed: 1,
            jobs,
            ..CompareOptions::default()
        };
        let id = BenchmarkId::new(name, format!("{jobs}-jobs"));
        group.bench_with_input(id, &options, |b, options| {
            b.iter(|| {
                let outcome = run(options, exact_solvers(), heuristics(), &Quiet).unwrap();
                assert_eq!(outcome.failed, 0);
                outcome.boards
            })
        });
    }
    group.finish();
}

criterion_group!(benches, compare);
criterion_main!(benches);

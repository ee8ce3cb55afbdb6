//! Where the time of the check goes on a board of ten values (the study's
//! exact tables check millions of them): the whole check, and each part
//! alone. `cargo bench --bench check`; criterion prints boards per second.

use coinline_core::check::check_builtin;
use coinline_core::generate::{enumerated_board, Span};
use coinline_core::solve::{Memo, Minimax, Table};
use coinline_core::strategy::{evaluate, Greedy, Heuristic, Parity};
use coinline_core::{Board, Game, Solver};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

/// Boards per iteration; `cargo test` runs each benchmark once in a debug
/// build as a smoke test.
const BOARDS: u64 = if cfg!(debug_assertions) { 20 } else { 1_000 };

fn boards() -> Vec<Board> {
    let alphabet = Span { lo: 0, hi: 4 };
    (0..BOARDS)
        .map(|i| enumerated_board(10, alphabet, i * 97))
        .collect()
}

fn parts(c: &mut Criterion) {
    let boards = boards();
    // Minimax on every board of n = 10, as the old odd-n study checked them.
    let default = coinline_core::check::CheckConfig::default();
    let config = default.with_minimax_max(default.minimax_limit(Game::COINS).max(10));
    let mut group = c.benchmark_group("check-n10");
    group.sample_size(10);
    group.throughput(Throughput::Elements(BOARDS));
    let mut part = |name: &str, f: &dyn Fn(&Board) -> i64| {
        group.bench_function(name, |b| {
            b.iter(|| boards.iter().map(|board| black_box(f(board))).sum::<i64>())
        });
    };
    part("check_builtin", &|b| {
        check_builtin(Game::COINS, b, &config).value.unwrap_or(0)
    });
    part("minimax-value", &|b| Minimax.difference(Game::COINS, b));
    part("minimax-line", &|b| {
        Minimax.line(Game::COINS, b).map_or(0, |l| l.0)
    });
    part("memo-line", &|b| {
        Memo.line(Game::COINS, b).map_or(0, |l| l.0)
    });
    part("table-line", &|b| {
        Table.line(Game::COINS, b).map_or(0, |l| l.0)
    });
    for heuristic in [&Greedy as &dyn Heuristic, &Parity] {
        part(&format!("{}-evaluation", heuristic.name()), &|b| {
            evaluate(heuristic, Game::COINS, b).map_or(0, |p| p.difference)
        });
    }
    group.finish();
}

criterion_group!(benches, parts);
criterion_main!(benches);

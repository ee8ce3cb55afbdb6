//! Criterion benchmark of the board reader (`coinline_core::board::read_values`)
//! in bytes per second: the text of 10^6 seeded values (about 7.4 MB,
//! values -10^6..10^6 separated by spaces), from memory through an 8 KiB
//! `BufReader` (what `coinline solve` uses on standard input), and the same
//! text with commas and newlines.
//!
//! `cargo bench --bench parse`

use coinline_core::board::{read_values, MAX_BOARD_LEN};
use coinline_harness::bench::board;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::io::BufReader;
use std::time::Duration;

fn parse(c: &mut Criterion) {
    let values = board(1, 1_000_000);
    let spaced = values.to_string();
    let commas: String = values
        .values()
        .chunks(10)
        .map(|row| row.iter().map(i64::to_string).collect::<Vec<_>>().join(","))
        .collect::<Vec<_>>()
        .join(",\n");
    let mut group = c.benchmark_group("parse");
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(4));
    for (name, text) in [("spaces", &spaced), ("commas-newlines", &commas)] {
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(name, |bench| {
            bench.iter(|| {
                let reader = BufReader::new(black_box(text.as_bytes()));
                read_values(reader, MAX_BOARD_LEN).expect("the text parses")
            })
        });
    }
    group.finish();
}

criterion_group!(benches, parse);
criterion_main!(benches);

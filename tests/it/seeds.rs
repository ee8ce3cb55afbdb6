//! The one convention for seeded property runs: `COINLINE_SEED=S` picks the
//! seed (a fixed default otherwise, so CI is reproducible), and
//! `QUICKCHECK_TESTS=N` overrides each property's number of cases. The seed
//! is printed before each run, so a failing test's output names it.

use quickcheck::{Gen, QuickCheck, Testable};

/// The seed of this run.
pub fn seed() -> u64 {
    std::env::var("COINLINE_SEED")
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(7_0007)
}

/// How many cases a property runs: `QUICKCHECK_TESTS` or `default`.
pub fn cases(default: u64) -> u64 {
    std::env::var("QUICKCHECK_TESTS")
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(default)
}

/// Runs a quickcheck property with the seeded generator, printing the seed.
pub fn quickcheck_seeded<A: Testable>(default_tests: u64, property: A) {
    let (seed, tests) = (seed(), cases(default_tests));
    eprintln!("quickcheck seed {seed}, {tests} cases (replay with COINLINE_SEED={seed})");
    QuickCheck::new()
        .rng(Gen::from_size_and_seed(100, seed))
        .tests(tests)
        .max_tests(tests * 2)
        .quickcheck(property);
}

//! Greedy and parity against a best-responding opponent: never better than
//! optimal, never below their documented guarantees.
#![no_main]
use coinline_harness::fuzzing::{heuristics_bounds, HeuristicsInput};

libfuzzer_sys::fuzz_target!(|input: HeuristicsInput| heuristics_bounds(&input));

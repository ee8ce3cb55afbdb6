//! The linear-time coins solver against the table solver on long coins
//! boards, compared through the check.
#![no_main]
use coinline_harness::fuzzing::{linear, LargeInput};

libfuzzer_sys::fuzz_target!(|input: LargeInput| linear(&input));

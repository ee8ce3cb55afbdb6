//! Every exact solver but minimax on boards of hundreds to thousands of
//! values, compared through the check.
#![no_main]
use coinline_harness::fuzzing::{large_boards, LargeInput};

libfuzzer_sys::fuzz_target!(|input: LargeInput| large_boards(&input));

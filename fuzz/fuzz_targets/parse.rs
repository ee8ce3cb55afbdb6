//! Every text format coinline reads: a value or a one-line error, never a
//! panic; what parses prints back to itself.
#![no_main]
use coinline_harness::fuzzing::{parse, ParseInput};

libfuzzer_sys::fuzz_target!(|input: ParseInput<'_>| parse(&input));

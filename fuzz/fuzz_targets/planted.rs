//! The solvers_agree check with the planted bug (coinline_core::mutants::
//! PlantedTable) in table's place: MUST crash (scripts/fuzz-smoke.sh).
#![no_main]
use coinline_harness::fuzzing::{planted, SolversAgreeInput};

libfuzzer_sys::fuzz_target!(|input: SolversAgreeInput| planted(&input));

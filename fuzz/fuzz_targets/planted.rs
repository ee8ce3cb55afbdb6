//! The solvers_agree check with the planted bug (coinline::mutants::
//! PlantedTable) in table's place: MUST crash (scripts/fuzz-smoke.sh).
#![no_main]
use coinline::fuzzing::{planted, SolversAgreeInput};

libfuzzer_sys::fuzz_target!(|input: SolversAgreeInput| planted(&input));

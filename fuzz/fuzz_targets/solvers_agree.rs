//! Every exact solver agrees on a small board (minimax within its check
//! limit), lines replay, invariants and heuristic bounds hold.
#![no_main]
use coinline_harness::fuzzing::{solvers_agree, SolversAgreeInput};

libfuzzer_sys::fuzz_target!(|input: SolversAgreeInput| solvers_agree(&input));

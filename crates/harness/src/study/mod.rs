//! The studies: questions answered with a report folder (CSV tables, SVG
//! plots and the findings). Every study but decay is a study file run by
//! the exploration engine ([`engine`]); decay has its own driver.
//!
//! Architecture invariant: a study never writes files; the CLI writes what
//! it returns. Its output bytes depend on the study alone, never on the
//! number of threads.

pub mod engine;
#[cfg(feature = "plots")]
pub use engine::plot as plots;
pub mod sampled;
pub mod table;

/// The seed of the committed reports' random boards.
pub const DEFAULT_SEED: u64 = 20_240_605;
/// The value distributions of the committed reports' random boards.
pub const DEFAULT_VALUES: [&str; 4] = ["0..4", "-2..2", "1..100", "-100..100"];

/// "odd" or "even".
pub fn parity_name(n: usize) -> &'static str {
    if n % 2 == 1 {
        "odd"
    } else {
        "even"
    }
}

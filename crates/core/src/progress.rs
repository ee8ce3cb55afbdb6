//! Progress reporting without a terminal library.
//!
//! Long runs (compare, the study, stress) tell a [`Progress`] how far they
//! are; the binary draws it as a bar, tests and library users pass
//! [`Quiet`]. Architecture invariant: the library never names a
//! terminal type; indicatif lives only in the binary.

/// Receives a long run's progress. Implementations must be cheap and
/// thread-safe: workers call [`Progress::advance`] from any thread.
pub trait Progress: Sync {
    /// A stage of `total` units (`unit` names them, e.g. "boards") begins.
    fn start(&self, total: u64, unit: &str) {
        let _ = (total, unit);
    }

    /// `done` more units are finished.
    fn advance(&self, done: u64);

    /// The stage is over; a drawn bar can be cleared.
    fn finish(&self) {}

    /// Runs `print` with the drawing paused, so a line written to the
    /// terminal does not tear the bar.
    fn suspend(&self, print: &mut dyn FnMut()) {
        print();
    }
}

/// Progress that goes nowhere.
#[derive(Clone, Copy, Debug, Default)]
pub struct Quiet;

impl Progress for Quiet {
    fn advance(&self, _done: u64) {}
}

/// Counts the units reported, for tests and for callers that want a total.
#[derive(Debug, Default)]
pub struct Counter(std::sync::atomic::AtomicU64);

impl Counter {
    /// The units reported so far.
    pub fn get(&self) -> u64 {
        self.0.load(std::sync::atomic::Ordering::Relaxed)
    }
}

impl Progress for Counter {
    fn advance(&self, done: u64) {
        self.0.fetch_add(done, std::sync::atomic::Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_counter_adds_what_it_is_told() {
        let counter = Counter::default();
        counter.start(10, "boards");
        counter.advance(3);
        counter.advance(4);
        counter.finish();
        assert_eq!(counter.get(), 7);
    }
}

//! Progress on a terminal: an indicatif bar behind the library's
//! [`Progress`] trait, drawn only when standard error is a terminal.

use super::text::thousands;
use coinline_core::progress::Progress;

/// A terminal progress bar (indicatif) behind the library's [`Progress`];
/// draws nothing when stderr is not a terminal.
pub struct Bar(indicatif::ProgressBar);

impl Bar {
    /// A bar with rate and ETA on a terminal, hidden otherwise.
    pub fn new(total: u64, unit: &str) -> Self {
        let bar = Bar(indicatif::ProgressBar::hidden());
        Progress::start(&bar, total, unit);
        bar
    }

    /// A bar that is drawn only once a stage starts.
    pub fn idle() -> Self {
        Bar(indicatif::ProgressBar::hidden())
    }
}

impl Progress for Bar {
    fn start(&self, total: u64, unit: &str) {
        use std::io::IsTerminal;
        if !std::io::stderr().is_terminal() {
            return;
        }
        self.0
            .set_draw_target(indicatif::ProgressDrawTarget::stderr());
        self.0.set_length(total);
        self.0.set_position(0);
        let template = format!(
            "{{elapsed_precise}} [{{bar:40}}] {{human_pos}}/{{human_len}} {unit} ({{rate}}, ETA {{eta}})"
        );
        if let Ok(style) = indicatif::ProgressStyle::with_template(&template) {
            // indicatif's {per_sec} has four decimals; a rate needs none.
            let style = style.with_key(
                "rate",
                |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{}/s", thousands(state.per_sec()));
                },
            );
            self.0.set_style(style.progress_chars("=> "));
        }
    }

    fn advance(&self, done: u64) {
        self.0.inc(done);
    }

    fn finish(&self) {
        self.0.finish_and_clear();
    }

    fn suspend(&self, print: &mut dyn FnMut()) {
        self.0.suspend(print);
    }
}

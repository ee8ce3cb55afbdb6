//! Ctrl-C, SIGTERM and SIGHUP: kill the programs under test, undo the
//! outputs being written (temporary files removed, files already renamed
//! into place put back, so every previous output stays as it was), say
//! which files were and were not replaced in one line and exit with 128 +
//! the signal (130, 143, 129).
//!
//! Also the output layer's hooks: its notes go to standard error, and the
//! tests' pause between the renames of a commit.

/// The environment variable of the tests' hook: set (to anything), a
/// commit of two or more outputs says `test hook: paused after renaming
/// NAME` and waits there for a signal (at most a minute), so a test can
/// interrupt between the renames without a race. Set to `last`, it
/// pauses instead once every rename of a commit is done (`test hook:
/// paused after the last rename, NAME`).
pub const PAUSE_HOOK: &str = "COINLINE_TEST_PAUSE_BETWEEN_RENAMES";

/// Held by whichever ends the process: the signal thread (128 + the
/// signal) or the run's own end ([`end`]), so a signal's message and the
/// exit status never disagree.
static ENDING: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Ends the run's race with a signal: a signal already being handled
/// ends the process with its status; any later one is not handled.
pub fn end() {
    std::mem::forget(ENDING.lock());
}

/// Starts the thread that waits for the signals of a run of `command`.
#[cfg(unix)]
pub fn install(command: &'static str) {
    use crate::cli::status::say;
    coinline_output::set_notes(|note| say!("{note}"));
    if std::env::var_os(PAUSE_HOOK).is_some() {
        coinline_output::set_after_first_rename(|renamed, done| {
            let last = std::env::var_os(PAUSE_HOOK).is_some_and(|v| v == "last");
            match (done, last) {
                (false, false) => say!("test hook: paused after renaming {}", renamed.display()),
                (true, true) => say!(
                    "test hook: paused after the last rename, {}",
                    renamed.display()
                ),
                _ => return,
            }
            std::thread::sleep(std::time::Duration::from_secs(60));
        });
    }
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
        return;
    };
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            let name = match signal {
                SIGINT => "SIGINT",
                SIGTERM => "SIGTERM",
                _ => "SIGHUP",
            };
            let _ending = ENDING.lock();
            // A game on the terminal gives it back before the message.
            super::human::restore();
            say!("{}", clean_up(command, name));
            std::process::exit(128 + signal);
        }
    });
}

/// Where signals are not Unix's, a run ends as the system ends it.
#[cfg(not(unix))]
pub fn install(_command: &'static str) {}

/// Kills the programs under test and removes the unfinished outputs; the
/// line that says so.
/// How long an interrupt waits for a cut-short shrink's report.
#[cfg(unix)]
const CUT_SHORT_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

#[cfg(unix)]
fn clean_up(command: &str, signal: &str) -> String {
    let killed = coinline_sandbox::kill_running();
    // A stress shrink under way reports and saves what it has first.
    let cut = coinline_judge::stress::wait_for_cut_short(CUT_SHORT_WAIT);
    let undone = coinline_output::abandon_pending();
    let mut said = vec![format!("coinline {command}: interrupted by {signal}")];
    if killed > 0 {
        said.push("killed the program under test".into());
    }
    match cut {
        Some(true) => said.push(
            "the shrinking was cut short: the smallest failing input found is reported above"
                .into(),
        ),
        Some(false) => {
            said.push("the shrinking was cut short before its report was complete".into())
        }
        None => {}
    }
    let names: Vec<String> = (undone.written.iter())
        .map(|p| p.display().to_string())
        .collect();
    if !names.is_empty() {
        said.push(format!(
            "wrote {} in full before the signal",
            names.join(", ")
        ));
    }
    match (undone.is_empty(), names.is_empty()) {
        (true, false) => {}
        (true, true) => said.push(match coinline_output::waiting_for_reader() {
            Some(fifo) => format!(
                "nothing was written to {}, which no reader had opened",
                fifo.display()
            ),
            None => "no file was changed".to_string(),
        }),
        (false, _) => said.push(format!(
            "removed the unfinished output; {}",
            undone.sentence()
        )),
    }
    said.join("; ")
}

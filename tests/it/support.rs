//! What several test modules need: a fresh folder per test and a run of the
//! coinline binary with its status and output.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// A fresh, empty folder `coinline-MODULE-test-PID-NAME` in the temporary directory.
pub fn workdir(module: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "coinline-{module}-test-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The outcome of one run of coinline.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
    pub elapsed: Duration,
}

/// Runs coinline with `args` in `dir`.
pub fn coinline(dir: &Path, args: &[&str]) -> Run {
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_coinline"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        elapsed: start.elapsed(),
    }
}

/// Asserts that `run` was refused as a usage or input error: status 2 and a
/// last line `coinline: error: ...` that contains `message`.
pub fn assert_refused(run: &Run, message: &str, what: &dyn std::fmt::Debug) {
    assert_eq!(run.code, 2, "{what:?}: {}", run.stderr);
    let last = run.stderr.trim_end().lines().last().unwrap_or("");
    assert!(
        last.starts_with("coinline: error: ") && last.contains(message),
        "{what:?}: {last}"
    );
}

//! What the test modules share, written once: the runs of the coinline
//! binary ([`coinline`] for arguments in a folder, [`Coinline`] for
//! standard input, the environment, a time limit, a shell command line or a
//! child to signal), fresh scratch folders ([`workdir`]) and the check of a
//! refusal ([`assert_refused`], [`assert_refused_alone`]), and coinline in
//! a real terminal ([`Terminal`], a private tmux server).
//!
//! No test module starts the binary itself: a need this module does not
//! meet is met by extending it.

use std::ffi::{OsStr, OsString};
use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The coinline binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_coinline");

/// How long a run may take unless the test asks for longer
/// ([`Coinline::timeout`]): generous, as the tests share a loaded machine.
pub const DEADLINE: Duration = Duration::from_secs(300);

pub use coinline_output::test_support::{workdir, Scratch};

/// The C program `source` (a path in the repository) built with the
/// system's cc as `NAME` under the target folder (not /tmp: it outlives
/// the test that built it); callers keep the path in a `OnceLock` so it is
/// built once per test run.
pub fn compile_c(source: &str, name: &str) -> PathBuf {
    let folder = Path::new(env!("CARGO_TARGET_TMPDIR")).join("c-programs");
    std::fs::create_dir_all(&folder).unwrap();
    let exe = folder.join(name);
    // Built beside and renamed, so a concurrent test run never runs half a file.
    let building = folder.join(format!("{name}.{}", std::process::id()));
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join(source);
    let status = Command::new("cc")
        .args(["-O2", "-o"])
        .arg(&building)
        .arg(&source)
        .status()
        .expect("cc (a C compiler) is needed by these tests");
    assert!(status.success(), "cc failed on {}", source.display());
    std::fs::rename(&building, &exe).unwrap();
    exe
}

/// The CSV and Markdown files of a report folder by name (the manifest
/// and plots aside), as text so that a failure shows lines.
pub fn report_files(dir: &Path) -> std::collections::BTreeMap<String, String> {
    std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "csv" || x == "md"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect()
}

/// `PATH` with the folder of the binary under test first, so that a shell
/// command line's `coinline` is the one under test.
pub fn path_with_coinline() -> OsString {
    let folder = Path::new(BIN).parent().expect("the binary's folder");
    let rest = std::env::var_os("PATH").unwrap_or_default();
    std::env::join_paths(std::iter::once(folder.to_path_buf()).chain(std::env::split_paths(&rest)))
        .expect("PATH joins")
}

/// The outcome of one run of coinline: its exit status (-1 when a signal
/// ended it), its output (UTF-8, or the run fails the test) and how long it
/// took.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
    pub elapsed: Duration,
}

/// Runs coinline with `args` in `dir` (standard input empty).
pub fn coinline(dir: &Path, args: &[&str]) -> Run {
    Coinline::new(args).dir(dir).run()
}

/// A run of coinline to be made: the arguments, then whatever else the test
/// needs; [`Coinline::run`] runs it to the end, [`Coinline::spawn`] starts
/// it and hands back the child. Standard input is empty unless given, and
/// standard output and error are captured.
pub struct Coinline {
    command: Command,
    shown: String,
    stdin: Option<Vec<u8>>,
    stdout: Option<Stdio>,
    stderr: Option<Stdio>,
    deadline: Duration,
}

impl Coinline {
    /// coinline with `args`, in the test's own working folder (and
    /// `RUST_BACKTRACE=1`, so that a panic shows where).
    pub fn new<S: AsRef<OsStr>>(args: impl IntoIterator<Item = S>) -> Coinline {
        let mut command = Command::new(BIN);
        command.env("RUST_BACKTRACE", "1");
        Coinline::of(command, "coinline".into()).args(args)
    }

    /// The bash command line `script`, with the coinline under test first on
    /// `PATH`: for what a shell gives (`ulimit`, redirections, the reproduce
    /// line coinline prints, a page's transcript). `args` given later become
    /// `$0`, `$1`, ...
    pub fn shell(script: &str) -> Coinline {
        let mut command = Command::new("bash");
        command
            .arg("-c")
            .arg(script)
            .env("PATH", path_with_coinline());
        Coinline::of(command, format!("bash -c {script:?}"))
    }

    fn of(mut command: Command, shown: String) -> Coinline {
        // Marks every process of the run: .ci/run fails on any left running.
        command.env("COINLINE_TEST", "1");
        Coinline {
            command,
            shown,
            stdin: None,
            stdout: None,
            stderr: None,
            deadline: DEADLINE,
        }
    }

    /// More arguments.
    pub fn args<S: AsRef<OsStr>>(mut self, args: impl IntoIterator<Item = S>) -> Coinline {
        for arg in args {
            let arg = arg.as_ref();
            self.shown.push(' ');
            self.shown.push_str(&arg.to_string_lossy());
            self.command.arg(arg);
        }
        self
    }

    /// Runs in `dir`.
    pub fn dir(mut self, dir: &Path) -> Coinline {
        self.command.current_dir(dir);
        self
    }

    /// Writes `bytes` to standard input, then closes it. A refusal may stop
    /// reading early; the rest is dropped.
    pub fn stdin(mut self, bytes: impl AsRef<[u8]>) -> Coinline {
        self.stdin = Some(bytes.as_ref().to_vec());
        self
    }

    /// Sets an environment variable.
    pub fn env(mut self, key: impl AsRef<OsStr>, value: impl AsRef<OsStr>) -> Coinline {
        self.command.env(key, value);
        self
    }

    /// Removes an environment variable.
    pub fn env_remove(mut self, key: impl AsRef<OsStr>) -> Coinline {
        self.command.env_remove(key);
        self
    }

    /// Sends standard output there instead of capturing it ([`Run::stdout`]
    /// is then empty).
    pub fn stdout(mut self, to: impl Into<Stdio>) -> Coinline {
        self.stdout = Some(to.into());
        self
    }

    /// Sends standard error there instead of capturing it ([`Run::stderr`]
    /// is then empty).
    pub fn stderr(mut self, to: impl Into<Stdio>) -> Coinline {
        self.stderr = Some(to.into());
        self
    }

    /// Kills the run (its whole process group) and fails the test when it
    /// is still running after `limit` instead of [`DEADLINE`].
    pub fn timeout(mut self, limit: Duration) -> Coinline {
        self.deadline = limit;
        self
    }

    /// Runs to the end.
    pub fn run(self) -> Run {
        self.spawn().wait()
    }

    /// Starts the run; its output is read as it comes, so it never blocks
    /// on a full pipe.
    pub fn spawn(mut self) -> Spawned {
        let stdin = match self.stdin {
            Some(_) => Stdio::piped(),
            None => Stdio::null(),
        };
        let stdout = self.stdout.take().unwrap_or_else(Stdio::piped);
        let stderr = self.stderr.take().unwrap_or_else(Stdio::piped);
        self.command.stdin(stdin).stdout(stdout).stderr(stderr);
        // Its own group, so a kill at the deadline reaches whatever it started.
        self.command.process_group(0);
        let started = Instant::now();
        let mut child = self
            .command
            .spawn()
            .unwrap_or_else(|e| panic!("`{}` does not start: {e}", self.shown));
        if let Some(bytes) = self.stdin {
            let mut pipe = child.stdin.take().expect("stdin is piped");
            std::thread::spawn(move || {
                let _ = pipe.write_all(&bytes);
            });
        }
        let stdout = child.stdout.take().map(read_all);
        let stderr = child.stderr.take().map(read_all);
        Spawned {
            child,
            shown: self.shown,
            started,
            deadline: self.deadline,
            stdout,
            stderr,
        }
    }
}

fn read_all(mut pipe: impl Read + Send + 'static) -> JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        bytes
    })
}

/// A started run of coinline: signal it, then wait for its [`Run`]. Dropped
/// unwaited (a test that failed on the way), it is killed.
pub struct Spawned {
    child: Child,
    shown: String,
    started: Instant,
    deadline: Duration,
    stdout: Option<JoinHandle<Vec<u8>>>,
    stderr: Option<JoinHandle<Vec<u8>>>,
}

impl Spawned {
    /// The process id.
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Sends the signal `name` (`INT`, `TERM`, ...), as `kill -NAME` does.
    pub fn signal(&self, name: &str) {
        let sent = Command::new("kill")
            .args([&format!("-{name}"), &self.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success(), "kill -{name} `{}`", self.shown);
    }

    /// Waits for the end, within the deadline: past it the run's process
    /// group is killed and the test fails naming the command.
    pub fn wait(mut self) -> Run {
        let mut pause = Duration::from_millis(1);
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            let limit = self.deadline;
            if self.started.elapsed() > limit {
                let group = format!("-{}", self.id());
                let _ = Command::new("kill").args(["-KILL", "--", &group]).status();
                let _ = self.child.wait();
                panic!(
                    "`{}` still ran after its deadline of {limit:?}: killed",
                    self.shown
                );
            }
            std::thread::sleep(pause);
            // Short runs end fast; long ones need no finer check than this.
            pause = (pause * 2).min(Duration::from_millis(20));
        };
        // coinline writes text only: anything else fails the test.
        let shown = &self.shown;
        let text = |pipe: Option<JoinHandle<Vec<u8>>>| {
            let bytes = pipe.map(|p| p.join().unwrap()).unwrap_or_default();
            String::from_utf8(bytes).unwrap_or_else(|e| panic!("`{shown}` wrote non-UTF-8: {e}"))
        };
        let stdout = text(self.stdout.take());
        let stderr = text(self.stderr.take());
        Run {
            code: status.code().unwrap_or(-1),
            stdout,
            stderr,
            elapsed: self.started.elapsed(),
        }
    }
}

impl Drop for Spawned {
    fn drop(&mut self) {
        // A no-op once waited for.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Whether tmux runs here. Without it a terminal test says so and passes,
/// unless `COINLINE_TMUX_TEST=1` makes that a failure.
pub fn tmux_present(test: &str) -> bool {
    let found = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var("COINLINE_TMUX_TEST").as_deref() != Ok("1"),
            "{test}: COINLINE_TMUX_TEST=1 but tmux does not run"
        );
        eprintln!("note: {test} skipped: tmux is not installed");
    }
    found
}

/// coinline running in a terminal (100 x 30 characters unless resized): a
/// tmux session on a server of its own (its socket in a scratch folder, so
/// no other tmux is touched), killed with its server when dropped. After
/// coinline ends the pane shows `exit status N`, then `terminal restored`
/// when the terminal's settings are those it had before (or `terminal
/// changed`), and stays.
pub struct Terminal {
    socket: PathBuf,
    // Holds the socket; removed after the server is killed (fields drop after `drop`).
    _folder: Scratch,
}

impl Terminal {
    /// Starts `coinline args` in a fresh terminal; the folder `name` of
    /// `module` holds the socket. Call [`tmux_present`] first.
    pub fn start(module: &str, name: &str, args: &[&str]) -> Terminal {
        let folder = workdir(module, name);
        let socket = folder.join("tmux.sock");
        let terminal = Terminal {
            socket,
            _folder: folder,
        };
        // The shell outlives a Ctrl-C to say the status (a trap, unlike an
        // ignored signal, is not passed on to coinline).
        let script = "s=$(stty -g); trap : INT; RUST_BACKTRACE=1 \"$0\" \"$@\"; \
            echo \"exit status $?\"; [ \"$(stty -g)\" = \"$s\" ] && echo terminal restored || \
            echo terminal changed; exec sleep 600";
        let mut command = vec![
            "new-session",
            "-d",
            "-x",
            "100",
            "-y",
            "30",
            "-s",
            "coinline",
        ];
        command.extend(["sh", "-c", script, BIN]);
        command.extend(args);
        terminal.tmux(&command);
        terminal
    }

    fn tmux(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-S")
            .arg(&self.socket)
            .args(args)
            .stdin(Stdio::null())
            .output()
            .expect("tmux runs");
        assert!(
            out.status.success(),
            "tmux {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Makes the terminal `columns` x `rows` characters.
    pub fn resize(&self, columns: u16, rows: u16) {
        let (x, y) = (columns.to_string(), rows.to_string());
        self.tmux(&["resize-window", "-t", "coinline", "-x", &x, "-y", &y]);
    }

    /// Sends `signal` (a name: `TERM`) to coinline, the child of the
    /// terminal's shell.
    pub fn signal(&self, signal: &str) {
        let shell = self.tmux(&["display-message", "-p", "-t", "coinline", "#{pane_pid}"]);
        let sent = Command::new("pkill")
            .args([&format!("-{signal}"), "-P", shell.trim()])
            .status();
        assert!(sent.is_ok_and(|s| s.success()), "pkill -P {shell}");
    }

    /// Types `text` (literally) and Enter.
    pub fn type_line(&self, text: &str) {
        self.tmux(&["send-keys", "-t", "coinline", "-l", text]);
        self.keys(&["Enter"]);
    }

    /// Presses keys by tmux's names (`C-c`, `C-d`, `Enter`).
    pub fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "coinline"];
        args.extend(keys);
        self.tmux(&args);
    }

    /// What the screen shows now, line by line.
    pub fn screen(&self) -> String {
        self.tmux(&["capture-pane", "-p", "-t", "coinline"])
    }

    /// The screen once it shows `text` (within ten seconds, or the test
    /// fails showing the screen).
    pub fn wait_for(&self, text: &str) -> String {
        let started = Instant::now();
        loop {
            let screen = self.screen();
            if screen.contains(text) {
                return screen;
            }
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "the terminal never showed {text:?}; it shows:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .arg("-S")
            .arg(&self.socket)
            .arg("kill-server")
            .stdin(Stdio::null())
            .stderr(Stdio::null())
            .status();
    }
}

/// The board of a failing run's `shrunk to N values...: VALUES` line; its
/// length is the N the line states.
pub fn shrunk_board(run: &Run) -> coinline_core::Board {
    let err = &run.stderr;
    let shrunk = err
        .lines()
        .find_map(|l| l.strip_prefix("shrunk to "))
        .unwrap_or_else(|| panic!("no shrunk board: {err}"));
    let (head, values) = shrunk.split_once(": ").unwrap();
    let board: coinline_core::Board = values.parse().unwrap();
    let count: usize = head.split(' ').next().unwrap().parse().unwrap();
    assert_eq!(count, board.len(), "{shrunk}");
    board
}

/// Greedy in the first seat of coins on `board` against perfect play, as
/// the library judges it.
pub fn greedy_judged(board: &coinline_core::Board) -> coinline_core::strategy::GameReport {
    use coinline_core::strategy::{price_game, Adversary, Greedy, HeuristicPlayer, Seat};
    let game = coinline_core::Game::COINS;
    let mut greedy = HeuristicPlayer::new(&Greedy, game, board).unwrap();
    price_game(game, board, Seat::First, &mut greedy, Adversary::Optimal).unwrap()
}

/// `text` (a run's output) with what differs from run to run masked, for
/// a snapshot: scratch folders become `[SCRATCH]`, the target folder's
/// scratch (the C programs) `[TARGET_TMP]`, the repository `[REPO]`, a
/// duration or rate (a number before `s`, `ms`, `runs/s`, `boards/s`)
/// `[T]`, a drawn seed (`seed` and 12 digits or more: one not given is a
/// random u64) `[DRAWN]`, and the slowest case of stress's `time:` line
/// `[CASE]`.
pub fn stable(text: &str) -> String {
    let scratch = format!("{}/coinline-", std::env::temp_dir().display());
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let line = mask_folders(line, &scratch);
        let line = line.replace(env!("CARGO_TARGET_TMPDIR"), "[TARGET_TMP]");
        let line = line.replace(env!("CARGO_MANIFEST_DIR"), "[REPO]");
        let line = mask_durations(&line);
        let line = mask_drawn_seeds(&line);
        match line.strip_prefix("time: slowest run [T] ms (") {
            Some(rest) => {
                let after = rest.split_once(')').map_or("", |(_, after)| after);
                out.push_str(&format!("time: slowest run [T] ms ([CASE]){after}"));
            }
            None => out.push_str(&line),
        }
    }
    out
}

/// Each scratch folder path (`PREFIX` and the rest of its name) as `[SCRATCH]`.
fn mask_folders(line: &str, prefix: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(at) = rest.find(prefix) {
        out.push_str(&rest[..at]);
        out.push_str("[SCRATCH]");
        let name = &rest[at + prefix.len()..];
        let end = name
            .find(|c: char| c == '/' || c.is_whitespace() || "'\")`:,".contains(c))
            .unwrap_or(name.len());
        rest = &name[end..];
    }
    out.push_str(rest);
    out
}

/// Each `seed N` whose N has 12 digits or more as `seed [DRAWN]`.
fn mask_drawn_seeds(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(at) = rest.find("seed ") {
        let (before, from) = rest.split_at(at + "seed ".len());
        let digits = from
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(from.len());
        out.push_str(before);
        out.push_str(if digits >= 12 {
            "[DRAWN]"
        } else {
            &from[..digits]
        });
        rest = &from[digits..];
    }
    out.push_str(rest);
    out
}

/// A snapshot name for a helper that snapshots for its caller: the test's
/// name (its thread's, as libtest names it), `label`, and a count from the
/// second on, so that the names do not depend on which test runs first.
pub fn snapshot_name(label: &str) -> String {
    thread_local!(static TAKEN: std::cell::Cell<usize> = const { std::cell::Cell::new(0) });
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("test");
    let test = test.rsplit("::").next().unwrap_or(test);
    let count = TAKEN.with(|taken| {
        taken.set(taken.get() + 1);
        taken.get()
    });
    match count {
        1 => format!("{test}-{label}"),
        n => format!("{test}-{label}-{n}"),
    }
}

/// Each decimal number followed by a unit of time or a rate as `[T]`.
fn mask_durations(line: &str) -> String {
    const UNITS: [&str; 4] = [" ms", " s", " runs/s", " boards/s"];
    let mut out = String::new();
    let mut rest = line;
    while let Some(start) = rest.find(|c: char| c.is_ascii_digit()) {
        let (before, from) = rest.split_at(start);
        let len = from
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(from.len());
        let (number, after) = from.split_at(len);
        let word_start = !before.ends_with(|c: char| c.is_alphanumeric() || c == '_');
        let timed = UNITS.iter().any(|unit| {
            after
                .strip_prefix(unit)
                .is_some_and(|tail| !tail.starts_with(|c: char| c.is_alphanumeric()))
        });
        out.push_str(before);
        out.push_str(if word_start && timed { "[T]" } else { number });
        rest = after;
    }
    out.push_str(rest);
    out
}

#[test]
fn stable_text_masks_only_what_varies() {
    let scratch = std::env::temp_dir().join("coinline-stress-late-AbC123");
    let text = format!(
        "--save: {}/saved: is a file\n200 boards in 200 program runs (812.3 runs/s) in 0.2 s, seed 1\n\
         time: slowest run 3.1 ms (case 2, board 7), mean 0.52 ms per case\nafter 0.2s x1 2 s3\n\
         seed 7, seed 15979017958773424683\n",
        scratch.display()
    );
    let want = "--save: [SCRATCH]/saved: is a file\n200 boards in 200 program runs ([T] runs/s) in [T] s, seed 1\n\
         time: slowest run [T] ms ([CASE]), mean [T] ms per case\nafter 0.2s x1 2 s3\n\
         seed 7, seed [DRAWN]\n";
    assert_eq!(stable(&text), want);
}

/// Asserts the exit status, showing standard error when it differs.
pub fn assert_status(run: &Run, code: i32) {
    assert_eq!(run.code, code, "{}", run.stderr);
}

/// Whether `run` was refused as a usage or input error: status 2, no panic,
/// and a last line `coinline: error: ...` that contains `message`. The
/// reason when not.
pub fn refusal(run: &Run, message: &str) -> Result<(), String> {
    let last = run.stderr.trim_end().lines().last().unwrap_or("");
    if run.code != 2 {
        Err(format!("status {}, not 2: {}", run.code, run.stderr))
    } else if panicked(run) {
        Err(format!("a panic: {}", run.stderr))
    } else if !last.starts_with("coinline: error: ") {
        Err(format!("the last line is not an error: {}", run.stderr))
    } else if !last.contains(message) {
        Err(format!("{last:?} lacks {message:?}"))
    } else {
        Ok(())
    }
}

/// Whether `run` panicked: Rust's panic line `thread '...' panicked at`.
pub fn panicked(run: &Run) -> bool {
    run.stderr
        .lines()
        .any(|l| l.starts_with("thread '") && l.contains("' panicked at "))
}

/// Asserts that `run` was refused (see [`refusal`]); `what` names the case.
pub fn assert_refused(run: &Run, message: &str, what: &dyn std::fmt::Debug) {
    if let Err(reason) = refusal(run, message) {
        panic!("{what:?}: {reason}");
    }
}

/// Asserts that `run` was refused with nothing else said: the error line is
/// all of standard error, and standard output is empty.
pub fn assert_refused_alone(run: &Run, message: &str, what: &dyn std::fmt::Debug) {
    assert_refused(run, message, what);
    assert_eq!(run.stderr.lines().count(), 1, "{what:?}: {}", run.stderr);
    assert!(run.stdout.is_empty(), "{what:?}: stdout {:?}", run.stdout);
}

#[test]
fn the_refusal_check_can_fail() {
    let run = |code: i32, stdout: &str, stderr: &str| Run {
        code,
        stdout: stdout.into(),
        stderr: stderr.into(),
        elapsed: Duration::ZERO,
    };
    let refused = run(2, "", "coinline: error: --n 9..2 is reversed\n");
    assert_eq!(refusal(&refused, "is reversed"), Ok(()));
    assert!(refusal(&refused, "--boards").is_err());
    assert!(refusal(&run(1, "", "coinline: error: is reversed\n"), "is reversed").is_err());
    assert!(refusal(&run(2, "", "note: is reversed\n"), "is reversed").is_err());
    let panic = "thread 'main' panicked at src/main.rs\ncoinline: error: is reversed\n";
    assert!(refusal(&run(2, "", panic), "is reversed").is_err());
    // Alone: one line and nothing on standard output.
    assert_refused_alone(&refused, "reversed", &"one line");
    let noisy = run(2, "", "warning: x\ncoinline: error: is reversed\n");
    assert_refused(&noisy, "reversed", &"the last line");
    let alone = |r: Run| std::panic::catch_unwind(|| assert_refused_alone(&r, "reversed", &""));
    assert!(alone(noisy).is_err());
    assert!(alone(run(2, "rows", "coinline: error: is reversed\n")).is_err());
}

#[test]
fn a_run_past_its_time_limit_is_killed() {
    let started = Instant::now();
    let late = std::panic::catch_unwind(|| {
        Coinline::shell("sleep 30 & sleep 30")
            .timeout(Duration::from_millis(200))
            .run()
    });
    assert!(late.is_err(), "a run of 30 s ended within 0.2 s");
    assert!(started.elapsed() < Duration::from_secs(10));
    let on_time = Coinline::shell("echo $0 $1; echo err >&2; exit 3")
        .args(["a", "b"])
        .timeout(Duration::from_secs(60))
        .run();
    assert_eq!(
        (on_time.code, &*on_time.stdout, &*on_time.stderr),
        (3, "a b\n", "err\n")
    );
}

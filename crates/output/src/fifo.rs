//! Opening a device, FIFO or socket to write straight into. Opening a FIFO
//! for writing blocks until a reader opens it, silently and for good if
//! none comes: so a FIFO is opened without blocking, tried again until a
//! reader is there, with one note after a second (interrupts end the wait
//! as they end any other, through the binary's signal thread).

use coinline_core::error::{Error, Result};
use std::path::Path;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// How notes reach the user (the binary prints them on standard error; the
/// library prints nothing itself).
static NOTE: OnceLock<fn(&str)> = OnceLock::new();

/// Sets where notes of the output layer go.
pub fn set_notes(note: fn(&str)) {
    let _ = NOTE.set(note);
}

/// The FIFO waiting for a reader, if one is (for an interrupt's message).
static WAITING: std::sync::Mutex<Option<std::path::PathBuf>> = std::sync::Mutex::new(None);

/// The FIFO an output is waiting on for a reader, if any: nothing has been
/// written to it.
pub fn waiting_for_reader() -> Option<std::path::PathBuf> {
    WAITING.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// How long a FIFO waits for a reader before the note.
const PATIENCE: Duration = Duration::from_secs(1);

/// `real` opened for writing; `shown` is the path as given, for messages.
pub(super) fn open_for_writing(shown: &Path, real: &Path) -> Result<std::fs::File> {
    use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
    let is_fifo = std::fs::metadata(real).is_ok_and(|m| m.file_type().is_fifo());
    if !is_fifo {
        return std::fs::OpenOptions::new()
            .write(true)
            .open(real)
            .map_err(|e| Error::io(shown, &e));
    }
    let started = Instant::now();
    let mut noted = false;
    let waiting = |path: Option<&Path>| {
        *WAITING.lock().unwrap_or_else(|e| e.into_inner()) = path.map(Path::to_path_buf);
    };
    waiting(Some(shown));
    loop {
        let probe = std::fs::OpenOptions::new()
            .write(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(real);
        match probe {
            // A reader is there: open again, blocking as writes should be
            // (returns at once while the reader stays).
            Ok(_probe) => {
                waiting(None);
                return std::fs::OpenOptions::new()
                    .write(true)
                    .open(real)
                    .map_err(|e| Error::io(shown, &e));
            }
            Err(e) if e.raw_os_error() == Some(libc::ENXIO) => {
                if !noted && started.elapsed() >= PATIENCE {
                    noted = true;
                    if let Some(note) = NOTE.get() {
                        note(&format!(
                            "note: waiting for a reader on FIFO {} (Ctrl-C to stop)",
                            shown.display()
                        ));
                    }
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            Err(e) => {
                waiting(None);
                return Err(Error::io(shown, &e));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};
    use std::sync::{mpsc, Mutex};

    /// The notes of this test binary, with when each came.
    static NOTES: Mutex<Vec<(String, Instant)>> = Mutex::new(Vec::new());

    fn record(note: &str) {
        NOTES
            .lock()
            .unwrap()
            .push((note.to_string(), Instant::now()));
    }

    /// The notes naming `shown`, with when each came.
    fn notes_on(shown: &str) -> Vec<(String, Instant)> {
        let notes = NOTES.lock().unwrap();
        notes
            .iter()
            .filter(|(n, _)| n.contains(shown))
            .cloned()
            .collect()
    }

    fn fifo(name: &str) -> (crate::tests::Scratch, std::path::PathBuf) {
        let dir = crate::tests::scratch(&format!("fifo-{name}"));
        let path = dir.join("fifo");
        use rustix::fs::{mknodat, FileType, Mode, CWD};
        mknodat(CWD, &path, FileType::Fifo, Mode::from_raw_mode(0o600), 0).unwrap();
        (dir, path)
    }

    #[test]
    fn a_fifo_waits_for_its_reader_with_one_note_after_a_second() {
        set_notes(record);
        let (dir, path) = fifo("late-reader");
        let reader_path = path.clone();
        let reader = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(1500));
            let mut text = String::new();
            std::fs::File::open(reader_path)
                .unwrap()
                .read_to_string(&mut text)
                .unwrap();
            text
        });
        let started = Instant::now();
        let mut file = open_for_writing(Path::new("late-reader-fifo"), &path).unwrap();
        file.write_all(b"rows\n").unwrap();
        drop(file);
        assert_eq!(reader.join().unwrap(), "rows\n");
        let notes = notes_on("late-reader-fifo");
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert_eq!(
            notes[0].0,
            "note: waiting for a reader on FIFO late-reader-fifo (Ctrl-C to stop)"
        );
        assert!(notes[0].1 - started >= PATIENCE, "the note came early");
        drop(dir);
    }

    #[test]
    fn a_fifo_with_a_reader_and_a_file_open_at_once_without_a_note() {
        set_notes(record);
        let (dir, path) = fifo("reader");
        let reader_path = path.clone();
        let reader = std::thread::spawn(move || {
            let mut text = String::new();
            std::fs::File::open(reader_path)
                .unwrap()
                .read_to_string(&mut text)
                .unwrap();
            text
        });
        // The reader opens first (or the writer waits for it, without a note
        // within the patience).
        let mut file = open_for_writing(Path::new("ready-fifo"), &path).unwrap();
        file.write_all(b"x").unwrap();
        drop(file);
        assert_eq!(reader.join().unwrap(), "x");
        let plain = dir.join("plain.csv");
        std::fs::write(&plain, b"old").unwrap();
        open_for_writing(Path::new("plain-file"), &plain)
            .unwrap()
            .write_all(b"new")
            .unwrap();
        assert_eq!(std::fs::read(&plain).unwrap(), b"new");
        assert!(notes_on("ready-fifo").is_empty() && notes_on("plain-file").is_empty());
        drop(dir);
    }

    #[test]
    fn a_fifo_that_goes_away_while_waiting_is_an_error_not_a_wait() {
        let (dir, path) = fifo("gone");
        let (sent, received) = mpsc::channel();
        let writer_path = path.clone();
        std::thread::spawn(move || {
            let _ = sent.send(open_for_writing(Path::new("gone-fifo"), &writer_path).map(drop));
        });
        std::thread::sleep(Duration::from_millis(200));
        std::fs::remove_file(&path).unwrap();
        let opened = received.recv_timeout(Duration::from_secs(10));
        let err = opened
            .expect("still waiting after the FIFO was removed")
            .unwrap_err();
        assert!(err.to_string().contains("gone-fifo"), "{err}");
        drop(dir);
    }
}

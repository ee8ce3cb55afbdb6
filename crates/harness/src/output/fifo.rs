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
    loop {
        let probe = std::fs::OpenOptions::new()
            .write(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(real);
        match probe {
            // A reader is there: open again, blocking as writes should be
            // (returns at once while the reader stays).
            Ok(_probe) => {
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
            Err(e) => return Err(Error::io(shown, &e)),
        }
    }
}

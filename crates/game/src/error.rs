//! The error every coinline function returns, a leaf: it imports nothing
//! of coinline.
//!
//! [`Error::kind`] says what went wrong in a form a program can match on
//! (tests match the kind, not the words): the few kinds every layer shares
//! (a bad token, an I/O failure, a context) are [`ErrorKind`]s, and each
//! crate's own failures are its typed error (`RuleError`, `JudgeError`,
//! `StudyError` ...) carried as [`ErrorKind::Layer`] and matched with
//! [`Error::layer`]. `Display` is a single line meant for a person (the CLI
//! prints it after `coinline: error:`); `source()` follows the chain.

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

/// What went wrong. Each kind documents when it is produced.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A token of a board, a line of play or a number on the command line is
    /// not an integer, or does not fit the type it is read into. `position`
    /// is 1-based (the n-th token of the input).
    BadToken {
        /// The offending text, as found.
        token: String,
        /// 1-based position of the token in its input.
        position: usize,
        /// What was expected there.
        expected: &'static str,
    },
    /// The sum of the absolute values of a board does not fit in `i64`, so
    /// some total could overflow. Such boards are refused up front.
    Overflow,
    /// A solver was asked to solve a board longer than it accepts.
    TooLarge {
        /// The solver's name.
        solver: String,
        /// The board's length.
        n: usize,
        /// The longest board the solver accepts for this game.
        limit: usize,
    },
    /// A name (of a game, solver, heuristic, problem, distribution ...) is not
    /// one the library knows.
    UnknownName {
        /// What kind of name it was ("game", "solver", ...).
        what: &'static str,
        /// The name as given.
        name: String,
        /// The accepted names, comma-separated.
        expected: String,
    },
    /// A board of more values than coinline reads.
    TooManyValues {
        /// The most values a board holds.
        max: usize,
    },
    /// A token longer than [`MAX_TOKEN_BYTES`](crate::board::MAX_TOKEN_BYTES),
    /// refused at its first byte over the limit.
    LongToken {
        /// What the token is in (`the board`, `the input`).
        source: &'static str,
        /// The 1-based line it is on.
        line: usize,
        /// The longest token read.
        max: usize,
    },
    /// A case line without its `GAME:` (the line is held).
    NotACase(String),
    /// An error of `context` (a file, an option, a pair of shards): the
    /// message is `context: error`; [`Error::root_kind`] is the kind within.
    Within {
        /// What the error happened in, as printed before it.
        context: String,
        /// The error itself.
        error: Error,
    },
    /// Reading or writing failed. `path` names the file (or "standard
    /// output"); `action` says how the message words it.
    Io {
        /// The file, or the stream, involved.
        path: String,
        /// What was done to `path`.
        action: IoAction,
        /// The error of the operating system.
        source: IoSource,
    },
    /// The reader of standard output went away (`coinline ... | head`):
    /// not an error worth a word; the command ends quietly.
    BrokenPipe,
    /// An error of a crate above this one, as that crate's own typed error
    /// (`coinline_judge::JudgeError`, ...): match it with [`Error::layer`].
    Layer(LayerError),
}

/// A crate's own error carried by [`Error`]: shared so that [`Error`] stays
/// `Clone`; two are equal when their types and messages are.
#[derive(Debug, Clone)]
pub struct LayerError(
    Arc<dyn std::error::Error + Send + Sync + 'static>,
    std::any::TypeId,
);

impl PartialEq for LayerError {
    fn eq(&self, other: &Self) -> bool {
        self.1 == other.1 && self.0.to_string() == other.0.to_string()
    }
}

impl Eq for LayerError {}

/// What an [`ErrorKind::Io`] was doing, which words its message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IoAction {
    /// Opening, inspecting or replacing a file: `PATH: reason`.
    Access,
    /// Reading a stream: `cannot read PATH: reason`.
    Read,
    /// Writing: `cannot write to PATH: reason`.
    Write,
}

/// The I/O error behind an [`ErrorKind::Io`], shared so that [`Error`] stays
/// `Clone`; two are equal when their kinds and messages are.
#[derive(Debug, Clone)]
pub struct IoSource(pub Arc<std::io::Error>);

impl PartialEq for IoSource {
    fn eq(&self, other: &Self) -> bool {
        self.0.kind() == other.0.kind() && self.0.to_string() == other.0.to_string()
    }
}

impl Eq for IoSource {}

impl IoSource {
    /// A copy of `err` (its OS error code, or its kind and message).
    fn of(err: &std::io::Error) -> IoSource {
        let copy = match err.raw_os_error() {
            Some(code) => std::io::Error::from_raw_os_error(code),
            None => std::io::Error::new(err.kind(), err.to_string()),
        };
        IoSource(Arc::new(copy))
    }
}

/// The library's error: an [`ErrorKind`] behind a box so `Result`s stay small.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error(Box<ErrorKind>);

impl Error {
    /// Builds an error of the given kind.
    pub fn new(kind: ErrorKind) -> Self {
        Error(Box::new(kind))
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.0
    }

    /// This error within `context` ([`ErrorKind::Within`]): printed as
    /// `context: error`, matched by its [`Error::root_kind`].
    pub fn within(self, context: impl Into<String>) -> Self {
        Error::new(ErrorKind::Within {
            context: context.into(),
            error: self,
        })
    }

    /// Carries a crate's own typed error (see [`ErrorKind::Layer`]).
    pub fn layer_of<E: std::error::Error + Send + Sync + 'static>(error: E) -> Self {
        let type_id = std::any::TypeId::of::<E>();
        Error::new(ErrorKind::Layer(LayerError(Arc::new(error), type_id)))
    }

    /// The crate error of type `E` this error carries, below any
    /// [`ErrorKind::Within`]: how tests and the binary match a crate's kinds.
    pub fn layer<E: std::error::Error + 'static>(&self) -> Option<&E> {
        match self.root_kind() {
            ErrorKind::Layer(LayerError(inner, _)) => inner.downcast_ref::<E>(),
            _ => None,
        }
    }

    /// The kind of the error itself, below any [`ErrorKind::Within`].
    pub fn root_kind(&self) -> &ErrorKind {
        match self.kind() {
            ErrorKind::Within { error, .. } => error.root_kind(),
            kind => kind,
        }
    }

    /// Shorthand for [`ErrorKind::Io`], naming the path involved.
    pub fn io(path: &std::path::Path, err: &std::io::Error) -> Self {
        Error::new(ErrorKind::Io {
            path: path.display().to_string(),
            action: IoAction::Access,
            source: IoSource::of(err),
        })
    }

    /// A failed read of `what` (a path or "standard input").
    pub fn read_failed(what: &str, err: &std::io::Error) -> Self {
        Error::new(ErrorKind::Io {
            path: what.to_string(),
            action: IoAction::Read,
            source: IoSource::of(err),
        })
    }

    /// A failed write to `what` (a path or "standard output"); a closed
    /// pipe becomes [`ErrorKind::BrokenPipe`].
    pub fn output(what: &str, err: &std::io::Error) -> Self {
        if err.kind() == std::io::ErrorKind::BrokenPipe {
            return Error::new(ErrorKind::BrokenPipe);
        }
        Error::new(ErrorKind::Io {
            path: what.to_string(),
            action: IoAction::Write,
            source: IoSource::of(err),
        })
    }

    /// Shorthand for [`ErrorKind::UnknownName`].
    pub fn unknown(what: &'static str, name: &str, expected: &[&str]) -> Self {
        Error::new(ErrorKind::UnknownName {
            what,
            name: name.to_string(),
            expected: expected.join(", "),
        })
    }
}

/// `impl From<E> for Error` for each of a crate's own error types `E`,
/// carried as [`ErrorKind::Layer`]: `layer_errors!(JudgeError, SpecError);`.
#[macro_export]
macro_rules! layer_errors {
    ($($error:ty),+ $(,)?) => {$(
        impl From<$error> for $crate::error::Error {
            fn from(error: $error) -> Self {
                $crate::error::Error::layer_of(error)
            }
        }
    )+};
}
pub use layer_errors;

/// Text shown by its ends ([`shown_ends`]) is whole up to this many
/// characters.
pub const SHOWN_WHOLE_CHARS: usize = 100;

/// Text whose end matters as much as its start, for a message: a path, a
/// line a program wrote to standard error, a judge input. Whole when at
/// most [`SHOWN_WHOLE_CHARS`] characters; longer, its first and last
/// [`QUOTED_CHARS`] characters around `...`, then its length, so the
/// message stays one line (unquoted: see [`quote_ends`]). Its control
/// characters are [`escaped`].
pub fn shown_ends(text: &str) -> String {
    let shown = match cut_ends(text) {
        Cow::Borrowed(whole) => whole.to_string(),
        Cow::Owned(cut) => format!("{cut} ({} characters)", text.chars().count()),
    };
    escaped(shown.as_bytes()).into_owned()
}

/// A program's bytes, or a user's, made safe to print in a message: C0
/// control characters but line feed and tab, and DEL, as `\x1b`; C1
/// control characters as `\u{9b}`; bytes that are not UTF-8 as `\xff`.
/// Everything else, backslashes included, is kept, so escaping twice
/// changes nothing. Messages always escape (a log read later reaches a
/// terminal too); files of data keep the bytes as they were.
pub fn escaped(bytes: &[u8]) -> Cow<'_, str> {
    let unsafe_char = |c: char| c.is_control() && c != '\n' && c != '\t';
    match std::str::from_utf8(bytes) {
        Ok(text) if !text.chars().any(unsafe_char) => return Cow::Borrowed(text),
        _ => {}
    }
    let mut out = String::with_capacity(bytes.len() + 8);
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c as u32 {
                _ if !unsafe_char(c) => out.push(c),
                code @ 0..=0x7f => out.push_str(&format!("\\x{code:02x}")),
                code => out.push_str(&format!("\\u{{{code:x}}}")),
            }
        }
        chunk
            .invalid()
            .iter()
            .for_each(|b| out.push_str(&format!("\\x{b:02x}")));
    }
    Cow::Owned(out)
}

/// [`shown_ends`] quoted as [`quote`] quotes (`{:?}`, so line breaks show
/// as `\n`): `...` inside the quotes, the length after them.
pub fn quote_ends(text: &str) -> String {
    match cut_ends(text) {
        Cow::Borrowed(whole) => format!("{whole:?}"),
        Cow::Owned(cut) => format!("{cut:?} ({} characters)", text.chars().count()),
    }
}

/// The cut of [`shown_ends`] and [`quote_ends`], without the length.
fn cut_ends(text: &str) -> Cow<'_, str> {
    let chars = text.chars().count();
    if chars <= SHOWN_WHOLE_CHARS {
        return Cow::Borrowed(text);
    }
    let head: String = text.chars().take(QUOTED_CHARS).collect();
    let tail: String = text.chars().skip(chars - QUOTED_CHARS).collect();
    Cow::Owned(format!("{head}...{tail}"))
}

/// The accepted name closest to a misspelt one, if one is close: at most
/// one edit in four characters (a swap counts as one edit).
fn nearest<'a>(name: &str, names: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    // A long name is no misspelling, and not worth the quadratic distance.
    if name.len() > QUOTED_CHARS {
        return None;
    }
    let lower = name.to_lowercase();
    names
        .filter(|&candidate| candidate != name)
        .map(|candidate| (strsim::damerau_levenshtein(&lower, candidate), candidate))
        .filter(|&(distance, candidate)| distance * 4 <= candidate.len().max(4))
        .min_by_key(|&(distance, _)| distance)
        .map(|(_, candidate)| candidate)
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
            ErrorKind::BadToken {
                token,
                position,
                expected,
            } => write!(
                f,
                "token {position} {} is not {expected}",
                quote_token(token)
            ),
            ErrorKind::Overflow => write!(
                f,
                "the sum of the absolute values of the board does not fit in a 64-bit integer"
            ),
            ErrorKind::TooLarge { solver, n, limit } => write!(
                f,
                "board of {n} values is too large for solver {solver} (at most {limit})"
            ),
            ErrorKind::UnknownName {
                what,
                name,
                expected,
            } => {
                write!(f, "unknown {what} {} (", quote(name))?;
                if let Some(near) = nearest(name, expected.split(", ")) {
                    write!(f, "did you mean {near}? ")?;
                }
                write!(f, "expected one of: {expected})")
            }
            ErrorKind::TooManyValues { max } => write!(
                f,
                "the board has more than {max} values, the most coinline reads"
            ),
            ErrorKind::LongToken { source, line, max } => write!(
                f,
                "{source} has a token longer than {max} bytes (line {line}), the most coinline reads"
            ),
            ErrorKind::NotACase(text) => {
                write!(f, "{} is not a case (expected GAME: VALUES)", quote(text))
            }
            ErrorKind::Within { context, error } => write!(f, "{context}: {error}"),
            ErrorKind::Io {
                path,
                action,
                source,
            } => {
                let reason = io_reason(&source.0);
                let path = shown_ends(path);
                match action {
                    IoAction::Access => write!(f, "{path}: {reason}"),
                    IoAction::Read => write!(f, "cannot read {path}: {reason}"),
                    IoAction::Write => write!(f, "cannot write to {path}: {reason}"),
                }
            }
            ErrorKind::BrokenPipe => f.write_str("standard output was closed"),
            ErrorKind::Layer(LayerError(inner, _)) => inner.fmt(f),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self.kind() {
            ErrorKind::Io { source, .. } => Some(source.0.as_ref()),
            ErrorKind::Within { error, .. } => Some(error),
            ErrorKind::Layer(LayerError(inner, _)) => inner.source(),
            _ => None,
        }
    }
}

/// The most characters of a user's text (a token, a rule text or word, a
/// move, a case line, a name) that a message quotes.
pub const QUOTED_CHARS: usize = 40;

/// A user's text quoted for a message, the one way every message of the
/// library quotes what it was given. Text of at most [`QUOTED_CHARS`]
/// characters is quoted whole, as `{:?}` prints it (`"take=x"`); longer text
/// is cut to its first [`QUOTED_CHARS`] characters, then `...` inside the
/// quotes and its whole length in characters after them:
/// `"take=1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1..." (80006 characters)`.
/// So a message stays one short line whatever it quotes (`{:?}` escapes
/// line breaks too).
pub fn quote(text: &str) -> String {
    match cut_text(text) {
        Cow::Borrowed(whole) => format!("{whole:?}"),
        Cow::Owned(cut) => format!("{cut:?} ({} characters)", text.chars().count()),
    }
}

/// A token of the streaming board reader quoted for a message: as
/// [`quote`], but without the length, which the reader does not know (it
/// keeps only the first [`QUOTED_CHARS`] characters of a bad token, then
/// `...`, so a 10^9-digit token is never held in full).
pub fn quote_token(token: &str) -> String {
    format!("{:?}", cut_text(token))
}

/// The cut that [`quote`] and [`quote_token`] make, without their quotes:
/// text of at most [`QUOTED_CHARS`] characters whole, longer text as its
/// first [`QUOTED_CHARS`] characters then `...`. For text that something
/// else quotes already (clap's messages quote what was typed).
pub fn cut_text(text: &str) -> Cow<'_, str> {
    match text.char_indices().nth(QUOTED_CHARS) {
        None => Cow::Borrowed(text),
        Some((cut, _)) => Cow::Owned(format!("{}...", &text[..cut])),
    }
}

/// `count` and `noun`, with an `s` unless the count is 1 (`es` after an
/// `s`): `1 game`, `2 games`, `0 witnesses`.
pub fn plural(count: u64, noun: &str) -> String {
    match count {
        1 => format!("1 {noun}"),
        _ if noun.ends_with('s') => format!("{count} {noun}es"),
        _ => format!("{count} {noun}s"),
    }
}

/// An I/O error's message without the "(os error N)" suffix.
pub fn io_reason(err: &std::io::Error) -> String {
    let text = err.to_string();
    match text.find(" (os error") {
        Some(cut) => text[..cut].to_string(),
        None => text,
    }
}

/// The library's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Asserts that `message` is one line of at most `bound` bytes that names
/// `chars`, the length of the long text it quotes (for the tests of every
/// message that quotes a user's text).
#[cfg(test)]
pub(crate) fn assert_one_short_line(message: &str, chars: usize, bound: usize) {
    let head: String = message.chars().take(200).collect();
    assert!(!message.contains('\n'), "{head}: not one line");
    assert!(
        message.len() <= bound,
        "{head}...: {} bytes, more than {bound}",
        message.len()
    );
    assert!(
        message.contains(&format!("...\" ({chars} characters)")),
        "{head}: does not name the length {chars}"
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, thiserror::Error, PartialEq)]
    enum Upper {
        #[error("{count} apples")]
        Apples { count: u32 },
    }

    #[derive(Debug, thiserror::Error)]
    #[error("other")]
    struct Other;

    #[test]
    fn counts_take_the_plural_unless_one() {
        assert_eq!(plural(1, "shard"), "1 shard");
        assert_eq!(plural(0, "shard"), "0 shards");
        assert_eq!(plural(3, "other value"), "3 other values");
        assert_eq!(plural(2, "witness"), "2 witnesses");
    }

    #[test]
    fn a_crate_error_is_matched_by_its_type_through_contexts() {
        let err = Error::layer_of(Upper::Apples { count: 3 }).within("basket.toml");
        assert_eq!(err.to_string(), "basket.toml: 3 apples");
        assert_eq!(err.layer::<Upper>(), Some(&Upper::Apples { count: 3 }));
        assert!(err.layer::<Other>().is_none());
        assert!(Error::new(ErrorKind::Overflow).layer::<Upper>().is_none());
        assert_ne!(
            Error::layer_of(Upper::Apples { count: 3 }),
            Error::layer_of(Other)
        );
        assert_eq!(
            Error::layer_of(Upper::Apples { count: 3 }),
            Error::layer_of(Upper::Apples { count: 3 })
        );
    }

    #[test]
    fn control_characters_and_invalid_bytes_are_escaped() {
        let shown = escaped(b"a\x1b[2J\x1b]0;t\x07\tb\n\x7f\xc2\x9b\xff\\");
        assert_eq!(shown, "a\\x1b[2J\\x1b]0;t\\x07\tb\n\\x7f\\u{9b}\\xff\\");
        assert_eq!(
            escaped(shown.as_bytes()),
            shown,
            "escaping twice changes nothing"
        );
        assert!(matches!(escaped("plain é\n".as_bytes()), Cow::Borrowed(_)));
        assert_eq!(shown_ends("\x1b[2J"), "\\x1b[2J");
    }

    #[test]
    fn long_paths_are_cut_in_the_middle_with_their_length() {
        let short = "target/a/b.csv";
        assert_eq!(shown_ends(short), short);
        let long = format!("{}/{}.csv", "d".repeat(200), "x".repeat(50));
        let shown = shown_ends(&long);
        assert_eq!(
            shown,
            format!(
                "{}...{}.csv (255 characters)",
                "d".repeat(40),
                "x".repeat(36)
            )
        );
        // Quoted: `...` inside the quotes, the length after; line breaks escaped.
        assert_eq!(quote_ends("1\n5\n"), "\"1\\n5\\n\"");
        let input = "7\n".repeat(60);
        assert_eq!(
            quote_ends(&input),
            format!(
                "{:?} (120 characters)",
                format!("{}...{}", &input[..40], &input[80..])
            )
        );
        let io = std::io::Error::from(std::io::ErrorKind::NotFound);
        let message = Error::io(std::path::Path::new(&long), &io).to_string();
        assert!(
            message.starts_with(&shown) && message.len() < 150,
            "{message}"
        );
    }

    #[test]
    fn a_misspelt_name_gets_the_nearest_accepted_one() {
        let solvers = ["minimax", "memo", "generic", "table", "linear"];
        let message = |name: &str| Error::unknown("solver", name, &solvers).to_string();
        assert_eq!(
            message("tabel"),
            "unknown solver \"tabel\" (did you mean table? expected one of: \
             minimax, memo, generic, table, linear)"
        );
        assert!(message("TABLE").contains("did you mean table?"));
        assert!(message("minmax").contains("did you mean minimax?"));
        // Nothing near: no guess.
        for far in ["xyz", "tables-and-more", "", &"t".repeat(100)] {
            assert!(!message(far).contains("did you mean"), "{far}");
        }
    }

    #[test]
    fn quotes_are_cut_to_the_width_with_the_length() {
        // At most QUOTED_CHARS characters: quoted whole, as `{:?}` does.
        for text in ["", "take=x", "line\nbreak", &"x".repeat(QUOTED_CHARS)] {
            assert_eq!(quote(text), format!("{text:?}"));
            assert_eq!(quote_token(text), format!("{text:?}"));
        }
        // Longer: cut, `...` inside the quotes, the length after them.
        let long = format!("{}yz", "x".repeat(QUOTED_CHARS));
        let cut = format!("\"{}...\"", "x".repeat(QUOTED_CHARS));
        assert_eq!(quote(&long), format!("{cut} (42 characters)"));
        assert_eq!(quote_token(&long), cut);
        assert_eq!(cut_text(&long), format!("{}...", "x".repeat(QUOTED_CHARS)));
        assert_eq!(cut_text("take=x"), "take=x");
        // Characters, not bytes; a line break stays escaped.
        let smiles = "\u{1F600}\n".repeat(30_000);
        let quoted = quote(&smiles);
        assert!(quoted.ends_with("...\" (60000 characters)"), "{quoted}");
        assert!(!quoted.contains('\n') && quoted.len() < 200, "{quoted}");
        assert_eq!(quoted.matches('\u{1F600}').count(), QUOTED_CHARS / 2);
        // The doc's example.
        let counts = format!("take={}x", "1,".repeat(40_000));
        assert_eq!(
            quote(&counts),
            "\"take=1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1...\" (80006 characters)"
        );
    }

    #[test]
    fn unknown_names_are_quoted_with_their_length() {
        let short = Error::unknown("solver", "tabel", &["table", "minimax"]);
        assert_eq!(
            short.to_string(),
            "unknown solver \"tabel\" (did you mean table? expected one of: table, minimax)"
        );
        let long = "t".repeat(80_000);
        let err = Error::unknown("solver", &long, &["table", "minimax"]).to_string();
        assert_one_short_line(&err, 80_000, 200);
    }

    #[test]
    fn io_reasons_drop_the_os_error_number() {
        let missing = std::io::Error::from(std::io::ErrorKind::NotFound);
        assert_eq!(io_reason(&missing), "entity not found");
        let os = std::io::Error::from_raw_os_error(2); // ENOENT
        assert_eq!(io_reason(&os), "No such file or directory");
        assert_eq!(io_reason(&std::io::Error::other("disk full")), "disk full");
    }

    #[test]
    fn an_error_within_a_context_keeps_its_kind_and_source() {
        let os = std::io::Error::from_raw_os_error(2);
        let err = Error::io(std::path::Path::new("a.toml"), &os).within("--problem-file");
        assert_eq!(
            err.to_string(),
            "--problem-file: a.toml: No such file or directory"
        );
        assert!(matches!(err.kind(), ErrorKind::Within { .. }));
        assert!(matches!(
            err.root_kind(),
            ErrorKind::Io {
                action: IoAction::Access,
                ..
            }
        ));
        // The chain of sources ends at the OS error.
        let inner = std::error::Error::source(&err).expect("the error within");
        let os_error = inner.source().expect("the OS error");
        assert_eq!(os_error.to_string(), os.to_string());
        let write = Error::output("standard output", &std::io::Error::other("disk full"));
        assert_eq!(
            write.to_string(),
            "cannot write to standard output: disk full"
        );
        let pipe = std::io::Error::from(std::io::ErrorKind::BrokenPipe);
        assert_eq!(Error::output("x", &pipe).kind(), &ErrorKind::BrokenPipe);
    }
}

//! Quoting for the command lines coinline prints for a user to run again
//! (reproduce lines, `next:` hints): one rule everywhere, [`shell_word`];
//! [`quoted_word`] is the same rule with quotes even where none are needed
//! (the study reports write a rule text so).
//!
//! Hand-written, not `shlex`: shlex was tried (`shlex::try_quote`, 2.0.1)
//! and quotes differently for words the tests and the committed outputs
//! pin. It quotes every word holding `=`, `,` or `%` (`take=1..3,5`
//! becomes `'take=1..3,5'`, so every reproduce line's `--game take=1..3`
//! would change), and it splits a word holding a quote and a `$` into
//! pieces (`"it's "'$5'`) where this rule writes one quoted word
//! (`'it'\''s $5'`).

/// `word` as one POSIX shell word: as it is when it holds only letters,
/// digits and `-_./=:,+@%`; otherwise in single quotes (a rule text holds
/// spaces), or in double quotes when it holds a single quote but nothing a
/// shell expands inside double quotes (`sh -c "awk -f 'x y.awk'"` reads
/// better than `'\''`), or else single quotes with each quote written `'\''`.
pub fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else if !word.contains('\'') {
        format!("'{word}'")
    } else if !word.contains(['$', '`', '\\', '"', '!']) {
        format!("\"{word}\"")
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// `word` as one POSIX shell word, always in quotes: [`shell_word`]'s
/// quoting where it quotes, and single quotes around a word it would leave
/// bare (`'take=1..3'`), so a reader sees a rule text as one word.
pub fn quoted_word(word: &str) -> String {
    let quoted = shell_word(word);
    if quoted.starts_with(['\'', '"']) {
        quoted
    } else {
        format!("'{word}'")
    }
}

/// A command line for a user to run again, built option by option so that
/// every reproduce line quotes the one way ([`shell_word`]) and puts the
/// program's words last, after `--`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandLine(String);

impl CommandLine {
    /// The command itself (`coinline play`), written as it is.
    pub fn new(command: &str) -> CommandLine {
        CommandLine(command.to_string())
    }

    /// ` OPTION VALUE`, the value quoted as one word.
    pub fn option(mut self, option: &str, value: impl std::fmt::Display) -> CommandLine {
        self.0 += &format!(" {option} {}", shell_word(&value.to_string()));
        self
    }

    /// ` OPTION=VALUE`, for a value that may start with `-` (`--values=-5..5`).
    pub fn option_joined(mut self, option: &str, value: impl std::fmt::Display) -> CommandLine {
        self.0 += &format!(" {}", shell_word(&format!("{option}={value}")));
        self
    }

    /// [`CommandLine::option`] when `value` is there.
    pub fn option_if(self, option: &str, value: Option<impl std::fmt::Display>) -> CommandLine {
        match value {
            Some(value) => self.option(option, value),
            None => self,
        }
    }

    /// ` WORD`, a positional argument quoted as one word.
    pub fn word(mut self, word: &str) -> CommandLine {
        self.0 += &format!(" {}", shell_word(word));
        self
    }

    /// ` FLAG` when `on`.
    pub fn flag_if(mut self, on: bool, flag: &str) -> CommandLine {
        if on {
            self.0 += &format!(" {flag}");
        }
        self
    }

    /// The line, ending in ` -- ` and the program's words.
    pub fn program(self, words: &[String]) -> String {
        let words: Vec<String> = words.iter().map(|w| shell_word(w)).collect();
        format!("{} -- {}", self.0, words.join(" "))
    }

    /// The line as built.
    pub fn line(self) -> String {
        self.0
    }
}

#[cfg(test)]
#[allow(clippy::disallowed_methods)] // a test reads the quoting back through sh
mod tests {
    use super::{quoted_word, shell_word, CommandLine};

    #[test]
    fn a_command_line_quotes_each_value_and_ends_with_the_program() {
        let line = CommandLine::new("coinline play")
            .option("--game", "take=1 circle")
            .flag_if(true, "--second")
            .flag_if(false, "--never")
            .option_if("--opponent", Some("greedy"))
            .option_if("--move-time", None::<f64>)
            .program(&["awk".into(), "-f".into(), "a b.awk".into()]);
        assert_eq!(
            line,
            "coinline play --game 'take=1 circle' --second --opponent greedy -- awk -f 'a b.awk'"
        );
        assert_eq!(
            CommandLine::new("x").option("--n", 3).word("-").line(),
            "x --n 3 -"
        );
    }

    #[test]
    fn words_are_quoted_only_when_a_shell_would_split_or_expand_them() {
        assert_eq!(shell_word("take=1..3,5"), "take=1..3,5");
        assert_eq!(shell_word("a+b@c%d:e/f_g-h"), "a+b@c%d:e/f_g-h");
        assert_eq!(shell_word("take=1 circle"), "'take=1 circle'");
        assert_eq!(shell_word(""), "''");
        assert_eq!(shell_word("it's"), r#""it's""#);
        assert_eq!(shell_word("awk -f 'a b.awk'"), r#""awk -f 'a b.awk'""#);
        assert_eq!(shell_word("it's $5"), r"'it'\''s $5'");
        assert_eq!(shell_word(r#"say "it's""#), r#"'say "it'\''s"'"#);
        assert_eq!(shell_word("$HOME"), "'$HOME'");
        assert_eq!(shell_word("*"), "'*'");
    }

    #[test]
    fn quoted_words_are_quoted_even_when_plain() {
        assert_eq!(quoted_word("take=1..3"), "'take=1..3'");
        assert_eq!(quoted_word("take=1 circle"), "'take=1 circle'");
        assert_eq!(quoted_word("it's"), r#""it's""#);
        assert_eq!(quoted_word(""), "''");
    }

    #[test]
    #[cfg(unix)]
    fn a_shell_reads_each_quoted_word_back_as_it_was() {
        let words = [
            "plain",
            "two words",
            "it's",
            "awk -f 'a b.awk'",
            "it's $HOME",
            r#"a "b" 'c'"#,
            "back\\slash 'x'",
            "bang! 'x'",
            "`date` 'x'",
            "",
            "*",
            "tab\there",
        ];
        for word in words {
            let out = std::process::Command::new("sh")
                .arg("-c")
                .arg(format!("printf %s {}", shell_word(word)))
                .output()
                .unwrap();
            assert_eq!(
                String::from_utf8_lossy(&out.stdout),
                word,
                "{}",
                shell_word(word)
            );
        }
    }
}

//! Quoting for the command lines coinline prints for a user to run again
//! (reproduce lines, `next:` hints): one rule everywhere.

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

#[cfg(test)]
#[allow(clippy::disallowed_methods)] // a test reads the quoting back through sh
mod tests {
    use super::shell_word;

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

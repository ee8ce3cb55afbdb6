//! Quoting for the command lines coinline prints for a user to run again
//! (reproduce lines, `next:` hints): one rule everywhere.

/// `word` as one POSIX shell word: as it is when it holds only letters,
/// digits and `-_./=:,+@%`, otherwise in single quotes (a rule text holds
/// spaces; a quote inside is written `'\''`).
pub fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::shell_word;

    #[test]
    fn words_are_quoted_only_when_a_shell_would_split_or_expand_them() {
        assert_eq!(shell_word("take=1..3,5"), "take=1..3,5");
        assert_eq!(shell_word("a+b@c%d:e/f_g-h"), "a+b@c%d:e/f_g-h");
        assert_eq!(shell_word("take=1 circle"), "'take=1 circle'");
        assert_eq!(shell_word(""), "''");
        assert_eq!(shell_word("it's"), r"'it'\''s'");
        assert_eq!(shell_word("$HOME"), "'$HOME'");
        assert_eq!(shell_word("*"), "'*'");
    }
}

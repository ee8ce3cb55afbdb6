//! Reading a program's answers (or a file of expected answers): one integer
//! per line, whitespace around the answers tolerated and nothing else; and
//! writing answers as every problem of the family prints them.

use super::input::{parse_integer, shorten};
use std::fmt;

/// Answers written one per line, as every problem of the family prints them.
pub fn write_answers(answers: &[i64]) -> String {
    answers.iter().map(|a| format!("{a}\n")).collect()
}

/// What is wrong with a program's output (or an expected-answers file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutputProblem {
    /// Fewer answers than cases (possibly none).
    Missing {
        /// Answers found.
        answers: usize,
        /// Cases in the input.
        cases: usize,
    },
    /// Something other than one integer per line, or more answers than
    /// cases.
    Malformed {
        /// 1-based line of the output.
        line: usize,
        /// 1-based number of the answer that line should hold.
        answer: usize,
        /// What is wrong there.
        problem: String,
    },
}

impl fmt::Display for OutputProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutputProblem::Missing { answers, cases } => {
                write!(f, "{answers} answers for {cases} cases")
            }
            OutputProblem::Malformed { line, problem, .. } => write!(f, "line {line}: {problem}"),
        }
    }
}

/// Reads one integer answer per line for `cases` cases. Whitespace around
/// each answer and around the whole output is tolerated; nothing else is.
pub fn parse_answers(text: &str, cases: usize) -> Result<Vec<i64>, OutputProblem> {
    let body = text.trim_start();
    let skipped_lines = text[..text.len() - body.len()].matches('\n').count();
    let body = body.trim_end();
    let mut answers = Vec::new();
    if body.is_empty() {
        return missing(0, cases);
    }
    for (i, raw) in body.lines().enumerate() {
        let line = skipped_lines + i + 1;
        let answer = i + 1;
        let token = raw.trim();
        let malformed = |problem: String| {
            Err(OutputProblem::Malformed {
                line,
                answer,
                problem,
            })
        };
        if answer > cases {
            return malformed(format!(
                "unexpected {:?} after the last of {cases} answers",
                shorten(token)
            ));
        }
        if token.is_empty() {
            return malformed(format!("empty line where answer {answer} should be"));
        }
        match parse_integer(token) {
            Ok(v) => answers.push(v),
            Err(why) => return malformed(format!("{:?} {why}", shorten(token))),
        }
    }
    if answers.len() < cases {
        return missing(answers.len(), cases);
    }
    Ok(answers)
}

fn missing(answers: usize, cases: usize) -> Result<Vec<i64>, OutputProblem> {
    Err(OutputProblem::Missing { answers, cases })
}

/// [`parse_answers`] on raw bytes; bytes that are not UTF-8 make the line
/// holding them malformed.
pub fn parse_answers_bytes(bytes: &[u8], cases: usize) -> Result<Vec<i64>, OutputProblem> {
    parse_answers(&String::from_utf8_lossy(bytes), cases)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_tolerate_surrounding_whitespace_and_nothing_else() {
        assert_eq!(parse_answers("\n 3 \r\n-4\n\n", 2), Ok(vec![3, -4]));
        assert_eq!(
            parse_answers("", 2),
            Err(OutputProblem::Missing {
                answers: 0,
                cases: 2
            })
        );
        let bad = |text: &str| parse_answers(text, 2).unwrap_err().to_string();
        assert_eq!(bad("3\nfour\n"), "line 2: \"four\" is not an integer");
        assert_eq!(bad("\n\n3\nx\n"), "line 4: \"x\" is not an integer");
        assert!(bad("3 4\n").contains("not an integer"));
        assert!(bad("1\n2\n3\n").contains("after the last of 2 answers"));
        assert!(bad("1\n\n2\n").contains("empty line"));
        assert!(bad("+1\n2\n").contains("not an integer"));
        assert_eq!(bad("1\n"), "1 answers for 2 cases");
    }

    #[test]
    fn answers_are_written_and_read_exactly() {
        assert_eq!(write_answers(&[3, -4, 0]), "3\n-4\n0\n");
        assert_eq!(write_answers(&[]), "");
        assert_eq!(parse_answers_bytes(b"5\n6\n", 2), Ok(vec![5, 6]));
        assert_eq!(
            parse_answers_bytes(b"5\n\xff\n", 2),
            Err(OutputProblem::Malformed {
                line: 2,
                answer: 2,
                problem: "\"\u{fffd}\" is not an integer".to_string()
            })
        );
        assert_eq!(
            parse_answers("\n\n1\n2\n3\n", 2),
            Err(OutputProblem::Malformed {
                line: 5,
                answer: 3,
                problem: "unexpected \"3\" after the last of 2 answers".to_string()
            })
        );
        assert_eq!(
            parse_answers("1\n\n2\n", 2).unwrap_err().to_string(),
            "line 2: empty line where answer 2 should be"
        );
        assert_eq!(
            parse_answers("1\n99999999999999999999\n", 2)
                .unwrap_err()
                .to_string(),
            "line 2: \"99999999999999999999\" does not fit in 64 bits"
        );
        assert_eq!(
            parse_answers(&"z".repeat(45), 1).unwrap_err().to_string(),
            format!("line 1: \"{}...\" is not an integer", "z".repeat(40))
        );
        assert_eq!(
            parse_answers("7\n", 3),
            Err(OutputProblem::Missing {
                answers: 1,
                cases: 3
            })
        );
        assert_eq!(parse_answers(" 7 \n 8\n", 2), Ok(vec![7, 8]));
    }
}

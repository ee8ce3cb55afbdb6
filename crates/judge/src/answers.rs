//! Reading a program's answers (or a file of expected answers) and writing
//! the trusted ones. Reading is by tokens: an answer of two totals may be
//! on one line or spread over two, as judges read them; each answer must be
//! what the problem's answer kind prints (an integer, two integers or one of
//! its words, compared exactly).

pub use super::error::OutputProblem;
use super::input::{parse_integer, Token, Tokens};
use super::problem::{Answer, Problem, Reply};
use super::template::{Piece, Template};
use coinline_core::error::quote;

/// Answers written one per line, as every problem of the family prints them.
pub fn write_answers(answers: &[Reply]) -> String {
    write_answers_in(None, answers)
}

/// [`write_answers`], each line in the words of `template` when there is
/// one.
pub fn write_answers_in(template: Option<&Template>, answers: &[Reply]) -> String {
    let mut out = String::new();
    for (i, a) in answers.iter().enumerate() {
        match template {
            Some(t) => out.push_str(&t.render(i + 1, &a.to_string())),
            None => out.push_str(&a.to_string()),
        }
        out.push('\n');
    }
    out
}

/// Reads the answers of `cases` cases of kind `kind`. Whitespace between
/// and around tokens is free; nothing else is.
pub fn parse_answers(kind: &Answer, text: &str, cases: usize) -> Result<Vec<Reply>, OutputProblem> {
    parse_answers_in(kind, None, text, cases)
}

/// [`parse_answers`] in the words of `template`, when there is one: each
/// case's fixed words and number are read back token by token, and the
/// first token that differs is named.
pub fn parse_answers_in(
    kind: &Answer,
    template: Option<&Template>,
    text: &str,
    cases: usize,
) -> Result<Vec<Reply>, OutputProblem> {
    let alone = [Piece::Answer];
    let pieces = template.map_or(&alone[..], Template::pieces);
    let mut tokens = Tokens::new(text);
    let mut replies = Vec::with_capacity(cases.min(1 << 16));
    let missing = |answers: usize| OutputProblem::Missing { answers, cases };
    for answer in 1..=cases {
        for piece in pieces {
            let Some(token) = tokens.next() else {
                return Err(missing(answer - 1));
            };
            match piece.expected(answer) {
                None => replies.push(read_reply(kind, token, &mut tokens, answer, cases)?),
                Some(word) if word == token.text => {}
                Some(word) => {
                    return Err(OutputProblem::Malformed {
                        line: token.line,
                        answer,
                        problem: format!(
                            "expected {word:?} of {:?} for case {answer}, found {}",
                            template.map_or("", Template::text),
                            quote(token.text)
                        ),
                    })
                }
            }
        }
    }
    if let Some(token) = tokens.next() {
        return Err(OutputProblem::Malformed {
            line: token.line,
            answer: cases + 1,
            problem: format!(
                "unexpected {} after the last of {cases} answers",
                quote(token.text)
            ),
        });
    }
    Ok(replies)
}

/// One answer of kind `kind`, starting at `token` (answer number `answer`
/// of `cases`).
fn read_reply(
    kind: &Answer,
    token: Token<'_>,
    tokens: &mut Tokens<'_>,
    answer: usize,
    cases: usize,
) -> Result<Reply, OutputProblem> {
    let integer = |t: &str, line: usize| {
        parse_integer(t).map_err(|why| OutputProblem::Malformed {
            line,
            answer,
            problem: format!("{} {why}", quote(t)),
        })
    };
    Ok(match kind {
        Answer::Winner(w) => {
            let words = w.words();
            if !words.contains(&token.text) {
                return Err(OutputProblem::Malformed {
                    line: token.line,
                    answer,
                    problem: format!("{} is not one of {}", quote(token.text), words.join(", ")),
                });
            }
            Reply::Word(token.text.to_string())
        }
        _ if kind.tokens() == 2 => {
            let first = integer(token.text, token.line)?;
            let Some(second) = tokens.next() else {
                return Err(OutputProblem::Missing {
                    answers: answer - 1,
                    cases,
                });
            };
            Reply::Pair(first, integer(second.text, second.line)?)
        }
        _ => Reply::Number(integer(token.text, token.line)?),
    })
}

/// [`parse_answers`] on raw bytes; bytes that are not UTF-8 make the token
/// holding them malformed.
pub fn parse_answers_bytes(
    kind: &Answer,
    bytes: &[u8],
    cases: usize,
) -> Result<Vec<Reply>, OutputProblem> {
    parse_answers(kind, &String::from_utf8_lossy(bytes), cases)
}

impl Problem {
    /// The trusted `answers` as the judge prints them: one line per case,
    /// in the problem's template when it has one.
    pub fn write_answers(&self, answers: &[Reply]) -> String {
        write_answers_in(self.template(), answers)
    }

    /// A program's output (or a file of expected answers) for `cases`
    /// cases, read in the problem's words ([`parse_answers_in`]).
    pub fn parse_answers(&self, text: &str, cases: usize) -> Result<Vec<Reply>, OutputProblem> {
        parse_answers_in(self.answer(), self.template(), text, cases)
    }

    /// [`Problem::parse_answers`] on raw bytes, as [`parse_answers_bytes`].
    pub fn parse_answers_bytes(
        &self,
        bytes: &[u8],
        cases: usize,
    ) -> Result<Vec<Reply>, OutputProblem> {
        self.parse_answers(&String::from_utf8_lossy(bytes), cases)
    }
}

#[cfg(test)]
mod tests {
    use super::super::problem::{Tie, Winner};
    use super::super::template::Template;
    use super::*;
    use coinline_core::board::Board;
    use coinline_core::generate::SplitMix64;

    fn numbers(xs: &[i64]) -> Vec<Reply> {
        xs.iter().map(|&x| Reply::Number(x)).collect()
    }

    #[test]
    fn the_data_files_answers_read_as_written() {
        #[derive(serde::Deserialize)]
        struct Case {
            kind: String,
            template: Option<String>,
            text: String,
            cases: usize,
            answers: Option<String>,
            error: Option<String>,
        }
        #[derive(serde::Deserialize)]
        struct File {
            answers: Vec<Case>,
        }
        let file = include_str!("../../../tests/data/judge_answers.toml");
        for case in toml::from_str::<File>(file).unwrap().answers {
            let kind = match case.kind.as_str() {
                "difference" => Answer::Difference,
                _ => Answer::Totals,
            };
            let template = case.template.map(|t| Template::parse(&t).unwrap());
            let read = parse_answers_in(&kind, template.as_ref(), &case.text, case.cases);
            let want = case.answers.ok_or(case.error.unwrap_or_default());
            let got = read.map(|a| write_answers(&a)).map_err(|e| e.to_string());
            assert_eq!(
                got,
                want,
                "{:?} {:?}",
                case.text,
                template.map(|t| t.text().to_string())
            );
        }
        assert_eq!(
            parse_answers_bytes(&Answer::Difference, b"5\n\xff\n", 2),
            Err(OutputProblem::Malformed {
                line: 2,
                answer: 2,
                problem: "\"\u{fffd}\" is not an integer".to_string()
            })
        );
    }

    #[test]
    fn words_are_read_and_answers_written() {
        let winner = Answer::Winner(Winner {
            first: "Alice".into(),
            second: "Bob".into(),
            tie: Tie::Word("Tie".into()),
        });
        assert_eq!(
            parse_answers(&winner, "Bob\nTie\n", 2).unwrap(),
            vec![Reply::Word("Bob".into()), Reply::Word("Tie".into())]
        );
        assert_eq!(
            parse_answers(&winner, "bob", 1).unwrap_err().to_string(),
            "line 1: \"bob\" is not one of Alice, Bob, Tie"
        );
        assert_eq!(
            write_answers(&[Reply::Pair(3, -4), Reply::Word("Tie".into())]),
            "3 -4\nTie\n"
        );
        assert_eq!(write_answers(&[]), "");
        let t = Template::parse("Case {case}: {answer}").unwrap();
        let written = write_answers_in(Some(&t), &numbers(&[7, -10]));
        assert_eq!(written, "Case 1: 7\nCase 2: -10\n");
        let after = Template::parse("{answer} points (#{case})").unwrap();
        let pairs = [Reply::Pair(3, 1), Reply::Pair(0, 0)];
        let written = write_answers_in(Some(&after), &pairs);
        assert_eq!(written, "3 1 points (#1)\n0 0 points (#2)\n");
        // Without a template the answers are alone, as before.
        assert_eq!(write_answers_in(None, &numbers(&[7])), "7\n");
    }

    #[test]
    fn reading_never_panics_on_mangled_text() {
        // A cheap stand-in for the fuzz target: valid inputs and answers
        // with bytes replaced, inserted or cut, and plain random bytes.
        let sample: Vec<Board> = ["8 15 3 7", "-5", "1 2 3"]
            .iter()
            .map(|t| Board::parse(t).unwrap())
            .collect();
        let alphabet = b"0123456789 -\n\r\t+x\xff";
        let mut rng = SplitMix64::new(11);
        for problem in Problem::all() {
            let batch = &sample[..sample.len().min(problem.max_batch())];
            let answers: Vec<Reply> = batch
                .iter()
                .map(|b| problem.expected(&problem.cases_of(vec![b.clone()])[0]))
                .collect::<coinline_core::error::Result<_>>()
                .unwrap();
            let words = problem.write_answers(&answers);
            for valid in [problem.write_boards(batch), write_answers(&answers), words] {
                for _ in 0..50 {
                    let bytes = crate::input::mangle(&mut rng, valid.as_bytes(), alphabet);
                    let _ = parse_answers_bytes(problem.answer(), &bytes, batch.len());
                    let _ = problem.parse_answers_bytes(&bytes, batch.len());
                    let noise: Vec<u8> = (0..rng.below(40)).map(|_| rng.next_u64() as u8).collect();
                    let _ = parse_answers_bytes(problem.answer(), &noise, 3);
                }
            }
        }
    }

    #[test]
    fn a_problem_writes_and_reads_answers_in_its_own_words() {
        let problem = super::super::spec::built_in("lightoj-1031").unwrap();
        let answers = numbers(&[7, -3]);
        let text = problem.write_answers(&answers);
        assert_eq!(text, "Case 1: 7\nCase 2: -3\n");
        assert_eq!(problem.parse_answers(&text, 2), Ok(answers.clone()));
        assert_eq!(problem.parse_answers_bytes(text.as_bytes(), 2), Ok(answers));
        // The token after the last answer belongs to the answer after it.
        match problem.parse_answers("Case 1: 7\nCase 2: -3\nCase", 2) {
            Err(OutputProblem::Malformed {
                line: 3, answer: 3, ..
            }) => {}
            other => panic!("{other:?}"),
        }
    }
}

//! Output templates: a case's answer in the judge's own words, such as
//! LightOJ's `Case {case}: {answer}`. A template is one line; `{answer}`
//! stands alone as a token (it may be two tokens, as `totals` are), and
//! `{case}` (the 1-based number of the case) may have fixed text around
//! it within a token (`{case}:`, `#{case}`). Every other token is a fixed
//! word, read back exactly. The trusted side writes the template; a
//! program's output is read against it token by token
//! ([`super::answers::parse_answers_in`]), so a missing colon or a case
//! numbered from 0 is named at the first token that differs.

use super::error::JudgeError;
use coinline_core::error::Result;
use std::fmt;

/// The placeholder of the answer's tokens.
pub const ANSWER: &str = "{answer}";
/// The placeholder of the case's 1-based number.
pub const CASE: &str = "{case}";

/// One whitespace-separated token of a template.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// The answer's tokens.
    Answer,
    /// Fixed text, with `{case}` where the case's number goes (possibly
    /// nowhere): the parts between the placeholders.
    Word(Vec<String>),
}

impl Piece {
    /// The token this piece is for case `case` (1-based); `None` for the
    /// answer.
    pub fn expected(&self, case: usize) -> Option<String> {
        match self {
            Piece::Answer => None,
            Piece::Word(parts) => Some(parts.join(&case.to_string())),
        }
    }
}

/// An output template, as a problem file spells it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Template {
    text: String,
    pieces: Vec<Piece>,
}

impl Template {
    /// Reads a template; a one-line error says what is wrong with it.
    pub fn parse(text: &str) -> Result<Template> {
        if text.contains(['\n', '\r']) {
            Err(JudgeError::TemplateLines)?
        }
        let mut pieces = Vec::new();
        for token in text.split_whitespace() {
            if token == ANSWER {
                pieces.push(Piece::Answer);
                continue;
            }
            if token.contains(ANSWER) {
                let token = token.to_string();
                Err(JudgeError::AnswerNotAlone { token })?
            }
            let parts: Vec<String> = token.split(CASE).map(str::to_string).collect();
            if let Some(part) = parts.iter().find(|p| p.contains(['{', '}'])) {
                let (token, part) = (token.to_string(), part.clone());
                Err(JudgeError::TemplateBrace { token, part })?
            }
            pieces.push(Piece::Word(parts));
        }
        match pieces.iter().filter(|p| **p == Piece::Answer).count() {
            1 => Ok(Template {
                text: text.trim().to_string(),
                pieces,
            }),
            times => Err(JudgeError::AnswerTimes {
                text: text.to_string(),
                times,
            })?,
        }
    }

    /// The template as written (without leading or trailing spaces).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Its tokens, in order.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// Case `case`'s line (1-based), with `answer` in place; no line break.
    pub fn render(&self, case: usize, answer: &str) -> String {
        self.text
            .replace(CASE, &case.to_string())
            .replace(ANSWER, answer)
    }
}

impl fmt::Display for Template {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_read_their_pieces_and_render_a_case() {
        let t = Template::parse("Case {case}: {answer}").unwrap();
        assert_eq!(
            t.pieces(),
            [
                Piece::Word(vec!["Case".into()]),
                Piece::Word(vec!["".into(), ":".into()]),
                Piece::Answer
            ]
        );
        assert_eq!(t.pieces()[1].expected(12).unwrap(), "12:");
        assert_eq!(t.render(3, "7"), "Case 3: 7");
        let both = Template::parse("  #{case}-{case} =  {answer} points ").unwrap();
        assert_eq!(both.render(2, "5 1"), "#2-2 =  5 1 points");
        assert_eq!(both.pieces()[0].expected(4).unwrap(), "#4-4");
    }

    #[test]
    fn bad_templates_get_one_line_naming_the_problem() {
        let times = |text: &str, times| JudgeError::AnswerTimes {
            text: text.into(),
            times,
        };
        let cases = [
            ("Case {case}:", times("Case {case}:", 0)),
            ("{answer} {answer}", times("{answer} {answer}", 2)),
            (
                "Case {case}:{answer}",
                JudgeError::AnswerNotAlone {
                    token: "{case}:{answer}".into(),
                },
            ),
            (
                "Case {n}: {answer}",
                JudgeError::TemplateBrace {
                    token: "{n}:".into(),
                    part: "{n}:".into(),
                },
            ),
            ("Case {case}: {answer}\nnext", JudgeError::TemplateLines),
        ];
        for (text, wanted) in cases {
            let err = Template::parse(text).unwrap_err();
            assert_eq!(err.layer::<JudgeError>(), Some(&wanted), "{text:?}");
            assert!(!err.to_string().contains('\n'), "{text:?}: {err}");
        }
    }
}

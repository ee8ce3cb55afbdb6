//! The built-in studies: the study files under `studies/`, embedded (each
//! with its report template); three of them are commands of their own.

/// A built-in study.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Builtin {
    /// Its name.
    pub name: &'static str,
    /// One line on what it answers.
    pub about: &'static str,
    /// How to run it.
    pub how: &'static str,
    /// Its study file and template.
    pub file: (&'static str, &'static str),
    /// The template of the summary over every rule set (a `per_game` study).
    pub summary: Option<&'static str>,
}

/// The built-in study `studies/NAME.toml` with the template
/// `studies/TEMPLATE.md`, run as `coinline study run NAME` unless `how`
/// says otherwise.
macro_rules! study {
    ($name:literal, $template:literal, $about:literal) => {
        study!(
            $name,
            $template,
            $about,
            concat!("coinline study run ", $name),
            None
        )
    };
    ($name:literal, $template:literal, $about:literal, $how:expr, $summary:expr) => {
        Builtin {
            name: $name,
            about: $about,
            how: $how,
            file: (
                include_str!(concat!("../../../../studies/", $name, ".toml")),
                include_str!(concat!("../../../../studies/", $template, ".md")),
            ),
            summary: $summary,
        }
    };
}

/// Every built-in study, in the order listed: name, template, what it
/// answers (and how it is run, and its summary's template).
#[rustfmt::skip]
pub const BUILTINS: &[Builtin] = &[
    study!("odd-n", "odd-n",
        "coins with odd n: the classic table, greedy, can the first player lose",
        "coinline study odd-n (or coinline study run odd-n)", None),
    study!("decay", "decay",
        "how fast the odd-n first player's chances and greedy's optimality vanish",
        "coinline study decay (or coinline study run decay)", None),
    study!("outcomes", "outcomes",
        "any rule set: who wins by parity, greedy against optimal play, smallest counterexamples, the worst share",
        "coinline study outcomes --game GAME (or coinline study run outcomes)",
        Some(include_str!("../../../../studies/outcomes-summary.md"))),
    study!("pizza-extremes", "pizza-extremes",
        "the first player's worst share of a pizza, every pizza attaining it (4/9 is the proven bound)"),
    study!("pizza-extremes-01", "pizza-extremes", "the same over 0..1, n up to 24"),
    study!("pizza-extremes-03", "pizza-extremes", "the same over 0..3, n up to 15"),
    study!("pizza-15", "pizza-extremes",
        "the benchmark query: every pizza of 15 slices over 0..2 up to rotation and reflection"),
    study!("pizza-long-search", "pizza-long-search",
        "local search over pizzas of 15..41 slices over 0..9: the lowest share found"),
    study!("coins-greedy-regret", "coins-greedy-regret",
        "coins: greedy's largest regret share for every n up to 9 over 0..4, with the boards"),
    study!("coins-greedy-regret-search", "greedy-regret-search",
        "coins: greedy's largest regret share found by local search, n 11..40 over 0..4"),
    study!("coins-greedy-regret-1-100", "greedy-regret-search",
        "coins: the same search over 1..100, n 2..40"),
    study!("alias-extremes", "alias-extremes",
        "every alias: the lowest and highest value share and greedy's largest regret share, n up to 8 over 0..4"),
];

/// The built-in study named `name`.
pub fn find(name: &str) -> Option<&'static Builtin> {
    BUILTINS.iter().find(|b| b.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::spec::{table_files, Query};

    /// The tables a template names (in `{{table X}}` and `{{cell X ...}}`).
    fn named_tables(template: &str) -> Vec<&str> {
        (template.split("{{").skip(1))
            .filter_map(|rest| {
                let mut words = rest.split("}}").next()?.split_whitespace();
                matches!(words.next(), Some("table" | "cell")).then(|| words.next())?
            })
            .collect()
    }

    #[test]
    fn every_built_in_template_names_tables_its_study_makes() {
        assert_eq!(
            named_tables("{{table w first 2}} {{cell t all min}}"),
            ["w", "t"]
        );
        for b in BUILTINS {
            let (text, template) = b.file;
            let query = Query::parse(text, b.name).unwrap();
            let made = table_files(&query.tables, &query.fits);
            let mut named = named_tables(template);
            assert!(!named.is_empty(), "{}", b.name);
            named.extend(b.summary.map(named_tables).unwrap_or_default());
            for name in named {
                assert!(
                    made.iter().any(|m| m == name),
                    "{}: the template names {name}",
                    b.name
                );
            }
        }
    }
}

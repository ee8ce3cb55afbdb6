//! The built-in studies: the three report generators that are commands of
//! their own, and the study files under `studies/`, embedded (each with
//! its report template).

/// A built-in study.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Builtin {
    /// Its name.
    pub name: &'static str,
    /// One line on what it answers.
    pub about: &'static str,
    /// How to run it.
    pub how: &'static str,
    /// Its study file and template, when it is one.
    pub file: Option<(&'static str, &'static str)>,
    /// The template of the summary over every rule set (a `per_game` study).
    pub summary: Option<&'static str>,
}

/// Every built-in study, in the order listed.
pub const BUILTINS: &[Builtin] = &[
    Builtin {
        name: "odd-n",
        about: "coins with odd n: the classic table, greedy, can the first player lose",
        how: "coinline study odd-n (or coinline study run odd-n)",
        file: Some((
            include_str!("../../../../../studies/odd-n.toml"),
            include_str!("../../../../../studies/odd-n.md"),
        )),
        summary: None,
    },
    Builtin {
        name: "decay",
        about: "how fast the odd-n first player's chances and greedy's optimality vanish",
        how: "coinline study decay (or coinline study run decay)",
        file: Some((
            include_str!("../../../../../studies/decay.toml"),
            include_str!("../../../../../studies/decay.md"),
        )),
        summary: None,
    },
    Builtin {
        name: "outcomes",
        about: "any rule set: who wins by parity, greedy against optimal play, smallest counterexamples, the worst share",
        how: "coinline study outcomes --game GAME (or coinline study run outcomes)",
        file: Some((
            include_str!("../../../../../studies/outcomes.toml"),
            include_str!("../../../../../studies/outcomes.md"),
        )),
        summary: Some(include_str!("../../../../../studies/outcomes-summary.md")),
    },
    Builtin {
        name: "pizza-extremes",
        about: "the first player's worst share of a pizza, every pizza attaining it (4/9 is the proven bound)",
        how: "coinline study run pizza-extremes",
        file: Some((
            include_str!("../../../../../studies/pizza-extremes.toml"),
            include_str!("../../../../../studies/pizza-extremes.md"),
        )),
        summary: None,
    },
    Builtin {
        name: "pizza-extremes-01",
        about: "the same over 0..1, n up to 24",
        how: "coinline study run pizza-extremes-01",
        file: Some((
            include_str!("../../../../../studies/pizza-extremes-01.toml"),
            include_str!("../../../../../studies/pizza-extremes.md"),
        )),
        summary: None,
    },
    Builtin {
        name: "pizza-extremes-03",
        about: "the same over 0..3, n up to 15",
        how: "coinline study run pizza-extremes-03",
        file: Some((
            include_str!("../../../../../studies/pizza-extremes-03.toml"),
            include_str!("../../../../../studies/pizza-extremes.md"),
        )),
        summary: None,
    },
    Builtin {
        name: "pizza-15",
        about: "the benchmark query: every pizza of 15 slices over 0..2 up to rotation and reflection",
        how: "coinline study run pizza-15",
        file: Some((
            include_str!("../../../../../studies/pizza-15.toml"),
            include_str!("../../../../../studies/pizza-extremes.md"),
        )),
        summary: None,
    },
    Builtin {
        name: "pizza-long-search",
        about: "local search over pizzas of 15..41 slices over 0..9: the lowest share found",
        how: "coinline study run pizza-long-search",
        file: Some((
            include_str!("../../../../../studies/pizza-long-search.toml"),
            include_str!("../../../../../studies/pizza-long-search.md"),
        )),
        summary: None,
    },
    Builtin {
        name: "coins-greedy-regret",
        about: "coins: greedy's largest regret share for every n up to 9 over 0..4, with the boards",
        how: "coinline study run coins-greedy-regret",
        file: Some((
            include_str!("../../../../../studies/coins-greedy-regret.toml"),
            include_str!("../../../../../studies/coins-greedy-regret.md"),
        )),
        summary: None,
    },
    Builtin {
        name: "coins-greedy-regret-search",
        about: "coins: greedy's largest regret share found by local search, n 11..40 over 0..4",
        how: "coinline study run coins-greedy-regret-search",
        file: Some((
            include_str!("../../../../../studies/coins-greedy-regret-search.toml"),
            include_str!("../../../../../studies/greedy-regret-search.md"),
        )),
        summary: None,
    },
    Builtin {
        name: "coins-greedy-regret-1-100",
        about: "coins: the same search over 1..100, n 2..40",
        how: "coinline study run coins-greedy-regret-1-100",
        file: Some((
            include_str!("../../../../../studies/coins-greedy-regret-1-100.toml"),
            include_str!("../../../../../studies/greedy-regret-search.md"),
        )),
        summary: None,
    },
    Builtin {
        name: "alias-extremes",
        about: "every alias: the lowest and highest value share and greedy's largest regret share, n up to 8 over 0..4",
        how: "coinline study run alias-extremes",
        file: Some((
            include_str!("../../../../../studies/alias-extremes.toml"),
            include_str!("../../../../../studies/alias-extremes.md"),
        )),
        summary: None,
    },
];

/// The built-in study named `name`.
pub fn find(name: &str) -> Option<&'static Builtin> {
    BUILTINS.iter().find(|b| b.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::engine::spec::{table_files, Query};
    use crate::study::engine::template::named_tables;

    #[test]
    fn every_built_in_template_names_tables_its_study_makes() {
        for b in BUILTINS {
            let Some((text, template)) = b.file else {
                continue;
            };
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

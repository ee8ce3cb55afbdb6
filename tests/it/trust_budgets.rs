//! Issue 43, items 8 and 9: long runs estimated and refused past --budget
//! before any work, in one line, at once; a study's templates checked
//! before it runs; progress drawn on a terminal only. Rows of the real
//! binary, like tests/it/trust.rs; their last lines are a snapshot.

use crate::support::{refusal, workdir, Coinline};
use std::time::Duration;

/// A study file of one coins source, `SOURCE` its kind and keys, and one table.
fn study(source: &str, table: &str) -> String {
    format!("name = \"t\"\ngames = [\"coins\"]\n[source]\n{source}\n[[table]]\n{table}\n")
}

const RATE: &str = "name = \"t\"\nmeasure = \"loss\"\naggregate = \"rate\"";
const SMALL: &str = "kind = \"enumerate\"\nn = \"1..3\"\nalphabet = \"0..1\"";

/// (name, study file t.toml, its template t.md, coinline's arguments, the refusal).
fn rows() -> Vec<(
    &'static str,
    String,
    &'static str,
    Vec<&'static str>,
    &'static str,
)> {
    let random = "kind = \"random\"\nn = \"20\"\nvalues = \"0..9\"\nboards = 1000000000";
    let search = "kind = \"search\"\nn = \"20\"\nalphabet = \"0..9\"\nobjective = \"value\"\nrestarts = 1000000\nbudget = 1000000";
    let formula = "kind = \"formula\"\nformula = \"0 0 (k 1)^k\"\nk = \"1..1048576\"";
    let run = vec!["study", "run", "t.toml", "--out", "o", "--jobs", "1"];
    let with = |more: &[&'static str]| [run.clone(), more.to_vec()].concat();
    let over = "this run would take at least about";
    let compare = |games| {
        [
            "compare",
            "--random-games",
            games,
            "--seed",
            "1",
            "--jobs",
            "1",
            "--out",
            "c.csv",
        ]
        .to_vec()
    };
    vec![
        (
            "random-boards",
            study(random, RATE),
            "",
            with(&["--budget", "60"]),
            over,
        ),
        ("search-steps", study(search, RATE), "", run.clone(), over),
        (
            "formula-k",
            study(formula, RATE),
            "",
            run.clone(),
            "more than 2^20 values",
        ),
        (
            "template-placeholder",
            study(SMALL, RATE),
            "A\n\n{{table t}} {{nope}}\n",
            run.clone(),
            "t.md: line 3: unknown placeholder",
        ),
        (
            "template-table",
            study(SMALL, RATE),
            "A\n{{when game coins}}\n{{cell u 1 rate}}\n{{end}}\n",
            run.clone(),
            "t.md: line 3: the study makes no table",
        ),
        (
            "template-column",
            study(SMALL, RATE),
            "{{table t columns group,nope}}\n",
            with(&["--template", "t.md"]),
            "t.md: line 1: table \"t\" has no column \"nope\"",
        ),
        (
            "compare-100000-games",
            String::new(),
            "",
            compare("100000"),
            over,
        ),
        (
            "compare-100000000-games",
            String::new(),
            "",
            compare("100000000"),
            over,
        ),
    ]
}

#[test]
fn long_runs_and_bad_templates_are_refused_before_any_work() {
    let mut lines = Vec::new();
    for (name, file, template, args, message) in rows() {
        let dir = workdir("trust_budgets", name);
        std::fs::write(dir.join("t.toml"), file).unwrap();
        if !template.is_empty() {
            std::fs::write(dir.join("t.md"), template).unwrap();
        }
        let out = Coinline::new(&args)
            .dir(&dir)
            .timeout(Duration::from_secs(60))
            .run();
        refusal(&out, message).unwrap_or_else(|reason| panic!("{name}: {reason}"));
        // At once (a debug build on a busy machine), and nothing written.
        assert!(
            out.elapsed < Duration::from_secs(20),
            "{name}: {:?}",
            out.elapsed
        );
        assert!(
            !dir.join("o").exists() && !dir.join("c.csv").exists(),
            "{name}"
        );
        lines.push(format!("{name}: {}", out.stderr.trim_end()));
    }
    insta::assert_snapshot!(lines.join("\n"));
}

#[test]
fn a_study_draws_no_progress_into_a_pipe() {
    let dir = workdir("trust_budgets", "pipe");
    std::fs::write(dir.join("t.toml"), study(SMALL, RATE)).unwrap();
    let out = Coinline::new(["study", "run", "t.toml", "--out", "o"])
        .dir(&dir)
        .run();
    assert_eq!(out.code, 0, "{}", out.stderr);
    // The bar's marks: a carriage return, an escape, its rate.
    for mark in ["\r", "\u{1b}", "boards/s"] {
        assert!(!out.stderr.contains(mark), "{mark:?} in {:?}", out.stderr);
    }
    assert!(out.stderr.contains("witnesses checked"), "{}", out.stderr);
}

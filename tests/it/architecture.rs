//! The architecture invariants of ARCHITECTURE.md, enforced: each rule is a row
//! (what it protects, which source files it covers, which words they must
//! not contain). Comments and `#[cfg(test)]` modules are not scanned.

use std::path::{Path, PathBuf};

/// One invariant: files under `under` (except `except`) must not contain
/// any of `forbidden`.
struct Rule {
    invariant: &'static str,
    under: &'static str,
    except: &'static [&'static str],
    forbidden: &'static [&'static str],
}

const RULES: &[Rule] = &[
    Rule {
        invariant: "solvers are pure: no I/O, no printing, nothing above them",
        under: "crates/solve/src",
        except: &[],
        forbidden: &[
            "std::fs",
            "std::io",
            "std::net",
            "std::process",
            "std::env",
            "println!",
            "eprintln!",
            "crate::check",
            "crate::compare",
            "crate::output",
            "crate::judge",
            "crate::study",
            "crate::strategy",
            "crate::fuzzing",
        ],
    },
    Rule {
        invariant: "the rules know no solver, check or driver",
        under: "crates/game/src/game.rs",
        except: &[],
        forbidden: &[
            "crate::solve",
            "crate::check",
            "crate::compare",
            "crate::judge",
            "std::fs",
        ],
    },
    Rule {
        invariant: "the library is no command line: no clap, no indicatif",
        under: "crates",
        except: &[],
        forbidden: &["clap", "indicatif"],
    },
    Rule {
        invariant: "the library prints nothing and never exits the process",
        under: "crates",
        except: &[
            "crates/harness/examples",
            "crates/core/benches",
            "crates/harness/benches",
        ],
        forbidden: &["println!", "print!(", "eprint", "std::process::exit"],
    },
    Rule {
        invariant: "only the output module, the stress runner and the command line touch files",
        under: "crates",
        except: &[
            "crates/harness/src/output.rs",
            "crates/harness/src/corpus.rs",
            "crates/harness/src/judge/stress.rs",
            "crates/harness/benches",
            "crates/harness/examples",
        ],
        forbidden: &["std::fs", "fs::", "File::"],
    },
    Rule {
        invariant: "unsafe code lives only in the process sandbox and the SIMD fills",
        under: "crates",
        except: &[
            "crates/harness/src/judge/sandbox.rs",
            "crates/solve/src/table.rs",
        ],
        forbidden: &["unsafe"],
    },
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    if dir.is_file() {
        out.push(dir.to_path_buf());
        return;
    }
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a source file: comments and the test module removed.
fn code(text: &str) -> Vec<(usize, String)> {
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with("#[cfg(test)]") {
            break;
        }
        let code = match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        };
        if !code.trim().is_empty() {
            lines.push((i + 1, code.to_string()));
        }
    }
    lines
}

/// Every breach of `rule`: `file:line: word`.
fn breaches(rule: &Rule) -> Vec<String> {
    let root = root();
    let mut files = Vec::new();
    rust_files(&root.join(rule.under), &mut files);
    let mut found = Vec::new();
    for file in files {
        let relative = file
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if rule.except.iter().any(|e| relative.starts_with(e)) {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap();
        for (number, line) in code(&text) {
            for word in rule.forbidden {
                if line.contains(word) {
                    found.push(format!("{relative}:{number}: {word}"));
                }
            }
        }
    }
    found
}

#[test]
fn every_architecture_invariant_holds() {
    let mut report = Vec::new();
    for rule in RULES {
        let found = breaches(rule);
        if !found.is_empty() {
            report.push(format!("{}:\n  {}", rule.invariant, found.join("\n  ")));
        }
    }
    assert!(
        report.is_empty(),
        "architecture invariants broken:\n{}",
        report.join("\n")
    );
}

#[test]
fn the_rules_catch_a_breach() {
    // A rule that must fire: the output module touches files.
    let rule = Rule {
        invariant: "test",
        under: "crates/harness/src/output.rs",
        except: &[],
        forbidden: &["std::fs"],
    };
    assert!(!breaches(&rule).is_empty());
    // Comments and test modules are not code.
    let scanned = code("use a; // std::fs\n#[cfg(test)]\nmod tests { use std::fs; }");
    assert_eq!(scanned, vec![(1, "use a; ".to_string())]);
}

#[test]
fn readme_lists_exactly_these_invariants() {
    let readme = std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    let listed: Vec<&str> = readme
        .lines()
        .filter_map(|l| l.trim().strip_prefix("Architecture invariant (tested): "))
        .collect();
    let rules: Vec<&str> = RULES.iter().map(|r| r.invariant).collect();
    assert_eq!(
        listed, rules,
        "ARCHITECTURE.md.s tested invariants and this table differ"
    );
}

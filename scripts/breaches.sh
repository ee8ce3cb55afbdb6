#!/usr/bin/env bash
# Proves that the architecture's invariants are held by the compiler and the
# lints, not by convention (ARCHITECTURE.md, "Invariants"): each breach below
# is planted in a scratch copy of the tree, one at a time, and `cargo check`
# or `cargo clippy` of the crate it breaches must fail with the expected
# error. The untouched copy must pass first, so a failure is the breach's.
#
#   bash scripts/breaches.sh           every breach
#   bash scripts/breaches.sh NAME...   only the breaches named
#
# Builds go to $CARGO_TARGET_DIR (default ./target), so the dependencies
# already built there are reused; the scratch crates are built under their
# own paths and never touch the real tree's artefacts. Exit status 0 when
# every breach was refused as expected, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$root/target}

scratch=$(mktemp -d "${TMPDIR:-/tmp}/coinline-breaches.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
tree=$scratch/tree
mkdir -p "$tree"
# Tracked and new files (not target/ or anything ignored).
git ls-files -z --cached --others --exclude-standard |
    (cd "$root" && xargs -0 cp --parents -t "$tree" 2>/dev/null || true)

# The rules module is a file or a folder.
rules=crates/game/src/rules.rs
[ -f "$tree/$rules" ] || rules=crates/game/src/rules/mod.rs

# name | file (appended to) | cargo command (check or clippy) | package | expected
# error (an extended regular expression) | the code appended
BREACHES=(
    "rules-name-a-solver|$rules|check|coinline-game|unresolved import|use crate::solve::Table;"
    "rules-name-the-solver-crate|$rules|check|coinline-game|unresolved import|use coinline_solve::Table;"
    "solver-names-the-check|crates/solve/src/memo.rs|check|coinline-solve|unresolved import|use crate::check;"
    "solver-names-the-check-crate|crates/solve/src/memo.rs|check|coinline-solve|unresolved import|use coinline_core::check;"
    "solver-names-the-output|crates/solve/src/memo.rs|check|coinline-solve|unresolved import|use crate::output;"
    "solver-prints|crates/solve/src/memo.rs|clippy|coinline-solve|disallowed method .std::io::stdout|pub fn breach() { use std::io::Write; let _ = writeln!(std::io::stdout(), \"x\"); }"
    "solver-exits|crates/solve/src/memo.rs|clippy|coinline-solve|disallowed method .std::process::exit|pub fn breach() { std::process::exit(3) }"
    "check-unsafe-after-test-const|crates/core/src/check.rs|check|coinline-core|usage of an .unsafe. block|#[cfg(test)] const BREACH: u8 = 0; pub fn breach(x: &u8) -> u8 { unsafe { *(x as *const u8) } }"
    "check-writes-after-test-const|crates/core/src/check.rs|clippy|coinline-core|disallowed method .std::fs::write|#[cfg(test)] const BREACH: u8 = 0; pub fn breach() { let _ = std::fs::write(\"x\", b\"x\"); }"
    "writes-after-a-url|crates/core/src/strategy.rs|clippy|coinline-core|disallowed method .std::fs::write|pub fn breach() -> &'static str { let _ = std::fs::write(\"x\", \"https://example.org\"); \"https://\" }"
    "writes-through-an-alias|crates/core/src/strategy.rs|clippy|coinline-core|disallowed method .std::fs::write|pub fn breach() { use std::fs as f; let _ = f::write(\"x\", b\"x\"); }"
    "table-unsafe-outside-the-fills|crates/solve/src/table/mod.rs|check|coinline-solve|usage of an .unsafe. block|pub fn breach(x: &i64) -> i64 { unsafe { *(x as *const i64) } }"
    "harness-unsafe-outside-the-sandbox|crates/harness/src/compare/mod.rs|check|coinline-harness|usage of an .unsafe. block|pub fn breach(x: &u8) -> u8 { unsafe { *(x as *const u8) } }"
    "judge-unsafe|crates/judge/src/verdict.rs|check|coinline-judge|usage of an .unsafe. block|pub fn breach(x: &u8) -> u8 { unsafe { *(x as *const u8) } }"
    "output-unsafe|crates/output/src/owner.rs|check|coinline-output|usage of an .unsafe. block|pub fn breach(x: &u8) -> u8 { unsafe { *(x as *const u8) } }"
    "study-unsafe|crates/study/src/table.rs|check|coinline-study|usage of an .unsafe. block|pub fn breach(x: &u8) -> u8 { unsafe { *(x as *const u8) } }"
    "sandbox-unsafe-outside-its-two-functions|crates/sandbox/src/escaped.rs|check|coinline-sandbox|usage of an .unsafe. block|pub fn breach(x: &u8) -> u8 { unsafe { *(x as *const u8) } }"
    "judge-names-the-study|crates/judge/src/lib.rs|check|coinline-judge|unresolved import|use coinline_study as _;"
    "study-names-the-sandbox|crates/study/src/lib.rs|check|coinline-study|unresolved import|use coinline_sandbox as _;"
    "study-names-the-judge|crates/study/src/lib.rs|check|coinline-study|unresolved import|use coinline_judge as _;"
    "output-names-the-judge|crates/output/src/lib.rs|check|coinline-output|unresolved import|use coinline_judge as _;"
    "sandbox-names-the-output|crates/sandbox/src/lib.rs|check|coinline-sandbox|unresolved import|use coinline_output as _;"
    "harness-names-the-judge-without-fuzzing|crates/harness/src/compare/mod.rs|check|coinline-harness|unresolved import|use coinline_judge as _;"
    "judge-prints|crates/judge/src/verdict.rs|clippy|coinline-judge|disallowed macro .std::println|pub fn breach() { println!(\"x\"); }"
    "study-writes|crates/study/src/table.rs|clippy|coinline-study|disallowed method .std::fs::write|pub fn breach() { let _ = std::fs::write(\"x\", b\"x\"); }"
    "harness-prints|crates/harness/src/compare/mod.rs|clippy|coinline-harness|disallowed macro .std::println|pub fn breach() { println!(\"x\"); }"
    "library-names-clap|crates/harness/src/lib.rs|check|coinline-harness|unresolved import|use clap as _;"
    "core-names-indicatif|crates/core/src/lib.rs|check|coinline-core|unresolved import|use indicatif as _;"
    "core-names-a-driver|crates/core/src/lib.rs|check|coinline-core|unresolved import|use coinline_harness as _;"
)

# Runs one cargo command on `package` in the scratch tree; its output in $log.
cargo_on() {
    local command=$1 package=$2 log=$3
    local args=(-p "$package" --lib --quiet --locked --message-format short)
    if [ "$command" = clippy ]; then
        (cd "$tree" && cargo clippy "${args[@]}" -- -D warnings) >"$log" 2>&1
    else
        (cd "$tree" && cargo check "${args[@]}") >"$log" 2>&1
    fi
}

wanted=("$@")
selected() {
    [ ${#wanted[@]} -eq 0 ] && return 0
    local w
    for w in "${wanted[@]}"; do [ "$w" = "$1" ] && return 0; done
    return 1
}

echo "== the untouched copy passes"
for package in coinline-game coinline-solve coinline-core coinline-output coinline-sandbox coinline-judge coinline-study coinline-harness; do
    if ! cargo_on clippy "$package" "$scratch/baseline.log"; then
        cat "$scratch/baseline.log" >&2
        echo "breaches: the untouched copy fails clippy on $package: nothing can be proved" >&2
        exit 1
    fi
done

failed=0
ran=0
for entry in "${BREACHES[@]}"; do
    IFS='|' read -r name file command package expected code <<<"$entry"
    selected "$name" || continue
    ran=$((ran + 1))
    cp "$tree/$file" "$scratch/original"
    printf '\n// planted by scripts/breaches.sh\n%s\n' "$code" >>"$tree/$file"
    log=$scratch/$name.log
    if cargo_on "$command" "$package" "$log"; then
        echo "   $name: NOT refused: cargo $command -p $package passed with it ($file)"
        failed=1
    elif grep -Eq "$expected" "$log"; then
        echo "   $name: refused by cargo $command ($(grep -Em1 "$expected" "$log" | sed 's/^[^ ]* //'))"
    else
        echo "   $name: cargo $command failed, but not with /$expected/:"
        sed 's/^/      /' "$log" | head -20
        failed=1
    fi
    cp "$scratch/original" "$tree/$file"
done

if [ "$ran" -eq 0 ]; then
    echo "breaches: no breach named ${wanted[*]}" >&2
    exit 2
fi
if [ "$failed" -ne 0 ]; then
    echo "breaches: some breach was not refused (above)" >&2
    exit 1
fi
echo "breaches: all $ran refused"

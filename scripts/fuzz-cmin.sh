#!/usr/bin/env bash
# Minimises the committed fuzz corpus, corpus/<target>/, with `cargo fuzz
# cmin`, keeping every file the project names and no less coverage.
#
# Which files are kept whatever cmin says: every file of corpus/<target>/
# whose name is not libFuzzer's (a 40-digit hex SHA-1): the `seed-*` files,
# which tests/corpus.rs regenerates and requires byte for byte, and the
# regressions, which `coinline compare` saves as <game>-n<len>-<hash> and
# people add by hand with a name that says what they are. Only files named by
# libFuzzer (finds copied in from fuzz/corpus/<target>/ or a ClusterFuzzLite
# corpus) are candidates for removal.
#
# Per target, in a temporary directory:
#  1. candidates = libFuzzer-named files of corpus/<target>/; with
#     CMIN_FINDS=1 also those of fuzz/corpus/<target>/ (the scratch finds of
#     `cargo fuzz run` and scripts/fuzz-smoke.sh: a few seconds of fuzzing
#     can add hundreds of files, so this is opt-in);
#  2. `cargo fuzz cmin -s none <target> <candidates>` minimises them;
#  3. libFuzzer's -merge=1 adds to the kept files only the candidates that
#     cover something the kept files do not;
#  4. the coverage (libFuzzer's `ft:` after loading the corpus) of the result
#     must be at least that of the committed corpus, or nothing is replaced;
#  5. corpus/<target>/ is replaced by the result. Review with `git status`
#     and run `cargo test --test corpus` before committing.
# Stable toolchain, no sanitizer (as scripts/fuzz-smoke.sh). Targets listed
# in EXCLUDE (meant to crash, such as `planted`) are skipped.
# Usage: bash scripts/fuzz-cmin.sh [TARGET ...]   (default: every target
# with a committed corpus)
set -euo pipefail
cd "$(dirname "$0")/.."

EXCLUDE=(planted)

fail() {
    echo "fuzz-cmin: FAILED: $*" >&2
    exit 1
}
# libFuzzer names the inputs it writes by their SHA-1.
libfuzzer_name() { [[ $1 =~ ^[0-9a-f]{40}$ ]]; }
# The feature count libFuzzer reports after loading the corpus in $2.
features() {
    "$1" -runs=0 "$2" 2>&1 | grep -o "INITED cov: [0-9]* ft: [0-9]*" | grep -o "[0-9]*$" || echo 0
}

source scripts/lib/install.sh
ensure_cargo_tool cargo-fuzz
cargo fetch --locked --manifest-path fuzz/Cargo.toml

if [ $# -gt 0 ]; then
    targets=("$@")
else
    mapfile -t targets < <(cargo fuzz list)
fi
scratch=$(mktemp -d "${TMPDIR:-/tmp}/coinline-cmin.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
source scripts/lib/cargo-paths.sh
binary_dir=$(fuzz_binary_dir)

for target in "${targets[@]}"; do
    if [[ " ${EXCLUDE[*]} " == *" $target "* ]]; then
        echo "== $target: skipped (in EXCLUDE)"
        continue
    fi
    [ -d "corpus/$target" ] || { echo "== $target: no corpus/$target/, skipped"; continue; }
    work=$scratch/$target
    mkdir -p "$work/kept" "$work/candidates" "$work/committed"
    for file in "corpus/$target"/*; do
        name=$(basename "$file")
        cp "$file" "$work/committed/"
        if libfuzzer_name "$name"; then
            cp "$file" "$work/candidates/"
        else
            cp "$file" "$work/kept/"
        fi
    done
    if [ "${CMIN_FINDS:-0}" = 1 ] && [ -d "fuzz/corpus/$target" ]; then
        find "fuzz/corpus/$target" -maxdepth 1 -type f -exec cp -t "$work/candidates/" {} +
    fi
    kept=$(find "$work/kept" -type f | wc -l)
    offered=$(find "$work/candidates" -type f | wc -l)
    echo "== $target: $kept named files kept, $offered libFuzzer-named candidates"
    if [ "$offered" -gt 0 ]; then
        cargo fuzz cmin -s none "$target" "$work/candidates" >"$work/cmin.log" 2>&1 ||
            { tail -n 20 "$work/cmin.log" >&2; fail "cargo fuzz cmin $target"; }
        "$binary_dir/$target" -merge=1 "$work/kept" "$work/candidates" >"$work/merge.log" 2>&1 ||
            { tail -n 20 "$work/merge.log" >&2; fail "libFuzzer -merge=1 for $target"; }
    else
        cargo fuzz build -s none "$target" >/dev/null 2>&1
    fi
    before=$(features "$binary_dir/$target" "$work/committed")
    after=$(features "$binary_dir/$target" "$work/kept")
    [ "$after" -ge "$before" ] ||
        fail "$target: the minimised corpus covers $after features, the committed one $before; nothing replaced"
    total=$(find "$work/kept" -type f | wc -l)
    committed=$(find "$work/committed" -type f | wc -l)
    if diff -rq "$work/kept" "corpus/$target" >/dev/null; then
        echo "   unchanged: $total files, $after features"
        continue
    fi
    # Replace the committed corpus: new directory beside it, then rename.
    rm -rf "corpus/.$target.new" "corpus/.$target.old"
    cp -r "$work/kept" "corpus/.$target.new"
    mv "corpus/$target" "corpus/.$target.old"
    mv "corpus/.$target.new" "corpus/$target"
    rm -rf "corpus/.$target.old"
    echo "   corpus/$target: $committed -> $total files, features $before -> $after"
done
echo "fuzz-cmin: done; review with git status, then run cargo test --test corpus"

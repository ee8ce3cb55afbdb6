#!/usr/bin/env bash
# Checks the ClusterFuzzLite build integration without Docker (scripts/test.sh
# calls this). Runs .clusterfuzzlite/build.sh as the builder would, with SRC,
# OUT and WORK in a temporary directory and SANITIZER=none (the stable
# toolchain, `cargo fuzz build -s none`; the container builds with -O and
# AddressSanitizer), then requires that
#  - every target of `cargo fuzz list` is in $OUT, and each one with a
#    committed corpus also has $OUT/<target>_seed_corpus.zip holding exactly
#    the files of corpus/<target>/;
#  - each built target runs clean on (a copy of) its committed corpus: every
#    file once, then CFLITE_SECONDS (default 3) of fuzzing from it. A crash,
#    a timeout or a target without a committed corpus fails the check.
# Targets that are meant to crash are listed in EXCLUDE below: they are
# built and checked to be in $OUT, but not run (scripts/fuzz-smoke.sh proves
# they crash). `planted` is one.
# Usage: bash scripts/cflite-build-check.sh   (installs cargo-fuzz if missing)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

# Fuzz targets that must crash: built, not run here.
EXCLUDE=(planted)
seconds=${CFLITE_SECONDS:-3}

fail() {
    echo "cflite-build-check: FAILED: $*" >&2
    exit 1
}
# The names in a zip file (unzip, or Python where unzip is missing).
zip_names() {
    if command -v unzip >/dev/null; then
        unzip -Z1 "$1"
    else
        python3 -c 'import sys, zipfile; print("\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))' "$1"
    fi
}
excluded() {
    local name
    for name in "${EXCLUDE[@]}"; do
        [ "$name" = "$1" ] && return 0
    done
    return 1
}

source scripts/lib/install.sh
ensure_cargo_tool cargo-fuzz

scratch=$(mktemp -d "${TMPDIR:-/tmp}/coinline-cflite.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
export SRC=$scratch/src OUT=$scratch/out WORK=$scratch/work SANITIZER=none
mkdir -p "$SRC" "$OUT" "$WORK"
ln -s "$repo" "$SRC/coinline"

echo "== .clusterfuzzlite/build.sh (SRC, OUT, WORK in $scratch; SANITIZER=none)"
start=$(date +%s%N)
bash .clusterfuzzlite/build.sh
echo "   built in $((($(date +%s%N) - start) / 1000000)) ms"

mapfile -t targets < <(cargo fuzz list)
[ ${#targets[@]} -gt 0 ] || fail "cargo fuzz list names no target"
for target in "${targets[@]}"; do
    [ -x "$OUT/$target" ] || fail "build.sh did not put $target into \$OUT"
done

for target in "${targets[@]}"; do
    if excluded "$target"; then
        echo "== $target: built, not run (in EXCLUDE: it is meant to crash)"
        continue
    fi
    [ -d "corpus/$target" ] || fail "$target has no committed corpus (corpus/$target/)"
    expected=$(find "corpus/$target" -maxdepth 1 -type f ! -name '.*' -printf '%f\n' | sort)
    zipped=$(zip_names "$OUT/${target}_seed_corpus.zip" | sort)
    [ "$zipped" = "$expected" ] ||
        fail "$OUT/${target}_seed_corpus.zip does not hold exactly the files of corpus/$target/"
    count=$(wc -l <<<"$expected")
    # The committed corpus is copied: libFuzzer adds its finds to the first
    # directory. Crash files go to the scratch directory, never the checkout.
    mkdir -p "$scratch/corpus/$target" "$scratch/artifacts/$target"
    cp "corpus/$target"/* "$scratch/corpus/$target/"
    log=$scratch/$target.log
    echo "== $target: $count corpus files, then ${seconds}s of fuzzing"
    if ! (cd "$scratch" && "$OUT/$target" "$scratch/corpus/$target" -max_total_time="$seconds" \
        -timeout=20 -print_final_stats=1 -artifact_prefix="$scratch/artifacts/$target/") \
        >"$log" 2>&1; then
        grep -A8 "found a problem" "$log" | head -n 20 >&2 || true
        tail -n 15 "$log" >&2
        fail "$target crashed or timed out on its corpus"
    fi
    runs=$(grep -o "stat::number_of_executed_units: [0-9]*" "$log" | grep -o "[0-9]*$" || echo "?")
    inited=$(grep -o "INITED cov: [0-9]* ft: [0-9]*" "$log" | head -n 1 || true)
    echo "   clean: $runs runs (${inited:-no INITED line})"
done
echo "cflite-build-check: ok"

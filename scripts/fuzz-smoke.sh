#!/usr/bin/env bash
# Bounded fuzzing, as CI runs it (scripts/test.sh calls this last).
#  1. Installs cargo-fuzz when it is missing.
#  2. Builds every fuzz target on the stable toolchain, without a sanitizer.
#  3. Runs each target but `planted` for FUZZ_SECONDS (default 30) on the
#     committed corpus, new finds going to fuzz/corpus/TARGET (git-ignored),
#     with fuzz/dict/TARGET.dict when there is one. Any crash fails.
#  4. The planted bug: the `planted` target (solvers_agree's check with
#     coinline_core::mutants::PlantedTable in table's place) must crash on the
#     committed solvers_agree corpus, and again from an empty corpus within
#     PLANTED_SECONDS (default 60, libFuzzer seed PLANTED_SEED, default 1);
#     prints how long that took.
# Usage: bash scripts/fuzz-smoke.sh [TARGET ...]   (default: every target)
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SECONDS:-30}
planted_seconds=${PLANTED_SECONDS:-60}
planted_seed=${PLANTED_SEED:-1}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

fail() {
    echo "fuzz-smoke: FAILED: $*" >&2
    exit 1
}

# The panic message of coinline_harness::fuzzing, then libFuzzer's summary.
show_crash() {
    grep -A8 "found a problem" "$1" | head -n 20 >&2 || true
    grep -E "^SUMMARY|Test unit written" "$1" >&2 || true
}

source scripts/lib/install.sh
ensure_cargo_tool cargo-fuzz
echo "== $(cargo fuzz --version), $(rustc --version)"

# cargo fuzz has no --locked: check the committed lock file is current first.
cargo fetch --locked --manifest-path fuzz/Cargo.toml
cargo fmt --manifest-path fuzz/Cargo.toml -- --check

if [ $# -gt 0 ]; then
    targets=("$@")
else
    mapfile -t targets < <(cargo fuzz list)
fi

echo "== cargo fuzz build -s none (${targets[*]})"
cargo fuzz build -s none

for target in "${targets[@]}"; do
    [ "$target" = planted ] && continue # must crash: step 4
    echo "== fuzzing $target for ${seconds}s"
    mkdir -p "fuzz/corpus/$target"
    log="$scratch/$target.log"
    # The target's libFuzzer dictionary, if it has one (tests/it/corpus.rs
    # generates fuzz/dict/*.dict from the library's word lists).
    dict=()
    [ -f "fuzz/dict/$target.dict" ] && dict=(-dict="fuzz/dict/$target.dict")
    if ! cargo fuzz run -s none "$target" "fuzz/corpus/$target" "corpus/$target" -- \
        "${dict[@]}" -max_total_time="$seconds" -timeout=20 -print_final_stats=1 >"$log" 2>&1; then
        show_crash "$log"
        fail "$target crashed (full log above; the input is in fuzz/artifacts/$target/)"
    fi
    runs=$(grep -o "stat::number_of_executed_units: [0-9]*" "$log" | grep -o "[0-9]*$" || echo "?")
    seed=$(grep -o "INFO: Seed: [0-9]*" "$log" | grep -o "[0-9]*$" || echo "?")
    echo "   clean: $runs runs, libFuzzer seed $seed${dict:+, ${dict[0]#-dict=}}"
done

if [[ " ${targets[*]} " != *" planted "* ]]; then
    echo "fuzz-smoke: ok (planted-bug proof skipped: planted not selected)"
    exit 0
fi

echo "== planted bug: the planted target must crash"
expect_planted_crash() {
    local log=$1
    shift
    if cargo fuzz run -s none planted "$@" >"$log" 2>&1; then
        fail "the planted bug was not found ($*)"
    fi
    grep -q "found a problem" "$log" && grep -q "disagree:planted-table" "$log" ||
        { cat "$log" >&2; fail "planted crashed, but not on the planted bug"; }
}

mkdir -p "$scratch/replay" "$scratch/empty"
expect_planted_crash "$scratch/replay.log" "$scratch/replay" corpus/solvers_agree -- \
    -runs=0 -artifact_prefix="$scratch/"
echo "   the committed corpus catches it:"
grep -A3 "found a problem" "$scratch/replay.log" | sed -n 2,3p | sed 's/^/   /'

start=$(date +%s%N)
expect_planted_crash "$scratch/empty.log" "$scratch/empty" -- -seed="$planted_seed" \
    -max_total_time="$planted_seconds" -artifact_prefix="$scratch/" -print_final_stats=1
elapsed_ms=$((($(date +%s%N) - start) / 1000000))
runs=$(grep -o "stat::number_of_executed_units: [0-9]*" "$scratch/empty.log" | grep -o "[0-9]*$" || echo "?")
echo "   from an empty corpus (libFuzzer seed $planted_seed): found after $runs runs," \
    "${elapsed_ms} ms including start-up (bound ${planted_seconds}s):"
grep -A5 "found a problem" "$scratch/empty.log" | sed -n 2,5p | sed 's/^/   /'
echo "fuzz-smoke: ok"

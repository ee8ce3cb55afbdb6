#!/usr/bin/env bash
# Mutation testing of the core with cargo-mutants (installed here if missing).
#
#   bash scripts/mutants.sh              every core module, its own tests each
#   bash scripts/mutants.sh check game   only the modules named (see MODULES)
#   bash scripts/mutants.sh --in-diff FILE
#                                        only mutants on the lines of a diff,
#                                        against the whole test suite (CI)
#
# Results go outside the repository, to $MUTANTS_OUT (default
# ../coinline-mutants.out beside the checkout): one cargo-mutants output
# folder per module and summary.md, a table of caught / missed / unviable /
# timed out. Exit status: 0 when no mutant was missed, 1 otherwise.
# Equivalent mutants are excluded, each with its argument, in
# .cargo/mutants.toml; reports/MUTANTS.md holds the last full run.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
out=${MUTANTS_OUT:-$(dirname "$root")/coinline-mutants.out}
jobs=${MUTANTS_JOBS:-1}

if ! cargo mutants --version >/dev/null 2>&1; then
    echo "== installing cargo-mutants"
    cargo install cargo-mutants --locked
fi
echo "== $(cargo mutants --version), output in $out"
mkdir -p "$out"

# name | source files (space-separated) | test binaries | test-name filters
MODULES=(
    "check|src/check.rs|--lib --test it|check check_catches properties corpus"
    "game|src/game.rs|--lib --test it|game check_catches examples properties"
    "rules|src/rules.rs src/solve/generic.rs|--lib|rules generic"
    "solvers|src/solve/mod.rs src/solve/memo.rs src/solve/minimax.rs src/solve/linear.rs|--lib --test it|solve linear properties examples check_catches"
    "table|src/solve/table.rs|--lib --test it|table linear corpus"
    "strategy|src/strategy.rs|--lib --test it|strategy check_catches properties"
    "shrink|src/shrink.rs|--lib --test it|shrink compare"
    "board|src/board.rs|--lib --test it|board cli_errors"
    "output|src/output.rs|--lib --test it|output trust compare"
    "merge|src/compare/merge.rs src/compare/summary.rs|--lib --test it|compare merge summary trust"
)

count() { if [ -f "$1" ]; then grep -c . "$1" || true; else echo 0; fi; }

summary=$out/summary.md
missed_total=0

run_module() {
    local name=$1 files=$2 binaries=$3 filters=$4
    local args=() f
    for f in $files; do
        [ -f "$f" ] || { echo "   ($f does not exist: skipped)"; continue; }
        args+=(-f "$f")
    done
    [ ${#args[@]} -gt 0 ] || return 0
    local dir=$out/$name
    rm -rf "$dir"
    echo "== $name: ${files}"
    local start=$SECONDS status=0
    # shellcheck disable=SC2086
    cargo mutants --no-shuffle -j "$jobs" "${args[@]}" -o "$dir" -- $binaries -- $filters \
        >"$out/$name.log" 2>&1 || status=$?
    local m=$dir/mutants.out
    local caught missed unviable timeout
    caught=$(count "$m/caught.txt"); missed=$(count "$m/missed.txt")
    unviable=$(count "$m/unviable.txt"); timeout=$(count "$m/timeout.txt")
    echo "   caught $caught, missed $missed, unviable $unviable, timed out $timeout" \
        "($((SECONDS - start)) s, cargo-mutants status $status)"
    echo "| $name | $caught | $missed | $unviable | $timeout | $((SECONDS - start)) s |" >>"$summary"
    if [ "$missed" -gt 0 ]; then
        sed 's/^/   MISSED: /' "$m/missed.txt"
    fi
    missed_total=$((missed_total + missed))
}

if [ "${1:-}" = "--in-diff" ]; then
    diff=${2:?usage: mutants.sh --in-diff FILE}
    dir=$out/in-diff
    rm -rf "$dir"
    status=0
    cargo mutants --no-shuffle -j "$jobs" --in-diff "$diff" -o "$dir" -- --lib --test it \
        >"$out/in-diff.log" 2>&1 || status=$?
    m=$dir/mutants.out
    echo "   in-diff: caught $(count "$m/caught.txt"), missed $(count "$m/missed.txt")," \
        "unviable $(count "$m/unviable.txt"), timed out $(count "$m/timeout.txt")" \
        "(cargo-mutants status $status)"
    if [ "$(count "$m/missed.txt")" -gt 0 ]; then
        sed 's/^/   MISSED: /' "$m/missed.txt"
        exit 1
    fi
    # 0: all caught; 2 would be missed (handled above); anything else is a failure to run,
    # except when the diff held no mutants.
    case $status in
        0 | 3) exit 0 ;;
        *) grep -q "No mutants" "$out/in-diff.log" && exit 0
           tail -20 "$out/in-diff.log" >&2; exit 1 ;;
    esac
fi

{
    echo "# cargo-mutants on coinline's core, $(date -u +%Y-%m-%d)"
    echo
    echo "| module | caught | missed | unviable | timed out | time |"
    echo "| --- | --- | --- | --- | --- | --- |"
} >"$summary"
for entry in "${MODULES[@]}"; do
    IFS='|' read -r name files binaries filters <<<"$entry"
    if [ $# -gt 0 ] && [[ " $* " != *" $name "* ]]; then
        continue
    fi
    run_module "$name" "$files" "$binaries" "$filters"
done
echo "== summary: $summary"
cat "$summary"
[ "$missed_total" -eq 0 ]

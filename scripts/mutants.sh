#!/usr/bin/env bash
# Mutation testing of the core with cargo-mutants (installed here if missing).
#
#   bash scripts/mutants.sh                 every module of MODULES, each with
#                                           the tests selected for it
#   bash scripts/mutants.sh board shrink    only the modules named
#   bash scripts/mutants.sh --summary       summary.md of the runs in $MUTANTS_OUT
#   bash scripts/mutants.sh --in-diff DIFF  only the mutants on the lines a diff
#                                           adds, module by module with the
#                                           same tests (CI: scripts/test.sh)
#
# Results go outside the repository, to $MUTANTS_OUT (default
# ../coinline-mutants.out beside the checkout): a cargo-mutants output folder
# per module, its log, and summary.md (caught / missed / unviable / timed out
# per module, every missed mutant listed). Exit status: 0 when no mutant was
# missed, 1 otherwise (or when cargo-mutants could not run).
#
# Equivalent mutants are excluded, each with its argument, in
# .cargo/mutants.toml; reports/MUTANTS.md holds the last full run.
#
# Settings (environment): MUTANTS_JOBS (cargo-mutants jobs, default 1),
# MUTANTS_NICE (niceness, default 15), MUTANTS_BUDGET (seconds for the whole
# --in-diff step, default 480), MUTANTS_TARGET_DIR (the cargo target
# directory of every build, default cargo's own, $CARGO_TARGET_DIR or
# ./target: the scratch copies of
# cargo-mutants then reuse the dependencies `cargo test` built there instead of
# building them again per module; only coinline itself is rebuilt, from the
# copy. Point it elsewhere, seeded with `cp -a target DIR`, to keep building
# in the checkout meanwhile).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
out=${MUTANTS_OUT:-$(dirname "$root")/coinline-mutants.out}
jobs=${MUTANTS_JOBS:-1}
nice_level=${MUTANTS_NICE:-15}
export CARGO_BUILD_JOBS=${CARGO_BUILD_JOBS:-$jobs}
source scripts/lib/cargo-paths.sh
CARGO_TARGET_DIR=${MUTANTS_TARGET_DIR:-$(cargo_target_dir)}
export CARGO_TARGET_DIR

# cargo-mutants is installed when a module is to be tested (with --in-diff,
# not when the diff touches none).
source scripts/lib/install.sh
mkdir -p "$out"

# name | source files (space-separated) | the packages whose unit tests run
#      | test-name filters (none: all of them)
#      | opt-level of coinline's crates (their dependencies stay as Cargo.toml says)
#
# The filters select the tests that exercise the module (substrings of test
# names, in the unit tests of the library and, with `--test it`, in the
# integration tests). Narrow filters keep a mutant's test run to seconds; the
# build of the mutated crate is most of the cost, so modules whose tests are
# small build coinline at opt-level 1 without debug information (about half
# the time of the test profile's opt-level 2 with it).
#
# check and strategy are tested by their own unit tests (`check::` in
# crates/core/src/check.rs; `strategy::` in its strategy.rs and strategy/exact_tests.rs),
# not by the integration tests they first had: with `--test it` a mutant
# rebuilt the library and the integration test binary at opt-level 2, 15 to
# 45 s of build per mutant at one job (measured on check, 2026-12-01: a 223 s
# baseline, then 42 s and 14 s for the first two mutants), and those tests
# were not written to pin exact values. The unit tests run the real solvers
# and the planted ones of crates/core/src/mutants.rs on small boards in well under a
# second. rules, solvers and table the same way: crates/solve/src/exact_tests.rs holds
# every exact solver to a reference written from the rules (values and
# canonical lines on every board up to 5 values and on drawn ones up to 13),
# beside each file's own unit tests. Two jobs sharing one target directory
# wait for each other's lock and ran slower than one job (measured on rules);
# cargo-mutants' --copy-target=true with no CARGO_TARGET_DIR avoids the lock,
# but whether two such jobs beat one on 2 cores was not settled
# (reports/MUTANTS.md), so the default stays one job.
MODULES=(
    "board|crates/game/src/board/mod.rs crates/game/src/board/scan.rs crates/game/src/board/tokens.rs|coinline-game|board::|1"
    "shrink|crates/core/src/shrink.rs|coinline-core|shrink::|1"
    "output|crates/output/src/lib.rs crates/output/src/transaction.rs crates/output/src/owner.rs crates/output/src/fifo.rs crates/output/src/folder.rs crates/output/src/plan.rs|coinline-output||1"
    "case|crates/game/src/case.rs|coinline-game|case::|1"
    "generate|crates/game/src/generate.rs|coinline-game|generate::|1"
    "summary|crates/core/src/summary.rs crates/core/src/cost.rs|coinline-core|summary:: cost::|1"
    "compare|crates/harness/src/compare/mod.rs crates/harness/src/compare/rows.rs crates/harness/src/compare/summary_csv.rs crates/harness/src/compare/recount.rs|coinline-harness|compare::|1"
    "merge|crates/harness/src/compare/merge.rs|coinline-harness|compare::merge::|1"
    "judge-io|crates/judge/src/input.rs crates/judge/src/answers.rs crates/judge/src/stream.rs crates/judge/src/limits.rs crates/judge/src/verdict.rs|coinline-judge|input:: answers:: stream:: limits:: verdict::|1"
    "check|crates/core/src/check.rs crates/core/src/check/extra.rs|coinline-core|check::|1"
    "rules|crates/game/src/play.rs crates/game/src/rules/mod.rs crates/game/src/rules/text.rs crates/game/src/rules/moves.rs crates/solve/src/generic.rs|coinline-game coinline-solve||1"
    "solvers|crates/solve/src/lib.rs crates/solve/src/memo.rs crates/solve/src/minimax.rs crates/solve/src/linear.rs|coinline-solve||1"
    "table|crates/solve/src/table/mod.rs crates/solve/src/table/record.rs crates/solve/src/table/value.rs crates/solve/src/table/walk.rs|coinline-solve|table::|1"
    "strategy|crates/core/src/strategy.rs|coinline-core|strategy::|1"
)

lines() { if [ -s "$1" ]; then wc -l <"$1" | tr -d ' '; else echo 0; fi; }

# cargo-mutants on `files` (plus any further cargo-mutants options after the
# fifth argument), with the unit tests of `packages` matching `filters`. Results
# in $out/$name, its log in $out/$name.log, its duration in $out/$name.time.
run_module() {
    local name=$1 files=$2 packages=$3 filters=$4 opt=$5
    shift 5
    local args=() f
    for f in $files; do
        [ -f "$f" ] || { echo "   ($f does not exist: skipped)"; continue; }
        args+=(-f "$f")
    done
    [ ${#args[@]} -gt 0 ] || return 0
    local dir=$out/$name
    [ -n "${MUTANTS_ITERATE:-}" ] || rm -rf "$dir"
    local start=$SECONDS status=0
    local targets=() t
    # --workspace: the files may be in any crate (cargo-mutants 27 otherwise
    # mutates only the root package's, and finds no mutant in crates/).
    targets+=(--workspace)
    for t in $packages; do targets+=("--test-package=$t"); done
    targets+=("--cargo-arg=--lib")
    if [ "$opt" != 2 ]; then
        local package
        for package in coinline-game coinline-solve coinline-core coinline-harness; do
            targets+=("--cargo-arg=--config=profile.test.package.$package.opt-level=$opt"
                "--cargo-arg=--config=profile.test.package.$package.debug=false")
        done
    fi
    # The targets go to every cargo command (the build too, which otherwise
    # builds every test target); the filters to the test binaries.
    # shellcheck disable=SC2086
    nice -n "$nice_level" cargo mutants --no-shuffle -j "$jobs" --jobserver-tasks "$jobs" \
        ${MUTANTS_ITERATE:+--iterate} "${args[@]}" "${targets[@]}" "$@" -o "$dir" \
        -- -- $filters \
        >"$out/$name.log" 2>&1 || status=$?
    local m=$dir/mutants.out caught missed unviable timeout
    caught=$(lines "$m/caught.txt")
    missed=$(lines "$m/missed.txt")
    unviable=$(lines "$m/unviable.txt")
    timeout=$(lines "$m/timeout.txt")
    local took=$((SECONDS - start))
    echo "   $name: caught $caught, missed $missed, unviable $unviable, timed out $timeout" \
        "(${took} s, cargo-mutants status $status)"
    echo "$took" >"$out/$name.time"
    if [ "$missed" -gt 0 ]; then
        sed 's/^/   MISSED: /' "$m/missed.txt"
    fi
    # cargo-mutants: 0 all caught, 2 some missed, 3 some timed out; anything
    # else (1 usage, 4 the baseline failed, ...) means the run did not happen.
    # With --in-diff, "no mutants to test" is a success.
    case $status in
        0 | 2 | 3) ;;
        *)
            if grep -q "No mutants" "$out/$name.log"; then
                echo "   $name: no mutants on the lines changed"
            else
                tail -20 "$out/$name.log" >&2
                return 1
            fi
            ;;
    esac
    [ "$missed" -eq 0 ]
}

main() {
    if [ "${1:-}" = "--summary" ]; then
        ensure_cargo_tool cargo-mutants
        write_summary
        return 0
    fi
    if [ "${1:-}" = "--in-diff" ]; then
        diff=${2:?usage: mutants.sh --in-diff DIFF}
        budget=${MUTANTS_BUDGET:-480}
        diff=$(realpath "$diff")
        # Nothing to install or test when the diff touches no module file.
        touches_a_module=false
        for entry in "${MODULES[@]}"; do
            IFS='|' read -r name files _ <<<"$entry"
            for f in $files; do
                if grep -q "^+++ b/$f\$" "$diff"; then touches_a_module=true; fi
            done
        done
        if ! $touches_a_module; then
            echo "   the diff touches no file of the modules in scripts/mutants.sh: nothing to test"
            return 0
        fi
        ensure_cargo_tool cargo-mutants
        echo "== cargo-mutants on the lines of $diff ($(cargo mutants --version)," \
            "at most ${budget} s, output in $out/in-diff-*)"
        failed=0
        deadline=$((SECONDS + budget))
        for entry in "${MODULES[@]}"; do
            IFS='|' read -r name files packages filters opt <<<"$entry"
            touched=()
            for f in $files; do
                if grep -q "^+++ b/$f\$" "$diff"; then touched+=("$f"); fi
            done
            [ ${#touched[@]} -gt 0 ] || continue
            left=$((deadline - SECONDS))
            if [ "$left" -le 60 ]; then
                echo "   $name: not tested, the budget of ${budget} s is spent"
                continue
            fi
            # The test suite passed just before (scripts/test.sh): no baseline,
            # so no measured test time either. Unit tests (the opt-level 1
            # modules) take under a second, so 20 s means a loop that never
            # ends; the integration tests of the others get 120 s.
            test_timeout=20
            [ "$opt" != 2 ] || test_timeout=120
            status=0
            timeout --kill-after=30 "$left" bash -c "$(declare -f run_module lines);
                out='$out' jobs='$jobs' nice_level='$nice_level'
                run_module in-diff-$name '${touched[*]}' '$packages' '$filters' '$opt' \
                    --in-diff '$diff' --baseline=skip --timeout $test_timeout" || status=$?
            case $status in
                0) ;;
                124 | 137)
                    echo "   $name: stopped at the budget of ${budget} s (not all mutants tested)"
                    # What was missed before the stop still fails the step.
                    if [ "$(lines "$out/in-diff-$name/mutants.out/missed.txt")" -gt 0 ]; then
                        sed 's/^/   MISSED: /' "$out/in-diff-$name/mutants.out/missed.txt"
                        failed=1
                    fi
                    ;;
                *) failed=1 ;;
            esac
        done
        return $failed
    fi

    ensure_cargo_tool cargo-mutants
    echo "== $(cargo mutants --version), output in $out"
    selected=()
    for entry in "${MODULES[@]}"; do
        IFS='|' read -r name _ <<<"$entry"
        if [ $# -eq 0 ] || [[ " $* " == *" $name "* ]]; then selected+=("$entry"); fi
    done
    missed_any=0
    for entry in "${selected[@]}"; do
        IFS='|' read -r name files packages filters opt <<<"$entry"
        echo "== $name: $files (tests of: $packages -- $filters)"
        run_module "$name" "$files" "$packages" "$filters" "$opt" || missed_any=1
    done

    write_summary
    return $missed_any
}

# $out/summary.md: a row per module run so far (from its output folder), then
# every missed mutant.
write_summary() {
    local summary=$out/summary.md entry name m
    {
        echo "# cargo-mutants on coinline's core, $(date -u +%Y-%m-%d)"
        echo
        echo "$(cargo mutants --version), at $(git rev-parse --short HEAD)"
        echo
        echo "| module | caught | missed | unviable | timed out | time |"
        echo "| --- | --- | --- | --- | --- | --- |"
        for entry in "${MODULES[@]}"; do
            IFS='|' read -r name _ <<<"$entry"
            m=$out/$name/mutants.out
            [ -d "$m" ] || continue
            echo "| $name | $(lines "$m/caught.txt") | $(lines "$m/missed.txt")" \
                "| $(lines "$m/unviable.txt") | $(lines "$m/timeout.txt")" \
                "| $(cat "$out/$name.time" 2>/dev/null || echo ?) s |"
        done
        echo
        echo "Missed:"
        echo
        for entry in "${MODULES[@]}"; do
            IFS='|' read -r name _ <<<"$entry"
            m=$out/$name/mutants.out
            if [ -s "$m/missed.txt" ]; then sed 's/^/- /' "$m/missed.txt"; fi
        done
    } >"$summary"
    echo "== summary: $summary"
    cat "$summary"
}

# The whole file is read before main runs, so editing it during a long run
# does not change the run.
main "$@"
exit $?

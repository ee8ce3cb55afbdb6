#!/usr/bin/env bash
# Line coverage of the core by the committed fuzz corpus.
#  1. Installs what it needs: Debian's llvm-22 (llvm-cov-22 and
#     llvm-profdata-22; LLVM 22 is this toolchain's) when llvm-cov-22 is
#     missing, and cargo-fuzz as scripts/fuzz-smoke.sh does.
#  2. Per target (all but EXCLUDE, which crash on their corpus by design):
#     `cargo fuzz coverage -s none` on corpus/TARGET/ alone (not the scratch
#     finds of fuzz/corpus/), building an instrumented binary in the
#     project's target directory (under coverage/).
#  3. Merges the targets' profiles and prints the line coverage of
#     crates/game, crates/solve and crates/core (each and together), then
#     every function of those crates no corpus input runs (file:line name).
# Writes only under the cargo target directory and fuzz/coverage/
# (git-ignored); the merged profile is left at fuzz/coverage/all.profdata.
# Usage: bash scripts/fuzz-coverage.sh [TARGET ...]   (default: every target)
set -euo pipefail
cd "$(dirname "$0")/.."

EXCLUDE=(planted)
MODULES=(crates/game/src crates/solve/src crates/core/src)

fail() {
    echo "fuzz-coverage: FAILED: $*" >&2
    exit 1
}

source scripts/lib/install.sh
command -v llvm-cov-22 >/dev/null 2>&1 || install_packages llvm-22 || fail "apt-get install -y llvm-22"
llvm_bin=$(dirname "$(readlink -f "$(command -v llvm-profdata-22)")")
ensure_cargo_tool cargo-fuzz
cargo fetch --locked --manifest-path fuzz/Cargo.toml
echo "== $(cargo fuzz --version), $(rustc --version), $("$llvm_bin/llvm-cov" --version | grep -o 'LLVM version [0-9.]*')"

if [ $# -gt 0 ]; then
    targets=("$@")
else
    mapfile -t targets < <(cargo fuzz list)
fi
source scripts/lib/cargo-paths.sh
triple=$(rustc -vV | sed -n 's/^host: //p')
coverage_dir="$(cargo_target_dir fuzz/Cargo.toml)/coverage"
scratch=$(mktemp -d "${TMPDIR:-/tmp}/coinline-coverage.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

profiles=()
objects=()
measured=()
for target in "${targets[@]}"; do
    if [[ " ${EXCLUDE[*]} " == *" $target "* ]]; then
        echo "== $target: skipped (in EXCLUDE)"
        continue
    fi
    [ -d "corpus/$target" ] || fail "no corpus/$target/"
    rm -rf "fuzz/coverage/$target" # no profile left from an earlier run
    echo "== $target: cargo fuzz coverage on corpus/$target ($(find "corpus/$target" -type f | wc -l) files)"
    cargo fuzz coverage -s none -j 1 --target-dir "$coverage_dir" --llvm-path "$llvm_bin" \
        "$target" "corpus/$target" >"$scratch/$target.log" 2>&1 ||
        { tail -n 20 "$scratch/$target.log" >&2; fail "cargo fuzz coverage $target"; }
    measured+=("$target")
    profiles+=("fuzz/coverage/$target/coverage.profdata")
    objects+=(-object "$coverage_dir/$triple/release/$target")
done
[ ${#profiles[@]} -gt 0 ] || fail "no target to measure"

"$llvm_bin/llvm-profdata" merge -sparse "${profiles[@]}" -o fuzz/coverage/all.profdata
# The first binary is llvm-cov's positional argument, the others -object.
cov=("${objects[@]:2}" -instr-profile=fuzz/coverage/all.profdata)
binary=${objects[1]}

# Lines column of llvm-cov report's TOTAL row: "covered/total (percent)".
line_total() {
    "$llvm_bin/llvm-cov" report "$binary" "${cov[@]}" "$@" |
        awk '$1 == "TOTAL" { printf "%d of %d lines (%s)\n", $8 - $9, $8, $10 }'
}
echo "== line coverage of the core by the committed corpus of ${measured[*]}"
for module in "${MODULES[@]}"; do
    printf '   %-16s %s\n' "${module%/src}" "$(line_total "$PWD/$module")"
done
printf '   %-16s %s\n' "together" "$(line_total "${MODULES[@]/#/$PWD/}")"

# Uncovered functions: lcov's FN (line, name) and FNDA (count, name) per
# file, demangled; a function is uncovered when every instantiation of it
# (same file and line, any binary) has a count of 0.
echo "== functions of the core no corpus file runs"
"$llvm_bin/llvm-cov" export -format=lcov "$binary" "${cov[@]}" "${MODULES[@]/#/$PWD/}" |
    awk -v root="$PWD/" '
        /^SF:/ { file = substr($0, 4); sub(root, "", file) }
        /^FN:/ { split(substr($0, 4), f, ","); line[file SUBSEP f[2]] = f[1] }
        /^FNDA:/ { split(substr($0, 6), f, ","); print file ":" line[file SUBSEP f[2]], f[1], f[2] }' |
    "$llvm_bin/llvm-cxxfilt" | sed -E 's/::h[0-9a-f]{16}$//' |
    awk '{ place = $1; runs[place] += $2; if (!(place in name)) { $1 = $2 = ""; name[place] = substr($0, 3) } }
         END { for (place in runs) if (runs[place] == 0) print "   " place " " name[place] }' |
    sort -V >"$scratch/uncovered"
cat "$scratch/uncovered"
echo "fuzz-coverage: $(wc -l <"$scratch/uncovered") uncovered functions; profile in fuzz/coverage/all.profdata"

#!/usr/bin/env bash
# Runs every check of the project: formatting, lints (which also compile the
# benchmarks and examples), the API documentation's links, the test suite
# (unit, property, integration, corpus replay, doc tests), cargo-mutants on
# the lines of the last commit (scripts/mutants.sh --in-diff), the planted
# architecture breaches (scripts/breaches.sh), the browser
# test of `coinline explain`, a real one-node Slurm running the sharded
# compare of examples/slurm/ (needs root: it installs and starts Slurm), the
# ClusterFuzzLite build run outside Docker, and bounded fuzzing with the
# planted-bug proof (the `planted` fuzz target must crash).
# This is the test command of README.md; .ci/run calls it.
set -euo pipefail
cd "$(dirname "$0")/.."

# The Debian packages of the later steps (Chromium, Slurm, llvm-22) are
# installed in the background while the first steps compile, as root only
# (elsewhere apt-get asks sudo, whose prompt must not hide in the
# background); each step's script installs what is still missing, as it
# does when run alone. They are waited for before `cargo test`, whose
# browser tests run when a Chromium is found.
source scripts/lib/install.sh
packages_log=$(mktemp)
trap 'rm -f "$packages_log"' EXIT
packages_pid=""
if [ "$(id -u)" = 0 ]; then
    echo "== installing in the background: ${ALL_PACKAGES[*]} (those missing)"
    install_packages "${ALL_PACKAGES[@]}" >"$packages_log" 2>&1 &
    packages_pid=$!
fi

# coinline for Python (scripts/python.sh: its builds, two fresh virtual
# environments, pytest and the notebook) runs beside the steps below, its
# output kept until it is waited for at the end.
python_log=$(mktemp)
trap 'rm -f "$packages_log" "$python_log"' EXIT
bash scripts/python.sh >"$python_log" 2>&1 &
python_pid=$!

echo "== cargo fmt --check"
cargo fmt --all -- --check

echo "== cargo clippy"
cargo clippy --all-targets --locked -- -D warnings

echo "== architecture: each planted breach must fail the build or clippy"
# scripts/breaches.sh copies the tree, plants each breach of ARCHITECTURE.md's
# invariants in turn and requires cargo check or clippy to refuse it.
bash scripts/breaches.sh

echo "== cargo doc (broken or private intra-doc links fail)"
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --locked

if [ -n "$packages_pid" ]; then
    status=0
    wait "$packages_pid" || status=$?
    sed 's/^/   /' "$packages_log"
    [ "$status" -eq 0 ] || echo "   the background install failed (status $status): each step installs what it needs"
fi

echo "== cargo test"
# Where the packages were installed, tmux is there: the terminal game's
# tests in tmux fail instead of skipping without it.
if [ -n "$packages_pid" ]; then export COINLINE_TMUX_TEST=1; fi
# Library, binary, integration tests, examples and doc tests. The criterion
# benchmarks are compiled by clippy above and run with `cargo bench`.
cargo test --locked

echo "== no process a test started is left running"
# Every run a test starts carries COINLINE_TEST=1 in its environment
# (tests/it/support.rs), and so does every program it runs; the last killed
# get 5 s to go.
left=""
for _ in $(seq 50); do
    left=$(grep -lsxz 'COINLINE_TEST=1' /proc/[0-9]*/environ | cut -d/ -f3 || true)
    [ -z "$left" ] && break
    sleep 0.1
done
for pid in $left; do
    echo "   left running: $pid $(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null)"
done
[ -z "$left" ]

echo "== cargo-mutants on the lines the last commit changed"
# Every mutant cargo-mutants makes on a line the last commit added, in the
# modules of scripts/mutants.sh, must be caught by that module's tests (the
# tests just run above, so no baseline). At most MUTANTS_BUDGET seconds
# (default 480, checked between modules; a module cut off by it is reported,
# not failed). A shallow clone has no HEAD~1 to diff against: the step says
# so and is skipped.
if git rev-parse --quiet --verify 'HEAD~1^{commit}' >/dev/null 2>&1; then
    mutants_tmp=$(mktemp -d)
    git diff HEAD~1 >"$mutants_tmp/last-commit.diff"
    MUTANTS_OUT="$mutants_tmp/out" bash scripts/mutants.sh --in-diff "$mutants_tmp/last-commit.diff"
    rm -rf "$mutants_tmp"
else
    echo "   no HEAD~1 (a shallow clone, or the first commit): skipped"
fi

echo "== table dispatch (release build; each vectorized fill faster than the one below)"
# Speed is measured on the release build, the one users run (and the one
# whose code generation the issue was about).
# A few seconds after the build; exit 1 if a fill stopped vectorizing.
# A failure is measured once more: on a shared VM one run can be slowed as a
# whole (CI of 4e899c6: every fill, portable ones included, 1.3x to 2.9x
# slower than a minute later, and one guard failed). A fill that really
# stopped vectorizing fails both runs; both outputs are printed.
source scripts/lib/cargo-paths.sh
if ! "$(release_coinline)" bench --check-dispatch; then
    echo "   the dispatch check failed; measuring once more"
    "$(release_coinline)" bench --check-dispatch
fi

echo "== browser"
bash scripts/browser-test.sh

echo "== Slurm: an array of compare shards and a merge (examples/slurm/)"
bash scripts/slurm-smoke.sh

echo "== ClusterFuzzLite build (.clusterfuzzlite/build.sh, outside Docker)"
bash scripts/cflite-build-check.sh

echo "== fuzzing"
bash scripts/fuzz-smoke.sh
bash scripts/fuzz-coverage.sh # the committed corpus's line coverage of the core (docs/fuzzing.md)

echo "== Python (scripts/python.sh, run in the background since the start)"
python_status=0
wait "$python_pid" || python_status=$?
sed 's/^/   /' "$python_log"
[ "$python_status" -eq 0 ] || { echo "   scripts/python.sh failed (status $python_status)"; exit 1; }

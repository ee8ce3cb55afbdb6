#!/usr/bin/env bash
# Runs every check of the project: formatting, lints, the test suite (unit,
# property, integration and corpus replay) and, later, bounded fuzzing.
# This is the test command of README.md; .ci/run calls it.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== cargo fmt --check"
cargo fmt --all -- --check

echo "== cargo clippy"
cargo clippy --all-targets --locked -- -D warnings

echo "== cargo test"
cargo test --locked --all-targets
cargo test --locked --doc
bash scripts/fuzz-smoke.sh

#!/usr/bin/env bash
# The browser test of `coinline explain`: headless Chromium renders pages for
# a few boards (odd and even n, negative values, every game) and
# tests/it/explain.rs checks the rendered DOM against the solvers and
# `coinline solve`, including the step chosen by the URL (#step=K), and takes
# a screenshot; tests/it/explain_play.rs plays games on pages with real clicks
# and key presses over the DevTools protocol. Installs Debian's chromium first if it is missing; with
# COINLINE_BROWSER_TEST=1 a missing browser fails the test instead of
# skipping it. scripts/test.sh runs this after `cargo test`.
#
#   bash scripts/browser-test.sh
#   COINLINE_EXPLAIN_SCREENSHOT=docs/explain.png bash scripts/browser-test.sh   # refresh the screenshot
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${COINLINE_CHROMIUM:-}" ] && ! command -v chromium >/dev/null 2>&1 \
    && ! command -v chromium-browser >/dev/null 2>&1; then
    source scripts/lib/install.sh
    install_packages chromium
fi

echo "== browser test (coinline explain in headless Chromium)"
start=$(date +%s)
if [ -n "${COINLINE_EXPLAIN_SCREENSHOT:-}" ]; then
    # The test runs in the package root; keep the path meaningful from here.
    COINLINE_EXPLAIN_SCREENSHOT="$(realpath -m "$COINLINE_EXPLAIN_SCREENSHOT")"
    export COINLINE_EXPLAIN_SCREENSHOT
fi
COINLINE_BROWSER_TEST=1 cargo test --locked --test it -- --nocapture explain:: explain_play::
echo "browser test done in $(($(date +%s) - start)) s (build included)"

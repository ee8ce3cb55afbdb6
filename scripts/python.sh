#!/usr/bin/env bash
# coinline for Python (python/, docs/python.md): builds the package with
# `pip install numpy ./python` (maturin, into the shared CARGO_TARGET_DIR)
# in a fresh virtual environment for the oldest and the newest CPython of
# pyenv (3.10 and 3.13: one abi3 wheel serves both), checks the issue's
# one-liner, runs the pytest suite (values against the release `coinline`
# binary) and docs/python.md's examples in each, then, in the newest, executes
# the notebook examples/odd-n.ipynb and measures solve_many beside a
# pure-Python DP (python/bench.py; printed, not judged: reports/PERFORMANCE.md
# quotes it). scripts/test.sh runs it in the background beside its other steps:
# about 3 minutes of CPU (warm: 1m17 user, 2m47 elapsed at load 7; a cold build of
# the extension adds about 2 minutes of CPU), so about 2 to 3 minutes more for .ci/run.
# PYTHONS="3.12" picks other versions (each a prefix of one pyenv has).
set -euo pipefail
# No __pycache__ in the checkout (the docs test compares `git status`).
export PYTHONDONTWRITEBYTECODE=1
cd "$(dirname "$0")/.."
source scripts/lib/cargo-paths.sh

# The shared target folder: the Python crate's build lands beside the rest.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$(cargo_target_dir)}"
COINLINE_BIN=$(release_coinline)
export COINLINE_BIN

# The newest installed CPython of a version: pyenv's (its folder, so the
# pyenv command need not be on PATH), else python3.X on PATH.
interpreter() {
    local root=${PYENV_ROOT:-$HOME/.pyenv} version
    version=$(ls "$root/versions" 2>/dev/null | grep -E "^$1\.[0-9]+$" | sort -V | tail -1 || true)
    if [ -n "$version" ]; then
        printf '%s\n' "$root/versions/$version/bin/python3"
        return
    fi
    command -v "python$1" || { echo "python.sh: no CPython $1 (pyenv install $1)" >&2; return 1; }
}

read -r -a versions <<<"${PYTHONS:-3.10 3.13}"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
newest=${versions[${#versions[@]}-1]}
for version in "${versions[@]}"; do
    python=$(interpreter "$version")
    echo "== Python $version ($python): a fresh virtual environment (${SECONDS} s into the step)"
    "$python" -m venv "$scratch/venv-$version"
    venv="$scratch/venv-$version/bin"
    "$venv/python" -m pip install --quiet --upgrade pip
    "$venv/python" -m pip install --quiet numpy ./python
    value=$(cd "$scratch" && "$venv/python" -c "import coinline; print(coinline.solve([8, 15, 3, 7]).difference)")
    [ "$value" = 11 ] || { echo "python.sh: coinline.solve([8, 15, 3, 7]).difference is $value, not 11" >&2; exit 1; }
    extra=(pytest pandas)
    [ "$version" = "$newest" ] && extra+=(nbclient nbformat ipykernel)
    "$venv/python" -m pip install --quiet "${extra[@]}"
    echo "== Python $version: pytest (python/tests, docs/python.md)"
    "$venv/python" -m pytest -q -p no:cacheprovider python/tests docs/python.md --doctest-glob='*.md'
    if [ "$version" = "$newest" ]; then
        echo "== Python $version: the notebook examples/odd-n.ipynb"
        "$venv/python" - <<'PY'
import nbclient, nbformat
notebook = nbformat.read("examples/odd-n.ipynb", as_version=4)
nbclient.NotebookClient(notebook, timeout=600, kernel_name="python3",
                        resources={"metadata": {"path": "."}}).execute()
print("   executed, every cell without an error")
PY
        echo "== Python $version: solve_many beside a pure-Python DP (python/bench.py)"
        # -P: not python/ first on sys.path, where the source package (no
        # built module) would shadow the installed one.
        "$venv/python" -P python/bench.py
    fi
done
echo "== Python: done in ${SECONDS} s"

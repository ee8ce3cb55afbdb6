"""Shared fixtures: the `coinline` command line the values are compared with."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

#: The repository (python/tests/ is two folders below it).
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def cli():
    """Runs the `coinline` binary (COINLINE_BIN, as scripts/python.sh sets it,
    else the one on PATH) from the repository root: (status, stdout, stderr)."""
    binary = os.environ.get("COINLINE_BIN") or shutil.which("coinline")
    if not binary:
        pytest.skip("no coinline binary: set COINLINE_BIN (scripts/python.sh does)")

    def run(*args: str) -> tuple[int, str, str]:
        done = subprocess.run([binary, *args], cwd=ROOT, capture_output=True, text=True,
                              timeout=120)
        return done.returncode, done.stdout, done.stderr

    return run


@pytest.fixture(scope="session")
def cli_solve(cli):
    """`coinline solve --format json --line` of a board: its rows by solver."""

    def solve(board: list[int], game: str, solver: str = "all") -> dict[str, dict]:
        status, out, err = cli("solve", "--game", game, "--solver", solver, "--format", "json",
                               "--line", "--board", " ".join(map(str, board)))
        assert status == 0, err
        return {row["solver"]: row for row in json.loads(out)["results"]}

    return solve

"""Seeded boards against `coinline compare`, enumeration by symmetry
classes, and studies against `coinline study run`."""

from __future__ import annotations

import csv
import doctest
import io

import pytest

import coinline
from conftest import ROOT


def compare_boards(cli, n: str, values: str, count: int, seed: int) -> list[list[int]]:
    status, out, err = cli("compare", "--seed", str(seed), "--n", n, "--values", values,
                           "--boards", str(count), "--out", "-")
    assert status == 0, err
    rows = list(csv.DictReader(io.StringIO(out)))
    # One row per board and game; the board is its last column.
    return [[int(v) for v in row["board"].split()] for row in rows]


@pytest.mark.parametrize("n,values,seed", [
    ("16", "-100..100", 1), ("1..12", "0..4", 42), ("0..9", "extreme", 7),
    ("5..30", "palindrome", 2024), ("3", "small", 0),
])
def test_random_boards_are_compares(cli, n, values, seed):
    ours = coinline.random_boards(n if ".." in n else int(n), values, count=40, seed=seed)
    assert ours == compare_boards(cli, n, values, 40, seed)
    # Board i alone is the same board: it depends on (seed, index) only.
    assert coinline.random_boards(n, values, count=3, seed=seed, start=37) == ours[37:40]


def test_a_different_seed_gives_different_boards():
    assert coinline.random_boards(8, count=5, seed=1) != coinline.random_boards(8, count=5, seed=2)


def test_classes_are_the_least_of_their_boards():
    boards, weights = coinline.enumerate_boards(5, "0..2")
    for board, weight in zip(boards.tolist(), weights.tolist()):
        assert board <= board[::-1]
        assert weight == (1 if board == board[::-1] else 2)
    rotations, _ = coinline.enumerate_boards(5, "0..2", game="pizza")
    for board in rotations.tolist():
        assert all(board <= board[k:] + board[:k] for k in range(5))


def read_csv(text: str) -> list[dict]:
    return [{k: coinline._number(v) for k, v in row.items()} for row in csv.DictReader(io.StringIO(text))]


def test_a_study_gives_the_tables_of_study_run(cli, tmp_path, monkeypatch):
    study = ROOT / "studies" / "examples" / "odd-n-small.toml"
    status, _, err = cli("study", "run", str(study), "--out", str(tmp_path / "out"))
    assert status == 0, err
    # Without pandas: lists of rows.
    monkeypatch.setitem(__import__("sys").modules, "pandas", None)
    tables = coinline.study(str(study))
    assert sorted(tables) == ["by-parity", "checks", "smallest-loss", "smallest-loss-witnesses", "sources"]
    for name, rows in tables.items():
        assert rows == read_csv((tmp_path / "out" / f"{name}.csv").read_text())


def test_the_docstrings_run(monkeypatch):
    monkeypatch.chdir(ROOT)
    failed, tried = doctest.testmod(coinline, extraglobs={"coinline": coinline},
                                    optionflags=doctest.NORMALIZE_WHITESPACE)
    assert tried > 10 and failed == 0


def test_a_study_s_tables_are_data_frames_with_pandas():
    pandas = pytest.importorskip("pandas")
    tables = coinline.study(str(ROOT / "studies" / "examples" / "odd-n-small.toml"))
    frame = tables["by-parity"]
    assert isinstance(frame, pandas.DataFrame)
    assert frame[["group", "loss_holds"]].values.tolist() == [["even", 0], ["odd", 31932]]

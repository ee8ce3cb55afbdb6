"""The values of coinline for Python against `coinline solve`, on seeded
boards of every kind of rule, and the known examples of the issue."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

import coinline

#: A rule set of every kind of rule: each alias, one end, counts with gaps
#: and unbounded, deletes, the rest scoring, circles, history-dependent
#: counts and put-back.
GAMES = [
    "coins", "numbergame", "gameofsum", "stonegame7", "stonegame3", "pizza",
    "ends=right take=1,3", "take=1..3 delete=2", "take=2.. score=rest",
    "ends=left take=1..2m", "ends=left take=2.. putback", "take=1,2 delete=1 circle",
]


def mismatches(solve, cli_solve, game: str, boards: list[list[int]]) -> list[str]:
    """Where `solve` (coinline.solve's signature) and the command line differ
    on a board: the difference, the totals and the line of the same solver."""
    found = []
    for board in boards:
        ours = solve(board, game=game)
        row = cli_solve(board, game, ours.solver)[ours.solver]
        line = [] if row["line"] == "-" else row["line"].split()  # "-": the empty line
        theirs = (row["difference"], row["first"], row["second"], line)
        if (ours.difference, ours.first, ours.second, ours.line) != theirs:
            found.append(f"{game} {board}: {ours} but the command line {theirs}")
    return found


@pytest.mark.parametrize("game", GAMES)
def test_solve_agrees_with_the_command_line(game, cli_solve):
    boards = coinline.random_boards("1..9", "-20..20", count=12, seed=47)
    assert mismatches(coinline.solve, cli_solve, game, boards) == []
    # The value of every exact solver of the command line, and solve_many's.
    many = coinline.solve_many(boards, game=game)
    for board, value in zip(boards, many):
        rows = cli_solve(board, game)
        exact = {r["difference"] for r in rows.values() if r["kind"] == "exact"}
        assert exact == {value}, (game, board, rows)


def test_a_wrong_value_is_caught(cli_solve):
    """The comparison bites: a solver planted one off on odd boards fails it."""

    def planted(board, game):
        right = coinline.solve(board, game=game)
        return SimpleNamespace(difference=right.difference + len(board) % 2, first=right.first,
                               second=right.second, line=right.line, solver=right.solver)

    boards = coinline.random_boards("1..9", "-20..20", count=12, seed=47)
    assert mismatches(planted, cli_solve, "coins", boards) != []


def test_the_issues_examples():
    assert coinline.solve([8, 15, 3, 7]).difference == 11
    # LeetCode 1140 (Stone Game II), its first example: Alice gets 10.
    assert coinline.solve([2, 7, 9, 4, 4], game="ends=left take=1..2m").first == 10


def test_parameters_are_bound_as_the_command_line_binds_them(cli_solve):
    board = [5, -3, 8, 1, 9, -4, 2]
    ours = coinline.solve(board, game="ends=left take=1..k", params={"k": 3})
    rows = cli_solve(board, "stonegame3", ours.solver)
    assert ours.difference == rows[ours.solver]["difference"]
    assert ours.game == "stonegame3"  # the canonical name of the bound rules


def test_heuristics_and_their_regret_agree_with_the_command_line(cli_solve):
    for board in coinline.random_boards("2..10", "-9..9", count=20, seed=3):
        rows = cli_solve(board, "coins")
        for play in [coinline.greedy(board)] + ([coinline.parity(board)] if len(board) % 2 == 0 else []):
            row = rows[play.heuristic]
            assert (play.difference, play.first, play.second, play.regret) == \
                (row["difference"], row["first"], row["second"], row["regret"])
            assert play.line == row["line"].split()
            assert play.optimal - play.difference == play.regret


def test_check_reports_every_solver_and_no_violation():
    report = coinline.check([3, -1, 4, 1, -5], game="take=1..3 delete=2")
    assert report["ok"] and report["violation"] is None
    values = {r["difference"] for r in report["solvers"] if r["difference"] is not None}
    assert values == {report["value"]}
    assert coinline.solve([3, -1, 4, 1, -5], game="take=1..3 delete=2").difference == report["value"]


def test_games_and_solvers_come_from_the_registries(cli):
    status, out, _ = cli("games")
    assert status == 0
    for name, rules in coinline.games().items():
        assert any(line.split()[:1] == [name] and rules in line for line in out.splitlines())
    assert "linear" in coinline.solvers("coins")
    assert "linear" not in coinline.solvers("numbergame")
    assert "pizza" in coinline.solvers("pizza")


def test_odd_and_even_boards_and_the_empty_board():
    assert coinline.solve([]).difference == 0
    assert coinline.solve([]).line == []
    assert coinline.solve([-4]).difference == -4
    assert list(coinline.solve_many([[], [7], [1, 2, 3]])) == [0, 7, 2]


def test_extreme_values_do_not_wrap():
    big = 2**62
    assert coinline.solve([big, -big + 1]).difference == 2 * big - 1
    assert coinline.solve_many(np.array([[big, -big + 1]]))[0] == 2 * big - 1

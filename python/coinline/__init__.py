"""coinline for Python: exact solvers of "take from the ends of a row" games.

The engine is coinline's Rust library, called through its public API: the
same solvers, check, heuristics, seeded boards and study engine as the
``coinline`` command line, with the same one-line error messages (raised as
the exceptions of :mod:`coinline.errors`).

>>> import coinline
>>> coinline.solve([8, 15, 3, 7]).difference
11

A game is an alias (``coinline.games()``) or a rule text (docs/rules.md),
whose counts may name parameters bound by ``params``.
"""

from __future__ import annotations

import csv
import io
import warnings
from collections.abc import Mapping, Sequence
from typing import Any, Optional, Union

import numpy as np

from . import _native
from ._native import Play, Solution
from .errors import (
    BoardOverflowError,
    CoinlineError,
    FileError,
    HeuristicError,
    InputError,
    RuleError,
    StudyError,
    TooLargeError,
    UnknownNameError,
    UnsupportedError,
)

Values = Union[str, Sequence[int], "np.ndarray"]
Params = Optional[Mapping[str, int]]


def _params(params: Params) -> Optional[list[tuple[str, int]]]:
    return None if params is None else list(params.items())


def solve(values: Values, game: str = "coins", params: Params = None,
          solver: Optional[str] = None) -> Solution:
    """Solves one board exactly, with an optimal line.

    ``values`` is a sequence of integers or a text of values (``"8 15 3 7"``,
    as ``coinline solve --board`` reads it). ``solver`` names an exact solver
    (``coinline.solvers(game)``); by default the cheapest that takes the board.
    The result has ``difference`` (first player's total minus the second's),
    ``first``, ``second``, ``line`` (the moves in the command line's notation),
    ``solver`` and ``game``.

    >>> coinline.solve([2, 7, 9, 4, 4], game="ends=left take=1..2m").first
    10
    >>> coinline.solve([8, 15, 3, 7]).line
    ['R', 'L', 'L', 'L']
    """
    return _native.solve(values, game, _params(params), solver)


def solve_many(boards: Union[Sequence[Sequence[int]], np.ndarray], game: str = "coins",
               params: Params = None, solver: Optional[str] = None) -> np.ndarray:
    """The difference of every board, as a NumPy ``int64`` array.

    ``boards`` is a 2-D NumPy integer array (one board a row) or a list of
    lists (boards of any lengths). The boards are solved on every core, with
    the GIL released; one solver (the cheapest for the longest board, or the
    one named) solves them all. A board that is refused raises, its index
    named in the message.

    >>> coinline.solve_many([[8, 15, 3, 7], [1, 2]])
    array([11,  1])
    """
    game_params = _params(params)
    if isinstance(boards, np.ndarray):
        if boards.ndim != 2:
            raise InputError(f"solve_many takes a 2-D array of boards, not {boards.ndim}-D")
        if boards.dtype.kind not in "iu" or not np.can_cast(boards.dtype, np.int64):
            raise InputError(f"solve_many takes integers that fit int64, not {boards.dtype}")
        boards = np.ascontiguousarray(boards, dtype=np.int64)
        return _native.solve_many_array(boards, game, game_params, solver)
    return _native.solve_many_lists(boards, game, game_params, solver)


def check(values: Values, game: str = "coins", params: Params = None) -> dict[str, Any]:
    """The full differential check of one board (``coinline compare``'s).

    Every exact solver that takes the board, their lines replayed, the
    invariants of the game and the heuristics' bounds. The report is a dict:
    ``ok``, ``game``, ``board``, ``value``, ``solvers`` and ``heuristics``
    (a row each) and ``violation`` (``None``, or its ``signature`` and
    ``message``): a failure is data, not an exception.

    >>> report = coinline.check([8, 15, 3, 7])
    >>> report["ok"], report["value"], report["violation"]
    (True, 11, None)
    """
    return _native.check_board(values, game, _params(params))


def greedy(values: Values, game: str = "coins", params: Params = None) -> Play:
    """Greedy (the best immediate score) against a best-responding opponent.

    The result has the heuristic's ``difference``, ``first``, ``second``,
    ``line``, the ``optimal`` difference and the ``regret`` (optimal minus
    greedy's).

    >>> coinline.greedy([8, 15, 3, 7]).regret
    14
    """
    return _native.heuristic("greedy", values, game, _params(params))


def parity(values: Values, game: str = "coins", params: Params = None) -> Play:
    """The parity strategy (coins with an even number of values): take all of
    the odd or all of the even positions, whichever sum is larger.

    >>> coinline.parity([8, 15, 3, 7]).difference
    11
    """
    return _native.heuristic("parity", values, game, _params(params))


def games() -> dict[str, str]:
    """The built-in aliases and their rule texts.

    >>> coinline.games()["coins"]
    'take=1'
    """
    return dict(_native.games())


def solvers(game: str = "coins", params: Params = None) -> list[str]:
    """The exact solvers that implement ``game``, in the registry's order.

    >>> coinline.solvers("coins")
    ['minimax', 'memo', 'generic', 'linear', 'table']
    """
    return _native.solvers(game, _params(params))


def random_boards(n: Union[int, str], values: str = "-100..100", count: int = 1,
                  seed: int = 0, start: int = 0) -> list[list[int]]:
    """Boards ``start .. start + count - 1`` of ``coinline compare --seed SEED
    --n N --values VALUES``: the same boards for the same seed and index.

    ``n`` is a length or a range ``"LO..HI"``; ``values`` a range or a named
    distribution (``small``, ``extreme``, ``spiky``, ``sorted``, ``zigzag``,
    ``palindrome``).

    >>> coinline.random_boards(4, "0..9", count=2, seed=7)
    [[0, 7, 7, 6], [9, 5, 3, 3]]
    """
    return _native.random_boards(str(n), values, count, seed, start)


def enumerate_boards(n: int, alphabet: str = "-1..1", game: str = "coins",
                     params: Params = None, classes: bool = True
                     ) -> tuple[np.ndarray, np.ndarray]:
    """Every board of ``n`` values over ``alphabet``, or with ``classes`` one
    per symmetry class of the game (the study engine's: a board and its
    reversal when both ends play alike, rotations and reflections on a
    circle), the least of each, in the engine's order.

    Returns the boards (a 2-D ``int64`` array) and how many boards each
    stands for (their sum is ``len(alphabet) ** n``).

    >>> boards, weights = coinline.enumerate_boards(2, "0..1")
    >>> boards.tolist(), weights.tolist()
    ([[0, 0], [0, 1], [1, 1]], [1, 2, 1])
    """
    return _native.enumerate_boards(n, alphabet, game, _params(params), classes)


def _number(text: str) -> Union[int, float, str]:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def study(path: str) -> dict[str, Any]:
    """Runs a study file (docs/study.md), as ``coinline study run`` does, and
    returns its tables by name: pandas DataFrames when pandas is
    installed, else lists of rows (dicts, numbers parsed). Failures the study
    finds are warnings.

    >>> tables = coinline.study("studies/examples/odd-n-small.toml")
    >>> sorted(tables)
    ['by-parity', 'checks', 'smallest-loss', 'smallest-loss-witnesses', 'sources']
    """
    tables, failures = _native.run_study(str(path))
    for failure in failures:
        warnings.warn(f"coinline study: {failure}", stacklevel=2)
    try:
        import pandas
    except ImportError:
        return {name: [{k: _number(v) for k, v in row.items()}
                       for row in csv.DictReader(io.StringIO(text))]
                for name, text in tables}
    return {name: pandas.read_csv(io.StringIO(text)) for name, text in tables}


__all__ = [
    "solve", "solve_many", "check", "greedy", "parity", "games", "solvers",
    "random_boards", "enumerate_boards", "study", "Solution", "Play",
    "CoinlineError", "InputError", "BoardOverflowError", "RuleError",
    "UnknownNameError", "TooLargeError", "UnsupportedError", "HeuristicError",
    "StudyError", "FileError",
]

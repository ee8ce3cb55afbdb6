"""coinline's exceptions: the library's error kinds as a small hierarchy.

Every exception's message is the one line the command line prints after
``coinline: error:``; ``kind`` names the library's kind (``"overflow"``,
``"bad_token"``, ``"rule"`` ...), and some kinds carry their data as
attributes (``UnknownNameError.expected``, ``TooLargeError.limit`` ...).

    CoinlineError                       every error of coinline
    +-- InputError (ValueError)         a board, a range or a value that is not one
    |   +-- BoardOverflowError          totals that could pass 64 bits
    |   +-- RuleError                   a rule text or a parameter that is not one
    |   +-- UnknownNameError            a game, solver, heuristic or distribution unknown
    +-- TooLargeError                   a board longer than a solver takes
    +-- UnsupportedError                a solver that does not implement the game
    +-- HeuristicError                  a heuristic that does not apply to the board
    +-- StudyError                      a study file that is not one, or its run
    +-- FileError (OSError)             a file that cannot be read
"""

from __future__ import annotations


class CoinlineError(Exception):
    """Every error of coinline; ``kind`` names the library's error kind."""

    kind: str = "other"


class InputError(CoinlineError, ValueError):
    """A board, a range or a value that is not one (``bad_token``, ``long_token``, ...)."""


class BoardOverflowError(InputError):
    """A board whose totals could pass 64 bits (``overflow``, ``unscorable``)."""


class RuleError(InputError):
    """A rule text, or a parameter of one, that is not one (``rule``)."""


class UnknownNameError(InputError):
    """A name the library does not know; ``what``, ``name`` and ``expected`` say which."""

    what: str
    name: str
    expected: str


class TooLargeError(CoinlineError):
    """A board longer than the solver or heuristic takes; ``solver``, ``n``, ``limit``."""

    solver: str
    n: int
    limit: int


class UnsupportedError(CoinlineError):
    """A solver asked for a game it does not implement (``unsupported``)."""


class HeuristicError(CoinlineError):
    """A heuristic that does not apply to the game or board (``heuristic``)."""


class StudyError(CoinlineError):
    """A study file that is not one (``study_file``) or a study that cannot run (``study``)."""


class FileError(CoinlineError, OSError):
    """A file that cannot be read (``io``); ``path`` names it."""

    path: str


__all__ = [
    "CoinlineError",
    "InputError",
    "BoardOverflowError",
    "RuleError",
    "UnknownNameError",
    "TooLargeError",
    "UnsupportedError",
    "HeuristicError",
    "StudyError",
    "FileError",
]

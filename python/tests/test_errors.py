"""Every error kind the API can meet, as its exception of coinline.errors,
with the command line's one-line message."""

from __future__ import annotations

import pytest

import coinline
from coinline import errors

LONG = "9" * 5000
BIG = 2**62
STUDY_SPEC = 'name = "x"\ngames = ["coins"]\n[source]\nkind = "enumerate"\nn = "1..3"\nalphabet = "0..1"\n'

#: (what, call, class, kind, the command line's arguments giving the same
#: message, or None where its words differ: clap's or a listing of its own).
CASES = [
    ("a token that is no integer", lambda: coinline.solve("1 x 3"), errors.InputError,
     "bad_token", ["solve", "--board", "1 x 3"]),
    ("a token over 4096 bytes", lambda: coinline.solve("1 " + LONG), errors.InputError,
     "long_token", ["solve", "--board", "1 " + LONG]),
    ("a board whose absolute sum passes i64", lambda: coinline.solve([BIG, BIG]),
     errors.BoardOverflowError, "overflow", ["solve", str(BIG), str(BIG)]),
    ("rest scoring whose totals could pass i64", lambda: coinline.solve([2**61] * 3, "stonegame7"),
     errors.BoardOverflowError, "unscorable", ["solve", "--game", "stonegame7"] + [str(2**61)] * 3),
    ("a board of solve_many", lambda: coinline.solve_many([[1], [BIG, BIG]]),
     errors.BoardOverflowError, "overflow", None),
    ("an unknown game", lambda: coinline.solve([1], game="nope"), errors.UnknownNameError,
     "unknown_name", ["solve", "--game", "nope", "1"]),
    ("an unknown solver", lambda: coinline.solve([1], solver="nope"), errors.UnknownNameError,
     "unknown_name", None),
    ("an unknown distribution", lambda: coinline.random_boards(3, "lumpy"),
     errors.UnknownNameError, "unknown_name", None),
    ("a rule text that is not one", lambda: coinline.solve([1], game="take=0"), errors.RuleError,
     "rule", ["solve", "--game", "take=0", "1"]),
    ("a parameter out of range", lambda: coinline.solve([1], game="take=1..k", params={"k": 0}),
     errors.RuleError, "rule", ["solve", "--game", "take=1..k", "--param", "k=0", "1"]),
    ("an unbound parameter", lambda: coinline.solve([1], game="take=1..k"), errors.RuleError,
     "rule", ["solve", "--game", "take=1..k", "1"]),
    ("a range that is not one", lambda: coinline.random_boards("3..x"), errors.InputError,
     "range", None),
    ("a board too long for the solver", lambda: coinline.solve([1] * 40, solver="minimax"),
     errors.TooLargeError, "too_large", ["solve", "--solver", "minimax"] + ["1"] * 40),
    ("a solver without the game", lambda: coinline.solve([1, 2], "numbergame", solver="linear"),
     errors.UnsupportedError, "unsupported", ["solve", "--game", "numbergame", "--solver", "linear", "1", "2"]),
    ("parity on an odd board", lambda: coinline.parity([1, 2, 3]), errors.HeuristicError,
     "heuristic", ["solve", "--solver", "parity", "1", "2", "3"]),
    ("an enumeration too large", lambda: coinline.enumerate_boards(30, "0..9"), errors.InputError,
     "limit", None),
    ("a file that cannot be read", lambda: coinline.study("python"), errors.FileError, "io",
     ["study", "run", "python", "--out", "/nonexistent/out"]),
]


@pytest.mark.parametrize("what,call,cls,kind,args", CASES, ids=[c[0] for c in CASES])
def test_each_error_kind_is_its_exception_with_the_cli_message(what, call, cls, kind, args, cli):
    with pytest.raises(cls) as caught:
        call()
    error = caught.value
    assert isinstance(error, coinline.CoinlineError)
    assert error.kind == kind
    message = str(error)
    assert "\n" not in message and message
    if args is not None:
        status, _, stderr = cli(*args)
        assert status == 2
        assert message in stderr.strip(), stderr


def test_study_file_errors(tmp_path, cli):
    bad = tmp_path / "bad.toml"
    bad.write_text(STUDY_SPEC + "[[table]]\nname = 't'\nmeasure = 'loss'\naggregate = 'nope'\n")
    with pytest.raises(errors.StudyError) as caught:
        coinline.study(str(bad))
    assert caught.value.kind == "study_file"
    status, _, stderr = cli("study", "run", str(bad), "--out", str(tmp_path / "out"))
    assert status == 2 and str(caught.value) in stderr


def test_the_exceptions_are_python_s_own_kinds_too():
    assert issubclass(errors.InputError, ValueError)
    assert issubclass(errors.FileError, OSError)
    with pytest.raises(ValueError):
        coinline.solve("1 x")
    with pytest.raises(errors.UnknownNameError) as caught:
        coinline.solve([1], solver="nope")
    assert (caught.value.what, caught.value.name) == ("solver", "nope")
    assert "linear" in caught.value.expected
    with pytest.raises(errors.TooLargeError) as caught:
        coinline.solve([1] * 40, solver="minimax")
    assert (caught.value.n, caught.value.limit) == (40, 27)
    with pytest.raises(errors.InputError) as caught:
        coinline.solve("1 x 3")
    assert (caught.value.token, caught.value.position) == ("x", 2)


def test_a_python_type_error_stays_one():
    with pytest.raises(TypeError):
        coinline.solve([1.5, 2])
    with pytest.raises(OverflowError):
        coinline.solve([2**64])

"""NumPy round trips: the arrays solve_many takes and the arrays it and
enumerate_boards return."""

from __future__ import annotations

import numpy as np
import pytest

import coinline
from coinline import errors


def test_an_array_and_its_lists_give_the_same_values():
    boards = np.array(coinline.random_boards(16, "-100..100", count=500, seed=1))
    values = coinline.solve_many(boards)
    assert values.dtype == np.int64 and values.shape == (500,)
    assert list(values) == list(coinline.solve_many(boards.tolist()))
    assert [coinline.solve(b).difference for b in boards[:50]] == list(values[:50])


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint32])
def test_every_integer_dtype_that_fits_int64(dtype):
    boards = np.array([[8, 15, 3, 7], [1, 2, 3, 4]], dtype=dtype)
    assert list(coinline.solve_many(boards)) == [11, 2]


def test_views_that_are_not_contiguous():
    boards = np.arange(48, dtype=np.int64).reshape(6, 8)
    for view in (boards[:, ::2], boards[::2], boards.T.copy().T, np.asfortranarray(boards)):
        assert list(coinline.solve_many(view)) == list(coinline.solve_many(view.tolist()))


def test_empty_shapes():
    assert coinline.solve_many(np.zeros((0, 5), dtype=np.int64)).shape == (0,)
    assert list(coinline.solve_many(np.zeros((3, 0), dtype=np.int64))) == [0, 0, 0]
    assert coinline.solve_many([]).shape == (0,)


@pytest.mark.parametrize("boards", [
    np.zeros((2, 3), dtype=np.float64),
    np.zeros((2, 3), dtype=np.uint64),
    np.zeros(3, dtype=np.int64),
    np.zeros((2, 2, 2), dtype=np.int64),
])
def test_arrays_that_are_no_boards_are_refused(boards):
    with pytest.raises(errors.InputError):
        coinline.solve_many(boards)


def test_an_array_board_to_solve():
    assert coinline.solve(np.array([8, 15, 3, 7])).difference == 11


def test_enumeration_round_trips_through_solve_many():
    for game, symmetric in [("coins", True), ("ends=left take=1..2", False), ("pizza", True)]:
        boards, weights = coinline.enumerate_boards(6, "-1..1", game=game)
        assert boards.dtype == np.int64 and boards.shape == (len(weights), 6)
        assert int(weights.sum()) == 3**6
        every, ones = coinline.enumerate_boards(6, "-1..1", game=game, classes=False)
        assert len(every) == 3**6 and set(ones.tolist()) == {1}
        assert (len(boards) < len(every)) == symmetric
        # A class stands for boards of its value: weighted, the sums agree.
        values = coinline.solve_many(boards, game=game)
        assert int((values * weights.astype(np.int64)).sum()) == int(coinline.solve_many(every, game=game).sum())

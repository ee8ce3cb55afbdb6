"""solve_many's speed on coins boards beside a pure-Python DP of the same
boards, in one run (reports/PERFORMANCE.md quotes it).

    python -P python/bench.py [BOARDS] [N]      # default 100000 boards of 16 values

The boards are a seeded (BOARDS, N) int64 array; solve_many's time includes
the conversion of the array and of its result. The DP is the textbook
interval recurrence, best of both ends, on each board's list of values; the
two must give the same values.
"""

from __future__ import annotations

import os
import sys
import time

import numpy as np

import coinline


def python_dp(values: list[int]) -> int:
    """First player's total minus the second's, by the interval DP in O(n^2)."""
    n = len(values)
    best = [0] * (n + 1)  # best[i]: the value of values[i:j] for the current j
    for j in range(1, n + 1):
        best[j - 1] = values[j - 1]
        for i in range(j - 2, -1, -1):
            best[i] = max(values[i] - best[i + 1], values[j - 1] - best[i])
    return best[0] if n else 0


def main() -> None:
    boards, n = (int(a) for a in (sys.argv[1:] + ["100000", "16"])[:2])
    array = np.random.default_rng(2024).integers(-100, 101, size=(boards, n), dtype=np.int64)
    coinline.solve_many(array[:100])  # the thread pool started
    start = time.perf_counter()
    values = coinline.solve_many(array)
    ours = time.perf_counter() - start
    lists = array.tolist()
    start = time.perf_counter()
    expected = [python_dp(board) for board in lists]
    theirs = time.perf_counter() - start
    assert values.tolist() == expected, "solve_many and the Python DP disagree"
    print(f"   solve_many: {boards:,} boards of {n} values in {ours:.3f} s, "
          f"{boards / ours:,.0f} boards/s ({os.cpu_count()} cores)")
    print(f"   pure-Python DP: {theirs:.2f} s, {boards / theirs:,.0f} boards/s; "
          f"solve_many {theirs / ours:,.0f} times faster, the same values")


if __name__ == "__main__":
    main()

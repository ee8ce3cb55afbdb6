"""solve_many releases the GIL: a Python thread keeps running during it,
and does not during a call that holds the GIL (the test's planted fault)."""

from __future__ import annotations

import re
import threading
import time

import numpy as np

import coinline


def ticks_during(call) -> tuple[int, float]:
    """How often a Python thread woke (every millisecond it can) while
    `call` ran, and how long `call` took."""
    ticks, stop = [0], threading.Event()

    def tick():
        while not stop.is_set():
            ticks[0] += 1
            time.sleep(0.001)

    thread = threading.Thread(target=tick)
    thread.start()
    time.sleep(0.05)
    before, start = ticks[0], time.perf_counter()
    call()
    during, seconds = ticks[0] - before, time.perf_counter() - start
    stop.set()
    thread.join()
    return during, seconds


def long_enough(make, at_least=0.3):
    """The argument of `make` (doubled from 1) whose call takes `at_least` seconds."""
    size = 1
    while True:
        call = make(size)
        start = time.perf_counter()
        call()
        if time.perf_counter() - start >= at_least:
            return call
        size *= 2


def test_a_thread_runs_during_solve_many():
    rng = np.random.default_rng(5)
    call = long_enough(lambda k: (lambda b=rng.integers(-100, 100, (k * 1000, 64)): coinline.solve_many(b, solver="generic")))
    ticks, seconds = ticks_during(call)
    assert ticks >= 20, (ticks, seconds)


def test_the_measure_sees_a_call_that_holds_the_gil():
    # A regular expression that backtracks: re's matcher holds the GIL.
    call = long_enough(lambda k: (lambda: re.match(r"(a+)+$", "a" * (18 + k.bit_length()) + "b")))
    ticks, seconds = ticks_during(call)
    # A few wake-ups at the call's edges happen on a loaded machine (5 seen
    # in 0.5 s); a call that releases the GIL gives hundreds.
    assert ticks <= 10, (ticks, seconds)

"""What the benchmarks share: a median timing, and a fresh MSTRACKER_HOME with an app built on it."""

from __future__ import annotations

import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mstracker.paths import AppDirs


def median_seconds(fn: Callable[[], object], repetitions: int) -> float:
    """Median wall time of one call, in seconds, after one warm-up call."""
    fn()
    samples = []
    for _ in range(repetitions):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


@contextmanager
def bench_home() -> Iterator[AppDirs]:
    """A fresh, empty MSTRACKER_HOME for the block, and its folders; the caller's is put back after."""
    from mstracker.paths import app_dirs

    saved = os.environ.get("MSTRACKER_HOME")
    try:
        with tempfile.TemporaryDirectory(prefix="mstracker-bench-") as home:
            os.environ["MSTRACKER_HOME"] = home
            yield app_dirs()
    finally:
        if saved is None:
            os.environ.pop("MSTRACKER_HOME", None)
        else:
            os.environ["MSTRACKER_HOME"] = saved


def bench_app(dirs: AppDirs) -> Any:
    """The app as the CLI builds it on `dirs`, with a seeded rng."""
    from mstracker.app_factory import build_app

    return build_app(dirs=dirs, rng=random.Random(1))

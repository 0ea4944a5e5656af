"""Watcher and lifeline benchmarks: commit-to-screen latency of `mstracker watch`, and how long the
app takes to end after its terminal goes away.

Run from the repository root: ``python -m bench.watch_bench``. Figures only (targets: latency
under 0.5 s; exit within 2 s).

* Latency: a headless WatchApp follows a game while a writer in the same process commits actions
  at random moments of the watcher's poll cycle; for each, the time from the commit's return to
  the end of the screen refresh that shows it.
* Exit: `python -m mstracker` in a pseudo-terminal opens the demo battle (holding its lock); the
  terminal is closed and the time until the process is gone is taken.
"""

from __future__ import annotations

import asyncio
import os
import random
import select
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
FLEETS = [REPO / "data/fleets/pz8/razor-squadron.toml", REPO / "data/fleets/pz8/anchor-flight.toml"]


def watcher_latency(commits: int = 40) -> list[float]:
    from mstracker.game import Action
    from mstracker.store.fleets import load_roster
    from mstracker.store.games import GameStore
    from mstracker.tui.watch import WatchApp, WatchScreen

    with GameStore.default() as store:
        game_id = store.create_game("Bench", "pz8", [load_roster(p) for p in FLEETS], {})
    readers = GameStore.default(readonly=True)
    app = WatchApp(readers, readers.open_reader(game_id))
    shown: list[float] = []
    original = WatchScreen.show_changes

    def timed(self: WatchScreen, old, changes) -> None:  # noqa: ANN001
        original(self, old, changes)
        self.call_after_refresh(lambda: shown.append(time.perf_counter()))

    WatchScreen.show_changes = timed  # type: ignore[method-assign]
    rng = random.Random(7)
    latencies: list[float] = []

    async def main() -> None:
        writer_store = GameStore.default()
        writer = writer_store.open_game(game_id)
        async with app.run_test(size=(120, 36)) as pilot:
            await pilot.pause()
            for n in range(commits):
                await asyncio.sleep(rng.uniform(0.0, 0.2))  # a random moment of the poll cycle
                before = len(shown)
                writer.perform(Action("note", {"text": f"commit {n}"}))
                committed = time.perf_counter()
                while len(shown) == before:
                    await asyncio.sleep(0.002)
                latencies.append(shown[-1] - committed)
        writer.close()
        writer_store.close()

    try:
        asyncio.run(main())
    finally:
        WatchScreen.show_changes = original  # type: ignore[method-assign]
    return latencies


def exit_after_terminal_dies(runs: int = 5) -> list[float]:
    import pty
    import termios

    times = []
    for _ in range(runs):
        home = tempfile.mkdtemp(prefix="mstracker-bench-")
        env = {**os.environ, "MSTRACKER_HOME": home, "TERM": "xterm-256color"}
        pid, fd = pty.fork()
        if pid == 0:
            os.execvpe(sys.executable, [sys.executable, "-m", "mstracker"], env)
        termios.tcsetwinsize(fd, (36, 120))
        _read_until(fd, b"Demo", 60)
        os.write(fd, b"b")
        _read_until(fd, b"Log", 60)
        closed = time.perf_counter()
        os.close(fd)
        while not os.waitpid(pid, os.WNOHANG)[0]:
            if time.perf_counter() - closed > 10:  # stuck: say so, and leave nothing behind
                os.kill(pid, 9)
                os.waitpid(pid, 0)
                break
            time.sleep(0.005)
        times.append(time.perf_counter() - closed)
    return times


def _read_until(fd: int, marker: bytes, seconds: float) -> None:
    seen = b""
    end = time.monotonic() + seconds
    while marker not in seen and time.monotonic() < end:
        if select.select([fd], [], [], 0.2)[0]:
            seen += os.read(fd, 65536)


def main() -> None:
    home = tempfile.mkdtemp(prefix="mstracker-bench-")
    os.environ["MSTRACKER_HOME"] = home
    lat = sorted(watcher_latency())
    p95 = lat[int(0.95 * (len(lat) - 1))]
    print(f"watcher commit-to-screen: median {statistics.median(lat) * 1000:.0f} ms, "
          f"p95 {p95 * 1000:.0f} ms, max {lat[-1] * 1000:.0f} ms over {len(lat)} commits (target < 500 ms)")
    if os.name == "posix":
        ex = exit_after_terminal_dies()
        print(f"exit after the terminal dies: median {statistics.median(ex) * 1000:.0f} ms, "
              f"max {max(ex) * 1000:.0f} ms over {len(ex)} runs (target < 2000 ms)")


if __name__ == "__main__":
    main()

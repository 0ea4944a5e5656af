"""TUI benchmark: start-up to the first frame of the home screen, beside a bare Textual app.

Run from the repository root: ``python -m bench.tui_bench``. Each run starts a fresh Python process
that builds the app headless and exits as soon as the first frame has been drawn; the wall time
from spawning the process to its exit is taken, median of several runs, for mstracker's home
screen and for a bare Textual app that shows one Static (target: ratio <= 1.3).
Interaction figures (key press in a 2x25-ship battle, odds refresh) are printed by
``bench.tui_interaction`` when the battle screen is present.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from importlib import import_module

BARE = """
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("hello")
    def on_mount(self):
        self.call_after_refresh(self.exit)

Bare().run(headless=True, size=(120, 36))
"""

MSTRACKER = """
from mstracker.app_factory import build_app

app = build_app()
# Once the app is running (home screen composed), exit right after the next refresh: the first frame.
app.call_later(lambda: app.call_after_refresh(app.exit))
app.run(headless=True, size=(120, 36))
"""


def time_process(code: str, env: dict[str, str], runs: int = 7) -> float:
    samples = []
    for _ in range(runs + 1):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples[1:]) * 1000


def main() -> None:
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "MSTRACKER_HOME": home}
        bare = time_process(BARE, env)
        ours = time_process(MSTRACKER, env)
    print("start-up to first frame (median of 7 fresh processes, ms)")
    print(f"  bare Textual app, one Static : {bare:8.1f}")
    print(f"  mstracker home screen        : {ours:8.1f}")
    print(f"  ratio                        : {ours / bare:8.2f}   (target <= 1.3)")
    try:
        interaction = import_module("bench.tui_interaction")
    except ModuleNotFoundError:
        return
    interaction.main()


if __name__ == "__main__":
    main()

"""TUI benchmark: start-up to the first frame of the home screen, beside a bare Textual app.

Run from the repository root: ``python -m bench.tui_bench`` (``--startup`` for this part only). Each
run starts a fresh Python process that builds the app headless; at its first frame (the first
refresh after mounting) it prints the clock, and exits. The runs are paired, bare app then
mstracker's home screen, in turn, so a machine that speeds up or slows down meanwhile moves both;
the figures are medians: time to the first frame, whole-process time, and the ratio pair by pair
(target: ratio <= 1.3). The home is a fresh MSTRACKER_HOME with one saved game, so the count of
saved games is read as at a real table. Interaction figures (key press in a 2x25-ship battle, odds
refresh) are printed by ``bench.tui_interaction`` when the battle screen is present.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from importlib import import_module
from pathlib import Path

# Both print the wall clock at their first frame: the spawn-to-frame time is taken from that.
BARE = """
import time
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("hello")
    def on_mount(self):
        self.call_after_refresh(self.first_frame)
    def first_frame(self):
        print("FIRST-FRAME", time.time(), flush=True)
        self.exit()

Bare().run(headless=True, size=(120, 36))
"""

MSTRACKER = """
import time
from mstracker.app_factory import build_app

app = build_app()

def first_frame():
    print("FIRST-FRAME", time.time(), flush=True)
    app.exit()

# Once the app is running (home screen composed), the next refresh is the first frame.
app.call_later(lambda: app.call_after_refresh(first_frame))
app.run(headless=True, size=(120, 36))
"""

RUNS = 9


def run_once(code: str, env: dict[str, str]) -> tuple[float, float]:
    """(ms from spawning to the first frame, ms from spawning to the process's exit)."""
    spawned_at, start = time.time(), time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True)
    whole = time.perf_counter() - start
    frame_line = next(line for line in done.stdout.splitlines() if line.startswith("FIRST-FRAME "))
    return (float(frame_line.split()[1]) - spawned_at) * 1000, whole * 1000


def _home_with_a_game(home: str) -> dict[str, str]:
    env = {**os.environ, "MSTRACKER_HOME": home}
    fleets = Path(__file__).resolve().parent.parent / "data" / "fleets" / "spook"
    subprocess.run([sys.executable, "-m", "mstracker", "game", "new", "--ruleset", "spook", "--json",
                    "--fleet", str(fleets / "scrimmage-blue.toml"), "--fleet", str(fleets / "scrimmage-red.toml")],
                   env=env, check=True, capture_output=True)
    return env


def paired(runs: int = RUNS) -> dict[str, float]:
    """Medians over `runs` pairs (after one warm-up pair) of the bare app and the home screen."""
    bare_frames, ours_frames, bare_whole, ours_whole, ratios, whole_ratios = [], [], [], [], [], []
    with tempfile.TemporaryDirectory() as home:
        env = _home_with_a_game(home)
        for n in range(runs + 1):
            bare = run_once(BARE, env)
            ours = run_once(MSTRACKER, env)
            if n == 0:
                continue
            bare_frames.append(bare[0])
            ours_frames.append(ours[0])
            bare_whole.append(bare[1])
            ours_whole.append(ours[1])
            ratios.append(ours[0] / bare[0])
            whole_ratios.append(ours[1] / bare[1])
    med = statistics.median
    return {"bare_frame": med(bare_frames), "ours_frame": med(ours_frames), "ratio": med(ratios),
            "bare_whole": med(bare_whole), "ours_whole": med(ours_whole), "whole_ratio": med(whole_ratios),
            "ratio_min": min(ratios), "ratio_max": max(ratios)}


def main() -> None:
    f = paired()
    print(f"start-up, bare Textual app (one Static) then mstracker's home screen, {RUNS} pairs in turn (median ms)")
    print(f"  to the first frame:  bare {f['bare_frame']:8.1f}   home {f['ours_frame']:8.1f}   "
          f"ratio {f['ratio']:5.2f} (pairs {f['ratio_min']:.2f}-{f['ratio_max']:.2f}; target <= 1.3)")
    print(f"  whole process:       bare {f['bare_whole']:8.1f}   home {f['ours_whole']:8.1f}   ratio {f['whole_ratio']:5.2f}")
    if "--startup" in sys.argv[1:]:
        return
    try:
        interaction = import_module("bench.tui_interaction")
    except ModuleNotFoundError:
        return
    interaction.main()


if __name__ == "__main__":
    main()

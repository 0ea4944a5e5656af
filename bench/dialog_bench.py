"""The attack dialog on the 2 x 25-ship spook battle: key `a` to the first frame that shows it, and
keys typed faster than it opens (issue: `a tab tab 3` lost or landing in the wrong field).

Both are measured the way a player meets them, through the app's own key queue at 120x36:

* open: a Key event posted to the app → the first frame the app draws with the dialog on top (its
  display call); later opens reuse the dialog (it is kept per battle). Measured both ways: cold (the
  first `a` builds it) and warmed (the battle built it while idle, as the app does: issue 16);
* type-ahead: 20 sequences `a tab 2 tab 3 escape` posted at once on the pz8 demo battle (the activated
  ship's dialog starts in its blank target field): each counts when the distance reads 2 and the
  cursor ended in the fire-back box.

Run: python -m bench.dialog_bench (make bench runs it). Figures only, no thresholds.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from typing import Any

from textual import events

OPENS = 20
SEQUENCES = 20


def _frames(app: Any) -> list[tuple[float, str]]:
    frames: list[tuple[float, str]] = []
    original = app._display

    def display(screen: Any, renderable: Any) -> None:
        original(screen, renderable)
        frames.append((time.perf_counter(), type(screen).__name__))

    app._display = display
    return frames


async def _first_frame(frames: list[tuple[float, str]], after: float, screen: str) -> float:
    for _ in range(20000):
        hit = next((t for t, name in frames if t > after and name == screen), None)
        if hit is not None:
            return (hit - after) * 1000
        await asyncio.sleep(0.0005)
    raise TimeoutError(f"no frame of {screen}")


async def open_bench(app: Any, game_id: int, warm: bool) -> list[float]:
    """`warm`: the battle builds the dialog while idle (as the app does); off: the first `a` builds it."""
    from bench.tui_interaction import battle_idle
    from mstracker.dice import TypedFaces
    from mstracker.game import Action
    from mstracker.tui.games import open_game
    from mstracker.tui.screens.battle_actions import BattleActions

    frames = _frames(app)
    BattleActions.warm_attack = warm
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        open_game(app, game_id)
        await pilot.pause(0.1)
        battle = await battle_idle(pilot)  # built ahead (when warm) before any key
        battle.perform_action(Action("roll-off", {}), TypedFaces([6, 1]))
        for _ in range(5):  # turn 1 and its automatic upkeep: the attack is next
            await pilot.press("n")
        await pilot.pause(0.3)
        opens = []
        for _ in range(OPENS):
            start = time.perf_counter()
            app.post_message(events.Key("a", "a"))
            opens.append(await _first_frame(frames, start, "AttackModal"))
            await pilot.pause(0.1)
            app.post_message(events.Key("escape", None))
            await _first_frame(frames, time.perf_counter(), "BattleScreen")
            await pilot.pause(0.1)
        return opens


async def type_ahead_bench(app: Any) -> tuple[int, list[str]]:
    from mstracker.tui.screens import battle_scenes as play

    keys = [("a", "a"), ("tab", None), ("2", "2"), ("tab", None), ("3", "3")]
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        demo = play.demo_of("pz8")
        await play.create_game(pilot, "pz8")
        await play.to_attack(pilot, demo)
        good, wrong = 0, []
        for _ in range(SEQUENCES):
            for key, character in keys:
                app.post_message(events.Key(key, character))
            await play.settle(pilot)
            form = app.screen
            values = {f.arg.name: f.value for f in form.fields()}
            ok = values.get("distance") == "2" and type(form.focused).__name__ == "YesNo"
            good += ok
            if not ok:
                wrong.append(f"{values} focus {type(form.focused).__name__}")
            app.post_message(events.Key("escape", None))
            await play.settle(pilot)
        return good, wrong


def main() -> None:
    from bench.common import bench_app, bench_home
    from bench.tui_interaction import big_spook_game

    print(f"attack dialog, 2x25-ship battle, key a -> first frame showing it ({OPENS} opens, ms):")
    for warm, how in ((False, "cold (built on the first a)"), (True, "warmed (built while idle)")):
        with bench_home() as dirs:
            game_id = big_spook_game(dirs)
            opens = asyncio.run(open_bench(bench_app(dirs), game_id, warm))
        later = opens[1:]
        print(f"  {how:<28}: first open {opens[0]:6.1f}   then median {statistics.median(later):6.1f}  "
              f"p90 {sorted(later)[int(len(later) * 0.9) - 1]:6.1f}  max {max(later):6.1f}   (target: first near the later ones)")
    with bench_home() as dirs:
        good, wrong = asyncio.run(type_ahead_bench(bench_app(dirs)))
    print(f"type-ahead: {good} of {SEQUENCES} fast sequences 'a tab 2 tab 3' landed in the dialog in order")
    for line in wrong[:5]:
        print(f"  wrong: {line}")


if __name__ == "__main__":
    main()

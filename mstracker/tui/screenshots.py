"""SVG screenshots of every screen in a realistic state: `python -m mstracker.tui.screenshots OUTDIR`.

The scenes are plain key presses on an app built by the one factory, in a throw-away MSTRACKER_HOME
with a seeded rng, at 120x36. The snapshot tests replay the same scenes.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
import tempfile
from collections.abc import Awaitable, Callable, Mapping
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from textual.pilot import Pilot
from textual.widgets import DataTable, Input, OptionList

if TYPE_CHECKING:
    from ..rules.contract import DemoSpec

SIZE = (120, 36)
SEED = 7

Scene = Callable[[Pilot], Awaitable[None]]


async def type_text(pilot: Pilot, text: str) -> None:
    await pilot.press(*("space" if ch == " " else ch for ch in text))


async def finish(pilot: Pilot) -> None:
    """Let odds workers finish, drop toasts and stop cursors blinking, so the picture is stable."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    pilot.app.clear_notifications()
    for screen in pilot.app.screen_stack:
        for field in screen.query(Input):
            field.cursor_blink = False
    await pilot.pause()


async def home(pilot: Pilot) -> None:
    await pilot.pause(0.2)  # the games are counted just after the first frame
    await finish(pilot)


def _first_ruleset() -> str:
    """The scenes show the first installed ruleset (the one a first run opens on); none is named here."""
    from ..rules.registry import ruleset_ids

    return ruleset_ids()[0]


async def dice(pilot: Pilot) -> None:
    await pilot.press("d")
    await pilot.pause()
    await pilot.press("f2", "f3")  # two rolls from the first ruleset's table presets
    await pilot.pause()
    await pilot.press("ctrl+u")
    await type_text(pilot, "2d6")
    await pilot.press("enter", "enter")
    await finish(pilot)


async def dice_physical(pilot: Pilot) -> None:
    await pilot.press("d")
    await pilot.pause()
    await pilot.press("ctrl+t")  # I roll physical dice
    await type_text(pilot, "25 x d6 + 2d6")
    await pilot.press("enter")
    await pilot.pause()
    await pilot.press("4", "enter")
    await finish(pilot)


async def rules(pilot: Pilot) -> None:
    """The rules reference searched for the first class's name: every section that mentions it."""
    await pilot.press("r")
    await pilot.pause()
    from ..rules.registry import package

    rid = _first_ruleset()
    classes: Mapping[str, object] = package(rid).ship_classes(pilot.app.services.ruleset(rid).ruleset) or {"hit": None}
    query = next(iter(classes)).split()[0].lower()
    await pilot.press("slash")
    await type_text(pilot, query)
    await pilot.press("enter")
    await pilot.pause()
    screen = pilot.app.screen
    busiest = max(range(len(screen.views)), key=lambda i: len(screen.views[i].matching(query)))
    current = [v.name for v in screen.views].index(screen.query_one("#rules-tabs").active.removeprefix("sec-"))
    await pilot.press(*["right_square_bracket"] * ((busiest - current) % len(screen.views)))  # the section with most rows
    await finish(pilot)


async def settings(pilot: Pilot) -> None:
    """A house rule set: the first setting that offers a choice, changed to its next option."""
    await pilot.press("s")
    await pilot.pause()
    screen = pilot.app.screen
    table = screen.query_one("#house-table", DataTable)
    row = next(i for i, key in enumerate(screen.keys)
               if len(pilot.app.services.ruleset(screen.ruleset_id).ruleset.settings[key].options) > 1)
    await pilot.press(*["down"] * (row - table.cursor_row), "enter")
    await pilot.pause()
    await pilot.press("down", "enter")  # the next option: a house rule
    await pilot.pause()
    table.focus()
    await finish(pilot)


async def _open_demo_fleet(pilot: Pilot) -> None:
    """The builder on the first installed ruleset's first demo fleet, opened with o like a player would."""
    from ..rules.registry import package
    from ..store.fleets import sample_fleets

    ruleset = _first_ruleset()
    demo = package(ruleset).demo
    samples = sample_fleets(ruleset)
    wanted = next((p for p in samples if demo is not None and p.name == demo.fleets[0]), samples[0])
    await pilot.press("f")
    await pilot.pause()
    await pilot.press("o")
    await pilot.pause()
    files = pilot.app.screen.query_one("#fleet-files", OptionList)
    target = files.get_option_index(next(k for k, p in pilot.app.screen.paths.items() if p == wanted))
    files.focus()
    files.highlighted = target
    await pilot.press("enter")
    await pilot.pause()


async def fleet_builder(pilot: Pilot) -> None:
    await _open_demo_fleet(pilot)
    ships = pilot.app.screen.query_one("#ships", DataTable)
    ships.focus()
    ships.move_cursor(row=0)
    await finish(pilot)


async def fleet_loadout(pilot: Pilot) -> None:
    """A ship's loadout panel with its offer: what it may take, and what is not offered and why."""
    await _open_demo_fleet(pilot)
    screen = pilot.app.screen
    ships = screen.query_one("#ships", DataTable)
    ships.focus()
    for row in range(len(screen.roster.ships)):  # the first ship whose class is refused something
        ships.move_cursor(row=row)
        await pilot.pause()
        if any(not offered for rows in screen.query_one("#loadout").offer.values() for _, offered, _ in rows):
            break
    await pilot.press("l")
    await pilot.pause()
    offer = screen.query_one("#offer", OptionList)
    header = next(i for i in range(offer.option_count) if str(offer.get_option_at_index(i).prompt) == "not offered, and why")
    offer.scroll_to(y=offer._index_to_line[header] - 2, animate=False)  # what it may take, then what not and why
    await pilot.pause()
    await finish(pilot)


async def new_game(pilot: Pilot) -> None:
    await pilot.press("n")
    await pilot.pause()
    await finish(pilot)


async def _battle(pilot: Pilot, ruleset: str) -> None:
    """A game of `ruleset` from its demo fleets, a few actions in: the first attack, then on."""
    from .screens import battle_scenes as play

    demo = await _to_first_attack(pilot, ruleset)
    await play.first_attack(pilot, demo)
    await play.select_ship(pilot, demo.target)
    await finish(pilot)


async def _to_first_attack(pilot: Pilot, ruleset: str) -> DemoSpec:
    """A new game of `ruleset` from its demo fleets, played to the demo's first attack; the demo."""
    from .screens import battle_scenes as play

    demo = play.demo_of(ruleset)
    await play.create_game(pilot, ruleset)
    await play.to_attack(pilot, demo)
    return demo


def _first_demo() -> str:
    """The first installed ruleset with a demo battle (the one `b` opens on a first run)."""
    from ..rules.registry import package, ruleset_ids

    return next(rid for rid in ruleset_ids() if package(rid).demo is not None)


async def attack_dialog(pilot: Pilot) -> None:
    """The attack dialog with its live odds, opened on the demo's first attack."""
    from .screens import battle_scenes as play

    demo = await _to_first_attack(pilot, _first_demo())
    await play.open_attack(pilot, demo.attacker, demo.target, **dict(demo.measured))
    await finish(pilot)


async def attack_physical(pilot: Pilot) -> None:
    """Physical dice half typed in: the dialog lists the declared dice and says which comes next."""
    from .screens import battle_scenes as play

    demo = await _to_first_attack(pilot, _first_demo())
    await play.open_attack(pilot, demo.attacker, demo.target, **dict(demo.measured))
    await play.enter_faces(pilot, demo.faces.split()[0])
    await finish(pilot)


async def battle_small(pilot: Pilot) -> None:
    """The battle screen at 80x24: one fleet at a time, a narrower side panel."""
    from .screens import battle_scenes as play

    demo = await _to_first_attack(pilot, _first_demo())
    await play.first_attack(pilot, demo)
    await play.select_ship(pilot, demo.attacker)
    await finish(pilot)


async def planner(pilot: Pilot) -> None:
    """The fire planner at the demo's first attack: a target's distance typed, two shots marked for focus fire."""
    from .screens import battle_scenes as play

    demo = await _to_first_attack(pilot, _first_demo())
    await play.open_planner(pilot)
    await play.plan_focus(pilot, 2, distance="6")
    await finish(pilot)


async def auto_roll(pilot: Pilot) -> None:
    """cal with "the app rolls": the demo's first attack, then n on through the round until the app shows the
    dice it rolled for an automatic step (the damage table of the ship hit) and what they decided."""
    from .modals.auto_roll import AutoRollModal
    from .modals.confirm import ConfirmModal
    from .screens import battle_scenes as play

    demo = await _to_first_attack(pilot, "cal")
    await play.first_attack(pilot, demo)
    for _ in range(30):
        await pilot.press("n")
        await play.settle(pilot)
        if isinstance(pilot.app.screen, ConfirmModal):
            await pilot.press("y")
            await play.settle(pilot)
        if isinstance(pilot.app.screen, AutoRollModal):
            await finish(pilot)
            return
    raise play.SceneError("no automatic roll was shown in the round")


def battle_scenes() -> dict[str, Scene]:
    """One battle scene per installed ruleset with a demo."""
    from ..rules.registry import package, ruleset_ids

    return {f"battle-{rid}": partial(_battle, ruleset=rid) for rid in ruleset_ids() if package(rid).demo is not None}


async def report(pilot: Pilot) -> None:
    """The first installed ruleset's demo battle played a few turns, then its report (the charts tab)."""
    from .screens import report_scene

    await report_scene.play_demo(pilot, turns=3)
    await pilot.press("R")
    await report_scene.wait_for_report(pilot)
    # the charts are drawn to the width the layout gives them, and a scroll bar may take a column of it:
    # one more round of refresh after the report is drawn, so the picture does not depend on the load
    await pilot.pause()
    await finish(pilot)


SCENES: dict[str, Scene] = {
    "home": home,
    "dice": dice,
    "dice-physical": dice_physical,
    "rules": rules,
    "settings": settings,
    "fleet-builder": fleet_builder,
    "fleet-loadout": fleet_loadout,
}

#: The game scenes (new game, battles, the attack dialog); snapshot-tested in tests/tui/test_battle_snapshots.py.
GAME_SCENES: dict[str, Scene] = {
    "new-game": new_game,
    **battle_scenes(),
    "attack": attack_dialog,
    "attack-physical": attack_physical,
    "battle-80x24": battle_small,
    "report": report,
    "report-80x24": report,
    "planner": planner,
    "planner-80x24": planner,
    "auto-roll-80x24": auto_roll,
}
SIZES: dict[str, tuple[int, int]] = {"battle-80x24": (80, 24), "planner-80x24": (80, 24), "auto-roll-80x24": (80, 24),
                                     "report-80x24": (80, 24)}


async def shoot(name: str, scene: Scene, outdir: Path) -> Path:
    from ..app_factory import build_app
    from ..paths import app_dirs

    app = build_app(dirs=app_dirs(), rng=random.Random(SEED))
    async with app.run_test(size=SIZES.get(name, SIZE)) as pilot:
        await pilot.pause()
        await scene(pilot)
        return Path(app.save_screenshot(f"{name}.svg", str(outdir)))


async def shoot_watch(outdir: Path) -> Path:
    """The watcher (`mstracker watch`, the same view `serve` sends to a browser) on a game under way."""
    from ..game import Action
    from ..store.fleets import load_roster, sample_fleets
    from ..store.games import GameStore
    from .watch import WatchApp

    fleets = {p.name: p for p in sample_fleets("pz8")}
    with GameStore.default() as store:
        game_id = store.create_game("Razor vs Anchor", "pz8", [load_roster(fleets[n]) for n in ("razor-squadron.toml", "anchor-flight.toml")], {})
        with store.open_game(game_id) as handle:
            handle.perform(Action("advance"))
            handle.perform(Action("note", {"text": "Blue's tablet follows the game through mstracker serve"}))
            handle.perform(Action("set", {"target": "A2", "key": "mps", "value": "3"}))
    readers = GameStore.default(readonly=True)
    app = WatchApp(readers, readers.open_reader(game_id))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        return Path(app.save_screenshot("watch.svg", str(outdir)))


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        sys.stderr.write("usage: python -m mstracker.tui.screenshots OUTDIR\n")
        return 2
    outdir = Path(args[0])
    outdir.mkdir(parents=True, exist_ok=True)
    for name, scene in {**SCENES, **GAME_SCENES}.items():
        with tempfile.TemporaryDirectory(prefix="mstracker-shots-") as home_dir:
            os.environ["MSTRACKER_HOME"] = home_dir  # never the user's own fleets or settings
            path = asyncio.run(shoot(name, scene, outdir))
        print(path)
    with tempfile.TemporaryDirectory(prefix="mstracker-shots-") as home_dir:
        os.environ["MSTRACKER_HOME"] = home_dir
        print(asyncio.run(shoot_watch(outdir)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

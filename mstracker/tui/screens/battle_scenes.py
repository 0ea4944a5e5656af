"""Battle scenes played with key presses, as a player would: shared by `make screenshots`, the
battle snapshot tests and the end-to-end Pilot tests.

Every step goes through the UI (keys, clicks on fields); a step that does not land where it should
raises SceneError, so a scene never silently shows the wrong thing.
"""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from ...rules.contract import DemoSpec

class SceneError(RuntimeError):
    """A scene step did not reach the screen it expected."""


async def settle(pilot: Pilot) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def type_text(pilot: Pilot, text: str) -> None:
    await pilot.press(*("space" if ch == " " else ch for ch in text))


def _expect(pilot: Pilot, kind: type) -> Any:
    screen = pilot.app.screen
    if not isinstance(screen, kind):
        raise SceneError(f"expected {kind.__name__}, the screen is {type(screen).__name__}")
    return screen


async def create_game(pilot: Pilot, ruleset: str) -> Any:
    """Home → n → the ruleset → the default sample fleets → ctrl+s → the battle screen."""
    from ..modals.confirm import ConfirmModal
    from .battle import BattleScreen
    from .new_game import NewGameScreen

    from ...rules.registry import ruleset_ids

    await pilot.press("n")
    await settle(pilot)
    screen = _expect(pilot, NewGameScreen)
    ids = ruleset_ids()
    moves = ids.index(ruleset) - ids.index(screen.ruleset_id)
    if moves:
        await pilot.press("enter", *(["down"] * moves if moves > 0 else ["up"] * -moves), "enter")
        await settle(pilot)
    if screen.ruleset_id != ruleset:
        raise SceneError(f"the new game screen shows {screen.ruleset_id}, not {ruleset}")
    await pilot.press("ctrl+s")
    await settle(pilot)
    if isinstance(pilot.app.screen, ConfirmModal):  # a sample that breaks a rule: play it anyway
        await pilot.press("y")
        await settle(pilot)
    return _expect(pilot, BattleScreen)


async def next_steps(pilot: Pilot, count: int) -> None:
    """Press n `count` times, leaving phases with unticked items when asked (y)."""
    from ..modals.confirm import ConfirmModal
    from .battle import BattleScreen

    for _ in range(count):
        await pilot.press("n")
        await settle(pilot)
        if isinstance(pilot.app.screen, ConfirmModal):
            await pilot.press("y")
            await settle(pilot)
        _expect(pilot, BattleScreen)


async def select_ship(pilot: Pilot, ship_id: str) -> None:
    """Move the selection as a player would: left / right to the ship's fleet, then up / down in it."""
    screen: Any = pilot.app.screen
    state = screen.state
    if ship_id not in state.ships:
        raise SceneError(f"no ship {ship_id} on the battle screen")
    owner = state.ships[ship_id].owner
    here = state.ships[screen.selected].owner if screen.selected in state.ships else 0
    await pilot.press(*(["right"] * (owner - here) if owner > here else ["left"] * (here - owner)))
    column = [s for s in screen.ship_order() if state.ships[s].owner == owner]
    at = column.index(screen.selected) if screen.selected in column else 0
    steps = column.index(ship_id) - at
    await pilot.press(*(["down"] * steps if steps > 0 else ["up"] * -steps))
    if screen.selected != ship_id:
        raise SceneError(f"ship {ship_id} could not be selected")


async def fill(pilot: Pilot, name: str, text: str) -> None:
    """Click a text field of the open form and type into it."""
    await pilot.click(f"#arg-{name}")
    await pilot.press("ctrl+u")
    await type_text(pilot, text)


async def enter_faces(pilot: Pilot, faces: str) -> None:
    """Switch the open form to physical dice and type the faces (not applied yet)."""
    from ..modals.action_form import ActionFormModal

    form = _expect(pilot, ActionFormModal)
    if not form.physical:
        await pilot.press("ctrl+t")  # switching to physical dice puts the cursor in the faces box
    else:
        form.query_one("#faces").focus()
    await settle(pilot)
    await type_text(pilot, faces)
    await settle(pilot)


async def apply_and_close(pilot: Pilot) -> tuple:
    """Apply the open form (enter in a text field, else ctrl+r), then close its result."""
    from ..modals.action_form import ActionFormModal
    from .battle import BattleScreen

    form = _expect(pilot, ActionFormModal)
    await pilot.press("ctrl+r")
    await settle(pilot)
    if form.result is None:
        raise SceneError(f"{form.spec.kind} was refused")
    await pilot.press("enter")
    await settle(pilot)
    _expect(pilot, BattleScreen)
    return form.result


async def open_attack(pilot: Pilot, attacker: str, target: str, **measured: str) -> Any:
    """Mark the target (t), select the attacker, a: the dialog opens prefilled; type what was measured."""
    from ..modals.attack import AttackModal

    await select_ship(pilot, target)
    if pilot.app.screen.target_id != target:  # t marks (and, pressed again, unmarks) the target
        await pilot.press("t")
    await select_ship(pilot, attacker)
    await pilot.press("a")
    await settle(pilot)
    form = _expect(pilot, AttackModal)
    for name, value in measured.items():
        await fill(pilot, name, value)
    await settle(pilot)
    return form


async def attack(pilot: Pilot, attacker: str, target: str, faces: str, **measured: str) -> tuple:
    """A whole attack with physical dice; returns the events applied."""
    await open_attack(pilot, attacker, target, **measured)
    await enter_faces(pilot, faces)
    return await apply_and_close(pilot)


async def other_action(pilot: Pilot, kind: str, faces: str | None = None, **typed: str) -> tuple:
    """x → the action picked from the list → its form (selected ship prefilled) → apply."""
    await pilot.press("x")
    await settle(pilot)
    options = pilot.app.screen.query_one("#action-list")
    index = next((i for i in range(options.option_count) if options.get_option_at_index(i).id == kind), None)  # type: ignore[attr-defined]
    if index is None:
        raise SceneError(f"no action {kind!r} in the list")
    options.highlighted = index  # type: ignore[attr-defined]
    await pilot.press("enter")
    await settle(pilot)
    for name, value in typed.items():
        await fill(pilot, name, value)
    if faces is not None:
        await enter_faces(pilot, faces)
    return await apply_and_close(pilot)


# ---- a ruleset's demo battle: reaching its first attack, as its package declares it -------------------


async def to_attack(pilot: Pilot, demo: DemoSpec) -> None:
    """Play the demo's steps to its first attack: n for next-step, else the action through its form."""
    for step in demo.to_attack:
        if step.kind == "next-step":
            await next_steps(pilot, 1)
            continue
        if step.ship:
            await select_ship(pilot, step.ship)
        await other_action(pilot, step.kind, faces=step.faces or None, **dict(step.args))


async def first_attack(pilot: Pilot, demo: DemoSpec, faces: str | None = None) -> tuple:
    """The demo's first attack with physical dice (its own faces unless others are given)."""
    return await attack(pilot, demo.attacker, demo.target, faces if faces is not None else demo.faces, **dict(demo.measured))


def demo_of(ruleset: str) -> DemoSpec:
    from ...rules.registry import package

    demo = package(ruleset).demo
    if demo is None:
        raise SceneError(f"{ruleset} has no demo battle")
    return demo


# ---- the fire planner ----------------------------------------------------------------------------------


async def open_planner(pilot: Pilot) -> Any:
    """f on the battle screen: the fire planner."""
    from .planner import PlannerScreen

    await pilot.press("f")
    await settle(pilot)
    return _expect(pilot, PlannerScreen)


async def to_row(pilot: Pilot, index: int) -> None:
    """Move the planner's cursor to row `index` with the arrow keys."""
    from ..widgets.plan_table import PlanTable

    table = pilot.app.screen.query_one(PlanTable)
    at = table.cursor_row
    await pilot.press(*(["down"] * (index - at) if index > at else ["up"] * (at - index)))
    if table.cursor_row != index:
        raise SceneError(f"the planner's cursor is on row {table.cursor_row}, not {index}")


def focus_target(screen: Any, count: int) -> str:
    """The target whose best `count` shots (as listed) have the best chance to destroy it short of certain."""
    from ...game.planner_focus import focus_fire

    best: tuple[float, str] | None = None
    for target in dict.fromkeys(r.target for r in screen.rows if r.known):
        shots = [(r.ship, r.weapon) for r in screen.rows if r.known and r.target == target][:count]
        if len(shots) < count:
            continue
        chance = float(focus_fire(screen.session.engine, screen.session.state, target, shots, screen.distances).p_destroy)
        if chance < 1 and (best is None or chance > best[0]):
            best = (chance, target)
    if best is None:
        raise SceneError(f"no target has {count} shots to mark")
    return best[1]


async def plan_focus(pilot: Pilot, count: int, distance: str = "") -> None:
    """In the planner: pick the target where focus fire matters most, type its distance (D) when given,
    then mark its first `count` shots (space), as a player would."""
    from .planner import PlannerScreen

    screen = _expect(pilot, PlannerScreen)
    target = focus_target(screen, count)
    if distance:
        await to_row(pilot, next(i for i, r in enumerate(screen.rows) if r.target == target))
        await pilot.press("D")
        await settle(pilot)
        await type_text(pilot, distance)
        await pilot.press("enter")
        await settle(pilot)
        _expect(pilot, PlannerScreen)
    picks = [i for i, r in enumerate(screen.rows) if r.known and r.target == target][:count]
    for index in picks:
        await to_row(pilot, index)
        await pilot.press("space")
    await settle(pilot)
    if len(screen.marks) != len(picks):
        raise SceneError(f"{len(screen.marks)} shots marked, not {len(picks)}")

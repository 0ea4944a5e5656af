"""The report scene for `make screenshots` and the report snapshot, for whichever ruleset is installed
first: its demo battle (the sample fleets, the way to the first attack and that attack, as the ruleset
package declares them, typed in through the screens), then more turns in which the side to play makes
the first attack its rules allow, with app-rolled dice from a seeded rng, and the report on top.
"""

from __future__ import annotations

import random
from typing import Any

from textual.pilot import Pilot

from ...dice import RngFaces
from ...game import Action
from .battle_scenes import SceneError, attack, settle, to_attack

SEED = 11
MOST_STEPS = 400  # a guard: a checklist that never reaches the next turn is a defect, not a hang


async def play_demo(pilot: Pilot, turns: int) -> None:
    """Home → b (demo battle) → its scripted first attack → on until `turns` turns have been played."""
    from ...rules.registry import package
    from ..games import demo_ruleset
    from .battle import BattleScreen

    ruleset = demo_ruleset(pilot.app)  # type: ignore[arg-type]
    demo = package(ruleset).demo if ruleset else None
    if demo is None:
        raise SceneError("no installed ruleset has a demo battle")
    await pilot.press("b")
    await settle(pilot)
    await to_attack(pilot, demo)
    if demo.attacker:
        await attack(pilot, demo.attacker, demo.target, demo.faces, **dict(demo.measured))
    screen = pilot.app.screen
    if not isinstance(screen, BattleScreen):
        raise SceneError(f"expected the battle screen, not {type(screen).__name__}")
    rng = random.Random(SEED)
    for _ in range(MOST_STEPS):
        state = screen.session.state
        if state.turn > turns or state.finished:
            break
        attack_now(screen, dict(demo.measured), rng)
        if screen.perform_action(Action("next-step", {"force": True}), RngFaces(rng)) is None:
            settle_obligations(screen)
    await settle(pilot)


def settle_obligations(screen: Any) -> None:
    """What a demo table does with a pending choice the rules give the players (a natural 12's friendly
    fire, a retirement): it sets each aside as a logged table decision, so the game goes on."""
    for obligation in screen.engine.plugin.obligations(screen.session.state):
        screen.perform_action(Action("override", {"obligation": obligation.id, "reason": "the demo plays on"}), None)


def attack_now(screen: Any, measured: dict[str, str], rng: random.Random) -> None:
    """The first attack the rules allow now, from the contract's defaults, at a random legal target."""
    from ..modals.attack import attack_kind

    engine, state = screen.engine, screen.session.state
    kind = attack_kind(engine)
    if kind is None:
        return
    spec = engine.action_spec(kind)
    legal = engine.legal_action(state, spec.kind)
    if not legal.allowed or not (legal.target or legal.targets):
        return
    names = [a.name for a in spec.args]
    # the demo measured its own first attack; where the distance only sets the reach, a later one is said in range
    reach = {"in_range": True} if "in_range" in names else {k: v for k, v in measured.items() if k in names}
    args = {**reach, **legal.defaults(names)}
    args.setdefault("target", rng.choice(legal.targets) if legal.targets else legal.target)
    screen.perform_action(Action(spec.kind, args), RngFaces(rng))  # a refusal is only a toast; finish() clears it


async def wait_for_report(pilot: Pilot) -> None:
    """Until the report screen has built its report (a thread worker) and drawn it."""
    from .report import ReportScreen

    await settle(pilot)
    screen = pilot.app.screen
    if not isinstance(screen, ReportScreen) or screen.report is None:
        raise SceneError(f"expected the built report, the screen is {type(screen).__name__}")
    await pilot.pause()

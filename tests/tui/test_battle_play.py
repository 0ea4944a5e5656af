"""A short game of each ruleset played through the UI, end to end.

New game from the sample fleets → advance the checklist → attack with typed physical dice (the
exact record value is checked on the target's ship card and in the state) → undo (the value is
back) → redo → advance the phases → quit → a new app resumes the game with its state intact.
"""

from __future__ import annotations

from typing import Any

import pytest
from tui_support import make_app, run, screen_after, settle

from mstracker.tui.screens.battle import BattleScreen
from mstracker.tui.screens.battle_scenes import create_game, demo_of, first_attack, next_steps, to_attack

RULESETS = ("spook", "lukas", "pz8", "cal")

#: ruleset -> (record key of the target, value before, value after the first attack, card text after)
RESULTS = {
    "spook": ("armor", 450, 360, "360/450"),  # Gattling Mass Driver, d6 shows 3: 30 x 3 = 90
    "lukas": ("armor", 27, 22, "22/27"),  # Light Missiles: d12 9 hits, 1d6 4 +1 = 5
    "pz8": ("damaged", False, True, "Damaged"),  # 6 hits; 4+3 against 1+4: +2 Damages
    "cal": ("round_damage", 0, 16, "Round dmg 16"),  # Beam 8, two shots 5 and 6 both hit
}


def card_text(screen: BattleScreen, ship_id: str) -> str:
    return screen.cards[ship_id].content.plain


@pytest.mark.parametrize("ruleset", RULESETS)
def test_short_game_through_the_ui(ruleset: str) -> None:
    demo = demo_of(ruleset)
    target = demo.target
    key, before, after, shown = RESULTS[ruleset]

    async def play(pilot: Any) -> dict:
        screen = await create_game(pilot, ruleset)
        assert screen.state.ruleset == ruleset and not screen.state.started
        await to_attack(pilot, demo)
        assert screen.state.ships[target].record[key] == before
        events = await first_attack(pilot, demo)
        assert events, "the attack produced no events"
        assert screen.state.ships[target].record[key] == after
        assert shown in card_text(screen, target)

        await pilot.press("u")  # undo: the value is back, on the card too
        await settle(pilot)
        assert screen.state.ships[target].record[key] == before
        assert shown not in card_text(screen, target)
        await pilot.press("r")  # redo
        await settle(pilot)
        assert screen.state.ships[target].record[key] == after

        position = (screen.state.turn, screen.state.phase, screen.state.step)
        await next_steps(pilot, 3)
        assert (screen.state.turn, screen.state.phase, screen.state.step) != position
        return screen.state.to_json()

    saved = run(make_app(), play)

    async def resume(pilot: Any) -> dict:
        screen = await screen_after(pilot, "c")  # continue the last game
        assert isinstance(screen, BattleScreen)
        return screen.state.to_json()

    assert run(make_app(), resume) == saved

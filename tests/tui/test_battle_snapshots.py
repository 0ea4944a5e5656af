"""Snapshots of the game screens: new game, a live battle of each ruleset, the attack dialog (odds,
physical dice), and the battle screen at 80x24. The scenes are the screenshot scenes.

Regenerate after a deliberate change with: pytest tests/tui/test_battle_snapshots.py --snapshot-update
"""

from __future__ import annotations

import pytest
from tui_support import SIZE, make_app, play_scene_steps

from mstracker.tui.screens import battle_scenes
from mstracker.tui.screenshots import GAME_SCENES, SIZES


@pytest.mark.parametrize("scene", list(GAME_SCENES))
def test_game_screen_snapshot(scene: str, snap_compare, monkeypatch: pytest.MonkeyPatch) -> None:
    # lukas decides the order of turns before turn 1's ship actions (lukas §1.b): its scene follows the
    # ruleset's DemoSpec until battle_scenes.lukas_to_attack does the same
    def lukas_to_attack(pilot) -> object:  # noqa: ANN001
        return play_scene_steps(pilot, "lukas")

    monkeypatch.setattr(battle_scenes, "lukas_to_attack", lukas_to_attack)
    monkeypatch.setitem(battle_scenes.REACH, "lukas", lukas_to_attack)
    assert snap_compare(make_app(), run_before=GAME_SCENES[scene], terminal_size=SIZES.get(scene, SIZE))

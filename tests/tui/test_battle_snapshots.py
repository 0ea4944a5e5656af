"""Snapshots of the game screens: new game, a live battle of each ruleset, the attack dialog (odds,
physical dice), and the battle screen at 80x24. The scenes are the screenshot scenes, each ruleset's
battle played from its package's DemoSpec.

Regenerate after a deliberate change with: pytest tests/tui/test_battle_snapshots.py --snapshot-update
"""

from __future__ import annotations

import pytest
from tui_support import SIZE, make_app

from mstracker.tui.screenshots import GAME_SCENES, SIZES


@pytest.mark.parametrize("scene", list(GAME_SCENES))
def test_game_screen_snapshot(scene: str, snap_compare) -> None:
    assert snap_compare(make_app(), run_before=GAME_SCENES[scene], terminal_size=SIZES.get(scene, SIZE))

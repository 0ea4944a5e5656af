"""Snapshots of every screen at 120x36, seeded rng, isolated MSTRACKER_HOME (the screenshot scenes).

Regenerate after a deliberate change with: pytest tests/tui/test_tui_snapshots.py --snapshot-update
"""

from __future__ import annotations

import pytest
from tui_support import SIZE, make_app

from mstracker.tui.screenshots import SCENES


@pytest.mark.parametrize("scene", list(SCENES))
def test_screen_snapshot(scene: str, snap_compare) -> None:
    assert snap_compare(make_app(), run_before=SCENES[scene], terminal_size=SIZE)

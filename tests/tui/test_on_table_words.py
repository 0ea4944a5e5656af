"""The On the table panel: a token shows the id forms take it by; an effect in force has no id to type."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "game"))

from minirules import engine, rosters  # noqa: E402

from mstracker.rules.contract import TableItem  # noqa: E402
from mstracker.tui.widgets.on_table import table_content  # noqa: E402


def test_a_token_shows_its_id_and_an_effect_only_its_words() -> None:
    eng = engine()
    state = eng.replay([eng.created_event(eng.new_game("Any", rosters(), {}))])
    token = TableItem("t1", "Torpedo salvo", owner=0, text="×2", arg_kind="torpedo")
    effect = TableItem("beam7w1", "Beam announced", owner=1, text="fires next turn")
    lines = table_content(state, [token, effect]).plain.splitlines()
    assert lines[0].startswith("t1   Torpedo salvo · ")
    assert lines[1].startswith("Beam announced · ")
    assert "beam7w1" not in lines[1]

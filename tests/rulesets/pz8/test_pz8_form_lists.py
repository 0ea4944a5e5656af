"""The pz8 torpedo-attack form's targets follow the salvo named: the enemies of its owner (pz8 §5)."""

from __future__ import annotations

from test_pz8_support import Play


def test_a_torpedo_salvo_attacks_only_its_owner_s_enemies() -> None:
    play = Play.sides(2, 2).start(5, 2)  # A: ships 1-2; B: ships 3-4
    play.activation("A1", ("launch-torpedo", (), {"ship": "A1", "where": "C3"}))  # t1, A's
    play.act("activate", ship="B1")
    play.act("launch-torpedo", ship="B1")  # t2, B's
    targets = play.eng.plugin.arg_choices(play.state, "torpedo-attack", {"torpedo": "t1"})["target"]
    assert [c.value for c in targets] == ["3", "4"]
    targets = play.eng.plugin.arg_choices(play.state, "torpedo-attack", {"torpedo": "t2"})["target"]
    assert [c.value for c in targets] == ["1", "2"]
    assert play.eng.plugin.arg_choices(play.state, "torpedo-attack", {}) == {}

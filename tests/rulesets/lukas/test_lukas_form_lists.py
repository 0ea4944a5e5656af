"""The lukas dock form's host list: allied capital ships on the table whose Hangar Bay has room, never the
docking ship itself (lukas §4.b); the attack form calls comm_radar by what it counts (play-test round 3)."""

from __future__ import annotations

from test_lukas_fixtures import act, engine, new, own_turn, to_turn


def test_a_ship_docks_only_in_an_allied_hangar_with_room_never_in_itself() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), own_turn(0, 1))
    dock = eng.legal_action(s, "dock")
    assert "1" not in dock.actors  # Anvil holds the Hangar Bay: it does not dock
    hosts = eng.plugin.arg_choices(s, "dock", {"ship": "2"})["host"]
    assert [(c.value, c.why_not) for c in hosts] == [("1", "")]
    s = act(eng, s, "dock", ship="Bull", host="Anvil")
    s = act(eng, s, "dock", ship="Shield", host="Anvil")  # the frigate places are full now
    assert [c.value for c in eng.plugin.arg_choices(s, "dock", {"ship": "5"})["host"]] == []


def test_the_attack_form_names_comm_radar_by_what_it_counts() -> None:
    spec = engine().action_spec("fire")
    radar = next(a for a in spec.args if a.name == "comm_radar")
    assert radar.title == "other radars" and "not itself" in radar.help


def test_both_attack_forms_name_the_other_radars_in_the_book_s_words() -> None:
    # lukas §4.d: "all allied ships within a 10-stud radius get +1 on rolls for hit, and +1 damage"; the
    # attacker's own radar counts by itself, so neither form shows a bare "comm radar 0" (issue 16)
    for kind in ("fire", "fire-beam"):
        radar = next(a for a in engine().action_spec(kind).args if a.name == "comm_radar")
        assert radar.title == "other radars", kind
        assert "lukas §4.d" in radar.help and "within 10 studs" in radar.help and "not itself" in radar.help

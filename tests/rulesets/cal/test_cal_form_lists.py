"""The lists a cal form offers (play-test round 3): an ordnance token attacks only ships hostile to its
owner (cal §Ordnance Attacks), a ram's other ship is any other ship in play, and ready-ordnance offers
the ordnance the ship's bays with room can take, the rest greyed with why not (cal §1 Ordnance)."""

from __future__ import annotations

from test_cal_actions import game


def choices(g, kind: str, arg: str, **args: str) -> list[tuple[str, str]]:  # noqa: ANN001
    return [(c.value, c.why_not) for c in g.eng.plugin.arg_choices(g.state, kind, args)[arg]]


def test_an_ordnance_token_attacks_only_the_ships_hostile_to_its_owner() -> None:
    g = game()  # Red: Lance 1, Resolute 2, Aegis 3; Blue: Sovereign 4, Wasp 5, Boarding Party 6
    g.act("set", target="FFA-1", key="d1.track", value="Assault Craft ready")
    g.to("gunnery", "launch")
    g.act("launch", ship="FFA-1", ordnance="assault craft")  # o1, Blue's
    g.next_round()
    g.to("gunnery", "ordnance_attacks")
    assert choices(g, "ordnance-attack", "target", token="o1") == [("1", ""), ("2", ""), ("3", "")]


def test_ready_ordnance_offers_what_the_ship_s_bays_take_and_greys_the_rest() -> None:
    g = game()
    carrier = dict(choices(g, "ready-ordnance", "ordnance", ship="4"))  # Sovereign, a Carrier: no torpedo tubes
    assert carrier["Torpedo"] == "Sovereign (#4) has no bay for it"
    assert carrier["Fighter"] == "" and carrier["Bomber"] == ""
    destroyer = dict(choices(g, "ready-ordnance", "ordnance", ship="1"))  # Lance: torpedo tubes, no craft bays
    assert destroyer["Torpedo"] == "" and destroyer["Fighter"] == "Lance (#1) has no bay for it"
    assert [v for v, why in choices(g, "ready-ordnance", "ordnance", ship="4") if not why][0] != "Torpedo"


def test_a_ram_s_other_ship_is_any_other_ship_in_play() -> None:
    g = game()
    assert [v for v, _ in choices(g, "ram", "other", ship="1")] == ["2", "3", "4", "5", "6"]


def test_a_gun_s_targets_are_the_ships_hostile_to_the_firer() -> None:
    g = game()
    g.to("gunnery", "weapons")
    fire = g.eng.legal_action(g.state, "fire", prefer="1")  # Lance, Red's: Blue's three ships, never Red's own
    assert fire.actor == "1" and fire.targets == ("4", "5", "6")

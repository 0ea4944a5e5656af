"""The lists a cal form offers (play-test round 3): an ordnance token attacks only ships hostile to its
owner (cal §Ordnance Attacks), a ram's other ship is any other ship in play, and ready-ordnance offers
the ordnance the ship's bays with room can take, the rest greyed with why not (cal §1 Ordnance)."""

from __future__ import annotations

from test_cal_actions import game

from mstracker.dice import TypedFaces
from mstracker.game import Action


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


def test_ordnance_attacks_list_only_the_acting_player_s_tokens_and_the_ships_hostile_to_them() -> None:
    """The play-test: torpedo targets listed the firer's own ships. In a phase done in turn (cal §Sequence of
    Play) only the acting player's ordnance attacks, and only ships hostile to it (cal §Ordnance Attacks)."""
    from test_cal_turn_order import BLUE_P, RED_P, in_turn, until

    g = in_turn()
    g.act("set", target="DD-1", key="d1.track", value="Torpedo ready")
    g.act("set", target="FFA-1", key="d1.track", value="Assault Craft ready")
    until(g, "gunnery", "launch", RED_P)
    g.act("launch", ship="DD-1", ordnance="torpedo")  # o1, Red's
    until(g, "gunnery", "launch", BLUE_P)
    g.act("launch", ship="FFA-1", ordnance="assault")  # o2, Blue's
    until(g, "gunnery", "ordnance_attacks", RED_P)
    red = g.eng.legal_action(g.state, "ordnance-attack")
    assert red.allowed and red.prefill.get("token") == "o1" and red.targets == ("4", "5", "6")
    spec = next(s for s in g.eng.plugin.action_specs() if s.kind == "ordnance-attack")
    token_arg = next(a for a in spec.args if a.name == "token")
    assert [t.id for t in g.eng.plugin.token_choices(g.state, "ordnance-attack", token_arg, None)] == ["o1"]
    until(g, "gunnery", "ordnance_attacks", BLUE_P)
    blue = g.eng.legal_action(g.state, "ordnance-attack")
    assert blue.prefill.get("token") == "o2" and blue.targets == ("1", "2", "3")


def test_ready_ordnance_starts_with_what_the_chosen_ship_takes() -> None:
    """An Escort Carrier has craft bays and no torpedo tubes (cal §1 Ordnance): its form never starts at Torpedo."""
    from test_cal_actions import BLUE
    from test_cal_helpers import Game, roster

    red = roster("Red Fleet", "Red", ("Lance", "DD-1", "Destroyer"), ("Harrier", "CVE-1", "Escort Carrier"))
    g = Game(red, BLUE)
    g.to("ordnance")
    assert g.eng.legal_action(g.state, "ready-ordnance", prefer="1").prefill["ordnance"] == "Torpedo"
    assert g.eng.legal_action(g.state, "ready-ordnance", prefer="2").prefill["ordnance"] == "Fighter"


def test_point_defence_starts_with_every_shot_ready() -> None:
    """cal §Point Defenses: a Point Defense Frigate fires its Point shots a round, one token at most as often as
    it has units; the form starts with every shot that the token may still take."""
    from test_cal_actions import launched

    g = game()
    token = launched(g, "CV-1", "Bomber ready, Bomber ready", "bomber")  # o1, Blue's, 2 units
    g.next_round()
    g.to("gunnery", "point_defence")
    rate = g.item("FFAA-1", g.eng.plugin.items_named(g.ship("FFAA-1"), "Point")[0].id)["rate"]
    pd = g.eng.legal_action(g.state, "point-defence", prefer="3")
    assert pd.prefill["token"] == token and pd.prefill["shots"] == min(rate, 2) == 2
    g.act("point-defence", 1, ship="FFAA-1", token=token, shots=1, in_range=True)  # one shot, a miss: one more at o1
    assert g.eng.legal_action(g.state, "point-defence", prefer="3").prefill["shots"] == 1
    shots = next(a for a in g.eng.action_spec("point-defence").args if a.name == "shots")
    assert shots.help == "shots at this token (left out: every shot ready that the token may still take)"
    assert shots.default is None  # one default: the preparation's, for a command as for the form


def test_point_defence_left_out_shots_are_the_forms_default_in_a_command_too() -> None:
    """The form's start and a command without shots take the same shots: every one ready that the token may
    still take (cal §Point Defenses), as the preparation gives it; a command said 1 before (issue 16 item 7)."""
    from test_cal_actions import launched

    g = game()
    token = launched(g, "CV-1", "Bomber ready, Bomber ready", "bomber")  # o1, Blue's, 2 units
    g.next_round()
    g.to("gunnery", "point_defence")
    form = g.eng.legal_action(g.state, "point-defence", prefer="3").prefill["shots"]
    prepared = g.eng.plugin.typed_action("point-defence").prepare(
        g.state, {"ship": g.ship("FFAA-1").id, "token": token, "in_range": True})
    events = g.eng.decide(g.state, Action("point-defence", {"ship": g.ship("FFAA-1").id, "token": token,
                                                             "in_range": True}), TypedFaces([1, 1]))
    assert form == prepared.shots == 2
    rolled = next(e for e in events if e.kind == "dice-rolled").data["rolls"]
    assert sum(len(r["faces"]) for r in rolled) == 2  # both shots rolled, not one

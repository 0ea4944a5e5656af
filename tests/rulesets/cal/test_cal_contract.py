"""The cal contract's answers: readiness in the book's words, legal actions with the ship that must act, the
tokens on the table, the obligations that block the round, and the checklist items actions tick."""

from __future__ import annotations

from test_cal_actions import BLUE, RED, game, launched
from test_cal_helpers import Game, roster

from mstracker.game import ArgType
from mstracker.game.actions import StepRole
from mstracker.rules.contract import Readiness


def states(g: Game, ship: str) -> list[tuple[str, Readiness, str]]:
    return [(r.item, r.status, r.detail) for r in g.eng.plugin.readiness(g.state, g.ship(ship))]


# ---- readiness -----------------------------------------------------------------------------------


def test_a_capital_beam_is_spent_after_both_shots_and_the_form_picks_the_next_ready_battery() -> None:
    # cal §Weapons: "Capital ships may fire each of their weapons twice per turn", escorts once.
    g = game()
    g.to("gunnery", "weapons")
    assert states(g, "CA-1")[0] == ("w1", Readiness.READY, "0 of 2 shots fired this round")
    g.act("fire", 6, ship="CA-1", weapon="beam", target="K-1", distance=4, shots=1)
    assert states(g, "CA-1")[0] == ("w1", Readiness.READY, "1 of 2 shots fired this round")
    g.act("fire", 1, ship="CA-1", weapon="beam", target="K-1", distance=4)
    assert states(g, "CA-1")[0] == ("w1", Readiness.SPENT, "2 of 2 shots fired this round")
    fire = g.eng.legal_action(g.state, "fire", prefer="2")
    assert fire.actor == "1" and "2" not in fire.actors  # the spent cruiser is no longer offered
    g.act("fire", 6, ship="K-1", weapon="beam", target="DD-1", distance=3)
    fire = g.eng.legal_action(g.state, "fire", prefer="5")
    assert (fire.actor, fire.weapon) == ("5", "w2")  # the corvette's projectile, not its spent beam


def test_damaged_offline_and_lost_items_say_why_they_cannot_be_used() -> None:
    g = game()
    g.act("set", target="K-1", key="w1.damaged", value="yes")
    g.act("set", target="K-1", key="w3.damaged", value="yes")
    g.act("set", target="DD-1", key="weapons_offline", value="yes")
    assert [(i, s) for i, s, _ in states(g, "K-1")][:3] == [
        ("w1", Readiness.DESTROYED), ("w2", Readiness.READY), ("w3", Readiness.DESTROYED)]
    assert states(g, "K-1")[0][2] == "Battery Damaged: cannot fire until repaired"
    assert states(g, "K-1")[2][2] == "Point Defences Damaged: cannot fire until repaired"
    assert {s for _, s, _ in states(g, "DD-1")} == {Readiness.DISABLED}
    assert states(g, "DD-1")[0][2].startswith("Weapons/Ordnance Offline: the ship cannot fire weapons, ordnance or PD")
    g.act("set", target="CV-1", key="d1.bays", value="0")
    assert states(g, "CV-1")[-1] == ("d1", Readiness.DESTROYED, "all 6 lost to Ordnance Bay Damaged")


def test_bays_follow_the_ordnance_ready_track_ready_reloading_launched() -> None:
    g = game()
    g.act("set", target="DD-1", key="d1.track", value="Torpedo 2")
    assert states(g, "DD-1")[-1] == ("d1", Readiness.RELOADING, "1 counter on the Ordnance Ready Track, ready in "
                                                                "2 Interphases")
    assert g.eng.plugin.readiness(g.state, g.ship("DD-1"))[-1].glyph == "⟳2"
    g.act("set", target="DD-1", key="d1.track", value="Torpedo ready, Torpedo ready, Torpedo 1")
    assert states(g, "DD-1")[-1] == ("d1", Readiness.READY, "ready to launch: Torpedo ×2; 1 counter on the track, the "
                                                             "next ready in 1 Interphase")
    g.act("set", target="DD-1", key="d1.bays", value="3")
    assert states(g, "DD-1")[-1][2].endswith("(3 of 4 left)")
    g.act("set", target="DD-1", key="d1.track", value="Torpedo ready")
    g.to("gunnery", "launch")
    g.act("launch", ship="DD-1", ordnance="torpedo")
    assert states(g, "DD-1")[-1] == ("d1", Readiness.SPENT, "launched this round (o1); the track is empty (3 of 4 left)")
    g.next_round()
    assert states(g, "DD-1")[-1][1] is Readiness.WAITING


def test_destroyed_and_jumped_ships_keep_no_live_data_and_a_jump_is_no_loss() -> None:
    g = game()
    launched(g, "CV-1", "Fighter ready", "fighter")
    g.act("set", target="CV-1", key="boarders", value="2")
    g.to("movement", "ftl")
    g.act("set", target="CV-1", key="ftl_powered", value="yes")
    g.act("jump", ship="CV-1")
    rec = g.rec("CV-1")
    assert (rec["jumped"], rec["in_play"], rec["boarders"], rec["cc"]) == (True, [], 0, 0)
    assert {s for _, s, _ in states(g, "CV-1")} == {Readiness.DISABLED}
    assert states(g, "CV-1")[0][2] == "the ship has jumped out"
    spec = g.eng.spec
    assert spec.lost(rec) and not spec.destroyed(rec)  # out of play, but an escape
    [fighter] = g.eng.plugin.on_table(g.state)
    assert "launched by Sovereign (#4) in round 1 (jumped out)" in fighter.text
    assert g.state.players[1].resources == {"cc": 0, "craft": 1}  # its fighter stays, above a C&C of 0


# ---- legal actions and the table -------------------------------------------------------------------


def test_the_forms_start_from_the_ship_that_must_act() -> None:
    g = game()
    g.act("set", target="CA-1", key="round_damage", value="60")
    g.to("damage", "resolve_damage", faces=(6, 6))  # Major 12: the cruiser's Reactor Breach
    blast = g.eng.legal_action(g.state, "blast", prefer="1")  # the selected ship is not the one that exploded
    assert (blast.allowed, blast.actor, blast.actors) == (True, "2", ("2",))
    g.act("blast", ship="CA-1", targets="none")
    g.act("set", target="K-1", key="fire", value="1")
    g.act("set", target="FFAA-1", key="sensors_offline", value="yes")
    g.next_round()
    g.to("interphase", "fire_roll", faces=(6,))  # the corvette's fire roll: out
    g.to("interphase", "damage_control")  # no boarders: no dice
    control = g.eng.legal_action(g.state, "damage-control", prefer="1")
    assert (control.actor, control.actors, control.expected) == ("3", ("3",), True)
    assert control.defaults(["ship", "choice", "system"]) == {"ship": "3", "choice": "repair", "system": "sensors offline"}


def test_fire_targets_are_enemies_and_a_ram_may_be_friendly() -> None:
    g = game()
    g.to("gunnery", "weapons")
    fire = g.eng.legal_action(g.state, "fire", prefer="1", marked="3")
    assert fire.targets == ("4", "5", "6") and fire.target is None  # #3 is Red's own
    assert g.eng.legal_action(g.state, "fire", prefer="1", marked="6").target == "6"
    g.to("movement", "move")
    ram = g.eng.legal_action(g.state, "ram", prefer="1", marked="3")
    assert ram.targets == ("2", "3", "4", "5", "6") and ram.defaults(["ship", "other"]) == {"ship": "1", "other": "3"}


def test_tokens_on_the_table_and_the_forms_never_name_a_gone_or_own_token() -> None:
    g = game()
    g.act("set-course", ship="DD-1", course="d2=2")
    g.act("set", target="DD-1", key="d1.track", value="Torpedo ready")
    launched(g, "CV-1", "Bomber ready, Bomber ready", "bomber")
    g.act("launch", ship="DD-1", ordnance="torpedo")
    table = {t.id: t for t in g.eng.plugin.on_table(g.state)}
    assert (table["o1"].kind, table["o1"].owner, table["o1"].ship, table["o1"].arg_kind) == ("Bomber", 1, "4", "ordnance")
    assert table["o1"].text == "×2 · launched by Sovereign (#4) in round 1 · moves and attacks from next round"
    assert table["o2"].text == ("×1 · launched by Lance (#1) in round 1 · course d2=2 · moves and attacks from next round")
    g.next_round()
    g.to("gunnery", "point_defence")
    spec = next(s for s in g.eng.plugin.action_specs() if s.kind == "point-defence")
    assert spec.args[1].type is ArgType.TOKEN and spec.args[1].tokens == ("ordnance",)
    pd = g.eng.legal_action(g.state, "point-defence", prefer="3")
    assert pd.actor == "3" and pd.prefill["token"] == "o1"  # Blue's bombers: the one hostile token
    hint = [t.id for t in g.eng.plugin.token_choices(g.state, "point-defence", spec.args[1], g.ship("FFAA-1"))]
    assert hint == ["o1"]
    g.act("point-defence", 4, 5, ship="FFAA-1", token="o1", shots=2, in_range=True)  # both units removed
    assert [t.id for t in g.eng.plugin.on_table(g.state)] == ["o2"]
    assert g.eng.plugin.token_choices(g.state, "point-defence", spec.args[1], g.ship("FFAA-1")) == []
    pd = g.eng.legal_action(g.state, "point-defence", prefer="3")  # Red has no hostile token left to shoot
    # Blue shoots Red's torpedo, with every shot it may take: one, the torpedo's one unit (cal §Point Defenses)
    assert (pd.actor, pd.actors, pd.prefill) == ("4", ("4", "5", "6"), {"token": "o2", "shots": 1})


def test_a_recall_is_on_the_table_for_the_round() -> None:
    g = game()
    launched(g, "CV-1", "Fighter ready", "fighter")
    g.next_round()
    g.to("ordnance", "recall")
    g.act("recall", token="o1")
    [recall] = g.eng.plugin.on_table(g.state)
    assert (recall.id, recall.owner, recall.arg_kind) == ("recall:2", 1, "")
    assert recall.text == "Blue recalled ordnance this round: no new counters on their ships"


# ---- obligations and the checklist ------------------------------------------------------------------


def test_damage_control_or_rally_is_due_for_every_ship_that_needs_it() -> None:
    # cal §0 Interphase, step 6: "make the Damage Control roll (or rally the crew, as desired)".
    g = Game(RED, BLUE)
    g.act("set", target="DD-1", key="engines_offline", value="yes")
    g.act("set", target="K-1", key="crew", value="-1")
    g.next_round()
    g.next_round()
    while g.state.current_step.id != "damage_control":
        g.act("next-step")
    due = {o.id: o for o in g.eng.obligations(g.state)}
    assert list(due) == ["damage-control:1", "damage-control:5"]
    assert due["damage-control:1"].text == "Lance (#1) must make its Damage Control roll or rally the crew (engines offline)"
    assert due["damage-control:5"].cite == "cal §0 Interphase, step 6" and due["damage-control:5"].ships == ("5",)
    assert "override “damage-control:1”" in g.refused("next-step", force=True)
    g.act("damage-control", 2, ship="DD-1", choice="repair")  # a failure still settles it
    g.act("rally", 6, ship="K-1")
    assert g.eng.obligations(g.state) == () and {"damage_control"} <= set(g.state.ticked)
    g.act("next-step")


def test_actions_tick_their_checklist_items_and_leaving_asks_only_about_the_players_own() -> None:
    g = game()
    g.to("ordnance", "ready")
    roles = {s.id: g.eng.step_role(s) for s in g.state.current_phase.steps}
    assert [k for k, r in roles.items() if r is StepRole.TRACKED] == ["ready", "unready", "recall"]
    events = g.act("ready-ordnance", ship="DD-1", ordnance="torpedo")
    assert events[-1].text.startswith("Ticked by ready-ordnance: Ready new counters")
    g.to("gunnery", "weapons")
    events = g.act("fire", 6, 6, ship="CA-1", weapon="beam", target="K-1", distance=2)
    assert [e.kind for e in events][-2:] == ["dice-rolled", "ticked"]
    assert events[-2].data["rolls"][0]["table"] == "Targeting roll (cal §Weapons)"


def test_the_interphase_title_names_no_round() -> None:
    g = Game(RED, roster("Blue Fleet", "Blue", ("Wasp", "K-1", "Corvette")))
    g.next_round()  # round 1 starts with 1. Ordnance
    g.next_round()
    assert g.state.current_phase.name == "0. Interphase" and g.state.turn == 2

"""Whole spook games: victory modes, a scrimmage from the sample fleets to its end, every action
through the SQLite store with undo and redo, and the record spec the screens render."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_spook_support import Play, engine, roster, samples, ship

from mstracker.dice import TypedFaces
from mstracker.game import Action, FieldKind, battle_report, report_markdown
from mstracker.store.games import GameStore


def test_t_spk_4_deathmatch_is_won_when_only_enemy_probes_remain() -> None:
    g = Play([roster("Blue", ship("Vigil", "Frigate", ("Ion Beam",))),
              roster("Red", ship("Picket", "Frigate", ("Mass Driver Turret",)), ship("Eye", "Probe"))])
    g.start()
    g.act("set", target="Picket", key="armor", value="50")
    g.act("fire", 6, ship="Vigil", weapon="Ion Beam", target="Picket", in_range=True)
    assert g.rec("Picket", "destroyed") and not g.s.finished  # the check is the last step of the turn
    events = g.to_step("check")
    assert events[-1].kind == "game-ended"
    assert g.s.finished and g.s.winner == "Blue" and "every enemy ship but probes" in g.s.result
    assert "has ended" in g.refused("next-step")


def test_deathmatch_goes_on_while_a_non_probe_is_left() -> None:
    g = Play([roster("Blue", ship("Vigil", "Frigate", ("Ion Beam",))),
              roster("Red", ship("Picket", "Frigate"), ship("Wasps", "Fighter", ("Mass Driver",)))])
    g.start()
    g.act("set", target="Picket", key="armor", value="50")
    g.act("fire", 6, ship="Vigil", weapon="Ion Beam", target="Picket", in_range=True)
    g.end_turn()
    assert not g.s.finished and g.s.turn == 2 and "no winner yet" in g.texts(30)


def test_defense_is_won_by_capturing_the_mothership() -> None:
    g = Play([roster("Blue", ship("Shade", "Infiltrator Frigate", ("Mass Driver Turret",))),
              roster("Red", ship("Throne", "Mothership", ("Ion Beam",), free=True), ship("Picket", "Frigate"))],
             victory="defense")
    g.start()
    g.act("infiltrate", ship="Shade", target="Throne")
    assert g.rec("Shade", "capture_in") == 10
    g.act("set", target="Shade", key="capture_in", value="1")  # the table agrees nine turns went by
    g.end_turn()  # countdown to 0 in Blue's ability step, then Red's turn starts with the capture
    assert g.ship("Throne").owner == 0 and not g.s.finished
    g.end_turn()
    assert g.s.finished and g.s.winner == "Blue" and "mothership or base is destroyed or captured" in g.s.result


@pytest.mark.parametrize(("counts_bases", "finished"), [(True, False), (False, True)])
def test_defense_ii_counts_carriers_and_by_default_motherships(counts_bases: bool, finished: bool) -> None:
    g = Play([roster("Blue", ship("Vigil", "Destroyer", ("Heavy Railgun",))),
              roster("Red", ship("Nest", "Carrier"), ship("Throne", "Mothership", free=True))],
             victory="defense_ii", defense_ii_counts_bases=str(counts_bases))
    g.start()
    g.act("set", target="Nest", key="armor", value="100")
    g.act("fire", ship="Vigil", weapon="Heavy Railgun", target="Nest", in_range=True)  # acc 4 >= agility 2
    g.end_turn()
    assert g.s.finished is finished


def test_a_scrimmage_from_the_sample_fleets_played_to_victory() -> None:
    g = Play(samples(), victory="defense_ii")
    g.act("roll-off", 6, 2)
    assert g.s.active == 0
    g.start()
    # Blue, turn 1
    g.act("use-device", ship="Blue Haven", device="Hyperdrive")
    g.act("use-device", ship="Blue Fang", device="Afterburner")
    g.act("lay-mines", ship="Blue Sower", count=4)
    g.act("fire", ship="Blue Fang", weapon="Turreted Railgun", target="Red Bastion", in_range=True)  # 100, no roll
    g.act("fire", 5, ship="Blue Fang", weapon="Gattling Mass Driver", target="Red Bastion", in_range=True)  # 150
    g.act("fire", ship="Blue Claw", weapon="Heavy Mass Driver", target="Red Bastion", in_range=True)  # 50
    g.act("fire", ship="Blue Fang", weapon="Torpedo Launcher", target="Red Lance", in_range=True)  # acc 6 >= 5: 35
    assert g.rec("Red Bastion", "armor") == 150 and g.ru(0) == 20
    g.end_turn()
    # Red, turn 2
    g.act("use-device", ship="Red Bastion", device="Defense Field", ships="Red Hammer")
    g.act("fire", 7, ship="Red Hammer", weapon="Ion Beam", target="Blue Fang", in_range=True)  # agility 3 + 2 = 5 > 4: half
    g.act("fire", 8, ship="Red Lance", weapon="Hellfire Missile Launcher", target="Blue Claw", in_range=True)  # flare d8 8: 100
    g.act("infiltrate", ship="Red Whisper", target="Blue Sower")
    g.act("probe-move", ship="Red Eye")
    g.act("cross-mines", 1, 6, ship="Red Spear", count=2)
    assert (g.rec("Blue Fang", "armor"), g.rec("Blue Claw", "armor"), g.rec("Red Spear", "armor")) == (300, 250, 100)
    assert g.s.players[0].resources["mines"] == 3 and g.ru(1) == 83
    g.end_turn()
    # Blue, turn 3: the field holds; jam nothing, EMP the battlecruiser
    assert "inside a Defense Field" in g.refused("fire", ship="Blue Claw", weapon="w2", target="Red Bastion")
    g.act("fire", 11, ship="Blue Shield", weapon="Laser Pulse Cannon", target="Red Spear", in_range=True)  # 80: Spear 20
    g.act("use-device", ship="Blue Shield", device="EMP Generator", ships="Red Hammer, Red Whisper")
    g.act("fire", ship="Blue Jays", weapon="Mass Driver", target="Red Wasps", in_range=True)
    g.end_turn()
    # Red, turn 4: the EMP holds the battlecruiser and stalls the infiltration
    assert "disabled by an EMP" in g.refused("fire", 11, ship="Red Hammer", weapon="w2", target="Blue Fang")
    assert g.rec("Blue Sower", "boarded") and g.rec("Red Whisper", "capture_in") == 3
    g.act("fire", 6, ship="Red Anvils", weapon="Plasma Bomb Launcher", target="Blue Shield", subsystem="EMP Generator", in_range=True)
    assert g.rec("Blue Shield", "d1.destroyed")
    g.end_turn()
    # Blue, turn 5: the field is gone; the carrier falls
    assert g.rec("Red Bastion", "shielded") == 0
    g.act("fire", ship="Blue Fang", weapon="Turreted Railgun", target="Red Bastion", in_range=True)
    g.act("fire", ship="Blue Claw", weapon="Heavy Mass Driver", target="Red Bastion", in_range=True)
    assert g.rec("Red Bastion", "destroyed")
    g.end_turn()
    assert g.s.finished and g.s.winner == "Blue" and g.s.turn == 5
    report = battle_report(g.eng, [e for events in g.log for e in events])
    assert report["winner"] == "Blue" and [loss["name"] for loss in report["losses"]] == ["Red Bastion"]
    text = report_markdown(report)
    assert "d12 shows 7" in text and "Blue RU: 25 → 20 (-5), Hyperdrive of Blue Haven (#1)" in text
    g.check_replay_and_undo()


SCRIPT: list[tuple[str, tuple[int, ...], dict[str, object]]] = [
    ("roll-off", (4, 2), {}),
    ("next-step", (), {}),
    ("next-step", (), {}),  # reload
    ("next-step", (), {}),  # flares
    ("next-step", (), {}),  # infiltration
    ("fire", (11,), {"ship": "Vigil", "weapon": "Ion Beam", "target": "Picket", "in_range": "yes"}),
    ("fire", (12,), {"ship": "Pike", "weapon": "Ion Beam", "target": "Picket", "in_range": "yes"}),
    ("friendly-fire", (), {"ally": "Vigil"}),
    ("use-device", (), {"ship": "Vigil", "device": "Afterburner"}),
    ("use-device", (), {"ship": "Haven", "device": "Hyperdrive"}),
    ("use-device", (), {"ship": "Pike", "device": "Defense Field", "ships": "Vigil"}),
    ("lay-mines", (), {"ship": "Sower", "count": 3}),
    ("infiltrate", (), {"ship": "Shade", "target": "Picket"}),
    ("infiltrate", (), {"ship": "Shade", "target": "Picket", "stop": True}),
    ("ram", (), {"ship": "Sower", "target": "Brute"}),
    ("retire", (), {"ship": "Wasps", "host": "Haven"}),
    ("undock", (), {"ship": "Wasps"}),
    ("repair", (), {"ship": "Vigil", "host": "Haven"}),
    ("build", (), {"builder": "Haven", "ship_class": "Fighter", "name": "Hornets", "weapons": "Mass Driver"}),
    ("embark", (), {"craft": "Wasps", "transport": "Mule"}),
    ("disembark", (), {"craft": "Wasps"}),
    ("set", (), {"target": "Haven", "key": "d2.ammo", "value": "0"}),
    ("reload-flares", (), {"ship": "Haven"}),
    ("set", (), {"target": "Red", "key": "mines", "value": "2"}),
    ("cross-mines", (5, 1), {"ship": "Sower", "count": 2}),
    ("probe-move", (), {"ship": "Eye"}),
    ("spend", (), {"amount": 3, "reason": "house rule"}),
    ("refund", (), {"amount": 1}),
    ("scuttle", (), {"ship": "Pike", "victims": "Brute"}),
    *[("next-step", (), {"force": True})] * 30,  # every auto step of the turn, into Red's turn and its upkeep
    ("end-game", (), {"result": "a draw", "winner": None}),
]


def _store_rosters() -> list:
    blue = roster(
        "Blue",
        ship("Vigil", "Frigate", ("Ion Beam",), ("Afterburner",)),
        ship("Pike", "Frigate", ("Ion Beam",), ("Defense Field",)),
        ship("Haven", "Carrier", ("Mass Driver Turret",), ("Hyperdrive", "Flare Launcher")),
        ship("Sower", "Mine Layer Frigate"),
        ship("Shade", "Infiltrator Frigate"),
        ship("Wasps", "Fighter", ("Mass Driver",)),
        ship("Mule", "Transport"),
        ship("Eye", "Probe", devices=("Sensor Jammer",)),
    )
    red = roster("Red", ship("Picket", "Frigate", ("Mass Driver Turret",), ("Flare Launcher",)),
                 ship("Brute", "Destroyer", ("Heavy Railgun",)))
    return [blue, red]


def test_every_spook_action_undoes_and_redoes_exactly_through_the_store(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "games.sqlite3", snapshot_every=4)
    try:
        gid = store.create_game("Store test", "spook", _store_rosters(), {"victory": "deathmatch"})
        with store.open_game(gid) as handle:
            assert type(handle.engine.plugin).__module__ == "mstracker.rulesets.spook.plugin"
            states = [handle.state.to_json_text()]
            for kind, faces, args in SCRIPT:
                handle.perform(Action(kind, {k: v for k, v in args.items() if v is not None}), TypedFaces(faces))
                states.append(handle.state.to_json_text())
            assert handle.state.finished and handle.state.turn == 2
            assert handle.state.ships["3"].item("d2").record["refill"] and handle.state.players[1].resources["mines"] == 1
            assert handle.engine.replay(handle.events()).to_json_text() == states[-1]
            for n in range(len(SCRIPT)):
                undone = handle.undo()
                assert undone.action.kind == SCRIPT[len(SCRIPT) - 1 - n][0]
                assert handle.state.to_json_text() == states[len(SCRIPT) - 1 - n], undone.action.kind
            for n in range(len(SCRIPT)):
                handle.redo()
                assert handle.state.to_json_text() == states[n + 1]
        reopened = GameStore(tmp_path / "games.sqlite3")
        with reopened.open_game(gid) as handle:
            assert handle.state.to_json_text() == states[-1]
        reopened.close()
    finally:
        store.close()


def test_refused_actions_write_nothing_to_the_store(tmp_path: Path) -> None:
    from mstracker.game import InvalidAction

    with GameStore(tmp_path / "g.sqlite3") as store:
        gid = store.create_game("Refusals", "spook", _store_rosters(), {})
        with store.open_game(gid) as handle:
            handle.perform(Action("roll-off", {}), TypedFaces([6, 1]))
            handle.perform(Action("next-step", {}), TypedFaces([]))
            before = (handle.state.to_json_text(), handle.live_actions)
            for kind, args in [
                ("fire", {"ship": "Vigil", "weapon": "w1", "target": "Picket"}),  # upkeep still running
                ("use-device", {"ship": "Picket", "device": "d1"}),
                ("spend", {"amount": 100000}),
            ]:
                with pytest.raises(InvalidAction):
                    handle.perform(Action(kind, args), TypedFaces([]))
            assert (handle.state.to_json_text(), handle.live_actions) == before


def test_record_spec_declares_every_tracked_value_with_labels_and_glyphs() -> None:
    spec = engine().spec
    keys = {f.key for f in spec.fields}
    assert {"armor", "agility", "speed", "destroyed", "retired", "captured", "hold", "no_fire", "afterburner", "emp",
            "jammed", "shielded", "gravity_well", "dock", "infiltrating", "capture_in", "boarded",
            "aboard", "cargo", "lost_systems"} == keys
    assert {f.key for f in spec.item_fields} == {"used", "uses", "reload", "ammo", "refill", "destroyed"}
    assert [f.key for f in spec.player_fields] == ["cap", "ru", "mines"]
    assert spec.loss_flags == ("destroyed", "retired")
    glyphs = {f.key: f.glyph for f in spec.fields}
    assert (glyphs["destroyed"], glyphs["captured"], glyphs["dock"], glyphs["lost_systems"]) == ("✗", "⚑", "⚓", "⊗")
    for f in (*spec.fields, *spec.item_fields, *spec.player_fields):
        assert f.label and len(f.label) <= 9 and f.help, f.key
    assert spec.field("armor").kind is FieldKind.BAR and spec.field("shielded").kind is FieldKind.TIMER
    fire = engine().action_spec("fire")
    assert [a.name for a in fire.args[:3]] == ["ship", "weapon", "target"] and fire.rolls
    assert [a.type.value for a in fire.args] == ["ship", "item", "ship", "int", "ship", "text", "bool"]

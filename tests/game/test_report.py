"""The battle report: fleets, each turn's events with every die, losses, resources spent, the result."""

from __future__ import annotations

import json

from minirules import engine, rosters

from mstracker.dice import TypedFaces
from mstracker.game import Action, battle_report, report_json, report_markdown


def _played() -> tuple[object, list]:
    eng = engine()
    events = [eng.created_event(eng.new_game("Skirmish", rosters(), {}))]
    s = eng.replay(events)
    script = [
        ("next-step", (), {}),
        ("spend", (), {"amount": 5}),
        ("fire", (11,), {"ship": "1", "weapon": "w1", "target": "4"}),
        ("fire", (8,), {"ship": "1", "weapon": "w2", "target": "4"}),
        ("next-step", (), {"force": True}),
        ("next-step", (), {"force": True}),
        ("next-step", (), {"force": True}),
        ("next-step", (), {"force": True}),
        ("next-step", (), {"force": True}),
        ("next-step", (), {"force": True}),
        ("fire", (2,), {"ship": "5", "weapon": "w1", "target": "1"}),
        ("adjust", (), {"target": "Bob", "key": "ru", "delta": 3, "reason": "refund"}),
        ("end-game", (), {"result": "Ann wins on points", "winner": "Ann"}),
    ]
    for kind, faces, args in script:
        new = eng.decide(s, Action(kind, args), TypedFaces(faces))
        events += new
        s = eng.apply(s, new)
    return eng, events


def test_report_holds_fleets_turns_dice_losses_resources_and_result() -> None:
    eng, events = _played()
    report = battle_report(eng, events)
    assert report["game"] == "Skirmish" and report["finished"] and report["winner"] == "Ann"
    assert [p["name"] for p in report["players"]] == ["Ann", "Bob"]
    assert [s["name"] for s in report["players"][0]["ships"]] == ["Red Fleet 1", "Red Fleet 2", "Red Fleet 3"]
    assert report["players"][1]["counts"] == {"ships": 3, "in_play": 2, "lost": 1, "built": 0, "captured": 0,
                                              "taken": 0, "out": {}}
    assert [t["turn"] for t in report["turns"]] == [1, 2]
    first = [e["text"] for e in report["turns"][0]["events"]]
    assert any("d12=11" in t and "hit" in t for t in first) and any("d12=8" in t for t in first)
    assert not any(e["kind"] == "step-entered" for t in report["turns"] for e in t["events"])
    assert report["dice_rolled"] == 3
    assert report["losses"] == [
        {
            "ship": "4",
            "name": "Blue Fleet 1",
            "class": "Frigate",
            "owner": "Bob",
            "turn": 1,
            "how": "Blue Fleet 1 (#4) destroyed: no → yes, armor gone",
        }
    ]
    assert report["players"][0]["resource_flows"] == {"ru": {"spent": 5, "gained": 0}}
    assert report["players"][1]["resource_flows"] == {"ru": {"spent": 0, "gained": 3}}
    assert report["players"][0]["ledger"] == [{"turn": 1, "resource": "ru", "delta": -5, "balance": 15, "reason": "spent"}]
    assert json.loads(json.dumps(report_json(report))) == report


def test_report_markdown_reads_as_a_report() -> None:
    eng, events = _played()
    md = report_markdown(battle_report(eng, events, include_checklist=True))
    for heading in ("# Battle report: Skirmish", "## Fleets", "### Ann — Red Fleet", "## Turn by turn", "## Losses", "## Resources", "## Result"):
        assert heading in md
    assert "Turn 1: Ann to play" in md and "d12=2" in md and "Ann wins on points" in md
    assert "| Blue Fleet 1 (#4) | Frigate | Bob | 1 |" in md
    assert "| Ann | ru | 5 | 0 | 15 |" in md and "- Bob, turn 2: ru +3 → 23 (refund)" in md
    assert "Upkeep · 1/2" in md  # checklist moves included on request

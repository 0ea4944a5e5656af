"""What is on the table besides the spook ships: each player's mines (§7 A1, counted per player), the
effects in force (§6 A2, B2-B5), infiltrations under way (§7 A12), ships in position to retire or be
repaired (§7 A2), a friendly fire waiting (§5 Accuracy); each with an id, its owner and its ship."""

from __future__ import annotations

from test_spook_support import Play, roster, ship


def table(g: Play) -> list[tuple[str, str, int | None, str | None]]:
    return [(t.id, t.kind, t.owner, t.ship) for t in g.eng.plugin.on_table(g.s)]


def test_mines_effects_and_links_are_listed_and_leave_when_they_end() -> None:
    blue = roster("Blue", ship("Sower", "Mine Layer Frigate", ("Mass Driver Turret",)),  # 1
                  ship("Zap", "Frigate", ("Ion Beam",), ("EMP Generator",)),  # 2
                  ship("Shade", "Infiltrator Frigate"),  # 3
                  ship("Haven", "Carrier", devices=("Defense Field",)))  # 4
    red = roster("Red", ship("Picket", "Frigate", ("Ion Beam",)), ship("Ox", "Transport", devices=("Afterburner",)))
    g = Play([blue, red])
    g.start()
    assert table(g) == []
    g.act("lay-mines", ship="Sower", count=4)
    g.act("use-device", ship="Zap", device="EMP Generator", ships="Picket")
    g.act("use-device", ship="Haven", device="Defense Field", ships="Sower")
    g.act("infiltrate", ship="Shade", target="Ox")
    g.act("retire", ship="Sower", host="Haven")
    assert table(g) == [
        ("mines:1", "Mines", 0, None),
        ("field:1", "Defense Field", 0, "1"), ("field:4", "Defense Field", 0, "4"),
        ("emp:5", "EMP", 1, "5"),
        ("retire:1", "Retire", 0, "1"),
        ("infiltration:3", "Infiltration", 0, "3"),
    ]
    texts = {t.id: t.text for t in g.eng.plugin.on_table(g.s)}
    assert texts["mines:1"] == ("4 mines of Blue on the field: an enemy crossing one rolls the mines table "
                                "(spook §7 A1)")
    assert texts["emp:5"] == ("Picket (#5): disabled: no move, rotation, attack, devices or abilities; 2 turns left "
                              "(spook §6 B3)")
    assert texts["infiltration:3"] == ("Shade (#3) is infiltrating #6 Ox: captured after 5 more ability steps "
                                       "(spook §7 A12, house default)")
    g.end_turn()
    g.act("use-device", ship="Ox", device="Afterburner")
    assert ("burn:6", "Afterburner", 1, "6") in table(g)
    g.end_turn()  # Blue's turn 3: the field and the EMP are over, the mine layer has retired
    assert [t[0] for t in table(g)] == ["mines:1", "burn:6", "infiltration:3"]


def test_a_friendly_fire_waiting_is_on_the_table() -> None:
    g = Play([roster("Blue", ship("Pike", "Frigate", ("Ion Beam",)), ship("Lance", "Frigate")),
              roster("Red", ship("Picket", "Frigate"))])
    g.start()
    g.act("fire", 12, ship="Pike", weapon="w1", target="Picket", in_range=True)
    (item,) = g.eng.plugin.on_table(g.s)
    assert (item.id, item.kind, item.owner, item.ship) == ("ff:1", "Friendly fire", 0, "1")
    assert item.text == ("100 from Ion Beam of Pike (#1) waits for an own ship within 20 units, or none "
                         "(spook §5 Accuracy)")
    g.act("friendly-fire", ally="none")
    assert g.eng.plugin.on_table(g.s) == ()

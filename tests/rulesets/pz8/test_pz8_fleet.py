"""pz8 fleets: sample fleets are legal, the builder's findings read well, starter and loadout."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from mstracker.fleet import Roster, Severity, ShipEntry, validate_roster
from mstracker.rulesets.pz8.fleet import offered_loadout, starter_roster, validate
from mstracker.paths import shipped_data_dir
from mstracker.rules import apply_house_rules
from mstracker.rules.names import UnknownName
from mstracker.rulesets.pz8 import procedures as P
from mstracker.rulesets.pz8.model import Ruleset

SAMPLES = sorted((shipped_data_dir() / "fleets" / "pz8").glob("*.toml"))


def load(path: Path) -> Roster:
    return Roster.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))


def ship(name: str = "Razor", **kw: object) -> ShipEntry:
    data = {"name": name, "tag": kw.pop("tag", name[:2].upper()), "class": kw.pop("ship_class", "Spaceship")}
    data.update(kw)
    return ShipEntry.model_validate(data)


def roster(*ships: ShipEntry, **kw: object) -> Roster:
    return Roster(ruleset="pz8", name="Test", preset="count", ships=ships, **kw)  # type: ignore[arg-type]


def messages(report, severity: Severity = Severity.ERROR) -> list[str]:
    return [f.message for f in report.findings if f.severity is severity]


# -- sample fleets -----------------------------------------------------------------------------------


def test_the_four_shipped_samples_are_found() -> None:
    # guards the parametrized test below, which would silently collect nothing from an empty glob
    assert [p.name for p in SAMPLES] == ["anchor-flight.toml", "cap-wing.toml", "pushpin-patrol.toml",
                                         "razor-squadron.toml"]


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_every_sample_is_legal_and_named(pz8: Ruleset, path: Path) -> None:
    fleet = load(path)
    assert fleet.schema_version == 1 and fleet.ruleset == "pz8" and fleet.name and fleet.player
    report = validate_roster(fleet, pz8)
    assert report.legal, report.findings
    assert report.findings == ()
    for s in fleet.ships:
        assert s.name and s.tag and s.ship_class == "Spaceship"
    assert report.cost == len(fleet.ships)


def test_samples_give_a_six_against_three_and_an_even_pair(pz8: Ruleset) -> None:
    sizes = sorted(len(load(p).ships) for p in SAMPLES)
    assert 6 in sizes and 3 in sizes and sizes.count(4) >= 2
    big = next(load(p) for p in SAMPLES if len(load(p).ships) == 6)
    small = next(load(p) for p in SAMPLES if len(load(p).ships) == 3)
    quota = P.activation_quotas(pz8, {big.name: len(big.ships), small.name: len(small.ships)})
    assert quota == {big.name: 2, small.name: 1}


# -- builder cases ------------------------------------------------------------------------------------


def test_sheet_shows_cost_slots_and_denotations(pz8: Ruleset) -> None:
    report = validate(roster(ship("Razor Leader", tag="R1")), pz8)
    assert report.legal and report.cost == 1 and report.cap is None
    sheet = report.sheets[0]
    assert (sheet.name, sheet.ship_class, sheet.cost) == ("Razor Leader", "Spaceship", 1)
    assert [(s.kind, s.used, s.available) for s in sheet.slots] == [("weapons", 2, 2)]
    assert sheet.denotations == ('1" hexagonal flying base', "Torpedoes counter", "tag R1")


def test_unknown_class_is_an_error_with_the_choices(pz8: Ruleset) -> None:
    report = validate(roster(ship("Vindicator", ship_class="Carrier")), pz8)
    assert messages(report) == [
        "Vindicator (Carrier): unknown ship class 'Carrier'; choose one of: Spaceship."
    ]
    assert report.findings[0].ship == "Vindicator"


def test_class_name_is_case_insensitive(pz8: Ruleset) -> None:
    assert validate(roster(ship(ship_class="spaceship")), pz8).legal


def test_unknown_weapon_is_an_error_with_the_choices(pz8: Ruleset) -> None:
    report = validate(roster(ship("Vindicator", weapons=["Missile Launcher"])), pz8)
    assert "Vindicator (Spaceship): unknown weapon 'Missile Launcher'; choose one of: Forward Gun, Torpedoes." in (
        messages(report)
    )


def test_weapon_listed_twice_is_an_error(pz8: Ruleset) -> None:
    report = validate(roster(ship("Razor", weapons=["Forward Gun", "Torpedoes", "torpedoes"])), pz8)
    assert messages(report) == ["Razor (Spaceship): Torpedoes is listed 2 times; a Spaceship has one."]


def test_leaving_fixed_armament_off_is_a_warning(pz8: Ruleset) -> None:
    report = validate(roster(ship("Razor", weapons=["Forward Gun"])), pz8)
    assert report.legal
    assert messages(report, Severity.WARNING) == [
        "Razor (Spaceship): every Spaceship carries Torpedoes as well; leaving it off the list does not remove it."
    ]


def test_weapon_a_house_rule_keeps_off_the_hull(pz8: Ruleset) -> None:
    data = tomllib.loads((shipped_data_dir() / "rulesets" / "pz8.toml").read_text(encoding="utf-8"))
    house = apply_house_rules("pz8", data, "pz8.toml", {"classes": {"Spaceship": {"armament": ["Forward Gun"]}}},
                              "h.toml").ruleset
    report = validate(roster(ship("Razor", weapons=["Forward Gun", "Torpedoes"])), house)  # type: ignore[arg-type]
    assert messages(report) == ["Razor (Spaceship): Torpedoes cannot be mounted on a Spaceship; no class carries it."]


def test_devices_abilities_armor_speed_hangar_are_errors(pz8: Ruleset) -> None:
    report = validate(
        roster(ship("Razor", devices=["Cloak"], abilities=["Mines"], armor=100, speed=8, hangar=[1, 2])), pz8
    )
    assert messages(report) == [
        "Razor (Spaceship): pz8 has no devices (Cloak); every Spaceship is the same.",
        "Razor (Spaceship): pz8 has no abilities (Mines); every Spaceship is the same.",
        "Razor (Spaceship): pz8 ships have no armor value; a hit Damages or Destroys.",
        "Razor (Spaceship): every Spaceship has 6 MPs, not a speed of 8.",
        "Razor (Spaceship): pz8 ships have no hangar.",
    ]
    assert validate(roster(ship(speed=6)), pz8).legal


def test_fleet_level_findings(pz8: Ruleset) -> None:
    empty = validate(roster(), pz8)
    # pz8 §2 sets no fleet size: an empty roster is legal (a warning), as in cal and lukas
    assert messages(empty) == [] and empty.legal
    assert messages(empty, Severity.WARNING) == ["The fleet has no Spaceships yet: a side needs at least one to play (pz8 §2)."]
    twins = validate(roster(ship("Razor", tag="R1"), ship("Razor", tag="R1")), pz8)
    assert messages(twins) == ["2 ships are named 'Razor'; give each ship its own name."]
    assert messages(twins, Severity.WARNING) == ["2 ships carry the tag 'R1'; tags tell the models apart."]
    untagged = validate(roster(ship("Razor", tag="")), pz8)
    assert untagged.legal
    assert messages(untagged, Severity.WARNING) == ["Razor (Spaceship): give it a tag to find the model on the table."]
    designs = validate(roster(ship(), designs={"X": {"armor": 1}}), pz8)
    assert "pz8 has no custom designs: every Spaceship is the same." in messages(designs)


def test_cap_counts_ships(pz8: Ruleset) -> None:
    ships = [ship(f"Razor {i}", tag=f"R{i}") for i in range(4)]
    ok = validate(roster(*ships, cap=4), pz8)
    assert ok.legal and (ok.cost, ok.cap, ok.left) == (4, 4, 0)
    over = validate(roster(*ships, cap=3), pz8)
    assert messages(over) == ["The fleet has 4 Spaceships, 1 more than the agreed 3."]


def test_points_mode_uses_the_class_cost() -> None:
    data = tomllib.loads((shipped_data_dir() / "rulesets" / "pz8.toml").read_text(encoding="utf-8"))
    house = {"settings": {"budget_mode": "points"}, "classes": {"Spaceship": {"cost": 5}}}
    ruleset = apply_house_rules("pz8", data, "pz8.toml", house, "h.toml").ruleset
    report = validate(roster(ship("A"), ship("B"), ship("C"), cap=12), ruleset)  # type: ignore[arg-type]
    assert (report.cost, report.cap) == (15, 12)
    assert messages(report) == ["The fleet has 15 points, 3 more than the agreed 12."]


def test_unknown_preset_is_an_error_with_the_choices(pz8: Ruleset) -> None:
    report = validate(Roster(ruleset="pz8", preset="campaign", ships=(ship(),)), pz8)
    assert messages(report) == ["unknown budget preset 'campaign'; choose one of: count."]


def test_permissive_roster_still_reports_errors(pz8: Ruleset) -> None:
    report = validate(roster(ship(ship_class="Carrier"), permissive=True), pz8)
    assert not report.legal
    assert any("Non-standard" in n for n in report.notes)


def test_wrong_ruleset_is_refused_by_the_dispatcher(pz8: Ruleset) -> None:
    report = validate_roster(Roster(ruleset="spook", ships=(ship(),)), pz8)
    assert not report.legal and "this roster is for spook" in report.findings[0].message


# -- starter roster and loadout -----------------------------------------------------------------------


def test_starter_roster_is_small_and_legal(pz8: Ruleset) -> None:
    fleet = starter_roster(pz8, None)
    assert fleet.ruleset == "pz8" and fleet.preset == "count"
    assert [(s.name, s.tag, s.ship_class) for s in fleet.ships] == [
        ("Spaceship 1", "S1", "Spaceship"), ("Spaceship 2", "S2", "Spaceship"), ("Spaceship 3", "S3", "Spaceship"),
    ]
    report = validate(fleet, pz8)
    assert report.legal and report.findings == ()
    assert starter_roster(pz8, "COUNT").preset == "count"
    with pytest.raises(UnknownName, match="choose one of: count"):
        starter_roster(pz8, "campaign")


def test_offered_loadout(pz8: Ruleset) -> None:
    offer = offered_loadout(pz8, "spaceship")
    assert offer == {
        # nothing to mount: every Spaceship carries both whatever its list says (issue 10 #9)
        "weapons": [("Forward Gun", False, "part of every Spaceship: the armament is fixed (pz8 §1)"),
                    ("Torpedoes", False, "part of every Spaceship: the armament is fixed (pz8 §1)")],
        "devices": [],
        "abilities": [],
    }
    with pytest.raises(UnknownName, match="choose one of: Spaceship"):
        offered_loadout(pz8, "Carrier")

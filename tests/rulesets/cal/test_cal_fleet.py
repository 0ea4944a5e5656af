"""cal fleet building: sample fleets are legal, designs validate, fixed armament, C&C, optional points."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest

from mstracker.fleet import Roster, Severity, validate_roster
from mstracker.rulesets.cal.fleet import offered_loadout, starter_roster, validate
from mstracker.paths import shipped_data_dir
from mstracker.rulesets.cal.model import Ruleset
from mstracker.rules.names import UnknownName
from mstracker.store.catalog import book_ruleset

SAMPLES = sorted((shipped_data_dir() / "fleets" / "cal").glob("*.toml"))


def roster(ships: list[dict[str, Any]], **extra: Any) -> Roster:
    return Roster.model_validate({"schema_version": 1, "ruleset": "cal", "ships": ships, **extra})


def messages(report: Any, severity: Severity = Severity.ERROR) -> list[str]:
    return [f.message for f in report.findings if f.severity is severity]


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_sample_fleets_are_legal(cal: Ruleset, path: Any) -> None:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    fleet = Roster.model_validate(data)
    assert fleet.schema_version == 1 and fleet.ruleset == "cal" and fleet.player
    report = validate_roster(fleet, cal)
    assert report.legal, report.findings
    assert not report.findings
    assert len(report.sheets) == len(fleet.ships)


def test_samples_include_opposing_fleets_and_a_design(cal: Ruleset) -> None:
    fleets = {p.stem: Roster.model_validate(tomllib.loads(p.read_text(encoding="utf-8"))) for p in SAMPLES}
    assert len({f.player for f in fleets.values()}) >= 2
    classes = {s.ship_class for f in fleets.values() for s in f.ships}
    assert {"Heavy Cruiser", "Light Cruiser", "Destroyer", "Corvette"} <= classes
    assert {"Carrier", "Escort Carrier", "Point Defense Frigate", "Battleship"} <= classes
    assert any(f.designs for f in fleets.values())


def test_x11_fleet_cc_carrier_and_battleship_is_16(cal: Ruleset) -> None:
    report = validate(roster([{"name": "A", "class": "CV"}, {"name": "B", "class": "BB"}]), cal)
    assert report.legal and report.notes[0].startswith("Fleet C&C 16:")
    assert report.cost is None and report.cap is None


def test_sheet_shows_record_and_counters(cal: Ruleset) -> None:
    sheet = validate(roster([{"name": "Lance", "tag": "DD-1", "class": "Destroyer"}]), cal).sheets[0]
    assert sheet.ship_class == "Destroyer" and sheet.cost is None
    assert sheet.denotations == ("piece DD-1 with its forward end marked",
                                 "Escort, SS 35: Beam 4/6, Point 2, Torpedoes 4", "ready-track counters: 4 T/A")


def test_armament_outside_the_class_is_an_error_naming_ship_and_carriers(cal: Ruleset) -> None:
    report = validate(roster([{"name": "Vindicator", "class": "Carrier", "weapons": ["Beam"]}]), cal)
    assert not report.legal
    [message] = messages(report)
    assert message.startswith("Vindicator (Carrier): Beam cannot be mounted on a Carrier; it comes with Corvette,")
    assert "Dreadnought" in message and "custom design" in message


def test_listing_the_class_armament_is_fine(cal: Ruleset) -> None:
    ship = {"name": "R", "class": "Heavy Cruiser", "weapons": ["beam"], "devices": ["Torpedoes", "Assault Bay"]}
    assert validate(roster([ship]), cal).legal


def test_unknown_names_are_errors_with_choices_not_exceptions(cal: Ruleset) -> None:
    report = validate(roster([{"name": "X", "class": "Cruiser"},
                              {"name": "Y", "class": "DD", "devices": ["Warp Core"], "abilities": ["Cloak"]}]), cal)
    errors = messages(report)
    assert errors[0] == ("X: unknown class 'Cruiser'; choose one of: Corvette, Point Defense Frigate, Assault Frigate, "
                         "Destroyer, Escort Carrier, Light Cruiser, Heavy Cruiser, Battleship, Dreadnought, Carrier, "
                         "Passenger Liner, Bulk Freighter.")
    assert "Y (Destroyer): unknown device 'Warp Core'; choose one of: Torpedoes, Assault Bay" in errors[1]
    assert "unknown ability 'Cloak'" in errors[2] and "no special abilities" in errors[2]


def test_custom_design_is_validated_with_the_class_model(cal: Ruleset) -> None:
    good = {"type": "capital", "ss": 45, "beam": "5/8", "fighter_bay": 1}
    report = validate(roster([{"name": "P", "class": "Picket"}], designs={"Picket": good}), cal)
    assert report.legal and report.notes[0].startswith("Fleet C&C 2:")
    bad = {"type": "Capital Ship", "ss": 40, "beam": {"strength": 4, "range": "far"}, "warp": 9}
    report = validate(roster([{"name": "Q", "class": "Bad Cruiser"}], designs={"Bad Cruiser": bad}), cal)
    errors = messages(report)
    assert "design 'Bad Cruiser': beam.range: expected an integer, got \"far\"" in errors
    assert "design 'Bad Cruiser': warp: is not a known field" in errors
    assert any(e.startswith("Q: its class 'Bad Cruiser' is a design with errors") for e in errors)


def test_design_name_clash_and_cc_mismatch(cal: Ruleset) -> None:
    report = validate(roster([], designs={"destroyer": {"type": "Escort", "ss": 10},
                                          "Odd": {"type": "Escort", "ss": 10, "fb_bay": 1, "cc": 5}}), cal)
    assert any("the stock Destroyer already goes by this name" in m for m in messages(report))
    assert any("C&C 5 differs" in m for m in messages(report, Severity.WARNING))


def test_duplicate_names_and_unused_fields(cal: Ruleset) -> None:
    report = validate(roster([{"name": "Wasp", "class": "K", "armor": 5}, {"name": "wasp", "class": "K"}],
                             preset="Scrimmage", cap=100), cal)
    assert any("two ships share this name" in m for m in messages(report))
    warnings = messages(report, Severity.WARNING)
    assert any("armor is not used in cal" in w for w in warnings)
    assert any("no budget presets" in w for w in warnings) and any("cap is ignored" in w for w in warnings)


def test_permissive_rosters_still_report_errors(cal: Ruleset) -> None:
    report = validate(roster([{"name": "V", "class": "CV", "weapons": ["Projectile"]}], permissive=True), cal)
    assert not report.legal


def test_points_budget_mode_sums_points_against_the_cap(cal: Ruleset) -> None:
    settings = dict(cal.settings)
    settings["budget_mode"] = settings["budget_mode"].model_copy(update={"value": "points"})
    classes = dict(cal.classes)
    classes["Destroyer"] = classes["Destroyer"].model_copy(update={"points": 30})
    points = cal.model_copy(update={"settings": settings, "classes": classes})
    fleet = roster([{"name": "A", "class": "DD"}, {"name": "B", "class": "DD"}], cap=50)
    report = validate(fleet, points)
    assert (report.cost, report.cap, report.left) == (60, 50, -10)
    assert any("10 over the cap of 50" in m for m in messages(report))
    missing = validate(roster([{"name": "C", "class": "CA"}]), points)
    assert any("has no points value" in m for m in messages(missing))


def test_starter_roster_is_legal_and_has_no_preset(cal: Ruleset) -> None:
    start = starter_roster(cal, None)
    assert start.ruleset == "cal" and len(start.ships) >= 3
    report = validate(start, cal)
    assert report.legal and not report.findings
    assert starter_roster(cal, "Scrimmage").preset is None  # cal has no presets to apply


def test_offered_loadout(cal: Ruleset) -> None:
    offer = offered_loadout(cal, "DD")
    assert set(offer) == {"weapons", "devices", "abilities"} and offer["abilities"] == []
    weapons = {name: (ok, why) for name, ok, why in offer["weapons"]}
    assert weapons["Beam"] == (False, "part of the Destroyer: Beam 4/6")  # fixed by the class: nothing to mount
    assert weapons["Projectile"][0] is False and "no Projectile" in weapons["Projectile"][1]
    devices = {name: why.startswith("part of") for name, ok, why in offer["devices"] if not ok}
    assert devices == {"Torpedoes": True, "Assault Bay": False, "Fighter Bay": False, "Bomber Bay": False,
                       "Fighter/Bomber Bay": False}  # True: part of the class; nothing is ever mounted in cal
    design = offered_loadout(cal, "Picket", {"Picket": {"type": "Escort", "ss": 9, "bomber_bay": 1}})
    assert ("Bomber Bay", False, "part of the Picket: Bomber Bay 1") in design["devices"]
    with pytest.raises(UnknownName):
        offered_loadout(cal, "Frigate")


def test_a_design_named_like_a_stock_class_or_its_code_is_refused() -> None:
    from mstracker.rulesets.cal.fleet import design_classes
    from mstracker.store.catalog import book_ruleset

    stats = {"type": "Escort", "ss": 30}
    for name in ("destroyer", "DD"):
        good, findings = design_classes(book_ruleset("cal"), {name: stats})
        assert good == {}
        assert [f.message for f in findings] == [
            f"design {name!r}: the stock Destroyer already goes by this name; rename the design."
        ]

"""lukas fleet building: RULES.md B7 builder cases T-LWP-1..9, sample fleets, starter, loadout editor."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from mstracker.fleet import Roster, Severity, ShipEntry, validate_roster
from mstracker.rulesets.lukas.fleet import offered_loadout, starter_roster, validate
from mstracker.rules import apply_house_rules
from mstracker.rulesets.lukas.model import Ruleset
from mstracker.rules.names import UnknownName

REPO = Path(__file__).resolve().parents[3]
SAMPLES = sorted((REPO / "data" / "fleets" / "lukas").glob("*.toml"))


def ship(name: str, cls: str, *weapons: str, armor: int | None = 20, speed: int | None = 10, **kw: object) -> ShipEntry:
    return ShipEntry(name=name, ship_class=cls, weapons=weapons, armor=armor, speed=speed, **kw)  # type: ignore[arg-type]


def check(rs: Ruleset, *ships: ShipEntry, preset: str | None = None):  # type: ignore[no-untyped-def]
    return validate(Roster(ruleset="lukas", preset=preset, ships=ships), rs)


def errors(report) -> list[str]:  # type: ignore[no-untyped-def]
    return [f.message for f in report.findings if f.severity is Severity.ERROR]


def slots(report, name: str) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    sheet = next(s for s in report.sheets if s.name == name)
    return sheet.slots[0].used, sheet.slots[0].available


# -- RULES.md B7 builder cases ------------------------------------------------------------------


def test_t_lwp_1_raging_bull(rs: Ruleset) -> None:
    report = check(rs, ship("Raging Bull", "frigate", "Light Missile Tubes", "Heavy Turret", armor=25, speed=14))
    assert report.legal and report.findings == ()
    assert slots(report, "Raging Bull") == (2, 2)


def test_t_lwp_2_lance_fighter(rs: Ruleset) -> None:
    report = check(rs, ship("Xaylot 'Lance' Fighter", "strike craft", "Laser", armor=9, speed=20))
    assert report.legal and slots(report, "Xaylot 'Lance' Fighter") == (1, 1)


def test_t_lwp_3_rakanda_destroyer(rs: Ruleset) -> None:
    destroyer = ship("Rakanda Destroyer", "capital ship", "Beam", "Heavy Missile tubes", "Heavy Missile tubes",
                     armor=45, speed=10, abilities=("Hangar Bay",), hangar=(4, 2))
    report = check(rs, destroyer)
    assert report.legal and report.findings == ()
    assert slots(report, "Rakanda Destroyer") == (4, 4)  # 1 + 1 + 2


def test_t_lwp_4_typical_values_are_hints(rs: Ruleset) -> None:
    report = check(rs, ship("Blank", "Frigate", "Heavy Turret", armor=None, speed=None))
    assert errors(report) == [
        "Blank (Frigate): set its armor; the game needs it (a typical Frigate has about 25).",
        "Blank (Frigate): set its speed in studs; the game needs it (a typical Frigate moves about 12).",
    ]


def test_t_lwp_5_frigate_three_light_turrets_and_heavy_missiles(rs: Ruleset) -> None:
    report = check(rs, ship("Hammer", "Frigate", "Light Turret", "Light Turret", "Light Turret", "Heavy Missiles"))
    assert errors(report) == [
        "Hammer (Frigate): uses 3 of 2 weapon slots: 3 × Light Turret as one '3 Light Turrets' bundle = 2 slots; "
        "Heavy Missiles = 1 slot."
    ]


def test_frigate_three_light_turrets_alone_is_legal(rs: Ruleset) -> None:
    report = check(rs, ship("Picket", "Frigate", "Light Turret", "Light Turret", "Light Turret"))
    assert report.legal and slots(report, "Picket") == (2, 2)
    assert any("'3 Light Turrets' bundle" in n for n in report.notes)


def test_t_lwp_6_capital_six_light_turrets(rs: Ruleset) -> None:
    report = check(rs, ship("Porcupine", "Capital Ship", *["Light Turret"] * 6))
    assert report.legal and slots(report, "Porcupine") == (4, 4)


def test_capital_seven_light_turrets_is_too_many(rs: Ruleset) -> None:
    report = check(rs, ship("Porcupine", "Capital Ship", *["Light Turret"] * 7))
    assert errors(report) == [
        "Porcupine (Capital Ship): uses 5 of 4 weapon slots: "
        "7 × Light Turret as two '3 Light Turrets' bundles + 1 single = 5 slots."
    ]


def test_t_lwp_7_capital_defense_turrets_beam_radar_hangar(rs: Ruleset) -> None:
    capital = ship("Warden", "Capital Ship", "Defense Turret", "Defense Turret", "Beam",
                   abilities=("Communication Radar", "Hangar Bay"), hangar=(2, 1))
    report = check(rs, capital)
    assert report.legal and slots(report, "Warden") == (4, 4)  # 1 + 1 + 1 + 1


def test_t_lwp_8_frigate_defense_turret(rs: Ruleset) -> None:
    report = check(rs, ship("Guard", "Frigate", "Defense Turret"))
    assert errors(report) == ["Guard (Frigate): Defense Turret cannot be mounted on a Frigate; it fits Capital Ship."]


def test_t_lwp_9_strike_craft_heavy_missiles(rs: Ruleset) -> None:
    report = check(rs, ship("Gnat", "SC", "Heavy Missiles"))
    assert errors(report) == [
        "Gnat (Strike Craft): Heavy Missiles cannot be mounted on a Strike Craft; it fits Frigate, Capital Ship."
    ]


# -- more builder rules -------------------------------------------------------------------------


def test_strike_craft_gets_no_light_turret_bundle(rs: Ruleset) -> None:
    report = check(rs, ship("Gnat", "Strike Craft", "Light Turret", "Light Turret", "Light Turret"))
    assert errors(report) == [
        "Gnat (Strike Craft): uses 3 of 1 weapon slots: 3 × Light Turret = 3 slots "
        "(the '3 Light Turrets' bundle is for Frigate, Capital Ship only)."
    ]


def test_single_defense_turret_takes_a_slot(rs: Ruleset) -> None:
    report = check(rs, ship("Cap", "Capital Ship", "Defense Turret", "Defense Turret", "Defense Turret",
                            "Beam", "Beam", "Beam"))
    # 3 Defense Turrets = one bundle (1) + 1 single (1); 3 Beams = 3 -> 5 of 4.
    assert errors(report) == [
        "Cap (Capital Ship): uses 5 of 4 weapon slots: 3 × Defense Turret as one '2 Defense Turrets' bundle "
        "+ 1 single = 2 slots; 3 × Beam = 3 slots."
    ]


def test_ability_rules(rs: Ruleset) -> None:
    report = check(rs, ship("Spy", "Capital Ship", "Beam", abilities=("Infiltration",)))
    assert errors(report) == ["Spy (Capital Ship): Infiltration cannot be fitted to a Capital Ship; it fits Frigate."]
    report = check(rs, ship("Twice", "Frigate", "Beam", abilities=("Comm Radar", "CR")))
    assert errors(report) == ["Twice (Frigate): Communication Radar is listed twice; a ship has each ability once."]


def test_boosters_and_cargo_take_no_slot_unless_a_house_rule_says_so(rs: Ruleset) -> None:
    hauler = ship("Hauler", "Frigate", "Heavy Turret", "Light Missiles", abilities=("Boosters", "Cargo Transport"))
    assert check(rs, hauler).legal
    book = tomllib.loads((REPO / "data" / "rulesets" / "lukas.toml").read_text(encoding="utf-8"))
    strict = apply_house_rules("lukas", book, "lukas.toml", {"settings": {"booster_slots": 1}}, "h.toml").ruleset
    report = check(strict, hauler)  # type: ignore[arg-type]
    assert errors(report) == [
        "Hauler (Frigate): uses 3 of 2 weapon slots: Heavy Turret = 1 slot; Light Missiles = 1 slot; "
        "Boosters (a house setting) = 1 slot; Cargo Transport (a house setting) = 0 slots."
    ]


def test_hangar_size_rules(rs: Ruleset) -> None:
    no_size = check(rs, ship("Carrier", "Capital Ship", "Beam", abilities=("Hangar Bay",)))
    assert errors(no_size) == [
        "Carrier (Capital Ship): its Hangar Bay needs a size: e.g. hangar = [4, 2] docks 4 strike craft and 2 frigates."
    ]
    no_bay = check(rs, ship("Carrier", "Capital Ship", "Beam", hangar=(4, 2)))
    assert "no Hangar Bay ability" in errors(no_bay)[0]
    big = check(rs, ship("Carrier", "Capital Ship", "Beam", abilities=("Hangar Bay",), hangar=(6, 2)))
    assert big.legal
    assert [f.message for f in big.findings] == [
        "Carrier (Capital Ship): Hangar Bay 6/2 is bigger than 4/2 (the book's example size; setting “Warn when a "
        "Hangar Bay holds more strike craft / frigates (x/y) than this”)."
    ]
    assert big.findings[0].severity is Severity.WARNING


def test_unknown_names_are_findings_with_choices(rs: Ruleset) -> None:
    report = check(rs, ship("Vindicator", "Carrier", "Missile Launcher"),
                   ship("Odd", "Frigate", "Phaser", abilities=("Cloak",)))
    assert errors(report) == [
        "Vindicator (Carrier): unknown class 'Carrier'; choose one of: Strike Craft, Frigate, Capital Ship.",
        "Odd (Frigate): unknown weapon 'Phaser'; choose one of: Autogun, Light Turret, Heavy Turret, Laser, "
        "Defense Turret, Light Missiles, Heavy Missiles, Melee, Bombs, Beam.",
        "Odd (Frigate): unknown ability 'Cloak'; choose one of: Field Defense, Hangar Bay, Infiltration, "
        "Communication Radar, Cargo Transport, Boosters.",
    ]


def test_devices_armor_and_duplicate_names(rs: Ruleset) -> None:
    report = check(rs, ship("A", "Frigate", "Beam", armor=0, devices=("Flares",)), ship("A", "Frigate", "Beam"))
    assert errors(report) == [
        "A (Frigate): armor must be 1 or more; a ship at 0 armor is destroyed.",
        "A (Frigate): lukas has no devices ('Flares'); list special abilities under abilities.",
        "2 ships are named 'A'; give each ship its own name.",
    ]


def test_frigate_warfare_preset(rs: Ruleset) -> None:
    report = check(rs, ship("Big", "Capital Ship", "Beam"), ship("Bull", "Frigate", "Beam"), preset="frigate_warfare")
    assert errors(report) == ["Big (Capital Ship): Frigate Warfare allows only Frigate; this ship is a Capital Ship."]


def test_unknown_preset_is_reported(rs: Ruleset) -> None:
    report = check(rs, ship("Bull", "Frigate", "Beam"), preset="skirmish")
    assert errors(report) == [
        "unknown preset 'skirmish' for lukas; choose one of: standard, frigate_warfare; checking as standard."
    ]


def test_permissive_roster_still_reports_errors(rs: Ruleset) -> None:
    roster = Roster(ruleset="lukas", permissive=True, ships=(ship("Guard", "Frigate", "Defense Turret"),))
    report = validate(roster, rs)
    assert not report.legal and any("Permissive" in n for n in report.notes)


def test_sheets_carry_lego_denotations_and_no_cost(rs: Ruleset) -> None:
    report = check(rs, ship("Scout", "Frigate", "Beam", abilities=("Communication Radar",)))
    sheet = report.sheets[0]
    assert sheet.cost is None and report.cost is None and report.cap is None
    assert sheet.denotations == (
        "stand 3x3 or 4x4 studs; model at most 4x2x8 studs",
        "Beam: Technic half-pin",
        "Communication Radar: red clip on the stand; big antennae optional",
    )


def test_no_weapon_ship_note(rs: Ruleset) -> None:
    report = check(rs, ship("Barge", "Frigate", abilities=("Cargo Transport",)))
    assert report.legal and any("Barge has no weapons" in n for n in report.notes)


# -- samples, starter, loadout editor ---------------------------------------------------------


def test_there_are_opposing_and_frigate_warfare_samples() -> None:
    names = {p.stem for p in SAMPLES}
    assert {"kassarian_strike_group", "rakanda_home_fleet", "frigate_warfare_kassarian", "frigate_warfare_rakanda"} <= names


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_every_sample_fleet_is_legal(rs: Ruleset, path: Path) -> None:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert data["schema_version"] == 1 and data["ruleset"] == "lukas"
    roster = Roster.model_validate(data)
    report = validate_roster(roster, rs)
    assert report.legal, errors(report)
    assert [f for f in report.findings if f.severity is Severity.WARNING] == []
    classes = {s.ship_class for s in report.sheets}
    if roster.preset == "frigate_warfare":
        assert classes == {"Frigate"}
    else:
        assert classes == {"Strike Craft", "Frigate", "Capital Ship"}


def test_samples_use_the_book_examples(rs: Ruleset) -> None:
    ships = {s.name: s for p in SAMPLES for s in Roster.model_validate(tomllib.loads(p.read_text("utf-8"))).ships}
    bull, destroyer = ships["Raging Bull"], ships["Rakanda Destroyer"]
    assert (bull.armor, bull.speed, bull.weapons) == (25, 14, ("Light Missiles", "Heavy Turret"))
    assert (destroyer.armor, destroyer.speed, destroyer.hangar) == (45, 10, (4, 2))
    assert destroyer.weapons == ("Beam", "Heavy Missiles", "Heavy Missiles")


@pytest.mark.parametrize("preset", [None, "standard", "frigate_warfare", "Frigate Warfare"])
def test_starter_roster_is_legal(rs: Ruleset, preset: str | None) -> None:
    roster = starter_roster(rs, preset)
    report = validate_roster(roster, rs)
    assert report.legal and roster.ruleset == "lukas" and roster.ships
    assert roster.preset in ("standard", "frigate_warfare")


def test_starter_roster_unknown_preset(rs: Ruleset) -> None:
    with pytest.raises(UnknownName, match="choose one of: standard, frigate_warfare"):
        starter_roster(rs, "skirmish")


def test_offered_loadout_for_a_frigate(rs: Ruleset) -> None:
    offer = offered_loadout(rs, "Frig")
    weapons = {name: (ok, why) for name, ok, why in offer["weapons"]}
    assert len(weapons) == 10 and offer["devices"] == []
    assert weapons["Heavy Turret"] == (True, "")
    assert weapons["Bombs"] == (False, "a Frigate cannot mount it; it fits Strike Craft")
    abilities = {name: (ok, why) for name, ok, why in offer["abilities"]}
    assert abilities["Hangar Bay"] == (False, "a Frigate cannot take it; it fits Capital Ship")
    assert abilities["Infiltration"] == (True, "")


def test_offered_loadout_unknown_class(rs: Ruleset) -> None:
    with pytest.raises(UnknownName, match="unknown class 'Carrier'"):
        offered_loadout(rs, "Carrier")

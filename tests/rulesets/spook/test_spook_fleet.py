"""spook fleet building: RU cost, designations, slots, the Campaign's free hull, sample fleets."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from mstracker.fleet import Roster, Severity, ShipEntry, validate_roster
from mstracker.rulesets.spook.fleet import offered_loadout, starter_roster
from mstracker.paths import shipped_data_dir
from mstracker.rules import apply_house_rules
from mstracker.rules.names import UnknownName
from mstracker.rulesets.spook.model import Ruleset

SAMPLES = sorted((shipped_data_dir() / "fleets" / "spook").glob("*.toml"))


def ship(name: str, cls: str, weapons: tuple[str, ...] = (), devices: tuple[str, ...] = (), **kw) -> ShipEntry:
    return ShipEntry(name=name, ship_class=cls, weapons=weapons, devices=devices, **kw)


def roster(*ships: ShipEntry, preset: str | None = "scrimmage", **kw) -> Roster:
    return Roster(ruleset="spook", name="Test", preset=preset, ships=ships, **kw)


CARRIER = ship("Vindicator", "Carrier", ("Mass Driver Turret",))
FIGHTERS = tuple(ship(f"Wing {i}", "Fighter", ("Mass Driver",)) for i in range(7))


def messages(report, severity: Severity | None = None) -> list[str]:
    return [f.message for f in report.findings if severity is None or f.severity is severity]


# -- RULES.md A7 builder cases ------------------------------------------------------------------


def test_t_spk_1_scrimmage_cap_and_missing_carrier_is_a_warning(rs: Ruleset) -> None:
    report = validate_roster(roster(*FIGHTERS, ship("Scout", "Probe", devices=("Sensor Jammer",))), rs)
    assert report.cap == 850 and report.legal
    assert messages(report, Severity.WARNING) == [
        "A Scrimmage fleet is meant to buy a Carrier as its base (repair, retire and build); this fleet has none."]
    with_carrier = validate_roster(roster(CARRIER, *FIGHTERS), rs)
    assert with_carrier.findings == ()
    assert with_carrier.sheets[0].cost == 110  # Carrier hull 100 + Mass Driver Turret 10
    assert with_carrier.cost == 110 + 7 * 12 and with_carrier.left == 850 - 194


def test_missing_carrier_setting_error_and_off() -> None:
    data = tomllib.loads((shipped_data_dir() / "rulesets" / "spook.toml").read_text(encoding="utf-8"))
    fleet = roster(*FIGHTERS, ship("Scout", "Probe"))
    for mode, legal, count in (("error", False, 1), ("off", True, 0)):
        hr = apply_house_rules("spook", data, "spook.toml", {"settings": {"scrimmage_requires_carrier": mode}}, "h")
        report = validate_roster(fleet, hr.ruleset)
        assert report.legal is legal
        assert sum("Carrier as its base" in m for m in messages(report)) == count


def test_t_spk_2_campaign_free_mothership_pays_only_its_gear(rs: Ruleset) -> None:
    mothership = ship("Home", "Mothership", ("Ion Beam",) * 6, ("Flare Launcher", "Defense Field"), free=True)
    report = validate_roster(roster(mothership, preset="campaign"), rs)
    assert report.legal, messages(report)
    assert report.sheets[0].cost == 6 * 35 + 20 + 10  # hull 0; weapons 210; devices full price
    assert report.cap == 2000


def test_t_spk_15_laser_pulse_turret_on_a_frigate_is_refused(rs: Ruleset) -> None:
    report = validate_roster(roster(CARRIER, ship("Skiff", "Frigate", ("Laser Pulse Turret",))), rs)
    assert not report.legal
    assert messages(report, Severity.ERROR) == [
        "Skiff (Frigate): Laser Pulse Turret cannot be mounted on a Frigate; "
        "it fits Mothership, Base Station, Carrier, Destroyer, Battlecruiser."]
    assert report.errors[0].ship == "Skiff"


def test_t_spk_16_missile_launcher_on_a_carrier_is_refused(rs: Ruleset) -> None:
    report = validate_roster(roster(ship("Vindicator", "Carrier", ("Missile Launcher",))), rs)
    assert messages(report, Severity.ERROR) == [
        "Vindicator (Carrier): Missile Launcher cannot be mounted on a Carrier; it fits Mothership, Base Station, "
        "Frigate, Infiltrator Frigate, Mine Layer Frigate, Destroyer, Battlecruiser."]


# -- slots, duplicates, abilities, stats ---------------------------------------------------------


def test_too_many_weapons_and_devices(rs: Ruleset) -> None:
    frigate = ship("Skiff", "Frigate", ("Mass Driver Turret",) * 3, ("Afterburner", "Flare Launcher"))
    report = validate_roster(roster(CARRIER, frigate), rs)
    assert "Skiff (Frigate): a Frigate has 2 weapon slots; 3 weapons are listed." in messages(report)
    assert "Skiff (Frigate): a Frigate has 1 device slot; 2 devices are listed." in messages(report)
    sheet = report.sheets[1]
    assert [(s.kind, s.used, s.available) for s in sheet.slots] == [("weapons", 3, 2), ("devices", 2, 1)]


def test_unarmed_hulls_have_no_weapon_slots(rs: Ruleset) -> None:
    report = validate_roster(roster(CARRIER, ship("Mule", "Transport", ("Mass Driver Turret",))), rs)
    assert [f.message for f in report.findings if f.ship == "Mule"] == [
        "Mule (Transport): a Transport has no weapon slots; 1 weapon is listed."]


def test_duplicate_devices_warn_except_flares(rs: Ruleset) -> None:
    twin_jam = ship("Jammer", "Battlecruiser", devices=("Sensor Jammer", "Sensor Jammer"))
    twin_flare = ship("Flarer", "Battlecruiser", devices=("Flare Launcher", "Flare Launcher"))
    report = validate_roster(roster(CARRIER, twin_jam, twin_flare), rs)
    assert report.legal
    assert [f.message for f in report.findings if f.ship] == [
        "Jammer (Battlecruiser): 2 Sensor Jammers work no better than one (only Flare Launchers add up)."]


def test_unknown_class_and_weapon_are_errors_with_choices(rs: Ruleset) -> None:
    report = validate_roster(roster(CARRIER, ship("X", "Dreadnought"), ship("Y", "Frigate", ("Phaser",))), rs)
    errors = messages(report, Severity.ERROR)
    assert errors[0].startswith("X (Dreadnought): unknown ship class 'Dreadnought'; choose one of: Mothership,")
    assert errors[1].startswith("Y (Frigate): unknown weapon 'Phaser'; choose one of: Mass Driver,")
    assert report.sheets[1].cost is None


def test_names_and_codes_are_accepted(rs: Ruleset) -> None:
    report = validate_roster(roster(ship("Vindicator", "E1", ("C1", "c2"), ("B1",)), *FIGHTERS), rs)
    assert report.legal and report.sheets[0].ship_class == "Carrier"
    assert report.sheets[0].cost == 100 + 10 + 10 + 20


def test_abilities_come_with_the_hull(rs: Ruleset) -> None:
    ok = ship("Sower", "Mine Layer Frigate", abilities=("Mine Deployment", "Scuttle"))
    bad = ship("Spy", "Frigate", abilities=("Infiltrate",))
    report = validate_roster(roster(CARRIER, ok, bad), rs)
    assert messages(report, Severity.ERROR) == [
        "Spy (Frigate): Infiltrate is not an ability of a Frigate; abilities come with the hull "
        "(a Frigate has Scuttle, Ramming)."]


def test_armor_and_speed_come_from_the_class(rs: Ruleset) -> None:
    report = validate_roster(roster(CARRIER, ship("Tank", "Frigate", armor=300), ship("Twin", "Frigate", armor=200)),
                             rs)
    assert messages(report, Severity.ERROR) == [
        "Tank (Frigate): armor comes from the class (200), not 300; remove it."]


def test_duplicate_names_are_errors(rs: Ruleset) -> None:
    report = validate_roster(roster(CARRIER, ship("Vindicator", "Fighter", ("Mass Driver",))), rs)
    assert "2 ships are named 'Vindicator'; give each ship its own name." in messages(report, Severity.ERROR)


def test_over_cap_is_an_error_and_left_is_shown(rs: Ruleset) -> None:
    cruisers = tuple(ship(f"BC {i}", "Battlecruiser", ("Heavy Railgun",) * 4) for i in range(2))  # 2 x 360
    report = validate_roster(roster(CARRIER, *cruisers), rs)
    assert report.cost == 110 + 720 and report.legal
    assert report.left == 20 and report.notes[0].startswith("20 RU left")
    over = validate_roster(roster(CARRIER, *cruisers, ship("Extra", "Fighter", ("Mass Driver",)),
                                  ship("Extra 2", "Fighter", ("Mass Driver",))), rs)
    assert "The fleet costs 854 RU, 4 over the 850 RU cap." in messages(over, Severity.ERROR)
    assert over.left == -4


def test_permissive_rosters_still_report_errors(rs: Ruleset) -> None:
    report = validate_roster(roster(ship("Vindicator", "Carrier", ("Ion Beam",)), permissive=True), rs)
    assert not report.legal
    assert "Non-standard: the players agreed to use this roster despite its errors." in report.notes


# -- presets and the free hull -----------------------------------------------------------------


def test_campaign_needs_exactly_one_free_mothership_or_base(rs: Ruleset) -> None:
    none = validate_roster(roster(CARRIER, preset="campaign"), rs)
    assert "The Campaign starts with one free Mothership or Base Station; add one with free = true." in messages(none)
    two = validate_roster(roster(ship("Home", "Mothership", free=True), ship("Rock", "Base Station", free=True),
                                 preset="campaign"), rs)
    assert "Rock (Base Station): a second free hull; the Campaign gives only 1." in messages(two, Severity.ERROR)
    wrong = validate_roster(roster(ship("Home", "Mothership", free=True), ship("Cheap", "Carrier", free=True),
                                   preset="campaign"), rs)
    assert ("Cheap (Carrier): only a Mothership or Base Station can be the free hull; set free = false."
            in messages(wrong, Severity.ERROR))
    assert wrong.sheets[1].cost == 100, "an invalid free hull is still charged"


def test_mothership_cannot_be_bought(rs: Ruleset) -> None:
    report = validate_roster(roster(CARRIER, ship("Home", "Mothership")), rs)
    assert "Home (Mothership): a Mothership cannot be bought (RUs N/A); it is not for sale." in messages(report)
    campaign = validate_roster(roster(ship("Home", "Mothership", free=True), ship("Home 2", "Mothership"),
                                      preset="campaign"), rs)
    assert ("Home 2 (Mothership): a Mothership cannot be bought (RUs N/A); the Campaign gives one free "
            "Mothership or Base Station (set free = true).") in messages(campaign)


def test_scrimmage_gives_no_free_hull(rs: Ruleset) -> None:
    report = validate_roster(roster(ship("Cheap", "Carrier", free=True)), rs)
    assert "Cheap (Carrier): the Scrimmage gives no free hull; set free = false and pay its 100 RU." in messages(report)


def test_campaign_cap_outside_the_agreed_range_warns(rs: Ruleset) -> None:
    home = ship("Home", "Mothership", free=True)
    assert validate_roster(roster(home, preset="campaign", cap=2500), rs).findings == ()
    report = validate_roster(roster(home, preset="campaign", cap=3000), rs)
    assert report.cap == 3000
    assert messages(report, Severity.WARNING) == [
        "The Campaign cap is agreed between 2000 and 2500 RU; this roster uses 3000."]


def test_custom_and_unknown_presets(rs: Ruleset) -> None:
    custom = validate_roster(roster(CARRIER, preset="custom", cap=500), rs)
    assert custom.legal and custom.cap == 500 and custom.findings == ()
    no_cap = validate_roster(roster(CARRIER, preset=None), rs)
    assert no_cap.cap is None and no_cap.notes[0].startswith("No cap agreed")
    unknown = validate_roster(roster(CARRIER, preset="epic"), rs)
    assert messages(unknown)[0] == "unknown budget preset 'epic'; choose one of: scrimmage, campaign, custom."


def test_scrimmage_fleet_size_is_a_suggestion(rs: Ruleset) -> None:
    report = validate_roster(roster(CARRIER), rs)
    assert report.legal
    assert "A Scrimmage fleet is usually 8-10 ships; this one has 1." in messages(report, Severity.WARNING)


# -- sheets, starters, loadout editor, samples ----------------------------------------------------


def test_sheet_lists_lego_denotations(rs: Ruleset) -> None:
    sower = ship("Sower", "Mine Layer Frigate", ("Missile Launcher", "Mass Driver Turret"))
    report = validate_roster(roster(CARRIER, sower, ship("Wasps", "Fighter", ("Mass Driver",))), rs)
    lego = report.sheets[1].denotations
    assert lego[0].startswith("Missile Launcher: ") and lego[1] == "Mass Driver Turret: a pair of binoculars"
    assert any(d.startswith("Mine Layer: ") for d in lego)
    assert "one token = a squadron of 4" in report.sheets[2].denotations


@pytest.mark.parametrize("preset", [None, "scrimmage", "campaign", "custom", "Campaign"])
def test_starter_rosters_are_legal(rs: Ruleset, preset: str | None) -> None:
    start = starter_roster(rs, preset)
    report = validate_roster(start, rs)
    assert report.legal, messages(report)
    assert not report.errors
    if preset in (None, "scrimmage"):
        assert report.findings == () and len(start.ships) == 8
        assert any(s.ship_class == "Carrier" for s in start.ships)
    if preset and preset.lower() == "campaign":
        assert sum(s.free for s in start.ships) == 1


def test_starter_roster_unknown_preset(rs: Ruleset) -> None:
    with pytest.raises(UnknownName, match="choose one of: scrimmage, campaign, custom"):
        starter_roster(rs, "epic")


def test_offered_loadout_for_a_carrier(rs: Ruleset) -> None:
    offer = offered_loadout(rs, "Carrier")
    assert set(offer) == {"weapons", "devices", "abilities"}
    weapons = {name: (ok, why) for name, ok, why in offer["weapons"]}
    assert len(weapons) == 19
    assert {n for n, (ok, _) in weapons.items() if ok} == {
        "Mass Driver Turret", "Point Defense Laser Turret", "Laser Pulse Turret"}
    assert weapons["Missile Launcher"][1].startswith("not designated for a Carrier; it fits Mothership")
    assert all(ok for _, ok, _ in offer["devices"])
    abilities = {name: (ok, why) for name, ok, why in offer["abilities"]}
    assert not any(ok for ok, _ in abilities.values())  # a hull's abilities come with it: nothing to mount
    assert {n for n, (_, why) in abilities.items() if why.startswith("part of the Carrier hull")} == {
        "Retire B", "Repair B", "Build B", "Scuttle", "Ramming"}
    assert abilities["Infiltrate"] == (False, "abilities come with the hull; Infiltrate comes with Infiltrator Frigate")


def test_offered_loadout_for_hulls_without_slots(rs: Ruleset) -> None:
    probe = offered_loadout(rs, "B1")
    assert all(not ok and why == "a Probe has no weapon slots" for _, ok, why in probe["weapons"])
    assert {n for n, ok, _ in probe["devices"] if ok} == {
        "Defense Field", "EMP Generator", "Sensor Jammer", "Gravity Well Generator"}
    with pytest.raises(UnknownName):
        offered_loadout(rs, "Dreadnought")


def test_there_are_scrimmage_and_campaign_pairs() -> None:
    names = {p.name for p in SAMPLES}
    assert {"scrimmage-red.toml", "scrimmage-blue.toml", "campaign-red.toml", "campaign-blue.toml"} <= names


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_sample_fleets_are_legal(rs: Ruleset, path: Path) -> None:
    fleet = Roster.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))
    assert fleet.schema_version == 1 and fleet.ruleset == "spook" and fleet.player
    report = validate_roster(fleet, rs)
    assert report.legal, messages(report)
    assert report.findings == (), messages(report)
    assert report.cost is not None and report.cap is not None and report.cost <= report.cap
    classes = [s.ship_class for s in fleet.ships]
    if fleet.preset == "scrimmage":
        assert report.cap == 850 and 8 <= len(fleet.ships) <= 10
        assert any(s.ship_class == "Carrier" and not s.free for s in fleet.ships)
    else:
        assert fleet.preset == "campaign" and report.cap == 2000 and 20 <= len(fleet.ships) <= 25
        free = [s for s in fleet.ships if s.free]
        assert len(free) == 1 and free[0].ship_class in ("Mothership", "Base Station")
    assert len(set(classes)) >= 6

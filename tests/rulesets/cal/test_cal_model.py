"""cal.toml: every number of the book is there, validates, and carries its marks."""

from __future__ import annotations

import re
import tomllib
from typing import Any

import pytest

from mstracker.paths import shipped_data_dir
from mstracker.rules import apply_house_rules
from mstracker.rules.base import Provenance, dice_range
from mstracker.rulesets.cal.model import BAY_FIELDS, CAPITAL, ESCORT, Ruleset, ShipClass
from mstracker.rules.names import UnknownName, find_entry
from ruleset_data import build_refusal


def raw() -> dict[str, Any]:
    return tomllib.loads((shipped_data_dir() / "rulesets" / "cal.toml").read_text(encoding="utf-8"))


# Sample Ships, as the book prints them: code, type, SS, beam, projectile, point, torpedoes,
# assault, fighter, fighter/bomber bays.
STOCK = {
    "Corvette": ("K", ESCORT, 20, "4/6", "2/8", 2, 0, 1, 0, 0),
    "Point Defense Frigate": ("FFAA", ESCORT, 30, "2/6", None, 4, 0, 0, 0, 0),
    "Assault Frigate": ("FFA", ESCORT, 40, None, None, 2, 0, 4, 0, 0),
    "Destroyer": ("DD", ESCORT, 35, "4/6", None, 2, 4, 0, 0, 0),
    "Escort Carrier": ("CVE", ESCORT, 25, None, None, 2, 0, 0, 0, 2),
    "Light Cruiser": ("CL", CAPITAL, 50, "4/8", None, 1, 0, 0, 0, 0),
    "Heavy Cruiser": ("CA", CAPITAL, 60, "8/8", None, 0, 2, 1, 0, 0),
    "Battleship": ("BB", CAPITAL, 80, None, "10/12", 0, 0, 0, 2, 0),
    "Dreadnought": ("BBD", CAPITAL, 100, "6/8", "8/12", 4, 0, 0, 0, 2),
    "Carrier": ("CV", CAPITAL, 80, None, None, 4, 0, 0, 0, 6),
    "Passenger Liner": ("NEP", ESCORT, 4, None, None, 0, 0, 0, 0, 0),
    "Bulk Freighter": ("NCF", CAPITAL, 6, None, None, 0, 0, 0, 0, 0),
}


def test_counts_match_the_book(cal: Ruleset) -> None:
    assert len(cal.classes) == 12
    assert sum(c.noncombatant for c in cal.classes.values()) == 2
    assert len(cal.ordnance) == 5
    assert set(cal.tables) == {"minor", "major", "boarder"}
    assert (cal.tables["minor"].dice, cal.tables["major"].dice, cal.tables["boarder"].dice) == ("2d6", "2d6", "d6")
    assert len(cal.tables["minor"].rows) == 6 and len(cal.tables["major"].rows) == 6
    assert len(cal.tables["boarder"].rows) == 3
    assert len(cal.effects) == 15
    assert [p.id for p in cal.phases] == ["interphase", "ordnance", "gunnery", "damage", "movement"]
    assert len(cal.phases[0].steps) == 7
    assert cal.budgets == {}


@pytest.mark.parametrize("name", list(STOCK))
def test_stock_ship_stats(cal: Ruleset, name: str) -> None:
    code, kind, ss, beam, projectile, point, torpedoes, assault, fighter, fb = STOCK[name]
    ship = cal.classes[name]
    assert (ship.code, ship.type, ship.ss, ship.point, ship.torpedoes) == (code, kind, ss, point, torpedoes)
    assert (str(ship.beam) if ship.beam else None) == beam
    assert (str(ship.projectile) if ship.projectile else None) == projectile
    assert (ship.assault_bay, ship.fighter_bay, ship.fb_bay, ship.bomber_bay) == (assault, fighter, fb, 0)
    assert ship.cc == 2 * (fighter + fb) == cal.class_cc(ship)
    assert ship.noncombatant == (name in ("Passenger Liner", "Bulk Freighter"))
    assert ship.source.startswith("Sample Ships")
    # cal §Command & Control: "Ships that have fighter or bomber bays contribute two points of C&C per bay";
    # that a fighter/bomber bay counts the same is inferred.
    assert ship.provenance("cc") is (Provenance.INFERRED if ship.fb_bay else Provenance.TEXT)


def test_ordnance_stats(cal: Ruleset) -> None:
    o = cal.ordnance
    assert (o["Torpedo"].damage, o["Torpedo"].ata, o["Torpedo"].movement) == (10, 0, None)
    assert (o["Fighter"].movement, o["Fighter"].ata, o["Fighter"].atg) == (8, 4, None)
    assert (o["Bomber"].movement, o["Bomber"].ata, o["Bomber"].atg) == (6, 0, 6)
    assert (o["Fighter/Bomber"].movement, o["Fighter/Bomber"].ata, o["Fighter/Bomber"].atg) == (8, 3, 3)
    assert o["Fighter/Bomber"].optional
    assert (o["Assault Craft"].movement, o["Assault Craft"].boarders, o["Assault Craft"].lifetime) == (4, 1, 1)
    assert {n for n, k in o.items() if k.track == "T/A"} == {"Torpedo", "Assault Craft"}
    assert {n for n, k in o.items() if k.cc} == {"Fighter", "Bomber", "Fighter/Bomber"}
    for kind in o.values():
        assert set(kind.bays) <= set(BAY_FIELDS)
    for ship in cal.classes.values():  # no costs in the book; the optional points stay unset
        assert ship.points is None and ship.ss > 0


def test_targeting_rate_course_and_tracks(cal: Ruleset) -> None:
    esc, cap = cal.targeting[ESCORT], cal.targeting[CAPITAL]
    assert (esc.beam_short, esc.beam_long, esc.projectile_short, esc.projectile_long) == (4, 4, 4, 5)
    assert (cap.beam_short, cap.beam_long, cap.projectile_short, cap.projectile_long) == (3, 3, 3, 4)
    assert esc.provenance("projectile_long") is Provenance.INFERRED
    assert (cal.rate_of_fire[ESCORT].shots, cal.rate_of_fire[CAPITAL].shots) == (1, 2)
    assert (cal.course[ESCORT].mp, cal.course[CAPITAL].mp, cal.general.engines_damaged_mp) == (3, 2, 1)
    assert (cal.course[ESCORT].hard_turn_damage, cal.course[CAPITAL].hard_turn_damage) == (0, 1)
    for kind in ("F/B", "T/A", "FTL"):
        delay = cal.ready_delay[kind]
        assert [delay.for_square(s) for s in range(-2, 3)] == [5, 4, 3, 2, 1]
        assert delay.provenance("zero") is Provenance.HOUSE_DEFAULT
    g = cal.general
    assert (g.start_distance, g.pd_range, g.cc_per_bay, g.ram_crew_bonus, g.torpedo_course_mp) == (10, 2, 2, 2, 3)
    assert (g.track_min, g.track_max, g.crew_start, g.sensors_offline_range, g.grid_size) == (-2, 2, 0, 1, 40)


def test_tables_cover_their_dice_and_name_effects(cal: Ruleset) -> None:
    for table in cal.tables.values():
        faces = sorted(f for row in table.rows for f in row.faces)
        assert faces == list(dice_range(table.dice))
        for row in table.rows:
            effect = cal.effect(row.result)
            assert effect.table == next(k for k, t in cal.tables.items() if t is table)
    minor, major, boarder = cal.tables["minor"], cal.tables["major"], cal.tables["boarder"]
    assert minor.lookup(7).result == "sparks_and_smoke" and minor.lookup(6).result == "fire"
    assert minor.lookup(2).result == minor.lookup(12).result == "chain_reaction"
    assert major.lookup(9).result == "engines_offline" and major.lookup(2).result == "reactor_breach"
    assert [boarder.lookup(f).result for f in range(1, 7)] == ["skirmish"] * 2 + ["set_fire"] * 2 + ["demolition_charges"] * 2
    assert cal.effects["Chain Reaction"].then_roll == "major"
    assert cal.effects["Demolition Charges"].then_roll == "minor"
    assert cal.effects["Life Support Failure"].crew == -2 and cal.effects["Life Support Failure"].crew_permanent
    assert all(e.fire == 1 for e in cal.effects.values() if e.table == "major" and not e.destroyed)


def test_settings_cover_every_rules_key(cal: Ruleset) -> None:
    for key in ("threshold", "fire_damage_timing", "fire_roll_target", "pd_target", "intercept_zero_ata_roll",
                "ram_consent", "course_rule2", "breach_blast", "immediate_damage_own_roll",
                "capital_breach_clears_ordnance_radius", "gunnery_order", "ftl_effects", "budget_mode"):
        assert key in cal.settings, key
    assert cal.setting("threshold") == "ceil" and cal.setting("course_rule2") == "vector"
    assert cal.setting("fire_damage_timing") == "damage_phase" and cal.setting("ram_consent") == "either"
    assert cal.settings["threshold"].status is Provenance.INFERRED
    assert cal.settings["pd_target"].status is Provenance.HOUSE_DEFAULT


def test_names_resolve_by_name_and_code(cal: Ruleset) -> None:
    assert find_entry(cal.classes, "dd")[0] == "Destroyer"
    assert find_entry(cal.classes, "heavy cruiser")[0] == "Heavy Cruiser"
    with pytest.raises(UnknownName, match="choose one of: Corvette"):
        find_entry(cal.classes, "Frigate", "class")


def test_battery_accepts_the_books_notation_and_type_is_normalised() -> None:
    ship = ShipClass.model_validate({"source": "x", "type": "capital", "ss": 10, "beam": "6/8"})
    assert ship.type == CAPITAL and ship.beam is not None and (ship.beam.strength, ship.beam.range) == (6, 8)


def test_broken_data_names_file_entry_and_field() -> None:
    message = build_refusal("cal", ("classes", "Corvette", "beam", "range"), "far")
    assert message == 'cal.toml: classes.Corvette.beam.range: expected an integer, got "far"'
    message = build_refusal("cal", ("classes", "Corvette", "type"), "Frigate")
    assert re.search(r"cal.toml: classes.Corvette.type: expected Escort or Capital Ship", message)


def test_table_rows_must_name_effects_and_never_loop() -> None:
    assert re.search("not the code of an effect", build_refusal("cal", ("tables", "minor", "rows", 0, "result"), "sparkz"))
    assert re.search("loop", build_refusal("cal", ("effects", "Engines Damaged", "then_roll"), "minor"))


def test_house_rules_change_values_and_settings() -> None:
    loaded = apply_house_rules(
        "cal", raw(), "cal.toml",
        {"settings": {"threshold": "strict"}, "effects": {"Sparks and Smoke": {"crew": -2}}}, "house.toml",
    )
    assert loaded.house_rule_error is None
    assert loaded.ruleset.setting("threshold") == "strict"
    assert isinstance(loaded.ruleset, Ruleset) and loaded.ruleset.effects["Sparks and Smoke"].crew == -2
    bad = apply_house_rules("cal", raw(), "cal.toml", {"settings": {"course_rule2": "sideways"}}, "house.toml")
    assert bad.house_rule_error is not None and "course_rule2" in bad.house_rule_error

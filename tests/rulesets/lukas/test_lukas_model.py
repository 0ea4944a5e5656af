"""data/rulesets/lukas.toml against the book (Micro Space Wars by Lukas W.P. v1.8) and RULES.md part B."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

from mstracker.cli import main
from mstracker.dice import Distribution, parse
from mstracker.rules import apply_house_rules
from mstracker.rules.base import Provenance, dice_range
from mstracker.rulesets.lukas.model import Ruleset, read_damage
from ruleset_data import build_refusal

REPO = Path(__file__).resolve().parents[3]
BOOK_FILE = REPO / "data" / "rulesets" / "lukas.toml"


def book_data() -> dict:
    return tomllib.loads(BOOK_FILE.read_text(encoding="utf-8"))


# RULES.md B2.2 (checked against §3.b): type, range, damage, hit S/M/L, classes, LoS.
SC, FR, CS = "Strike Craft", "Frigate", "Capital Ship"
WEAPONS = {
    "Autogun": ("Projectile", 10, "1d6", (4, 3, 3), {SC}, True),
    "Light Turret": ("Projectile Turret", 15, "1d8", (6, 4, 3), {SC, FR, CS}, True),
    "Heavy Turret": ("Projectile Turret", 20, "1d12 -1 (minimum 1)", (6, 3, 3), {FR, CS}, True),
    "Laser": ("Laser", 15, "1d6+1", (6, 3, 3), {SC}, True),
    "Defense Turret": ("Laser Turret", 10, "1d6-1 min. 1", (4, 4, 4), {CS}, True),
    "Light Missiles": ("Missile", 25, "1d6+1", (4, 6, 6), {SC, FR, CS}, False),
    "Heavy Missiles": ("Missile", 34, "1d8+1", (9, 4, 3), {FR, CS}, False),
    "Melee": ("Etc", None, "2d12+2", (13, 3, 2), {FR, CS}, False),
    "Bombs": ("Etc", 8, "2d6", (11, 6, 4), {SC}, True),
    "Beam": ("Laser", None, "2d6+1", (12, 5, 4), {FR, CS}, True),
}


def test_entry_counts_match_the_book(rs: Ruleset) -> None:
    assert len(rs.classes) == 3
    assert len(rs.weapons) == 10
    assert len(rs.abilities) == 6
    assert len(rs.bundles) == 2
    assert set(rs.subsystems) == {"Engines", "Bridge/Sensors", "Weapon"}


def test_meta(rs: Ruleset) -> None:
    m = rs.meta
    assert (m.id, m.version, m.rulebook) == ("lukas", "1.8", "lukas-micro-space-wars-v1.8.txt")
    assert m.dice == ("d6", "d8", "d12") and m.distance_unit == "stud" and m.rounding == "up"


@pytest.mark.parametrize("name", WEAPONS)
def test_weapon_stats_are_the_books(rs: Ruleset, name: str) -> None:
    kind, rng, damage, hit, classes, los = WEAPONS[name]
    w = rs.weapons[name]
    assert (w.type, w.range, w.damage) == (kind, rng, damage)
    assert w.hit == "/".join(map(str, hit))
    assert (w.hit_numbers.small, w.hit_numbers.medium, w.hit_numbers.large) == hit
    assert set(w.classes) == classes
    assert w.los_needed is los
    assert w.source.startswith("§3.b")
    if rng is None:
        assert w.range_text  # Beam "infinite", Melee contact


def test_special_weapon_rules(rs: Ruleset) -> None:
    assert rs.weapons["Beam"].announce_turns == 1
    key, table = rs.subsystem_table("Bombs")
    assert key == "bombs_subsystem" and table.targets == ("Capital Ship",)
    assert all(rs.subsystem_table(n) is None for n in WEAPONS if n != "Bombs")
    assert all(rs.weapons[n].announce_turns == 0 for n in WEAPONS if n != "Beam")
    assert all(w.pieces for w in rs.weapons.values())


def test_classes_slots_sizes_and_appendix_averages(rs: Ruleset) -> None:
    # T-LWP-4: appendix averages SC ~9/~20/1, Frig ~25/~12/2, CapS ~45/~8/3; slots 1/2/4 (§2.a).
    got = {
        n: (c.code, c.size, c.weapon_slots, c.stand, c.max_dimensions, c.rotation_cost,
            c.average_armor, c.average_speed, c.average_weapons)
        for n, c in rs.classes.items()
    }
    assert got == {
        SC: ("SC", "small", 1, "2x2", "2x2x3", 0, 9, 20, 1),
        FR: ("Frig", "medium", 2, "3x3 or 4x4", "4x2x8", 2, 25, 12, 2),
        CS: ("CapS", "large", 4, "4x4", "6x6x20", 2, 45, 8, 3),
    }


def test_abilities(rs: Ruleset) -> None:
    a = rs.abilities
    assert {n: x.type for n, x in a.items()} == {
        "Field Defense": "active", "Hangar Bay": "passive", "Infiltration": "active",
        "Communication Radar": "passive", "Cargo Transport": "passive", "Boosters": "active",
    }
    assert {n: rs.ability_slots(n) for n in a} == {
        "Field Defense": 1, "Hangar Bay": 1, "Infiltration": 1,
        "Communication Radar": 1, "Cargo Transport": 0, "Boosters": 0,
    }
    assert a["Hangar Bay"].classes == (CS,)
    assert a["Infiltration"].classes == (FR,) and a["Infiltration"].range == 4
    assert set(a["Infiltration"].targets) == {CS, FR}
    assert a["Field Defense"].radius == 15 and a["Field Defense"].announce_turns == 1
    cr = a["Communication Radar"]
    assert (cr.code, cr.radius, cr.hit_bonus, cr.damage_bonus) == ("CR", 10, 1, 1)
    assert a["Boosters"].speed_bonus == 10
    for name in ("Field Defense", "Communication Radar", "Cargo Transport", "Boosters"):
        assert set(a[name].classes) == {SC, FR, CS}


def test_bundles_as_data(rs: Ruleset) -> None:
    lt, dt = rs.bundles["3 Light Turrets"], rs.bundles["2 Defense Turrets"]
    assert (lt.weapon, lt.count, lt.slots, set(lt.classes)) == ("Light Turret", 3, 2, {FR, CS})
    assert (dt.weapon, dt.count, dt.slots, dt.classes) == ("Defense Turret", 2, 1, (CS,))


def test_subsystems_and_bombs_table(rs: Ruleset) -> None:
    bridge = rs.subsystems["Bridge/Sensors"]
    assert (bridge.hit_modifier, bridge.damage_modifier) == (-2, -1)
    assert rs.subsystems["Engines"].speed_divisor == 2
    table = rs.tables["bombs_subsystem"]
    assert table.dice == "d8"
    assert [(row.faces, row.result, row.value) for row in table.rows] == [
        ((1, 2), "hull_half", 50),
        ((3, 4, 5), "hull_full", 100),
        ((6, 7, 8), "subsystem_destroyed", 0),
    ]


def test_every_table_covers_its_dice_once(rs: Ruleset) -> None:
    for table in rs.tables.values():
        faces = sorted(f for row in table.rows for f in row.faces)
        assert faces == list(dice_range(table.dice))


def test_references_name_existing_entries(rs: Ruleset) -> None:
    for w in rs.weapons.values():
        assert set(w.classes) <= set(rs.classes)
    for b in rs.bundles.values():
        assert b.weapon in rs.weapons and set(b.classes) <= set(rs.classes)
        assert set(b.classes) <= set(rs.weapons[b.weapon].classes)
    for a in rs.abilities.values():
        assert set(a.classes) <= set(rs.classes) and set(a.targets) <= set(rs.classes)
    for budget in rs.budgets.values():
        assert set(budget.classes) <= set(rs.classes)


def test_no_costs_and_non_negative_numbers(rs: Ruleset) -> None:
    for budget in rs.budgets.values():
        assert budget.cap is None and budget.cap_max is None
    assert all(c.weapon_slots >= 0 for c in rs.classes.values())
    assert all(rs.ability_slots(n) >= 0 for n in rs.abilities)
    assert all(w.range is None or w.range >= 0 for w in rs.weapons.values())


@pytest.mark.parametrize("name", WEAPONS)
def test_damage_reading_matches_the_dice_parser(rs: Ruleset, name: str) -> None:
    """The structured reading of the printed damage gives the same odds as mstracker.dice.parse."""
    dd = rs.weapons[name].damage_dice
    mine = Distribution.dice(dd.count, dd.sides).map(lambda s: max(s + dd.bonus, dd.minimum or s + dd.bonus))
    assert mine == parse(rs.weapons[name].damage).distribution()


def test_read_damage_forms() -> None:
    assert read_damage("1d12 -1 (minimum 1)").minimum == 1
    assert read_damage("1d6-1 min. 1").bonus == -1
    assert read_damage("2d12+2").count == 2
    with pytest.raises(ValueError, match="expected damage dice"):
        read_damage("lots")


def test_presets(rs: Ruleset) -> None:
    assert set(rs.budgets) == {"standard", "frigate_warfare"}
    assert rs.budgets["frigate_warfare"].classes == (FR,)
    assert rs.budgets["frigate_warfare"].name == "Frigate Warfare"


RULES_MD_KEYS = {
    # RULES.md part B: every lwp.* key
    "variant": "standard",
    "budget_mode": "none",
    "hangar_warn": "4/2",
    "booster_slots": 0,
    "cargo_slots": 0,
    "min_damage_all": 0,
    "missile_sets_merge_same_type": False,
    "natural_rules": "none",
    "cr_includes_self": True,
    "cr_stack": False,
    "fd_forgo_on": "activation",
    "docked_die_with_host": True,
}


def test_every_rules_md_key_is_a_setting_with_its_default(rs: Ruleset) -> None:
    for key, value in RULES_MD_KEYS.items():
        assert rs.setting(key) == value, key
    for setting in rs.settings.values():
        assert setting.status in (Provenance.HOUSE_DEFAULT, Provenance.INFERRED)
        assert setting.source and setting.text


def test_marks_for_house_defaults(rs: Ruleset) -> None:
    assert rs.abilities["Cargo Transport"].provenance("slots") is Provenance.HOUSE_DEFAULT
    assert rs.abilities["Boosters"].provenance("slots") is Provenance.HOUSE_DEFAULT
    assert rs.abilities["Boosters"].slots_setting == "booster_slots"
    assert rs.weapons["Defense Turret"].provenance("aliases") is Provenance.HOUSE_DEFAULT
    assert rs.abilities["Infiltration"].provenance("effect") is Provenance.INFERRED
    assert rs.settings["beam_other_weapons_on_announce"].status is Provenance.INFERRED
    steps = {s.id: s for p in rs.phases for s in p.steps}
    assert steps["resolve_infiltration"].inferred


def test_phases_follow_the_turn_checklist(rs: Ruleset) -> None:
    assert [p.id for p in rs.phases] == ["setup", "ship_upkeep", "ship_action", "end_of_turn"]
    upkeep = rs.phases[1]
    assert [s.id for s in upkeep.steps] == [
        "release_docked", "resolve_infiltration", "fd_activate", "fd_expire", "beam_ready",
    ]
    assert all(s.kind.value == "auto" for s in upkeep.steps)
    assert [s.kind.value for s in rs.phases[2].steps] == ["manual"] * 4


def test_house_rule_settings_change_slot_costs() -> None:
    loaded = apply_house_rules("lukas", book_data(), "lukas.toml", {"settings": {"booster_slots": 1}}, "house.toml")
    assert loaded.house_rule_error is None
    assert loaded.ruleset.ability_slots("Boosters") == 1
    assert loaded.ruleset.is_house_rule("settings", "booster_slots")


def test_house_rule_can_edit_a_hit_number() -> None:
    house = {"weapons": {"Melee": {"hit": "12/3/2"}}}
    loaded = apply_house_rules("lukas", book_data(), "lukas.toml", house, "house.toml")
    assert loaded.house_rule_error is None
    assert loaded.ruleset.weapons["Melee"].hit_numbers.small == 12
    assert loaded.ruleset.is_house_rule("weapons", "Melee", "hit")


def test_bad_house_rule_is_reported_and_book_stays() -> None:
    house = {"weapons": {"Laser": {"range": "far"}}}
    loaded = apply_house_rules("lukas", book_data(), "lukas.toml", house, "house.toml")
    assert loaded.house_rule_error == 'house.toml: weapons.Laser.range: expected an integer, got "far"'
    assert loaded.ruleset.weapons["Laser"].range == 15


def test_errors_name_file_entry_and_field() -> None:
    message = build_refusal("lukas", ("weapons", "Heavy Turret", "range"), "far")
    assert message == 'lukas.toml: weapons."Heavy Turret".range: expected an integer, got "far"'


@pytest.mark.parametrize(
    ("field", "value", "match"),
    [
        ("classes", ["Fighter"], r"weapons.\"Laser\".classes: 'Fighter' is not a class"),
        ("damage", "a lot", r'weapons.Laser.damage: expected damage dice'),
        ("hit", "6/3", r"weapons.Laser.hit: expected three hit numbers"),
    ],
    ids=["unknown class reference", "bad damage text", "bad hit text"],
)
def test_bad_laser_data_is_rejected(field: str, value: object, match: str) -> None:
    assert re.search(match, build_refusal("lukas", ("weapons", "Laser", field), value))


def test_rules_show_json_lists_every_section(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "show", "lukas", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    for section in ("classes", "weapons", "bundles", "abilities", "subsystems", "tables", "phases", "settings", "budgets"):
        assert payload[section], section
    assert payload["weapons"]["Heavy Turret"]["hit"] == "6/3/3"


def test_rules_show_renders_the_weapon_table(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["rules", "show", "lukas", "weapons"]) == 0
    out = capsys.readouterr().out
    assert "Heavy Turret" in out and "Beam" in out
